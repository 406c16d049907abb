//! Programs that run shell code they read on stdin without being shells: `at` and `batch`
//! (the job is a shell script, run later), and `make -f -` / `make -f /dev/stdin` (the
//! makefile's recipes are shell command lines).

use super::shells::piped_stdin;
use super::unwrap::Invocation;
use super::{Scope, Walker};
use crate::knowledge::specs::launchers::{AT, AT_NO_JOB, MAKE, MAKE_FILE};
use crate::model::{Arg, IndeterminateKind, Stdin};
use crate::options::{has, read_permuted, value_arg};

/// Whether a file name is the process's own stdin.
fn is_stdin(path: &str) -> bool {
    matches!(path, "-" | "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0")
}

impl Walker {
    /// `at TIME`, `batch`: the job read on stdin runs as a shell script; `-f FILE` runs a
    /// file, as `sh FILE` does.
    pub(crate) fn at_job(&mut self, inv: Invocation<'_>, scope: &Scope) {
        let args = inv.args;
        let stdin = inv.stdin.or(piped_stdin(scope)).cloned();
        let name = crate::syntax::words::basename(&args[0].text).to_string();
        self.emit_final(inv, scope);
        let me = self.out.commands.len().checked_sub(1);
        let (opts, _) = read_permuted(args, 1, &AT);
        if has(&opts, AT_NO_JOB) {
            return;
        }
        // The word that holds the last `-f` value: `-f FILE` or `-fFILE`.
        let file = opts
            .iter()
            .rev()
            .find(|o| o.name == "-f")
            .map(|o| value_arg(&args[1..], o.value.as_deref().unwrap_or_default()));
        match file {
            Some(f) if f.from_download => self.mark_last_downloaded(),
            Some(f) if !is_stdin(&f.text) => {}
            _ => self.stdin_script(stdin.as_ref(), me, &name, scope),
        }
    }

    /// `make -f -` (or `/dev/stdin`): the makefile comes from stdin; its recipes run as shell
    /// command lines. Known text is read for its recipes; a file's text is the project's own
    /// makefile; anything else is only known at run time.
    pub(crate) fn stdin_makefile(&mut self, inv: Invocation<'_>, scope: &Scope) {
        let stdin: Option<Stdin> = inv.stdin.or(piped_stdin(scope)).cloned();
        self.emit_final(inv, scope);
        let Some(s) = stdin else { return };
        if s.from_download {
            self.mark_last_downloaded();
        } else if !s.dynamic && !s.template {
            let child = scope.process("make -f -");
            for recipe in recipes(&s.text) {
                self.script(&recipe, &child);
            }
        } else if !s.from_file {
            self.indeterminate(
                scope,
                IndeterminateKind::DynamicScript,
                "the makefile on stdin is only known at run time",
            );
        }
    }
}

/// Whether `make`'s arguments name stdin as a makefile (`-f -`, `--file=/dev/stdin`,
/// `-f/dev/stdin`, `--makefile -`).
pub(crate) fn makefile_from_stdin(args: &[Arg]) -> bool {
    let (opts, _) = read_permuted(args, 1, &MAKE);
    opts.iter()
        .filter(|o| MAKE_FILE.contains(&&*o.name))
        .any(|o| o.value.as_deref().is_some_and(is_stdin))
}

/// The recipe lines of a makefile: lines that start with a tab, and what follows `;` on a
/// rule line (`all: ; rm -rf x`), without make's prefixes (`@`, `-`, `+`) and with `$$` as
/// the shell's `$`. Make's own `$(VAR)` references stay as they are (the shell reads them as
/// substitutions of a program only known at run time).
fn recipes(makefile: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut joined = String::new();
    for line in makefile.lines() {
        // A trailing backslash continues the line.
        if let Some(head) = line.strip_suffix('\\') {
            joined.push_str(head);
            joined.push(' ');
            continue;
        }
        joined.push_str(line);
        let line = std::mem::take(&mut joined);
        let recipe = if let Some(r) = line.strip_prefix('\t') {
            Some(r.to_string())
        } else if !line.trim_start().starts_with('#')
            && let Some((rule, r)) = line.split_once(';')
            && rule.contains(':')
        {
            Some(r.to_string())
        } else {
            None
        };
        if let Some(r) = recipe {
            let r = r.trim_start().trim_start_matches(['@', '-', '+']);
            out.push(r.replace("$$", "$"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::recipes;

    #[test]
    fn recipes_are_the_tab_lines_and_the_text_after_a_rule_semicolon() {
        assert_eq!(
            recipes("all: build\n\t@echo $$HOME\n\t-rm -rf out \\\n\t  more\nx:; ls\n# a:; no\n"),
            ["echo $HOME", "rm -rf out  \t  more", "ls"]
        );
    }
}
