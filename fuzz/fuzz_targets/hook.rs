//! Fuzz target: the hook's answer for any stdin bytes is exactly one JSON object on one line,
//! with exit code 2 for a deny and 0 otherwise (the contract Claude Code relies on).
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use toolgate::engine::hosts::Agent;
use toolgate::hook::{EXIT_DENY, answer};
use toolgate::policy::environment::ProcessEnvironment;

static ENV: OnceLock<ProcessEnvironment> = OnceLock::new();

fuzz_target!(
    init: {
        toolgate_fuzz::abort_on_panics_outside_known_parsers();
        let _ = ENV.set(toolgate_fuzz::hook_environment());
    },
    |data: &[u8]| {
        let env = ENV.get().expect("set in init");
        // Claude Code's dialect: exactly one JSON object on one line.
        let reply = answer(None, Some(Agent::Claude), data, Ok(env));
        let line = reply.stdout_line();
        assert!(line.ends_with('\n') && !line[..line.len() - 1].contains('\n'));
        let parsed: serde_json::Value = serde_json::from_str(&line).expect("stdout is JSON");
        assert!(parsed.is_object(), "stdout is not one JSON object");
        let decision = parsed["hookSpecificOutput"]["permissionDecision"].as_str();
        match decision {
            Some("deny") => assert_eq!(reply.code, EXIT_DENY),
            Some("allow") | Some("ask") => assert_eq!(reply.code, 0),
            Some(other) => panic!("unknown permission decision {other:?}"),
            None => {
                assert_eq!(reply.code, 0);
                assert_eq!(parsed, serde_json::json!({}), "no decision must be `{{}}`");
            }
        }
        if reply.code == EXIT_DENY {
            assert!(reply.stderr.is_some(), "a deny repeats its reason on stderr");
        }
    }
);
