//! agentguard-mcp parity over the real `toolgate mcp`.
//!
//! 1. Ordinary URLs and policies: toolgate answers with the same `allowed` and `reason` (and,
//!    where agentguard documents one, the same `detail`) as agentguard-mcp 0.1.0
//!    (`reference/agentguard.md` §2, §3).
//! 2. Every unsafe agentguard behaviour rated high or medium (§4): agentguard's answer and the
//!    strict answer toolgate gives instead (§7, SR-1).

use crate::mcp_support::{call, check_url, ok_json, start};
use serde_json::{Value, json};

/// One row: policy, URL, method, then agentguard's documented `allowed`, `reason`, `detail`.
struct Parity {
    policy: Value,
    url: &'static str,
    method: Option<&'static str>,
    allowed: bool,
    reason: &'static str,
    detail: Option<&'static str>,
}

#[rustfmt::skip]
fn parity_table() -> Vec<Parity> {
    let row = |policy: Value, url, method, allowed, reason, detail| Parity {
        policy,
        url,
        method,
        allowed,
        reason,
        detail,
    };
    let openai = || json!({"allow": ["api.openai.com"]});
    let wildcard = || json!({"allow": ["*.example.com"]});
    vec![
        // exact hosts
        row(openai(), "https://api.openai.com/v1/chat/completions", None, true, "matched_allowlist", None),
        row(openai(), "https://API.OpenAI.com/v1", None, true, "matched_allowlist", None),
        row(openai(), "https://evil.com/", None, false, "not_in_allowlist", Some("evil.com")),
        row(openai(), "https://openai.com/", None, false, "not_in_allowlist", Some("openai.com")),
        row(openai(), "https://api.openai.com.evil.com/", None, false, "not_in_allowlist", Some("api.openai.com.evil.com")),
        // host only: path, query and fragment do not matter
        row(openai(), "https://api.openai.com/any/path?q=1#frag", None, true, "matched_allowlist", None),
        // wildcards: any depth, and the apex
        row(wildcard(), "https://a.example.com/", None, true, "matched_allowlist", None),
        row(wildcard(), "https://a.b.c.example.com/", None, true, "matched_allowlist", None),
        row(wildcard(), "https://example.com/", None, true, "matched_allowlist", None),
        row(wildcard(), "https://notexample.com/", None, false, "not_in_allowlist", Some("notexample.com")),
        row(wildcard(), "https://example.com.evil.org/", None, false, "not_in_allowlist", Some("example.com.evil.org")),
        row(json!({"allow": ["*"]}), "https://anything.example.org/", None, true, "matched_allowlist", None),
        // deny wins over allow; agentguard's detail is "<host> matches <pattern>"
        row(json!({"allow": ["*.anthropic.com"], "deny": ["evil.anthropic.com"]}), "https://evil.anthropic.com/", None, false, "denylist_match", Some("evil.anthropic.com matches evil.anthropic.com")),
        row(json!({"allow": ["*.anthropic.com"], "deny": ["evil.anthropic.com"]}), "https://api.anthropic.com/", None, true, "matched_allowlist", None),
        row(json!({"allow": ["*"], "deny": ["*.evil.com"]}), "https://x.y.evil.com/", None, false, "denylist_match", Some("x.y.evil.com matches *.evil.com")),
        row(json!({"allow": ["*"], "deny": ["*.evil.com"]}), "https://evil.com/", None, false, "denylist_match", Some("evil.com matches *.evil.com")),
        // methods: case-insensitive, checked before the host
        row(json!({"allow": ["api.openai.com"], "methods": ["GET"]}), "https://api.openai.com/", Some("POST"), false, "method_blocked", Some("POST")),
        row(json!({"allow": ["api.openai.com"], "methods": ["get", "post"]}), "https://api.openai.com/", Some("Post"), true, "matched_allowlist", None),
        row(json!({"allow": ["api.openai.com"], "methods": ["GET"]}), "https://api.openai.com/", None, true, "matched_allowlist", None),
        row(json!({"allow": ["api.openai.com"], "methods": ["GET"]}), "https://api.openai.com/", Some(""), true, "matched_allowlist", None),
        row(json!({"allow": ["api.openai.com"], "methods": ["GET"]}), "https://evil.com/", Some("DELETE"), false, "method_blocked", Some("DELETE")),
        row(json!({"allow": ["*"], "deny": ["evil.com"], "methods": ["GET"]}), "https://evil.com/", Some("PUT"), false, "method_blocked", Some("PUT")),
        row(json!({"allow": ["api.openai.com"]}), "https://api.openai.com/", Some("DELETE"), true, "matched_allowlist", None),
        // public IP addresses
        row(json!({"allow": ["93.184.216.34"]}), "http://93.184.216.34/", None, true, "matched_allowlist", None),
        row(json!({"allow": ["93.184.216.34"]}), "http://93.184.216.35/", None, false, "not_in_allowlist", Some("93.184.216.35")),
        row(json!({"allow": ["[2606:2800:220:1:248:1893:25c8:1946]"]}), "http://[2606:2800:220:1:248:1893:25c8:1946]/", None, true, "matched_allowlist", None),
        // ports are ignored by patterns without a port
        row(openai(), "https://api.openai.com:8443/v1", None, true, "matched_allowlist", None),
        row(openai(), "http://api.openai.com:80/", None, true, "matched_allowlist", None),
        row(json!({"allow": ["*"], "deny": ["evil.com"]}), "https://evil.com:8443/", None, false, "denylist_match", Some("evil.com matches evil.com")),
        // IDNA: a Unicode URL host is compared in punycode
        row(json!({"allow": ["xn--bcher-kva.example"]}), "https://bücher.example/", None, true, "matched_allowlist", None),
        // URLs that do not parse
        row(openai(), "not a url", None, false, "invalid_url", None),
        row(openai(), "", None, false, "invalid_url", None),
        row(openai(), "https://", None, false, "invalid_url", None),
    ]
}

