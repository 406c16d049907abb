//! Unwrapping wrappers (`sudo`, `env`, `xargs`, `timeout` …) and following the strings that
//! shells, `eval`, `su -c`, `ssh`, `watch`, `parallel` and `find -exec` run.

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

const SHELLS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "yash", "posh", "rbash",
];

/// One option read by [`options`]: its spelling (`-u`, `--user`) and value.
struct Opt {
    name: String,
    value: Option<String>,
}

/// Reads options from `args[start..]` until the first operand. `short_val` lists short
/// options that take a value, `long_val` long ones. `--` is consumed. Returns the options and
/// the index of the first operand.
fn options(args: &[Arg], start: usize, short_val: &str, long_val: &[&str]) -> (Vec<Opt>, usize) {
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

fn is_interpreter(name: &str) -> Option<&'static [&'static str]> {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    match base {
        "python" | "pypy" => Some(&["-c"]),
        "perl" => Some(&["-e", "-E"]),
        "ruby" | "lua" | "luajit" => Some(&["-e"]),
        "node" | "nodejs" | "bun" => Some(&["-e", "--eval", "-p", "--print"]),
        "php" => Some(&["-r"]),
        "osascript" => Some(&["-e"]),
        _ => None,
    }
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
                    self.emit_final(&args, &env, &writes, &scope, cwd_changed);
                    if args[1..].iter().any(|a| a.from_download) {
                        self.mark_last_downloaded();
                    }
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

    fn mark_last_downloaded(&mut self) {
        if let Some(c) = self.out.commands.last_mut() {
            c.runs_downloaded_code = true;
        }
    }

    fn emit_plain(&mut self, args: &[Arg], env: &[(String, String)], scope: &Scope) {
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

    fn shell(
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
        let operand = args.get(i);
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
            }
            return;
        }
        mark(self, &|c| c.reads_code_from_stdin = true);
        if let Some(s) = stdin {
            if s.from_download {
                mark(self, &|c| c.runs_downloaded_code = true);
            } else if !s.text.is_empty() {
                let text = s.text.clone();
                self.script(&text, &scope.child(&format!("{name} <<…")));
            } else if s.dynamic {
                self.indeterminate(
                    scope,
                    IndeterminateKind::DynamicScript,
                    "the shell script on stdin is only known at run time",
                );
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn interpreter(
        &mut self,
        args: &[Arg],
        code_opts: &[&str],
        env: &[(String, String)],
        writes: &[String],
        stdin: Option<&Stdin>,
        scope: &Scope,
        cwd_changed: bool,
    ) {
        let mut code: Option<String> = None;
        let mut file: Option<&Arg> = None;
        let mut i = 1;
        while i < args.len() {
            let t = args[i].text.as_str();
            if t == "--" {
                file = args.get(i + 1);
                break;
            }
            if t == "-" {
                break;
            }
            if let Some(c) = code_opts.iter().find(|c| t == **c) {
                let _ = c;
                code = args.get(i + 1).map(|a| a.text.clone());
                break;
            }
            if let Some(c) = code_opts
                .iter()
                .find(|c| c.len() == 2 && t.starts_with(**c) && t.len() > 2)
            {
                code = Some(t[c.len()..].to_string());
                break;
            }
            if matches!(t, "-m") {
                file = args.get(i + 1);
                break;
            }
            if matches!(t, "-W" | "-X" | "-r" | "--require" | "--import" | "-I") {
                i += 2;
                continue;
            }
            if t.starts_with('-') {
                i += 1;
                continue;
            }
            file = Some(&args[i]);
            break;
        }
        let name = basename(&args[0].text).to_string();
        self.emit_final(args, env, writes, scope, cwd_changed);
        let idx = self.out.commands.len().checked_sub(1);
        let code = match (code, file) {
            (Some(c), _) => Some(c),
            (None, Some(f)) => {
                if f.from_download {
                    self.mark_last_downloaded();
                }
                None
            }
            (None, None) => {
                if let Some(c) = idx.and_then(|i| self.out.commands.get_mut(i)) {
                    c.reads_code_from_stdin = true;
                }
                match stdin {
                    Some(s) if s.from_download => {
                        self.mark_last_downloaded();
                        None
                    }
                    Some(s) => Some(s.text.clone()),
                    None => None,
                }
            }
        };
        if let Some(code) = code {
            let found = crate::inline::scan(&code);
            if let Some(c) = idx.and_then(|i| self.out.commands.get_mut(i)) {
                c.inline_code_hits = found.hits;
            }
            for url in found.urls {
                self.out.destinations.push(crate::Destination::Url {
                    url,
                    program: name.clone(),
                });
            }
            let mut child = scope.child(&format!("{name} code"));
            child.lenient = true;
            self.script(&code, &child);
            for s in found.strings {
                self.script(&s, &child);
            }
        }
    }

    fn find(
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
                    self.run_command(
                        RawCommand {
                            args: inner,
                            ..RawCommand::default()
                        },
                        &child,
                    );
                }
                i = end + 1;
            } else {
                i += 1;
            }
        }
    }

    fn parallel(&mut self, args: &[Arg], env: &[(String, String)], scope: &Scope) {
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
        for v in values {
            let mut inner: Vec<Arg> = template
                .iter()
                .map(|a| Arg {
                    text: substitute_parallel(&a.text, &v.text),
                    dynamic: a.dynamic || v.dynamic,
                    from_download: a.from_download || v.from_download,
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

fn mark_placeholders(a: &Arg, scope: &Scope) -> Arg {
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
