//! `toolgate explain`: how a shell command is analysed and which command rules match.
//!
//! This is a tool for people: it prints the command's own words back (the hook never does).

use std::path::PathBuf;
use std::process::ExitCode;

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

/// Runs `explain`. Exit 0: nothing matched; 1: a rule matched or the command is
/// indeterminate; 2: usage error or unusable policy.
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
    let cx = CommandContext {
        cwd: Some(&cwd),
        home: home.as_deref(),
    };
    let matches = policy.commands.rules.evaluate(&analysis, &cx);
    let flagged = !matches.is_empty() || analysis.indeterminate.is_some();
    if args.json {
        let out = serde_json::json!({
            "commands": analysis.commands,
            "indeterminate": analysis.indeterminate,
            "on_indeterminate": policy.commands.on_indeterminate,
            "destinations": analysis.destinations,
            "matches": matches,
        });
        println!("{out}");
    } else {
        print!(
            "{}",
            render(&analysis, &matches, policy.commands.on_indeterminate)
        );
    }
    ExitCode::from(u8::from(flagged))
}

fn render(a: &CommandAnalysis, matches: &[CommandMatch], on_ind: toolgate_core::Verdict) -> String {
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
        for d in &a.destinations {
            match d {
                Destination::Url { url, program } => {
                    let _ = writeln!(s, "  {url} ({program})");
                }
                Destination::Unknown { program } => {
                    let _ = writeln!(s, "  (only known at run time) ({program})");
                }
                Destination::Host {
                    host,
                    port,
                    program,
                } => match port {
                    Some(p) => {
                        let _ = writeln!(s, "  {host}:{p} ({program})");
                    }
                    None => {
                        let _ = writeln!(s, "  {host} ({program})");
                    }
                },
            }
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
    if matches.is_empty() {
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
    }
    s
}
