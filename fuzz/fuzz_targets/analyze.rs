//! Fuzz target: `analyze` and rule evaluation must never panic (parser panics are caught
//! inside `analyze`), for any input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolgate_shell::{CommandContext, CommandRuleSet, analyze};

fuzz_target!(
    init: {
        // libfuzzer-sys installs a hook that aborts on every panic, even one `analyze`
        // catches (brush-parser's known panics). Restore the default hook: a panic that
        // escapes `analyze` still reaches libfuzzer-sys's own catch and is reported.
        let _ = std::panic::take_hook();
    },
    |data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let a = analyze(s);
        let cx = CommandContext {
            cwd: Some(std::path::Path::new("/work/project")),
            home: Some(std::path::Path::new("/home/user")),
        };
        let _ = CommandRuleSet::builtin().evaluate(&a, &cx);
    }
    }
);
