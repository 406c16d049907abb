//! `toolgate explain`: how a shell command is analysed, which command rules match, and the
//! network policy's verdict on every destination; the decision is the engine's, as the hook
//! would reach it for a Bash call in this directory.
//!
//! This is a tool for people: it prints the command's own words back (the hook never does).

use std::path::PathBuf;
use std::process::ExitCode;

use std::sync::Arc;

use toolgate_engine::{CallContext, DestinationCheck, DestinationSource, Guard, ToolCallDecision};
use toolgate_shell::{CommandAnalysis, CommandContext, CommandMatch, Destination, analyze};

/// Arguments of `explain`.
#[derive(Debug, clap::Args)]
pub struct ExplainArgs {
    /// The shell command.
    pub command: String,
    /// Policy file.
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `explain`. Exit 0: the Bash call would pass; 1: a rule matched, the command is
/// indeterminate or a destination is denied (the call would be denied or asked about);
/// 2: usage error or unusable policy.
pub fn run(args: ExplainArgs) -> ExitCode {
    let policy = match crate::cli::load_policy_or_exit(args.policy.as_ref()) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let environment = toolgate_policy::environment::working_directory()
        .and_then(|cwd| Ok((cwd, toolgate_policy::environment::home()?)));
    let (cwd, home) = match environment {
        Ok(found) => found,
        Err(e) => {
            eprintln!("toolgate explain: {e}");
            return ExitCode::from(super::EXIT_USAGE);
        }
    };
    let analysis = analyze(&args.command);
    let cx = CommandContext::new(Some(&cwd), home.as_deref());
    let matches = policy.commands.rules.evaluate(&analysis, &cx);
    let pack_matches = pack_matches(&policy, &analysis, &cx);
    let on_indeterminate = policy.commands.on_indeterminate;
    let call_cx = CallContext {
        cwd: Some(cwd.clone()),
        home: home.clone().map(Into::into),
        ..CallContext::from_process()
    };
    let decision = Guard::new(Arc::new(policy)).check_tool_call_in(
        "Bash",
        &serde_json::json!({ "command": args.command }),
        &call_cx,
    );
    let verdicts: Vec<&DestinationCheck> = decision
        .destinations
        .iter()
        .filter(|d| d.source == DestinationSource::Command)
        .collect();
    let flagged = !matches.is_empty()
        || !pack_matches.is_empty()
        || analysis.indeterminate.is_some()
        || decision.decision >= toolgate_core::Verdict::Review;
    if args.json {
        let destinations: Vec<serde_json::Value> = analysis
            .destinations
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let mut v = serde_json::to_value(d).unwrap_or_default();
                if let (Some(obj), Some(check)) = (v.as_object_mut(), verdicts.get(i)) {
                    obj.insert("allowed".into(), check.allowed.into());
                    obj.insert("reason".into(), check.reason.into());
                }
                v
            })
            .collect();
        let out = serde_json::json!({
            "commands": analysis.commands,
            "indeterminate": analysis.indeterminate,
            "on_indeterminate": on_indeterminate,
            "destinations": destinations,
            "matches": matches,
            "pack_matches": pack_matches,
            "decision": decision.decision,
            "reason": decision.reason,
        });
        println!("{out}");
    } else {
        print!(
            "{}",
            render(
                &analysis,
                &matches,
                &pack_matches,
                on_indeterminate,
                &verdicts,
                &decision
            )
        );
    }
    ExitCode::from(u8::from(flagged))
}

/// A rule of a pack that matched, with what the policy makes it answer.
#[derive(Debug, serde::Serialize)]
struct PackRuleMatch {
    /// The pack's name (`iac`).
    pack: &'static str,
    /// The rule's id.
    rule_id: &'static str,
    /// `deny` or `review`, after the policy's `commands.packs`.
    verdict: &'static str,
    /// The rule's text.
    text: &'static str,
}

