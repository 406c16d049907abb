//! `toolgate init`: writes a starter policy and registers the hook with coding agents.
//!
//! The hook entry is merged into the agent's config file without touching anything else in it,
//! with every fail-closed option the agent has; running `init` again changes nothing.
//! `--dry-run` prints the diff instead of writing.

use std::path::Path;
use std::process::ExitCode;

use serde_json::{Value, json};
use toolgate_engine::hosts::Agent;

use super::registration::{HOOK_TIMEOUT_SECS, Layout, Registration, Scope, shell_quote};

pub mod codex_trust;

/// Arguments of `init`.
#[derive(Debug, clap::Args)]
pub struct InitArgs {
    /// Also register the hook in Claude Code's settings (the same as `--agent claude`).
    #[arg(long)]
    pub claude: bool,
    /// Also register the hook with this coding agent: claude, codex, gemini, cursor, copilot or
    /// opencode (repeat for several).
    #[arg(long, value_parser = parse_agent)]
    pub agent: Vec<Agent>,
    /// Which config file: `project` (in the working directory), `user` (in `$HOME`) or, for
    /// Claude Code only, `local` (.claude/settings.local.json). `user` also puts the starter
    /// policy in ~/.config/toolgate/policy.yaml.
    #[arg(long, value_enum, default_value_t = Scope::Project)]
    pub scope: Scope,
    /// Print what would change, change nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Seconds the agent waits for the hook before giving up on it.
    #[arg(long, default_value_t = HOOK_TIMEOUT_SECS)]
    pub timeout: u32,
}

fn parse_agent(name: &str) -> Result<Agent, String> {
    Agent::from_name(name).ok_or_else(|| format!("expected one of {}", Agent::names()))
}

/// The starter policy: commented, and valid as it is (every section it leaves out keeps the
/// built-in default).
pub const STARTER_POLICY: &str = r#"# toolgate policy. Sections left out keep their built-in defaults.
# Check it with `toolgate validate`; test a URL with `toolgate check-url URL`.

# Base rule set: toolgate (default) | acgs-default | none | path to an acgs-lite constitution.
constitution: toolgate

# Extra acgs-lite rules, added to the base constitution.
rules: []
#  - id: NO-PROD-DB
#    text: No production database access
#    severity: critical
#    keywords: ["prod-db"]

# Extra shell command rules; the built-in destructive-command pack always applies.
commands: []
#  - id: NO-FORCE-PUSH
#    text: Force pushes need a person
#    program: git
#    subcommand: push
#    flags_any: [force]
#    workflow_action: require_human_review

# Network egress. Left out, any public host is allowed and private, loopback and metadata
# addresses are denied. Written out, only what `allow` lists is reachable:
# network:
#   allow: ["api.openai.com", "*.anthropic.com", "github.com:443"]
#   deny: ["evil.anthropic.com"]
#   methods: [GET, POST]

hook:
  on_review: deny        # deny | ask: what a rule needing review answers
  grant_allowed: false   # true: answer "allow" when nothing objects
"#;

/// Runs `init`.
pub fn run(args: InitArgs) -> ExitCode {
    match init(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("toolgate init: {message}");
            ExitCode::from(super::EXIT_USAGE)
        }
    }
}

fn init(args: &InitArgs) -> Result<(), String> {
    let cwd = toolgate_policy::environment::working_directory().map_err(|e| e.describe())?;
    let home = toolgate_policy::environment::home().map_err(|e| e.describe())?;
    let user_home = || {
        home.clone()
            .ok_or("the home directory is unknown: set `$HOME`")
    };

    let policy_path = match args.scope {
        Scope::User => user_home()?.join(".config/toolgate/policy.yaml"),
        Scope::Project | Scope::Local => cwd.join(".toolgate.yaml"),
    };
    if policy_path.exists() {
        println!("{}: exists, left unchanged", policy_path.display());
    } else if args.dry_run {
        println!("{}: would be created:", policy_path.display());
        print!("{}", diff_lines("", STARTER_POLICY));
    } else {
        write_file(&policy_path, STARTER_POLICY)?;
        println!("{}: created", policy_path.display());
    }

    let mut agents = args.agent.clone();
    if args.claude && !agents.contains(&Agent::Claude) {
        agents.insert(0, Agent::Claude);
    }
    let binary = std::env::current_exe()
        .map_err(|_| "cannot find the path of the running toolgate binary")?;
    // A lossy path would register a hook command that runs nothing.
    let binary = binary.to_str().ok_or(
        "the toolgate binary's path is not valid UTF-8, so the agents' settings cannot name it: install toolgate under a UTF-8 path",
    )?;
    for agent in agents {
        register(agent, args, &cwd, home.as_deref(), binary)?;
    }
    Ok(())
}

