//! Unwrapping wrappers (`sudo`, `env`, `xargs`, `timeout` …) and following the strings that
//! shells, `eval`, `su -c`, `ssh`, `watch`, `parallel` and `find -exec` run.

use std::borrow::Cow;

use super::placeholders::{after_leading_placeholder, is_placeholder, mark_placeholders};
use super::{Scope, Walker};
use crate::knowledge::interpreters::is_interpreter;
use crate::knowledge::runners::RunnerStep;
use crate::knowledge::specs::launchers::{
    COMMAND, COMMAND_LOOKUP, TRAP, WATCH, XARGS, XARGS_REPLACE,
};
use crate::knowledge::wrappers::SAME_SHELL_WRAPPERS;
use crate::model::{Arg, IndeterminateKind, RawCommand, SimpleCommand, Stdin};
use crate::options::{Grammar, has, read_grammar, read_options};
use crate::syntax::words::basename;

/// Most wrapper steps one simple command may take (`env env env …`) before the analysis
/// gives up (indeterminate). Bounds the work on adversarial inputs.
pub const MAX_WRAPPER_STEPS: usize = 64;

/// One simple command on its way through the unwrapping steps: its words (the program or
/// wrapper first) and what surrounds them. Every step and emitter takes this one value.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Invocation<'a> {
    /// The words, program (or wrapper) first.
    pub(crate) args: &'a [Arg],
    /// Environment assignments given so far (`FOO=1 cmd`, `env FOO=1 cmd`).
    pub(crate) env: &'a [(String, String)],
    /// Output redirect targets.
    pub(crate) writes: &'a [String],
    /// What the command reads on stdin (heredoc, here-string, `< <(…)`).
    pub(crate) stdin: Option<&'a Stdin>,
    /// A wrapper (`env -C`, `sudo -D`) or an earlier command changed directory.
    pub(crate) cwd_changed: bool,
}