/// The pack rules matching `analysis` that the policy leaves on (a pack that is off, or a
/// disabled rule, answers nothing and is not listed).
fn pack_matches(
    policy: &toolgate_policy::Policy,
    analysis: &CommandAnalysis,
    cx: &CommandContext,
) -> Vec<PackRuleMatch> {
    toolgate_shell::evaluate_packs(analysis, cx)
        .into_iter()
        .filter_map(|m| {
            let verdict = policy.commands.packs.verdict(m.rule_id)?;
            Some(PackRuleMatch {
                pack: m.pack,
                rule_id: m.rule_id,
                verdict: verdict.as_str(),
                text: toolgate_core::packs::rule(m.rule_id).map_or("", |(_, r)| r.text),
            })
        })
        .collect()
}

fn render(
    a: &CommandAnalysis,
    matches: &[CommandMatch],
    pack_matches: &[PackRuleMatch],
    on_ind: toolgate_core::Verdict,
    verdicts: &[&DestinationCheck],
    decision: &ToolCallDecision,
) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(s, "commands: {}", a.commands.len());
    for (i, c) in a.commands.iter().enumerate() {
        let _ = writeln!(s, "  [{i}] {} {}", c.program, c.args.join(" "));
        if !c.via.is_empty() {
            let _ = writeln!(s, "      via: {}", c.via.join(" → "));
        }
        if let Some(sub) = &c.subcommand {
            let _ = writeln!(s, "      subcommand: {sub}");
        }
        if !c.flags.is_empty() {
            let flags: Vec<&str> = c.flags.iter().collect();
            let _ = writeln!(s, "      flags: {}", flags.join(", "));
        }
        if !c.operands.is_empty() {
            let _ = writeln!(s, "      operands: {}", c.operands.join(" "));
        }
        if !c.writes.is_empty() {
            let _ = writeln!(s, "      writes: {}", c.writes.join(" "));
        }
        let mut notes = Vec::new();
        if c.args_from_input {
            notes.push("arguments from input");
        }
        if c.runs_downloaded_code {
            notes.push("runs downloaded code");
        }
        if c.cwd_changed {
            notes.push("after a directory change");
        }
        if !notes.is_empty() {
            let _ = writeln!(s, "      notes: {}", notes.join(", "));
        }
        if !c.inline_code_hits.is_empty() {
            let _ = writeln!(s, "      inline code: {}", c.inline_code_hits.join(", "));
        }
    }
    if !a.destinations.is_empty() {
        let _ = writeln!(s, "destinations:");
        for (i, d) in a.destinations.iter().enumerate() {
            let written = match d {
                Destination::Url { url, .. } => url.clone(),
                Destination::Unknown { .. } => "(only known at run time)".to_string(),
                Destination::Host {
                    host,
                    port: Some(p),
                    ..
                } => format!("{host}:{p}"),
                Destination::Host { host, .. } => host.clone(),
            };
            let program = d.program().unwrap_or("a program");
            let verdict = match verdicts.get(i) {
                Some(c) if c.allowed => format!("allowed ({})", c.reason),
                Some(c) => format!("denied ({})", c.reason),
                None => "not checked".to_string(),
            };
            let _ = writeln!(s, "  {written} ({program}): {verdict}");
        }
    }
    if let Some(i) = &a.indeterminate {
        let _ = writeln!(
            s,
            "indeterminate: {} ({}), answered {}",
            i.reason,
            serde_json::to_value(i.kind)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
            on_ind.as_str()
        );
    }
    let _ = writeln!(
        s,
        "decision: {} ({})",
        decision.decision.as_str(),
        decision.reason
    );
    if matches.is_empty() && pack_matches.is_empty() {
        let _ = writeln!(s, "matched rules: none");
    } else {
        let _ = writeln!(s, "matched rules:");
        for m in matches {
            let _ = writeln!(
                s,
                "  {} [{} / {}] {}",
                m.rule_id,
                m.severity.as_str(),
                m.action.as_str(),
                m.text
            );
        }
        for m in pack_matches {
            let _ = writeln!(
                s,
                "  {} [pack {} / {}] {}",
                m.rule_id, m.pack, m.verdict, m.text
            );
        }
    }
    s
}
