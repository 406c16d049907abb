//! Unwrapping wrappers (`sudo`, `env`, `xargs`, `timeout` …) and following the strings that
//! shells, `eval`, `su -c`, `ssh`, `watch`, `parallel` and `find -exec` run.

use crate::nested::is_interpreter;
use crate::walk::{Scope, Walker};
use crate::{IndeterminateKind, SimpleCommand};

/// A word after quote removal, as the walker hands it over.
#[derive(Debug, Clone, Default)]
pub struct Arg {
    /// Unquoted text (run-time parts keep their source text).
    pub text: String,
    /// Part of it is only known at run time.
    pub dynamic: bool,
    /// It comes from a substitution that downloads (`$(curl …)`, `<(wget …)`).
    pub from_download: bool,
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

pub(crate) const SHELLS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "yash", "posh", "rbash", "csh",
    "tcsh",
];

/// One option read by [`options`]: its spelling (`-u`, `--user`) and value.
pub(crate) struct Opt {
    pub(crate) name: String,
    pub(crate) value: Option<String>,
}

/// Reads options from `args[start..]` until the first operand. `short_val` lists short
/// options that take a value, `long_val` long ones. `--` is consumed. Returns the options and
/// the index of the first operand.
pub(crate) fn options(
    args: &[Arg],
    start: usize,
    short_val: &str,
    long_val: &[&str],
) -> (Vec<Opt>, usize) {
    let mut out = Vec::new();
    let mut i = start;
    while i < args.len() {
        let w = args[i].text.as_str();
        if w == "--" {
            i += 1;
            break;
        }
        if let Some(long) = w.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            if value.is_none() && long_val.contains(&name) {
                out.push(Opt {
                    name: format!("--{name}"),
                    value: args.get(i + 1).map(|a| a.text.clone()),
                });
                i += 2;
            } else {
                out.push(Opt {
                    name: format!("--{name}"),
                    value,
                });
                i += 1;
            }
            continue;
        }
        if w.len() > 1 && w.starts_with('-') {
            let body = &w[1..];
            let mut consumed_next = false;
            for (pos, c) in body.char_indices() {
                if short_val.contains(c) {
                    let rest = &body[pos + c.len_utf8()..];
                    let value = if rest.is_empty() {
                        consumed_next = true;
                        args.get(i + 1).map(|a| a.text.clone())
                    } else {
                        Some(rest.to_string())
                    };
                    out.push(Opt {
                        name: format!("-{c}"),
                        value,
                    });
                    break;
                }
                out.push(Opt {
                    name: format!("-{c}"),
                    value: None,
                });
            }
            i += if consumed_next { 2 } else { 1 };
            continue;
        }
        break;
    }
    (out, i.min(args.len()))
}

fn has(opts: &[Opt], names: &[&str]) -> bool {
    opts.iter().any(|o| names.contains(&o.name.as_str()))
}

fn value_of<'o>(opts: &'o [Opt], names: &[&str]) -> Option<&'o str> {
    opts.iter()
        .rev()
        .find(|o| names.contains(&o.name.as_str()))
        .and_then(|o| o.value.as_deref())
}

