//! Following the code interpreters and code-running tools are given: inline code (scanned for
//! destructive APIs, URLs, process calls and shell strings), awk programs, sed `e` commands
//! and PowerShell `-Command` (the editors, vim and Emacs, are in `editors.rs`).

use super::unwrap::Invocation;
use super::{Scope, Walker};
use crate::facts::sed::{runs, scripts};
use crate::knowledge::interpreters::{Family, family};

use crate::knowledge::specs::launchers::{
    DEBUGGER, DEBUGGER_COMMAND, DEBUGGER_SHELL_PREFIXES, DENO, EXPECT, EXPECT_RUNS, EXPECT_SPAWN,
    PWSH, PWSH_ALIASES, PWSH_WORST, interpreter_for,
};
use crate::knowledge::specs::{AWK, AWK_PROGRAM_FILE, AWK_SOURCE};
use crate::model::{Arg, Destination, IndeterminateKind, Stdin};
use crate::options::{
    Item, has, read_each, read_grammar, read_options, value_arg, with_one_dash_parameters,
    with_two_dashes,
};
use crate::syntax::words::basename;
use toolgate_core::datastore::orm::CodeLanguage;
use toolgate_core::inline_network::Language;

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
    let (_, end) = read_options(args, 2, &DENO);
    match args.get(end) {
        Some(a) if a.text == "-" && sub.text == "run" => CodeSource::Stdin,
        Some(a) if sub.text == "eval" => CodeSource::Word(a),
        Some(a) => CodeSource::File(a),
        None => CodeSource::File(sub),
    }
}

/// Where the code of the interpreter `name` (lower case) comes from: the values of its code
/// options (`python -c CODE ARGS`; `perl -e A -e B`, where options go on after code), a
/// module or script, or stdin.
fn code_sources<'a>(args: &'a [Arg], name: &str) -> Vec<CodeSource<'a>> {
    if name == "deno" {
        return vec![deno_code_source(args)];
    }
    let row = interpreter_for(name);
    let mut sources = Vec::new();
    let mut start = 1;
    loop {
        let reading = read_grammar(args, start, &row.grammar);
        let Some(ending) = reading.ended_by else {
            if sources.is_empty() {
                sources.push(match args.get(reading.end) {
                    Some(a) if a.text == "-" => CodeSource::Stdin,
                    Some(a) => CodeSource::File(a),
                    None => CodeSource::Stdin,
                });
            }
            return sources;
        };
        let word = ending.value_at.and_then(|i| args.get(i));
        if row.modules.contains(&&*ending.opt.name) {
            // A module runs with the words after it as its arguments.
            sources.push(match (word, ending.opt.value) {
                (Some(w), _) => CodeSource::File(w),
                (None, Some(_)) => CodeSource::File(&args[reading.end - 1]),
                (None, None) => CodeSource::Stdin,
            });
            return sources;
        }
        sources.push(match (word, ending.opt.value) {
            (Some(w), _) => CodeSource::Word(w),
            (None, Some(code)) => CodeSource::Attached(code),
            (None, None) => CodeSource::Stdin,
        });
        if row.code_ends_options || reading.end <= start || reading.end >= args.len() {
            return sources;
        }
        start = reading.end;
    }
}

/// Whether `text`, a word's text with its run-time parts as written, is nothing but one
/// expansion (`$CODE`, `${CODE:-x}`, `$(…)`, a backquoted command).
fn only_run_time(text: &str) -> bool {
    let t = text.trim();
    let name = |n: &str| {
        !n.is_empty()
            && (n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || matches!(n, "@" | "*"))
    };
    let braced = t
        .strip_prefix("${")
        .and_then(|r| r.strip_suffix('}'))
        .is_some_and(|inner| !inner.contains('}'));
    t.strip_prefix('$').is_some_and(name)
        || braced
        || (t.starts_with("$(") && t.ends_with(')'))
        || (t.len() > 1 && t.starts_with('`') && t.ends_with('`'))
}

