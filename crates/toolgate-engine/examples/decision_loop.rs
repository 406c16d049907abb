//! Decides one Bash call N times: a fixed amount of work for load-independent instruction
//! counts (`valgrind --tool=callgrind`), whose difference between two N is the cost of one
//! decision (BENCHMARKS.md).
//!
//! `cargo build --release -p toolgate-engine --example decision_loop`, then
//! `decision_loop 'COMMAND' N [--acgs-default] [--cwd DIR] [--home DIR] [--description TEXT]`.
//! The built-in default policy unless `--acgs-default`, which builds the policy the Python
//! package builds for `{"constitution": "acgs-default"}`; no working directory unless `--cwd`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use serde_json::json;
use toolgate_engine::{CallContext, Guard};
use toolgate_policy::{Format, Policy, PolicySource};

/// What the command line asks for.
struct Options {
    command: String,
    rounds: u64,
    acgs_default: bool,
    cwd: Option<PathBuf>,
    home: Option<PathBuf>,
    description: Option<String>,
}

fn parse_options() -> Option<Options> {
    let mut args = std::env::args().skip(1);
    let command = args.next()?;
    let rounds = args.next()?.parse().ok()?;
    let mut options = Options {
        command,
        rounds,
        acgs_default: false,
        cwd: None,
        home: None,
        description: None,
    };
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--acgs-default" => options.acgs_default = true,
            "--cwd" => options.cwd = Some(PathBuf::from(args.next()?)),
            "--home" => options.home = Some(PathBuf::from(args.next()?)),
            "--description" => options.description = Some(args.next()?),
            _ => return None,
        }
    }
    Some(options)
}

fn main() -> ExitCode {
    let Some(options) = parse_options() else {
        eprintln!(
            "usage: decision_loop COMMAND ROUNDS [--acgs-default] [--cwd DIR] [--home DIR] [--description TEXT]"
        );
        return ExitCode::from(2);
    };
    let policy = if options.acgs_default {
        // As the Python package loads a mapping: pretty JSON text through the policy loader.
        let text = serde_json::to_string_pretty(&json!({ "constitution": "acgs-default" }))
            .unwrap_or_default();
        toolgate_policy::load_str(&text, Format::Json, PolicySource::Builtin)
    } else {
        Policy::builtin()
    };
    if !policy.is_usable() {
        eprintln!("the policy has errors");
        return ExitCode::FAILURE;
    }
    let guard = Guard::new(Arc::new(policy));
    let input = match &options.description {
        Some(description) => json!({ "command": options.command, "description": description }),
        None => json!({ "command": options.command }),
    };
    let cx = CallContext {
        cwd: options.cwd,
        process_cwd: None,
        home: options.home.map(Into::into),
        tmpdir: None,
        binary: None,
    };
    let mut rule_ids = 0usize;
    for _ in 0..options.rounds {
        let decision = guard.check_tool_call_in("Bash", &input, &cx);
        rule_ids += std::hint::black_box(&decision).rule_ids.len();
    }
    let last = guard.check_tool_call_in("Bash", &input, &cx);
    println!(
        "{:?} {:?}: {rule_ids} rule ids over {} decisions",
        last.decision, last.rule_ids, options.rounds
    );
    ExitCode::SUCCESS
}
