//! toolgate's answer to each unsafe agentguard behaviour (reference/agentguard.md §4, high and
//! medium severity), plus the SR-1 order of checks.

use toolgate_core::egress::{EgressPolicy, EgressReason, HostPattern, Method};

fn pats(list: &[&str]) -> Vec<HostPattern> {
    list.iter()
        .map(|s| HostPattern::parse(s).unwrap())
        .collect()
}

fn policy(allow: Option<&[&str]>, deny: &[&str]) -> EgressPolicy {
    EgressPolicy::new(allow.map(pats), pats(deny), None, None)
}

fn reason(p: &EgressPolicy, url: &str) -> EgressReason {
    let d = p.check_url(url, None);
    assert_eq!(
        d.allowed,
        d.reason == EgressReason::MatchedAllowlist,
        "{url}: {d:?}"
    );
    d.reason
}

#[test]
fn missing_allow_list_denies_everything() {
    let p = policy(None, &["evil.com"]);
    assert_eq!(
        reason(&p, "https://api.openai.com/"),
        EgressReason::NoAllowlist
    );
    assert_eq!(reason(&p, "https://evil.com/"), EgressReason::DenylistMatch);
    let empty = policy(Some(&[]), &[]);
    assert_eq!(
        reason(&empty, "https://api.openai.com/"),
        EgressReason::NotInAllowlist
    );
}

#[test]
fn invalid_policy_denies_everything() {
    let p = EgressPolicy::invalid();
    for url in ["https://api.openai.com/", "http://127.0.0.1/", "not a url"] {
        assert_eq!(reason(&p, url), EgressReason::InvalidPolicy);
    }
    assert_eq!(
        p.check_host("example.com", Some(22)).reason,
        EgressReason::InvalidPolicy
    );
}

#[test]
fn schemes_are_checked() {
    let p = policy(Some(&["api.openai.com", "*"]), &[]);
    for url in [
        "file://api.openai.com/etc/passwd",
        "gopher://api.openai.com/",
        "dict://api.openai.com:11211/",
        "ftp://api.openai.com/",
        "ldap://api.openai.com/",
        "smb://api.openai.com/share",
        "file:///etc/passwd",
        "javascript:alert(1)",
        "data:text/html,<script>",
        "about:blank",
        "gopher://127.0.0.1:25/_x",
        "localhost:8080/admin",
    ] {
        assert_eq!(reason(&p, url), EgressReason::SchemeBlocked, "{url}");
    }
    assert_eq!(
        reason(&p, "wss://api.openai.com/ws"),
        EgressReason::MatchedAllowlist
    );
}

#[test]
fn listed_non_special_scheme_gets_canonical_host() {
    let p = EgressPolicy::new(
        Some(pats(&["github.com"])),
        vec![],
        None,
        Some(vec!["ssh".into()]),
    );
    let d = p.check_url("ssh://Git@GitHub.COM/x", None);
    assert_eq!(d.reason, EgressReason::UserinfoPresent);
    let d = p.check_url("ssh://GitHub.COM./x", None);
    assert!(d.allowed, "{d:?}");
    assert_eq!(d.host.as_deref(), Some("github.com"));
    assert_eq!(
        reason(&p, "https://github.com/"),
        EgressReason::SchemeBlocked
    );
}

#[test]
fn trailing_dot_does_not_bypass_deny() {
    let p = policy(
        Some(&["*"]),
        &["evil.com", "*.evil.com", "metadata.google.internal"],
    );
    for url in [
        "https://evil.com./",
        "https://x.evil.com./",
        "http://metadata.google.internal./",
    ] {
        assert_eq!(reason(&p, url), EgressReason::DenylistMatch, "{url}");
    }
    assert_eq!(
        reason(&p, "http://localhost./"),
        EgressReason::PrivateAddress
    );
    let dotted = policy(Some(&["*"]), &["evil.com."]);
    assert_eq!(
        reason(&dotted, "https://evil.com/"),
        EgressReason::DenylistMatch
    );
}