/// Registers the hook with one agent.
fn register(
    agent: Agent,
    args: &InitArgs,
    cwd: &Path,
    home: Option<&Path>,
    binary: &str,
) -> Result<(), String> {
    let reg = Registration::of(agent);
    let path = reg.file(args.scope, cwd, home)?;
    let display = agent.spec().display;
    if reg.layout == Layout::Plugin {
        return write_plugin(&path, binary, args.dry_run);
    }
    let command = reg.command(binary);
    let old_text = read_text(&path)?;
    let mut config: Value = if old_text.trim().is_empty() {
        json!({})
    } else {
        serde_json::from_str(&old_text).map_err(|e| {
            format!(
                "{} is not valid JSON (line {}, column {}); fix it first, nothing was changed",
                path.display(),
                e.line(),
                e.column()
            )
        })?
    };
    let changed = reg
        .merge(&mut config, &command, args.timeout)
        .map_err(|why| format!("{}: {why}; nothing was changed", path.display()))?;
    if changed {
        let mut new_text = serde_json::to_string_pretty(&config).map_err(|e| e.to_string())?;
        new_text.push('\n');
        if args.dry_run {
            println!("{}: would change:", path.display());
            print!("{}", diff_lines(&old_text, &new_text));
        } else {
            write_file(&path, &new_text)?;
            println!(
                "{}: registered `{command}` as the {display} hook for every tool",
                path.display()
            );
        }
    } else {
        println!(
            "{}: the toolgate hook is already registered",
            path.display()
        );
    }
    for warning in host_warnings(agent, &config) {
        println!("{}: note: {warning}", path.display());
    }
    if agent == Agent::Codex {
        codex_trust::trust(&path, &command, cwd, home, args.dry_run)?;
    }
    println!("{display}: still fail-open: {}", reg.fail_open);
    Ok(())
}

/// Settings elsewhere in the host's config that would keep the hook from running.
pub fn host_warnings(agent: Agent, config: &Value) -> Vec<String> {
    let mut out = Vec::new();
    match agent {
        Agent::Claude if config["disableAllHooks"] == true => {
            out.push("`disableAllHooks: true` switches every hook off, toolgate's too".into());
        }
        Agent::Gemini => {
            if config["hooksConfig"]["enabled"] == false {
                out.push(
                    "`hooksConfig.enabled: false` switches every hook off; set it to true".into(),
                );
            }
            if config["hooksConfig"]["disabled"]
                .as_array()
                .is_some_and(|d| d.iter().any(|n| n == "toolgate"))
            {
                out.push("`hooksConfig.disabled` lists the toolgate hook; remove it".into());
            }
        }
        _ => {}
    }
    out
}

/// Writes OpenCode's plugin file, which runs toolgate for every tool call.
fn write_plugin(path: &Path, binary: &str, dry_run: bool) -> Result<(), String> {
    let new_text = opencode_plugin(binary);
    let old_text = read_text(path)?;
    if old_text == new_text {
        println!(
            "{}: the toolgate plugin is already installed",
            path.display()
        );
        return Ok(());
    }
    if dry_run {
        println!("{}: would change:", path.display());
        print!("{}", diff_lines(&old_text, &new_text));
        return Ok(());
    }
    write_file(path, &new_text)?;
    println!(
        "{}: installed the toolgate plugin (it runs `{} hook --agent opencode` for every tool call)",
        path.display(),
        shell_quote(binary)
    );
    Ok(())
}

/// The OpenCode plugin with the toolgate binary's path filled in.
pub fn opencode_plugin(binary: &str) -> String {
    let literal = serde_json::to_string(binary).expect("a string serialises");
    OPENCODE_PLUGIN.replace("\"__TOOLGATE_BINARY__\"", &literal)
}

/// The OpenCode plugin (`plugins/opencode/toolgate.js`), with a placeholder for the binary.
pub const OPENCODE_PLUGIN: &str = include_str!("../../../../../plugins/opencode/toolgate.js");

fn read_text(path: &Path) -> Result<String, String> {
    match std::fs::read_to_string(path) {
        Ok(t) => Ok(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(String::new()),
        Err(e) => Err(format!(
            "cannot read {}: {}",
            path.display(),
            toolgate_policy::io_reason(&e)
        )),
    }
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| {
            format!(
                "cannot create {}: {}",
                dir.display(),
                toolgate_policy::io_reason(&e)
            )
        })?;
    }
    let tmp = path.with_extension("toolgate-tmp");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            format!(
                "cannot write {}: {}",
                path.display(),
                toolgate_policy::io_reason(&e)
            )
        })
}

/// A line diff (`-` removed, `+` added, ` ` kept) from the longest common subsequence.
pub fn diff_lines(old: &str, new: &str) -> String {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = String::new();
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            out.push_str(&format!("  {}\n", a[i]));
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            out.push_str(&format!("- {}\n", a[i]));
            i += 1;
        } else {
            out.push_str(&format!("+ {}\n", b[j]));
            j += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_marks_removed_and_added_lines() {
        assert_eq!(diff_lines("a\nb\n", "a\nc\n"), "  a\n- b\n+ c\n");
    }

    #[test]
    fn the_opencode_plugin_gets_the_binary_as_a_js_string() {
        let text = opencode_plugin("/a \"b\"/toolgate");
        assert!(
            text.contains(r#"const BINARY = "/a \"b\"/toolgate";"#),
            "{text}"
        );
        assert!(!text.contains("__TOOLGATE_BINARY__"));
    }
}