#[tokio::test]
async fn ordinary_urls_answer_as_agentguard_does() {
    let s = start(None).await;
    let table = parity_table();
    let mut disagreements = Vec::new();
    for row in &table {
        let reply = check_url(&s.client, row.url, Some(row.policy.clone()), row.method).await;
        let same = reply["allowed"] == row.allowed
            && reply["reason"] == row.reason
            && row.detail.is_none_or(|d| reply["detail"] == d);
        if !same {
            disagreements.push(format!(
                "{} {:?} under {}: agentguard {} {} {:?}, toolgate {} {} {}",
                row.url,
                row.method,
                row.policy,
                row.allowed,
                row.reason,
                row.detail,
                reply["allowed"],
                reply["reason"],
                reply["detail"]
            ));
        }
    }
    println!(
        "agentguard parity: {}/{} ordinary cases agree",
        table.len() - disagreements.len(),
        table.len()
    );
    for d in &disagreements {
        println!("  disagreement: {d}");
    }
    assert!(disagreements.is_empty(), "{disagreements:#?}");
    s.client.cancel().await.unwrap();
}

/// One unsafe agentguard behaviour: what agentguard answers (documented) and the reasons
/// toolgate may give instead (the strict answer; more than one where SR-1's order lets two
/// checks apply). Every one is a deny.
struct Strict {
    case: &'static str,
    policy: Value,
    url: &'static str,
    method: Option<&'static str>,
    agentguard: &'static str,
    toolgate: &'static [&'static str],
}