impl Walker {
    pub(crate) fn interpreter(&mut self, inv: Invocation<'_>, scope: &Scope) {
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
                if let Some(code) = awk_program(args)
                    && !self.code_only_at_run_time(&code, scope)
                {
                    // awk code itself is not shell (`/rm -rf/ {print}` is a pattern); only
                    // its strings reach a shell, through `system()`, `print | "…"` or getline.
                    self.inline_code(&code.text, &name, scope, false);
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
            Family::Emacs => {
                self.emacs(args, scope);
                return;
            }
            Family::PowerShell => {
                self.powershell(args, scope);
                return;
            }
            Family::Cmd => {
                self.cmd_exe(args, stdin, scope);
                return;
            }
            Family::Debugger => {
                self.debugger(args, stdin, scope);
                return;
            }
            Family::Expect => {
                self.expect(args, stdin, scope);
                return;
            }
        }
        for source in code_sources(args, &name) {
            let code = match source {
                CodeSource::Word(a) if a.from_download => {
                    self.mark_last_downloaded();
                    None
                }
                // `python -c "$CODE"`, `node -e "$(…)"`: nothing of the code is known here.
                CodeSource::Word(a) if self.code_only_at_run_time(a, scope) => None,
                CodeSource::Word(a) => Some(a.text.clone()),
                CodeSource::Attached(c) => Some(c),
                CodeSource::File(f) => {
                    if f.from_download {
                        self.mark_last_downloaded();
                    }
                    // `python manage.py shell -c CODE`, `python -m django dbshell`.
                    if super::consoles::is_manage_py(&f.text) || f.text == "django" {
                        let at = args.iter().position(|a| std::ptr::eq(a, f)).unwrap_or(0);
                        self.django_console(&args[at..], stdin, scope);
                    }
                    None
                }
                CodeSource::Stdin => self.code_on_stdin(stdin, scope),
            };
            if let Some(code) = code {
                self.inline_code(&code, &name, scope, true);
            }
        }
    }

    /// Whether `code`, a word that gives a program its code, is nothing but one run-time
    /// expansion (`python -c "$CODE"`, `vim -c "$X"`, `emacs --eval "$(…)"`): then what runs
    /// is only known at run time, and the analysis says so. A file's content (`"$(cat
    /// x.py)"`) is read as the file itself would be.
    pub(super) fn code_only_at_run_time(&mut self, code: &Arg, scope: &Scope) -> bool {
        let unknown = code.dynamic && !code.file_data && only_run_time(&code.text);
        if unknown {
            self.indeterminate(
                scope,
                IndeterminateKind::DynamicScript,
                "the interpreter code is only known at run time",
            );
        }
        unknown
    }