#[test]
fn ipv4_mapped_ipv6_does_not_bypass_ipv4_deny() {
    let p = policy(
        Some(&["*", "127.0.0.1", "169.254.169.254", "0.0.0.0"]),
        &["127.0.0.1", "169.254.169.254", "0.0.0.0"],
    );
    for url in [
        "http://[::ffff:127.0.0.1]/",
        "http://[::ffff:7f00:1]/",
        "http://[::ffff:169.254.169.254]/",
        "http://[::ffff:0:0]/",
        "http://[64:ff9b::7f00:1]/",
        "http://[2002:7f00:1::]/",
    ] {
        assert_eq!(reason(&p, url), EgressReason::DenylistMatch, "{url}");
    }
    let v6 = policy(Some(&["*"]), &["::1"]);
    assert_eq!(reason(&v6, "http://[::1]/"), EgressReason::DenylistMatch);
    assert_eq!(
        reason(&v6, "http://[0:0:0:0:0:0:0:1]/"),
        EgressReason::DenylistMatch
    );
}

#[test]
fn patterns_are_canonicalised_so_deny_rules_stay_alive() {
    let p = policy(
        Some(&["*", "127.0.0.1"]),
        &[
            "bücher.de",
            "2130706433",
            "0x7f.0.0.1",
            "10.0.0.0/8",
            "::ffff:192.168.0.0/112",
            "Evil.COM",
        ],
    );
    assert_eq!(
        reason(&p, "https://xn--bcher-kva.de/"),
        EgressReason::DenylistMatch
    );
    assert_eq!(
        reason(&p, "https://BÜCHER.de/"),
        EgressReason::DenylistMatch
    );
    assert_eq!(reason(&p, "http://127.0.0.1/"), EgressReason::DenylistMatch);
    assert_eq!(reason(&p, "http://10.9.8.7/"), EgressReason::DenylistMatch);
    assert_eq!(
        reason(&p, "http://192.168.3.4/"),
        EgressReason::DenylistMatch
    );
    assert_eq!(reason(&p, "https://evil.com/"), EgressReason::DenylistMatch);
    for bad in [
        " evil.com",
        "https://evil.com",
        "evil.com/path",
        ".evil.com",
        "*evil.com",
    ] {
        assert!(
            HostPattern::parse(bad).is_err(),
            "{bad:?} must be a policy error, not a dead rule"
        );
    }
}

#[test]
fn bare_wildcard_dot_is_an_error_and_empty_hosts_never_pass() {
    assert!(HostPattern::parse("*.").is_err());
    let p = policy(Some(&["*"]), &[]);
    assert_eq!(
        reason(&p, "file:///etc/passwd"),
        EgressReason::SchemeBlocked
    );
    let with_file = EgressPolicy::new(Some(pats(&["*"])), vec![], None, Some(vec!["file".into()]));
    assert_eq!(
        reason(&with_file, "file:///etc/passwd"),
        EgressReason::InvalidHost
    );
}

#[test]
fn batch_of_tricky_urls_under_star_and_ssrf_deny_list() {
    let p = policy(
        Some(&["*"]),
        &["localhost", "127.0.0.1", "169.254.169.254", "::1"],
    );
    let tricky = [
        "http://localhost./",
        "http://[::ffff:127.0.0.1]/",
        "http://2130706433/",
        "http://[::1]/",
        "http://metadata.google.internal/",
        "file:///etc/passwd",
    ];
    let allowed = tricky
        .iter()
        .filter(|u| p.check_url(u, None).allowed)
        .count();
    assert_eq!(allowed, 0);
}

