//! Command rules and their evaluation.

mod destructive;
mod git;
mod packs;

use std::sync::Arc;

use serde::Serialize;
use toolgate_core::{Severity, WorkflowAction};

use crate::facts::paths::{PathClass, classify};
use crate::model::{CommandAnalysis, CommandContext, SimpleCommand};
use crate::rules::destructive::Check;

pub use packs::{
    PACKS_WITH_COMMAND_MATCHERS, PackMatch, RULES_MATCHED_BY_THE_ENGINE, SecretFlow,
    evaluate_packs, planted_files, secret_flows,
};

/// A rule that matched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CommandMatch {
    /// The rule's id.
    pub rule_id: String,
    /// The rule's text (written by the policy author, not derived from input).
    pub text: String,
    /// The rule's severity.
    pub severity: Severity,
    /// What a match does.
    pub action: WorkflowAction,
}

/// One command rule. Every condition given must hold for some simple command.
#[derive(Debug, Clone)]
pub struct CommandRule {
    /// Unique id (`TG-CMD-RM-ROOT`).
    pub id: String,
    /// The explanation shown when it matches.
    pub text: String,
    /// Severity (chooses the default workflow action).
    pub severity: Severity,
    /// What a match does.
    pub workflow_action: WorkflowAction,
    /// Program basenames (globs with `*` and `?`, compared ignoring case). Empty: any program.
    pub programs: Vec<String>,
    /// Subcommand words: `["push"]`, `["stash", "drop"]` (the first is the subcommand, the
    /// rest the first operands; compared ignoring case).
    pub subcommand: Vec<String>,
    /// Flags that must all be present.
    pub flags_all: Vec<String>,
    /// Flags of which one must be present.
    pub flags_any: Vec<String>,
    /// Flags none of which may be present.
    pub flags_none: Vec<String>,
    /// Globs of which one must match an argument.
    pub args_any: Vec<String>,
    /// Path classes (`root`, `home`, `system`, `temp`, `cwd`, `inside_cwd`, `outside_cwd`,
    /// `unknown`, `any`) of which one must hold for an operand.
    pub path_class: Vec<String>,
    /// Disabled rules never match.
    pub enabled: bool,
    pub(crate) check: Option<Check>,
}

impl CommandRule {
    /// A rule with the given id and text, severity high (blocks), matching every program until
    /// conditions are added.
    pub fn new(id: impl Into<String>, text: impl Into<String>) -> CommandRule {
        CommandRule {
            id: id.into(),
            text: text.into(),
            severity: Severity::High,
            workflow_action: Severity::High.default_action(),
            programs: Vec::new(),
            subcommand: Vec::new(),
            flags_all: Vec::new(),
            flags_any: Vec::new(),
            flags_none: Vec::new(),
            args_any: Vec::new(),
            path_class: Vec::new(),
            enabled: true,
            check: None,
        }
    }

    /// Whether the rule matches `cmd`.
    pub fn matches(&self, cmd: &SimpleCommand, cx: &CommandContext) -> bool {
        self.matches_program(cmd, &cmd.program_lower(), cx)
    }

    fn matches_program(&self, cmd: &SimpleCommand, program: &str, cx: &CommandContext) -> bool {
        if !self.enabled {
            return false;
        }
        if !self.programs.is_empty() && !self.programs.iter().any(|p| glob_match_ci(p, program)) {
            return false;
        }
        let mut operand_start = 0;
        if let Some((first, rest)) = self.subcommand.split_first() {
            // Programs without a known subcommand syntax: the first operand is the subcommand.
            let (sub, skip) = match &cmd.subcommand {
                Some(s) => (Some(s), 0),
                None => (cmd.operands.first(), 1),
            };
            match sub {
                Some(s) if s.eq_ignore_ascii_case(first) => {}
                _ => return false,
            }
            for (i, w) in rest.iter().enumerate() {
                match cmd.operands.get(skip + i) {
                    Some(o) if o.eq_ignore_ascii_case(w) => {}
                    _ => return false,
                }
            }
            operand_start = skip + rest.len();
        }
        let sub = cmd.subcommand.as_deref().map(str::to_ascii_lowercase);
        let has = |f: &String| {
            cmd.flags
                .contains(&crate::options::normalize::canonical_flag(
                    program,
                    sub.as_deref(),
                    f,
                ))
        };
        if !self.flags_all.iter().all(has) {
            return false;
        }
        if !self.flags_any.is_empty() && !self.flags_any.iter().any(has) {
            return false;
        }
        if self.flags_none.iter().any(has) {
            return false;
        }
        if !self.args_any.is_empty()
            && !cmd
                .args
                .iter()
                .any(|a| self.args_any.iter().any(|g| glob_match(g, a)))
        {
            return false;
        }
        if !self.path_class.is_empty() {
            let classes = operand_classes(cmd, operand_start, cx);
            if !classes
                .iter()
                .any(|c| self.path_class.iter().any(|g| c.in_group(g)))
            {
                return false;
            }
        }
        match &self.check {
            Some(check) => check.holds(cmd, cx),
            None => true,
        }
    }