    /// The code the command just emitted reads on its stdin (its own redirect, or the pipe):
    /// `None` when there is none to read here, after marking a download run as code or the
    /// analysis indeterminate when the code is only known at run time.
    pub(super) fn code_on_stdin(&mut self, stdin: Option<&Stdin>, scope: &Scope) -> Option<String> {
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

    /// Scans interpreter code: destructive APIs, URLs, argument-list calls, and its string
    /// literals (and the code itself when `code_as_shell`) as lenient shell.
    pub(crate) fn inline_code(
        &mut self,
        code: &str,
        name: &str,
        scope: &Scope,
        code_as_shell: bool,
    ) {
        let code = &*crate::facts::inline::home::home_paths_as_literals(code);
        let dialect = crate::facts::inline::Dialect::of(name);
        let found = crate::facts::inline::scan_in(code, dialect);
        let network = crate::facts::inline::network(code, name, &found.strings);
        // ORM calls and the SQL the code executes.
        let orm = match crate::knowledge::interpreters::language(name) {
            Some(Language::Python) => Some(CodeLanguage::Python),
            Some(Language::Ruby) => Some(CodeLanguage::Ruby),
            Some(Language::JavaScript) => Some(CodeLanguage::JavaScript),
            _ => None,
        };
        if let Some(orm) = orm {
            self.record_losses(toolgate_core::datastore::orm::scan(code, orm), scope);
        }
        if let Some(c) = self.out.commands.last_mut() {
            // Added to: code run by `exec('…')` in the code is scanned into the same command.
            c.inline_code_hits.extend(found.hits);
            c.inline_deletes.extend(found.delete_targets);
            c.inline_writes.extend(found.written);
            if network.is_some() {
                c.inline_network = network;
            }
        }
        if found.runs_dynamic {
            // As `eval "$1"`: what runs is only known at run time.
            self.indeterminate(
                scope,
                IndeterminateKind::DynamicScript,
                "the interpreter code runs a command only known at run time",
            );
        }
        for nested in found.nested_code {
            let child = scope.process(&format!("{name} eval"));
            if child.depth > crate::model::MAX_DEPTH {
                self.indeterminate(
                    scope,
                    IndeterminateKind::TooDeep,
                    "the command nests code too deeply",
                );
                break;
            }
            self.inline_code(&nested, name, &child, code_as_shell);
        }
        for url in found.urls {
            self.out.destinations.push(Destination::Url {
                url,
                program: crate::knowledge::programs::table_name(name),
                method: None,
            });
        }
        let mut child = scope.process(&format!("{name} code"));
        child.lenient = true;
        if code_as_shell {
            self.script(code, &child);
        }
        for s in found.shell_strings {
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
                &crate::model::RawCommand {
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

    /// gdb and lldb: the commands their options give (`gdb -batch -ex 'shell CMD'`, `lldb
    /// -o 'platform shell CMD'`) that run shell commands, and the program `gdb --args PROG
    /// …` runs. gdb writes long options with one dash or two (`-ex`, `--eval-command=…`);
    /// options and operands mix (`lldb ./app -o run`).
    fn debugger(&mut self, args: &[Arg], stdin: Option<&Stdin>, scope: &Scope) {
        let words = with_two_dashes(args.to_vec());
        let mut commands: Vec<Arg> = Vec::new();
        let mut program_at: Option<usize> = None;
        read_each(&words, 1, &DEBUGGER, |item| {
            if program_at.is_some() {
                return;
            }
            if let Item::Opt(at, o) = item {
                if o.name == "--args" {
                    program_at = Some(at + 1);
                } else if DEBUGGER_COMMAND.contains(&&*o.name)
                    && let Some(v) = o.value
                {
                    commands.push(value_arg(&words, &v));
                }
            }
        });
        // Without a terminal they read their commands on stdin too, one per line (`echo
        // 'shell make' | gdb -batch`). Read before `--args` adds commands: the debugger is
        // still the last command emitted.
        if stdin.or(scope.pipe_input.as_ref()).is_some()
            && let Some(text) = self.code_on_stdin(stdin, scope)
        {
            commands.extend(text.lines().map(|line| Arg {
                text: line.to_string(),
                ..Arg::default()
            }));
        }
        if let Some(at) = program_at {
            // The program to debug and its arguments (as written): gdb runs it.
            let raw = crate::model::RawCommand {
                args: args[at.min(args.len())..].to_vec(),
                ..crate::model::RawCommand::default()
            };
            // A command run by a command (`gdb --args gdb --args …`) nests as a string does:
            // bounded by the same depth.
            let child = scope.process("gdb --args");
            if child.depth > crate::model::MAX_DEPTH {
                self.indeterminate(
                    scope,
                    IndeterminateKind::TooDeep,
                    "the command nests commands too deeply",
                );
            } else {
                self.run_command(&raw, &child);
            }
        }
        for command in commands {
            if self.code_only_at_run_time(&command, scope) {
                continue;
            }
            let body = command.text.trim_start();
            let shell = DEBUGGER_SHELL_PREFIXES
                .iter()
                .find_map(|p| body.strip_prefix(p));
            if let Some(shell) = shell {
                self.script(shell, &scope.process("debugger shell"));
            } else if body.starts_with("python") || body.starts_with("script") || body.contains('|')
            {
                // Python code (`python import os; os.system(…)`) or a pipe into a shell
                // command (`pipe CMD | SHELL`): its strings and pieces read leniently.
                let mut child = scope.process("debugger code");
                child.lenient = true;
                for s in crate::facts::inline::scan(body).shell_strings {
                    self.script(&s, &child);
                }
                if let Some((_, after)) = body.rsplit_once('|') {
                    self.script(after, &child);
                }
            }
        }
    }

    /// expect: its `-c` scripts (any number) or, without them and a script file, the script
    /// on stdin. Tcl is not shell: each command that runs a program (`spawn [-noecho …]
    /// PROG ARGS`, `exec PROG ARGS`, `system CMD`) is read leniently as a shell command,
    /// and so is every string in the script.
    fn expect(&mut self, args: &[Arg], stdin: Option<&Stdin>, scope: &Scope) {
        let (opts, end) = read_options(args, 1, &EXPECT);
        let mut scripts: Vec<String> = Vec::new();
        for o in opts.iter().filter(|o| o.name == "-c") {
            let script = value_arg(args, o.value.as_deref().unwrap_or_default());
            if !self.code_only_at_run_time(&script, scope) {
                scripts.push(script.text);
            }
        }
        // The script file, if one is named (`-f FILE`, `-b FILE`, the first operand); `-`
        // is stdin.
        let file = opts
            .iter()
            .filter(|o| matches!(&*o.name, "-f" | "-b"))
            .filter_map(|o| o.value.as_deref())
            .next_back()
            .or_else(|| args.get(end).map(|a| a.text.as_str()));
        let reads_stdin = match file {
            Some(f) => f == "-",
            None => scripts.is_empty(),
        };
        if reads_stdin {
            scripts.extend(self.code_on_stdin(stdin, scope));
        }
        let mut child = scope.process("expect");
        child.lenient = true;
        for script in scripts {
            for command in crate::syntax::tcl::commands(&script) {
                let Some(first) = command.first() else {
                    continue;
                };
                if first.quoted || !EXPECT_RUNS.contains(&first.text.as_str()) {
                    continue;
                }
                let words: Vec<Arg> = command
                    .iter()
                    .map(|w| Arg {
                        text: w.text.clone(),
                        ..Arg::default()
                    })
                    .collect();
                // spawn's own options (`-noecho`, `-open ID`) come before the program.
                let (_, at) = read_options(&with_two_dashes(words), 1, &EXPECT_SPAWN);
                let rest = &command[at.min(command.len())..];
                // `spawn $argv`, `exec [lindex $argv 0]`, `system $cmd`: what runs is only
                // known at run time (a lenient reading would pass it over).
                let dynamic = match first.text.as_str() {
                    "system" => rest.iter().any(|w| w.substituted),
                    _ => rest.first().is_some_and(|w| w.substituted),
                };
                if dynamic {
                    self.indeterminate(
                        scope,
                        IndeterminateKind::DynamicProgram,
                        "expect runs a program only known at run time",
                    );
                    continue;
                }
                // `system` joins its words into one shell command; `spawn` and `exec` run
                // a program with its words as arguments.
                let shell = if first.text == "system" {
                    rest.iter()
                        .map(|w| w.text.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    rest.iter()
                        .map(crate::syntax::tcl::TclWord::as_shell)
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                self.script(&shell, &child);
            }
            for s in crate::facts::inline::scan(&script).shell_strings {
                self.script(&s, &child);
            }
        }
    }

    fn powershell(&mut self, args: &[Arg], scope: &Scope) {
        // The pwsh command itself, emitted just before.
        let me = self.out.commands.len().saturating_sub(1);
        let reading = read_grammar(
            &with_one_dash_parameters(args, &PWSH.spec, PWSH_ALIASES, PWSH_WORST),
            1,
            &PWSH,
        );
        let ending = reading.ended_by.as_ref().map(|e| &*e.opt.name);
        let rest = match ending {
            Some("--encodedcommand") => {
                self.indeterminate(
                    scope,
                    IndeterminateKind::DynamicScript,
                    "an encoded PowerShell command is not analysed",
                );
                return;
            }
            Some("--command") => {
                let from = reading.ended_by.as_ref().and_then(|e| e.value_at);
                &args[from.unwrap_or(args.len())..]
            }
            Some(_) => return,
            // The first word that is no parameter starts the command (`-` reads stdin).
            None => match args.get(reading.end) {
                Some(a) if a.text == "-" => &args[reading.end + 1..],
                Some(_) => &args[reading.end..],
                None => return,
            },
        };
        if rest.iter().any(|a| a.from_download) {
            self.mark_last_downloaded();
            return;
        }
        let script = rest
            .iter()
            .map(|a| a.text.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        // `Remove-Item -Recurse`, `Format-Volume`, `Stop-Computer` (any case, any argument
        // order): judged as deletes whose paths this reading does not follow.
        self.windows_destruction(me, &script);
        self.script(&script, &scope.process("pwsh -Command"));
    }
}

impl Walker {
    /// cmd.exe: the command line after `/c` or `/k` (`//c` from Git Bash), or its stdin.
    fn cmd_exe(&mut self, args: &[Arg], stdin: Option<&Stdin>, scope: &Scope) {
        let me = self.out.commands.len().saturating_sub(1);
        let at = args.iter().skip(1).position(|a| {
            matches!(
                a.text.to_ascii_lowercase().as_str(),
                "/c" | "/k" | "//c" | "//k" | "/r"
            )
        });
        let script = match at {
            Some(i) => {
                let rest = &args[i + 2..];
                if rest.iter().any(|a| a.from_download) {
                    self.mark_last_downloaded();
                    return;
                }
                if rest.iter().any(|a| a.dynamic) {
                    return self.indeterminate(
                        scope,
                        IndeterminateKind::DynamicScript,
                        "the cmd.exe command line is only known at run time",
                    );
                }
                rest.iter()
                    .map(|a| a.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            }
            None => match self.code_on_stdin(stdin, scope) {
                Some(code) => code,
                None => return,
            },
        };
        self.windows_destruction(me, &script);
    }

    /// Marks the command at `index` (a Windows shell) with what its script destroys, as a
    /// delete whose paths are only known at run time, and with the code it downloads and
    /// runs (`irm URL | iex`, `iwr URL -OutFile x.ps1; .\x.ps1`), as `curl … | sh`.
    fn windows_destruction(&mut self, index: usize, script: &str) {
        let found = crate::knowledge::windows::destructive_commands(script);
        let downloaded = crate::knowledge::windows::runs_downloaded_code(script);
        if let Some(c) = self.out.commands.get_mut(index) {
            for label in found {
                c.inline_code_hits.push(label);
                c.inline_deletes.push(None);
            }
            c.runs_downloaded_code |= downloaded;
        }
    }
}

/// awk's program: the `-e`/`--source` values (gawk joins them), else the first operand
/// (none with `-f`).
fn awk_program(args: &[Arg]) -> Option<Arg> {
    let (opts, end) = read_options(args, 1, &AWK);
    let sources: Vec<Arg> = opts
        .iter()
        .filter(|o| AWK_SOURCE.contains(&&*o.name))
        .filter_map(|o| o.value.as_deref())
        .map(|v| value_arg(args, v))
        .collect();
    match sources.as_slice() {
        [] if has(&opts, AWK_PROGRAM_FILE) => None,
        [] => args.get(end).cloned(),
        [one] => Some(one.clone()),
        // Joined, the program is known only as far as each piece is.
        many => Some(Arg {
            text: many
                .iter()
                .map(|a| a.text.as_str())
                .collect::<Vec<_>>()
                .join("\n"),
            ..Arg::default()
        }),
    }
}

impl Walker {
    /// Follows the commands a sed invocation runs.
    pub(crate) fn sed(&mut self, args: &[Arg], scope: &Scope) {
        for script in scripts(args) {
            if self.code_only_at_run_time(&value_arg(args, &script), scope) {
                continue;
            }
            let r = runs(&script);
            for c in &r.commands {
                self.script(c, &scope.process("sed e"));
            }
            let mut child = scope.process("sed s///e");
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
