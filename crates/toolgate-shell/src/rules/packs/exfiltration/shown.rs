//! Credentials printed where the agent reads them (`TG-EXFIL-CREDENTIAL-READ`): what a
//! command prints reaches the conversation, and with it the model's provider and its logs. A
//! credential file of the home directory ([`kept_from_model`]) read by a program that prints
//! what it reads ([`FILE_PRINTERS`]), carried through printers (`cat key | base64`,
//! `echo "$(cat key)"`), and not sent to a file, a substitution or a program that keeps it
//! (`| docker login --password-stdin`, `| wc -c`) is shown; so is what inline code that
//! names one prints (`python -c "print(open('/home/me/.netrc').read())"`), and a service's
//! credential variable echoed or printed by name (`echo $OPENAI_API_KEY`, `printenv
//! GITHUB_TOKEN`: the `environment` source). A credential copied, linked, moved, archived or
//! printed into a file that is no credential (`cp ~/.ssh/id_rsa key`, `tar czf k.tgz
//! ~/.ssh`) is shown too: the agent reads it from there in a later call
//! (`flows::credentials_copied`).

use std::ops::Range;
use std::path::Path;

use toolgate_core::path_class::SecretSource;
use toolgate_core::path_class::secrets::{is_kept_from_model, kept_from_model};

use super::super::{Seen, View};
use super::flows::{
    Carried, MAX_READ_VARIABLES, READERS_INTO_VARIABLES, Secrets, credential_variables_used,
    in_directory, opaque, prints_environment,
};
use crate::facts::paths::{aimed_class, changed_directory, tilde_home};
use crate::knowledge::exfiltration::{
    FILE_PRINTERS, LINE_LOOP_PRINTERS, OPTION_PRINTERS, OptionPrinter, PRINTER_WRITE_OPTIONS,
    STREAM_PRINTERS, TREE_SEARCHERS, WORD_PRINTERS,
};
use crate::knowledge::secret_variables::SECRET_VARIABLES;
use crate::model::{CommandAnalysis, CommandContext, SimpleCommand};
use crate::syntax::words::{expands_value_of, uses_variable};

/// The rule the engine reports for credentials a command shows.
pub const CREDENTIAL_READ: &str = "TG-EXFIL-CREDENTIAL-READ";

/// Marks of a command run inside a substitution: the shell takes its output.
const SUBSTITUTIONS: &[&str] = &["$(…)", "`…`", "<(…)", ">(…)"];

/// How a program passes on what it reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Printer {
    /// Its file operands and its stdin.
    Files,
    /// Its stdin only.
    Stream,
    /// Its words.
    Words,
    /// The files given to its input options ([`OPTION_PRINTERS`]).
    Options(&'static OptionPrinter),
}

fn printer(cmd: &SimpleCommand) -> Option<Printer> {
    let program = cmd.program_lower();
    let program = &*program;
    let line_loop = LINE_LOOP_PRINTERS
        .iter()
        .any(|(name, loops)| *name == program && loops.iter().any(|o| cmd.flags.contains(o)));
    if line_loop {
        return (!cmd.flags.contains("in-place")).then_some(Printer::Files);
    }
    if let Some(p) = OPTION_PRINTERS.iter().find(|p| p.program == program) {
        let view = View::read(cmd, None);
        let reads = view.values(p.input).next().is_some();
        return (reads && !view.has(p.quiet)).then_some(Printer::Options(p));
    }
    if FILE_PRINTERS.contains(&program) {
        let writes = PRINTER_WRITE_OPTIONS
            .iter()
            .filter(|(name, _)| *name == program)
            .any(|(_, options)| options.iter().any(|o| cmd.flags.contains(o)));
        // `uniq IN OUT` writes its second operand.
        let uniq_writes = program == "uniq" && cmd.operands.len() > 1;
        return (!writes && !uniq_writes && !opaque(cmd)).then_some(Printer::Files);
    }
    if STREAM_PRINTERS.contains(&program) {
        return Some(Printer::Stream);
    }
    WORD_PRINTERS.contains(&program).then_some(Printer::Words)
}

