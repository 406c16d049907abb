//! Unwrapping steps for the wrappers with their own grammar (`sudo`, `env`, `su`/`runuser`),
//! for the table of simple wrappers in `knowledge/wrappers/table.rs` and for the project runners
//! (`uv run`, `npx`) of `knowledge/runners.rs`, their options read by the one option reader.

use super::unwrap::{Invocation, Step, join};
use super::{Scope, Sees, Walker};
use crate::knowledge::name_shapes::{NameShapes, name_shapes_of};
use crate::knowledge::runners::{Runner, RunnerStep};
use crate::knowledge::specs::launchers::{
    ENV, ENV_CHDIR, ENV_IGNORE, ENV_SPLIT, ENV_UNSET, SU, SU_COMMAND, SU_LOGIN, SU_PRESERVE_ENV,
    SU_USER, SUDO, SUDO_CHDIR, SUDO_EDIT, SUDO_PRESERVE_ENV, SUDO_SHELL,
};
use crate::knowledge::wrappers::{Environment, WRAPPERS, Wrapper};
use crate::model::Arg;
use crate::options::{Grammar, has, read_grammar, read_options, read_permuted, value_of};
use crate::syntax::words::split_words;
use std::borrow::Cow;

/// For `args` headed by the runner `runner` (`uv run`, `npx`, `aws-vault exec PROFILE --`),
/// where its command starts. `None` when the subcommand runs no command (`npm install`);
/// unreadable when an option the runner's spec does not know stands before the command (it
/// may take the next word).
pub(crate) fn runner_step(runner: &Runner, args: &[Arg]) -> Option<RunnerStep> {
    let mut i = 1;
    if !runner.subcommands.is_empty() {
        // Global options may stand before the subcommand (`uv --directory D run`, `npm
        // --prefix D exec`). Where an option the table does not know (it may take the next
        // word) or a `--` leaves the subcommand's place open, any running subcommand after
        // it makes the command unreadable rather than a program's arguments.
        let globals = read_grammar(args, i, &Grammar::plain(runner.spec));
        let unknown = globals
            .opts
            .iter()
            .any(|o| !runner.knows(&o.name, o.value.is_some()));
        let runs = |a: &Arg| runner.subcommands.contains(&a.text.as_str());
        if unknown || globals.dashdash {
            return args[globals.end..]
                .iter()
                .any(runs)
                .then_some(RunnerStep::Unreadable);
        }
        let word = args.get(globals.end)?;
        if !runs(word) {
            // `yarn rimraf dist`: a word that is none of the runner's own commands is the
            // script or binary it runs.
            let own = runner.builtins.contains(&word.text.as_str());
            if runner.builtins.is_empty() || own {
                return None;
            }
            return Some(RunnerStep::CommandAt(globals.end));
        }
        i = globals.end + 1;
    }
    let mut operands = runner.operands_before;
    // Operands passed over on the way to a `--` (`mise exec node@20 -- CMD`).
    let mut passed = false;
    loop {
        let reading = read_grammar(args, i, &Grammar::plain(runner.spec));
        let is_command_option = |name: &str| runner.command_options.contains(&name);
        let unknown = reading
            .opts
            .iter()
            .any(|o| !is_command_option(&o.name) && !runner.knows(&o.name, o.value.is_some()));
        if unknown {
            return Some(RunnerStep::Unreadable);
        }
        // `nix develop -c CMD`: the words after the option's cluster are the command.
        if reading.opts.iter().any(|o| is_command_option(&o.name)) || reading.dashdash {
            return Some(RunnerStep::CommandAt(reading.end));
        }
        let at_end = reading.end >= args.len();
        if runner.after_dashdash || !runner.command_options.is_empty() {
            // Operands before the `--` (tools, installables) are no command; without the
            // `--` or the option, none is given, unless operands were passed over for one.
            if at_end {
                return (runner.after_dashdash && passed).then_some(RunnerStep::Unreadable);
            }
            passed = true;
            i = reading.end + 1;
            continue;
        }
        if operands == 0 || at_end {
            return Some(RunnerStep::CommandAt(reading.end));
        }
        operands -= 1;
        i = reading.end + 1;
    }
}

/// The shapes of the simple wrappers' names.
const WRAPPER_SHAPES: NameShapes = name_shapes_of!(WRAPPERS, |row| row.name);

