//! Walking brush-parser's AST: every simple command, in execution order, with the words
//! unquoted and substitutions, process substitutions and heredocs followed.

use brush_parser::ParserOptions;
use brush_parser::ast::{
    self, Command, CommandPrefixOrSuffixItem, CompoundCommand, CompoundList, Pipeline,
};

use crate::unwrap::{Arg, RawCommand, Stdin};
use crate::words::{self, Substitution};
use crate::{
    CommandAnalysis, Indeterminate, IndeterminateKind, MAX_COMMANDS, MAX_DEPTH, SimpleCommand,
};

/// Most bytes parsed in one analysis, nested strings included.
const MAX_PARSED_BYTES: usize = 8 * 1024 * 1024;

/// Whether `cmd` downloads content (for `curl … | sh`): a downloader in the program table.
pub(crate) fn downloads(cmd: &SimpleCommand) -> bool {
    crate::programs::in_class(&cmd.program, crate::programs::Class::Downloader)
}

/// Where a piece of script sits: how it was reached and what is known about its input.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    /// Unwrapping steps so far.
    pub via: Vec<String>,
    /// Nesting depth of re-parsed strings.
    pub depth: usize,
    /// Inline interpreter code: parse failures and dynamic names are not indeterminate.
    pub lenient: bool,
    /// Tokens that stand for input values at run time (`{}` under `xargs -I{}`).
    pub placeholders: Vec<String>,
    /// Commands here get further arguments from input (`xargs`).
    pub input_args: bool,
    /// Inside a pipeline of two or more commands.
    pub in_pipeline: bool,
    /// Run in the background (`cmd &`).
    pub background: bool,
    /// Inside a loop that never ends (`while true`, `while :`, `until false`).
    pub unbounded_loop: bool,
    /// What the previous pipeline element writes to this one's stdin (`echo … | bash`).
    pub pipe_input: Option<Stdin>,
}

impl Scope {
    /// The scope of the command string itself.
    pub fn top() -> Scope {
        Scope::default()
    }

    /// A nested string reached through `via`.
    pub fn child(&self, via: &str) -> Scope {
        let mut s = self.clone();
        s.via.push(via.to_string());
        s.depth += 1;
        s.in_pipeline = false;
        s.pipe_input = None;
        s
    }
}

/// What a function or alias definition runs when it is called.
#[derive(Debug, Clone)]
enum Body {
    /// A function's body.
    Function(Box<CompoundCommand>),
    /// An alias's text (the call's words follow it).
    Alias(String),
}

/// A function or alias defined in the command string.
#[derive(Debug, Clone)]
struct Definition {
    name: String,
    body: Body,
    /// Where it was defined.
    scope: Scope,
    /// How often its body was analysed (each call, up to [`MAX_CALLS_ANALYSED`]).
    calls: usize,
}

/// Most calls of one definition whose body is analysed (bodies calling each other would
/// otherwise grow without bound).
const MAX_CALLS_ANALYSED: usize = 4;

/// What the substitutions of one word were.
#[derive(Debug, Default)]
struct SubstitutionFacts {
    /// One of them downloads.
    downloads: bool,
    /// It is one setup program printing its setup code.
    setup_code: bool,
    /// It only prints data read from files.
    file_data: bool,
    /// It is one `find` with these start paths.
    listed_roots: Option<Vec<String>>,
}

/// Collects the analysis while walking.
pub struct Walker {
    pub(crate) out: CommandAnalysis,
    pub(crate) options: ParserOptions,
    pub(crate) cwd_changed: bool,
    functions: Vec<String>,
    /// Functions and aliases defined so far: a definition runs nothing; its body is
    /// analysed where it is called.
    definitions: Vec<Definition>,
    parsed_bytes: usize,
    /// The stdin (heredoc, here-string) of the last simple command and its index.
    last_stdin: Option<(usize, Stdin)>,
    /// The stdin of every simple command that had one, by index.
    pub(crate) stdins: Vec<(usize, Stdin)>,
    /// Variables set for later commands (`export HTTPS_PROXY=…`).
    pub(crate) exported: Vec<(String, String)>,
}

