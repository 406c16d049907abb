//! The `commands:` section: shell command rules.
//!
//! Two forms are accepted:
//!
//! ```yaml
//! commands:                      # a list: extra rules on top of the built-in pack
//!   - id: NO-FORCE-PUSH
//!     text: Force pushes need a person
//!     program: git               # basename glob, or a list of them
//!     subcommand: push           # or "stash drop" (subcommand, then first operands)
//!     flags_any: [force]         # also flags_all, flags_none; -f / --force / force
//!     workflow_action: require_human_review
//! ```
//!
//! ```yaml
//! commands:                      # a mapping, for the options
//!   builtin: true                # false: drop the built-in destructive pack
//!   disable: [TG-CMD-GIT-CLEAN]  # built-in rules to switch off
//!   on_indeterminate: deny       # deny (default) | review (alias: ask)
//!   packs: {hosting: off}        # rule packs: on (default) | off | deny | review
//!   rules: [ ... ]               # as above
//! ```
//!
//! `disable` takes the ids of pack rules too (`TG-K8S-DISRUPT`); see [`crate::packs`].
//!
//! Rule keys: `id` and `text` (required), `program` (required), `severity` (default `high`),
//! `workflow_action` (default from severity), `subcommand`, `flags_all`, `flags_any`,
//! `flags_none`, `args_any` (globs over arguments), `path_class` (`root`, `home`, `system`,
//! `temp`, `cache`, `cwd`, `inside_cwd`, `outside_cwd`, `unknown`, `any`; one or a list),
//! `enabled`.

use toolgate_core::{Severity, Verdict, WorkflowAction};
use toolgate_shell::{CommandRule, CommandRuleSet, PathGroup};

use crate::ReadContext;
use crate::diagnostic::Diagnostics;
use crate::document::{Node, Position, Value};
use crate::packs::{PackSettings, take_packs};
use crate::reader::MapReader;

/// The command rules as read from a policy file.
#[derive(Debug, Clone)]
pub struct CommandsSection {
    /// The rules: the built-in pack (unless turned off) and the file's own.
    pub rules: CommandRuleSet,
    /// The verdict for a command that cannot be analysed: `Deny` (default) or `Review`.
    pub on_indeterminate: Verdict,
    /// Which rule packs are on (`commands.packs`), and the pack rules disabled one by one.
    pub packs: PackSettings,
}

impl Default for CommandsSection {
    fn default() -> Self {
        CommandsSection::builtin()
    }
}

impl CommandsSection {
    /// The built-in default: the destructive-command pack, indeterminate commands denied.
    pub fn builtin() -> Self {
        CommandsSection {
            rules: CommandRuleSet::builtin(),
            on_indeterminate: Verdict::Deny,
            packs: PackSettings::builtin(),
        }
    }
}

/// The keys of the mapping form.
pub const COMMANDS_KEYS: &[&str] = &["builtin", "disable", "on_indeterminate", "packs", "rules"];
/// The keys of one rule.
pub const RULE_KEYS: &[&str] = &[
    "id",
    "text",
    "severity",
    "workflow_action",
    "program",
    "subcommand",
    "flags_all",
    "flags_any",
    "flags_none",
    "args_any",
    "path_class",
    "enabled",
];

/// Reads the `commands:` section.
pub fn read_commands(node: &Node, cx: &mut ReadContext) -> CommandsSection {
    let diags = &mut cx.diags;
    let mut section = CommandsSection::builtin();
    match &node.value {
        Value::Null => section,
        Value::Sequence(_) => {
            let extra = read_rules(node, "commands", diags);
            section.rules = section.rules.with_rules(extra);
            section
        }
        Value::Mapping(_) => {
            let Some(mut map) = MapReader::new(node, "commands", diags) else {
                return section;
            };
            let mut rules = CommandRuleSet::builtin();
            if let Some((false, _)) = map.bool("builtin", diags) {
                rules = CommandRuleSet::empty();
            }
            if let Some(packs) = take_packs(&mut map, diags) {
                section.packs = packs;
            }
            if let Some((ids, _)) = map.string_list("disable", diags) {
                let known = CommandRuleSet::builtin();
                for (id, pos) in &ids {
                    if let Some(new) = toolgate_core::packs::renamed(id) {
                        section.packs.disable_rule(new);
                        diags.warning_hint(
                            "renamed-rule",
                            *pos,
                            format!("`commands.disable`: rule `{id}` is now `{new}`"),
                            format!("write `{new}`"),
                        );
                        continue;
                    }
                    if !known.rules().iter().any(|r| r.id == *id) && !section.packs.disable_rule(id)
                    {
                        diags.error_hint(
                            "unknown-rule",
                            *pos,
                            format!("`commands.disable` names no built-in rule `{id}`"),
                            "run `toolgate explain` on a command to see rule ids (TG-CMD-…)",
                        );
                    }
                }
                let ids: Vec<&str> = ids.iter().map(|(s, _)| *s).collect();
                rules = rules.disable(&ids);
            }
            if let Some((value, pos)) = map.string("on_indeterminate", diags) {
                match value {
                    "deny" => section.on_indeterminate = Verdict::Deny,
                    "review" | "ask" => section.on_indeterminate = Verdict::Review,
                    _ => diags.error_hint(
                        "invalid-value",
                        pos,
                        "`commands.on_indeterminate` must be `deny` or `review`",
                        "write `on_indeterminate: deny` or `on_indeterminate: review`",
                    ),
                }
            }
            if let Some(list) = map.take("rules") {
                let extra = read_rules(list, "commands.rules", diags);
                rules = rules.with_rules(extra);
            }
            map.finish(COMMANDS_KEYS, diags);
            section.rules = rules;
            section
        }
        _ => {
            diags.error_hint(
                "wrong-type",
                node.position,
                format!(
                    "`commands` must be a list or a mapping, found {}",
                    node.type_name()
                ),
                "write a list of rules (`- id: …`) or `commands: {rules: [...]}`",
            );
            section
        }
    }
}

