//! Interpreters and tools that run code given on their command line: `python -c`, `perl -e`
//! (also inside short-option clusters like `-Ic`, `-we`), awk programs, `sed` `e` commands,
//! `vim -c '!…'` and PowerShell `-Command`.

use crate::unwrap::{Arg, Stdin, basename};
use crate::walk::{Scope, Walker};
use crate::{Destination, IndeterminateKind};

/// The kind of code runner a program is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    /// An interpreter with a code option (`-c`, `-e` …).
    Code,
    /// awk: the first operand is the program.
    Awk,
    /// sed: scripts may run commands (`e`, `s///e`).
    Sed,
    /// vim / ex: `-c cmd` and `+cmd` may run shell commands (`!…`).
    Vim,
    /// PowerShell: `-Command …`.
    PowerShell,
}

/// For a program name (lower case basename): the options that take inline code, if the
/// program runs code from its command line.
pub(crate) fn is_interpreter(name: &str) -> Option<&'static [&'static str]> {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    match base {
        "python" | "pypy" => Some(&["-c"]),
        "perl" => Some(&["-e", "-E"]),
        "ruby" | "lua" | "luajit" => Some(&["-e"]),
        "node" | "nodejs" | "bun" => Some(&["-e", "--eval", "-p", "--print"]),
        "php" => Some(&["-r"]),
        "osascript" => Some(&["-e"]),
        _ if family(name) != Family::Code => Some(&[]),
        _ => None,
    }
}

/// Whether `name` (lower case) is an awk.
pub(crate) fn is_awk(name: &str) -> bool {
    family(name) == Family::Awk
}

fn family(name: &str) -> Family {
    match name {
        "awk" | "gawk" | "mawk" | "nawk" | "busybox-awk" => Family::Awk,
        "sed" | "gsed" => Family::Sed,
        "vim" | "vi" | "nvim" | "ex" | "gvim" | "vimdiff" | "view" | "rvim" => Family::Vim,
        "pwsh" | "powershell" | "pwsh-preview" | "powershell.exe" => Family::PowerShell,
        _ => Family::Code,
    }
}

/// Short options (per interpreter) with a value: (value is the rest of the cluster or the
/// next word, value only attached to the option such as perl's `-i[ext]`).
fn value_letters(name: &str) -> (&'static str, &'static str) {
    match name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.') {
        "python" | "pypy" => ("WXQ", ""),
        "perl" => ("I", "Mmlix0CdD"),
        "ruby" => ("IrEC", "Fx0lWK"),
        "node" | "nodejs" | "bun" => ("r", ""),
        "php" => ("dcz", ""),
        "lua" | "luajit" => ("l", ""),
        "osascript" => ("l", ""),
        _ => ("", ""),
    }
}

/// Where an interpreter's code comes from.
enum CodeSource<'a> {
    /// Inline code, as a word.
    Word(&'a Arg),
    /// Inline code attached to its option (`-cCODE`, `-weCODE`).
    Attached(String),
    /// A script file or module.
    File(&'a Arg),
    /// stdin.
    Stdin,
}

fn code_source<'a>(args: &'a [Arg], code_opts: &[&str], name: &str) -> CodeSource<'a> {
    let code_letters: String = code_opts
        .iter()
        .filter(|o| o.len() == 2)
        .filter_map(|o| o.chars().nth(1))
        .collect();
    let (values, attached_values) = value_letters(name);
    let mut i = 1;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "--" {
            return args.get(i + 1).map_or(CodeSource::Stdin, CodeSource::File);
        }
        if t == "-" {
            return CodeSource::Stdin;
        }
        if code_opts.contains(&t) {
            return args.get(i + 1).map_or(CodeSource::Stdin, CodeSource::Word);
        }
        if let Some((opt, value)) = t.split_once('=')
            && code_opts.contains(&opt)
        {
            return CodeSource::Attached(value.to_string());
        }
        if matches!(t, "-m" | "--require" | "--import" | "--loader") {
            if t == "-m" {
                return args.get(i + 1).map_or(CodeSource::Stdin, CodeSource::File);
            }
            i += 2;
            continue;
        }
        if t.starts_with("--") {
            i += 1;
            continue;
        }
        if let Some(body) = t.strip_prefix('-')
            && !body.is_empty()
        {
            let mut skip_next = false;
            for (pos, c) in body.char_indices() {
                let rest = &body[pos + c.len_utf8()..];
                if code_letters.contains(c) {
                    // `node -pe CODE`: the cluster is only code options.
                    return if rest.chars().all(|r| code_letters.contains(r)) {
                        args.get(i + 1).map_or(CodeSource::Stdin, CodeSource::Word)
                    } else {
                        CodeSource::Attached(rest.to_string())
                    };
                }
                if values.contains(c) {
                    skip_next = rest.is_empty();
                    break;
                }
                if attached_values.contains(c) {
                    break;
                }
            }
            i += if skip_next { 2 } else { 1 };
            continue;
        }
        return CodeSource::File(&args[i]);
    }
    CodeSource::Stdin
}

