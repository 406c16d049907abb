//! Following the code interpreters and code-running tools are given: inline code (scanned for
//! destructive APIs, URLs, process calls and shell strings), awk programs, sed `e` commands,
//! vim `!` commands and PowerShell `-Command`.

use super::unwrap::Invocation;
use super::{Scope, Walker};
use crate::facts::sed::{runs, scripts};
use crate::knowledge::interpreters::{Family, family, value_letters};
use crate::model::{Arg, Destination, IndeterminateKind, Stdin};
use crate::syntax::words::basename;

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

/// `deno eval [OPTIONS] CODE`; `deno run -` reads code on stdin; `deno run FILE` and the other
/// subcommands run files.
fn deno_code_source(args: &[Arg]) -> CodeSource<'_> {
    let Some(sub) = args.get(1) else {
        return CodeSource::Stdin;
    };
    let mut i = 2;
    while let Some(a) = args.get(i) {
        match a.text.as_str() {
            "--ext" | "--config" | "-c" | "--import-map" | "--location" | "--env-file" => i += 2,
            "-" if sub.text == "run" => return CodeSource::Stdin,
            t if t.starts_with('-') => i += 1,
            _ if sub.text == "eval" => return CodeSource::Word(a),
            _ => return CodeSource::File(a),
        }
    }
    CodeSource::File(sub)
}

fn code_source<'a>(args: &'a [Arg], code_opts: &[&str], name: &str) -> CodeSource<'a> {
    if name == "deno" {
        return deno_code_source(args);
    }
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
    pub(crate) fn interpreter(&mut self, inv: Invocation<'_>, code_opts: &[&str], scope: &Scope) {
        let Invocation { args, stdin, .. } = inv;
        let name = basename(&args[0].text).to_ascii_lowercase();
        self.emit_final(inv, scope);
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
        let found = crate::facts::inline::scan(code);
        let network = crate::facts::inline::network(code, name, &found.strings);
        if let Some(c) = self.out.commands.last_mut() {
            c.inline_code_hits = found.hits;
            c.inline_deletes = found.delete_targets;
            c.inline_network = network;
        }
        for url in found.urls {
            self.out.destinations.push(Destination::Url {
                url,
                program: crate::knowledge::programs::table_name(name),
                method: None,
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
                crate::model::RawCommand {
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
        match crate::syntax::words::heredoc_substitutions(&s.text, &self.options) {
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
                let found = crate::facts::inline::scan(body);
                let mut child = scope.child("vim code");
                child.lenient = true;
                for s in found.strings {
                    self.script(&s, &child);
                }
            }
        }
    }

    fn powershell(&mut self, args: &[Arg], scope: &Scope) {
        // The pwsh command itself, emitted just before.
        let me = self.out.commands.len().saturating_sub(1);
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
                // `Remove-Item -Recurse` (any case, any argument order) deletes a tree whose
                // path this reading does not follow: judged as a delete only known at run time.
                let lower = script.to_ascii_lowercase();
                let recursive = lower.contains("-recurse") || lower.contains(" -r ");
                if lower.contains("remove-item")
                    && recursive
                    && let Some(c) = self.out.commands.get_mut(me)
                {
                    c.inline_code_hits.push("Remove-Item -Recurse");
                    c.inline_deletes.push(None);
                }
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

impl Walker {
    /// Follows the commands a sed invocation runs.
    pub(crate) fn sed(&mut self, args: &[Arg], scope: &Scope) {
        for script in scripts(args) {
            let r = runs(&script);
            for c in &r.commands {
                self.script(c, &scope.child("sed e"));
            }
            let mut child = scope.child("sed s///e");
            child.lenient = true;
            for t in &r.templates {
                self.script(t, &child);
            }
            if r.from_input {
                self.indeterminate(
                    scope,
                    IndeterminateKind::DynamicScript,
                    "sed runs commands built from its input",
                );
            }
        }
    }
}