/// The files `cmd` gives to `p`'s input options (`-in FILE`).
fn option_inputs(cmd: &SimpleCommand, p: &OptionPrinter) -> Vec<String> {
    let view = View::read(cmd, None);
    view.values(p.input).map(str::to_string).collect()
}

/// The kinds of credential `analysis` prints where the agent reads them, each once.
pub fn credentials_shown(analysis: &CommandAnalysis, cx: &CommandContext) -> Vec<SecretSource> {
    let commands = &analysis.commands;
    // Most command strings print no credential: nothing is read unless a printer is given a
    // file.
    let reads_a_file = commands.iter().any(|c| {
        let program = c.program_lower();
        let echoes_a_credential =
            WORD_PRINTERS.contains(&&*program) && echoes_a_credential_variable(c);
        if echoes_a_credential || prints_a_credential_variable(c) {
            return true;
        }
        let printer = (!c.operands.is_empty() || c.stdin_file.is_some() || c.args_from_input)
            && (FILE_PRINTERS.contains(&&*program)
                || matches!(printer(c), Some(Printer::Files | Printer::Options(_))));
        let code = c
            .inline_network
            .as_ref()
            .is_some_and(|n| !n.reads.is_empty());
        printer
            || code
            || (c.stdin_file.is_some() && READERS_INTO_VARIABLES.contains(&&*program))
            || (c.stdin_from.is_some() && SEARCHERS.contains(&&*program))
    });
    // A credential put into a file the agent reads later (`cp ~/.ssh/id_rsa key`).
    let copied = super::flows::credentials_copied(analysis, cx);
    if !reads_a_file {
        return copied.iter().collect();
    }
    let taken = taken_outputs(analysis);
    let mut carried = Carried::with_capacity(commands.len());
    let mut shown = copied;
    // Variables `read` set from a stdin that carries a credential (`while read l; do echo
    // "$l"; done < <(cat ~/.netrc)`).
    let mut read_variables: Vec<(String, Secrets)> = Vec::new();
    for (i, cmd) in commands.iter().enumerate() {
        let mut here = Secrets::default();
        match printer(cmd) {
            Some(Printer::Files) => {
                if searches_environment_for_secrets(analysis, cmd) {
                    here.add(SecretSource::ProcessEnvironment);
                }
                let dir = changed_directory(analysis, i);
                here.0 |= read_by(cmd, dir.as_deref(), cx).0;
                here.0 |= carried.over(&cmd.stdin_from).0;
            }
            Some(Printer::Stream) => here.0 |= carried.over(&cmd.stdin_from).0,
            Some(Printer::Options(p)) => {
                let dir = changed_directory(analysis, i);
                for f in option_inputs(cmd, p) {
                    here.extend(credential_at(&f, dir.as_deref(), cx));
                }
            }
            Some(Printer::Words) => {
                // A service's credential variable (`echo $OPENAI_API_KEY`; not its length or
                // a short prefix, `${#OPENAI_API_KEY}`, `${OPENAI_API_KEY:0:4}`).
                if echoes_a_credential_variable(cmd) {
                    here.add(SecretSource::ProcessEnvironment);
                }
                for r in &cmd.words_from {
                    here.0 |= carried.over(&Some(r.clone())).0;
                }
                for (name, secrets) in &read_variables {
                    if cmd.args.iter().any(|a| uses_variable(a, name)) {
                        here.0 |= secrets.0;
                    }
                }
            }
            None if prints_a_credential_variable(cmd) => here.add(SecretSource::ProcessEnvironment),
            None => {
                // Inline code that names a credential file (`python -c "print(open(…).read())"`):
                // what it prints is taken as what it read.
                if let Some(n) = &cmd.inline_network {
                    for source in n.reads.iter().filter(|s| is_kept_from_model(**s)) {
                        here.add(*source);
                    }
                }
                let program = cmd.program_lower();
                if READERS_INTO_VARIABLES.contains(&&*program) {
                    let mut secrets = carried.over(&cmd.stdin_from);
                    if let Some(f) = &cmd.stdin_file {
                        secrets.0 |= read_by_path(f, cx).0;
                    }
                    if !secrets.is_empty() {
                        // Without names, `read` sets REPLY and `mapfile` MAPFILE.
                        let default = if program == "read" {
                            "REPLY"
                        } else {
                            "MAPFILE"
                        };
                        let names = cmd.operands.iter().map(String::as_str);
                        let names: Vec<&str> = if cmd.operands.is_empty() {
                            vec![default]
                        } else {
                            names.collect()
                        };
                        for name in names {
                            if read_variables.len() < MAX_READ_VARIABLES {
                                read_variables.push((name.to_string(), secrets));
                            }
                        }
                    }
                }
            }
        }
        let substituted = cmd.via.iter().any(|v| SUBSTITUTIONS.contains(&v.as_str()));
        if !taken[i] && !substituted && !cmd.stdout_redirected {
            shown.0 |= here.0;
        }
        carried.push(here);
    }
    shown.iter().collect()
}

