//! Compound commands: loops, conditionals, groups, subshells, arithmetic and `[[ … ]]` tests.

use brush_parser::ast::{self, CompoundCommand};

use super::Scope;
use super::Walker;
use crate::syntax::words;

impl Walker {
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

    pub(super) fn compound(&mut self, cc: &CompoundCommand, scope: &Scope) {
        match cc {
            CompoundCommand::Arithmetic(a) => {
                if crate::syntax::arith::is_valid(&a.expr.value) {
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
                let values: Vec<crate::model::Arg> = f
                    .values
                    .iter()
                    .flatten()
                    .map(|w| self.word(&w.value, scope))
                    .collect();
                // `for f in ~/.ssh/*; do curl -F "f=@$f" …; done`: the variable stands for one
                // of the values each turn, as `{}` stands for a path find lists.
                let listed = !values.is_empty() && values.iter().all(|v| !v.dynamic);
                if listed {
                    let mut body = scope.clone();
                    let name = &f.variable_name;
                    body.placeholders.push(format!("${name}"));
                    body.placeholders.push(format!("${{{name}}}"));
                    body.listed_roots = Some(values.into_iter().map(|v| v.text).collect());
                    self.list(&f.body.list, &body);
                } else {
                    self.list(&f.body.list, scope);
                }
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
                // `find … | while read -r f; do rm "$f"; done`: each variable `read` fills
                // stands for a path find lists, as `{}` does for `find -exec`.
                if let [read] = &self.out.commands[start..]
                    && read.program == "read"
                    && let Some(Some(roots)) = scope
                        .pipe_input
                        .as_ref()
                        .and_then(|s| s.listed_roots.clone())
                {
                    for name in read.operands.iter().filter(|n| is_variable_name(n)) {
                        body.placeholders.push(format!("${name}"));
                        body.placeholders.push(format!("${{{name}}}"));
                    }
                    body.listed_roots = Some(roots);
                }
                self.list(&w.1.list, &body);
            }
            CompoundCommand::Coprocess(c) => self.command(&c.body, scope),
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