impl Walker {
    /// An empty walker.
    pub fn new() -> Walker {
        Walker {
            out: CommandAnalysis::default(),
            options: ParserOptions::default(),
            cwd_changed: false,
            functions: Vec::new(),
            definitions: Vec::new(),
            parsed_bytes: 0,
            last_stdin: None,
            stdins: Vec::new(),
            exported: Vec::new(),
        }
    }

    /// The finished analysis.
    pub fn finish(mut self) -> CommandAnalysis {
        // A definition never called directly may still run where its name is a word of a
        // later command (`trap cleanup EXIT`, `export -f f; bash -c f`).
        let named: Vec<usize> = (0..self.definitions.len())
            .filter(|&i| {
                let d = &self.definitions[i];
                d.calls == 0
                    && self.out.commands.iter().any(|c| {
                        c.args
                            .iter()
                            .any(|a| a.split_whitespace().any(|w| w == d.name))
                    })
            })
            .collect();
        for i in named {
            self.run_definition(i, &[]);
        }
        // Scripts followed here add commands and destinations, so they go before the dedup.
        crate::downloads::follow_written_scripts(&mut self);
        let mut seen = std::collections::HashSet::new();
        self.out.destinations.retain(|d| seen.insert(d.clone()));
        self.out
    }

    /// Records that the analysis is not trustworthy (first reason wins).
    pub(crate) fn indeterminate(
        &mut self,
        scope: &Scope,
        kind: IndeterminateKind,
        reason: &'static str,
    ) {
        if scope.lenient {
            return;
        }
        if self.out.indeterminate.is_none() {
            self.out.indeterminate = Some(Indeterminate { kind, reason });
        }
    }

    fn over_budget(&self) -> bool {
        self.out.commands.len() >= MAX_COMMANDS || self.parsed_bytes > MAX_PARSED_BYTES
    }

    /// Records a function or alias definition (the latest one of a name wins).
    pub(crate) fn define_alias(&mut self, name: &str, text: &str, scope: &Scope) {
        self.define(name, Body::Alias(text.to_string()), scope);
    }

    fn define(&mut self, name: &str, body: Body, scope: &Scope) {
        self.definitions.retain(|d| d.name != name);
        self.definitions.push(Definition {
            name: name.to_string(),
            body,
            scope: scope.clone(),
            calls: 0,
        });
    }

    /// When `words` call a function or alias defined earlier, analyses its body there.
    fn call_definition(&mut self, words: &[Arg]) {
        let Some(first) = words.first().filter(|a| !a.dynamic) else {
            return;
        };
        // A function calling itself (`:(){ :|:& };:`) was analysed once already; the
        // recursion is what the fork-bomb rule looks for.
        if self.functions.contains(&first.text) {
            return;
        }
        if let Some(i) = self.definitions.iter().rposition(|d| d.name == first.text) {
            self.run_definition(i, &words[1..]);
        }
    }

    fn run_definition(&mut self, i: usize, args: &[Arg]) {
        if self.definitions[i].calls >= MAX_CALLS_ANALYSED {
            return;
        }
        self.definitions[i].calls += 1;
        let d = self.definitions[i].clone();
        match &d.body {
            Body::Function(body) => {
                self.functions.push(d.name.clone());
                self.compound(body, &d.scope);
                self.functions.pop();
            }
            Body::Alias(text) => {
                let mut script = text.clone();
                for a in args {
                    script.push(' ');
                    script.push_str(&a.text);
                }
                self.script(&script, &d.scope.child("alias"));
            }
        }
    }

