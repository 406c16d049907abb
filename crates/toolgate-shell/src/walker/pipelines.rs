//! What one pipeline element hands the next: the paths `find` lists (for `xargs` and
//! filters after it) and the text a producer writes to the pipe.

use std::ops::Range;

use super::{Scope, Walker, downloads};
use crate::model::{SimpleCommand, Stdin};

impl Walker {
    /// `find ROOT … | [grep … |] xargs rm`: the arguments a later element reads from input are
    /// the paths find lists, at or under its start paths (as `find … -exec rm {} +`).
    pub(super) fn paths_from_find(&mut self, ranges: &[Range<usize>], scope: &Scope) {
        // The roots of what the element before writes: `Some(None)` for a find whose start
        // paths are only known at run time.
        let mut listed: Option<Option<Vec<String>>> = None;
        for range in ranges {
            let commands = &mut self.out.commands[range.clone()];
            if let Some(roots) = &listed {
                // Commands a shell built from a template it read (`find -printf 'rm %p\n' |
                // sh`) were rooted by `stdin_script`: their `{}` are the items, the text
                // around them is the command's own.
                let from_template = |c: &SimpleCommand| {
                    c.via
                        .get(scope.via.len())
                        .is_some_and(|label| label.ends_with(" <<…"))
                };
                for c in commands
                    .iter_mut()
                    .filter(|c| c.args_from_input && !from_template(c))
                {
                    crate::facts::find::from_tree(c, roots.clone());
                }
            }
            // What the element writes is known only when one command writes it: `{ echo /;
            // find .; }` writes `/` too.
            let mut level = commands.iter().filter(|c| c.via == scope.via);
            let producer = match (level.next(), level.next()) {
                (Some(one), None) => Some(one),
                _ => None,
            };
            listed = match producer {
                // Whole paths are under the start paths; parts of one (`-printf %f`) and
                // what `-exec` prints may be anywhere.
                Some(c) if c.program_lower() == "find" => {
                    crate::facts::pipes::find_listing_roots(c).or(Some(None))
                }
                // `ls` of the working directory's names (`ls -t | tail -n +6 | xargs rm`).
                Some(c) if crate::facts::pipes::ls_listing_roots(c).is_some() => {
                    crate::facts::pipes::ls_listing_roots(c).map(Some)
                }
                // Filters that pass paths through unchanged (a matching grep, a head or an
                // awk pattern keeps some of them).
                Some(c) if crate::facts::pipes::passes_lines(c) => listed
                    .take()
                    .map(|roots| crate::facts::pipes::narrowed(c, roots)),
                _ => None,
            };
        }
    }

    /// What the pipeline element whose commands are `range` writes to its stdout. `simple`:
    /// the element is one simple command (not `{ …; }`, a subshell or a loop); `input`: the
    /// pipe it reads.
    pub(super) fn pipe_output(
        &self,
        range: &Range<usize>,
        simple: bool,
        input: Option<&Stdin>,
        scope: &Scope,
    ) -> Stdin {
        use crate::facts::pipes::producer_output;
        let commands = &self.out.commands[range.clone()];
        let downloads = commands.iter().any(downloads);
        let unknown = producer_output(&SimpleCommand::default(), None, downloads);
        // A simple command's own redirect or heredoc is recorded at the last command it
        // emitted (what `xargs` runs comes after `xargs`).
        let own_stdin = |from: usize, to: usize| {
            self.stdins
                .iter()
                .rev()
                .find(|(i, _)| (from..to).contains(i))
                .map(|(_, s)| s)
        };
        let output = if simple {
            // The producer is the element's own command, or what `xargs` runs; commands
            // nested deeper (awk's `system()` strings, `$(…)`) write elsewhere or first.
            let level = |c: &SimpleCommand| c.via == scope.via;
            match commands.iter().rposition(level) {
                Some(p) => {
                    let top = &commands[p];
                    let reads = own_stdin(range.start + p, range.end).or(input);
                    let last = commands.len() - 1;
                    let nested_after = commands[p + 1..]
                        .iter()
                        .all(|c| c.via.len() > scope.via.len() && c.via.starts_with(&scope.via));
                    if p == last {
                        producer_output(top, reads, downloads)
                    } else if top.program_lower() == "xargs"
                        && commands[last].via.len() == scope.via.len() + 1
                        && commands[last].via.starts_with(&scope.via)
                        && commands[last].via.last().is_some_and(|v| v == "xargs")
                    {
                        producer_output(&commands[last], reads, downloads)
                    } else if nested_after
                        && crate::knowledge::interpreters::is_awk(&top.program_lower())
                    {
                        producer_output(top, reads, downloads)
                    } else {
                        unknown.clone()
                    }
                }
                None => unknown.clone(),
            }
        } else {
            // `{ echo a; echo b; } | sh`: every command of the element writes to the pipe.
            let mut text = String::new();
            let mut known = true;
            for (i, c) in commands.iter().enumerate() {
                if c.via != scope.via {
                    continue;
                }
                let at = range.start + i;
                let out = producer_output(c, own_stdin(at, at + 1), downloads);
                if out.dynamic || out.template || out.from_download {
                    known = false;
                    break;
                }
                text.push_str(&out.text);
                text.push('\n');
            }
            match known {
                true => Stdin {
                    text,
                    dynamic: false,
                    ..unknown.clone()
                },
                false => unknown.clone(),
            }
        };
        // File names and contents are data only as the command found them: anything run
        // before may have written them (`touch 'x; rm -rf ~'; find . -printf 'ls %p\n' | sh`).
        if (output.template || output.data) && !self.nothing_written_before(range.start) {
            return unknown;
        }
        output
    }

    /// Whether the commands before index `end` certainly write no file (`cd`, `find`
    /// listing, filters …).
    fn nothing_written_before(&self, end: usize) -> bool {
        self.out.commands[..end]
            .iter()
            .all(crate::facts::pipes::writes_no_file)
    }
}
