//! `toolgate init`: writes a starter policy and registers the hook with Claude Code.
//!
//! The hook entry is merged into the chosen settings file without touching anything else in
//! it; running `init` again changes nothing. `--dry-run` prints the diff instead of writing.

use std::path::Path;
use std::process::ExitCode;

use serde_json::{Map, Value, json};

/// Arguments of `init`.
#[derive(Debug, clap::Args)]
pub struct InitArgs {
    /// Also register the hook in Claude Code's settings.
    #[arg(long)]
    pub claude: bool,
    /// Which Claude Code settings file: `project` (.claude/settings.json), `user`
    /// (~/.claude/settings.json) or `local` (.claude/settings.local.json). `user` also puts the
    /// starter policy in ~/.config/toolgate/policy.yaml.
    #[arg(long, value_enum, default_value_t = Scope::Project)]
    pub scope: Scope,
    /// Print what would change, change nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Seconds Claude Code waits for the hook before blocking the call.
    #[arg(long, default_value_t = 30)]
    pub timeout: u32,
}

/// Which Claude Code settings file to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Scope {
    /// `.claude/settings.json` in the working directory (shared with the team).
    Project,
    /// `~/.claude/settings.json`.
    User,
    /// `.claude/settings.local.json` in the working directory (not committed).
    Local,
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

    if !args.claude {
        return Ok(());
    }
    let settings_path = match args.scope {
        Scope::Project => cwd.join(".claude/settings.json"),
        Scope::Local => cwd.join(".claude/settings.local.json"),
        Scope::User => user_home()?.join(".claude/settings.json"),
    };
    let binary = std::env::current_exe()
        .map_err(|_| "cannot find the path of the running toolgate binary")?;
    // A lossy path would register a hook command that runs nothing.
    let binary = binary.to_str().ok_or(
        "the toolgate binary's path is not valid UTF-8, so Claude Code's settings cannot name it: install toolgate under a UTF-8 path",
    )?;
    let command = format!("{} hook", shell_quote(binary));
    let old_text = match std::fs::read_to_string(&settings_path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => {
            return Err(format!(
                "cannot read {}: {}",
                settings_path.display(),
                toolgate_policy::io_reason(&e)
            ));
        }
    };
    let mut settings: Value = if old_text.trim().is_empty() {
        json!({})
    } else {
        serde_json::from_str(&old_text).map_err(|e| {
            format!(
                "{} is not valid JSON (line {}, column {}); fix it first, nothing was changed",
                settings_path.display(),
                e.line(),
                e.column()
            )
        })?
    };
    let changed = merge_hook(&mut settings, &command, args.timeout)
        .map_err(|why| format!("{}: {why}; nothing was changed", settings_path.display()))?;
    if !changed {
        println!(
            "{}: the toolgate hook is already registered",
            settings_path.display()
        );
        return Ok(());
    }
    let mut new_text = serde_json::to_string_pretty(&settings).map_err(|e| e.to_string())?;
    new_text.push('\n');
    if args.dry_run {
        println!("{}: would change:", settings_path.display());
        print!("{}", diff_lines(&old_text, &new_text));
        return Ok(());
    }
    write_file(&settings_path, &new_text)?;
    println!(
        "{}: registered `{command}` as a PreToolUse hook for every tool",
        settings_path.display()
    );
    Ok(())
}

