//! What `toolgate validate` checks beyond loading: the rules' inline `examples:` (each decided
//! through the hook's code path) and a lint of the rules: rules that can never match, rules
//! shadowed by others, and disabled rules that other rules' examples rely on.

use std::sync::Arc;

use toolgate_core::Verdict;
use toolgate_core::rules::{Rule, RuleSet};
use toolgate_policy::document::{Format, Node, Position, parse_document};
use toolgate_policy::examples::{Example, RuleExamples};
use toolgate_policy::{Diagnostic, Policy};
use toolgate_shell::{CommandRule, CommandRuleSet, PathGroup};

use super::policy_cases::{Call, decide, host_answer, rules_of, stopped};
use super::policy_test::rule_ids_by_origin;

/// The findings for a usable `policy`: errors for failing examples, warnings for the lint.
pub fn check(policy: &Policy) -> Vec<Diagnostic> {
    let shared = Arc::new(policy.clone());
    let positions = RulePositions::of(policy);
    let mut out = Vec::new();
    let disabled = disabled_rules(policy);
    for set in &policy.examples {
        check_examples(&shared, set, &disabled, &mut out);
    }
    let (file_ids, _) = rule_ids_by_origin(policy);
    never_matches(policy, &file_ids, &positions, &mut out);
    shadowed(&shared, &file_ids, &positions, &mut out);
    out
}

/// A disabled rule, and the policy with it switched on.
struct Disabled {
    id: String,
    enabled: Arc<Policy>,
}

fn disabled_rules(policy: &Policy) -> Vec<Disabled> {
    let mut out = Vec::new();
    let rules = policy.rules.rules.rules();
    for (i, r) in rules.iter().enumerate() {
        if r.enabled {
            continue;
        }
        let mut on: Vec<Rule> = rules.to_vec();
        on[i].enabled = true;
        if let Ok(set) = RuleSet::new(on) {
            let mut p = policy.clone();
            p.rules.rules = set;
            out.push(Disabled {
                id: r.id.clone(),
                enabled: Arc::new(p),
            });
        }
    }
    let commands = policy.commands.rules.rules();
    for (i, r) in commands.iter().enumerate() {
        if r.enabled {
            continue;
        }
        let mut on: Vec<CommandRule> = commands.to_vec();
        on[i].enabled = true;
        let mut p = policy.clone();
        p.commands.rules = CommandRuleSet::empty().with_rules(on);
        out.push(Disabled {
            id: r.id.clone(),
            enabled: Arc::new(p),
        });
    }
    out
}

fn call_of(e: &Example) -> Call {
    Call::new(&e.tool, e.input.clone())
}

fn list(ids: &[String]) -> String {
    if ids.is_empty() {
        "none".into()
    } else {
        ids.join(", ")
    }
}

fn check_examples(
    policy: &Arc<Policy>,
    set: &RuleExamples,
    disabled: &[Disabled],
    out: &mut Vec<Diagnostic>,
) {
    let id = &set.rule_id;
    let is_disabled = disabled.iter().any(|d| d.id == *id);
    for e in &set.deny {
        let outcome = decide(&call_of(e), policy);
        let rules = rules_of(&outcome);
        if stopped(&outcome) && rules.contains(id) {
            continue;
        }
        let hint = if is_disabled {
            format!("rule `{id}` is disabled: enable it, or remove this example")
        } else if let Some(d) = disabled
            .iter()
            .find(|d| rules_of(&decide(&call_of(e), &d.enabled)).contains(id))
        {
            format!("it is caught only while disabled rule `{}` is on", d.id)
        } else {
            "widen the rule's conditions, or move the example under `allow`".into()
        };
        out.push(
            Diagnostic::error(
                "example-failed",
                e.position,
                format!(
                    "a `deny` example of rule `{id}` is not denied by it: the hook answers {} (rules: {})",
                    host_answer(&outcome),
                    list(&rules)
                ),
            )
            .with_hint(hint),
        );
    }
    for e in &set.allow {
        let outcome = decide(&call_of(e), policy);
        if stopped(&outcome) {
            out.push(
                Diagnostic::error(
                    "example-failed",
                    e.position,
                    format!(
                        "an `allow` example of rule `{id}` is stopped: the hook answers {} (rules: {})",
                        host_answer(&outcome),
                        list(&rules_of(&outcome))
                    ),
                )
                .with_hint("narrow the rule that stops it, or move the example under `deny`"),
            );
            continue;
        }
        for d in disabled.iter().filter(|d| d.id != *id) {
            let with = decide(&call_of(e), &d.enabled);
            if stopped(&with) && rules_of(&with).contains(&d.id) {
                out.push(
                    Diagnostic::warning(
                        "disabled-rule-relied-on",
                        e.position,
                        format!(
                            "this `allow` example of rule `{id}` passes only because rule `{}` is disabled",
                            d.id
                        ),
                    )
                    .with_hint(format!(
                        "if `{}` is switched on again this call is {}; narrow that rule or drop the example",
                        d.id,
                        host_answer(&with)
                    )),
                );
            }
        }
    }
}