#[test]
fn parser_differentials_are_ambiguous() {
    let p = policy(Some(&["*"]), &[]);
    for url in [
        "https://api.openai.com\\@evil.com/",
        "https:\\\\evil.com/",
        "https://api.openai.com\t.evil.com/",
        "https://api.openai.com\n/",
        "https://evil.com/\r\nHost: x",
        " https://api.openai.com/",
        "https://api.openai.com/ ",
    ] {
        assert_eq!(reason(&p, url), EgressReason::AmbiguousUrl, "{url:?}");
    }
    assert_eq!(
        reason(&p, "https://api.openai.com/a\\b"),
        EgressReason::MatchedAllowlist
    );
}

#[test]
fn userinfo_tricks_are_denied() {
    let p = policy(Some(&["api.openai.com"]), &[]);
    for url in [
        "https://api.openai.com@evil.com@api.openai.com/",
        "https://user:pw@api.openai.com/",
        "https://@api.openai.com/",
        "https://:@api.openai.com/",
    ] {
        assert_eq!(reason(&p, url), EgressReason::UserinfoPresent, "{url}");
    }
}

#[test]
fn methods_are_validated() {
    let p = policy(Some(&["*"]), &[]);
    let m = |method: &str| p.check_url("https://example.com/", Some(method)).reason;
    assert_eq!(
        m("GET /admin HTTP/1.1\r\nHost: evil.com"),
        EgressReason::InvalidMethod
    );
    assert_eq!(m("poſt"), EgressReason::InvalidMethod);
    assert_eq!(m("CONNECT"), EgressReason::MethodBlocked);
    assert_eq!(m("trace"), EgressReason::MethodBlocked);
    assert_eq!(m("TRACK"), EgressReason::MethodBlocked);
    assert_eq!(m("post"), EgressReason::MatchedAllowlist);
    assert_eq!(m(""), EgressReason::MatchedAllowlist);
    let listed = EgressPolicy::new(
        Some(pats(&["*"])),
        vec![],
        Some(vec![
            Method::parse("GET").unwrap(),
            Method::parse("CONNECT").unwrap(),
        ]),
        None,
    );
    assert!(
        listed
            .check_url("https://example.com/", Some("connect"))
            .allowed
    );
    let d = listed.check_url("https://example.com/", Some("post"));
    assert_eq!(
        (d.reason, d.detail.as_deref()),
        (EgressReason::MethodBlocked, Some("POST"))
    );
}

