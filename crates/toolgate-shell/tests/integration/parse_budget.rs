//! brush-parser's work budget (`vendor/brush-parser`, module `budget`): inputs that make its
//! parsers backtrack without practical end or loop forever stop once their budget is spent,
//! and `analyze` refuses them as too complex; everyday commands and long scripts stay well
//! inside it. None of these inputs finishes without the budget (the loop runs until memory
//! runs out), so a budget that stopped counting shows up as a hang, never as a pass.

use brush_parser::ParserOptions;
use brush_parser::budget::with_budget;
use toolgate_shell::{
    IndeterminateKind, PARSE_WORK_BASE, PARSE_WORK_PER_BYTE, analyze, parse_work_budget,
};

fn budget_for(text: &str) -> u64 {
    parse_work_budget(text.len())
}

#[test]
fn the_budget_is_the_base_plus_an_allowance_per_byte() {
    assert_eq!(parse_work_budget(0), PARSE_WORK_BASE);
    assert_eq!(
        parse_work_budget(1000),
        PARSE_WORK_BASE + 1000 * PARSE_WORK_PER_BYTE
    );
    assert_eq!(
        parse_work_budget(usize::MAX),
        u64::MAX,
        "saturates, never wraps"
    );
}

#[test]
fn the_word_parsers_backtracking_stops_when_the_budget_is_spent() {
    let options = ParserOptions::default();
    // Each `$((a[) b)` is tried as arithmetic to the end of the text before it is read as
    // `$( (a[) b )`: the work doubles with each one (twelve took 1.6 s before the budget).
    let piece = "$((a[) b)";
    let mut steps = Vec::new();
    for n in [4, 6, 8] {
        let text = piece.repeat(n);
        let (parsed, spent) = with_budget(u64::MAX, || brush_parser::word::parse(&text, &options));
        assert!(parsed.is_ok() && !spent.exhausted, "{n}");
        steps.push(spent.steps);
    }
    // The steps count the work that grows: about four times as many for two more pieces.
    assert!(
        steps[1] > 3 * steps[0] && steps[2] > 3 * steps[1],
        "{steps:?}"
    );

    let text = piece.repeat(40);
    let (parsed, spent) = with_budget(budget_for(&text), || {
        brush_parser::word::parse(&text, &options)
    });
    assert!(spent.exhausted);
    assert!(spent.steps <= budget_for(&text));
    assert!(parsed.is_err(), "a parse cut short is an error");
    // Not cached as a result either: the same word under a fresh small budget is refused again.
    let (again, spent) = with_budget(1000, || brush_parser::word::parse(&text, &options));
    assert!(again.is_err() && spent.exhausted);
}

#[test]
fn the_tokenizers_loop_stops_when_the_budget_is_spent() {
    let options = ParserOptions::default();
    // An empty heredoc tag at the very end of the input, its body never begun: brush-parser
    // 0.4's tokenizer matches the empty tag again and again, queueing a token each time (the
    // shell crate's parse_program adds a newline for this; here the parser gets it bare).
    let text = "\"$(()$(())<<\t\t\"\"i)\"\t";
    let (parsed, spent) = with_budget(budget_for(text), || {
        brush_parser::Parser::new(text.as_bytes(), &options).parse_program()
    });
    assert!(spent.exhausted);
    assert!(parsed.is_err());
}

#[test]
fn a_budget_inside_another_is_paid_by_it() {
    let options = ParserOptions::default();
    // brush-parser caches words it parsed, so each word here is one no other test parses.
    let ((inner, outer_after), outer) = with_budget(1_000_000, || {
        let inner = with_budget(500, || {
            brush_parser::word::parse("\"$(echo nested)\"", &options)
        });
        let (_, outer_after) = with_budget(u64::MAX, || ());
        (inner, outer_after)
    });
    let (parsed, inner) = inner;
    assert!(parsed.is_ok() && !inner.exhausted && inner.steps > 0);
    assert!(!outer_after.exhausted);
    assert_eq!(
        outer.steps, inner.steps,
        "the outer budget paid for the inner one"
    );
    // An inner budget never grants more than the outer one has left.
    let ((_, inner), outer) = with_budget(10, || {
        with_budget(1_000_000, || {
            brush_parser::word::parse("\"$(echo capped)\"", &options)
        })
    });
    assert!(inner.exhausted && inner.steps <= 10 && outer.steps <= 10);
    assert!(
        outer.exhausted,
        "the outer budget ran out with the inner one"
    );
    // Outside any budget nothing is counted against later budgets.
    let (_, fresh) = with_budget(100_000, || brush_parser::word::parse("x", &options));
    assert!(!fresh.exhausted);
}

#[test]
fn analyze_refuses_a_command_that_spends_its_budget() {
    // The fuzzer's input (analyze, timeout: over 10 s in the fuzzing build, 0.85 s in release
    // before the budget): it passes the guard, and brush-parser backtracks over its heredocs
    // and runs of quotes.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/too-complex-backtracking.txt"
    ))
    .expect("fixture");
    let a = analyze(&text);
    let i = a.indeterminate.expect("refused");
    assert_eq!(i.kind, IndeterminateKind::TooComplex);
    assert!(
        a.commands.is_empty(),
        "nothing of a parse cut short is reported"
    );
    // The reason is fixed text: nothing of the input in it.
    assert!(!i.reason.contains("rm") && !i.reason.contains("EOF"));
}

#[test]
fn long_everyday_scripts_stay_well_inside_the_budget() {
    let line = |i: usize| {
        format!(
            "for f in \"${{DIR:-.}}\"/*.txt; do [ -f \"$f\" ] && echo \"$((i + {i})) $(basename \"$f\")\" | tee -a log{i}; done\n\
             case \"$1\" in start) run --port {i} ;; *) echo 'usage' >&2 ;; esac\n"
        )
    };
    let script: String = (0..1200).map(line).collect();
    let heredoc = format!(
        "cat > gen.py <<'EOF'\n{}EOF\npython3 gen.py\n",
        (0..2000)
            .map(|i| format!("x{i} = f('$HOME', \"{i}\")  # $(date) ${{x:-y}} $((i+1))\n"))
            .collect::<String>()
    );
    for text in [script, heredoc] {
        assert!(text.len() > 100_000);
        let (a, spent) = with_budget(u64::MAX, || analyze(&text));
        assert!(a.indeterminate.is_none(), "{:?}", a.indeterminate);
        // A tenth of the budget is plenty.
        assert!(
            spent.steps < budget_for(&text) / 10,
            "{} steps",
            spent.steps
        );
    }
}

#[test]
fn the_readme_states_the_budget_the_code_uses() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("README.md");
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let base = PARSE_WORK_BASE.to_string();
    let base = format!("{},{}", &base[..base.len() - 3], &base[base.len() - 3..]);
    let stated = format!("a budget of {base} steps plus {PARSE_WORK_PER_BYTE} per byte");
    assert!(readme.contains(&stated), "README.md should say: {stated}");
}
