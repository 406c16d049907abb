//! `toolgate audit`: reading the decision log (`verify`, `tail`, `stats`) and sending it to a
//! log pipeline (`export --otlp`).

mod export;
mod stats;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::Subcommand;
use toolgate_audit::chain::{Line, lines};
use toolgate_audit::{Follower, LogConfig, Record};

use super::EXIT_USAGE;

/// Arguments of `audit`.
#[derive(Debug, clap::Args)]
pub struct AuditArgs {
    #[command(subcommand)]
    command: AuditCommand,
}

#[derive(Debug, Subcommand)]
enum AuditCommand {
    /// Check the hash chain of a log (all its rotated files); exit 1 at the first broken line.
    Verify(LogArgs),
    /// Print the last decisions, one readable line each.
    Tail(TailArgs),
    /// Deny rate, top rules, and decisions by tool, agent and day.
    Stats(StatsArgs),
    /// Send the records to an OpenTelemetry collector as OTLP/HTTP logs (protobuf).
    Export(export::ExportArgs),
}

/// Which log: a path, else the policy's (`--policy`, `TOOLGATE_LOG`, discovery), else the
/// default.
#[derive(Debug, clap::Args)]
pub struct LogArgs {
    /// The log file (default: the one the policy and `TOOLGATE_LOG` name).
    pub path: Option<PathBuf>,
    /// Policy file whose `log:` section names the log.
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
struct TailArgs {
    #[command(flatten)]
    log: LogArgs,
    /// How many lines.
    #[arg(short = 'n', long, default_value_t = 10)]
    lines: usize,
    /// Keep printing decisions as they are logged.
    #[arg(short, long)]
    follow: bool,
}

#[derive(Debug, clap::Args)]
struct StatsArgs {
    #[command(flatten)]
    log: LogArgs,
    /// Rows per table.
    #[arg(long, default_value_t = 10)]
    top: usize,
}

/// Runs `audit`.
pub fn run(args: AuditArgs) -> ExitCode {
    match args.command {
        AuditCommand::Verify(a) => verify(&a),
        AuditCommand::Tail(a) => tail(&a),
        AuditCommand::Stats(a) => stats::run(&a.log, a.top),
        AuditCommand::Export(a) => export::run(&a),
    }
}

/// The log `args` names: the path given, else the policy's log, else the default path.
pub fn log_path(args: &LogArgs) -> Option<PathBuf> {
    if let Some(p) = &args.path {
        return Some(p.clone());
    }
    let source = toolgate_policy::discovery::discover_from_env(args.policy.as_deref());
    let policy = toolgate_policy::load(&source);
    let mut settings = policy.log.clone();
    // Reading a log does not need it to be switched on.
    settings.enabled = true;
    LogConfig::resolve(
        &settings,
        std::env::var_os(toolgate_audit::ENV_VAR).as_deref(),
    )
    .map(|c| c.path)
    .or_else(toolgate_audit::log::default_path)
}

fn require_path(args: &LogArgs) -> Result<PathBuf, ExitCode> {
    log_path(args).ok_or_else(|| {
        eprintln!("toolgate audit: no log path (give one, or set $HOME for the default)");
        ExitCode::from(EXIT_USAGE)
    })
}

fn verify(args: &LogArgs) -> ExitCode {
    let path = match require_path(args) {
        Ok(p) => p,
        Err(code) => return code,
    };
    match toolgate_audit::verify(&path) {
        Ok(v) => {
            if args.json {
                println!(
                    "{}",
                    serde_json::json!({
                        "ok": true, "lines": v.lines, "files": v.files,
                        "first_seq": v.first_seq, "last_seq": v.last_seq,
                        "last_sha256": v.last_sha256, "notes": v.notes,
                    })
                );
            } else {
                for note in &v.notes {
                    println!("note: {note}");
                }
                println!(
                    "ok: {} lines in {} file(s), seq {}..{}, last line sha256 {}",
                    v.lines,
                    v.files,
                    v.first_seq.map_or("-".into(), |s| s.to_string()),
                    v.last_seq.map_or("-".into(), |s| s.to_string()),
                    v.last_sha256.as_deref().unwrap_or("-"),
                );
            }
            ExitCode::SUCCESS
        }
        Err(b) => {
            if args.json {
                println!(
                    "{}",
                    serde_json::json!({
                        "ok": false, "file": b.file.display().to_string(),
                        "line": b.line, "problem": b.what,
                    })
                );
            } else {
                println!("broken: {b}");
            }
            ExitCode::from(1)
        }
    }
}

/// One readable line for a log line.
pub fn readable(line: &str) -> String {
    match serde_json::from_str::<Record>(line) {
        Ok(r) => readable_record(&r),
        Err(_) => "(not a decision record)".into(),
    }
}

fn readable_record(r: &Record) -> String {
    let mut ids = r.rule_ids.clone();
    ids.extend(r.warning_ids.iter().map(|w| format!("{w}(warn)")));
    format!(
        "{} #{} {:<11} host:{:<5} {:<8} {:<8} {:<18} {} | {}",
        r.ts,
        r.seq,
        r.decision,
        r.host_answer.as_deref().unwrap_or("-"),
        r.agent.as_deref().unwrap_or(&r.surface),
        r.surface,
        r.tool.as_deref().unwrap_or(&r.target_type),
        if ids.is_empty() {
            "-".into()
        } else {
            ids.join(",")
        },
        r.reason
    )
}

fn tail(args: &TailArgs) -> ExitCode {
    let path = match require_path(&args.log) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut last: std::collections::VecDeque<Line> = std::collections::VecDeque::new();
    for line in lines(&path) {
        match line {
            Ok(l) => {
                last.push_back(l);
                if last.len() > args.lines {
                    last.pop_front();
                }
            }
            Err(e) => {
                eprintln!("toolgate audit: {e}");
                return ExitCode::from(1);
            }
        }
    }
    let print = |text: &str| {
        if args.log.json {
            println!("{text}");
        } else {
            println!("{}", readable(text));
        }
    };
    for l in &last {
        print(&l.text);
    }
    if !args.follow {
        return ExitCode::SUCCESS;
    }
    let mut follower = Follower::new(&path, false);
    loop {
        for text in follower.poll() {
            print(&text);
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Records of the log at `path` with their line hashes; unreadable lines are counted.
pub fn records(path: &Path) -> Result<(Vec<(Record, String)>, usize), String> {
    let mut out = Vec::new();
    let mut bad = 0;
    for line in lines(path) {
        let line = line?;
        if line.text.is_empty() {
            continue;
        }
        match line.record() {
            Ok(r) => out.push((r, line.sha256())),
            Err(_) => bad += 1,
        }
    }
    Ok((out, bad))
}
