//! `toolgate test --replay LOG`: the logged calls that kept their (redacted) input, decided
//! again under a policy, and what would change.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use super::super::EXIT_USAGE;
use super::super::policy_cases::{Call, decide, host_answer, is_agent, rules_of};

/// Runs the replay: exit 0 when nothing changes, 1 when something would, 2 when the log or
/// the policy cannot be used.
pub fn run(log: &Path, policy: Option<&Path>) -> ExitCode {
    let source = toolgate_policy::discovery::discover_from_env(policy);
    let policy = toolgate_policy::load(&source);
    if !policy.is_usable() {
        eprint!("{}", policy.render_diagnostics());
        eprintln!(
            "toolgate test: the policy ({}) has errors",
            source.describe()
        );
        return ExitCode::from(EXIT_USAGE);
    }
    let policy = Arc::new(policy);
    let (mut same, mut changed, mut skipped, mut unreadable) = (0usize, 0usize, 0usize, 0usize);
    let mut files = 0;
    for line in toolgate_audit::chain::lines(log) {
        files += 1;
        let Ok(line) = line else {
            unreadable += 1;
            continue;
        };
        if line.text.trim().is_empty() {
            continue;
        }
        let Ok(record) = line.record() else {
            unreadable += 1;
            continue;
        };
        let (Some(tool), Some(input)) = (&record.tool, &record.input) else {
            skipped += 1;
            continue;
        };
        let mut call = Call::new(tool, input.clone());
        if let Some(agent) = record.agent.as_deref().filter(|a| is_agent(a)) {
            call.agent = agent.to_string();
        }
        let outcome = decide(&call, &policy);
        let now = host_answer(&outcome);
        let mut now_rules = rules_of(&outcome);
        let before = record.host_answer.as_deref().unwrap_or("none");
        let mut before_rules = record.rule_ids.clone();
        for id in &record.warning_ids {
            if !before_rules.contains(id) {
                before_rules.push(id.clone());
            }
        }
        // A secret replaced in the stored input cannot match again; the rules that found it
        // count as still finding it.
        let redacted = redacted_rule_ids(input);
        let kept_by_redaction: Vec<String> = before_rules
            .iter()
            .filter(|id| redacted.contains(id) && !now_rules.contains(id))
            .cloned()
            .collect();
        now_rules.extend(kept_by_redaction.iter().cloned());
        let answer_changed = before != now && kept_by_redaction.is_empty();
        let mut b = before_rules.clone();
        let mut n = now_rules.clone();
        b.sort();
        n.sort();
        if !answer_changed && b == n {
            same += 1;
            continue;
        }
        changed += 1;
        println!(
            "seq {}  {}  {}  {before} -> {now}  rules: {} -> {}",
            record.seq,
            record.ts,
            tool,
            list(&b),
            list(&n),
        );
    }
    if files == 0 {
        eprintln!("toolgate test: no decision log at {}", log.display());
        return ExitCode::from(EXIT_USAGE);
    }
    println!(
        "replay under {}: {} calls re-decided, {changed} would change, {same} unchanged; {skipped} without stored input (set `log.store_input: redacted`), {unreadable} unreadable",
        source.describe(),
        same + changed,
    );
    if changed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn list(ids: &[String]) -> String {
    if ids.is_empty() {
        "(none)".into()
    } else {
        ids.join(",")
    }
}

/// Rule ids named by `[REDACTED:ID]` markers anywhere in `value`.
fn redacted_rule_ids(value: &serde_json::Value) -> Vec<String> {
    let mut out = Vec::new();
    let text = value.to_string();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("[REDACTED:") {
        rest = &rest[i + "[REDACTED:".len()..];
        if let Some(end) = rest.find(']') {
            let id = rest[..end].to_string();
            if !out.contains(&id) {
                out.push(id);
            }
            rest = &rest[end..];
        }
    }
    out
}
