//! What a command does to the shell's variables: `export HTTPS_PROXY=…`, `declare -x`,
//! `local`, `readonly` give values; `unset`, `read`, `mapfile`, `getopts`, `printf -v`, `let`
//! and a nameref (`declare -n`) leave values known only at run time. The walker keeps them
//! (`walker::variables`) for the words and the environment of later commands.

use crate::SimpleCommand;
use crate::knowledge::specs::launchers::SH;
use crate::knowledge::specs::{DECLARE, MAPFILE, PRINTF, READ};
use crate::options::{args_of, read_grammar, read_permuted};
use crate::syntax::arith::assigned_names;

/// One change a command makes to a variable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct VariableChange<'c> {
    /// The variable.
    pub(crate) name: &'c str,
    /// The value it is given; `None`: no value known (unset, read, a nameref's target).
    pub(crate) value: Option<&'c str>,
    /// It becomes the running function's own (`local`, `declare` in a function), ended with
    /// the function.
    pub(crate) local: bool,
}

/// The `NAME=value` operands of a declaration builtin (`export`, `declare -x`, `typeset`,
/// `readonly`, `local`), read with their spec: their options take no value.
pub(crate) fn assignments(cmd: &SimpleCommand) -> Vec<(&str, &str)> {
    let (_, operands) = read_permuted(&args_of(cmd, 0), 0, &DECLARE);
    operands
        .into_iter()
        .filter_map(|i| cmd.args.get(i)?.split_once('='))
        .collect()
}

