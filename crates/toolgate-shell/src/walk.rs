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

/// Programs that download content (for `curl … | sh`).
pub const DOWNLOADERS: &[&str] = &[
    "curl",
    "wget",
    "wget2",
    "fetch",
    "http",
    "https",
    "xh",
    "xhs",
    "aria2c",
    "lwp-request",
    "get",
];

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

/// Collects the analysis while walking.
pub struct Walker {
    pub(crate) out: CommandAnalysis,
    pub(crate) options: ParserOptions,
    pub(crate) cwd_changed: bool,
    functions: Vec<String>,
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
            parsed_bytes: 0,
            last_stdin: None,
            stdins: Vec::new(),
            exported: Vec::new(),
        }
    }

    /// The finished analysis.
    pub fn finish(mut self) -> CommandAnalysis {
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
        let mut parser = brush_parser::Parser::new(text.as_bytes(), &self.options);
        match parser.parse_program() {
            Ok(program) => {
                for list in &program.complete_commands {
                    self.list(list, scope);
                }
            }
            Err(_) => self.indeterminate(
                scope,
                IndeterminateKind::ParseError,
                "the command could not be parsed as shell",
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
            if self.out.commands[range]
                .iter()
                .any(|c| DOWNLOADERS.contains(&c.program_lower().as_str()))
            {
                downloaded = true;
            }
        }
    }

    /// What the pipeline element whose commands are `range` writes to its stdout.
    fn pipe_output(&self, range: &std::ops::Range<usize>, scope: &Scope) -> Stdin {
        let commands = &self.out.commands[range.clone()];
        let downloads = commands
            .iter()
            .any(|c| DOWNLOADERS.contains(&c.program_lower().as_str()));
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
            Command::Function(f) => {
                self.functions.push(f.fname.value.clone());
                self.compound(&f.body.0, scope);
                self.functions.pop();
            }
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
        let mut downloads = false;
        for sub in subs {
            let start = self.out.commands.len();
            self.script(&sub.body, &scope.child(sub.via));
            downloads |= self.out.commands[start..]
                .iter()
                .any(|c| DOWNLOADERS.contains(&c.program_lower().as_str()));
        }
        downloads
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
                from_download: false,
            };
        };
        let from_download = self.substitutions(expanded.substitutions, scope);
        let placeholder = scope
            .placeholders
            .iter()
            .any(|p| expanded.text.contains(p.as_str()));
        Arg {
            text: expanded.text,
            dynamic: expanded.dynamic || placeholder,
            splits: expanded.splits || placeholder,
            from_download,
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
        let from_download = self.out.commands[start..]
            .iter()
            .any(|c| DOWNLOADERS.contains(&c.program_lower().as_str()));
        Arg {
            text: via.to_string(),
            dynamic: true,
            // One `/dev/fd/N` path.
            splits: false,
            from_download,
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
        self.run_command(raw, scope);
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
