//! `toolgate test`: policy tests. Fixture cases (and `--replay` of a decision log) are decided
//! through the hook's own code path ([`super::policy_cases`]), so a passing test means the hook
//! answers the same.

mod fixtures;
mod replay;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use toolgate_policy::Policy;

use super::EXIT_USAGE;
use super::policy_cases::{decide, host_answer, rules_of};

/// Arguments of `test`.
#[derive(Debug, clap::Args)]
pub struct TestArgs {
    /// Fixture files: YAML (a list of cases, or `cases:` with an optional `policy:`) or JSONL
    /// (one case per line).
    pub files: Vec<PathBuf>,
    /// Policy file for every fixture (default: the fixture file's `policy:`, else discovery).
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Re-decide the calls of a decision log (those that kept their redacted input) under the
    /// policy and print what would change; exit 1 when anything would.
    #[arg(long, value_name = "LOG")]
    pub replay: Option<PathBuf>,
    /// List every built-in rule no case exercised, not only their number.
    #[arg(long)]
    pub all_rules: bool,
    /// Print failures and the summary only.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Runs `test`: exit 0 when every case passes, 1 when one fails, 2 for unusable fixtures or
/// policies.
pub fn run(args: TestArgs) -> ExitCode {
    if let Some(log) = &args.replay {
        return replay::run(log, args.policy.as_deref());
    }
    if args.files.is_empty() {
        eprintln!("toolgate test: name one or more fixture files (YAML or JSONL), or --replay LOG");
        return ExitCode::from(EXIT_USAGE);
    }
    let mut files = Vec::new();
    let mut broken = false;
    for path in &args.files {
        match fixtures::load(path) {
            Ok(f) => files.push(f),
            Err(errors) => {
                broken = true;
                for e in errors {
                    eprintln!("error: {e}");
                }
            }
        }
    }
    if broken {
        return ExitCode::from(EXIT_USAGE);
    }
    // One load per policy file, shared by the fixture files that name it.
    let mut policies: Vec<(Option<PathBuf>, Arc<Policy>, Coverage)> = Vec::new();
    let (mut passed, mut failed) = (0usize, 0usize);
    for file in &files {
        let wanted = args.policy.clone().or_else(|| file.policy.clone());
        let index = match policies.iter().position(|(p, _, _)| *p == wanted) {
            Some(i) => i,
            None => {
                let source = toolgate_policy::discovery::discover_from_env(wanted.as_deref());
                let policy = toolgate_policy::load(&source);
                if !policy.is_usable() {
                    eprint!("{}", policy.render_diagnostics());
                    eprintln!(
                        "toolgate test: the policy ({}) has errors, so the hook would deny every call; fix it first",
                        source.describe()
                    );
                    return ExitCode::from(EXIT_USAGE);
                }
                let coverage = Coverage::of(&policy);
                policies.push((wanted, Arc::new(policy), coverage));
                policies.len() - 1
            }
        };
        let (_, policy, coverage) = &mut policies[index];
        for case in &file.cases {
            let outcome = decide(&case.call, policy);
            let got = host_answer(&outcome);
            let rules = rules_of(&outcome);
            coverage.exercised.extend(rules.iter().cloned());
            let missing: Vec<&String> = case.rules.iter().filter(|r| !rules.contains(r)).collect();
            if case.expect.accepts(got) && missing.is_empty() {
                passed += 1;
                if !args.quiet {
                    println!("PASS  {}", case.name);
                }
                continue;
            }
            failed += 1;
            println!("FAIL  {}  ({})", case.name, case.location);
            let want_rules = if case.rules.is_empty() {
                String::new()
            } else {
                format!("  with rules {}", case.rules.join(", "))
            };
            println!("      expected: {}{want_rules}", case.expect.as_str());
            println!("      got:      {got}  rules: {}", list_or_none(&rules));
            if !missing.is_empty() {
                let names: Vec<&str> = missing.iter().map(|s| s.as_str()).collect();
                println!("      missing rules: {}", names.join(", "));
            }
            if let Some(reason) = outcome.answer.reason() {
                println!("      reason:   {reason}");
            }
        }
    }
    for (_, policy, coverage) in &policies {
        coverage.print(&policy.source.describe(), args.all_rules);
    }
    println!(
        "toolgate test: {} cases, {passed} passed, {failed} failed",
        passed + failed
    );
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn list_or_none(ids: &[String]) -> String {
    if ids.is_empty() {
        "(none)".into()
    } else {
        ids.join(", ")
    }
}

/// Which enabled rules of a policy the cases exercised.
struct Coverage {
    /// Rules of the policy file (inline rules, a constitution file's, command rules).
    file_rules: Vec<String>,
    /// Built-in rules in force.
    builtin_rules: Vec<String>,
    exercised: BTreeSet<String>,
}

impl Coverage {
    fn of(policy: &Policy) -> Coverage {
        let (file_rules, builtin_rules) = rule_ids_by_origin(policy);
        Coverage {
            file_rules,
            builtin_rules,
            exercised: BTreeSet::new(),
        }
    }

    fn print(&self, source: &str, all: bool) {
        let unexercised = |ids: &[String]| -> Vec<String> {
            ids.iter()
                .filter(|id| !self.exercised.contains(*id))
                .cloned()
                .collect()
        };
        let file = unexercised(&self.file_rules);
        let builtin = unexercised(&self.builtin_rules);
        println!("coverage ({source}):");
        println!(
            "  rules of the policy file: {} of {} exercised",
            self.file_rules.len() - file.len(),
            self.file_rules.len()
        );
        if !file.is_empty() {
            println!("  not exercised: {}", file.join(", "));
        }
        println!(
            "  built-in rules: {} of {} exercised",
            self.builtin_rules.len() - builtin.len(),
            self.builtin_rules.len()
        );
        if all && !builtin.is_empty() {
            println!("  built-in rules not exercised: {}", builtin.join(", "));
        }
    }
}

/// The enabled rule ids of `policy`: those its file wrote (inline `rules:`, a constitution
/// file, `commands:` rules), then the built-in ones in force.
pub fn rule_ids_by_origin(policy: &Policy) -> (Vec<String>, Vec<String>) {
    let mut file = Vec::new();
    let mut builtin = Vec::new();
    let rules = policy.rules.rules.rules();
    let inline_from = rules.len().saturating_sub(policy.rules.inline_rules);
    let from_file = policy.rules.constitution_file.is_some();
    for (i, r) in rules.iter().enumerate() {
        if !r.enabled || r.deprecated {
            continue;
        }
        if from_file || i >= inline_from {
            file.push(r.id.clone());
        } else {
            builtin.push(r.id.clone());
        }
    }
    let builtin_commands = toolgate_shell::CommandRuleSet::builtin();
    for r in policy.commands.rules.rules().iter().filter(|r| r.enabled) {
        if builtin_commands.rules().iter().any(|b| b.id == r.id) {
            builtin.push(r.id.clone());
        } else {
            file.push(r.id.clone());
        }
    }
    builtin.push(toolgate_engine::PROTECTED_FILE_RULE_ID.to_string());
    (file, builtin)
}
