//! The strings and commands that shells, interpreters, `find -exec` and `parallel` run.

use crate::unwrap::{Arg, RawCommand, Stdin, basename, join, mark_placeholders, options};
use crate::walk::{Scope, Walker};
use crate::{IndeterminateKind, SimpleCommand};

pub(crate) use crate::interpreters::is_interpreter;

impl Walker {
    pub(crate) fn shell(
        &mut self,
        args: &[Arg],
        env: &[(String, String)],
        writes: &[String],
        stdin: Option<&Stdin>,
        scope: &Scope,
        cwd_changed: bool,
    ) {
        let mut has_c = false;
        let mut reads_stdin = false;
        let mut i = 1;
        while i < args.len() {
            let t = args[i].text.as_str();
            if t == "--" || t == "-" {
                i += 1;
                break;
            }
            if matches!(t, "-o" | "+o" | "-O" | "+O" | "--rcfile" | "--init-file") {
                i += 2;
                continue;
            }
            if t.starts_with("--") {
                i += 1;
                continue;
            }
            if (t.starts_with('-') || t.starts_with('+')) && t.len() > 1 {
                has_c |= t[1..].contains('c');
                reads_stdin |= t[1..].contains('s');
                i += 1;
                continue;
            }
            break;
        }
        let mut operand = args.get(i);
        if operand.is_some_and(|o| is_stdin_file(&o.text)) {
            operand = None;
            reads_stdin = true;
        }
        let stdin = stdin.or(piped_stdin(scope));
        let name = basename(&args[0].text).to_string();
        self.emit_final(args, env, writes, scope, cwd_changed);
        let me = self.out.commands.len().checked_sub(1);
        let mark = |w: &mut Walker, f: &dyn Fn(&mut SimpleCommand)| {
            if let Some(i) = me
                && let Some(c) = w.out.commands.get_mut(i)
            {
                f(c);
            }
        };
        if has_c {
            match operand {
                Some(script) if script.from_download => {
                    mark(self, &|c| c.runs_downloaded_code = true);
                }
                Some(script) => {
                    let text = script.text.clone();
                    self.script(&text, &scope.child(&format!("{name} -c")));
                }
                None if scope.input_args => self.indeterminate(
                    scope,
                    IndeterminateKind::DynamicScript,
                    "the shell script comes from input at run time",
                ),
                None => {}
            }
            return;
        }
        if let Some(file) = operand
            && !reads_stdin
        {
            if file.from_download {
                mark(self, &|c| c.runs_downloaded_code = true);
            } else if is_process_substitution(file) {
                self.indeterminate(
                    scope,
                    IndeterminateKind::DynamicScript,
                    "the shell script comes from a process substitution",
                );
            }
            return;
        }
        mark(self, &|c| c.reads_code_from_stdin = true);
        if let Some(s) = stdin {
            if s.from_download {
                mark(self, &|c| c.runs_downloaded_code = true);
            } else if !s.text.is_empty() {
                let text = s.text.clone();
                let mut child = scope.child(&format!("{name} <<…"));
                if s.template {
                    // Generated lines: analysed as the commands xargs would build.
                    child
                        .placeholders
                        .push(crate::pipes::PLACEHOLDER.to_string());
                    child.input_args = true;
                }
                self.script(&text, &child);
            } else if s.dynamic && !s.from_file {
                self.indeterminate(
                    scope,
                    IndeterminateKind::DynamicScript,
                    "the shell script on stdin is only known at run time",
                );
            }
        }
    }

    /// `source file` / `. file`: the file's code runs here.
    pub(crate) fn source(
        &mut self,
        args: &[Arg],
        env: &[(String, String)],
        writes: &[String],
        stdin: Option<&Stdin>,
        scope: &Scope,
        cwd_changed: bool,
    ) {
        self.emit_final(args, env, writes, scope, cwd_changed);
        let Some(file) = args.get(1) else { return };
        if args[1..].iter().any(|a| a.from_download) {
            self.mark_last_downloaded();
        } else if file.setup_code {
            // `source <(kubectl completion bash)`: see `setup.rs`.
        } else if is_process_substitution(file) {
            self.indeterminate(
                scope,
                IndeterminateKind::DynamicScript,
                "the sourced script comes from a process substitution",
            );
        } else if is_stdin_file(&file.text) {
            match stdin.or(piped_stdin(scope)) {
                Some(s) if s.from_download => self.mark_last_downloaded(),
                Some(s) if !s.dynamic && !s.text.is_empty() => {
                    let text = s.text.clone();
                    self.script(&text, &scope.child("source"));
                }
                Some(s) if !s.dynamic || s.from_file => {}
                _ => self.indeterminate(
                    scope,
                    IndeterminateKind::DynamicScript,
                    "the sourced script on stdin is only known at run time",
                ),
            }
        }
    }

