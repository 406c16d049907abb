//! One `claude -p` session in a throw-away home and work directory, with `toolgate hook`
//! registered as the PreToolUse hook and the CLI pointed at the fake Messages API.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::fake_api::{FINAL_TEXT, FakeApi, ScriptedCall, TOOL_USE_ID, ToolResult};

/// A CLI run that takes longer than this is killed and the test fails.
const RUN_TIMEOUT: Duration = Duration::from_secs(60);

/// The stdio MCP server registered as `harness`.
pub const MCP_SERVER: &str = include_str!("mcp_server.py");

/// The Claude Code CLI: `$TOOLGATE_CLAUDE_BIN`, else the copy `scripts/install-claude-code`
/// puts into the workspace. Panics (the test fails, it is never skipped) when neither exists.
pub fn claude_bin() -> PathBuf {
    const HINT: &str = "run scripts/install-claude-code (it installs the pinned CLI into \
                        .tools/claude-code), or point TOOLGATE_CLAUDE_BIN at a claude binary";
    if let Some(bin) = std::env::var_os("TOOLGATE_CLAUDE_BIN") {
        let bin = PathBuf::from(bin);
        assert!(
            bin.is_file(),
            "TOOLGATE_CLAUDE_BIN={} does not exist: {HINT}",
            bin.display()
        );
        return bin;
    }
    let bin = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../.tools/claude-code/node_modules/.bin/claude");
    assert!(
        bin.is_file(),
        "the Claude Code CLI is not installed: {HINT}"
    );
    bin
}

/// Quotes `s` for `/bin/sh`.
fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// The real interpreter behind `python3` (a pyenv shim would not work under the fake `HOME`).
pub fn python3() -> PathBuf {
    let out = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .expect("python3 is needed for the MCP test server");
    assert!(
        out.status.success(),
        "python3 does not run: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
}

/// The directories and files of one session.
#[derive(Debug)]
pub struct Session {
    root: tempfile::TempDir,
    /// `$HOME` of the CLI (and of the tools it runs).
    pub home: PathBuf,
    /// The session's working directory.
    pub work: PathBuf,
    policy: PathBuf,
    mcp_config: Option<PathBuf>,
    /// Whether the session's `--settings` registers `toolgate hook` (off when a plugin does).
    settings_hook: bool,
    /// Extra environment for the CLI.
    env: Vec<(String, String)>,
}

impl Session {
    /// A fresh session whose hook uses the policy `policy_yaml`.
    pub fn new(policy_yaml: &str) -> Session {
        let root = tempfile::Builder::new()
            .prefix("toolgate-e2e-")
            .tempdir()
            .expect("temp dir");
        let home = root.path().join("home");
        let work = root.path().join("work");
        for dir in [&home, &work, &root.path().join("tmp")] {
            std::fs::create_dir_all(dir).expect("session directory");
        }
        let policy = root.path().join("policy.yaml");
        std::fs::write(&policy, policy_yaml).expect("write the policy");
        Session {
            root,
            home,
            work,
            policy,
            mcp_config: None,
            settings_hook: true,
            env: Vec::new(),
        }
    }

    /// Registers the stdio MCP server `harness` (tool `touch_marker`); returns the marker
    /// file its tool creates.
    pub fn add_mcp_server(&mut self) -> PathBuf {
        let script = self.root.path().join("mcp_server.py");
        std::fs::write(&script, MCP_SERVER).expect("write the MCP server");
        let marker = self.work.join("mcp-marker");
        let config = json!({"mcpServers": {"harness": {
            "type": "stdio",
            "command": python3(),
            "args": [script, marker],
        }}});
        let path = self.root.path().join("mcp.json");
        std::fs::write(&path, config.to_string()).expect("write the MCP config");
        self.mcp_config = Some(path);
        marker
    }

    /// A session whose hook comes from an installed plugin, not from `--settings`; `env` is
    /// added to the CLI's environment.
    pub fn with_plugin_hook(mut self, env: &[(&str, &str)]) -> Session {
        self.settings_hook = false;
        self.env = env
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        self
    }

    /// The policy file the hook is given.
    pub fn policy_path(&self) -> &Path {
        &self.policy
    }

    /// The hook command line registered with the CLI.
    pub fn hook_command(&self) -> String {
        format!(
            "{} hook --policy {}",
            shell_quote(env!("CARGO_BIN_EXE_toolgate")),
            shell_quote(&self.policy.to_string_lossy())
        )
    }

    fn write_settings(&self) -> PathBuf {
        if !self.settings_hook {
            let path = self.root.path().join("settings.json");
            std::fs::write(&path, json!({"skipWebFetchPreflight": true}).to_string())
                .expect("write the settings");
            return path;
        }
        let settings = json!({
            "hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{
                "type": "command",
                "command": self.hook_command(),
                "timeout": 30,
                "onFailure": "block",
            }]}]},
            "skipWebFetchPreflight": true,
        });
        let path = self.root.path().join("settings.json");
        std::fs::write(&path, settings.to_string()).expect("write the settings");
        path
    }

    /// Runs `claude -p` once: the fake model makes `call`, then ends its turn.
    pub fn run(&self, call: ScriptedCall, permission_mode: &str) -> Outcome {
        let api = FakeApi::start(call);
        let settings = self.write_settings();
        let mut command = Command::new(claude_bin());
        command
            .args(["-p", "Do the scripted task.", "--output-format", "json"])
            .args(["--permission-mode", permission_mode])
            .arg("--settings")
            .arg(&settings);
        if let Some(mcp) = &self.mcp_config {
            command
                .arg("--mcp-config")
                .arg(mcp)
                .arg("--strict-mcp-config");
        }
        command
            .current_dir(&self.work)
            .env_clear()
            .env(
                "PATH",
                std::env::var_os("PATH").unwrap_or_else(|| "/usr/bin:/bin".into()),
            )
            .env("HOME", &self.home)
            .env("TMPDIR", self.root.path().join("tmp"))
            .env("LANG", "C.UTF-8")
            .env("ANTHROPIC_BASE_URL", api.base_url())
            .env("ANTHROPIC_API_KEY", "dummy-e2e-key")
            .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
            .env("DISABLE_AUTOUPDATER", "1")
            // We run as root in CI; bypass modes refuse to start as root without it.
            .env("IS_SANDBOX", "1")
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // Own process group, so a hung run can be killed with everything it started.
            .process_group(0);
        let started = Instant::now();
        let child = command.spawn().expect("start the Claude Code CLI");
        let (status, stdout, stderr) = wait_bounded(child, RUN_TIMEOUT);
        let result = serde_json::from_str(stdout.trim()).unwrap_or(Value::Null);
        Outcome {
            api,
            status,
            stdout,
            stderr,
            result,
            elapsed: started.elapsed(),
        }
    }
}

