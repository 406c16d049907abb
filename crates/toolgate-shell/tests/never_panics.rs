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
    fn shell_wrapping_keeps_the_inner_commands(cmd in "(ls|rm -rf /|git status|git reset --hard)") {
        let direct = analyze(&cmd);
        let wrapped = analyze(&format!("sudo bash -c '{cmd}'"));
        let inner: Vec<_> = wrapped.commands.iter().skip(1).map(|c| (&c.program, &c.args)).collect();
        let outer: Vec<_> = direct.commands.iter().map(|c| (&c.program, &c.args)).collect();
        prop_assert_eq!(inner, outer);
    }
}
