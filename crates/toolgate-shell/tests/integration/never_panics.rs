//! Property: `analyze` and rule evaluation never panic, and a command that yields no
//! commands and no indeterminate reason matches no rule.

use proptest::prelude::*;
use toolgate_shell::{CommandContext, CommandRuleSet, analyze};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn analyze_never_panics(s in "[a-z $(){}|&;<>'\"`\\\\=~*/.0-9-]{0,64}") {
        let a = analyze(&s);
        let m = CommandRuleSet::builtin().evaluate(&a, &CommandContext::default());
        if a.commands.is_empty() {
            prop_assert!(m.is_empty());
        }
    }

    #[test]
    fn analyze_never_panics_on_shell_syntax(s in "[a-z $(){}|&;<>'\"`\\\\=~*/.,0-9\n\t\r\x00-]{0,96}") {
        let a = analyze(&s);
        let _ = CommandRuleSet::builtin().evaluate(&a, &CommandContext::default());
    }

    /// Deep nesting of any kind finishes on an ordinary 2 MB test thread: it is either
    /// parsed (shallow) or refused before the parser (deep).
    #[test]
    fn deep_nesting_never_overflows(
        openers in proptest::collection::vec(
            proptest::sample::select(vec!["(", "$(", "{ ", "\"$(", "${x:-", "( ", "$(( "]),
            0..400,
        )
    ) {
        let mut s = String::new();
        for o in &openers {
            s.push_str(o);
            s.push_str("a;");
        }
        for o in openers.iter().rev() {
            s.push_str(match *o {
                "{ " | "${x:-" => "}",
                "\"$(" => ")\"",
                "$(( " => "))",
                _ => ")",
            });
        }
        let a = analyze(&s);
        if openers.len() > 100 {
            prop_assert!(a.indeterminate.is_some());
        }
    }

    #[test]
    fn shell_wrapping_keeps_the_inner_commands(cmd in "(ls|rm -rf /|git status|git reset --hard)") {
        let direct = analyze(&cmd);
        let wrapped = analyze(&format!("sudo bash -c '{cmd}'"));
        let inner: Vec<_> = wrapped.commands.iter().skip(1).map(|c| (&c.program, &c.args)).collect();
        let outer: Vec<_> = direct.commands.iter().map(|c| (&c.program, &c.args)).collect();
        prop_assert_eq!(inner, outer);
    }
}