    /// Parses and walks a script.
    pub fn script(&mut self, text: &str, scope: &Scope) {
        if scope.depth > MAX_DEPTH {
            self.indeterminate(
                scope,
                IndeterminateKind::TooDeep,
                "the command nests strings too deeply",
            );
            return;
        }
        self.parsed_bytes += text.len();
        if self.over_budget() {
            self.indeterminate(
                scope,
                IndeterminateKind::TooLarge,
                "the command expands to too much to analyse",
            );
            return;
        }
        if text.trim().is_empty() {
            return;
        }
        if let Err((kind, reason)) = crate::nesting::check(text) {
            self.indeterminate(scope, kind, reason);
            return;
        }
        let options = &self.options;
        let parsed = crate::words::parser_call(|| {
            brush_parser::Parser::new(text.as_bytes(), options).parse_program()
        });
        // Valid shell brush-parser refuses: a trailing `\` (bash drops it at the end of
        // the input) and `select` loops (analysed as the `for` loop they run like).
        let parsed = match parsed {
            Some(Err(_)) => match crate::nesting::parser_workarounds(text) {
                Some(fixed) => {
                    let options = &self.options;
                    crate::words::parser_call(|| {
                        brush_parser::Parser::new(fixed.as_bytes(), options).parse_program()
                    })
                }
                None => parsed,
            },
            other => other,
        };
        match parsed {
            Some(Ok(program)) => {
                for list in &program.complete_commands {
                    self.list(list, scope);
                }
            }
            Some(Err(_)) => self.indeterminate(
                scope,
                IndeterminateKind::ParseError,
                "the command could not be parsed as shell",
            ),
            None => self.indeterminate(
                scope,
                IndeterminateKind::ParserPanic,
                "the shell parser failed on this command",
            ),
        }
    }

    fn list(&mut self, list: &CompoundList, scope: &Scope) {
        for item in &list.0 {
            let mut item_scope = scope.clone();
            item_scope.background |= matches!(item.1, ast::SeparatorOperator::Async);
            for (_, pipeline) in item.0.iter() {
                self.pipeline(pipeline, &item_scope);
            }
        }
    }

    fn pipeline(&mut self, p: &Pipeline, scope: &Scope) {
        let mut inner = scope.clone();
        inner.in_pipeline = p.seq.len() > 1;
        let mut ranges = Vec::with_capacity(p.seq.len());
        for cmd in &p.seq {
            let mut element = inner.clone();
            if let Some(prev) = ranges.last() {
                element.pipe_input = Some(self.pipe_output(prev, &inner));
            }
            let start = self.out.commands.len();
            self.command(cmd, &element);
            ranges.push(start..self.out.commands.len());
        }
        self.paths_from_find(&ranges, scope);
        // `curl … | sh`: a later element reading code from stdin after a download.
        let mut downloaded = false;
        for range in ranges {
            if downloaded {
                for c in &mut self.out.commands[range.clone()] {
                    if c.reads_code_from_stdin {
                        c.runs_downloaded_code = true;
                    }
                }
            }
            if self.out.commands[range].iter().any(downloads) {
                downloaded = true;
            }
        }
    }

    /// `find ROOT … | [grep … |] xargs rm`: the arguments a later element reads from input are
    /// the paths find lists, at or under its start paths (as `find … -exec rm {} +`).
    fn paths_from_find(&mut self, ranges: &[std::ops::Range<usize>], scope: &Scope) {
        // The roots of what the element before writes: `Some(None)` for a find whose start
        // paths are only known at run time.
        let mut listed: Option<Option<Vec<String>>> = None;
        for range in ranges {
            let commands = &mut self.out.commands[range.clone()];
            if let Some(roots) = &listed {
                for c in commands.iter_mut().filter(|c| c.args_from_input) {
                    crate::nested::from_tree(c, roots.clone());
                }
            }
            let producer = commands.iter().rev().find(|c| c.via == scope.via);
            listed = match producer {
                Some(c) if c.program_lower() == "find" => {
                    let mut args = vec![crate::unwrap::Arg::default()];
                    args.extend(crate::dest::args_of(c, 0));
                    Some(crate::nested::find_roots(&args))
                }
                // Filters that pass paths through unchanged.
                Some(c)
                    if matches!(
                        c.program_lower().as_str(),
                        "grep" | "egrep" | "fgrep" | "sort" | "uniq" | "head" | "tail" | "tac"
                    ) =>
                {
                    listed.take()
                }
                _ => None,
            };
        }
    }

    /// What the pipeline element whose commands are `range` writes to its stdout.
    fn pipe_output(&self, range: &std::ops::Range<usize>, scope: &Scope) -> Stdin {
        let commands = &self.out.commands[range.clone()];
        let downloads = commands.iter().any(downloads);
        // The producer is the element's own last command, not one nested in it.
        let producer = commands.iter().rposition(|c| c.via == scope.via);
        match producer {
            Some(p) if p + 1 == commands.len() => {
                let index = range.start + p;
                let own_stdin = self
                    .last_stdin
                    .as_ref()
                    .filter(|(i, _)| *i == index)
                    .map(|(_, s)| s);
                crate::pipes::producer_output(&commands[p], own_stdin, downloads)
            }
            _ => crate::pipes::producer_output(&SimpleCommand::default(), None, downloads),
        }
    }

