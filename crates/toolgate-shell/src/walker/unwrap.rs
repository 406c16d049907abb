//! Unwrapping wrappers (`sudo`, `env`, `xargs`, `timeout` …) and following the strings that
//! shells, `eval`, `su -c`, `ssh`, `watch`, `parallel` and `find -exec` run; each step is in
//! `steps.rs`.

use std::borrow::Cow;

use super::placeholders::{after_leading_placeholder, is_placeholder};
use super::{Scope, Walker};
use crate::knowledge::wrappers::SAME_SHELL_WRAPPERS;
use crate::model::{Arg, IndeterminateKind, RawCommand, SimpleCommand, Stdin};
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
