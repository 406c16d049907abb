//! Policies that must fail closed: duplicate keys (JSON, YAML, TOML), any error making the
//! network section deny on its own, and discovered entries that are not readable files.

use toolgate_core::egress::EgressReason;
use toolgate_policy::document::parse_document;
use toolgate_policy::{Format, PolicySource, discover, load, load_str};

#[test]
fn yaml_duplicate_keys_are_errors() {
    let e = parse_document("a: 1\na: 2\n", Format::Yaml).unwrap_err();
    assert!(e.message.contains("duplicate"), "{e:?}");
    assert!(e.position.is_known(), "{e:?}");
}

#[test]
fn json_duplicate_keys_are_positioned_errors_not_last_wins() {
    let text = "{\n  \"network\": {\n    \"allow\": [\"a.com\"],\n    \"allow\": [\"*\"]\n  }\n}";
    let e = parse_document(text, Format::Json).unwrap_err();
    assert!(e.message.contains("duplicate key"), "{e:?}");
    assert_eq!(e.position.line, 4, "{e:?}");
    assert!(e.position.column > 1, "{e:?}");
    let e = parse_document(
        "{\"a\": 1, \"b\": {\"c\": [{\"d\": 1, \"d\": 2}]}}",
        Format::Json,
    )
    .unwrap_err();
    assert!(e.message.contains("duplicate key"), "{e:?}");
    assert!(parse_document("{\"a\": {\"x\": 1}, \"b\": {\"x\": 1}}", Format::Json).is_ok());
}

#[test]
fn toml_duplicate_keys_are_errors() {
    let e = parse_document(
        "[network]\nallow = [\"a.com\"]\nallow = [\"*\"]\n",
        Format::Toml,
    )
    .unwrap_err();
    assert!(e.message.contains("duplicate"), "{e:?}");
    assert_eq!(e.position.line, 3, "{e:?}");
}

#[test]
fn duplicate_keys_make_the_policy_unusable_with_a_hint() {
    for (text, format) in [
        (
            "{\"network\": {\"allow\": [\"a.com\"], \"allow\": [\"*\"]}}",
            Format::Json,
        ),
        ("{\"allow\": [\"a.com\"], \"allow\": [\"*\"]}", Format::Json),
        ("network:\n  allow: [a.com]\n  allow: ['*']\n", Format::Yaml),
        (
            "[network]\nallow = [\"a.com\"]\nallow = [\"*\"]\n",
            Format::Toml,
        ),
    ] {
        let p = load_str(text, format, PolicySource::Builtin);
        assert!(!p.is_usable(), "{text}");
        let d = p.diagnostics.errors().next().unwrap();
        assert_eq!(d.code, "syntax", "{text}");
        assert!(d.position().is_known(), "{text}");
        assert!(
            d.hint
                .as_deref()
                .unwrap_or("")
                .contains("a key may appear only once"),
            "{text}: {:?}",
            d.hint
        );
        // Not last-wins: nothing is allowed, not even the first value's host.
        for url in ["https://a.com/", "https://example.com/"] {
            let r = p.network.egress.check_url(url, None);
            assert_eq!(r.reason, EgressReason::InvalidPolicy, "{text}");
        }
    }
}

#[test]
fn an_error_in_another_section_makes_every_check_invalid_policy() {
    let p = load_str(
        "network:\n  allow: [\"*\"]\nhook:\n  on_review: sometimes\n",
        Format::Yaml,
        PolicySource::Builtin,
    );
    assert!(!p.is_usable());
    let r = p.network.egress.check_url("https://example.com/", None);
    assert_eq!(r.reason, EgressReason::InvalidPolicy);
    assert!(!p.network.egress.check_host("example.com", None).allowed);
}

#[test]
fn discovered_directories_and_dangling_links_fail_closed() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("proj");
    let nested = project.join("sub");
    std::fs::create_dir_all(&nested).unwrap();
    std::fs::write(
        project.join(".toolgate.yaml"),
        "network:\n  allow: [\"*\"]\n",
    )
    .unwrap();
    std::fs::create_dir(nested.join(".toolgate.yaml")).unwrap();
    let source = discover(None, None, Some(&nested), None);
    let p = load(&source);
    assert!(!p.is_usable());
    let d = p.diagnostics.errors().next().unwrap();
    assert_eq!(d.code, "unreadable-policy");
    assert!(d.message.contains("directory"), "{}", d.message);
    assert!(!d.message.contains(dir.path().to_str().unwrap()));
    assert_eq!(
        p.network
            .egress
            .check_url("https://example.com/", None)
            .reason,
        EgressReason::InvalidPolicy
    );
    #[cfg(unix)]
    {
        std::fs::remove_dir(nested.join(".toolgate.yaml")).unwrap();
        std::os::unix::fs::symlink(nested.join("gone.yaml"), nested.join(".toolgate.yaml"))
            .unwrap();
        let p = load(&discover(None, None, Some(&nested), None));
        let d = p.diagnostics.errors().next().unwrap();
        assert!(d.message.contains("symlink"), "{}", d.message);
        assert_eq!(
            p.network
                .egress
                .check_url("https://example.com/", None)
                .reason,
            EgressReason::InvalidPolicy
        );
    }
}