impl Walker {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn interpreter(
        &mut self,
        args: &[Arg],
        code_opts: &[&str],
        env: &[(String, String)],
        writes: &[String],
        stdin: Option<&Stdin>,
        scope: &Scope,
        cwd_changed: bool,
    ) {
        let name = basename(&args[0].text).to_ascii_lowercase();
        self.emit_final(args, env, writes, scope, cwd_changed);
        let family = family(&name);
        if family != Family::Code {
            self.expanded_heredoc(stdin, scope);
        }
        match family {
            Family::Code => {}
            Family::Awk => {
                if let Some(code) = awk_program(args) {
                    // awk code itself is not shell (`/rm -rf/ {print}` is a pattern); only
                    // its strings reach a shell, through `system()`, `print | "…"` or getline.
                    self.inline_code(&code, &name, scope, false);
                }
                return;
            }
            Family::Sed => {
                self.sed(args, scope);
                return;
            }
            Family::Vim => {
                self.vim(args, scope);
                return;
            }
            Family::PowerShell => {
                self.powershell(args, scope);
                return;
            }
        }
        let code = match code_source(args, code_opts, &name) {
            CodeSource::Word(a) if a.from_download => {
                self.mark_last_downloaded();
                None
            }
            CodeSource::Word(a) => Some(a.text.clone()),
            CodeSource::Attached(c) => Some(c),
            CodeSource::File(f) => {
                if f.from_download {
                    self.mark_last_downloaded();
                }
                None
            }
            CodeSource::Stdin => {
                if let Some(c) = self.out.commands.last_mut() {
                    c.reads_code_from_stdin = true;
                }
                match stdin.or(scope.pipe_input.as_ref()) {
                    Some(s) if s.from_download => {
                        self.mark_last_downloaded();
                        None
                    }
                    Some(s) if s.dynamic && !s.from_file && s.text.is_empty() => {
                        self.indeterminate(
                            scope,
                            IndeterminateKind::DynamicScript,
                            "the interpreter code on stdin is only known at run time",
                        );
                        None
                    }
                    Some(s) => Some(s.text.clone()),
                    None => None,
                }
            }
        };
        if let Some(code) = code {
            self.inline_code(&code, &name, scope, true);
        }
    }

    /// Scans interpreter code: destructive APIs, URLs, argument-list calls, and its string
    /// literals (and the code itself when `code_as_shell`) as lenient shell.
    pub(crate) fn inline_code(
        &mut self,
        code: &str,
        name: &str,
        scope: &Scope,
        code_as_shell: bool,
    ) {
        let found = crate::inline::scan(code);
        if let Some(c) = self.out.commands.last_mut() {
            c.inline_code_hits = found.hits;
            c.inline_deletes = found.delete_targets;
        }
        for url in found.urls {
            self.out.destinations.push(Destination::Url {
                url,
                program: crate::programs::table_name(name),
            });
        }
        let mut child = scope.child(&format!("{name} code"));
        child.lenient = true;
        if code_as_shell {
            self.script(code, &child);
        }
        for s in found.strings {
            self.script(&s, &child);
        }
        for argv in found.argv_calls {
            let args: Vec<Arg> = argv
                .into_iter()
                .map(|a| Arg {
                    dynamic: a.is_none(),
                    splits: a.is_none(),
                    text: a.unwrap_or_else(|| "…".to_string()),
                    ..Arg::default()
                })
                .collect();
            self.run_command(
                crate::unwrap::RawCommand {
                    args,
                    ..Default::default()
                },
                &child,
            );
        }
    }

