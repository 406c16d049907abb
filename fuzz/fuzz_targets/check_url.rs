//! Fuzz target: `EgressPolicy::check_url`. Input: `METHOD\nURL`, or a URL alone. Checked
//! under the built-in default and under a strict allow list; an allow is only ever
//! `matched_allowlist`, and a URL allowed under the strict list is allowed by its patterns.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use toolgate::core::egress::{EgressPolicy, EgressReason};
use toolgate::policy::{Format, PolicySource, load_str};

static STRICT: OnceLock<EgressPolicy> = OnceLock::new();

fuzz_target!(
    init: {
        toolgate_fuzz::abort_on_panics_outside_known_parsers();
        let policy = load_str(
            "network:\n  allow: [api.example.com, \"*.example.org:443\", 10.1.0.0/16, \"[2001:db8::1]\"]\n  deny: [evil.example.org]\n  methods: [GET, POST]\n",
            Format::Yaml,
            PolicySource::Builtin,
        );
        assert!(policy.is_usable());
        let _ = STRICT.set(policy.network.egress.clone());
    },
    |data: &[u8]| {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        let (method, url) = match text.split_once('\n') {
            Some((m, u)) => (Some(m), u),
            None => (None, text),
        };
        let strict = STRICT.get().expect("set in init");
        for policy in [&EgressPolicy::builtin(), strict] {
            let d = policy.check_url(url, method);
            assert_eq!(d.allowed, d.reason == EgressReason::MatchedAllowlist, "{:?}", d.reason);
            if d.reason == EgressReason::PrivateAddress {
                assert!(d.class.is_some(), "a special-purpose deny names its class");
            }
        }
        let d = strict.check_url(url, method);
        if d.allowed {
            let host = d.host.as_deref().unwrap_or("");
            assert!(
                host == "api.example.com"
                    || host.ends_with("example.org")
                    || host.starts_with("10.1.")
                    || host == "[2001:db8::1]",
                "allowed an unlisted host"
            );
        }
    }
);
