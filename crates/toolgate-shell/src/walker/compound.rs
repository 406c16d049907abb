//! Compound commands: loops, conditionals, groups, subshells, arithmetic and `[[ … ]]` tests.

use std::borrow::Cow;
use std::ops::Range;

use brush_parser::ast::{
    self, Command, CompoundCommand, IoFileRedirectKind, IoFileRedirectTarget, IoRedirect,
    RedirectList,
};

use super::Scope;
use super::Walker;
use super::redirects::sends_stdout_to_file;
use crate::syntax::words;

impl Walker {
    /// A compound command and its redirections (`{ …; } > f`, `while …; done < f`): what
    /// they write and read applies to every command inside. A loop fed by a process
    /// substitution (`while read f; do …; done < <(find …)`) reads what it prints as from
    /// a pipe (`find … | while read f; …`).
    pub(super) fn compound_redirected(
        &mut self,
        cc: &CompoundCommand,
        redirects: Option<&RedirectList>,
        scope: &Scope,
    ) {
        let is_loop = matches!(
            cc,
            CompoundCommand::WhileClause(_) | CompoundCommand::UntilClause(_)
        );
        let fed = redirects
            .filter(|_| is_loop)
            .and_then(|r| r.0.iter().position(|r| stdin_substitution(r).is_some()));
        let mut inner = Cow::Borrowed(scope);
        let mut feed: Option<Range<usize>> = None;
        if let Some(sub) = fed
            .zip(redirects)
            .and_then(|(i, r)| stdin_substitution(&r.0[i]))
        {
            let (range, output) = self.substitution_feed(sub, scope);
            let mut s = scope.clone();
            s.pipe_input = Some(output);
            inner = Cow::Owned(s);
            feed = Some(range);
        }
        let start = self.out.commands.len();
        self.compound(cc, &inner);
        if let Some(range) = &feed {
            for c in &mut self.out.commands[start..] {
                c.stdin_from.get_or_insert_with(|| range.clone());
            }
        }
        let Some(r) = redirects else { return };
        let mut writes = Vec::new();
        let mut read_file = None;
        for (i, redirect) in r.0.iter().enumerate() {
            if Some(i) == fed {
                continue;
            }
            read_file = self
                .redirect(redirect, scope, &mut writes, &mut None)
                .or(read_file);
        }
        let to_file = r.0.iter().any(sends_stdout_to_file);
        for c in &mut self.out.commands[start..] {
            c.writes.extend(writes.iter().cloned());
            c.stdout_redirected |= to_file;
            if c.stdin_file.is_none() {
                c.stdin_file.clone_from(&read_file);
            }
        }
    }

    /// Runs a process substitution that feeds a loop's stdin: the commands it ran and what
    /// it prints, as the next element of a pipe would read it.
    fn substitution_feed(
        &mut self,
        sub: &ast::SubshellCommand,
        scope: &Scope,
    ) -> (Range<usize>, crate::model::Stdin) {
        let (range, child) = self.run_substitution_list(sub, "<(…)", scope);
        // One simple command (`<(find . -name '*.bak')`): its output is read as a pipe's.
        let simple = match sub.list.0.as_slice() {
            [item] => {
                let mut pipelines = item.0.iter();
                matches!(
                    (pipelines.next(), pipelines.next()),
                    (Some((_, p)), None) if matches!(p.seq.as_slice(), [Command::Simple(_)])
                )
            }
            _ => false,
        };
        let output = self.pipe_output(&range, simple, None, &child);
        (range, output)
    }