/// Where each rule of the policy file is written, by id.
struct RulePositions {
    entries: Vec<(String, Position)>,
}

impl RulePositions {
    fn of(policy: &Policy) -> RulePositions {
        let mut entries = Vec::new();
        let doc = policy
            .text
            .as_deref()
            .and_then(|t| parse_document(t, Format::from_path(policy.path()?)).ok());
        if let Some(doc) = doc {
            let lists = [
                doc.get("rules"),
                doc.get("commands").filter(|c| c.as_sequence().is_some()),
                doc.get("commands").and_then(|c| c.get("rules")),
            ];
            for list in lists.into_iter().flatten() {
                for item in list.as_sequence().unwrap_or_default() {
                    if let Some(id) = item.get("id").and_then(Node::as_str) {
                        entries.push((id.to_string(), item.position));
                    }
                }
            }
        }
        RulePositions { entries }
    }

    fn of_id(&self, id: &str) -> Position {
        self.entries
            .iter()
            .find(|(i, _)| i == id)
            .map_or(Position::UNKNOWN, |(_, p)| *p)
    }
}

fn never_matches(
    policy: &Policy,
    file_ids: &[String],
    at: &RulePositions,
    out: &mut Vec<Diagnostic>,
) {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let mut warn = |id: &str, why: String, hint: &str| {
        out.push(
            Diagnostic::warning(
                "never-matches",
                at.of_id(id),
                format!("rule `{id}` can never match: {why}"),
            )
            .with_hint(hint.to_string()),
        );
    };
    for r in policy.rules.rules.rules() {
        if !file_ids.contains(&r.id) {
            continue;
        }
        if r.keywords.iter().all(|k| k.trim().is_empty()) && r.patterns.is_empty() {
            warn(
                &r.id,
                "it has no keywords and no patterns".into(),
                "add `keywords:` or `patterns:`",
            );
        }
        if let (Some(from), Some(until)) = (&r.valid_from, &r.valid_until)
            && from.epoch_seconds > until.epoch_seconds
        {
            warn(
                &r.id,
                "`valid_from` is after `valid_until`".into(),
                "swap the two dates",
            );
        } else if let Some(until) = &r.valid_until
            && until.epoch_seconds < now
        {
            warn(
                &r.id,
                "its `valid_until` has passed".into(),
                "move `valid_until` into the future or remove the rule",
            );
        }
        if !r.condition_applies_without_context() {
            warn(
                &r.id,
                "its `condition` needs a context the hook never has".into(),
                "write `missing: match` on each condition, or remove `condition:`",
            );
        }
    }
    for r in policy.commands.rules.rules() {
        if !file_ids.contains(&r.id) {
            continue;
        }
        if let Some(f) = r.flags_all.iter().find(|f| r.flags_none.contains(f)) {
            warn(
                &r.id,
                format!("flag `{f}` is both required (`flags_all`) and excluded (`flags_none`)"),
                "remove it from one of the two lists",
            );
        } else if !r.flags_any.is_empty() && r.flags_any.iter().all(|f| r.flags_none.contains(f)) {
            warn(
                &r.id,
                "every flag of `flags_any` is excluded by `flags_none`".into(),
                "remove them from `flags_none`",
            );
        }
        if !r.programs.is_empty() && r.programs.iter().all(|p| p.trim().is_empty()) {
            warn(
                &r.id,
                "its `program` is empty".into(),
                "write a program name such as `git` (or `\"*\"` for any)",
            );
        }
    }
}

