//! A matcher: how one pack rule matches a command, as data (programs, the subcommand path,
//! options, operands, a [`Check`]), the const builders the packs' tables are written with,
//! and how a matcher is tried against a command.

use crate::knowledge::specs::Spec;
use crate::model::SimpleCommand;
use crate::rules::glob_match_ci;

use super::{Check, Seen};

/// The words that may stand at one place (globs with `*` and `?`, compared ignoring case), or
/// the spellings of one option (`-f`, `--force`; long options as `--name` also for programs
/// that write them with one dash).
pub(crate) type Words = &'static [&'static str];

/// A condition on the operands after the subcommand path.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Operands {
    /// None.
    Any,
    /// At least one operand.
    Present,
    /// Exactly this many operands.
    Exactly(usize),
    /// Some operand is one of these words.
    Some(Words),
    /// Some operand is one of these package names (`libc6:amd64`, `bash=5.2` name `libc6`,
    /// `bash`).
    Packages(Words),
    /// The first operand names resources of one of these kinds: `ns`, `ns/prod`,
    /// `pod,svc`, `crd.apiextensions.k8s.io/x`.
    Kinds(Words),
}

/// One way a pack rule matches. Every condition given must hold.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Matcher {
    /// The catalog's rule id.
    pub(crate) rule: &'static str,
    /// Program basenames (lower case). Empty: every program whose output is redirected to
    /// a file (the matcher's [`Check`] judges those writes).
    pub(crate) programs: Words,
    /// The subcommand path: the first operands, each one of its words.
    pub(crate) path: &'static [Words],
    /// How the arguments after the global options are read; `None`: the program's spec.
    pub(crate) spec: Option<&'static Spec>,
    /// Options of which one must be given (any spelling).
    pub(crate) any: Words,
    /// Options none of which may be given.
    pub(crate) none: Words,
    /// The operands after the path.
    pub(crate) operands: Operands,
    /// A condition in code.
    pub(crate) check: Option<Check>,
    /// A fallback: it applies only when no other matcher matched the same command (a
    /// catch-all behind the rules that name what a command deletes more precisely).
    pub(crate) fallback: bool,
}

impl Matcher {
    /// A matcher of `rule` for `programs` with the subcommand path `path` and no other
    /// condition.
    pub(crate) const fn new(
        rule: &'static str,
        programs: Words,
        path: &'static [Words],
    ) -> Matcher {
        Matcher {
            rule,
            programs,
            path,
            spec: None,
            any: &[],
            none: &[],
            operands: Operands::Any,
            check: None,
            fallback: false,
        }
    }

    /// A fallback: it applies only when no other matcher matched the same command.
    pub(crate) const fn fallback(mut self) -> Matcher {
        self.fallback = true;
        self
    }

    /// Arguments after the global options are read with `spec`.
    pub(crate) const fn spec(mut self, spec: &'static Spec) -> Matcher {
        self.spec = Some(spec);
        self
    }

    /// Options of which one must be given.
    pub(crate) const fn any(mut self, options: Words) -> Matcher {
        self.any = options;
        self
    }

    /// Options none of which may be given.
    pub(crate) const fn none(mut self, options: Words) -> Matcher {
        self.none = options;
        self
    }

    /// The condition on the operands after the path.
    pub(crate) const fn operands(mut self, operands: Operands) -> Matcher {
        self.operands = operands;
        self
    }

    /// A condition in code.
    pub(crate) const fn check(mut self, check: Check) -> Matcher {
        self.check = Some(check);
        self
    }
}

fn package_name(word: &str) -> &str {
    word.split([':', '=']).next().unwrap_or(word)
}

/// Whether a package operand that is a pattern (`'*'`, `'lib*'`, apt's regular expression
/// `'.*'`) matches one of `words`: package managers expand it against every installed
/// package, so `apt-get purge '*'` removes the core ones too.
fn pattern_names_one_of(operand: &str, words: Words) -> bool {
    if !operand.contains(['*', '?', '[']) {
        return false;
    }
    // apt reads `.` as any character and `.*` as any run of them.
    let glob = operand.replace(".*", "*").replace(['^', '$'], "");
    words.iter().any(|w| {
        let literal = w.trim_end_matches('*');
        glob_match_ci(&glob, literal)
    })
}

impl Operands {
    fn hold(self, operands: &[&str]) -> bool {
        let any_of = |words: Words, w: &str| words.iter().any(|g| glob_match_ci(g, w));
        match self {
            Operands::Any => true,
            Operands::Present => !operands.is_empty(),
            Operands::Exactly(n) => operands.len() == n,
            Operands::Some(words) => operands.iter().any(|w| any_of(words, w)),
            Operands::Packages(words) => operands.iter().any(|w| {
                let name = package_name(w);
                any_of(words, name) || pattern_names_one_of(name, words)
            }),
            Operands::Kinds(words) => operands.first().is_some_and(|w| {
                w.split(',').any(|resource| {
                    let kind = resource.split('/').next().unwrap_or(resource);
                    let kind = kind.split('.').next().unwrap_or(kind);
                    any_of(words, kind)
                })
            }),
        }
    }
}

impl Matcher {
    /// False only when the matcher cannot match `cmd`, without reading its options: its
    /// first subcommand step is plain words (no glob, none starting with `-`) and no
    /// argument is one of them, or its check needs an operand that names a shell history
    /// file and no argument does. A view's operands are arguments (the one-dash rewrite only
    /// changes words that start with `-`, which no history file name does), and a plain step
    /// word matches only itself.
    pub(super) fn may_match(&self, cmd: &SimpleCommand) -> bool {
        if self.check == Some(Check::HistoryOperand)
            && !cmd
                .args
                .iter()
                .any(|a| crate::knowledge::history::is_shell_history(a))
        {
            return false;
        }
        let Some(first) = self.path.first() else {
            return true;
        };
        first
            .iter()
            .any(|g| g.is_empty() || g.starts_with('-') || g.contains(['*', '?']))
            || cmd
                .args
                .iter()
                .any(|a| first.iter().any(|g| g.eq_ignore_ascii_case(a)))
    }

    pub(super) fn matches(&self, seen: &Seen<'_>) -> bool {
        self.matches_view(seen.view) && self.check.is_none_or(|c| c.holds(seen))
    }

    /// Whether the arguments match, its [`Check`] aside.
    pub(super) fn matches_view(&self, view: &super::View) -> bool {
        if !view.path_matches(self.path) {
            return false;
        }
        if !self.any.is_empty() && !view.has(self.any) {
            return false;
        }
        if view.has(self.none) {
            return false;
        }
        self.operands.hold(&view.operands_after(self.path.len()))
    }
}