    fn command(&mut self, cmd: &Command, scope: &Scope) {
        match cmd {
            Command::Simple(sc) => self.simple(sc, scope),
            Command::Compound(cc, redirects) => {
                let start = self.out.commands.len();
                self.compound(cc, scope);
                if let Some(r) = redirects {
                    let mut writes = Vec::new();
                    for redirect in &r.0 {
                        self.redirect(redirect, scope, &mut writes, &mut None);
                    }
                    for c in &mut self.out.commands[start..] {
                        c.writes.extend(writes.iter().cloned());
                    }
                }
            }
            Command::Function(f) => self.define(
                &f.fname.value,
                Body::Function(Box::new(f.body.0.clone())),
                scope,
            ),
            Command::ExtendedTest(e, _) => self.extended_test(&e.expr, scope),
        }
    }

    fn extended_test(&mut self, e: &ast::ExtendedTestExpr, scope: &Scope) {
        use ast::ExtendedTestExpr as E;
        match e {
            E::And(a, b) | E::Or(a, b) => {
                self.extended_test(a, scope);
                self.extended_test(b, scope);
            }
            E::Not(a) | E::Parenthesized(a) => self.extended_test(a, scope),
            E::UnaryTest(_, w) => {
                self.word(&w.value, scope);
            }
            E::BinaryTest(_, a, b) => {
                self.word(&a.value, scope);
                self.word(&b.value, scope);
            }
        }
    }

    fn compound(&mut self, cc: &CompoundCommand, scope: &Scope) {
        match cc {
            CompoundCommand::Arithmetic(a) => {
                if crate::arith::is_valid(&a.expr.value) {
                    self.substitutions(words::scan_substitutions(&a.expr.value), scope);
                } else {
                    // Not arithmetic: shells without `((…))`, and bash itself when the
                    // parentheses do not pair up as `))`, run it as nested subshells.
                    self.script(&a.expr.value, &scope.child("((…))"));
                }
            }
            CompoundCommand::ArithmeticForClause(f) => {
                for e in [&f.initializer, &f.condition, &f.updater]
                    .into_iter()
                    .flatten()
                {
                    self.substitutions(words::scan_substitutions(&e.value), scope);
                }
                self.list(&f.body.list, scope);
            }
            CompoundCommand::BraceGroup(b) => self.list(&b.list, scope),
            CompoundCommand::Subshell(s) => self.list(&s.list, scope),
            CompoundCommand::ForClause(f) => {
                for w in f.values.iter().flatten() {
                    self.word(&w.value, scope);
                }
                self.list(&f.body.list, scope);
            }
            CompoundCommand::CaseClause(c) => {
                self.word(&c.value.value, scope);
                for item in &c.cases {
                    for p in &item.patterns {
                        self.word(&p.value, scope);
                    }
                    if let Some(l) = &item.cmd {
                        self.list(l, scope);
                    }
                }
            }
            CompoundCommand::IfClause(i) => {
                self.list(&i.condition, scope);
                self.list(&i.then, scope);
                for e in i.elses.iter().flatten() {
                    if let Some(c) = &e.condition {
                        self.list(c, scope);
                    }
                    self.list(&e.body, scope);
                }
            }
            CompoundCommand::WhileClause(w) | CompoundCommand::UntilClause(w) => {
                let start = self.out.commands.len();
                self.list(&w.0, scope);
                // Fork bomb shape: `while true; do cmd & done` spawns without end.
                let forever = if matches!(cc, CompoundCommand::WhileClause(_)) {
                    ["true", ":"].as_slice()
                } else {
                    ["false"].as_slice()
                };
                let mut body = scope.clone();
                body.unbounded_loop |= matches!(
                    &self.out.commands[start..],
                    [c] if c.args.is_empty() && forever.contains(&c.program.as_str())
                );
                self.list(&w.1.list, &body);
            }
            CompoundCommand::Coprocess(c) => self.command(&c.body, scope),
        }
    }

