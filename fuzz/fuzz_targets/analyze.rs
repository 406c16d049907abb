//! Fuzz target: `analyze`, rule evaluation and the packs' readings of an analysis (matchers,
//! secret flows, credentials shown, files planted, credentials lost) must never panic, for
//! any input (brush-parser panics, which `analyze` catches, excepted).
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolgate_shell::{
    CommandContext, CommandRuleSet, analyze, credentials_shown, evaluate_packs, loses_credentials,
    planted_files, secret_flows,
};

fuzz_target!(
    init: {
        // libfuzzer-sys's hook aborts on every panic, even brush-parser's known ones that
        // `analyze` catches; this one aborts on every other panic, caught or not.
        toolgate_fuzz::abort_on_panics_outside_known_parsers();
    },
    |data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let a = analyze(s);
        let cx = CommandContext::new(
            Some(std::path::Path::new("/home/user/project")),
            Some(std::path::Path::new("/home/user")),
        );
        let _ = CommandRuleSet::builtin().evaluate(&a, &cx);
        let _ = evaluate_packs(&a, &cx);
        let _ = secret_flows(&a, &cx);
        let _ = credentials_shown(&a, &cx);
        let _ = planted_files(&a, &cx);
        let _ = loses_credentials(&a, &cx);
    }
    }
);