    pub(super) fn extended_test(&mut self, e: &ast::ExtendedTestExpr, scope: &Scope) {
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

    /// `((d = 5))`, `((d++))`: the variables arithmetic assigns hold numbers known only at
    /// run time.
    pub(super) fn forget_arithmetic_targets(&mut self, expr: &str) {
        for name in crate::syntax::arith::assigned_names(expr) {
            self.variables.forget(name);
        }
    }

    pub(super) fn compound(&mut self, cc: &CompoundCommand, scope: &Scope) {
        match cc {
            CompoundCommand::Arithmetic(a) => {
                if crate::syntax::arith::is_valid(&a.expr.value) {
                    self.substitutions(words::scan_substitutions(&a.expr.value), scope);
                    self.forget_arithmetic_targets(&a.expr.value);
                } else {
                    // Not arithmetic: shells without `((…))`, and bash itself when the
                    // parentheses do not pair up as `))`, run it as nested subshells.
                    self.script(&a.expr.value, &scope.subshell("((…))"));
                }
            }
            CompoundCommand::ArithmeticForClause(f) => {
                for e in [&f.initializer, &f.condition, &f.updater]
                    .into_iter()
                    .flatten()
                {
                    self.substitutions(words::scan_substitutions(&e.value), scope);
                    self.forget_arithmetic_targets(&e.value);
                }
                self.loop_body(|w| w.list(&f.body.list, scope));
            }
            CompoundCommand::BraceGroup(b) => self.list(&b.list, scope),
            CompoundCommand::Subshell(s) => self.subshell(|w| w.list(&s.list, scope)),
            CompoundCommand::ForClause(f) => {
                let values: Vec<crate::model::Arg> = f
                    .values
                    .iter()
                    .flatten()
                    .map(|w| self.word(&w.value, scope))
                    .collect();
                // `for f in ~/.ssh/*; do curl -F "f=@$f" …; done`: the variable stands for one
                // of the values each turn, as `{}` stands for a path find lists.
                let listed = !values.is_empty() && values.iter().all(|v| !v.dynamic);
                let mut body = Cow::Borrowed(scope);
                if listed {
                    let body = body.to_mut();
                    let name = &f.variable_name;
                    body.placeholders.push(format!("${name}"));
                    body.placeholders.push(format!("${{{name}}}"));
                    body.listed_roots = Some(values.into_iter().map(|v| v.text).collect());
                }
                // The variable holds one value each turn (the placeholders stand for it, until
                // the body sets it) and the last one, or what it held, after the loop.
                let name = &f.variable_name;
                self.variables.forget(name);
                self.loop_body(|w| {
                    w.variables.bind(name);
                    w.list(&f.body.list, &body);
                });
            }
            CompoundCommand::CaseClause(c) => {
                self.word(&c.value.value, scope);
                // Each arm starts from before the clause, or also from where the arm before
                // it ended when that one goes on (`;&`, `;;&`). Without a `*)` arm none may
                // run.
                let before = self.variables.clone();
                let mut after: Option<super::variables::Variables> = None;
                let mut default = false;
                for item in &c.cases {
                    for p in &item.patterns {
                        self.word(&p.value, scope);
                        default |= p.value == "*";
                    }
                    if let Some(l) = &item.cmd {
                        self.list(l, scope);
                    }
                    let end = std::mem::replace(&mut self.variables, before.clone());
                    if !matches!(item.post_action, ast::CaseItemPostAction::ExitCase) {
                        self.variables.join(&end);
                    }
                    match &mut after {
                        Some(a) => a.join(&end),
                        None => after = Some(end),
                    }
                }
                match after {
                    Some(a) if default => self.variables = a,
                    Some(a) => self.variables.join(&a),
                    None => {}
                }
            }
            CompoundCommand::IfClause(i) => {
                self.list(&i.condition, scope);
                // Each branch starts where the conditions before it failed; after the
                // clause, what any branch (or none, without `else`) left.
                let mut failed = self.variables.clone();
                self.list(&i.then, scope);
                let mut after = std::mem::replace(&mut self.variables, failed.clone());
                let mut otherwise = false;
                for e in i.elses.iter().flatten() {
                    if let Some(c) = &e.condition {
                        self.list(c, scope);
                        failed.clone_from(&self.variables);
                    } else {
                        otherwise = true;
                    }
                    self.list(&e.body, scope);
                    after.join(&self.variables);
                    self.variables.clone_from(&failed);
                }
                if otherwise {
                    self.variables = after;
                } else {
                    after.join(&self.variables);
                    self.variables = after;
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
                let mut read_names: Vec<String> = Vec::new();
                // `find … | while read -r f; do rm "$f"; done`: each variable `read` fills
                // stands for a path find lists, as `{}` does for `find -exec`.
                if let [read] = &self.out.commands[start..]
                    && read.program == "read"
                    && let Some(Some(roots)) = scope
                        .pipe_input
                        .as_ref()
                        .and_then(crate::facts::pipes::item_roots)
                {
                    for name in read.operands.iter().filter(|n| is_variable_name(n)) {
                        body.placeholders.push(format!("${name}"));
                        body.placeholders.push(format!("${{{name}}}"));
                        read_names.push(name.clone());
                    }
                    body.listed_roots = Some(roots);
                }
                // Each turn `read` fills its variables again.
                self.loop_body(|walker| {
                    for name in &read_names {
                        walker.variables.bind(name);
                    }
                    walker.list(&w.1.list, &body);
                });
            }
            CompoundCommand::Coprocess(c) => self.subshell(|w| w.command(&c.body, scope)),
        }
    }
}

/// Whether a word is a shell variable's name (`f`, `_path2`).
fn is_variable_name(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The process substitution a redirection feeds stdin from (`< <(find …)`, `0< <(…)`).
fn stdin_substitution(r: &IoRedirect) -> Option<&ast::SubshellCommand> {
    match r {
        IoRedirect::File(
            fd,
            IoFileRedirectKind::Read,
            IoFileRedirectTarget::ProcessSubstitution(ast::ProcessSubstitutionKind::Read, sub),
        ) if fd.is_none_or(|fd| fd == 0) => Some(sub),
        _ => None,
    }
}