/// Whether `cmd`'s words expand a service's credential variable to its value.
fn echoes_a_credential_variable(cmd: &SimpleCommand) -> bool {
    credential_variables_used(cmd) != 0
        && cmd.args.iter().filter(|a| a.contains('$')).any(|a| {
            SECRET_VARIABLES
                .iter()
                .flat_map(|v| v.names.iter())
                .any(|n| expands_value_of(a, n))
        })
}

/// Searchers whose first operand is the pattern.
const SEARCHERS: &[&str] = &["grep", "egrep", "fgrep", "rg", "ag", "ack"];

/// Words of a search pattern that ask for credentials (`env | grep -i token`).
const SECRET_WORDS: &[&str] = &["key", "token", "secret", "pass", "cred", "auth"];

/// `env | grep -i token`, `printenv | rg SECRET`: the environment searched for credentials
/// (every variable whose name or value matches, values printed).
fn searches_environment_for_secrets(analysis: &CommandAnalysis, cmd: &SimpleCommand) -> bool {
    if !SEARCHERS.contains(&&*cmd.program_lower()) {
        return false;
    }
    let Some(range) = &cmd.stdin_from else {
        return false;
    };
    let dumped = analysis
        .commands
        .get(range.clone())
        .is_some_and(|feed| feed.iter().any(prints_environment));
    let pattern = cmd.operands.first().map(|p| p.to_ascii_lowercase());
    dumped && pattern.is_some_and(|p| SECRET_WORDS.iter().any(|w| p.contains(w)))
}

/// `printenv OPENAI_API_KEY`: a service's credential variable printed by name.
fn prints_a_credential_variable(cmd: &SimpleCommand) -> bool {
    cmd.program_lower() == "printenv"
        && cmd.operands.iter().any(|o| {
            SECRET_VARIABLES
                .iter()
                .any(|v| v.names.contains(&o.as_str()))
        })
}

/// The credential `path` is, if any (a loop's `done < ~/.netrc`).
fn read_by_path(path: &str, cx: &CommandContext) -> Secrets {
    let mut out = Secrets::default();
    if let Some(source) = kept_from_model(path, cx.cwd(), cx.home) {
        out.add(source);
    }
    out
}

/// The credential `path` (in `dir`, when given) is aimed at, globs included (`~/.ssh/*`).
fn credential_at(path: &str, dir: Option<&str>, cx: &CommandContext) -> Option<SecretSource> {
    aimed_class(
        &in_directory(path, dir),
        |p| kept_from_model(p, cx.cwd(), cx.home),
        |s| s.info().patterns,
    )
}