    fn to_match(&self) -> CommandMatch {
        CommandMatch {
            rule_id: self.id.clone(),
            text: self.text.clone(),
            severity: self.severity,
            action: self.workflow_action,
        }
    }
}

/// The classes of `cmd`'s operands from `start` on; input-supplied arguments count as unknown.
pub(crate) fn operand_classes(
    cmd: &SimpleCommand,
    start: usize,
    cx: &CommandContext,
) -> Vec<PathClass> {
    let roots: Vec<PathClass> = cmd
        .input_roots
        .iter()
        .map(|r| crate::facts::paths::root_class(r, cmd, cx))
        .collect();
    let mut out: Vec<PathClass> = Vec::new();
    for o in cmd.operands.iter().skip(start) {
        let at = cmd.args.iter().position(|a| a == o);
        if !roots.is_empty() && at.is_some_and(|i| cmd.rooted_args.contains(&i)) {
            out.extend(roots.iter().copied());
            continue;
        }
        let dynamic = at.is_some_and(|i| cmd.is_dynamic(i));
        out.push(classify(o, dynamic, cmd, cx));
    }
    if cmd.args_from_input {
        if roots.is_empty() {
            out.push(PathClass::Unknown);
        } else {
            out.extend(roots);
        }
    }
    out
}

/// A set of command rules, cheap to clone and share.
#[derive(Debug, Clone)]
pub struct CommandRuleSet {
    rules: Arc<Vec<CommandRule>>,
}

impl CommandRuleSet {
    /// The built-in destructive-command pack.
    pub fn builtin() -> CommandRuleSet {
        CommandRuleSet {
            rules: Arc::new(crate::rules::destructive::rules()),
        }
    }

    /// No rules.
    pub fn empty() -> Self {
        CommandRuleSet {
            rules: Arc::new(Vec::new()),
        }
    }

    /// These rules followed by `extra`.
    pub fn with_rules(self, extra: Vec<CommandRule>) -> Self {
        let mut rules = (*self.rules).clone();
        rules.extend(extra);
        CommandRuleSet {
            rules: Arc::new(rules),
        }
    }

    /// These rules with the ones whose id is in `ids` disabled.
    pub fn disable(self, ids: &[&str]) -> Self {
        let mut rules = (*self.rules).clone();
        for r in &mut rules {
            if ids.contains(&r.id.as_str()) {
                r.enabled = false;
            }
        }
        CommandRuleSet {
            rules: Arc::new(rules),
        }
    }

    /// The rules, in order.
    pub fn rules(&self) -> &[CommandRule] {
        &self.rules
    }

    /// The rules that match any command of `analysis`, each once, in rule order.
    pub fn evaluate(&self, analysis: &CommandAnalysis, cx: &CommandContext) -> Vec<CommandMatch> {
        let lowered: Vec<String> = analysis
            .commands
            .iter()
            .map(|c| c.program_lower())
            .collect();
        let protected_after_cd = crate::facts::writes::writes_protected_after_cd(analysis);
        self.rules
            .iter()
            .filter(|r| {
                (protected_after_cd && r.enabled && r.check == Some(Check::ProtectedWrite))
                    || analysis
                        .commands
                        .iter()
                        .zip(&lowered)
                        .any(|(c, p)| r.matches_program(c, p, cx))
            })
            .map(CommandRule::to_match)
            .collect()
    }
}

/// Glob match with `*` (any run) and `?` (one character).
pub fn glob_match(pattern: &str, text: &str) -> bool {
    glob(pattern, text, false)
}

/// [`glob_match`] ignoring ASCII case.
pub fn glob_match_ci(pattern: &str, text: &str) -> bool {
    glob(pattern, text, true)
}

fn glob(pattern: &str, text: &str, fold: bool) -> bool {
    if !pattern.contains(['*', '?']) {
        return if fold {
            pattern.eq_ignore_ascii_case(text)
        } else {
            pattern == text
        };
    }
    let norm = |c: char| if fold { c.to_ascii_lowercase() } else { c };
    let p: Vec<char> = pattern.chars().map(norm).collect();
    let t: Vec<char> = text.chars().map(norm).collect();
    let (mut pi, mut ti) = (0, 0);
    let (mut star, mut mark) = (None, 0);
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some(pi);
            mark = ti;
            pi += 1;
        } else if let Some(s) = star {
            pi = s + 1;
            mark += 1;
            ti = mark;
        } else {
            return false;
        }
    }
    while pi < p.len() && p[pi] == '*' {
        pi += 1;
    }
    pi == p.len()
}