/// The verdict a constitution rule's match gives.
fn rule_verdict(r: &Rule) -> Verdict {
    r.workflow_action.verdict()
}

/// Whether every text `a` matches is matched by `b` too (keyword containment, identical
/// patterns), with `b` in force whenever `a` is.
fn rule_covers(b: &Rule, a: &Rule) -> bool {
    let b_keywords: Vec<String> = b
        .keywords
        .iter()
        .filter(|k| !k.trim().is_empty())
        .map(|k| k.to_lowercase())
        .collect();
    let a_keywords: Vec<String> = a
        .keywords
        .iter()
        .filter(|k| !k.trim().is_empty())
        .map(|k| k.to_lowercase())
        .collect();
    if a_keywords.is_empty() && a.patterns.is_empty() {
        return false;
    }
    b.enabled
        && !b.deprecated
        && b.condition.is_empty()
        && b.valid_from.is_none()
        && b.valid_until.is_none()
        && a_keywords
            .iter()
            .all(|k| b_keywords.iter().any(|bk| k.contains(bk.as_str())))
        && a.patterns.iter().all(|p| b.patterns.contains(p))
}

/// Whether every command `a` matches is matched by `b` (both file rules: no hidden checks).
fn command_covers(b: &CommandRule, a: &CommandRule) -> bool {
    let programs = b.programs.is_empty()
        || b.programs.iter().any(|p| p == "*")
        || (!a.programs.is_empty() && a.programs.iter().all(|p| b.programs.contains(p)));
    let subset = |small: &[String], big: &[String]| small.iter().all(|x| big.contains(x));
    let any = b.flags_any.is_empty()
        || (!a.flags_any.is_empty() && subset(&a.flags_any, &b.flags_any))
        || a.flags_all.iter().any(|f| b.flags_any.contains(f));
    b.enabled
        && programs
        && a.subcommand.starts_with(&b.subcommand)
        && subset(&b.flags_all, &a.flags_all)
        && any
        && subset(&b.flags_none, &a.flags_none)
        && (b.args_any.is_empty() || (!a.args_any.is_empty() && subset(&a.args_any, &b.args_any)))
        && (b.path_class.is_empty()
            || b.path_class.contains(&PathGroup::Any)
            || (!a.path_class.is_empty() && a.path_class.iter().all(|x| b.path_class.contains(x))))
}

fn shadowed(
    policy: &Arc<Policy>,
    file_ids: &[String],
    at: &RulePositions,
    out: &mut Vec<Diagnostic>,
) {
    let mut warn = |a: &str, b: &str| {
        out.push(
            Diagnostic::warning(
                "shadowed-rule",
                at.of_id(a),
                format!("rule `{a}` is shadowed by rule `{b}`: every call it matches, `{b}` matches too, with the same or a stronger action, so `{a}` never changes a decision"),
            )
            .with_hint(format!("remove `{a}`, narrow `{b}`, or give `{a}` a stronger workflow_action")),
        );
    };
    let rules = policy.rules.rules.rules();
    for a in rules
        .iter()
        .filter(|r| r.enabled && file_ids.contains(&r.id))
    {
        if let Some(b) = rules
            .iter()
            .find(|b| b.id != a.id && rule_covers(b, a) && rule_verdict(b) >= rule_verdict(a))
        {
            warn(&a.id, &b.id);
        }
    }
    let builtin = CommandRuleSet::builtin();
    let commands = policy.commands.rules.rules();
    for a in commands
        .iter()
        .filter(|r| r.enabled && file_ids.contains(&r.id))
    {
        let shadow = commands.iter().find(|b| {
            if b.id == a.id || b.workflow_action.verdict() < a.workflow_action.verdict() {
                return false;
            }
            if !builtin.rules().iter().any(|x| x.id == b.id) {
                return command_covers(b, a);
            }
            // A built-in rule may carry checks the lint cannot see: it shadows only when the
            // rule's own deny examples show it.
            let examples = policy
                .examples
                .iter()
                .find(|e| e.rule_id == a.id)
                .map(|e| e.deny.as_slice())
                .unwrap_or_default();
            command_covers(b, a)
                && !examples.is_empty()
                && examples
                    .iter()
                    .all(|e| rules_of(&decide(&call_of(e), policy)).contains(&b.id))
        });
        if let Some(b) = shadow {
            warn(&a.id, &b.id);
        }
    }
}