impl<'a> Invocation<'a> {
    /// A command with only its words and environment (no redirects, no stdin).
    pub(crate) fn plain(args: &'a [Arg], env: &'a [(String, String)]) -> Invocation<'a> {
        Invocation {
            args,
            env,
            writes: &[],
            stdin: None,
            cwd_changed: false,
        }
    }

    /// The same invocation with other words (`&args[..1]`: the wrapper alone).
    pub(crate) fn with_args(self, args: &'a [Arg]) -> Invocation<'a> {
        Invocation { args, ..self }
    }

    /// The same invocation with other written files.
    pub(crate) fn with_writes(self, writes: &'a [String]) -> Invocation<'a> {
        Invocation { writes, ..self }
    }
}

/// What one unwrapping step found.
pub(crate) enum Step {
    /// A wrapper: skip this many words, add the label to `via`.
    Skip(usize, &'static str),
    /// A wrapper whose command is these words (`env -S`, `xargs`); the label goes to `via`.
    Replace(Vec<Arg>, &'static str),
    /// The command was emitted or followed already.
    Done,
    /// Not a wrapper: the words are the final command.
    Final,
}

impl Walker {
    /// Unwraps `raw` until nothing changes, follows nested scripts, and emits the commands.
    /// Works on an offset into the words, so a long chain of wrappers costs linear time.
    pub(crate) fn run_command(&mut self, raw: &RawCommand, scope: &Scope) {
        // The words are copied only when a wrapper step replaces them (`env -S`, `xargs`).
        let mut words: Cow<'_, [Arg]> = Cow::Borrowed(&raw.args);
        // The environment and the scope are copied only when a step changes them.
        let mut env: Cow<'_, [(String, String)]> = Cow::Borrowed(&raw.env);
        let writes = &raw.writes;
        let stdin = raw.stdin.as_ref();
        let mut scope: Cow<'_, Scope> = Cow::Borrowed(scope);
        let mut cwd_changed = false;
        let mut base = 0;
        let mut steps = 0;
        // The last wrapper word, for a wrapper left without a command (`exec 3>f`).
        let mut last_wrapper: Option<Arg> = None;
        loop {
            // Leading `NAME=value` words (after `env`, or malformed ones the shell would
            // still not run as a program we can name) are environment.
            while let Some(first) = words.get(base) {
                let Some((n, v)) = first.text.split_once('=') else {
                    break;
                };
                // `NAME=$(…)`: a static name makes it an assignment whatever its value.
                let static_name =
                    !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                if first.text.starts_with('-') || (first.dynamic && !static_name) {
                    break;
                }
                env.to_mut().push((n.to_string(), v.to_string()));
                base += 1;
            }
            let args = &words[base..];
            let Some(first) = args.first() else {
                if let Some(s) = stdin
                    && s.expand
                {
                    self.heredoc_substitutions(&s.text, &scope);
                }
                // `env` with no command prints the environment: it runs as a program.
                let prints_environment = last_wrapper.as_ref().is_some_and(|w| {
                    toolgate_core::path_class::secrets::ENVIRONMENT_DUMPERS
                        .contains(&basename(&w.text).to_ascii_lowercase().as_str())
                });
                if !writes.is_empty() || prints_environment {
                    // A redirect with no program (`> f`, `exec 3>f`) still writes the file.
                    let program = last_wrapper.take().unwrap_or_default();
                    let cmd = SimpleCommand {
                        program: basename(&program.text).to_string(),
                        program_path: program.text,
                        via: scope.via.clone(),
                        env: env.to_vec(),
                        writes: writes.to_vec(),
                        cwd_changed,
                        ..SimpleCommand::default()
                    };
                    self.emit(cmd, &scope);
                }
                return;
            };
            // `env $(cat .env | xargs) rails`: words read from a file are env's assignments
            // when a program named in the text follows them.
            let after_env = last_wrapper
                .as_ref()
                .is_some_and(|w| basename(&w.text).eq_ignore_ascii_case("env"));
            if first.dynamic
                && first.file_data
                && after_env
                && words[base + 1..]
                    .iter()
                    .any(|a| !a.dynamic && !a.text.contains('=') && !a.text.starts_with('-'))
            {
                base += 1;
                continue;
            }
            // `$(echo ls)`, `` `echo pwd` ``: a program name the command's own text prints.
            if first.dynamic
                && let Some(mut printed) = super::words::printed_words(first)
            {
                printed.extend_from_slice(&args[1..]);
                words = Cow::Owned(printed);
                base = 0;
                continue;
            }
            if first.dynamic {
                self.indeterminate(
                    &scope,
                    IndeterminateKind::DynamicProgram,
                    "the program name is only known at run time",
                );
                return;
            }
            // `/`, `--`, `-x`: no rule can name such a program, so an option this walker did
            // not model ended up here (`sudo -R / rm …`, `time -p -- rm …`).
            let base_name = basename(&first.text);
            if base_name.is_empty() || base_name.starts_with('-') {
                self.indeterminate(
                    &scope,
                    IndeterminateKind::ParseError,
                    "an option of a wrapper could not be read",
                );
                return;
            }
            steps += 1;
            if steps > MAX_WRAPPER_STEPS {
                self.indeterminate(
                    &scope,
                    IndeterminateKind::TooDeep,
                    "the command nests wrappers too deeply",
                );
                return;
            }
            // Lower case, copied only when the name has a capital.
            let name = match base_name {
                n if n.bytes().any(|b| b.is_ascii_uppercase()) => {
                    Cow::Owned(n.to_ascii_lowercase())
                }
                n => Cow::Borrowed(n),
            };
            let mut inv = Invocation {
                args,
                env: &env,
                writes,
                stdin,
                cwd_changed,
            };
            let step = self.wrapper_step(&name, &mut inv, &mut scope);
            cwd_changed = inv.cwd_changed;
            // `sudo export d=x`: a builtin another process runs sets nothing here.
            if matches!(step, Step::Skip(..) | Step::Replace(..))
                && !SAME_SHELL_WRAPPERS.contains(&&*name)
                && !scope.wrapped
            {
                scope.to_mut().wrapped = true;
            }
            match step {
                Step::Skip(skip, label) => {
                    if !label.is_empty() {
                        scope.to_mut().via.push(label.to_string());
                    }
                    last_wrapper = Some(args[0].clone());
                    base += skip.min(args.len());
                }
                Step::Replace(rest, label) => {
                    scope.to_mut().via.push(label.to_string());
                    last_wrapper = Some(args[0].clone());
                    words = Cow::Owned(rest);
                    base = 0;
                }
                Step::Done => return,
                Step::Final => break,
            }
        }
        let heredoc_start = self.out.commands.len();
        if let Some(s) = stdin
            && s.expand
        {
            self.heredoc_substitutions(&s.text, &scope);
        }
        let heredoc = heredoc_start..self.out.commands.len();
        let inv = Invocation {
            args: &words[base..],
            env: &env,
            writes,
            stdin,
            cwd_changed,
        };
        self.emit_final(inv, &scope);
        self.framework_console(inv, &scope);
        // What the heredoc's substitutions print is part of the command's stdin.
        if !heredoc.is_empty() {
            for c in &mut self.out.commands[heredoc.end..] {
                c.stdin_from.get_or_insert_with(|| heredoc.clone());
            }
        }
    }

    /// One unwrapping step for the program `name` (lower case) heading `inv.args`. A step
    /// that changes directory sets `inv.cwd_changed`.
    fn wrapper_step(
        &mut self,
        name: &str,
        inv: &mut Invocation<'_>,
        scope: &mut Cow<'_, Scope>,
    ) -> Step {
        let Invocation {
            args, env, writes, ..
        } = *inv;
        match super::wrappers::runner_step(name, args) {
            Some(RunnerStep::CommandAt(at)) => {
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
                match super::wrappers::table_wrapper_named(n) {
                    Some(w) => self.table_wrapper(w, inv, scope),
                    None => Step::Final,
                }
            }
        }
    }

    fn heredoc_substitutions(&mut self, body: &str, scope: &Scope) {
        match crate::syntax::words::heredoc_substitutions(body, &self.options) {
            Some(subs) => {
                self.substitutions(subs, scope);
            }
            None => self.indeterminate(
                scope,
                IndeterminateKind::ParseError,
                "a heredoc could not be parsed",
            ),
        }
    }

    pub(crate) fn mark_last_downloaded(&mut self) {
        if let Some(c) = self.out.commands.last_mut() {
            c.runs_downloaded_code = true;
        }
    }

    /// Builds and emits the final command.
    pub(crate) fn emit_final(&mut self, inv: Invocation<'_>, scope: &Scope) {
        let Invocation {
            args,
            env,
            writes,
            stdin,
            cwd_changed,
        } = inv;
        let Some(first) = args.first() else { return };
        let live = self.live_placeholders(scope);
        let scope: &Scope = &live;
        // Its own stdin (a heredoc, a here-string, a file) wins over the pipe's.
        let stdin_text = stdin
            .or(super::shells::piped_stdin(scope))
            .filter(|s| !s.from_download && !s.text.is_empty())
            .map(|s| s.text.clone());
        // The indices of the marked arguments and the roots of the paths input stands for,
        // in one pass (nearly always none is marked and there are none).
        let (mut dynamic_args, mut split_args, mut glob_args, mut rooted_args) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut input_roots = Vec::new();
        let mut any_placeholder = false;
        for (i, a) in args[1..].iter().enumerate() {
            if a.dynamic {
                dynamic_args.push(i);
            }
            if a.splits {
                split_args.push(i);
            }
            if a.glob {
                glob_args.push(i);
            }
            // `{}` of `find -exec`, `xargs -I{}`: each stands for one input path; so does
            // `$(find …)`.
            let placeholder = is_placeholder(a, scope);
            // `-F "f=@{}"`: find puts each path inside the word too; the word is no path, but
            // what the command sends or touches is still under find's start paths.
            let embedded = a.dynamic
                && scope
                    .placeholders
                    .iter()
                    .any(|p| a.text.contains(p.as_str()));
            // `"$d/node_modules"` in `for d in */`: the path under each value (which stands
            // for the word instead of the values themselves).
            let under = match (&scope.listed_roots, placeholder) {
                (Some(roots), false) => after_leading_placeholder(a, scope).map(|rest| {
                    roots
                        .iter()
                        .map(|r| match rest.strip_prefix('/') {
                            Some(tail) if r.ends_with('/') => format!("{r}{tail}"),
                            _ => format!("{r}{rest}"),
                        })
                        .collect::<Vec<String>>()
                }),
                _ => None,
            };
            if placeholder || a.listed_roots.is_some() || under.is_some() {
                rooted_args.push(i);
            }
            any_placeholder |= placeholder || (embedded && under.is_none());
            input_roots.extend(under.into_iter().flatten());
            if let Some(roots) = &a.listed_roots {
                input_roots.extend(roots.iter().cloned());
            }
        }
        if let Some(roots) = &scope.listed_roots
            && (scope.input_args || any_placeholder)
        {
            input_roots.extend(roots.iter().cloned());
        }
        let cmd = SimpleCommand {
            program: basename(&first.text).to_string(),
            program_path: first.text.clone(),
            args: args[1..].iter().map(|a| a.text.clone()).collect(),
            dynamic_args,
            split_args,
            glob_args,
            rooted_args,
            input_roots,
            via: scope.via.clone(),
            env: env.to_vec(),
            writes: writes.to_vec(),
            args_from_input: scope.input_args,
            cwd_changed,
            stdin_text,
            ..SimpleCommand::default()
        };
        self.emit_read(cmd, Some(&args[1..]), scope);
    }
}

pub(crate) fn join(args: &[Arg]) -> String {
    args.iter()
        .map(|a| a.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
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