#[test]
fn special_purpose_destinations_need_an_exact_allow() {
    let p = policy(Some(&["*", "*.localhost", "*.internal"]), &[]);
    for url in [
        "http://127.0.0.1/",
        "http://localhost/",
        "http://a.localhost/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[fd00:ec2::254]/",
        "http://metadata.google.internal/",
        "http://100.64.0.1/",
        "http://0.0.0.0/",
        "http://[::]/",
        "http://255.255.255.255/",
        "http://224.0.0.1/",
        "http://intranet/",
        "http://printer.local/",
        "http://nas.home.arpa/",
        "http://10.0.0.1/",
        "http://[fe80::1]/",
        "http://0/",
        "http://0x7f.1/",
    ] {
        assert_eq!(reason(&p, url), EgressReason::PrivateAddress, "{url}");
    }
    let exact = policy(
        Some(&["localhost", "10.0.0.0/8", "db.internal", "[::1]:8080"]),
        &[],
    );
    assert_eq!(
        reason(&exact, "http://localhost:3000/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        reason(&exact, "http://10.1.2.3/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        reason(&exact, "http://db.internal/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        reason(&exact, "http://[::1]:8080/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        reason(&exact, "http://[::1]:9090/"),
        EgressReason::PrivateAddress
    );
    assert_eq!(
        reason(&exact, "http://other.internal/"),
        EgressReason::PrivateAddress
    );
}

#[test]
fn deny_wins_over_an_exact_private_allow() {
    let p = policy(Some(&["127.0.0.1"]), &["127.0.0.0/8"]);
    assert_eq!(reason(&p, "http://127.0.0.1/"), EgressReason::DenylistMatch);
}

#[test]
fn ports() {
    let p = policy(
        Some(&["github.com:443", "*.example.com"]),
        &["example.com:8443"],
    );
    assert_eq!(
        reason(&p, "https://github.com/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        reason(&p, "http://github.com/"),
        EgressReason::PortNotAllowed
    );
    assert_eq!(
        reason(&p, "https://github.com:8443/"),
        EgressReason::PortNotAllowed
    );
    assert_eq!(
        reason(&p, "https://a.example.com:9999/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        reason(&p, "https://example.com:8443/"),
        EgressReason::DenylistMatch
    );
    assert_eq!(
        reason(&p, "https://example.com/"),
        EgressReason::MatchedAllowlist
    );
    let d = p.check_url("http://github.com/", None);
    assert_eq!(d.detail.as_deref(), Some("github.com:80"));
}

#[test]
fn invalid_hosts_are_denied() {
    let p = policy(Some(&["*"]), &[]);
    for url in [
        "http://www..example.com/",
        "http://.example.com/",
        &format!("http://{}.com/", "a".repeat(64)),
        &format!("http://{}/", vec!["abcdefghij"; 25].join(".")),
        "http://a*b.example.com/",
    ] {
        assert_eq!(reason(&p, url), EgressReason::InvalidHost, "{url}");
    }
    assert_eq!(
        reason(&p, "http://256.256.256.256/"),
        EgressReason::InvalidUrl
    );
    assert_eq!(reason(&p, "not a url"), EgressReason::InvalidUrl);
}

#[test]
fn agentguard_reply_shape() {
    let p = policy(Some(&["api.openai.com"]), &["*.evil.com"]);
    let ok = p
        .check_url("https://API.openai.com/v1", None)
        .to_agentguard_json();
    assert_eq!(
        ok,
        serde_json::json!({"allowed": true, "reason": "matched_allowlist", "detail": null})
    );
    let deny = p
        .check_url("https://x.evil.com./", None)
        .to_agentguard_json();
    assert_eq!(deny["detail"], "x.evil.com matches *.evil.com");
    let miss = p.check_url("https://other.com/", None).to_agentguard_json();
    assert_eq!(
        (miss["reason"].as_str(), miss["detail"].as_str()),
        (Some("not_in_allowlist"), Some("other.com"))
    );
    let first = policy(Some(&["*"]), &["*.b.com", "x.b.com"]).check_url("https://x.b.com/", None);
    assert_eq!(first.detail.as_deref(), Some("x.b.com matches *.b.com"));
}

#[test]
fn check_host_for_shell_destinations() {
    let p = policy(
        Some(&["github.com:22", "*.example.com"]),
        &["bad.example.com:22"],
    );
    assert!(p.check_host("GitHub.com", Some(22)).allowed);
    assert_eq!(
        p.check_host("github.com", None).reason,
        EgressReason::PortNotAllowed
    );
    assert_eq!(
        p.check_host("bad.example.com", None).reason,
        EgressReason::DenylistMatch
    );
    assert!(p.check_host("ok.example.com", None).allowed);
    assert_eq!(
        p.check_host("127.0.0.1", Some(22)).reason,
        EgressReason::PrivateAddress
    );
    assert_eq!(
        p.check_host("user@github.com", Some(22)).reason,
        EgressReason::InvalidHost
    );
    assert_eq!(p.check_host("a..b", None).reason, EgressReason::InvalidHost);
}

#[test]
fn builtin_allows_public_and_protects_private() {
    let p = EgressPolicy::builtin();
    assert!(p.check_url("https://api.openai.com/", None).allowed);
    assert_eq!(
        reason(&p, "http://169.254.169.254/"),
        EgressReason::PrivateAddress
    );
    assert_eq!(
        reason(&p, "ftp://example.com/"),
        EgressReason::SchemeBlocked
    );
    for r in EgressReason::ALL {
        assert!(!r.describe().is_empty());
        assert_eq!(serde_json::to_value(r).unwrap(), r.as_str());
    }
}
