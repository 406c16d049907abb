//! Commands run once per input item: `find -exec`/`-execdir`, `fd -x`, `parallel` (`xargs` is a
//! wrapper step in `unwrap.rs`). A placeholder (`{}`) stands for each item.

use super::placeholders::mark_placeholders;
use super::unwrap::{Invocation, join};
use super::{Scope, Walker};
use crate::facts::fd::{FD_PLACEHOLDERS, read_fd};
use crate::facts::find::{find_roots, from_tree};
use crate::knowledge::specs::launchers::PARALLEL;
use crate::model::{Arg, IndeterminateKind, RawCommand};
use crate::options::read_options;

impl Walker {
    pub(crate) fn find(&mut self, inv: Invocation<'_>, scope: &Scope) {
        let args = inv.args;
        self.emit_final(inv, scope);
        let mut i = 1;
        while i < args.len() {
            let t = args[i].text.as_str();
            if matches!(t, "-exec" | "-execdir" | "-ok" | "-okdir") {
                let start = i + 1;
                let mut end = start;
                while end < args.len() && !matches!(args[end].text.as_str(), ";" | "+") {
                    end += 1;
                }
                let mut child = scope.child(&format!("find {t}"));
                child.placeholders.push("{}".to_string());
                child.listed_roots = find_roots(args);
                // find puts each path into the word as it is (no field splitting), and a
                // path it visits starts with its start point, never with `-`.
                let inner: Vec<Arg> = args[start..end]
                    .iter()
                    .map(|a| Arg {
                        splits: a.splits,
                        ..mark_placeholders(a, &child)
                    })
                    .collect();
                if !inner.is_empty() {
                    self.run_on_listed(inner, &child);
                }
                i = end + 1;
            } else {
                i += 1;
            }
        }
    }

    /// `fd … -x CMD` / `-X CMD`: the command runs on the paths fd lists (a placeholder, or
    /// the path appended when the command has none).
    pub(crate) fn fd(&mut self, inv: Invocation<'_>, scope: &Scope) {
        let args = inv.args;
        let line = read_fd(args);
        self.emit_final(inv, scope);
        for range in &line.commands {
            let mut child = scope.child("fd -x");
            child
                .placeholders
                .extend(FD_PLACEHOLDERS.iter().map(|p| p.to_string()));
            child.listed_roots = line.roots.clone();
            let mut inner: Vec<Arg> = args[range.clone()]
                .iter()
                .map(|a| mark_placeholders(a, &child))
                .collect();
            if inner.is_empty() {
                continue;
            }
            if !args[range.clone()]
                .iter()
                .any(|a| FD_PLACEHOLDERS.iter().any(|p| a.text.contains(p)))
            {
                inner.push(mark_placeholders(
                    &Arg {
                        text: "{}".to_string(),
                        ..Arg::default()
                    },
                    &child,
                ));
            }
            self.run_on_listed(inner, &child);
        }
    }

    /// Runs `inner`, a command given each path a lister lists (`find -exec`, `fd -x`), in
    /// `child`: a placeholder (`{}`) is each path, at or under `child.listed_roots`.
    fn run_on_listed(&mut self, inner: Vec<Arg>, child: &Scope) {
        let first = self.out.commands.len();
        self.run_command(
            &RawCommand {
                args: inner,
                ..RawCommand::default()
            },
            child,
        );
        for c in &mut self.out.commands[first..] {
            if c.via.len() == child.via.len() && !c.rooted_args.is_empty() {
                from_tree(c, child.listed_roots.clone());
            }
        }
    }

    pub(crate) fn parallel(&mut self, inv: &Invocation<'_>, scope: &Scope) {
        let args = inv.args;
        self.emit_final(Invocation::plain(&args[..1], inv.env), scope);
        let (_, end) = read_options(args, 1, &PARALLEL);
        let sep = args[end..]
            .iter()
            .position(|a| a.text.starts_with(":::"))
            .map(|p| p + end);
        let template: Vec<Arg> = args[end..sep.unwrap_or(args.len())].to_vec();
        let mut child = scope.child("parallel");
        let values: Vec<Arg> = match sep {
            Some(s) if !args[s].text.starts_with("::::") => args[s..]
                .iter()
                .filter(|a| !a.text.starts_with(":::"))
                .take(32)
                .cloned()
                .collect(),
            _ => {
                // Arguments come from stdin or a file.
                if template.is_empty() {
                    self.indeterminate(
                        scope,
                        IndeterminateKind::DynamicScript,
                        "the commands come from input at run time",
                    );
                    return;
                }
                child.input_args = true;
                child.placeholders.push("{}".to_string());
                if runs_through_shell(&template) {
                    self.script(&join(&template), &child);
                }
                let inner: Vec<Arg> = template.iter().map(mark_parallel_placeholder).collect();
                self.run_command(
                    &RawCommand {
                        args: inner,
                        ..RawCommand::default()
                    },
                    &child,
                );
                return;
            }
        };
        if template.is_empty() {
            for v in values {
                self.script(&v.text, &child);
            }
            return;
        }
        let uses_placeholder = template.iter().any(|a| has_parallel_placeholder(&a.text));
        if runs_through_shell(&template) {
            // parallel hands the composed line to a shell: `parallel 'rm -rf {}' ::: /`.
            // Versions differ in how they quote the words, so the argument-vector reading
            // below is analysed as well.
            for v in &values {
                let mut line = substitute_parallel(&join(&template), &v.text);
                if !uses_placeholder {
                    line = format!("{line} {}", v.text);
                }
                self.script(&line, &child);
            }
        }
        for v in values {
            let mut inner: Vec<Arg> = template
                .iter()
                .map(|a| Arg {
                    text: substitute_parallel(&a.text, &v.text),
                    dynamic: a.dynamic || v.dynamic,
                    splits: a.splits || v.splits,
                    from_download: a.from_download || v.from_download,
                    ..Arg::default()
                })
                .collect();
            if !uses_placeholder {
                inner.push(v.clone());
            }
            self.run_command(
                &RawCommand {
                    args: inner,
                    ..RawCommand::default()
                },
                &child,
            );
        }
    }
}

/// A template word holding blanks or shell syntax is split by the shell parallel runs the
/// line with (`parallel 'rm -rf {}'`), so the line is a script, not an argument vector.
fn runs_through_shell(template: &[Arg]) -> bool {
    template.iter().any(|a| {
        !a.dynamic
            && a.text
                .contains(|c: char| c.is_whitespace() || ";&|<>()$`'\"".contains(c))
    })
}

fn has_parallel_placeholder(t: &str) -> bool {
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'{'
            && let Some(j) = t[i..].find('}')
        {
            let inner = &t[i + 1..i + j];
            if inner.len() <= 4
                && inner
                    .chars()
                    .all(|c| c.is_ascii_digit() || matches!(c, '.' | '/' | '#' | '%'))
            {
                return true;
            }
        }
        i += 1;
    }
    false
}

fn mark_parallel_placeholder(a: &Arg) -> Arg {
    let mut a = a.clone();
    if has_parallel_placeholder(&a.text) {
        a.dynamic = true;
        a.splits = true;
    }
    a
}

fn substitute_parallel(t: &str, value: &str) -> String {
    let mut out = t.replace("{}", value);
    for n in 1..=9 {
        out = out.replace(&format!("{{{n}}}"), value);
    }
    out
}