#[rustfmt::skip]
fn strict_table() -> Vec<Strict> {
    let row = |case, policy: Value, url, method, agentguard, toolgate| Strict {
        case,
        policy,
        url,
        method,
        agentguard,
        toolgate,
    };
    let openai = || json!({"allow": ["api.openai.com"]});
    let all = || json!({"allow": ["*"]});
    let ssrf = || json!({"allow": ["*"], "deny": ["localhost", "127.0.0.1", "169.254.169.254", "metadata.google.internal", "evil.com", "*.evil.com", "93.184.216.34"]});
    const INVALID: &[&str] = &["invalid_policy"];
    const SCHEME: &[&str] = &["scheme_blocked"];
    vec![
        // §4 high 1: a missing allow list allows everything
        row("P02 empty policy", json!({}), "https://evil.com/", None, "allow matched_allowlist", &["no_allowlist"]),
        row("P01 deny-only", json!({"deny": ["evil.com"]}), "https://example.com/", None, "allow matched_allowlist", &["no_allowlist"]),
        row("P04 allow null", json!({"allow": null}), "https://example.com/", None, "allow matched_allowlist", INVALID),
        row("P05 allow \"\"", json!({"allow": ""}), "https://example.com/", None, "allow matched_allowlist", INVALID),
        row("P14 policy is a string", json!("api.openai.com"), "https://example.com/", None, "allow matched_allowlist", INVALID),
        row("P15 policy is an array", json!(["api.openai.com"]), "https://example.com/", None, "allow matched_allowlist", INVALID),
        row("P09 `Allow` typo", json!({"Allow": ["api.openai.com"]}), "https://example.com/", None, "allow matched_allowlist", INVALID),
        row("P10 `allowlist` typo", json!({"allowlist": ["api.openai.com"]}), "https://example.com/", None, "allow matched_allowlist", INVALID),
        row("P11 library shape", json!({"network": {"allow": ["api.openai.com"]}}), "https://example.com/", None, "allow matched_allowlist", INVALID),
        // §4 high 2: schemes are never checked
        row("K04 ftp", openai(), "ftp://api.openai.com/x", None, "allow", SCHEME),
        row("K05 file to an allowed host", openai(), "file://api.openai.com/etc/passwd", None, "allow", SCHEME),
        row("K07 gopher", openai(), "gopher://api.openai.com/_x", None, "allow", SCHEME),
        row("K16 dict", openai(), "dict://api.openai.com:11211/stat", None, "allow", SCHEME),
        row("K17 ldap", openai(), "ldap://api.openai.com/", None, "allow", SCHEME),
        row("K18 smb", openai(), "smb://api.openai.com/share", None, "allow", SCHEME),
        row("K21 file under *", all(), "file:///etc/passwd", None, "allow", SCHEME),
        row("K22 javascript under *", all(), "javascript:alert(1)", None, "allow", SCHEME),
        row("K23 data under *", all(), "data:text/html,<script>x</script>", None, "allow", SCHEME),
        row("K26 gopher to loopback under *", all(), "gopher://127.0.0.1:6379/_FLUSHALL", None, "allow", SCHEME),
        row("K32 `localhost:8080/admin` (scheme `localhost:`)", json!({"allow": ["*"], "deny": ["evil.com"]}), "localhost:8080/admin", None, "allow", &["scheme_blocked", "invalid_url", "ambiguous_url"]),
        // §4 high 3: a trailing dot bypasses deny rules
        row("C04 evil.com.", ssrf(), "https://evil.com./", None, "allow", &["denylist_match"]),
        row("C05 x.evil.com.", ssrf(), "https://x.evil.com./", None, "allow", &["denylist_match"]),
        row("C03 localhost.", ssrf(), "http://localhost./", None, "allow", &["denylist_match", "private_address"]),
        row("C06 metadata.google.internal.", ssrf(), "http://metadata.google.internal./", None, "allow", &["denylist_match", "private_address"]),
        row("C10 a deny pattern with a trailing dot is read canonically", json!({"allow": ["*"], "deny": ["evil.com."]}), "https://evil.com/", None, "allow", &["denylist_match"]),
        // §4 high 4: IPv4-mapped IPv6 bypasses IPv4 deny rules
        row("J04 [::ffff:127.0.0.1]", ssrf(), "http://[::ffff:127.0.0.1]/", None, "allow", &["denylist_match", "private_address"]),
        row("J05 [::ffff:7f00:1]", ssrf(), "http://[::ffff:7f00:1]/", None, "allow", &["denylist_match", "private_address"]),
        row("J06 [::ffff:169.254.169.254]", ssrf(), "http://[::ffff:169.254.169.254]/", None, "allow", &["denylist_match", "private_address"]),
        row("mapped public address vs an IPv4 deny", ssrf(), "http://[::ffff:93.184.216.34]/", None, "allow", &["denylist_match"]),
        row("J01 deny ::1 misses [::1]", json!({"allow": ["*"], "deny": ["::1"]}), "http://[::1]/", None, "allow", &["denylist_match", "private_address"]),
        // §4 high 5: patterns are never canonicalised, so deny rules go dead
        row("H07 Unicode IDN deny", json!({"allow": ["*"], "deny": ["bücher.example"]}), "https://xn--bcher-kva.example/", None, "allow", &["denylist_match"]),
        row("I31 decimal IPv4 deny", json!({"allow": ["*"], "deny": ["1572395042"]}), "http://93.184.216.34/", None, "allow", &["denylist_match"]),
        row("P25 whitespace in a deny pattern", json!({"allow": ["*"], "deny": [" evil.com"]}), "https://evil.com/", None, "allow", INVALID),
        row("Q20 scheme in a deny pattern", json!({"allow": ["*"], "deny": ["http://evil.com"]}), "https://evil.com/", None, "allow", INVALID),
        row("Q21 path in a deny pattern", json!({"allow": ["*"], "deny": ["evil.com/x"]}), "https://evil.com/", None, "allow", INVALID),
        row("Q29 leading dot", json!({"allow": ["*"], "deny": [".evil.com"]}), "https://evil.com/", None, "allow", INVALID),
        row("Q30 `*evil.com`", json!({"allow": ["*"], "deny": ["*evil.com"]}), "https://evil.com/", None, "allow", INVALID),
        row("CIDR deny works (dead in agentguard)", json!({"allow": ["*"], "deny": ["93.184.216.0/24"]}), "http://93.184.216.34/", None, "allow", &["denylist_match"]),
        // §4 high 6: `*.` in allow admits empty hosts
        row("K28 `*.` with file:", json!({"allow": ["*."]}), "file:///etc/passwd", None, "allow", INVALID),
        row("K29 `*.` with a dotted FQDN", json!({"allow": ["*."]}), "https://evil.com./", None, "allow", INVALID),
        // §4 medium: parser differentials, userinfo, methods
        row("E07 backslash in the authority", openai(), "https://api.openai.com\\@evil.com/", None, "allow", &["ambiguous_url"]),
        row("F04 tab in the host", openai(), "https://api.open\tai.com/", None, "allow", &["ambiguous_url"]),
        row("M05 CR LF in the URL", openai(), "https://api.openai.com/\r\nHost: evil.com", None, "allow", &["ambiguous_url"]),
        row("E16 userinfo confusion", openai(), "https://api.openai.com@evil.com@api.openai.com/", None, "allow", &["userinfo_present", "ambiguous_url"]),
        row("E03 credentials", openai(), "https://user:pass@api.openai.com/", None, "allow", &["userinfo_present"]),
        row("O18 request-line injection", openai(), "https://api.openai.com/", Some("GET /admin HTTP/1.1\r\nHost: evil.com"), "allow", &["invalid_method"]),
        row("O15 CONNECT without a methods list", openai(), "https://api.openai.com/", Some("CONNECT"), "allow", &["method_blocked", "invalid_method"]),
        row("O16 TRACE without a methods list", openai(), "https://api.openai.com/", Some("TRACE"), "allow", &["method_blocked", "invalid_method"]),
        row("O14 Unicode case folding", json!({"allow": ["api.openai.com"], "methods": ["POST"]}), "https://api.openai.com/", Some("poſt"), "allow", &["invalid_method", "method_blocked"]),
        row("A30 empty label", all(), "https://www..example.com/", None, "allow", &["invalid_host"]),
        row("private address under * (SSRF default)", all(), "http://169.254.169.254/latest/meta-data/", None, "allow", &["private_address"]),
        row("localhost under * (SSRF default)", all(), "http://localhost:8080/", None, "allow", &["private_address"]),
        row("decimal loopback under *", all(), "http://2130706433/", None, "allow", &["private_address"]),
    ]
}

