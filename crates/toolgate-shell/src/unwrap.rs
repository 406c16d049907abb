//! Unwrapping wrappers (`sudo`, `env`, `xargs`, `timeout` …) and following the strings that
//! shells, `eval`, `su -c`, `ssh`, `watch`, `parallel` and `find -exec` run.

use crate::nested::is_interpreter;
pub(crate) use crate::options::Opt;
use crate::options::{OptionSpec, has, read_options};
use crate::runners::RunnerStep;
use crate::walk::{Scope, Walker};
use crate::{IndeterminateKind, SimpleCommand};

/// Most wrapper steps one simple command may take (`env env env …`) before the analysis
/// gives up (indeterminate). Bounds the work on adversarial inputs.
pub const MAX_WRAPPER_STEPS: usize = 64;

/// A word after quote removal, as the walker hands it over.
#[derive(Debug, Clone, Default)]
pub struct Arg {
    /// Unquoted text (run-time parts keep their source text).
    pub text: String,
    /// Part of it is only known at run time.
    pub dynamic: bool,
    /// A run-time part is not protected by double quotes (or is `"$@"`): it may expand to
    /// several words, or none. Implies `dynamic`.
    pub splits: bool,
    /// It comes from a substitution that downloads (`$(curl …)`, `<(wget …)`).
    pub from_download: bool,
    /// The whole word is one substitution of a setup program printing its shell setup code
    /// (`"$(ssh-agent -s)"`, `<(kubectl completion bash)`).
    pub setup_code: bool,
    /// The whole word is one substitution that only prints data read from files
    /// (`$(cat .env | xargs)`).
    pub file_data: bool,
    /// Glob characters outside quotes: the shell expands it to matching file names.
    pub glob: bool,
    /// The whole word is one substitution of `find` (`$(find . -name '*.pyc')`): it expands
    /// to paths at or under these start paths (`None` when they are only known at run time
    /// or the word is something else).
    pub listed_roots: Option<Vec<String>>,
}

/// What a command reads on stdin from a heredoc, a here-string or `< <(…)`.
#[derive(Debug, Clone, Default)]
pub struct Stdin {
    /// The text.
    pub text: String,
    /// A heredoc subject to expansion (its substitutions run).
    pub expand: bool,
    /// Only known at run time.
    pub dynamic: bool,
    /// Comes from a download.
    pub from_download: bool,
    /// Read from a named file (`bash < script.sh`): it runs that file, as `bash script.sh`
    /// does, so it is no more unknown than a script operand.
    pub from_file: bool,
    /// The text is a template: each `{}` in it stands for data from input (a path, a
    /// line), as in `find … -printf 'mv %p %p.bak\n' | sh` (analysed as `xargs` commands are).
    pub template: bool,
}

/// A simple command before unwrapping.
#[derive(Debug, Clone, Default)]
pub struct RawCommand {
    /// The words: program first.
    pub args: Vec<Arg>,
    /// Prefix assignments.
    pub env: Vec<(String, String)>,
    /// Output redirect targets.
    pub writes: Vec<String>,
    /// Heredoc / here-string.
    pub stdin: Option<Stdin>,
}

/// Reads options from `args[start..]` until the first operand. `short_val` lists short
/// options that take a value, `long_val` long ones (abbreviations resolve). `--` is consumed.
/// Returns the options and the index of the first operand.
pub(crate) fn options(
    args: &[Arg],
    start: usize,
    short_val: &'static str,
    long_val: &'static [&'static str],
) -> (Vec<Opt>, usize) {
    read_options(args, start, &OptionSpec::values(short_val, long_val))
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

/// The basename of a program path.
pub fn basename(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// Splits a string into words the way `env -S` does (whitespace, simple quotes).
pub(crate) fn split_words(s: &str) -> Vec<Arg> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in s.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    out.push(Arg {
                        text: std::mem::take(&mut cur),
                        ..Arg::default()
                    });
                    in_word = false;
                }
            }
            None => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        out.push(Arg {
            text: cur,
            ..Arg::default()
        });
    }
    out
}