/// The changes `cmd` makes to the shell's variables, run in a function's body or not
/// (`local` and `declare` make the function's own variables; `local` outside one fails).
pub(crate) fn changes(cmd: &SimpleCommand, in_function: bool) -> Vec<VariableChange<'_>> {
    let program = cmd.program_lower();
    match &*program {
        "export" | "declare" | "typeset" | "readonly" | "local" => {
            declarations(cmd, &program, in_function)
        }
        "unset" => {
            let (opts, operands) = read_permuted(&args_of(cmd, 0), 0, &DECLARE);
            if opts.iter().any(|o| o.name == "-f") {
                return Vec::new();
            }
            forgotten(cmd, operands)
        }
        "read" => {
            let (opts, operands) = read_permuted(&args_of(cmd, 0), 0, &READ);
            let arrays = opts
                .iter()
                .filter(|o| o.name == "-a")
                .filter_map(|o| o.value.as_deref())
                .filter_map(|v| cmd.args.iter().position(|a| a == v));
            let mut out = forgotten(cmd, operands.into_iter().chain(arrays).collect());
            if out.is_empty() {
                out.push(unknown("REPLY"));
            }
            out
        }
        "mapfile" | "readarray" => {
            let (_, operands) = read_permuted(&args_of(cmd, 0), 0, &MAPFILE);
            let mut out = forgotten(cmd, operands);
            out.push(unknown("MAPFILE"));
            out
        }
        "getopts" => {
            let mut out = forgotten(cmd, vec![1]);
            out.extend([unknown("OPTARG"), unknown("OPTIND")]);
            out
        }
        "printf" => {
            let (opts, _) = read_permuted(&args_of(cmd, 0), 0, &PRINTF);
            let names = opts
                .iter()
                .filter(|o| o.name == "-v")
                .filter_map(|o| o.value.as_deref())
                .filter_map(|v| cmd.args.iter().position(|a| a == v))
                .collect();
            forgotten(cmd, names)
        }
        // `let d=EXPR`, `let d++`: arithmetic, only known at run time.
        "let" => {
            let mut out: Vec<VariableChange<'_>> = Vec::new();
            for name in cmd.args.iter().flat_map(|a| assigned_names(a)) {
                if !out.iter().any(|c| c.name == name) {
                    out.push(VariableChange {
                        name,
                        value: None,
                        local: false,
                    });
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

/// The variables `cmd` exports (`true`: `export d`, `export d=x`, `declare -x d`) or
/// stops exporting (`false`: `export -n d`); the values it gives are in [`changes`].
pub(crate) fn exports(cmd: &SimpleCommand) -> Vec<(&str, bool)> {
    let program = cmd.program_lower();
    if !matches!(&*program, "export" | "declare" | "typeset") {
        return Vec::new();
    }
    let (opts, operands) = read_permuted(&args_of(cmd, 0), 0, &DECLARE);
    let has = |flag: &str| opts.iter().any(|o| o.name == flag);
    if has("-f") || has("-F") || has("-p") || (program != "export" && !has("-x")) {
        return Vec::new();
    }
    let exported = !(program == "export" && has("-n"));
    operands
        .into_iter()
        .filter_map(|i| cmd.args.get(i))
        .map(|w| w.split_once('=').map_or(w.as_str(), |(n, _)| n))
        .filter(|n| is_name(n))
        .map(|n| (n, exported))
        .collect()
}

/// What `set` does to `allexport`: `Some(true)` for `set -a` / `set -o allexport`,
/// `Some(false)` for `set +a` / `set +o allexport`, the last one given; `None`: no change.
pub(crate) fn all_export(cmd: &SimpleCommand) -> Option<bool> {
    if cmd.program_lower() != "set" {
        return None;
    }
    let reading = read_grammar(&args_of(cmd, 0), 0, &SH);
    let mut out = None;
    for o in &reading.opts {
        match (&*o.name, o.value.as_deref()) {
            ("-a", _) | ("-o", Some("allexport")) => out = Some(true),
            ("+a", _) | ("+o", Some("allexport")) => out = Some(false),
            _ => {}
        }
    }
    out
}

/// The changes of a declaration builtin (`program`, lower case).
fn declarations<'c>(
    cmd: &'c SimpleCommand,
    program: &str,
    in_function: bool,
) -> Vec<VariableChange<'c>> {
    let (opts, operands) = read_permuted(&args_of(cmd, 0), 0, &DECLARE);
    let has = |flag: &str| opts.iter().any(|o| o.name == flag);
    // Functions (`-f`, `-F`), not variables; `-p` prints.
    if has("-f") || has("-F") || has("-p") {
        return Vec::new();
    }
    let declares = matches!(program, "declare" | "typeset" | "local");
    let local = declares && in_function && !has("-g");
    // A nameref (`-n`), an integer (`-i`) or a case change (`-l`, `-u`, `-c`) makes the value
    // other than its text; `local` outside a function sets nothing (and the walker may not
    // see the function it is in).
    let not_its_text = ["-n", "-i", "-l", "-u", "-c"].iter().any(|f| has(f))
        || (program == "local" && !in_function);
    let mut out = Vec::new();
    for i in operands {
        let Some(word) = cmd.args.get(i) else {
            continue;
        };
        let (name, value) = match word.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (word.as_str(), None),
        };
        // A bare name keeps its value, but a new local one starts unset.
        if !is_name(name) || (value.is_none() && !local && !not_its_text) {
            continue;
        }
        out.push(VariableChange {
            name,
            value: value.filter(|_| !not_its_text),
            local,
        });
    }
    out
}

/// The variables named by the arguments at `indices`, each left without a known value.
fn forgotten(cmd: &SimpleCommand, indices: Vec<usize>) -> Vec<VariableChange<'_>> {
    indices
        .into_iter()
        .filter_map(|i| cmd.args.get(i))
        .filter(|n| is_name(n))
        .map(|name| VariableChange {
            name,
            value: None,
            local: false,
        })
        .collect()
}