/// Adds (or updates) toolgate's PreToolUse hook in `settings`. Returns whether anything changed.
pub fn merge_hook(settings: &mut Value, command: &str, timeout: u32) -> Result<bool, String> {
    let entry = json!({
        "type": "command",
        "command": command,
        "timeout": timeout,
        "onFailure": "block",
    });
    let root = settings
        .as_object_mut()
        .ok_or("the settings file is not a JSON object")?;
    let hooks = root
        .entry("hooks")
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
        .ok_or("`hooks` is not a JSON object")?;
    let groups = hooks
        .entry("PreToolUse")
        .or_insert_with(|| Value::Array(Vec::new()))
        .as_array_mut()
        .ok_or("`hooks.PreToolUse` is not a list")?;
    // An existing toolgate hook (perhaps from another install path) is updated in place.
    for group in groups.iter_mut() {
        let matches_all = matches!(group.get("matcher"), None | Some(Value::String(_)))
            && group
                .get("matcher")
                .and_then(Value::as_str)
                .is_none_or(|m| m == "*" || m.is_empty());
        let Some(list) = group.get_mut("hooks").and_then(Value::as_array_mut) else {
            continue;
        };
        for hook in list.iter_mut() {
            let is_toolgate = hook
                .get("command")
                .and_then(Value::as_str)
                .is_some_and(is_toolgate_hook_command);
            if is_toolgate && matches_all {
                if *hook == entry {
                    return Ok(false);
                }
                *hook = entry;
                return Ok(true);
            }
        }
    }
    groups.push(json!({"matcher": "*", "hooks": [entry]}));
    Ok(true)
}

/// Whether a hook command runs `toolgate hook` (any install path, any arguments after `hook`).
fn is_toolgate_hook_command(command: &str) -> bool {
    let command = command.trim_start();
    let (program, rest) = match command.strip_prefix('\'') {
        Some(quoted) => match quoted.find('\'') {
            Some(end) => (&quoted[..end], &quoted[end + 1..]),
            None => return false,
        },
        None => command.split_at(command.find(char::is_whitespace).unwrap_or(command.len())),
    };
    let base = program.rsplit('/').next().unwrap_or(program);
    base == "toolgate" && rest.split_whitespace().next() == Some("hook")
}

/// Quotes a path for `/bin/sh -c` when it needs it.
fn shell_quote(s: &str) -> String {
    if s.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"/._-+".contains(&b))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
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
    fn merge_keeps_other_settings_and_hooks() {
        let mut s = json!({
            "model": "x",
            "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "other"}]}],
                      "PostToolUse": []}
        });
        assert!(merge_hook(&mut s, "/bin/toolgate hook", 30).unwrap());
        assert_eq!(s["model"], "x");
        assert_eq!(s["hooks"]["PreToolUse"][0]["hooks"][0]["command"], "other");
        assert_eq!(s["hooks"]["PreToolUse"][1]["matcher"], "*");
        assert_eq!(
            s["hooks"]["PreToolUse"][1]["hooks"][0]["onFailure"],
            "block"
        );
        assert!(s["hooks"]["PostToolUse"].is_array());
        // Idempotent.
        assert!(!merge_hook(&mut s, "/bin/toolgate hook", 30).unwrap());
        assert_eq!(s["hooks"]["PreToolUse"].as_array().unwrap().len(), 2);
        // A new install path updates the entry in place.
        assert!(merge_hook(&mut s, "/opt/toolgate hook", 30).unwrap());
        assert_eq!(s["hooks"]["PreToolUse"].as_array().unwrap().len(), 2);
        assert_eq!(
            s["hooks"]["PreToolUse"][1]["hooks"][0]["command"],
            "/opt/toolgate hook"
        );
    }

    #[test]
    fn merge_refuses_wrong_shapes() {
        assert!(merge_hook(&mut json!([]), "t hook", 30).is_err());
        assert!(merge_hook(&mut json!({"hooks": []}), "t hook", 30).is_err());
        assert!(merge_hook(&mut json!({"hooks": {"PreToolUse": {}}}), "t hook", 30).is_err());
    }

    #[test]
    fn quoting_and_diff() {
        assert_eq!(shell_quote("/usr/bin/toolgate"), "/usr/bin/toolgate");
        assert_eq!(shell_quote("/a b/toolgate"), "'/a b/toolgate'");
        assert!(is_toolgate_hook_command("'/a b/toolgate' hook --policy x"));
        assert!(!is_toolgate_hook_command("/usr/bin/toolgate mcp"));
        assert_eq!(diff_lines("a\nb\n", "a\nc\n"), "  a\n- b\n+ c\n");
    }
}
