//! Consistency of the catalog: unique, well-formed names and ids, renamed rules that point
//! at pack rules, verdicts that follow severity.

use super::*;

#[test]
fn names_and_ids_are_unique_and_well_formed() {
    let mut ids = Vec::new();
    for (i, p) in PACKS.iter().enumerate() {
        assert!(
            p.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
            "{}",
            p.name
        );
        assert!(PACKS[i + 1..].iter().all(|o| o.name != p.name));
        assert!(!p.rules.is_empty() && !p.summary.is_empty());
        for r in p.rules {
            assert!(r.id.starts_with("TG-"), "{}", r.id);
            assert!(
                r.id.bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'-'),
                "{}",
                r.id
            );
            assert!(!r.text.is_empty() && !r.stops.is_empty());
            ids.push(r.id);
            assert_eq!(rule(r.id).map(|(pk, _)| pk.name), Some(p.name));
        }
    }
    let n = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), n, "rule ids must be unique");
}

#[test]
fn renamed_rules_point_at_pack_rules() {
    for (old, new) in RENAMED_RULES {
        assert!(rule(old).is_none(), "{old} is still a pack rule");
        assert!(rule(new).is_some(), "{new} is no pack rule");
        assert_eq!(renamed(old), Some(*new));
    }
    assert_eq!(renamed("TG-IAC-DESTROY"), None);
}

#[test]
fn verdicts_follow_severity() {
    // Deny rules are critical (block, no override); review rules are high.
    for r in PACKS.iter().flat_map(|p| p.rules) {
        match r.verdict {
            PackVerdict::Deny => assert_eq!(r.severity, Severity::Critical, "{}", r.id),
            PackVerdict::Review => assert_eq!(r.severity, Severity::High, "{}", r.id),
        }
        assert_eq!(r.verdict.workflow_action().verdict(), r.verdict.verdict());
    }
    assert!(
        pack("hosting")
            .unwrap()
            .rules
            .iter()
            .all(|r| r.verdict == PackVerdict::Review)
    );
    assert!(pack("nope").is_none());
    assert!(rule("TG-NOPE").is_none());
}