    /// Runs the substitutions found in a word and reports whether any of them downloads.
    pub(crate) fn substitutions(&mut self, subs: Vec<Substitution>, scope: &Scope) -> bool {
        self.run_substitutions(subs, scope).downloads
    }

    /// Runs the substitutions found in a word and says what they were.
    fn run_substitutions(&mut self, subs: Vec<Substitution>, scope: &Scope) -> SubstitutionFacts {
        let mut facts = SubstitutionFacts::default();
        let single = subs.len() == 1;
        for sub in subs {
            let start = self.out.commands.len();
            self.script(&sub.body, &scope.child(sub.via));
            let ran = &self.out.commands[start..];
            facts.downloads |= ran.iter().any(downloads);
            facts.setup_code = single && ran.len() == 1 && crate::setup::prints_setup_code(&ran[0]);
            facts.listed_roots = match ran {
                [find] if single && find.program_lower() == "find" => {
                    let mut args = vec![Arg::default()];
                    args.extend(crate::dest::args_of(find, 0));
                    crate::nested::find_roots(&args)
                }
                _ => None,
            };
            facts.file_data = single
                && !ran.is_empty()
                && ran.iter().all(|c| {
                    c.writes.is_empty()
                        && matches!(
                            c.program_lower().as_str(),
                            "cat"
                                | "grep"
                                | "egrep"
                                | "fgrep"
                                | "xargs"
                                | "tr"
                                | "cut"
                                | "sort"
                                | "uniq"
                                | "head"
                                | "tail"
                        )
                });
        }
        facts
    }

    /// Unquotes a word, running its substitutions first.
    pub(crate) fn word(&mut self, raw: &str, scope: &Scope) -> Arg {
        let Some(expanded) = words::expand(raw, &self.options) else {
            self.indeterminate(
                scope,
                IndeterminateKind::ParseError,
                "a word of the command could not be parsed",
            );
            return Arg {
                text: raw.to_string(),
                dynamic: true,
                splits: true,
                ..Arg::default()
            };
        };
        let whole = expanded.text.starts_with(['$', '`'])
            && expanded.text.ends_with([')', '`'])
            && expanded.substitutions.len() == 1;
        let facts = self.run_substitutions(expanded.substitutions, scope);
        let placeholder = scope
            .placeholders
            .iter()
            .any(|p| expanded.text.contains(p.as_str()));
        Arg {
            text: expanded.text,
            dynamic: expanded.dynamic || placeholder,
            splits: expanded.splits || placeholder,
            from_download: facts.downloads,
            setup_code: whole && facts.setup_code,
            file_data: whole && facts.file_data,
            glob: expanded.glob,
            listed_roots: if whole { facts.listed_roots } else { None },
        }
    }

    /// An argv word after brace expansion (`{rm,-rf,/}` is three words), each unquoted.
    pub(crate) fn argv_words(&mut self, raw: &str, scope: &Scope) -> Vec<Arg> {
        if !raw.contains('{') {
            return vec![self.word(raw, scope)];
        }
        match crate::braces::expand(raw) {
            Ok(words) => words.iter().map(|w| self.word(w, scope)).collect(),
            Err(crate::braces::TooManyWords) => {
                self.indeterminate(
                    scope,
                    IndeterminateKind::TooLarge,
                    "a brace expansion in the command is too large to analyse",
                );
                vec![self.word(raw, scope)]
            }
        }
    }

    pub(crate) fn process_substitution(
        &mut self,
        kind: &ast::ProcessSubstitutionKind,
        sub: &ast::SubshellCommand,
        scope: &Scope,
    ) -> Arg {
        let via = match kind {
            ast::ProcessSubstitutionKind::Read => "<(…)",
            ast::ProcessSubstitutionKind::Write => ">(…)",
        };
        let start = self.out.commands.len();
        let child = scope.child(via);
        if child.depth > MAX_DEPTH {
            self.indeterminate(
                scope,
                IndeterminateKind::TooDeep,
                "the command nests too deeply",
            );
        } else {
            self.list(&sub.list, &child);
        }
        let ran = &self.out.commands[start..];
        let from_download = ran.iter().any(downloads);
        let setup_code = ran.len() == 1 && crate::setup::prints_setup_code(&ran[0]);
        Arg {
            text: via.to_string(),
            dynamic: true,
            // One `/dev/fd/N` path.
            splits: false,
            from_download,
            setup_code,
            file_data: false,
            glob: false,
            listed_roots: None,
        }
    }