/// Waits for `child` up to `limit`; on timeout kills its process group. Returns the exit
/// status (`None` on timeout) and the captured stdout and stderr.
pub fn wait_bounded(mut child: Child, limit: Duration) -> (Option<ExitStatus>, String, String) {
    let pid = child.id();
    let drain = |mut pipe: Box<dyn Read + Send>| {
        thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let deadline = Instant::now() + limit;
    let status = loop {
        match child.try_wait().expect("poll the CLI") {
            Some(status) => break Some(status),
            None if Instant::now() >= deadline => break None,
            None => thread::sleep(Duration::from_millis(50)),
        }
    };
    // Also ends what the CLI left behind (MCP server, tool processes) in its group.
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{pid}")])
        .stderr(Stdio::null())
        .status();
    let _ = child.wait();
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    (status, stdout, stderr)
}

/// What one session did.
#[derive(Debug)]
pub struct Outcome {
    /// The fake API with everything it recorded.
    pub api: FakeApi,
    /// The CLI's exit status; `None` when it was killed at the timeout.
    pub status: Option<ExitStatus>,
    /// The CLI's stdout (the `-p` JSON result).
    pub stdout: String,
    /// The CLI's stderr.
    pub stderr: String,
    /// `stdout` parsed (`Value::Null` when it is not JSON).
    pub result: Value,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl Outcome {
    /// Everything worth seeing when an assertion fails.
    pub fn describe(&self) -> String {
        format!(
            "exit: {:?} after {:?}\nrequests:\n{}\ntool results: {:#?}\nstdout: {}\nstderr: {}",
            self.status,
            self.elapsed,
            self.api.summary(),
            self.api.tool_results(),
            self.stdout,
            self.stderr
        )
    }

    /// Asserts the session ran to its scripted end: the CLI exited 0 with the final text as
    /// its result, after sending back a result for the scripted call. Returns that result.
    pub fn completed_tool_result(&self) -> ToolResult {
        assert!(
            self.status.is_some(),
            "the CLI did not finish within {RUN_TIMEOUT:?}\n{}",
            self.describe()
        );
        assert!(
            self.status.is_some_and(|s| s.success()),
            "the CLI failed\n{}",
            self.describe()
        );
        assert_eq!(
            self.result.get("result").and_then(Value::as_str),
            Some(FINAL_TEXT),
            "the session did not end with the scripted final text\n{}",
            self.describe()
        );
        let results = self.api.tool_results();
        assert_eq!(
            results.len(),
            1,
            "expected one tool_result\n{}",
            self.describe()
        );
        let result = results.into_iter().next().expect("one tool_result");
        assert_eq!(result.tool_use_id, TOOL_USE_ID, "{}", self.describe());
        result
    }
}