    /// The substitutions of an expanded heredoc given to a tool that does not run it as code.
    fn expanded_heredoc(&mut self, stdin: Option<&Stdin>, scope: &Scope) {
        let Some(s) = stdin.filter(|s| s.expand) else {
            return;
        };
        match crate::words::heredoc_substitutions(&s.text, &self.options) {
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

    fn vim(&mut self, args: &[Arg], scope: &Scope) {
        let mut i = 1;
        while i < args.len() {
            let t = args[i].text.as_str();
            let text = if matches!(t, "-c" | "--cmd") {
                i += 1;
                match args.get(i) {
                    Some(a) => a.text.clone(),
                    None => break,
                }
            } else if let Some(c) = t.strip_prefix('+')
                && !c.is_empty()
            {
                c.to_string()
            } else {
                i += 1;
                continue;
            };
            i += 1;
            let body = text.trim_start_matches([':', ' ', '\t']);
            if let Some(shell) = body.strip_prefix('!') {
                self.script(shell, &scope.child("vim !"));
            } else if let Some(pos) = body.find('!') {
                // `:r !cmd`, `:w !cmd`, `:%!filter`; `:w!` leaves nothing to run.
                let mut child = scope.child("vim !");
                child.lenient = true;
                self.script(&body[pos + 1..], &child);
            }
            if body.contains("system") {
                let found = crate::inline::scan(body);
                let mut child = scope.child("vim code");
                child.lenient = true;
                for s in found.strings {
                    self.script(&s, &child);
                }
            }
        }
    }

    fn powershell(&mut self, args: &[Arg], scope: &Scope) {
        const VALUE_OPTIONS: &[&str] = &[
            "-executionpolicy",
            "-ex",
            "-ep",
            "-workingdirectory",
            "-wd",
            "-configurationname",
            "-inputformat",
            "-outputformat",
            "-windowstyle",
            "-version",
            "-settingsfile",
            "-custompipename",
        ];
        let mut i = 1;
        while i < args.len() {
            let lower = args[i].text.to_ascii_lowercase();
            let prefix_of = |full: &str| lower.len() >= 2 && full.starts_with(lower.as_str());
            if prefix_of("-encodedcommand") || lower == "-ec" || lower == "-enc" {
                self.indeterminate(
                    scope,
                    IndeterminateKind::DynamicScript,
                    "an encoded PowerShell command is not analysed",
                );
                return;
            }
            if prefix_of("-file") {
                return;
            }
            if prefix_of("-command") || !lower.starts_with('-') || lower == "-" {
                let rest = &args[i + usize::from(lower.starts_with('-'))..];
                if rest.iter().any(|a| a.from_download) {
                    self.mark_last_downloaded();
                    return;
                }
                let script = rest
                    .iter()
                    .map(|a| a.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                self.script(&script, &scope.child("pwsh -Command"));
                return;
            }
            i += if VALUE_OPTIONS.contains(&lower.as_str()) {
                2
            } else {
                1
            };
        }
    }
}

/// awk's program text: the `-e`/`--source` value or the first operand (none with `-f`).
fn awk_program(args: &[Arg]) -> Option<String> {
    let mut i = 1;
    let mut from_file = false;
    while i < args.len() {
        let t = args[i].text.as_str();
        match t {
            "--" => return (!from_file).then(|| args.get(i + 1).map(|a| a.text.clone()))?,
            "-e" | "--source" => return args.get(i + 1).map(|a| a.text.clone()),
            "-f" | "--file" => {
                from_file = true;
                i += 2;
            }
            "-F" | "-v" | "--assign" | "--field-separator" | "-i" | "--include" | "-l"
            | "--load" => i += 2,
            _ if t.starts_with("--source=") => return Some(t["--source=".len()..].to_string()),
            _ if t.starts_with("-f") && t.len() > 2 => {
                from_file = true;
                i += 1;
            }
            _ if t.starts_with('-') && t.len() > 1 => i += 1,
            _ => return (!from_file).then(|| t.to_string()),
        }
    }
    None
}