    fn simple(&mut self, sc: &ast::SimpleCommand, scope: &Scope) {
        let mut raw = RawCommand::default();
        let mut stdin = None;
        for item in sc.prefix.iter().flat_map(|p| p.0.iter()) {
            match item {
                CommandPrefixOrSuffixItem::IoRedirect(r) => {
                    self.redirect(r, scope, &mut raw.writes, &mut stdin)
                }
                CommandPrefixOrSuffixItem::Word(w) => {
                    let a = self.argv_words(&w.value, scope);
                    raw.args.extend(a);
                }
                CommandPrefixOrSuffixItem::AssignmentWord(a, w) => {
                    let (name, value) = match (&a.name, &a.value) {
                        (ast::AssignmentName::VariableName(n), ast::AssignmentValue::Scalar(v)) => {
                            (n.clone(), self.word(&v.value, scope).text)
                        }
                        _ => {
                            let arg = self.word(&w.value, scope);
                            (arg.text, String::new())
                        }
                    };
                    raw.env.push((name, value));
                }
                CommandPrefixOrSuffixItem::ProcessSubstitution(k, sub) => {
                    self.process_substitution(k, sub, scope);
                }
            }
        }
        if let Some(w) = &sc.word_or_name {
            let a = self.argv_words(&w.value, scope);
            raw.args.extend(a);
        }
        for item in sc.suffix.iter().flat_map(|s| s.0.iter()) {
            match item {
                CommandPrefixOrSuffixItem::IoRedirect(r) => {
                    self.redirect(r, scope, &mut raw.writes, &mut stdin)
                }
                CommandPrefixOrSuffixItem::Word(w)
                | CommandPrefixOrSuffixItem::AssignmentWord(_, w) => {
                    let a = self.argv_words(&w.value, scope);
                    raw.args.extend(a);
                }
                CommandPrefixOrSuffixItem::ProcessSubstitution(k, sub) => {
                    let a = self.process_substitution(k, sub, scope);
                    raw.args.push(a);
                }
            }
        }
        raw.stdin = stdin.clone();
        let words = raw.args.clone();
        self.run_command(raw, scope);
        self.call_definition(&words);
        if let Some(s) = stdin
            && let Some(last) = self.out.commands.len().checked_sub(1)
        {
            self.stdins.push((last, s.clone()));
            self.last_stdin = Some((last, s));
        }
    }

    /// Adds a finished command: normalises flags, collects destinations, tracks `cd`.
    pub(crate) fn emit(&mut self, mut cmd: SimpleCommand, scope: &Scope) {
        if self.out.commands.len() >= MAX_COMMANDS {
            self.indeterminate(
                scope,
                IndeterminateKind::TooLarge,
                "the command expands to too many commands",
            );
            return;
        }
        cmd.cwd_changed |= self.cwd_changed;
        cmd.in_pipeline = scope.in_pipeline;
        let lower = cmd.program_lower();
        cmd.self_piping_recursion = ((scope.in_pipeline || scope.background)
            && self.functions.contains(&cmd.program))
            || (scope.background && scope.unbounded_loop);
        crate::flags::normalize(&mut cmd);
        // Programs the command runs from its options or its own environment
        // (`git -c core.pager=…`); variables set earlier were followed where they were set.
        let nested = crate::builtin::git::nested_scripts(&cmd);
        crate::exports::apply(&self.exported, &mut cmd);
        crate::exports::record(&mut self.exported, &cmd);
        crate::dest::collect(&cmd, &mut self.out.destinations);
        if matches!(lower.as_str(), "cd" | "pushd" | "popd") {
            self.cwd_changed = true;
        }
        self.out.commands.push(cmd);
        for (via, script) in nested {
            self.script(&script, &scope.child(via));
        }
    }
}
