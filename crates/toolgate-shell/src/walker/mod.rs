//! The walker, the only recursion in the crate: it walks brush-parser's AST to every simple
//! command, in execution order, with the words unquoted, substitutions, process
//! substitutions and heredocs followed, and re-parses the strings commands run (`bash -c`,
//! `eval`, interpreter code …).

mod compound;
mod consoles;
mod definitions;
mod directories;
mod downloads;
mod editors;
mod interpreters;
mod per_item;
mod pipelines;
mod placeholders;
mod plain;
mod redirects;
mod scopes;
mod shells;
mod stdin_jobs;
mod steps;
mod terminals;
mod unwrap;
mod variables;
mod words;
mod wrappers;

use std::borrow::Cow;
use std::ops::Range;

use brush_parser::ParserOptions;
use brush_parser::ast::{self, Command, CommandPrefixOrSuffixItem, CompoundList, Pipeline};

use definitions::{Body, Definition};
pub use scopes::{Reach, Scope, Sees};

use crate::model::{Arg, CommandAnalysis, Indeterminate, IndeterminateKind, SimpleCommand};
use crate::model::{MAX_COMMANDS, MAX_DEPTH};
use crate::model::{RawCommand, Stdin};

/// Most bytes parsed in one analysis, nested strings included.
const MAX_PARSED_BYTES: usize = 8 * 1024 * 1024;

/// Whether `cmd` downloads content (for `curl … | sh`): a downloader in the program table.
pub(crate) fn downloads(cmd: &SimpleCommand) -> bool {
    crate::knowledge::programs::in_class(
        &cmd.program,
        crate::knowledge::programs::Class::Downloader,
    )
}

/// Collects the analysis while walking.
pub struct Walker {
    pub(crate) out: CommandAnalysis,
    pub(crate) options: ParserOptions,
    pub(crate) cwd_changed: bool,
    /// Every directory change so far descended into a subdirectory named outright
    /// ([`SimpleCommand::cwd_descended`]).
    pub(crate) cwd_descends: bool,
    /// The whole paths directory changes went to so far ([`SimpleCommand::cwd_jumps`]).
    cwd_jumps: Vec<String>,
    /// Where they lead ([`SimpleCommand::cwd_path`]).
    cwd_path: Option<String>,
    /// Where every directory change so far leads, when each is written out
    /// ([`SimpleCommand::cwd_target`]); `.` before the first.
    cwd_target: Option<String>,
    /// How many directory changes were followed so far.
    cwd_changes: usize,
    /// How many of them are known to have happened for the command being walked (all of
    /// them: [`SimpleCommand::cwd_certain`]); `None` once one may have failed.
    cwd_confirmed: Option<usize>,
    /// A function or alias named `pwd` was defined: `$(pwd)` may print anything.
    pwd_defined: bool,
    functions: Vec<String>,
    /// Functions and aliases defined so far: a definition runs nothing; its body is
    /// analysed where it is called.
    definitions: Vec<Definition>,
    parsed_bytes: usize,
    /// The stdin of every simple command that had one, by index.
    pub(crate) stdins: Vec<(usize, Stdin)>,
    /// Variables set for later commands (`d=build`, `export HTTPS_PROXY=…`).
    variables: variables::Variables,
    /// The variables each function being run made its own (`local`), with what they were
    /// before, innermost last.
    local_frames: Vec<Vec<variables::SavedVariable>>,
    /// Extra walks of loop bodies so far (`scopes::MAX_LOOP_REWALKS`).
    loop_rewalks: usize,
    /// Variables set from a substitution, with the commands that printed their value.
    substituted_variables: Vec<(String, Range<usize>)>,
    /// The walker's shortcuts: plain commands read without the parser (`syntax::plain`),
    /// options and destinations read from the walker's words rather than copies. Off only
    /// in the test that compares them with the full way.
    shortcuts: bool,
}

/// Most variables set from substitutions that one analysis follows.
const MAX_SUBSTITUTED_VARIABLES: usize = 64;

