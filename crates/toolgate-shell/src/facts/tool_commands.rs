//! Command lines developer tools run besides themselves: `cargo watch -s CMD` (and `-x
//! SUBCOMMAND`, a cargo command), every operand of `concurrently`, `man -P PAGER`, and the
//! program Maven's `exec:exec` goal runs (`-Dexec.executable=… -Dexec.args=…`).

use crate::facts::launched::quote_argv;
use crate::knowledge::specs::{CARGO_WATCH, CONCURRENTLY, MAN, MAVEN, MAVEN_EXEC_PLUGINS};
use crate::model::SimpleCommand;
use crate::options::{Scan, Value, args_of};

/// The command lines `cmd` (of `program`) runs, each with its label.
pub(crate) fn tool_scripts(
    cmd: &SimpleCommand,
    program: &str,
    out: &mut Vec<(&'static str, String)>,
) {
    match program {
        "cargo" => cargo_watch(cmd, out),
        "concurrently" => {
            let scan = Scan::read(&args_of(cmd, 0), &CONCURRENTLY, false);
            for operand in &scan.operands {
                out.push(("concurrently", operand.text.clone()));
            }
        }
        "man" => {
            let scan = Scan::read(&args_of(cmd, 0), &MAN, false);
            for pager in scan.values(&["-P", "--pager"]) {
                out.push(("man -P", pager.text.clone()));
            }
        }
        "mvn" | "mvnw" | "mvnd" => maven_exec(cmd, out),
        _ => {}
    }
}

/// `mvn exec:exec -Dexec.executable=PROGRAM -Dexec.args="ARGS"`: Maven runs the program
/// with the arguments (split as a shell splits them, no shell run; read as a command line,
/// which sees at least as much).
fn maven_exec(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    let scan = Scan::read(&args_of(cmd, 0), &MAVEN, false);
    let runs_exec = scan.operands.iter().any(|goal| {
        let goal = goal.text.split('@').next().unwrap_or_default();
        goal.rsplit_once(':').is_some_and(|(plugin, name)| {
            name == "exec"
                && MAVEN_EXEC_PLUGINS.iter().any(|p| {
                    plugin == *p || plugin.strip_prefix(p).is_some_and(|v| v.starts_with(':'))
                })
        })
    });
    if !runs_exec {
        return;
    }
    // A property's value, with the run-time marks of the word that sets it.
    let property = |name: &str| {
        scan.values(&["-D", "--define"])
            .filter_map(|v| {
                let (key, value) = v.text.split_once('=')?;
                (key == name).then(|| Value {
                    text: value.to_string(),
                    ..v.clone()
                })
            })
            .last()
    };
    if let Some(program) = property("exec.executable") {
        let quoted = quote_argv(std::slice::from_ref(&program));
        let line = match property("exec.args") {
            Some(args) => format!("{quoted} {}", args.text),
            None => quoted,
        };
        out.push(("mvn exec:exec", line));
    }
}

/// `cargo watch [OPTIONS]`: `-s CMD` is a shell command, `-x SUB` runs `cargo SUB`.
fn cargo_watch(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    if cmd.args.first().map(String::as_str) != Some("watch") {
        return;
    }
    let scan = Scan::read(&args_of(cmd, 1), &CARGO_WATCH, false);
    for v in scan.values(&["-s", "--shell"]) {
        out.push(("cargo watch -s", v.text.clone()));
    }
    for v in scan.values(&["-x", "--exec"]) {
        out.push(("cargo watch -x", format!("cargo {}", v.text)));
    }
}
