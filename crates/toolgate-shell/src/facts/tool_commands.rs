//! Command lines developer tools run besides themselves: `cargo watch -s CMD` (and `-x
//! SUBCOMMAND`, a cargo command), every operand of `concurrently`, and `man -P PAGER`.

use crate::knowledge::specs::{CARGO_WATCH, CONCURRENTLY, MAN};
use crate::model::SimpleCommand;
use crate::options::{Scan, args_of};

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
        _ => {}
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
