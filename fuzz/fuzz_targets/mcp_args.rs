//! Fuzz target: the MCP argument reader. Input: a JSON object, read as the arguments of every
//! tool (schema check, then the `policy` argument). A policy argument is either usable or
//! answered with a deny-everything policy, and `validate_policy` agrees with the check.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use toolgate_mcp::args::{
    CheckToolCallArgs, CheckUrlArgs, CheckUrlsBatchArgs, ExplainCommandArgs, ValidatePolicyArgs,
    check_arguments,
};
use toolgate_mcp::policy_arg::{ResolvedPolicy, resolve_policy, validate};

fuzz_target!(
    init: {
        toolgate_fuzz::abort_on_panics_outside_known_parsers();
    },
    |data: &[u8]| {
        let Ok(Value::Object(args)) = serde_json::from_slice::<Value>(data) else {
            return;
        };
        let _ = check_arguments::<CheckUrlsBatchArgs>(args.clone());
        let _ = check_arguments::<CheckToolCallArgs>(args.clone());
        let _ = check_arguments::<ExplainCommandArgs>(args.clone());
        let _ = check_arguments::<ValidatePolicyArgs>(args.clone());
        if let Ok(a) = check_arguments::<CheckUrlArgs>(args) {
            let resolved = resolve_policy(a.policy.as_ref());
            if let Some(policy) = &a.policy {
                let report = validate(policy);
                match &resolved {
                    ResolvedPolicy::Given(p) => {
                        assert!(report.usable, "a usable policy with errors");
                        let _ = p.check_url(&a.url, a.method.as_deref());
                    }
                    ResolvedPolicy::Invalid { policy, .. } => {
                        assert!(!report.usable, "an invalid policy without errors");
                        assert!(!policy.check_url(&a.url, a.method.as_deref()).allowed);
                    }
                    ResolvedPolicy::Server => panic!("a given policy resolved to the server's"),
                }
            }
        }
    }
);