/// The row of the table of simple wrappers for a (lower-cased) program basename, as
/// `knowledge::wrappers::lookup` finds it. Every command that is no wrapper asks, so a name
/// whose first byte and length no row has is refused without scanning the table.
pub(crate) fn table_wrapper_named(name: &str) -> Option<&'static Wrapper> {
    if !WRAPPER_SHAPES.may_hold(name) {
        return None;
    }
    crate::knowledge::wrappers::lookup(name)
}

impl Walker {
    pub(crate) fn sudo(&mut self, inv: &mut Invocation<'_>, scope: &mut Cow<'_, Scope>) -> Step {
        let Invocation { args, writes, .. } = *inv;
        let (opts, end) = read_options(args, 1, &SUDO);
        if has(&opts, SUDO_CHDIR) {
            inv.cwd_changed = true;
        }
        // sudo's `env_reset` (on unless its policy says otherwise) starts the command with a
        // fresh environment. `-E` and a bare `--preserve-env` keep this one (where the policy
        // forbids that, sudo refuses to run); `--preserve-env=LIST` keeps only the names
        // listed, read here as none.
        let keeps_environment = opts
            .iter()
            .any(|o| SUDO_PRESERVE_ENV.contains(&&*o.name) && o.value.is_none());
        if !keeps_environment {
            scope.to_mut().environment_cleared = true;
        }
        if has(&opts, SUDO_EDIT) {
            // sudoedit: the operands are files written.
            let mut w = writes.to_vec();
            w.extend(args[end..].iter().map(|a| a.text.clone()));
            self.emit_final(inv.with_writes(&w), scope);
            return Step::Done;
        }
        if has(&opts, SUDO_SHELL) && end < args.len() {
            // The command goes to a shell's `-c`: analyse the words as one script too, so a
            // single quoted word (`sudo -s 'rm -rf /'`) is seen.
            let script = join(&args[end..]);
            self.script(&script, &scope.process("sudo -s"));
            return Step::Done;
        }
        Step::Skip(end, "sudo")
    }

    pub(crate) fn env(&mut self, inv: &mut Invocation<'_>, scope: &mut Cow<'_, Scope>) -> Step {
        let args = inv.args;
        let (opts, mut end) = read_options(args, 1, &ENV);
        if has(&opts, ENV_CHDIR) {
            inv.cwd_changed = true;
        }
        let mut cleared = has(&opts, ENV_IGNORE);
        if args.get(end).is_some_and(|a| a.text == "-") {
            cleared = true;
            end += 1;
        }
        if cleared {
            scope.to_mut().environment_cleared = true;
        }
        // `env -u HOME`, `env -i`: the command runs without the variable, which the packs
        // read as the variable set empty (`HOME` moves an agent's settings away).
        let mut unset: Vec<Arg> = opts
            .iter()
            .filter(|o| ENV_UNSET.contains(&&*o.name))
            .filter_map(|o| o.value.as_deref())
            .chain(cleared.then_some("HOME"))
            .map(|name| Arg {
                text: format!("{name}="),
                ..Arg::default()
            })
            .collect();
        let split: Vec<&str> = opts
            .iter()
            .filter(|o| ENV_SPLIT.contains(&&*o.name))
            .filter_map(|o| o.value.as_deref())
            .collect();
        if split.is_empty() && unset.is_empty() {
            return Step::Skip(end, "env");
        }
        unset.extend(split.into_iter().flat_map(split_words));
        unset.extend(args[end..].iter().cloned());
        Step::Replace(unset, "env")
    }

    /// `su [-] [USER] -c CMD`, `runuser -u USER [--] CMD …` (options anywhere for `su`).
    pub(crate) fn su(&mut self, inv: Invocation<'_>, scope: &Scope) -> Step {
        let args = inv.args;
        let runuser = crate::syntax::words::basename(&args[0].text).eq_ignore_ascii_case("runuser");
        if runuser {
            let (opts, end) = read_options(args, 1, &SU);
            if has(&opts, SU_USER) && value_of(&opts, SU_COMMAND).is_none() {
                return Step::Skip(end, "runuser");
            }
        }
        let (opts, _) = read_permuted(args, 1, &SU);
        self.emit_final(inv, scope);
        // A login (`su -`, `su -l`) starts from a fresh environment unless told to keep it.
        let login = (has(&opts, SU_LOGIN) || args[1..].iter().any(|a| a.text == "-"))
            && !has(&opts, SU_PRESERVE_ENV);
        for o in &opts {
            if SU_COMMAND.contains(&&*o.name)
                && let Some(script) = &o.value
            {
                let script = script.clone();
                let mut child = scope.process("su -c");
                if login {
                    child.sees = Sees::Nothing;
                }
                self.script(&script, &child);
            }
        }
        Step::Done
    }