/// The basename of a program path.
pub fn basename(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// Splits a string into words the way `env -S` does (whitespace, simple quotes).
fn split_words(s: &str) -> Vec<Arg> {
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
    pub(crate) fn run_command(&mut self, raw: RawCommand, scope: &Scope) {
        let RawCommand {
            mut args,
            mut env,
            writes,
            stdin,
        } = raw;
        let mut scope = scope.clone();
        let mut cwd_changed = false;
        loop {
            // Leading `NAME=value` words (after `env`, or malformed ones the shell would
            // still not run as a program we can name) are environment.
            while let Some(first) = args.first() {
                if first.dynamic || !first.text.contains('=') || first.text.starts_with('-') {
                    break;
                }
                let (n, v) = first.text.split_once('=').unwrap_or((&first.text, ""));
                env.push((n.to_string(), v.to_string()));
                args.remove(0);
            }
            let Some(first) = args.first() else {
                if let Some(s) = &stdin
                    && s.expand
                {
                    self.heredoc_substitutions(&s.text, &scope);
                }
                return;
            };
            if first.dynamic {
                self.indeterminate(
                    &scope,
                    IndeterminateKind::DynamicProgram,
                    "the program name is only known at run time",
                );
                return;
            }
            let name = basename(&first.text).to_ascii_lowercase();
            let step: Option<(usize, &str)> = match name.as_str() {
                "sudo" => {
                    let (opts, end) = options(
                        &args,
                        1,
                        "ugChpPrtTUD",
                        &[
                            "user",
                            "group",
                            "close-from",
                            "chdir",
                            "host",
                            "prompt",
                            "role",
                            "type",
                            "command-timeout",
                            "other-user",
                        ],
                    );
                    let opts: Vec<Opt> = opts
                        .into_iter()
                        .filter(|o| o.name != "-P")
                        .collect::<Vec<_>>();
                    if has(&opts, &["-D", "--chdir"]) {
                        cwd_changed = true;
                    }
                    if has(&opts, &["-e", "--edit"]) {
                        // sudoedit: the operands are files written.
                        let mut w = writes.clone();
                        w.extend(args[end..].iter().map(|a| a.text.clone()));
                        self.emit_final(&args, &env, &w, &scope, cwd_changed);
                        return;
                    }
                    Some((end, "sudo"))
                }
                "sudoedit" => {
                    let mut w = writes.clone();
                    w.extend(args[1..].iter().map(|a| a.text.clone()));
                    self.emit_final(&args, &env, &w, &scope, cwd_changed);
                    return;
                }
                "doas" => Some((options(&args, 1, "uC", &[]).1, "doas")),
                "env" => {
                    let (opts, end) = options(
                        &args,
                        1,
                        "uCPS",
                        &["unset", "chdir", "split-string", "argv0"],
                    );
                    if has(&opts, &["-C", "--chdir"]) {
                        cwd_changed = true;
                    }
                    let mut rest: Vec<Arg> = Vec::new();
                    if let Some(s) = value_of(&opts, &["-S", "--split-string"]) {
                        rest.extend(split_words(s));
                    }
                    let mut end = end;
                    if args.get(end).is_some_and(|a| a.text == "-") {
                        end += 1;
                    }
                    rest.extend(args[end..].iter().cloned());
                    scope.via.push("env".to_string());
                    args = rest;
                    Some((0, ""))
                }
                "command" => {
                    let (opts, end) = options(&args, 1, "", &[]);
                    if has(&opts, &["-v", "-V"]) && args.len() - end <= 1 {
                        // `command -v rm`: a lookup, nothing runs.
                        return;
                    }
                    Some((end, "command"))
                }
                "builtin" | "nohup" | "busybox" | "noglob" | "eatmydata" | "unbuffer"
                | "catchsegv" => Some((options(&args, 1, "", &[]).1, leak(&name))),
                "exec" => Some((options(&args, 1, "a", &[]).1, "exec")),
                "time" => Some((options(&args, 1, "fo", &["format", "output"]).1, "time")),
                "nice" => {
                    let mut i = 1;
                    while let Some(a) = args.get(i) {
                        let t = a.text.as_str();
                        if t == "-n" || t == "--adjustment" {
                            i += 2;
                        } else if t.starts_with('-') && t != "--" {
                            i += 1;
                        } else if t == "--" {
                            i += 1;
                            break;
                        } else {
                            break;
                        }
                    }
                    Some((i.min(args.len()), "nice"))
                }
                "ionice" => {
                    let (opts, end) = options(&args, 1, "cnp", &["class", "classdata", "pid"]);
                    if has(&opts, &["-p", "--pid"]) {
                        self.emit_final(&args, &env, &writes, &scope, cwd_changed);
                        return;
                    }
                    Some((end, "ionice"))
                }
                "timeout" => {
                    let (_, end) = options(&args, 1, "sk", &["signal", "kill-after"]);
                    Some(((end + 1).min(args.len()), "timeout"))
                }
                "stdbuf" => Some((
                    options(&args, 1, "ioe", &["input", "output", "error"]).1,
                    "stdbuf",
                )),
                "chroot" => {
                    let (_, end) = options(&args, 1, "", &["userspec", "groups"]);
                    Some(((end + 1).min(args.len()), "chroot"))
                }
                "strace" | "ltrace" => {
                    Some((options(&args, 1, "abeEIoOpPsSuX", &[]).1, leak(&name)))
                }
                "xargs" => {
                    self.emit_plain(&args[..1], &env, &scope);
                    let (start, placeholder) = xargs_options(&args);
                    scope.input_args = true;
                    if let Some(p) = placeholder {
                        scope.placeholders.push(p);
                    }
                    let rest: Vec<Arg> = args[start..]
                        .iter()
                        .map(|a| mark_placeholders(a, &scope))
                        .collect();
                    scope.via.push("xargs".to_string());
                    args = rest;
                    Some((0, ""))
                }
                "parallel" => {
                    self.parallel(&args, &env, &scope);
                    return;
                }
                "watch" => {
                    let (_, end) = options(&args, 1, "nq", &["interval", "chgexit"]);
                    let script = join(&args[end..]);
                    self.emit_final(&args[..1], &env, &writes, &scope, cwd_changed);
                    self.script(&script, &scope.child("watch"));
                    return;
                }
                "eval" => {
                    self.emit_final(&args[..1], &env, &writes, &scope, cwd_changed);
                    if args[1..].iter().any(|a| a.from_download) {
                        self.mark_last_downloaded();
                        return;
                    }
                    let script = join(&args[1..]);
                    self.script(&script, &scope.child("eval"));
                    return;
                }
                "source" | "." => {
                    self.source(&args, &env, &writes, stdin.as_ref(), &scope, cwd_changed);
                    return;
                }
                "su" | "runuser" => {
                    let (opts, _) = options(
                        &args,
                        1,
                        "cgGsw",
                        &[
                            "command",
                            "group",
                            "supp-group",
                            "shell",
                            "whitelist-environment",
                        ],
                    );
                    self.emit_final(&args, &env, &writes, &scope, cwd_changed);
                    if let Some(script) = value_of(&opts, &["-c", "--command"]) {
                        let script = script.to_string();
                        self.script(&script, &scope.child("su -c"));
                    }
                    return;
                }
                "ssh" => {
                    let (_, end) = options(&args, 1, "BbcDEeFIiJLlmOoPpQRSWw", &[]);
                    self.emit_final(&args, &env, &writes, &scope, cwd_changed);
                    if args.len() > end + 1 {
                        let script = join(&args[end + 1..]);
                        self.script(&script, &scope.child("ssh"));
                    }
                    return;
                }
                "find" => {
                    self.find(&args, &env, &writes, &scope, cwd_changed);
                    return;
                }
                n if SHELLS.contains(&n) => {
                    self.shell(&args, &env, &writes, stdin.as_ref(), &scope, cwd_changed);
                    return;
                }
                n => {
                    if let Some(code_opts) = is_interpreter(n) {
                        self.interpreter(
                            &args,
                            code_opts,
                            &env,
                            &writes,
                            stdin.as_ref(),
                            &scope,
                            cwd_changed,
                        );
                        return;
                    }
                    None
                }
            };
            match step {
                Some((skip, label)) => {
                    if !label.is_empty() {
                        scope.via.push(label.to_string());
                    }
                    args.drain(..skip.min(args.len()));
                    if args.is_empty() {
                        return;
                    }
                }
                None => break,
            }
        }
        if let Some(s) = &stdin
            && s.expand
        {
            self.heredoc_substitutions(&s.text, &scope);
        }
        self.emit_final(&args, &env, &writes, &scope, cwd_changed);
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

fn leak(name: &str) -> &'static str {
    match name {
        "builtin" => "builtin",
        "nohup" => "nohup",
        "busybox" => "busybox",
        "noglob" => "noglob",
        "eatmydata" => "eatmydata",
        "unbuffer" => "unbuffer",
        "catchsegv" => "catchsegv",
        "strace" => "strace",
        "ltrace" => "ltrace",
        _ => "wrapper",
    }
}

fn join(args: &[Arg]) -> String {
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
    }
    a
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
                let rest = &body[pos + 1..];
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