    pub(crate) fn find(
        &mut self,
        args: &[Arg],
        env: &[(String, String)],
        writes: &[String],
        scope: &Scope,
        cwd_changed: bool,
    ) {
        self.emit_final(args, env, writes, scope, cwd_changed);
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
                let inner: Vec<Arg> = args[start..end]
                    .iter()
                    .map(|a| mark_placeholders(a, &child))
                    .collect();
                if !inner.is_empty() {
                    let first = self.out.commands.len();
                    self.run_command(
                        RawCommand {
                            args: inner,
                            ..RawCommand::default()
                        },
                        &child,
                    );
                    // `{}` is each path find visits: at or under its start paths.
                    let roots = find_roots(args);
                    for c in &mut self.out.commands[first..] {
                        if c.via.len() == child.via.len() && !c.rooted_args.is_empty() {
                            from_tree(c, roots.clone());
                        }
                    }
                }
                i = end + 1;
            } else {
                i += 1;
            }
        }
    }

    pub(crate) fn parallel(&mut self, args: &[Arg], env: &[(String, String)], scope: &Scope) {
        self.emit_plain(&args[..1], env, scope);
        let (_, end) = options(
            args,
            1,
            "jSaIdEnNLsC",
            &[
                "jobs",
                "sshlogin",
                "results",
                "arg-file",
                "colsep",
                "delimiter",
                "joblog",
                "tmpdir",
                "workdir",
                "wd",
                "max-args",
                "timeout",
                "delay",
                "memfree",
                "load",
                "retries",
                "halt",
                "tagstring",
                "basefile",
                "return",
                "env",
                "max-lines",
                "max-replace-args",
                "max-chars",
                "sshloginfile",
                "template",
                "transfer",
                "profile",
                "rpl",
                "plus",
                "termseq",
                "shuf",
            ],
        );
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
                    RawCommand {
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
                RawCommand {
                    args: inner,
                    ..RawCommand::default()
                },
                &child,
            );
        }
    }
}

/// The start paths of a `find` command line (the words before its expression; `.` when
/// there are none), or `None` when one of them is only known at run time.
pub(crate) fn find_roots(args: &[Arg]) -> Option<Vec<String>> {
    let mut i = 1;
    while args
        .get(i)
        .is_some_and(|a| matches!(a.text.as_str(), "-H" | "-L" | "-P") || a.text.starts_with("-O"))
    {
        i += 1;
    }
    let starts: Vec<&Arg> = args[i.min(args.len())..]
        .iter()
        .take_while(|a| !a.text.starts_with(['-', '(', '!', ')']) && a.text != ",")
        .collect();
    if starts.iter().any(|a| a.dynamic) {
        return None;
    }
    if starts.is_empty() {
        return Some(vec![".".to_string()]);
    }
    Some(starts.iter().map(|a| a.text.clone()).collect())
}

/// Marks `cmd` as working on the paths under `roots` (`None`: only known at run time): a
/// delete or mode change applied to what `find` lists under a root that is not relative
/// (`/`, `~`, `$HOME`, or only known at run time) covers that tree, so it counts as
/// recursive (`find / -type f -exec rm -f {} +` is `rm -rf /`). Under a relative root the
/// flags stay as written: the root's class (inside the working directory, or unknown when
/// the directory is not known) decides.
pub(crate) fn from_tree(cmd: &mut SimpleCommand, roots: Option<Vec<String>>) {
    let wide = roots.as_ref().is_none_or(|r| {
        r.iter()
            .any(|p| p.starts_with(['/', '~']) || p.starts_with("$HOME"))
    });
    cmd.input_roots = roots.unwrap_or_default();
    if wide
        && matches!(
            cmd.program_lower().as_str(),
            "rm" | "unlink" | "shred" | "chmod" | "chown" | "chgrp"
        )
    {
        cmd.flags.insert("recursive");
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

/// The pipe input a command reads, unless its stdin is not the pipe (`xargs` children).
fn piped_stdin(scope: &Scope) -> Option<&Stdin> {
    if scope.input_args {
        return None;
    }
    scope.pipe_input.as_ref()
}

/// Paths that name the process's own stdin.
fn is_stdin_file(path: &str) -> bool {
    matches!(path, "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0")
}

fn is_process_substitution(a: &Arg) -> bool {
    a.dynamic && a.text == "<(…)"
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
