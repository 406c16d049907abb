//! Command rules and their evaluation.

mod destructive;
mod git;
mod memo;
mod packs;

use std::sync::Arc;

use serde::Serialize;
use toolgate_core::{Severity, WorkflowAction};

use crate::facts::paths::PathGroup;
use crate::knowledge::programs::folded_name_hash;
use crate::model::{CommandAnalysis, CommandContext, SimpleCommand};
use crate::rules::destructive::Check;
pub(crate) use memo::{CommandMemo, operand_classes};

pub use packs::{
    CREDENTIAL_LOSS, CREDENTIAL_READ, PACKS_WITH_COMMAND_MATCHERS, PackMatch,
    RULES_MATCHED_BY_THE_ENGINE, SecretFlow, TOOL_CONFIG_RULE, credential_in_tree,
    credential_searched, credentials_shown, evaluate_packs, loses_credentials,
    package_config_sets_program, planted_files, secret_flows,
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
    /// Path groups (`root`, `home`, `system`, `temp`, `cache`, `cwd`, `inside_cwd`, `outside_cwd`,
    /// `unknown`, `any`) of which one must hold for an operand.
    pub path_class: Vec<PathGroup>,
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
        self.matches_command(
            cmd,
            &cmd.program_lower(),
            false,
            cx,
            &mut CommandMemo::default(),
        )
    }

    /// [`CommandRule::matches`] for `cmd` running `program` (lower case); `program_matches`
    /// when the program list is known to match it (the index found the rule by that name).
    fn matches_command<'c>(
        &self,
        cmd: &'c SimpleCommand,
        program: &str,
        program_matches: bool,
        cx: &CommandContext,
        memo: &mut CommandMemo<'c>,
    ) -> bool {
        if !self.enabled {
            return false;
        }
        if !program_matches
            && !self.programs.is_empty()
            && !self.programs.iter().any(|p| glob_match_ci(p, program))
        {
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
        // Lower case, copied only when it has a capital.
        let sub = cmd.subcommand.as_deref().map(|s| {
            if s.bytes().any(|b| b.is_ascii_uppercase()) {
                std::borrow::Cow::Owned(s.to_ascii_lowercase())
            } else {
                std::borrow::Cow::Borrowed(s)
            }
        });
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
            let classes = memo.classes(cmd, operand_start, cx);
            if !classes
                .iter()
                .any(|c| self.path_class.iter().any(|g| c.in_group(*g)))
            {
                return false;
            }
        }
        match &self.check {
            Some(check) => check.holds(cmd, cx, memo),
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

/// A set of command rules, cheap to clone and share.
#[derive(Debug, Clone)]
pub struct CommandRuleSet {
    rules: Arc<Vec<CommandRule>>,
    index: Arc<ProgramIndex>,
}

/// Which enabled rules can match a program: most rules name their programs exactly, so a
/// command is tried only against the rules of its own program and the rules that name a
/// glob or no program at all, not against every rule of every pack.
#[derive(Debug, Default)]
struct ProgramIndex {
    /// `(hash of an exact program name ignoring case, the name in lower case, rule)`,
    /// sorted: a rule found under a command's program name matches that program (its list
    /// holds the name).
    by_program: Vec<(u64, String, usize)>,
    /// `(the plain text before the first wildcard of a program glob, rule)`, for globs that
    /// start with one (`mkfs.*` → `mkfs.`): a program the text does not start (ignoring
    /// case) cannot match that glob.
    by_prefix: Vec<(String, usize)>,
    /// Rules that name no program (any program), or a glob that starts with a wildcard.
    any_program: Vec<usize>,
    /// By rule: the check of an enabled rule that is nothing but a check (any program, no
    /// subcommand, flags, arguments or path classes), asked directly for every command.
    only_check: Vec<Option<Check>>,
}

impl CommandRule {
    /// The rule's check when it has no other condition (it then matches whatever the check
    /// holds for).
    fn only_check(&self) -> Option<Check> {
        let only = self.enabled
            && self.programs.is_empty()
            && self.subcommand.is_empty()
            && self.flags_all.is_empty()
            && self.flags_any.is_empty()
            && self.flags_none.is_empty()
            && self.args_any.is_empty()
            && self.path_class.is_empty();
        self.check.filter(|_| only)
    }
}

/// A rule that may match a command's program, and whether its program list is known to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Candidate {
    rule: usize,
    /// Found under the program's exact name: the list matches, only the rest is checked.
    program_matches: bool,
}

impl ProgramIndex {
    fn of(rules: &[CommandRule]) -> ProgramIndex {
        let mut index = ProgramIndex {
            only_check: rules.iter().map(CommandRule::only_check).collect(),
            ..ProgramIndex::default()
        };
        for (i, r) in rules.iter().enumerate().filter(|(_, r)| r.enabled) {
            let prefix = |p: &str| p.find(['*', '?']).map(|at| p[..at].to_string());
            if r.programs.is_empty()
                || r.programs
                    .iter()
                    .any(|p| prefix(p).is_some_and(|x| x.is_empty()))
            {
                index.any_program.push(i);
                continue;
            }
            for p in &r.programs {
                match prefix(p) {
                    Some(x) => index.by_prefix.push((x, i)),
                    None => {
                        let name = p.to_ascii_lowercase();
                        index.by_program.push((folded_name_hash(&name), name, i));
                    }
                }
            }
        }
        index.by_program.sort_unstable();
        index.by_program.dedup();
        index
    }

    /// The rules indexed under `program`'s name ignoring ASCII case (in rule order).
    fn named<'a>(&'a self, program: &'a str) -> impl Iterator<Item = usize> + 'a {
        let hash = folded_name_hash(program);
        let first = self.by_program.partition_point(|(h, _, _)| *h < hash);
        self.by_program[first..]
            .iter()
            .take_while(move |(h, _, _)| *h == hash)
            // Another name with the same hash: not this rule's (a glob of its list that
            // could match is indexed by prefix or under any program).
            .filter(move |(_, name, _)| name.eq_ignore_ascii_case(program))
            .map(|(_, _, i)| *i)
    }

    /// The rules whose program globs start with a text `program` starts with (ignoring
    /// case), in rule order; a rule with several such globs may come more than once.
    fn prefixed<'a>(&'a self, program: &'a str) -> impl Iterator<Item = usize> + 'a {
        self.by_prefix
            .iter()
            .filter(move |(x, _)| {
                program
                    .as_bytes()
                    .get(..x.len())
                    .is_some_and(|head| head.eq_ignore_ascii_case(x.as_bytes()))
            })
            .map(|(_, i)| *i)
    }

    /// The rules that may match a command running `program` (lower case): a superset of
    /// those whose program list matches it, in the order named, prefixed, any program.
    fn candidates<'a>(&'a self, program: &'a str) -> impl Iterator<Item = Candidate> + 'a {
        let named = self.named(program).map(|rule| Candidate {
            rule,
            program_matches: true,
        });
        let unsure = |rule| Candidate {
            rule,
            program_matches: false,
        };
        named.chain(
            self.prefixed(program)
                .chain(self.any_program.iter().copied())
                .map(unsure),
        )
    }
}

impl CommandRuleSet {
    fn of(rules: Vec<CommandRule>) -> CommandRuleSet {
        CommandRuleSet {
            index: Arc::new(ProgramIndex::of(&rules)),
            rules: Arc::new(rules),
        }
    }

    /// The built-in destructive-command pack.
    pub fn builtin() -> CommandRuleSet {
        CommandRuleSet::of(crate::rules::destructive::rules())
    }

    /// No rules.
    pub fn empty() -> Self {
        CommandRuleSet::of(Vec::new())
    }

    /// These rules followed by `extra`.
    pub fn with_rules(self, extra: Vec<CommandRule>) -> Self {
        let mut rules = (*self.rules).clone();
        rules.extend(extra);
        CommandRuleSet::of(rules)
    }

    /// These rules with the ones whose id is in `ids` disabled.
    pub fn disable(self, ids: &[&str]) -> Self {
        let mut rules = (*self.rules).clone();
        for r in &mut rules {
            if ids.contains(&r.id.as_str()) {
                r.enabled = false;
            }
        }
        CommandRuleSet::of(rules)
    }

    /// The rules, in order.
    pub fn rules(&self) -> &[CommandRule] {
        &self.rules
    }

    /// The rules that match any command of `analysis`, each once, in rule order.
    pub fn evaluate(&self, analysis: &CommandAnalysis, cx: &CommandContext) -> Vec<CommandMatch> {
        // Which rules matched: on the stack for a rule set of ordinary size.
        let mut on_stack = [false; 256];
        let mut on_heap = Vec::new();
        let hit: &mut [bool] = match on_stack.get_mut(..self.rules.len()) {
            Some(small) => small,
            None => {
                on_heap.resize(self.rules.len(), false);
                &mut on_heap
            }
        };
        // Whether any rule matched: nearly always none did, and then the rules need no scan
        // for the matched ones.
        let mut any = false;
        if crate::facts::writes::writes_protected_after_cd(analysis) {
            for (i, r) in self.rules.iter().enumerate() {
                hit[i] = r.enabled && r.check == Some(Check::ProtectedWrite);
                any |= hit[i];
            }
        }
        for c in &analysis.commands {
            let program = c.program_lower();
            let mut memo = CommandMemo::default();
            for Candidate {
                rule: i,
                program_matches,
            } in self.index.candidates(&program)
            {
                if hit[i] {
                    continue;
                }
                let matched = match self.index.only_check[i] {
                    Some(check) => check.holds(c, cx, &mut memo),
                    None => {
                        self.rules[i].matches_command(c, &program, program_matches, cx, &mut memo)
                    }
                };
                if matched {
                    hit[i] = true;
                    any = true;
                }
            }
        }
        if !any {
            return Vec::new();
        }
        self.rules
            .iter()
            .zip(hit.iter())
            .filter(|(_, hit)| **hit)
            .map(|(r, _)| r.to_match())
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
    if !pattern.bytes().any(|b| b == b'*' || b == b'?') {
        return if fold {
            pattern.eq_ignore_ascii_case(text)
        } else {
            pattern == text
        };
    }
    // Program names and arguments are nearly always ASCII: match their bytes without
    // copying; anything else is matched by characters.
    if pattern.is_ascii() && text.is_ascii() {
        return glob_units(pattern.as_bytes(), text.as_bytes(), b'?', b'*', |a, b| {
            if fold {
                a.eq_ignore_ascii_case(&b)
            } else {
                a == b
            }
        });
    }
    let norm = |c: char| if fold { c.to_ascii_lowercase() } else { c };
    let p: Vec<char> = pattern.chars().map(norm).collect();
    let t: Vec<char> = text.chars().map(norm).collect();
    glob_units(&p, &t, '?', '*', |a, b| a == b)
}

/// Matches the units of `t` against the pattern `p`, where `one` matches one unit and `run`
/// any run of units (backtracking to the last `run` only, so linear in practice).
fn glob_units<T: Copy + PartialEq>(
    p: &[T],
    t: &[T],
    one: T,
    run: T,
    same: impl Fn(T, T) -> bool,
) -> bool {
    let (mut pi, mut ti) = (0, 0);
    let (mut star, mut mark) = (None, 0);
    while ti < t.len() {
        if pi < p.len() && (p[pi] == one || same(p[pi], t[ti])) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == run {
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
    while pi < p.len() && p[pi] == run {
        pi += 1;
    }
    pi == p.len()
}

#[cfg(test)]
mod tests;