impl Walker {
    /// An empty walker.
    pub fn new() -> Walker {
        Walker {
            // Most analyses find one command: room for it, not for four (a large block).
            out: CommandAnalysis {
                commands: Vec::with_capacity(1),
                ..CommandAnalysis::default()
            },
            options: ParserOptions::default(),
            cwd_changed: false,
            cwd_descends: true,
            cwd_jumps: Vec::new(),
            cwd_path: None,
            cwd_target: Some(".".to_string()),
            cwd_changes: 0,
            cwd_confirmed: Some(0),
            pwd_defined: false,
            functions: Vec::new(),
            definitions: Vec::new(),
            parsed_bytes: 0,
            stdins: Vec::new(),
            variables: variables::Variables::default(),
            local_frames: Vec::new(),
            loop_rewalks: 0,
            substituted_variables: Vec::new(),
            shortcuts: true,
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
        downloads::follow_written_scripts(&mut self);
        // One destination or none has no duplicate (nearly always: no set to build).
        if self.out.destinations.len() > 1 {
            let mut seen = std::collections::HashSet::new();
            self.out.destinations.retain(|d| seen.insert(d.clone()));
        }
        self.out
    }

    /// Records that the analysis is not trustworthy (first reason wins). A lenient scope
    /// (strings in interpreter code, which may not be shell at all) drops what its text makes
    /// of itself (parse errors, run-time words), never a limit the analysis ran into: nesting
    /// or growing a command past a limit there would hide what it runs.
    pub(crate) fn indeterminate(
        &mut self,
        scope: &Scope,
        kind: IndeterminateKind,
        reason: &'static str,
    ) {
        let limit = matches!(
            kind,
            IndeterminateKind::TooDeep
                | IndeterminateKind::TooLarge
                | IndeterminateKind::TooComplex
        );
        if scope.lenient && !limit {
            return;
        }
        if self.out.indeterminate.is_none() {
            self.out.indeterminate = Some(Indeterminate { kind, reason });
        }
    }

    fn over_budget(&self) -> bool {
        self.out.commands.len() >= MAX_COMMANDS || self.parsed_bytes > MAX_PARSED_BYTES
    }

    /// Parses and walks a script; what a nested one sets stays as its scope's
    /// [`Scope::reach`] says.
    pub fn script(&mut self, text: &str, scope: &Scope) {
        if scope.depth == 0 || scope.reach == Reach::Stays {
            self.walk_script(text, scope);
            return;
        }
        let saved = self.save();
        self.enter(scope);
        self.walk_script(text, scope);
        self.end(saved, scope.reach);
    }

    fn walk_script(&mut self, text: &str, scope: &Scope) {
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
        // A plain text holds none of the bytes the guard looks for, so it needs no guard.
        if self.shortcuts
            && let Some(words) = crate::syntax::plain::plain_words(text)
        {
            self.plain_simple(words, scope);
            return;
        }
        if let Err((kind, reason)) = crate::syntax::guard::check(text) {
            self.indeterminate(scope, kind, reason);
            return;
        }
        let parsed = crate::syntax::program::parse_program(text, &self.options);
        // Valid shell brush-parser refuses: a trailing `\` (bash drops it at the end of
        // the input) and `select` loops (analysed as the `for` loop they run like).
        let parsed = match parsed {
            Some(Err(_)) => match crate::syntax::guard::parser_workarounds(text) {
                Some(fixed) => crate::syntax::program::parse_program(&fixed, &self.options),
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
            // A copy of the scope only when the item changes it.
            let spawns = scope.unbounded_loop && !scope.spawns_each_turn;
            let item_scope = if matches!(item.1, ast::SeparatorOperator::Async)
                && (!scope.background || spawns)
            {
                let mut s = scope.clone();
                s.background = true;
                s.spawns_each_turn |= scope.unbounded_loop;
                Cow::Owned(s)
            } else {
                Cow::Borrowed(scope)
            };
            // A background job runs in a subshell.
            if matches!(item.1, ast::SeparatorOperator::Async) {
                self.subshell(|w| w.and_or_list(&item.0, &item_scope));
            } else {
                self.and_or_list(&item.0, &item_scope);
            }
        }
    }

    fn pipeline(&mut self, p: &Pipeline, scope: &Scope) {
        let in_pipeline = p.seq.len() > 1;
        // Copies of the scope only where they differ from it.
        let inner = if scope.in_pipeline == in_pipeline {
            Cow::Borrowed(scope)
        } else {
            let mut s = scope.clone();
            s.in_pipeline = in_pipeline;
            Cow::Owned(s)
        };
        let mut ranges: Vec<std::ops::Range<usize>> = Vec::with_capacity(p.seq.len());
        let mut input: Option<Stdin> = None;
        for (n, cmd) in p.seq.iter().enumerate() {
            let element = match ranges.last() {
                Some(prev) => {
                    let simple = matches!(p.seq[n - 1], Command::Simple(_));
                    let output = self.pipe_output(prev, simple, input.as_ref(), &inner);
                    let mut e = Scope::clone(&inner);
                    e.pipe_input = Some(output);
                    Cow::Owned(e)
                }
                None => Cow::Borrowed(&*inner),
            };
            input = element.pipe_input.clone();
            let start = self.out.commands.len();
            // Each element of a pipeline runs in a subshell; the last one may run in the
            // shell itself (`shopt -s lastpipe`).
            if !in_pipeline {
                self.command(cmd, &element);
            } else if n + 1 < p.seq.len() {
                self.subshell(|w| w.command(cmd, &element));
            } else {
                let saved = self.save();
                self.command(cmd, &element);
                self.end(saved, Reach::Maybe);
            }
            let end = self.out.commands.len();
            if let Some(prev) = ranges.last() {
                // What the element before prints is the stdin of every command of this one.
                for c in &mut self.out.commands[start..end] {
                    c.stdin_from.get_or_insert_with(|| Range::clone(prev));
                }
            }
            ranges.push(start..end);
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

    fn command(&mut self, cmd: &Command, scope: &Scope) {
        match cmd {
            Command::Simple(sc) => self.simple(sc, scope),
            Command::Compound(cc, redirects) => {
                self.compound_redirected(cc, redirects.as_ref(), scope);
            }
            Command::Function(f) => self.define(
                &f.fname.value,
                Body::Function(Box::new(f.body.0.clone())),
                scope,
            ),
            Command::ExtendedTest(e, _) => self.extended_test(&e.expr, scope),
        }
    }

    fn simple(&mut self, sc: &ast::SimpleCommand, scope: &Scope) {
        let mut raw = RawCommand::default();
        // What the command's assignments set, when it has no words (`d=build`); `None`: a
        // value not known (`a[0]=x`, `a=(x y)`).
        let mut assigned: Vec<(String, Option<String>)> = Vec::new();
        let mut stdin = None;
        let mut read_file = None;
        let first = self.out.commands.len();
        for item in sc.prefix.iter().flat_map(|p| p.0.iter()) {
            match item {
                CommandPrefixOrSuffixItem::IoRedirect(r) => {
                    read_file = self
                        .redirect(r, scope, &mut raw.writes, &mut stdin)
                        .or(read_file);
                }
                CommandPrefixOrSuffixItem::Word(w) => {
                    let a = self.argv_words(&w.value, scope);
                    raw.args.extend(a);
                }
                CommandPrefixOrSuffixItem::AssignmentWord(a, w) => {
                    let (name, value) = match (&a.name, &a.value) {
                        (ast::AssignmentName::VariableName(n), ast::AssignmentValue::Scalar(v)) => {
                            let value = self.word(&v.value, scope).text;
                            // `d+=x` appends to a value that may not be known.
                            let known = Some(value.clone()).filter(|_| !a.append);
                            assigned.push((n.clone(), known));
                            (n.clone(), value)
                        }
                        _ => {
                            let (ast::AssignmentName::VariableName(n)
                            | ast::AssignmentName::ArrayElementName(n, _)) = &a.name;
                            assigned.push((n.clone(), None));
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
                    read_file = self
                        .redirect(r, scope, &mut raw.writes, &mut stdin)
                        .or(read_file);
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
        raw.stdin = stdin;
        // Assignments alone set the shell's variables; before a command, only its own.
        if raw.args.is_empty() {
            for (name, value) in &assigned {
                match value {
                    Some(v) => self.variables.set(name, v),
                    None => self.variables.forget(name),
                }
            }
        }
        let _words = self.run_simple(raw, read_file, first, scope);
        // Every command this one ran (a wrapper's, a function's, its substitutions') writes
        // where its redirection says.
        let to_file = sc
            .prefix
            .iter()
            .flat_map(|p| p.0.iter())
            .chain(sc.suffix.iter().flat_map(|s| s.0.iter()))
            .any(|i| {
                matches!(i, CommandPrefixOrSuffixItem::IoRedirect(r) if redirects::sends_stdout_to_file(r))
            });
        if to_file {
            let first = first.min(self.out.commands.len());
            for c in &mut self.out.commands[first..] {
                c.stdout_redirected = true;
            }
        }
    }

    /// Runs a simple command whose words were read: `first` is the index of the first
    /// command its substitutions ran, `read_file` the file its stdin is redirected from.
    /// Gives the words back (a plain command's are kept for the next one).
    fn run_simple(
        &mut self,
        raw: RawCommand,
        read_file: Option<String>,
        first: usize,
        scope: &Scope,
    ) -> Vec<Arg> {
        let substituted = first..self.out.commands.len();
        if !substituted.is_empty() {
            self.remember_substituted_variables(&raw, &substituted);
        }
        self.run_command(&raw, scope);
        // Data flow: the commands run for this one read what its words were given and the
        // file its stdin comes from.
        for c in &mut self.out.commands[substituted.end..] {
            if !substituted.is_empty() && !c.words_from.contains(&substituted) {
                c.words_from.push(substituted.clone());
            }
            if c.stdin_file.is_none() {
                c.stdin_file.clone_from(&read_file);
            }
        }
        self.call_definition(&raw.args);
        if let Some(s) = raw.stdin
            && let Some(last) = self.out.commands.len().checked_sub(1)
        {
            self.stdins.push((last, s));
        }
        raw.args
    }

    /// Variables a simple command sets from a substitution (`K=$(cat f)`, `export
    /// K="$(…)"`): later words that use them (`"$K"`) get what those commands printed.
    fn remember_substituted_variables(&mut self, raw: &RawCommand, substituted: &Range<usize>) {
        let declares = raw.args.first().is_some_and(|a| {
            matches!(
                a.text.as_str(),
                "export" | "declare" | "typeset" | "local" | "readonly"
            )
        });
        let from_words = raw
            .args
            .iter()
            .skip(1)
            .filter(|_| declares)
            .filter_map(|a| a.text.split_once('=').map(|(n, _)| n.to_string()));
        let names: Vec<String> = raw
            .env
            .iter()
            .map(|(n, _)| n.clone())
            .chain(from_words)
            .collect();
        for name in names {
            if self.substituted_variables.len() < MAX_SUBSTITUTED_VARIABLES {
                self.substituted_variables.push((name, substituted.clone()));
            }
        }
    }

    /// Adds a finished command: normalises flags, collects destinations, tracks `cd`.
    pub(crate) fn emit(&mut self, cmd: SimpleCommand, scope: &Scope) {
        self.emit_read(cmd, None, scope);
    }

    /// [`Walker::emit`] of a command whose arguments were made from `words` (the same texts
    /// and run-time marks): the option reader reads those instead of copies.
    pub(crate) fn emit_read(
        &mut self,
        mut cmd: SimpleCommand,
        words: Option<&[Arg]>,
        scope: &Scope,
    ) {
        if self.out.commands.len() >= MAX_COMMANDS {
            self.indeterminate(
                scope,
                IndeterminateKind::TooLarge,
                "the command expands to too many commands",
            );
            return;
        }
        self.mark_working_directory(&mut cmd);
        cmd.in_pipeline = scope.in_pipeline;
        let changes_directory = matches!(cmd.program_lower().as_ref(), "cd" | "pushd" | "popd");
        cmd.self_piping_recursion = ((scope.in_pipeline || scope.background)
            && self.functions.contains(&cmd.program))
            || scope.spawns_each_turn;
        cmd.own_env = cmd.env.len();
        // The system directories a script gave a value are the command's before its options
        // are read: `HOME='-rf /'; rm $HOME` is options, `rm $HOME/notes.txt` one file.
        self.variables.apply(
            &mut cmd,
            Some(crate::knowledge::variables::SYSTEM_DIRECTORIES),
        );
        match words.filter(|_| self.shortcuts) {
            Some(words) => {
                crate::options::normalize::normalize_args(&mut cmd, Cow::Borrowed(words))
            }
            None => crate::options::normalize::normalize(&mut cmd),
        }
        if let Some(scan) = crate::facts::datastore::scan(&cmd) {
            self.refuse_unreadable_data(&scan, scope);
            cmd.data_losses = scan.losses;
        }
        // Programs the command runs from its options or its own environment
        // (`git -c core.pager=…`); variables set earlier were followed where they were set.
        let nested = crate::facts::launched::nested_scripts(&cmd);
        self.variables.apply(&mut cmd, None);
        if !scope.wrapped {
            self.record_variables(&cmd);
        }
        crate::facts::destinations::collect(
            &cmd,
            words.filter(|_| self.shortcuts),
            &mut self.out.destinations,
        );
        for (name, range) in &self.substituted_variables {
            let uses = cmd
                .args
                .iter()
                .chain(cmd.env.iter().map(|(_, v)| v))
                .any(|a| crate::syntax::words::uses_variable(a, name));
            if uses && !cmd.words_from.contains(range) {
                cmd.words_from.push(range.clone());
            }
        }
        if changes_directory {
            self.follow_directory_change(&cmd);
        }
        // A container's or pod's command reads the stdin given to `docker exec -i`,
        // `docker run -i`, `kubectl exec -i` (`docker exec -i db psql <<EOF`).
        let passed_stdin = cmd.stdin_text.clone();
        self.out.commands.push(cmd);
        for (via, script) in nested {
            let mut child = scope.process(via);
            if matches!(via, "container exec" | "container run" | "kubectl exec") {
                child.pipe_input = passed_stdin.clone().map(|text| Stdin {
                    text,
                    ..Stdin::default()
                });
            }
            self.script(&script, &child);
        }
    }
}

#[cfg(test)]
mod tests;
