//! CIDR allow entries and special-purpose destinations: a range admits a special address only
//! when it lies inside that address's own special block; names that resolve locally (loopback
//! names, IP-echo names) are special; methods have a length limit.

use toolgate_core::egress::{EgressPolicy, EgressReason, HostPattern};

fn policy(allow: &[&str], deny: &[&str]) -> EgressPolicy {
    let pats = |l: &[&str]| {
        l.iter()
            .map(|s| HostPattern::parse(s).unwrap())
            .collect::<Vec<_>>()
    };
    EgressPolicy::new(Some(pats(allow)), pats(deny), None, None)
}

fn reason(p: &EgressPolicy, url: &str) -> EgressReason {
    p.check_url(url, None).reason
}

const SPECIAL_URLS: &[&str] = &[
    "http://127.0.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
    "http://192.168.1.1/",
    "http://100.100.100.200/",
    "http://0.0.0.0/",
    "http://224.0.0.1/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[64:ff9b::a00:1]/",
    "http://[2002:7f00:1::]/",
    "http://[2002:a9fe:a9fe::1]/",
    "http://[::1]/",
    "http://[fe80::1]/",
    "http://[fd00:ec2::254]/",
];

#[test]
fn ip_forms_of_any_admit_no_special_address() {
    for range in [
        "0.0.0.0/0",
        "::/0",
        "2002::/16",
        "64:ff9b::/96",
        "::ffff:0:0/96",
        "0.0.0.0/1",
        "128.0.0.0/1",
        "::/1",
        "8000::/1",
    ] {
        let p = policy(&[range], &[]);
        for url in SPECIAL_URLS {
            assert_eq!(
                reason(&p, url),
                EgressReason::PrivateAddress,
                "{range} must not admit {url}"
            );
        }
    }
    let p = policy(&["0.0.0.0/0"], &[]);
    assert_eq!(
        reason(&p, "http://8.8.8.8/"),
        EgressReason::MatchedAllowlist
    );
    let p = policy(&["2002::/16"], &[]);
    assert_eq!(
        reason(&p, "http://[2002:808:808::1]/"),
        EgressReason::MatchedAllowlist
    );
}

#[test]
fn ranges_inside_the_special_block_still_admit() {
    let p = policy(&["10.1.0.0/16"], &[]);
    assert_eq!(
        reason(&p, "http://10.1.2.3/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        reason(&p, "http://[::ffff:10.1.2.3]/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(reason(&p, "http://10.2.0.1/"), EgressReason::PrivateAddress);
    let p = policy(&["10.0.0.0/8", "fd00::/8", "127.0.0.0/8"], &[]);
    assert_eq!(
        reason(&p, "http://10.9.9.9/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        reason(&p, "http://[fd12::1]/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        reason(&p, "http://127.0.0.1/"),
        EgressReason::MatchedAllowlist
    );
    // A range spanning two private blocks lies inside neither.
    let p = policy(&["8.0.0.0/5"], &[]);
    assert_eq!(reason(&p, "http://10.0.0.1/"), EgressReason::PrivateAddress);
    assert_eq!(
        reason(&p, "http://9.9.9.9/"),
        EgressReason::MatchedAllowlist
    );
}

#[test]
fn the_metadata_address_needs_its_own_entry() {
    for allow in [
        &["169.254.0.0/16"][..],
        &["169.254.169.0/24"],
        &["*", "169.254.0.0/16"],
    ] {
        let p = policy(allow, &[]);
        assert_eq!(
            reason(&p, "http://169.254.169.254/"),
            EgressReason::PrivateAddress,
            "{allow:?}"
        );
        assert_eq!(
            reason(&p, "http://[::ffff:169.254.169.254]/"),
            EgressReason::PrivateAddress
        );
    }
    let p = policy(&["169.254.0.0/16"], &[]);
    assert_eq!(
        reason(&p, "http://169.254.1.1/"),
        EgressReason::MatchedAllowlist
    );
    for allow in [
        "169.254.169.254",
        "169.254.169.254/32",
        "[::ffff:a9fe:a9fe]",
    ] {
        let p = policy(&[allow], &[]);
        assert_eq!(
            reason(&p, "http://169.254.169.254/"),
            EgressReason::MatchedAllowlist,
            "{allow}"
        );
    }
    let p = policy(&["fd00::/8"], &[]);
    assert_eq!(
        reason(&p, "http://[fd00:ec2::254]/"),
        EgressReason::PrivateAddress
    );
}

#[test]
fn locally_resolving_names_are_special() {
    let p = policy(&["*"], &[]);
    for host in [
        "localtest.me",
        "app.localtest.me",
        "lvh.me",
        "x.lvh.me",
        "vcap.me",
        "localh.st",
        "127.0.0.1.nip.io",
        "company.127.0.0.1.nip.io",
        "10-0-0-1.sslip.io",
        "app-169-254-169-254.sslip.io",
        "7f000001.nip.io",
        "0a000001.xip.io",
        "www.nip.io",
        "--1.sslip.io",
    ] {
        assert_eq!(
            reason(&p, &format!("http://{host}/")),
            EgressReason::PrivateAddress,
            "{host}"
        );
    }
    assert_eq!(
        reason(&p, "http://8.8.8.8.nip.io/"),
        EgressReason::MatchedAllowlist
    );
    assert_eq!(
        reason(&p, "http://example.me/"),
        EgressReason::MatchedAllowlist
    );
    // Allowed only by exact name, like `localhost`.
    let p = policy(&["*.lvh.me", "app.localtest.me"], &[]);
    assert_eq!(reason(&p, "http://a.lvh.me/"), EgressReason::PrivateAddress);
    assert_eq!(
        reason(&p, "http://app.localtest.me/"),
        EgressReason::MatchedAllowlist
    );
}

#[test]
fn redirecting_hostnames_of_the_ssrf_corpus_are_denied() {
    let Some(path) = toolgate_corpora::corpus("ssrf-payloads-patt/payloads.jsonl") else {
        return;
    };
    let p = policy(&["*"], &[]);
    let mut checked = 0;
    for case in toolgate_corpora::read_jsonl(&path) {
        if case["kind"].as_str() != Some("redirecting_hostname") {
            continue;
        }
        let host = case["payload"].as_str().unwrap();
        let resolves_to = case["resolves_to"].as_str().unwrap_or("");
        let local = resolves_to.starts_with("127.") || resolves_to == "::1";
        // Names that need DNS to be known as local (an attacker's own domain) cannot be
        // caught by a string check; every name of a public local-echo service must be.
        if host.ends_with(".oastify.com") {
            continue;
        }
        checked += 1;
        let d = p.check_url(&format!("http://{host}/"), None);
        assert!(local && !d.allowed, "{host} ({resolves_to}) allowed: {d:?}");
    }
    assert!(checked >= 3, "only {checked} redirecting hostnames checked");
}

#[test]
fn overlong_methods_are_invalid() {
    let p = policy(&["*"], &[]);
    let d = p.check_url("https://example.com/", Some(&"A".repeat(33)));
    assert_eq!(d.reason, EgressReason::InvalidMethod);
    let d = p.check_url("https://example.com/", Some(&"A".repeat(32)));
    assert_eq!(d.reason, EgressReason::MatchedAllowlist);
}