fn read_rules(node: &Node, path: &str, diags: &mut Diagnostics) -> Vec<CommandRule> {
    let Some(items) = node.as_sequence() else {
        diags.error_hint(
            "wrong-type",
            node.position,
            format!(
                "`{path}` must be a list of rules, found {}",
                node.type_name()
            ),
            "write `- id: …` items",
        );
        return Vec::new();
    };
    let mut out: Vec<CommandRule> = Vec::new();
    let builtin = CommandRuleSet::builtin();
    for (i, item) in items.iter().enumerate() {
        let p = format!("{path}[{i}]");
        if let Some(rule) = read_rule(item, &p, diags) {
            if out.iter().any(|r| r.id == rule.id)
                || builtin.rules().iter().any(|r| r.id == rule.id)
            {
                diags.error_hint(
                    "duplicate-id",
                    item.position,
                    format!("`{p}.id` `{}` is used by another command rule", rule.id),
                    "give every rule its own id",
                );
                continue;
            }
            out.push(rule);
        }
    }
    out
}

/// A string or a list of strings.
fn one_or_many<'a>(
    map: &mut MapReader<'a>,
    key: &str,
    diags: &mut Diagnostics,
) -> Option<(Vec<(&'a str, Position)>, Position)> {
    let node = map.take(key)?;
    match &node.value {
        Value::String(s) => Some((vec![(s.as_str(), node.position)], node.position)),
        Value::Null => None,
        _ => crate::reader::expect_string_list(node, &map.child_path(key), diags)
            .map(|l| (l, node.position)),
    }
}

fn read_rule(node: &Node, path: &str, diags: &mut Diagnostics) -> Option<CommandRule> {
    let mut map = MapReader::new(node, path, diags)?;
    let id = map.string("id", diags);
    let text = map.string("text", diags);
    let mut ok = true;
    if id.is_none() {
        diags.error_hint(
            "missing-key",
            node.position,
            format!("`{path}` has no `id`"),
            "add `id: MY-RULE`",
        );
        ok = false;
    }
    if text.is_none() {
        diags.error_hint(
            "missing-key",
            node.position,
            format!("`{path}` has no `text`"),
            "add `text: why this command is refused`",
        );
        ok = false;
    }
    let mut rule = CommandRule::new(
        id.map(|(s, _)| s).unwrap_or(""),
        text.map(|(s, _)| s).unwrap_or(""),
    );
    if let Some((s, pos)) = map.string("severity", diags) {
        match Severity::parse(s) {
            Some(sev) => {
                rule.severity = sev;
                rule.workflow_action = sev.default_action();
            }
            None => {
                diags.error_hint(
                    "invalid-value",
                    pos,
                    format!("`{path}.severity` is not a severity"),
                    "write one of: critical, high, medium, low",
                );
                ok = false;
            }
        }
    }
    if let Some((s, pos)) = map.string("workflow_action", diags) {
        match WorkflowAction::parse(s) {
            Some(a) => rule.workflow_action = a,
            None => {
                let names: Vec<&str> = WorkflowAction::ALL.iter().map(|a| a.as_str()).collect();
                diags.error_hint(
                    "invalid-value",
                    pos,
                    format!("`{path}.workflow_action` is not a workflow action"),
                    format!("write one of: {}", names.join(", ")),
                );
                ok = false;
            }
        }
    }
    match one_or_many(&mut map, "program", diags) {
        Some((programs, _)) => {
            rule.programs = programs.iter().map(|(s, _)| s.to_string()).collect()
        }
        None => {
            diags.error_hint(
                "missing-key",
                node.position,
                format!("`{path}` has no `program`"),
                "add `program: git` (a basename; globs like `mkfs.*` work, `\"*\"` is any)",
            );
            ok = false;
        }
    }
    if let Some((s, _)) = map.string("subcommand", diags) {
        rule.subcommand = s.split_whitespace().map(str::to_string).collect();
    }
    for (key, slot) in [
        ("flags_all", &mut rule.flags_all),
        ("flags_any", &mut rule.flags_any),
        ("flags_none", &mut rule.flags_none),
        ("args_any", &mut rule.args_any),
    ] {
        if let Some((list, _)) = one_or_many(&mut map, key, diags) {
            *slot = list.iter().map(|(s, _)| s.to_string()).collect();
        }
    }
    if let Some((list, _)) = one_or_many(&mut map, "path_class", diags) {
        for (s, pos) in list {
            match PathGroup::parse(s) {
                Some(g) => rule.path_class.push(g),
                None => {
                    diags.error_hint(
                        "invalid-value",
                        pos,
                        format!("`{path}.path_class` has an unknown class"),
                        format!(
                            "write one of: {}",
                            PathGroup::names().collect::<Vec<_>>().join(", ")
                        ),
                    );
                    ok = false;
                }
            }
        }
    }
    if let Some((b, _)) = map.bool("enabled", diags) {
        rule.enabled = b;
    }
    map.finish(RULE_KEYS, diags);
    ok.then_some(rule)
}
