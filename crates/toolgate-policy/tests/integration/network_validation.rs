//! Validation of the `network:` section: the Public Suffix List wildcard warning, range and
//! deny warnings, pattern spelling, and method limits.

use toolgate_core::egress::EgressReason;
use toolgate_policy::network_lint::is_public_suffix;
use toolgate_policy::{Format, Policy, PolicySource, load_str};

fn yaml(text: &str) -> Policy {
    load_str(text, Format::Yaml, PolicySource::Builtin)
}

fn codes(p: &Policy) -> Vec<&'static str> {
    p.diagnostics.items().iter().map(|d| d.code).collect()
}

fn allow(patterns: &str) -> Policy {
    yaml(&format!("network:\n  allow: [{patterns}]\n"))
}

#[test]
fn public_suffixes_come_from_the_psl_and_the_hosting_list() {
    for d in [
        "com",
        "co.uk",
        "github.io",
        "herokuapp.com",
        "nip.io",
        "sslip.io",
        "s3.amazonaws.com",
        "blogspot.com",
        "pages.dev",
    ] {
        assert!(is_public_suffix(d), "{d}");
    }
    for d in ["example.com", "github.com", "api.openai.com", "bbc.co.uk"] {
        assert!(!is_public_suffix(d), "{d}");
    }
    for pattern in [
        "\"*.com\"",
        "\"*.github.io\"",
        "\"*.nip.io\"",
        "\"*.gov.uk\"",
        "\"*.pages.dev\"",
    ] {
        let p = allow(pattern);
        assert!(
            codes(&p).contains(&"public-suffix-wildcard"),
            "{pattern}: {:?}",
            codes(&p)
        );
    }
    let p = allow("\"*.example.com\", \"*.github.com\"");
    assert!(
        p.diagnostics.items().is_empty(),
        "{}",
        p.render_diagnostics()
    );
}

#[test]
fn ranges_spanning_special_blocks_warn() {
    for range in [
        "169.254.0.0/16",
        "8.0.0.0/5",
        "100.64.0.0/10",
        "fc00::/6",
        "fd00::/8",
    ] {
        let p = allow(&format!("\"{range}\""));
        assert!(p.is_usable());
        assert!(
            codes(&p).contains(&"range-spans-special"),
            "{range}: {:?}",
            codes(&p)
        );
    }
    let p = allow("\"169.254.0.0/16\"");
    let d = p
        .diagnostics
        .items()
        .iter()
        .find(|d| d.code == "range-spans-special")
        .unwrap();
    assert!(
        d.message.contains("cloud metadata address"),
        "{}",
        d.message
    );
    for range in [
        "10.1.0.0/16",
        "10.0.0.0/8",
        "203.0.114.0/24",
        "fd12::/16",
        "169.254.169.254/32",
    ] {
        let p = allow(&format!("\"{range}\""));
        assert!(
            !codes(&p).contains(&"range-spans-special"),
            "{range}: {:?}",
            codes(&p)
        );
    }
    for any in ["\"0.0.0.0/0\"", "\"::/0\"", "\"2002::/16\""] {
        let p = allow(any);
        assert!(codes(&p).contains(&"allow-any"), "{any}: {:?}", codes(&p));
        assert!(!codes(&p).contains(&"range-spans-special"), "{any}");
    }
}

#[test]
fn ipv6_deny_ranges_that_miss_embedded_ipv4_warn() {
    for range in ["::/0", "::/64", "::ffff:0:0/95", "2000::/3", "::a00:0/104"] {
        let p = yaml(&format!(
            "network:\n  allow: [\"*\"]\n  deny: [\"{range}\"]\n"
        ));
        assert!(
            codes(&p).contains(&"deny-misses-embedded-ipv4"),
            "{range}: {:?}",
            codes(&p)
        );
    }
    for range in [
        "fd00::/8",
        "10.0.0.0/8",
        "::ffff:10.0.0.0/104",
        "2002:a00::/24",
    ] {
        let p = yaml(&format!(
            "network:\n  allow: [\"*\"]\n  deny: [\"{range}\"]\n"
        ));
        assert!(
            !codes(&p).contains(&"deny-misses-embedded-ipv4"),
            "{range}: {:?}",
            codes(&p)
        );
    }
}

#[test]
fn deny_entries_overlapping_no_allow_entry_warn() {
    let p = yaml(
        "network:\n  allow: [api.example.com, \"10.1.0.0/16\"]\n  deny: [evil.com, \"10.1.2.0/24\", \"*.example.com\"]\n",
    );
    let unneeded: Vec<_> = p
        .diagnostics
        .items()
        .iter()
        .filter(|d| d.code == "unneeded-deny")
        .collect();
    assert_eq!(unneeded.len(), 1, "{}", p.render_diagnostics());
    assert!(unneeded[0].message.contains("network.deny[0]"));
    let p = yaml("network:\n  allow: [\"*\"]\n  deny: [evil.com]\n");
    assert!(!codes(&p).contains(&"unneeded-deny"));
    let p = yaml("network:\n  allow: [\"x.com:443\"]\n  deny: [\"x.com:80\"]\n");
    assert!(codes(&p).contains(&"unneeded-deny"), "{:?}", codes(&p));
}

#[test]
fn pattern_spelling_warnings_and_errors() {
    for pattern in [
        "\"FD00::/8\"",
        "\"[FD00::1]\"",
        "\"FE80::1\"",
        "\"[fd00::/8]\"",
        "\"2002:808:808:1::/64\"",
    ] {
        let p = allow(pattern);
        assert!(p.is_usable(), "{pattern}");
        assert!(
            codes(&p).contains(&"noncanonical-pattern"),
            "{pattern}: {:?}",
            codes(&p)
        );
    }
    for pattern in ["\"fd00::/8\"", "\"[fd00::/8]:443\""] {
        let p = allow(pattern);
        assert!(
            !codes(&p).contains(&"noncanonical-pattern"),
            "{pattern}: {:?}",
            codes(&p)
        );
    }
    let p = allow("\"[fd00::]/8\"");
    assert!(!p.is_usable());
    let d = p.diagnostics.errors().next().unwrap();
    assert_eq!(d.code, "invalid-pattern");
    assert!(
        d.hint.as_deref().unwrap().contains("write `fd00::/8`"),
        "{:?}",
        d.hint
    );
}

#[test]
fn overlong_methods_are_errors() {
    let long = "A".repeat(33);
    let p = yaml(&format!(
        "network:\n  allow: [\"*\"]\n  methods: [GET, {long}]\n"
    ));
    assert!(!p.is_usable());
    assert!(codes(&p).contains(&"invalid-method"));
    assert_eq!(
        p.network
            .egress
            .check_url("https://example.com/", None)
            .reason,
        EgressReason::InvalidPolicy
    );
}
