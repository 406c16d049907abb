//! The scripts shells and `source` run: `bash -c STRING`, a script on stdin (a heredoc,
//! `echo … | sh`, a download), `source FILE` / `. FILE`.

use super::unwrap::Invocation;
use super::{Scope, Sees, Walker};
use crate::knowledge::specs::launchers::{SHELL_COMMAND, SHELL_STDIN, shell_grammar};
use crate::model::{Arg, IndeterminateKind, SimpleCommand, Stdin};
use crate::options::{has, read_grammar, value_arg};
use crate::syntax::words::basename;

impl Walker {
    pub(crate) fn shell(&mut self, inv: Invocation<'_>, scope: &Scope) {
        let Invocation {
            args,
            stdin,
            env: inv_env,
            ..
        } = inv;
        let reading = read_grammar(
            args,
            1,
            shell_grammar(&basename(&args[0].text).to_ascii_lowercase()),
        );
        // `fish -c CMD` takes the script as the option's value; `sh -c` takes it from the
        // first operand.
        let command = reading
            .opts
            .iter()
            .rev()
            .find(|o| SHELL_COMMAND.contains(&&*o.name));
        let has_c = command.is_some();
        let mut reads_stdin = has(&reading.opts, SHELL_STDIN);
        let i = reading.end;
        let value_word = command
            .and_then(|c| c.value.as_deref())
            .map(|v| value_arg(&args[1..i], v));
        let mut operand = value_word.as_ref().or_else(|| args.get(i));
        if operand.is_some_and(|o| is_stdin_file(&o.text)) {
            operand = None;
            reads_stdin = true;
        }
        let stdin = stdin.or(piped_stdin(scope));
        let name = basename(&args[0].text).to_string();
        self.emit_final(inv, scope);
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
                    let mut child = scope.process(&format!("{name} -c"));
                    // A script in double quotes was expanded by this shell before the process
                    // got it (`bash -c "rm -rf $d"`): its variables are this shell's.
                    if script.expanded_here() {
                        child.sees = Sees::All;
                    }
                    child.given = inv_env.to_vec();
                    // `bash -c "cd $dir && "'rm "$f"'`: `$dir` is this shell's, with its value
                    // here; `$f` is the other shell's. A name in both parts stays the other's.
                    if let Some(mixed) = &script.mixed {
                        for name in &mixed.expanded_here {
                            if !mixed.left_literal.contains(name)
                                && !child.given.iter().any(|(n, _)| n == name)
                                && let Some(value) = self.variables.known_value(name)
                            {
                                child.given.push((name.clone(), value.to_string()));
                            }
                        }
                    }
                    // `find … -exec sh -c 'rm -r "$1"' _ {} \;`: a positional parameter given
                    // one input item stands for it, as `{}` does (`$0` is the word after the
                    // script).
                    if value_word.is_none() && keeps_positional_parameters(&text) {
                        let positional = args.get(i + 2..).unwrap_or_default();
                        let mut items: Vec<usize> = (1..=positional.len())
                            .filter(|n| {
                                super::placeholders::is_placeholder(&positional[n - 1], scope)
                            })
                            .collect();
                        // `… | xargs sh -c 'rm "$@"' _`: xargs appends the items after the
                        // words given.
                        let appended = scope.input_args && scope.placeholders.is_empty();
                        if appended {
                            items.extend(positional.len() + 1..=9);
                        }
                        for n in &items {
                            child.placeholders.push(format!("${n}"));
                            child.placeholders.push(format!("${{{n}}}"));
                        }
                        // `"$@"` is every positional parameter: all of them must be items.
                        let every_given = (1..=positional.len()).all(|n| items.contains(&n));
                        if every_given && (appended || !positional.is_empty()) {
                            child.placeholders.push("$@".to_string());
                        }
                    }
                    self.script(&text, &child);
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
                match &file.printed {
                    Some(text) => self.script(text, &scope.process(&format!("{name} <(…)"))),
                    None => self.indeterminate(
                        scope,
                        IndeterminateKind::DynamicScript,
                        "the shell script comes from a process substitution",
                    ),
                }
            }
            return;
        }
        mark(self, &|c| c.reads_code_from_stdin = true);
        self.stdin_script(stdin, me, &name, scope);
    }

    /// The script a command (the one at index `me`) reads on `stdin` runs: a download marks
    /// it, known text (or a template over data) is analysed, other run-time text is
    /// indeterminate; a named file runs as that file (`bash < script.sh`).
    pub(crate) fn stdin_script(
        &mut self,
        stdin: Option<&Stdin>,
        me: Option<usize>,
        name: &str,
        scope: &Scope,
    ) {
        let Some(s) = stdin else { return };
        if s.from_download {
            if let Some(c) = me.and_then(|i| self.out.commands.get_mut(i)) {
                c.runs_downloaded_code = true;
            }
        } else if !s.text.is_empty() {
            let text = s.text.clone();
            let mut child = scope.process(&format!("{name} <<…"));
            // An unquoted heredoc was expanded by this shell (`bash <<EOF … $d … EOF`).
            if s.expand {
                child.sees = Sees::All;
            }
            if s.template {
                // Generated lines: analysed as the commands xargs would build.
                child
                    .placeholders
                    .push(crate::facts::pipes::PLACEHOLDER.to_string());
                child.input_args = true;
            }
            let first = self.out.commands.len();
            self.script(&text, &child);
            // Data that are paths `find` lists stand for its tree, as they do for `xargs`
            // after `find` (`find / | xargs echo rm | sh` is `find / | xargs rm`).
            if let Some(roots) = s.listed_roots.as_ref().filter(|_| s.template) {
                for c in &mut self.out.commands[first..] {
                    if c.via == child.via && c.args_from_input {
                        crate::facts::find::from_tree(c, roots.clone());
                    }
                }
            }
        } else if s.dynamic && !s.from_file {
            self.indeterminate(
                scope,
                IndeterminateKind::DynamicScript,
                "the shell script on stdin is only known at run time",
            );
        }
    }

    /// `source file` / `. file`: the file's code runs here.
    pub(crate) fn source(&mut self, inv: Invocation<'_>, scope: &Scope) {
        let Invocation { args, stdin, .. } = inv;
        self.emit_final(inv, scope);
        let Some(file) = args.get(1) else { return };
        if args[1..].iter().any(|a| a.from_download) {
            self.mark_last_downloaded();
        } else if file.setup_code {
            // `source <(kubectl completion bash)`: see `setup.rs`.
        } else if is_process_substitution(file) {
            // `source <(echo x=1)`: a script the command's own text prints is that script.
            match &file.printed {
                Some(text) => self.script(text, &scope.same_shell("source <(…)")),
                None => self.indeterminate(
                    scope,
                    IndeterminateKind::DynamicScript,
                    "the sourced script comes from a process substitution",
                ),
            }
        } else if is_stdin_file(&file.text) {
            match stdin.or(piped_stdin(scope)) {
                Some(s) if s.from_download => self.mark_last_downloaded(),
                Some(s) if !s.dynamic && !s.text.is_empty() => {
                    let text = s.text.clone();
                    self.script(&text, &scope.same_shell("source"));
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
}

/// Whether a script leaves its positional parameters as it was given them: no `set --`,
/// `shift`, `getopts`, `eval` or `source`, and no function (whose own `$1` is its caller's
/// argument). Read from the words of the text, so a mention anywhere counts.
fn keeps_positional_parameters(script: &str) -> bool {
    const CHANGES: &[&str] = &["set", "shift", "getopts", "eval", "source", ".", "function"];
    !script.contains("()")
        && !script
            .split(|c: char| c.is_whitespace() || ";&|(){}`$\"'".contains(c))
            .any(|w| CHANGES.contains(&w))
}

/// The pipe input a command reads, unless its stdin is not the pipe (`xargs` children).
pub(super) fn piped_stdin(scope: &Scope) -> Option<&Stdin> {
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
