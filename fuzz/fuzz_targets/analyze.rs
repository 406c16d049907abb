//! Fuzz target: `analyze` and rule evaluation must never panic (parser panics are caught
//! inside `analyze`), for any input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolgate_shell::{CommandContext, CommandRuleSet, analyze};

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let a = analyze(s);
        let cx = CommandContext {
            cwd: Some(std::path::Path::new("/work/project")),
            home: Some(std::path::Path::new("/home/user")),
        };
        let _ = CommandRuleSet::builtin().evaluate(&a, &cx);
    }
});