#[tokio::test]
async fn unsafe_agentguard_answers_are_strict_denies() {
    let s = start(None).await;
    let table = strict_table();
    let mut wrong = Vec::new();
    for row in &table {
        let reply = check_url(&s.client, row.url, Some(row.policy.clone()), row.method).await;
        let reason = reply["reason"].as_str().unwrap_or_default().to_string();
        let ok = reply["allowed"] == false && row.toolgate.contains(&reason.as_str());
        println!(
            "{:<52} agentguard: {:<26} toolgate: {} {}",
            row.case,
            row.agentguard,
            if reply["allowed"] == true {
                "allow"
            } else {
                "deny"
            },
            reason
        );
        if !ok {
            wrong.push(format!(
                "{}: expected deny {:?}, got {reply}",
                row.case, row.toolgate
            ));
        }
    }
    println!(
        "strict answers: {}/{} as specified",
        table.len() - wrong.len(),
        table.len()
    );
    assert!(wrong.is_empty(), "{wrong:#?}");
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn s06_batch_under_star_and_an_ssrf_deny_list_denies_every_trick() {
    let s = start(None).await;
    let urls = [
        "http://localhost./",
        "http://[::ffff:127.0.0.1]/",
        "http://[::ffff:169.254.169.254]/latest/meta-data/",
        "http://metadata.google.internal./computeMetadata/v1/",
        "http://2130706433/",
        "http://0x7f.1/",
    ];
    let reply = ok_json(
        &call(
            &s.client,
            "check_urls_batch",
            json!({
                "urls": urls,
                "policy": {"allow": ["*"], "deny": ["localhost", "127.0.0.1", "169.254.169.254", "metadata.google.internal"]},
            }),
        )
        .await,
    );
    assert_eq!(
        reply["summary"],
        json!({"total": 6, "allowed_count": 0, "denied_count": 6}),
        "{reply}"
    );
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn validate_policy_flags_what_agentguard_misses() {
    let s = start(None).await;
    // (policy, agentguard's issue count per §2/§4, whether toolgate must report an error)
    let cases = [
        (
            json!({"allow": ["api.openai.com"], "deny": ["http://evil.com"]}),
            "V21 deny with a scheme: agentguard silent",
            true,
        ),
        (
            json!({"allow": ["api.openai.com"], "deny": [" evil.com"]}),
            "V22 deny with whitespace: agentguard silent",
            true,
        ),
        (
            json!({"allow": ["a*.com"]}),
            "V12 bad wildcard: agentguard silent",
            true,
        ),
        (
            json!({"allow": ["*."]}),
            "V11 `*.`: agentguard silent",
            true,
        ),
        (
            json!({"allow": ["api.openai.com"], "alow": []}),
            "V50 unknown key: agentguard silent",
            true,
        ),
        (
            json!({"Allow": ["api.openai.com"]}),
            "V34 `Allow` typo: agentguard says only 'allow list is empty'",
            true,
        ),
        (
            json!({"allow": ["api.openai.com"], "methods": ["GET "]}),
            "V27 method with a space: agentguard silent",
            true,
        ),
    ];
    for (policy, case, must_error) in cases {
        let reply = ok_json(&call(&s.client, "validate_policy", json!({ "policy": policy })).await);
        let errors = reply["errors"].as_array().unwrap();
        assert_eq!(!errors.is_empty(), must_error, "{case}: {reply}");
        assert_eq!(reply["usable"], !must_error, "{case}");
        assert_eq!(reply["valid"], false, "{case}: an issue makes it invalid");
        println!(
            "{case}: toolgate errors {:?}",
            errors.iter().map(|e| e["code"].clone()).collect::<Vec<_>>()
        );
    }
    // Warnings agentguard has no notion of, on a usable policy.
    for (policy, case) in [
        (json!({"allow": ["*.com"]}), "V14 TLD wildcard"),
        (
            json!({"allow": ["api.openai.com"], "methods": []}),
            "V24 empty methods",
        ),
    ] {
        let reply = ok_json(&call(&s.client, "validate_policy", json!({ "policy": policy })).await);
        assert!(
            !reply["warnings"].as_array().unwrap().is_empty(),
            "{case}: {reply}"
        );
        assert_eq!(reply["usable"], true, "{case}: {reply}");
        assert_eq!(reply["valid"], false, "{case}: {reply}");
    }
    // Paths point into the object.
    let reply = ok_json(
        &call(
            &s.client,
            "validate_policy",
            json!({"policy": {"allow": ["api.openai.com", "x.com/path"]}}),
        )
        .await,
    );
    assert_eq!(reply["errors"][0]["path"], "allow[1]", "{reply}");
    s.client.cancel().await.unwrap();
}