    /// A wrapper from the table: options, fixed operands, then the command (or a script).
    pub(crate) fn table_wrapper(
        &mut self,
        w: &Wrapper,
        inv: &mut Invocation<'_>,
        scope: &mut Cow<'_, Scope>,
    ) -> Step {
        let args = inv.args;
        if let Some(marker) = w.shell_args_after {
            return match args.iter().skip(1).position(|a| a.text == marker) {
                Some(at) => {
                    let shell = Arg {
                        text: "bash".to_string(),
                        ..Arg::default()
                    };
                    let rest = std::iter::once(shell)
                        .chain(args[at + 2..].iter().cloned())
                        .collect();
                    Step::Replace(rest, w.name)
                }
                None => {
                    self.emit_final(*inv, scope);
                    Step::Done
                }
            };
        }
        let (mut opts, mut end) = read_options(args, 1, &w.spec);
        // `bwrap --bind SRC DEST …`: the reader took SRC as the option's value and stopped
        // at DEST; the option's further words are skipped and reading goes on after them.
        while let Some(more_words) = opts.last().and_then(|o| {
            w.multi_value
                .iter()
                .find(|(name, _)| *name == o.name)
                .map(|(_, words)| words - 1)
        }) {
            let (more, after) = read_options(args, (end + more_words).min(args.len()), &w.spec);
            end = after;
            if more.is_empty() {
                break;
            }
            opts.extend(more);
        }
        if w.options_anywhere {
            opts = read_permuted(args, 1, &w.spec).0;
        }
        if w.operands_before > 0 {
            end = (end + w.operands_before).min(args.len());
            // Options may follow the operands (`flock FILE -c CMD`, `sg GROUP -c CMD`).
            let (more, after) = read_options(args, end, &w.spec);
            opts.extend(more);
            end = after;
        }
        if has(&opts, w.no_command) || (w.runs_alone && end >= args.len()) {
            self.emit_final(*inv, scope);
            return Step::Done;
        }
        if has(&opts, w.chdir) {
            inv.cwd_changed = true;
        }
        let cleared = match w.environment {
            Environment::Passed => false,
            Environment::Cleared => true,
            Environment::ClearedWith(names) => has(&opts, names),
        };
        if cleared {
            scope.to_mut().environment_cleared = true;
        }
        if let Some(script) = value_of(&opts, w.script) {
            let script = script.to_string();
            self.emit_final(inv.with_args(&args[..end.min(args.len())]), scope);
            self.script(&script, &scope.process(w.name));
            return Step::Done;
        }
        if w.rest_is_script || w.operands_are_data {
            self.emit_final(*inv, scope);
            if w.rest_is_script && end < args.len() {
                let script = join(&args[end..]);
                self.script(&script, &scope.process(w.name));
            }
            return Step::Done;
        }
        if has(&opts, w.schedules) {
            // The command runs later: the wrapper with its options is a command of its own,
            // which the packs read (its writes stay the command's).
            self.emit_final(
                inv.with_args(&args[..end.min(args.len())]).with_writes(&[]),
                scope,
            );
        }
        Step::Skip(end, w.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape check refuses only names the table does not have: every row's name and
    /// names one byte longer, shorter or different, and every word of the real-world, dcg
    /// and cc-safety-net corpora, are found as the table scan finds them.
    #[test]
    fn wrappers_are_found_as_the_table_scan_finds_them() {
        use crate::knowledge::wrappers::lookup;
        let mut names: Vec<String> = vec![String::new(), "x".repeat(40)];
        for w in WRAPPERS {
            names.push(w.name.to_string());
            names.push(format!("{}x", w.name));
            names.push(w.name[1..].to_string());
            names.push(w.name[..w.name.len() - 1].to_string());
            for at in 0..w.name.len() {
                let mut b = w.name.as_bytes().to_vec();
                b[at] = b'q';
                names.push(String::from_utf8(b).expect("ASCII"));
            }
        }
        for words in toolgate_corpora::shell_commands() {
            names.extend(words.split_whitespace().map(str::to_ascii_lowercase));
        }
        let mut found = 0;
        for name in &names {
            let (fast, scan) = (table_wrapper_named(name), lookup(name));
            assert_eq!(fast.map(|w| w.name), scan.map(|w| w.name), "{name:?}");
            found += usize::from(scan.is_some());
        }
        assert!(
            found >= WRAPPERS.len(),
            "{found} of {} names found",
            names.len()
        );
    }

    #[test]
    fn runners() {
        let at = |w: &[&str]| {
            let args: Vec<Arg> = w
                .iter()
                .map(|t| Arg {
                    text: t.to_string(),
                    ..Arg::default()
                })
                .collect();
            crate::knowledge::runners::lookup(w[0]).and_then(|r| runner_step(r, &args))
        };
        let command_at = |i| Some(RunnerStep::CommandAt(i));
        assert_eq!(at(&["uv", "run", "rm", "-rf"]), command_at(2));
        assert_eq!(at(&["conda", "run", "-n", "base", "rm"]), command_at(4));
        assert_eq!(
            at(&["aws-vault", "exec", "prof", "--", "rm"]),
            command_at(4)
        );
        assert_eq!(
            at(&["aws-vault", "exec", "prof", "-d", "1h", "--", "rm"]),
            command_at(6)
        );
        assert_eq!(at(&["direnv", "exec", ".", "rm", "-rf"]), command_at(3));
        assert_eq!(at(&["npx", "rimraf", "/"]), command_at(1));
        assert_eq!(at(&["uv", "run", "--frozen", "x"]), command_at(3));
        assert_eq!(at(&["uv", "run", "-qy", "--with=rich", "x"]), command_at(4));
        assert_eq!(at(&["uv", "run", "--python", "3.12", "x"]), command_at(4));
        assert_eq!(at(&["dotenv", "-v", "A=1", "--", "rm"]), command_at(4));
        assert_eq!(
            at(&["uv", "run", "--odd", "x"]),
            Some(RunnerStep::Unreadable)
        );
        assert_eq!(at(&["uv", "run", "-x", "x"]), Some(RunnerStep::Unreadable));
        assert_eq!(at(&["npm", "install", "x"]), None);
        assert_eq!(at(&["ls", "run"]), None);
        // Global options before the subcommand: read, not taken for the program's words.
        assert_eq!(at(&["uv", "--quiet", "run", "rm"]), command_at(3));
        assert_eq!(at(&["uv", "--directory", "d", "run", "rm"]), command_at(4));
        assert_eq!(
            at(&["npm", "--prefix", ".", "exec", "--", "rm"]),
            command_at(5)
        );
        assert_eq!(at(&["poetry", "-C", ".", "run", "rm"]), command_at(4));
        assert_eq!(at(&["pnpm", "-C", "x", "exec", "rm"]), command_at(4));
        assert_eq!(at(&["conda", "-v", "run", "-n", "b", "rm"]), command_at(5));
        assert_eq!(at(&["hatch", "-e", "test", "run", "rm"]), command_at(4));
        assert_eq!(
            at(&["op", "--account", "a", "run", "--", "rm"]),
            command_at(5)
        );
        assert_eq!(
            at(&["doppler", "-p", "b", "run", "--", "rm"]),
            command_at(5)
        );
        assert_eq!(
            at(&["aws-vault", "--backend", "file", "exec", "p", "--", "rm"]),
            command_at(6)
        );
        assert_eq!(at(&["npm", "--prefix", ".", "install", "x"]), None);
        // An unknown option may take the next word: a running subcommand after it is not
        // guessed past, and no running subcommand means no command.
        assert_eq!(
            at(&["uv", "--odd", "x", "run", "rm"]),
            Some(RunnerStep::Unreadable)
        );
        assert_eq!(
            at(&["npm", "--odd", "exec", "rm"]),
            Some(RunnerStep::Unreadable)
        );
        assert_eq!(
            at(&["npm", "--odd", "x", "install"]),
            Some(RunnerStep::Unreadable)
        );
        assert_eq!(at(&["npm", "--odd", "y", "install"]), None);
        assert_eq!(at(&["uv", "--", "run", "rm"]), Some(RunnerStep::Unreadable));
    }
}