impl Walker {
    /// Unwraps `raw` until nothing changes, follows nested scripts, and emits the commands.
    /// Works on an offset into the words, so a long chain of wrappers costs linear time.
    pub(crate) fn run_command(&mut self, raw: RawCommand, scope: &Scope) {
        let RawCommand {
            args: mut words,
            mut env,
            writes,
            stdin,
        } = raw;
        let mut scope = scope.clone();
        let mut cwd_changed = false;
        let mut base = 0;
        let mut steps = 0;
        // The last wrapper word, for a wrapper left without a command (`exec 3>f`).
        let mut last_wrapper: Option<Arg> = None;
        loop {
            // Leading `NAME=value` words (after `env`, or malformed ones the shell would
            // still not run as a program we can name) are environment.
            while let Some(first) = words.get(base) {
                // `NAME=$(…)`: a static name makes it an assignment whatever its value.
                let static_name = first.text.split_once('=').is_some_and(|(n, _)| {
                    !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                });
                if !first.text.contains('=')
                    || first.text.starts_with('-')
                    || (first.dynamic && !static_name)
                {
                    break;
                }
                let (n, v) = first.text.split_once('=').unwrap_or((&first.text, ""));
                env.push((n.to_string(), v.to_string()));
                base += 1;
            }
            let args = &words[base..];
            let Some(first) = args.first() else {
                crate::exports::record_assignments(&mut self.exported, &env);
                if let Some(s) = &stdin
                    && s.expand
                {
                    self.heredoc_substitutions(&s.text, &scope);
                }
                if !writes.is_empty() {
                    // A redirect with no program (`> f`, `exec 3>f`) still writes the file.
                    let program = last_wrapper.take().unwrap_or_default();
                    let cmd = SimpleCommand {
                        program: basename(&program.text).to_string(),
                        program_path: program.text,
                        via: scope.via.clone(),
                        env: env.clone(),
                        writes: writes.clone(),
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
            let name = basename(&first.text).to_ascii_lowercase();
            let step = self.wrapper_step(
                &name,
                args,
                &env,
                &writes,
                stdin.as_ref(),
                &mut scope,
                &mut cwd_changed,
            );
            match step {
                Step::Skip(skip, label) => {
                    if !label.is_empty() {
                        scope.via.push(label.to_string());
                    }
                    last_wrapper = Some(args[0].clone());
                    base += skip.min(args.len());
                }
                Step::Replace(rest, label) => {
                    scope.via.push(label.to_string());
                    last_wrapper = Some(args[0].clone());
                    words = rest;
                    base = 0;
                }
                Step::Done => return,
                Step::Final => break,
            }
        }
        if let Some(s) = &stdin
            && s.expand
        {
            self.heredoc_substitutions(&s.text, &scope);
        }
        self.emit_final(&words[base..], &env, &writes, &scope, cwd_changed);
    }

    /// One unwrapping step for the program `name` (lower case) heading `args`.
    #[allow(clippy::too_many_arguments)]
    fn wrapper_step(
        &mut self,
        name: &str,
        args: &[Arg],
        env: &[(String, String)],
        writes: &[String],
        stdin: Option<&Stdin>,
        scope: &mut Scope,
        cwd_changed: &mut bool,
    ) -> Step {
        let words: Vec<&str> = args.iter().map(|a| a.text.as_str()).collect();
        match crate::runners::runner_step(name, &words) {
            Some(RunnerStep::CommandAt(at)) => return Step::Skip(at, "runner"),
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
            "sudo" => self.sudo(args, env, writes, scope, cwd_changed),
            "sudoedit" => {
                let mut w = writes.to_vec();
                w.extend(args[1..].iter().map(|a| a.text.clone()));
                self.emit_final(args, env, &w, scope, *cwd_changed);
                Step::Done
            }
            "env" => self.env(args, cwd_changed),
            "command" => {
                let (opts, end) = options(args, 1, "", &[]);
                if has(&opts, &["-v", "-V"]) && args.len() - end <= 1 {
                    // `command -v rm`: a lookup, nothing runs.
                    return Step::Done;
                }
                Step::Skip(end, "command")
            }
            "nice" => {
                let mut i = 1;
                while let Some(a) = args.get(i) {
                    let t = a.text.as_str();
                    if t == "-n" || t == "--adjustment" {
                        i += 2;
                    } else if t == "--" {
                        i += 1;
                        break;
                    } else if t.starts_with('-') {
                        i += 1;
                    } else {
                        break;
                    }
                }
                Step::Skip(i.min(args.len()), "nice")
            }
            "xargs" => {
                self.emit_plain(&args[..1], env, scope);
                let (start, placeholder) = xargs_options(args);
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
                self.parallel(args, env, scope);
                Step::Done
            }
            "watch" => {
                let (_, end) = options(args, 1, "nq", &["interval", "chgexit"]);
                let script = join(&args[end..]);
                self.emit_final(&args[..1], env, writes, scope, *cwd_changed);
                self.script(&script, &scope.child("watch"));
                Step::Done
            }
            "eval" => {
                self.emit_final(&args[..1], env, writes, scope, *cwd_changed);
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
                self.script(&script, &scope.child("eval"));
                Step::Done
            }
            "source" | "." => {
                self.source(args, env, writes, stdin, scope, *cwd_changed);
                Step::Done
            }
            "alias" => {
                // `alias x='rm -rf /'` runs nothing; the body is analysed where `x` is used.
                self.emit_final(args, env, writes, scope, *cwd_changed);
                for a in &args[1..] {
                    if let Some((name, body)) = a.text.split_once('=') {
                        self.define_alias(name, body, scope);
                    }
                }
                Step::Done
            }
            "su" | "runuser" => self.su(args, env, writes, scope, *cwd_changed),
            "ssh" => {
                const SSH_VALUES: &str = "BbcDEeFIiJLlmOoPpQRSWw";
                let (_, end) = options(args, 1, SSH_VALUES, &[]);
                // Options may follow the destination too, unless `--` came before it.
                let dashdash = args[1..end].iter().any(|a| a.text == "--");
                let command_at = if dashdash || end >= args.len() {
                    end + 1
                } else {
                    options(args, end + 1, SSH_VALUES, &[]).1
                };
                self.emit_final(args, env, writes, scope, *cwd_changed);
                if args.len() > command_at {
                    let script = join(&args[command_at..]);
                    self.script(&script, &scope.child("ssh"));
                }
                Step::Done
            }
            "find" => {
                self.find(args, env, writes, scope, *cwd_changed);
                Step::Done
            }
            n if crate::programs::in_class(n, crate::programs::Class::Shell) => {
                self.shell(args, env, writes, stdin, scope, *cwd_changed);
                Step::Done
            }
            n => {
                if let Some(code_opts) = is_interpreter(n) {
                    self.interpreter(args, code_opts, env, writes, stdin, scope, *cwd_changed);
                    return Step::Done;
                }
                match crate::wrappers::lookup(n) {
                    Some(w) => self.table_wrapper(w, args, env, writes, scope, cwd_changed),
                    None => Step::Final,
                }
            }
        }
    }

    fn heredoc_substitutions(&mut self, body: &str, scope: &Scope) {
        match crate::words::heredoc_substitutions(body, &self.options) {
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

    pub(crate) fn emit_plain(&mut self, args: &[Arg], env: &[(String, String)], scope: &Scope) {
        self.emit_final(args, env, &[], scope, false);
    }

    /// Builds and emits the final command.
    pub(crate) fn emit_final(
        &mut self,
        args: &[Arg],
        env: &[(String, String)],
        writes: &[String],
        scope: &Scope,
        cwd_changed: bool,
    ) {
        let Some(first) = args.first() else { return };
        let cmd = SimpleCommand {
            program: basename(&first.text).to_string(),
            program_path: first.text.clone(),
            args: args[1..].iter().map(|a| a.text.clone()).collect(),
            dynamic_args: args[1..]
                .iter()
                .enumerate()
                .filter(|(_, a)| a.dynamic)
                .map(|(i, _)| i)
                .collect(),
            split_args: args[1..]
                .iter()
                .enumerate()
                .filter(|(_, a)| a.splits)
                .map(|(i, _)| i)
                .collect(),
            glob_args: args[1..]
                .iter()
                .enumerate()
                .filter(|(_, a)| a.glob)
                .map(|(i, _)| i)
                .collect(),
            // `{}` of `find -exec`, `xargs -I{}`: each stands for one input path; so does
            // `$(find …)`.
            rooted_args: args[1..]
                .iter()
                .enumerate()
                .filter(|(_, a)| {
                    (a.dynamic && scope.placeholders.contains(&a.text)) || a.listed_roots.is_some()
                })
                .map(|(i, _)| i)
                .collect(),
            input_roots: args[1..]
                .iter()
                .filter_map(|a| a.listed_roots.clone())
                .flatten()
                .collect(),
            via: scope.via.clone(),
            env: env.to_vec(),
            writes: writes.to_vec(),
            args_from_input: scope.input_args,
            cwd_changed,
            ..SimpleCommand::default()
        };
        self.emit(cmd, scope);
    }
}

pub(crate) fn join(args: &[Arg]) -> String {
    args.iter()
        .map(|a| a.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

pub(crate) fn mark_placeholders(a: &Arg, scope: &Scope) -> Arg {
    let mut a = a.clone();
    if scope
        .placeholders
        .iter()
        .any(|p| a.text.contains(p.as_str()))
    {
        a.dynamic = true;
        a.splits = true;
    }
    a
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

/// Reads xargs' options; returns the index of the command and the replacement string.
fn xargs_options(args: &[Arg]) -> (usize, Option<String>) {
    let mut placeholder = None;
    let mut i = 1;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "--" {
            i += 1;
            break;
        }
        if let Some(long) = t.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            match name {
                "replace" | "i" => {
                    placeholder = Some(value.filter(|v| !v.is_empty()).unwrap_or("{}").to_string());
                    i += 1;
                }
                "arg-file" | "delimiter" | "max-args" | "max-procs" | "max-chars"
                | "process-slot-var"
                    if value.is_none() =>
                {
                    i += 2
                }
                _ => i += 1,
            }
            continue;
        }
        if t.len() > 1 && t.starts_with('-') {
            let body = &t[1..];
            let mut skip_next = false;
            for (pos, c) in body.char_indices() {
                let rest = &body[pos + c.len_utf8()..];
                match c {
                    'I' | 'J' => {
                        if rest.is_empty() {
                            placeholder = args.get(i + 1).map(|a| a.text.clone());
                            skip_next = true;
                        } else {
                            placeholder = Some(rest.to_string());
                        }
                        break;
                    }
                    'i' => {
                        placeholder = Some(if rest.is_empty() { "{}" } else { rest }.to_string());
                        break;
                    }
                    'e' | 'l' => break,
                    'a' | 'd' | 'E' | 'L' | 'n' | 'P' | 's' | 'R' | 'S' => {
                        skip_next = rest.is_empty();
                        break;
                    }
                    _ => {}
                }
            }
            i += if skip_next { 2 } else { 1 };
            continue;
        }
        break;
    }
    (i.min(args.len()), placeholder)
}