/// Whether a content search of `dir` for the files matching `glob` shows a credential (a
/// search tool's file filter: `**/credentials`, `*.{json,yml}`; a glob without `/` names
/// files at any depth), when the glob is aimed at one as a shell glob would be (`*.rs` is
/// not). A glob of too many alternatives is taken to show one.
pub fn credential_searched(dir: &str, glob: &str, cwd: Option<&Path>, home: Option<&Path>) -> bool {
    let Ok(globs) = crate::syntax::braces::expand(glob) else {
        return true;
    };
    globs
        .iter()
        .any(|g| credential_below(dir, g, cwd, home).is_some())
}

/// The credential a content search of the files below `dir` matching the brace-free `glob`
/// shows, if one is there.
fn credential_below(
    dir: &str,
    glob: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> Option<SecretSource> {
    let dir = dir.trim_end_matches('/');
    let dir = if dir.is_empty() { "/" } else { dir };
    let g = glob.trim_start_matches("./");
    let path = if g.contains('/') {
        format!("{dir}/{g}")
    } else {
        format!("{dir}/**/{g}")
    };
    aimed_class(
        &tilde_home(&path),
        |p| kept_from_model(p, cwd, home),
        |s| s.info().patterns,
    )
}

/// A home credential at or below `dir` (`~`, `~/.config`, `/`): what a content search of
/// every file there shows when a line of it matches.
pub fn credential_in_tree(
    dir: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> Option<SecretSource> {
    toolgate_core::path_class::secrets::home_credential_below(&tilde_home(dir), cwd, home)
}

/// Whether `cmd` prints lines of the files below the directories it is given
/// ([`TREE_SEARCHERS`]).
fn searches_trees(cmd: &SimpleCommand) -> bool {
    let program = cmd.program_lower();
    TREE_SEARCHERS
        .iter()
        .find(|(name, _)| *name == program)
        .is_some_and(|(_, flags)| flags.is_empty() || flags.iter().any(|f| cmd.flags.contains(f)))
}

/// The credentials `cmd` (a file printer) reads from its operands, its stdin file, and the
/// roots of the paths it is given at run time (`find ~/.ssh -type f -exec cat {} +`).
fn read_by(cmd: &SimpleCommand, dir: Option<&str>, cx: &CommandContext) -> Secrets {
    let mut out = Secrets::default();
    let mut add = |path: &str| {
        if let Some(source) = credential_at(path, dir, cx) {
            out.add(source);
        }
    };
    // `{}` (find -exec), a loop's variable (`for f in ~/.ssh/*; do cat "$f"`) and arguments
    // from input (`| xargs cat`) stand for paths at or under the input roots.
    let mut listed = cmd.args_from_input;
    for operand in &cmd.operands {
        if operand.contains("{}") || (operand.contains('$') && !cmd.input_roots.is_empty()) {
            listed = true;
            // `xargs -I{} cat ~/.ssh/{}`: whatever the input, a file of that directory.
            add(&operand.replace("{}", "*"));
        } else if !operand.contains("://") {
            add(operand);
        }
    }
    if let Some(f) = &cmd.stdin_file {
        add(f);
    }
    if listed {
        for root in &cmd.input_roots {
            add(root);
        }
    }
    // `grep -r token ~`: every file below a directory searched, its credentials among them.
    if searches_trees(cmd) {
        for operand in cmd.operands.iter().filter(|o| !o.contains("://")) {
            let path = in_directory(operand, dir);
            if let Some(source) = credential_in_tree(&path, cx.cwd(), cx.home) {
                out.add(source);
            }
        }
    }
    out
}

/// Per command, whether a later command takes its output: its stdin (`| cmd`) or its words
/// (`$(…)` and the variables set from one). Computed with one running sum over the ranges.
fn taken_outputs(analysis: &CommandAnalysis) -> Vec<bool> {
    let n = analysis.commands.len();
    let mut diff = vec![0i64; n + 1];
    let mut mark = |r: &std::ops::Range<usize>| {
        let end = r.end.min(n);
        let start = r.start.min(end);
        diff[start] += 1;
        diff[end] -= 1;
    };
    for c in &analysis.commands {
        if let Some(r) = &c.stdin_from {
            mark(r);
        }
        for r in &c.words_from {
            mark(r);
        }
    }
    let mut running = 0i64;
    diff[..n]
        .iter()
        .map(|d| {
            running += d;
            running > 0
        })
        .collect()
}

/// Whether what command `seen` prints reaches the agent's terminal: not sent to a file or
/// taken by a substitution, and, when piped on, only through printers (`| base64`, `| jq`)
/// or the words of `echo` (`echo "$(gh auth token)"`) that print it in turn.
pub(crate) fn shown_to_terminal(seen: &Seen<'_>) -> bool {
    seen.terminal
        .get_or_init(|| reaching_terminal(seen.analysis))
        .get(seen.index)
        .copied()
        .unwrap_or(false)
}

/// `kubectl get secret NAME -o yaml|json|jsonpath=…|go-template=…`: the values, base64 (the
/// default table and `-o name` show names only), to the terminal.
pub(crate) fn secret_values_shown(seen: &Seen<'_>) -> bool {
    prints_secret_values(seen.view) && shown_to_terminal(seen)
}

/// Whether `kubectl get secret` prints the values (`-o yaml|json|jsonpath=…`), not names.
pub(crate) fn prints_secret_values(view: &super::super::View) -> bool {
    view.opts
        .iter()
        .filter(|o| matches!(&*o.name, "-o" | "--output"))
        .filter_map(|o| o.value.as_deref())
        .any(|v| {
            let format = v.split('=').next().unwrap_or(v).to_ascii_lowercase();
            matches!(
                format.as_str(),
                "yaml" | "json" | "jsonpath" | "jsonpath-as-json" | "go-template" | "template"
            )
        })
}

/// Per command, whether its output reaches the terminal. One pass from the last command back
/// (a command's output only goes to later commands): a command reaches it when it is not
/// redirected and either nothing takes its output, or a later printer that reaches it takes it
/// (through the channel that printer prints). The ranges of the printers that reach it are
/// counted in a Fenwick tree, so the pass is O((n + ranges) log n) whatever the nesting.
fn reaching_terminal(analysis: &CommandAnalysis) -> Vec<bool> {
    let n = analysis.commands.len();
    let taken = taken_outputs(analysis);
    let mut passed_on = Fenwick::new(n);
    let mut reach = vec![false; n];
    for (j, cmd) in analysis.commands.iter().enumerate().rev() {
        let substituted = cmd.via.iter().any(|v| SUBSTITUTIONS.contains(&v.as_str()));
        reach[j] = !cmd.stdout_redirected && (passed_on.covers(j) || (!taken[j] && !substituted));
        if !reach[j] {
            continue;
        }
        let ranges: Vec<&Range<usize>> = match printer(cmd) {
            Some(Printer::Files | Printer::Stream) => cmd.stdin_from.iter().collect(),
            Some(Printer::Words) => cmd.words_from.iter().collect(),
            Some(Printer::Options(_)) | None => Vec::new(),
        };
        for r in ranges {
            // Only earlier commands feed this one.
            passed_on.add(r.start.min(j), r.end.min(j));
        }
    }
    reach
}

/// Ranges of indices added, and whether an index lies in any of them (a Fenwick tree over the
/// differences).
struct Fenwick(Vec<i64>);

impl Fenwick {
    fn new(n: usize) -> Fenwick {
        Fenwick(vec![0; n + 1])
    }

    fn bump(&mut self, at: usize, by: i64) {
        let mut i = at + 1;
        while i < self.0.len() {
            self.0[i] += by;
            i += i & i.wrapping_neg();
        }
    }

    /// Adds `start..end`.
    fn add(&mut self, start: usize, end: usize) {
        if start < end {
            self.bump(start, 1);
            self.bump(end, -1);
        }
    }

    /// Whether `at` lies in a range added.
    fn covers(&self, at: usize) -> bool {
        let (mut i, mut sum) = (at + 1, 0);
        while i > 0 {
            sum += self.0[i];
            i -= i & i.wrapping_neg();
        }
        sum > 0
    }
}
