//! Functions and aliases defined in the command string: a definition runs nothing; its body
//! is analysed where it is called.

use brush_parser::ast::CompoundCommand;

use super::{Scope, Walker};
use crate::model::Arg;

/// What a function or alias definition runs when it is called.
#[derive(Debug, Clone)]
pub(super) enum Body {
    /// A function's body.
    Function(Box<CompoundCommand>),
    /// An alias's text (the call's words follow it).
    Alias(String),
}

/// A function or alias defined in the command string.
#[derive(Debug, Clone)]
pub(super) struct Definition {
    pub(super) name: String,
    pub(super) body: Body,
    /// Where it was defined.
    pub(super) scope: Scope,
    /// How often its body was analysed (each call, up to [`MAX_CALLS_ANALYSED`]).
    pub(super) calls: usize,
}

/// Most calls of one definition whose body is analysed (bodies calling each other would
/// otherwise grow without bound).
const MAX_CALLS_ANALYSED: usize = 4;

impl Walker {
    /// Records a function or alias definition (the latest one of a name wins).
    pub(crate) fn define_alias(&mut self, name: &str, text: &str, scope: &Scope) {
        self.define(name, Body::Alias(text.to_string()), scope);
    }

    pub(super) fn define(&mut self, name: &str, body: Body, scope: &Scope) {
        // `$(pwd)` is judged as the working directory (`facts::paths`) unless `pwd` may
        // print something else.
        if name == "pwd" {
            self.cwd_changed = true;
            self.cwd_descends = false;
            self.pwd_defined = true;
        }
        self.definitions.retain(|d| d.name != name);
        self.definitions.push(Definition {
            name: name.to_string(),
            body,
            scope: scope.clone(),
            calls: 0,
        });
    }

    /// When `words` call a function or alias defined earlier, analyses its body there.
    pub(super) fn call_definition(&mut self, words: &[Arg]) {
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

    pub(super) fn run_definition(&mut self, i: usize, args: &[Arg]) {
        if self.definitions[i].calls >= MAX_CALLS_ANALYSED {
            return;
        }
        self.definitions[i].calls += 1;
        let d = self.definitions[i].clone();
        match &d.body {
            Body::Function(body) => {
                self.functions.push(d.name.clone());
                self.run_function(|w| w.compound(body, &d.scope));
                self.functions.pop();
            }
            Body::Alias(text) => {
                let mut script = text.clone();
                for a in args {
                    script.push(' ');
                    script.push_str(&a.text);
                }
                self.script(&script, &d.scope.same_shell("alias"));
            }
        }
    }
}