/// A variable the shell sets itself (`REPLY`, `OPTARG`), left without a known value.
fn unknown(name: &'static str) -> VariableChange<'static> {
    VariableChange {
        name,
        value: None,
        local: false,
    }
}

fn is_name(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with(|c: char| c.is_ascii_digit())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(words: &[&str]) -> SimpleCommand {
        SimpleCommand {
            program: words[0].into(),
            args: words[1..].iter().map(|a| a.to_string()).collect(),
            ..SimpleCommand::default()
        }
    }

    fn read(words: &[&str], in_function: bool) -> Vec<(String, Option<String>, bool)> {
        changes(&cmd(words), in_function)
            .into_iter()
            .map(|v| (v.name.to_string(), v.value.map(str::to_string), v.local))
            .collect()
    }

    fn set(name: &str, value: &str, local: bool) -> (String, Option<String>, bool) {
        (name.to_string(), Some(value.to_string()), local)
    }

    fn ended(name: &str, local: bool) -> (String, Option<String>, bool) {
        (name.to_string(), None, local)
    }

    #[test]
    fn options_are_no_assignments() {
        let c = cmd(&["declare", "-x", "A=1", "-r", "--", "-B=2", "C"]);
        assert_eq!(assignments(&c), [("A", "1"), ("-B", "2")]);
        assert_eq!(
            read(&["declare", "-x", "A=1", "-r", "--", "-B=2", "C"], false),
            [set("A", "1", false)]
        );
    }

    #[test]
    fn builtins_that_end_what_was_known() {
        assert_eq!(
            read(&["unset", "-v", "a", "b"], false),
            [ended("a", false), ended("b", false)]
        );
        assert!(read(&["unset", "-f", "a"], false).is_empty());
        assert_eq!(
            read(&["read", "-r", "-p", "x", "d"], false),
            [ended("d", false)]
        );
        assert_eq!(read(&["read", "-a", "arr"], false), [ended("arr", false)]);
        assert_eq!(read(&["read"], false), [ended("REPLY", false)]);
        assert_eq!(
            read(&["printf", "-v", "d", "%s", "x"], false),
            [ended("d", false)]
        );
        assert_eq!(read(&["declare", "-n", "d=x"], false), [ended("d", false)]);
        assert_eq!(read(&["local", "d=x"], false), [ended("d", false)]);
        assert_eq!(read(&["getopts", "ab", "o"], false)[0], ended("o", false));
        assert_eq!(read(&["let", "d=1+2"], false), [ended("d", false)]);
        assert_eq!(
            read(&["let", "d++", "e += 1", "f == 2"], false),
            [ended("d", false), ended("e", false)]
        );
        assert_eq!(
            read(&["mapfile", "-t", "-C", "cb", "lines"], false)[0],
            ended("lines", false)
        );
    }

    #[test]
    fn exports_and_allexport() {
        assert_eq!(
            exports(&cmd(&["export", "a=1", "b"])),
            [("a", true), ("b", true)]
        );
        assert_eq!(exports(&cmd(&["export", "-n", "a"])), [("a", false)]);
        assert_eq!(exports(&cmd(&["declare", "-x", "a=1"])), [("a", true)]);
        assert!(exports(&cmd(&["declare", "a=1"])).is_empty());
        assert!(exports(&cmd(&["export", "-f", "a"])).is_empty());
        assert_eq!(all_export(&cmd(&["set", "-a"])), Some(true));
        assert_eq!(all_export(&cmd(&["set", "-ea"])), Some(true));
        assert_eq!(all_export(&cmd(&["set", "-o", "allexport"])), Some(true));
        assert_eq!(all_export(&cmd(&["set", "+a"])), Some(false));
        assert_eq!(all_export(&cmd(&["set", "+o", "allexport"])), Some(false));
        assert_eq!(all_export(&cmd(&["set", "-e"])), None);
        assert_eq!(all_export(&cmd(&["echo", "-a"])), None);
    }

    #[test]
    fn declarations_in_a_function_are_its_own() {
        assert_eq!(
            read(&["local", "d=x", "e"], true),
            [set("d", "x", true), ended("e", true)]
        );
        assert_eq!(read(&["declare", "d=x"], true), [set("d", "x", true)]);
        assert_eq!(
            read(&["declare", "-g", "d=x"], true),
            [set("d", "x", false)]
        );
        assert_eq!(read(&["export", "d=x"], true), [set("d", "x", false)]);
        assert!(read(&["declare", "d"], false).is_empty());
        assert!(read(&["export", "d"], true).is_empty());
    }
}
