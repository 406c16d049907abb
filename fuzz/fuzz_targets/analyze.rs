//! Fuzz target: `analyze` and rule evaluation must never panic, for any input (brush-parser
//! panics, which `analyze` catches, excepted).
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolgate_shell::{CommandContext, CommandRuleSet, analyze};

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
    }
    }
);
