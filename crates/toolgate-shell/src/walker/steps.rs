//! One unwrapping step: what a wrapper, a runner or a program with a grammar of its own
//! (`sudo`, `env`, `xargs`, `eval`, `ssh`, `find`, the table's wrappers) does with the words
//! after it: skip to its command, replace the words, or follow the script it runs.

use std::borrow::Cow;

use super::placeholders::mark_placeholders;
use super::unwrap::{Invocation, Step, join};
use super::{Scope, Walker};
use crate::knowledge::interpreters::is_interpreter;
use crate::knowledge::runners::RunnerStep;
use crate::knowledge::specs::launchers::{
    COMMAND, COMMAND_LOOKUP, TRAP, WATCH, XARGS, XARGS_REPLACE,
};
use crate::model::{Arg, IndeterminateKind};
use crate::options::{Grammar, has, read_grammar, read_options};

impl Walker {
    /// One unwrapping step for the program `name` (lower case) heading `inv.args`. A step
    /// that changes directory sets `inv.cwd_changed`.
    pub(super) fn wrapper_step(
        &mut self,
        name: &str,
        inv: &mut Invocation<'_>,
        scope: &mut Cow<'_, Scope>,
    ) -> Step {
        let Invocation {
            args, env, writes, ..
        } = *inv;
        let runner = crate::knowledge::runners::lookup(name);
        match runner.and_then(|r| super::wrappers::runner_step(r, args)) {
            // No command follows (`wsl --unregister NAME`): the runner's words are the command.
            Some(RunnerStep::CommandAt(at)) if at >= args.len() => return Step::Final,
            Some(RunnerStep::CommandAt(at)) => {
                if runner.is_some_and(|r| r.also_a_command) {
                    self.emit_final(inv.with_args(&args[..at]).with_writes(&[]), scope);
                }
                // `npx prisma@5 migrate reset`, `npx @anthropic-ai/claude-code …`: the
                // package's program.
                let program = args
                    .get(at)
                    .filter(|a| !a.dynamic)
                    .and_then(|a| crate::knowledge::runners::package_program(&a.text));
                if let Some(program) = program {
                    let mut words = vec![Arg {
                        text: program.to_string(),
                        ..args[at].clone()
                    }];
                    words.extend_from_slice(&args[at + 1..]);
                    // npm's option parser takes the first `--` for itself wherever it
                    // stands (`npm exec PKG -- --bare`): the package never sees it.
                    if matches!(name, "npm" | "npx")
                        && let Some(i) = words.iter().position(|w| w.text == "--" && !w.dynamic)
                    {
                        words.remove(i);
                    }
                    return Step::Replace(words, "runner");
                }
                return Step::Skip(at, "runner");
            }
            Some(RunnerStep::Unreadable) => {
                self.indeterminate(
                    scope,
                    IndeterminateKind::ParseError,
                    "an option of a project runner (uv run, npm exec, …) could not be read",
                );
                return Step::Done;
            }
            None => {}
        }
        match name {
            // `sg` is also ast-grep (`sg run -p PAT`, `sg scan`, `sg -p PAT src`): only the
            // group command's forms (`sg GROUP [-c] CMD`, `sg - GROUP`) wrap a command.
            "sg" if is_ast_grep(args) => Step::Final,
            "sudo" => self.sudo(inv, scope),
            "sudoedit" => {
                let mut w = writes.to_vec();
                w.extend(args[1..].iter().map(|a| a.text.clone()));
                self.emit_final(inv.with_writes(&w), scope);
                Step::Done
            }
            "env" => self.env(inv, scope),
            "command" => {
                let (opts, end) = read_options(args, 1, &COMMAND);
                if has(&opts, COMMAND_LOOKUP) && args.len() - end <= 1 {
                    // `command -v rm`: a lookup, nothing runs.
                    return Step::Done;
                }
                Step::Skip(end, "command")
            }
            "xargs" => {
                self.emit_final(Invocation::plain(&args[..1], env), scope);
                let (start, placeholder) = xargs_options(args);
                let scope = scope.to_mut();
                // `find ROOT | xargs …`: the items are paths under ROOT (unless xargs reads
                // a redirect or heredoc of its own).
                scope.listed_roots = match inv.stdin {
                    Some(_) => None,
                    None => super::shells::piped_stdin(scope)
                        .and_then(crate::facts::pipes::item_roots)
                        .flatten(),
                };
                scope.input_args = true;
                if let Some(p) = placeholder {
                    scope.placeholders.push(p);
                }
                let rest: Vec<Arg> = args[start..]
                    .iter()
                    .map(|a| mark_placeholders(a, scope))
                    .collect();
                Step::Replace(rest, "xargs")
            }
            "parallel" => {
                self.parallel(inv, scope);
                Step::Done
            }
            "watch" => {
                let end = read_grammar(args, 1, &WATCH).end;
                let script = join(&args[end..]);
                self.emit_final(inv.with_args(&args[..1]), scope);
                self.script(&script, &scope.process("watch"));
                Step::Done
            }
            "eval" => {
                self.emit_final(inv.with_args(&args[..1]), scope);
                if args.len() > 1 && args[1..].iter().all(|a| a.setup_code) {
                    // `eval "$(ssh-agent -s)"`: the setup program was analysed; its code is
                    // its own (see `setup.rs`).
                    return Step::Done;
                }
                if args[1..].iter().any(|a| a.from_download) {
                    self.mark_last_downloaded();
                    return Step::Done;
                }
                let script = join(&args[1..]);
                self.script(&script, &scope.same_shell("eval"));
                Step::Done
            }
            // `trap 'ACTION' SIGNAL…`: the action runs later, on the signal or at exit.
            // `trap - SIG` and `trap SIG` reset, `trap -l`/`-p` list.
            "trap" => {
                self.emit_final(inv.with_args(&args[..1]), scope);
                let (_, at) = read_options(args, 1, &TRAP);
                if args.len() >= at + 2 && args[at].text != "-" {
                    self.script(&join(&args[at..at + 1]), &scope.child("trap"));
                }
                Step::Done
            }
            // `mapfile -C CALLBACK`: the callback runs as a command for lines read.
            "mapfile" | "readarray" => {
                self.emit_final(*inv, scope);
                let mut i = 1;
                while let Some(a) = args.get(i) {
                    if a.text == "-C" {
                        if let Some(callback) = args.get(i + 1) {
                            let text = join(std::slice::from_ref(callback));
                            self.script(&text, &scope.child("mapfile -C"));
                        }
                        i += 2;
                    } else if a.text.starts_with("-C") && a.text.len() > 2 {
                        let callback = Arg {
                            text: a.text[2..].to_string(),
                            ..a.clone()
                        };
                        let text = join(std::slice::from_ref(&callback));
                        self.script(&text, &scope.child("mapfile -C"));
                        i += 1;
                    } else {
                        i += 1;
                    }
                }
                Step::Done
            }
            "source" | "." => {
                self.source(*inv, scope);
                Step::Done
            }
            "alias" => {
                // `alias x='rm -rf /'` runs nothing; the body is analysed where `x` is used.
                self.emit_final(*inv, scope);
                for a in &args[1..] {
                    if let Some((name, body)) = a.text.split_once('=') {
                        self.define_alias(name, body, scope);
                    }
                }
                Step::Done
            }
            "su" | "runuser" => self.su(*inv, scope),
            "ssh" => {
                let ssh = Grammar::plain(crate::knowledge::specs::SSH);
                let reading = read_grammar(args, 1, &ssh);
                let end = reading.end;
                // Options may follow the destination too, unless `--` came before it.
                let command_at = if reading.dashdash || end >= args.len() {
                    end + 1
                } else {
                    read_grammar(args, end + 1, &ssh).end
                };
                self.emit_final(*inv, scope);
                if args.len() > command_at {
                    let script = join(&args[command_at..]);
                    let mut child = scope.remote("ssh");
                    // Words in double quotes were expanded by this shell (`ssh h "rm $d"`);
                    // a literal `$` beside them is the remote shell's (`ssh h "$x; "'rm $d'`).
                    let words = &args[command_at..];
                    if words.iter().any(|a| a.dynamic) && !words.iter().any(|a| a.literal_dollar) {
                        child.sees = super::Sees::All;
                    }
                    self.script(&script, &child);
                }
                Step::Done
            }
            "find" => {
                self.find(*inv, scope);
                Step::Done
            }
            "fd" | "fdfind" => {
                self.fd(*inv, scope);
                Step::Done
            }
            "at" | "batch" => {
                self.at_job(*inv, scope);
                Step::Done
            }
            "make" | "gmake" | "bmake" if super::stdin_jobs::makefile_from_stdin(args) => {
                self.stdin_makefile(*inv, scope);
                Step::Done
            }
            n if crate::knowledge::programs::in_class(
                n,
                crate::knowledge::programs::Class::Shell,
            ) =>
            {
                self.shell(*inv, scope);
                Step::Done
            }
            n => {
                if is_interpreter(n).is_some() {
                    self.interpreter(*inv, scope);
                    return Step::Done;
                }
                if let Some(w) = super::wrappers::table_wrapper_named(n) {
                    return self.table_wrapper(w, inv, scope);
                }
                match super::terminals::terminal_named(n) {
                    Some(t) => self.terminal(t, inv, scope),
                    None => Step::Final,
                }
            }
        }
    }
}

