//! Decides one Bash call N times on the built-in default policy: a fixed amount of work for
//! load-independent instruction counts (`valgrind --tool=callgrind`), whose difference
//! between two N is the cost of one decision (BENCHMARKS.md).
//!
//! `cargo build --release -p toolgate-engine --example decision_loop`, then
//! `decision_loop 'COMMAND' N`.

use std::process::ExitCode;
use std::sync::Arc;

use serde_json::json;
use toolgate_engine::Guard;
use toolgate_policy::Policy;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(command), Some(Ok(rounds))) = (args.get(1), args.get(2).map(|n| n.parse::<u64>()))
    else {
        eprintln!("usage: decision_loop COMMAND ROUNDS");
        return ExitCode::from(2);
    };
    let guard = Guard::new(Arc::new(Policy::builtin()));
    let input = json!({ "command": command });
    let mut rule_ids = 0usize;
    for _ in 0..rounds {
        let decision = guard.check_tool_call("Bash", &input);
        rule_ids += std::hint::black_box(&decision).rule_ids.len();
    }
    println!("{rule_ids} rule ids over {rounds} decisions");
    ExitCode::SUCCESS
}
