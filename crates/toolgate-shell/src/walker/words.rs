//! Words: unquoted, brace-expanded, with the command and process substitutions inside them
//! run first.

use brush_parser::ast;

use super::{Scope, Walker, downloads};
use crate::model::MAX_DEPTH;
use crate::model::{Arg, IndeterminateKind};
use crate::syntax::words::{self, Substitution};

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
    /// It is one command whose output its text fixes: that output.
    printed: Option<String>,
}

impl Walker {
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
            self.script(&sub.body, &scope.subshell(sub.via));
            let ran = &self.out.commands[start..];
            facts.downloads |= ran.iter().any(downloads);
            facts.setup_code =
                single && ran.len() == 1 && crate::knowledge::setup::prints_setup_code(&ran[0]);
            // `$(find . -name '*.pyc')`, `$(ls -t | tail -n +6)`, `$(find . | grep pyc)`:
            // only a listing of whole paths (`$(find . -printf '/home\n')` is none).
            facts.listed_roots = match single {
                true => crate::facts::pipes::listing_roots(ran, start),
                false => None,
            };
            facts.printed = match ran {
                [one] if single => known_output(one).map(|t| t.trim_end_matches('\n').to_string()),
                _ => None,
            };
            facts.file_data = single
                && !ran.is_empty()
                && ran.iter().all(|c| {
                    c.writes.is_empty()
                        && matches!(
                            c.program_lower().as_ref(),
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
        for name in &expanded.arithmetic_targets {
            self.variables.forget(name);
        }
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
            printed: if whole { facts.printed } else { None },
            literal_dollar: expanded.literal_dollar,
            mixed: (expanded.dynamic && expanded.literal_dollar).then(|| {
                Box::new(crate::model::MixedWord {
                    expanded_here: expanded.expanded_names,
                    left_literal: expanded.literal_names,
                })
            }),
        }
    }

    /// An argv word after brace expansion (`{rm,-rf,/}` is three words), each unquoted.
    pub(crate) fn argv_words(&mut self, raw: &str, scope: &Scope) -> Vec<Arg> {
        if !raw.contains('{') {
            return vec![self.word(raw, scope)];
        }
        match crate::syntax::braces::expand(raw) {
            Ok(words) => words.iter().map(|w| self.word(w, scope)).collect(),
            Err(crate::syntax::braces::TooManyWords) => {
                self.indeterminate(
                    scope,
                    IndeterminateKind::TooLarge,
                    "a brace expansion in the command is too large to analyse",
                );
                vec![self.word(raw, scope)]
            }
        }
    }

    /// Walks a process substitution's commands in a child scope marked `via` (too deep:
    /// indeterminate); gives their range and the scope they ran in.
    pub(crate) fn run_substitution_list(
        &mut self,
        sub: &ast::SubshellCommand,
        via: &str,
        scope: &Scope,
    ) -> (std::ops::Range<usize>, Scope) {
        let start = self.out.commands.len();
        let child = scope.subshell(via);
        if child.depth > MAX_DEPTH {
            self.indeterminate(
                scope,
                IndeterminateKind::TooDeep,
                "the command nests too deeply",
            );
        } else {
            self.subshell(|w| w.list(&sub.list, &child));
        }
        (start..self.out.commands.len(), child)
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
        let (range, _) = self.run_substitution_list(sub, via, scope);
        let ran = &self.out.commands[range];
        let from_download = ran.iter().any(downloads);
        let setup_code = ran.len() == 1 && crate::knowledge::setup::prints_setup_code(&ran[0]);
        let printed = match ran {
            [one] => known_output(one),
            _ => None,
        };
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
            printed,
            literal_dollar: false,
            mixed: None,
        }
    }
}

/// What `cmd` prints when its own text fixes it (`echo ls`, `printf 'x=1'`), without a
/// backslash (shells' `echo` differ on escapes) and with nothing redirected away.
fn known_output(cmd: &crate::SimpleCommand) -> Option<String> {
    if !matches!(cmd.program_lower().as_ref(), "echo" | "printf")
        || !cmd.writes.is_empty()
        || cmd.stdout_redirected
    {
        return None;
    }
    let out = crate::facts::pipes::producer_output(cmd, None, false);
    (!out.dynamic && !out.template && !out.text.contains('\\')).then_some(out.text)
}

/// The words a substitution heading a command expands to when its output is known
/// (`$(echo ls)` is `ls`; unquoted, `$(echo git status)` is two words, `$(echo)` none).
/// Only plain characters count: a quote, `$`, `~` or glob character in the output would be
/// read differently there than in the text, so such output stays unknown.
pub(super) fn printed_words(word: &Arg) -> Option<Vec<Arg>> {
    const FIELD_SEPARATORS: [char; 3] = [' ', '\t', '\n'];
    let text = word.printed.as_deref()?;
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./:@+,-".contains(c);
    if !text
        .chars()
        .all(|c| plain(c) || FIELD_SEPARATORS.contains(&c))
    {
        return None;
    }
    let fields: Vec<&str> = text
        .split(FIELD_SEPARATORS)
        .filter(|f| !f.is_empty())
        .collect();
    // Quoted, the output is one word as it is.
    if !word.splits && fields != [text] {
        return None;
    }
    Some(
        fields
            .into_iter()
            .map(|f| Arg {
                text: f.to_string(),
                ..Arg::default()
            })
            .collect(),
    )
}