/// Whether `sg …` is ast-grep: a subcommand of its own, or an option other than the group
/// command's `-` and `-c`.
fn is_ast_grep(args: &[Arg]) -> bool {
    args.get(1).is_some_and(|a| {
        matches!(
            a.text.as_str(),
            "run" | "scan" | "test" | "new" | "lsp" | "completions" | "help"
        ) || (a.text.starts_with('-') && a.text != "-" && a.text != "-c")
    })
}

/// Reads xargs' options; returns the index of the command and the replacement string
/// (`-I R`, `-J R`, `-iR`, `--replace=R`; `-i` and `--replace` alone mean `{}`).
fn xargs_options(args: &[Arg]) -> (usize, Option<String>) {
    let reading = read_grammar(args, 1, &XARGS);
    let placeholder = reading
        .opts
        .iter()
        .rev()
        .find(|o| XARGS_REPLACE.contains(&&*o.name))
        .map(|o| match o.value.as_deref() {
            Some(v) if !v.is_empty() => v.to_string(),
            // `-I` with no word left names nothing.
            _ if matches!(&*o.name, "-I" | "-J") => String::new(),
            _ => "{}".to_string(),
        })
        .filter(|p| !p.is_empty());
    (reading.end, placeholder)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xargs_options_name_the_command_and_the_replacement_string() {
        let cases: &[(&[&str], usize, Option<&str>)] = &[
            (&["xargs", "-0", "-I{}", "rm", "-rf", "{}"], 3, Some("{}")),
            (&["xargs", "-0I", "%", "rm", "%"], 3, Some("%")),
            (&["xargs", "-i", "rm", "{}"], 2, Some("{}")),
            (&["xargs", "-iX", "rm", "X"], 2, Some("X")),
            (&["xargs", "--replace", "rm", "{}"], 2, Some("{}")),
            (&["xargs", "--replace=@", "rm", "@"], 2, Some("@")),
            (&["xargs", "-J", "%", "cp", "%", "d"], 3, Some("%")),
            (&["xargs", "-n", "1", "-P4", "-d", "\\n", "rm"], 6, None),
            (&["xargs", "-l", "rm"], 2, None),
            (&["xargs", "-e", "-r", "rm"], 3, None),
            (&["xargs", "--max-args", "2", "--null", "rm"], 4, None),
            (&["xargs", "--", "-rm"], 2, None),
        ];
        for (ws, at, placeholder) in cases {
            let (start, p) = xargs_options(&Arg::words(ws));
            assert_eq!((start, p.as_deref()), (*at, *placeholder), "{ws:?}");
        }
    }
}
