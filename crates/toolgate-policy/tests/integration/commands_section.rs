//! Reading the `commands:` section.

use toolgate_core::{Verdict, WorkflowAction};
use toolgate_policy::{Format, Policy, PolicySource, load_str};
use toolgate_shell::{CommandContext, analyze};

fn load(yaml: &str) -> Policy {
    load_str(yaml, Format::Yaml, PolicySource::Builtin)
}

fn matched(p: &Policy, command: &str) -> Vec<String> {
    p.commands
        .rules
        .evaluate(&analyze(command), &CommandContext::default())
        .into_iter()
        .map(|m| m.rule_id)
        .collect()
}

#[test]
fn list_form_adds_rules_to_the_builtin_pack() {
    let p = load(
        "commands:\n  - id: NO-FORCE-PUSH\n    text: Force pushes need a person\n    program: git\n    subcommand: push\n    flags_any: [force]\n    workflow_action: require_human_review\n",
    );
    assert!(p.is_usable(), "{}", p.render_diagnostics());
    let m = p.commands.rules.evaluate(
        &analyze("sudo git push -f origin main"),
        &CommandContext::default(),
    );
    let mine = m.iter().find(|m| m.rule_id == "NO-FORCE-PUSH").unwrap();
    assert_eq!(mine.action, WorkflowAction::RequireHumanReview);
    assert!(m.iter().any(|m| m.rule_id == "TG-CMD-GIT-PUSH-FORCE"));
    assert_eq!(p.commands.on_indeterminate, Verdict::Deny);
}

#[test]
fn builtin_is_the_default_without_a_section() {
    let p = load("hook:\n  on_review: ask\n");
    assert!(matched(&p, "rm -rf /").contains(&"TG-CMD-RM-ROOT".to_string()));
    assert!(matched(&p, "ls -la").is_empty());
}

#[test]
fn mapping_form_options() {
    let p = load(
        "commands:\n  builtin: false\n  on_indeterminate: review\n  rules:\n    - id: NO-KUBECTL-DELETE\n      text: no deletes\n      program: kubectl\n      subcommand: delete\n      args_any: [\"prod*\"]\n",
    );
    assert!(p.is_usable(), "{}", p.render_diagnostics());
    assert_eq!(p.commands.on_indeterminate, Verdict::Review);
    assert!(matched(&p, "rm -rf /").is_empty());
    assert_eq!(
        matched(&p, "kubectl delete namespace prod-eu"),
        vec!["NO-KUBECTL-DELETE".to_string()]
    );
    assert!(matched(&p, "kubectl delete namespace dev").is_empty());
}

#[test]
fn disable_switches_off_builtin_rules() {
    let p = load("commands:\n  disable: [TG-CMD-GIT-CLEAN]\n");
    assert!(p.is_usable(), "{}", p.render_diagnostics());
    assert!(matched(&p, "git clean -fd").is_empty());
    assert!(!matched(&p, "git reset --hard").is_empty());
}

#[test]
fn path_class_and_flags_all() {
    let p = load(
        "commands:\n  builtin: false\n  rules:\n    - id: NO-CHOWN-HOME\n      text: t\n      program: [chown, chgrp]\n      flags_all: [-R]\n      path_class: home\n",
    );
    assert!(p.is_usable(), "{}", p.render_diagnostics());
    assert_eq!(
        matched(&p, "chown -R me ~/x"),
        vec!["NO-CHOWN-HOME".to_string()]
    );
    assert!(matched(&p, "chown me ~/x").is_empty());
}

#[test]
fn unknown_keys_and_bad_values_are_positioned_errors() {
    let p = load(
        "commands:\n  - id: A\n    text: t\n    program: git\n    flag_any: [force]\n    severity: severe\n    path_class: everywhere\n",
    );
    assert!(!p.is_usable());
    let items = p.diagnostics.items();
    let unknown = items.iter().find(|d| d.code == "unknown-key").unwrap();
    assert_eq!(unknown.position().line, 5);
    assert_eq!(unknown.hint.as_deref(), Some("did you mean `flags_any`?"));
    assert!(
        items
            .iter()
            .any(|d| d.code == "invalid-value" && d.position().line == 6)
    );
    assert!(
        items
            .iter()
            .any(|d| d.code == "invalid-value" && d.position().line == 7)
    );
}

#[test]
fn missing_keys_duplicates_and_bad_options() {
    let p = load(
        "commands:\n  on_indeterminate: allow\n  disable: [NOPE]\n  rules:\n    - text: no id\n      program: x\n    - id: B\n      text: t\n      program: x\n    - id: B\n      text: t\n      program: x\n    - id: C\n      text: t\n",
    );
    let codes: Vec<&str> = p.diagnostics.items().iter().map(|d| d.code).collect();
    assert!(codes.contains(&"invalid-value"), "{codes:?}");
    assert!(codes.contains(&"unknown-rule"), "{codes:?}");
    assert!(codes.contains(&"duplicate-id"), "{codes:?}");
    assert_eq!(
        codes.iter().filter(|c| **c == "missing-key").count(),
        2,
        "{codes:?}"
    );
    assert!(p.diagnostics.items().iter().all(|d| d.position().line > 0));
}

#[test]
fn wrong_type_is_reported() {
    let p = load("commands: 3\n");
    assert!(!p.is_usable());
    assert_eq!(p.diagnostics.items()[0].code, "wrong-type");
}

#[test]
fn a_renamed_rule_disables_the_rule_that_replaced_it() {
    let p = load("commands:\n  disable: [TG-CMD-GIT-CONFIG-PROGRAM]\n");
    assert!(p.is_usable(), "{}", p.render_diagnostics());
    let warning = p
        .diagnostics
        .warnings()
        .find(|d| d.code == "renamed-rule")
        .expect("a renamed-rule warning");
    assert_eq!(warning.position().line, 2);
    assert_eq!(p.commands.packs.verdict("TG-PERSIST-GIT-CONFIG"), None);
    assert!(
        !p.commands
            .rules
            .rules()
            .iter()
            .any(|r| r.id == "TG-CMD-GIT-CONFIG-PROGRAM"),
        "the old id names no built-in rule"
    );
    let p = load("commands:\n  disable: [TG-CMD-GIT-CLEAN]\n");
    assert!(p.commands.packs.verdict("TG-PERSIST-GIT-CONFIG").is_some());
}
