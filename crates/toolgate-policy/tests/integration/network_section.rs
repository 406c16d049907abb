//! The `network:` section: strict reading, positions and hints, warnings, and the compiled
//! egress policy.

use toolgate_core::egress::EgressReason;
use toolgate_policy::network::network_from_json;
use toolgate_policy::{Format, Policy, PolicySource, load_str};

fn yaml(text: &str) -> Policy {
    load_str(text, Format::Yaml, PolicySource::Builtin)
}

fn codes(p: &Policy) -> Vec<&'static str> {
    p.diagnostics.items().iter().map(|d| d.code).collect()
}

fn check(p: &Policy, url: &str) -> EgressReason {
    p.network.egress.check_url(url, None).reason
}

#[test]
fn a_valid_section_compiles() {
    let p = yaml(
        "network:\n  allow: [\"api.openai.com\", \"*.anthropic.com\", \"github.com:443\", \"10.1.0.0/16\"]\n  deny: [\"evil.anthropic.com\"]\n  methods: [GET, POST]\n",
    );
    assert!(p.is_usable(), "{}", p.render_diagnostics());
    assert!(
        p.diagnostics.items().is_empty(),
        "{}",
        p.render_diagnostics()
    );
    assert_eq!(
        check(&p, "https://api.openai.com/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        check(&p, "https://anthropic.com/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        check(&p, "https://evil.anthropic.com/"),
        EgressReason::DenylistMatch
    );
    assert_eq!(
        check(&p, "http://github.com/"),
        EgressReason::PortNotAllowed
    );
    assert_eq!(
        check(&p, "http://10.1.2.3/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        p.network
            .egress
            .check_url("https://api.openai.com/", Some("DELETE"))
            .reason,
        EgressReason::MethodBlocked
    );
}

#[test]
fn no_network_section_keeps_the_builtin() {
    let p = yaml("hook:\n  on_review: deny\n");
    assert_eq!(
        check(&p, "https://example.com/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(check(&p, "http://127.0.0.1/"), EgressReason::PrivateAddress);
}

#[test]
fn section_without_allow_allows_nothing_and_warns() {
    let p = yaml("network:\n  deny: [evil.com]\n");
    assert!(p.is_usable());
    assert!(codes(&p).contains(&"no-allowlist"), "{:?}", codes(&p));
    assert_eq!(check(&p, "https://example.com/"), EgressReason::NoAllowlist);
}

#[test]
fn invalid_pattern_is_an_error_with_position_and_hint() {
    let p = yaml("network:\n  allow:\n    - api.openai.com\n    - https://x.com/\n");
    assert!(!p.is_usable());
    let d = p.diagnostics.errors().next().unwrap();
    assert_eq!(d.code, "invalid-pattern");
    assert_eq!((d.line.line, d.line.column), (4, 7));
    assert!(
        d.hint
            .as_deref()
            .unwrap()
            .contains("write the bare host `x.com`"),
        "{:?}",
        d.hint
    );
    assert!(d.message.contains("network.allow[1]"), "{}", d.message);
    assert_eq!(
        check(&p, "https://api.openai.com/"),
        EgressReason::InvalidPolicy
    );
}

#[test]
fn strict_types_and_keys() {
    for (text, code) in [
        ("network:\n  allow: api.openai.com\n", "wrong-type"),
        ("network:\n  allow: null\n", "wrong-type"),
        ("network:\n  allow: [1]\n", "wrong-type"),
        ("network:\n  Allow: [\"*\"]\n", "unknown-key"),
        (
            "network:\n  allow: [\"*\"]\n  allowlist: [\"x.com\"]\n",
            "unknown-key",
        ),
        (
            "network:\n  allow: [\"*\"]\n  deny: \"evil.com\"\n",
            "wrong-type",
        ),
        (
            "network:\n  allow: [\"*\"]\n  methods: [\"GET \"]\n",
            "invalid-method",
        ),
        (
            "network:\n  allow: [\"*\"]\n  methods: [\"*\"]\n",
            "invalid-method",
        ),
        (
            "network:\n  allow: [\"*\"]\n  schemes: [\"https://\"]\n",
            "invalid-scheme",
        ),
        (
            "network:\n  allow: [\"*\"]\n  deny: [\"*evil.com\"]\n",
            "invalid-pattern",
        ),
        ("network: [\"x.com\"]\n", "wrong-type"),
    ] {
        let p = yaml(text);
        assert!(!p.is_usable(), "{text}");
        assert!(codes(&p).contains(&code), "{text}: {:?}", codes(&p));
        assert_eq!(
            check(&p, "https://example.com/"),
            EgressReason::InvalidPolicy,
            "{text}"
        );
    }
    let p = yaml("network:\n  allow: [\"*\"]\n  deny: null\n");
    assert!(p.is_usable(), "deny: null is absent");
}

#[test]
fn warnings_for_suspicious_entries() {
    for (pattern, code) in [
        ("\"*\"", "allow-any"),
        ("\"*.com\"", "public-suffix-wildcard"),
        ("\"*.co.uk\"", "public-suffix-wildcard"),
        ("\"*.github.io\"", "public-suffix-wildcard"),
        ("\"2130706433\"", "noncanonical-pattern"),
        ("\"example.com.\"", "noncanonical-pattern"),
        ("\"Example.com\"", "noncanonical-pattern"),
        ("\"[::ffff:127.0.0.1]\"", "noncanonical-pattern"),
        ("\"\u{0430}pple.com\"", "mixed-script"),
        ("\"*.internal\"", "wildcard-over-local-names"),
    ] {
        let p = yaml(&format!("network:\n  allow: [{pattern}]\n"));
        assert!(p.is_usable(), "{pattern}: {}", p.render_diagnostics());
        assert!(codes(&p).contains(&code), "{pattern}: {:?}", codes(&p));
    }
    let p = yaml("network:\n  allow: []\n");
    assert!(codes(&p).contains(&"empty-allowlist"));
    let p = yaml("network:\n  allow: [x.com]\n  methods: []\n");
    assert!(codes(&p).contains(&"empty-methods"));
    assert_eq!(check(&p, "https://x.com/"), EgressReason::MethodBlocked);
    let p = yaml("network:\n  allow: [a.example.com]\n  deny: [\"*.example.com\"]\n");
    assert!(codes(&p).contains(&"dead-allow"), "{:?}", codes(&p));
    let p = yaml("network:\n  allow: [\"*\"]\n  deny: [\"*.example.com\", a.example.com]\n");
    assert!(codes(&p).contains(&"redundant-deny"), "{:?}", codes(&p));
    let p = yaml("network:\n  allow: [bücher.de, api.openai.com]\n");
    assert!(
        p.diagnostics.items().is_empty(),
        "{}",
        p.render_diagnostics()
    );
}

#[test]
fn agentguard_shaped_file_is_the_network_section() {
    let p = load_str(
        "{\"allow\": [\"api.openai.com\"], \"deny\": [\"*.evil.com\"]}",
        Format::Json,
        PolicySource::Builtin,
    );
    assert!(p.is_usable(), "{}", p.render_diagnostics());
    assert_eq!(
        check(&p, "https://api.openai.com/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        check(&p, "https://example.com/"),
        EgressReason::NotInAllowlist
    );
    let typo = load_str(
        "{\"allow\": [\"*\"], \"Deny\": [\"x.com\"]}",
        Format::Json,
        PolicySource::Builtin,
    );
    assert!(!typo.is_usable());
}

#[test]
fn network_from_json_is_strict() {
    let (p, d) =
        network_from_json(&serde_json::json!({"allow": ["api.openai.com"], "methods": ["get"]}));
    assert!(!d.has_errors());
    assert!(p.check_url("https://api.openai.com/", Some("GET")).allowed);
    for bad in [
        serde_json::json!({}),
        serde_json::json!({"allow": null}),
        serde_json::json!({"allow": "x.com"}),
        serde_json::json!({"network": {"allow": ["x.com"]}}),
        serde_json::json!({"allowlist": ["x.com"]}),
        serde_json::json!("x.com"),
        serde_json::json!(["x.com"]),
        serde_json::json!({"allow": ["x.com"], "methods": "GET"}),
    ] {
        let (p, d) = network_from_json(&bad);
        let r = p.check_url("https://x.com/", None);
        assert!(!r.allowed, "{bad}");
        if bad == serde_json::json!({}) {
            assert_eq!(r.reason, EgressReason::NoAllowlist);
            assert!(!d.has_errors());
        } else {
            assert_eq!(r.reason, EgressReason::InvalidPolicy, "{bad}");
            assert!(d.has_errors(), "{bad}");
        }
    }
    let (p, d) = network_from_json(&serde_json::json!({"allow": ["x.com"], "deny": null}));
    assert!(!d.has_errors());
    assert!(p.check_url("https://x.com/", None).allowed);
}

#[test]
fn schemes_override_the_default() {
    let p = yaml("network:\n  allow: [github.com]\n  schemes: [https, SSH]\n");
    assert!(p.is_usable());
    assert!(codes(&p).contains(&"noncanonical-scheme"));
    assert_eq!(
        check(&p, "ssh://github.com/x"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(check(&p, "http://github.com/"), EgressReason::SchemeBlocked);
}
