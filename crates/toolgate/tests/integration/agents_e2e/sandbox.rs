//! One agent session in a throw-away home and work directory.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration;

use crate::claude_e2e::session::{MCP_SERVER, python3, wait_bounded};

/// A CLI run that takes longer than this is killed and the test fails.
pub const RUN_TIMEOUT: Duration = Duration::from_secs(120);

/// The pinned CLI `bin` installed under `.tools/<dir>`. Panics (the test fails, it is never
/// skipped) when it is missing.
pub fn cli(dir: &str, bin: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../.tools")
        .join(dir)
        .join("node_modules/.bin")
        .join(bin);
    assert!(
        path.is_file(),
        "{} is not installed: run scripts/install-agent-clis (it installs the pinned CLIs into .tools/)",
        path.display()
    );
    path
}

/// The directories of one session.
pub struct Sandbox {
    root: tempfile::TempDir,
    /// `$HOME` of the CLI.
    pub home: PathBuf,
    /// The session's working directory.
    pub work: PathBuf,
}

impl Sandbox {
    /// A fresh sandbox whose user policy (`~/.config/toolgate/policy.yaml`) is `policy_yaml`.
    pub fn new(policy_yaml: &str) -> Sandbox {
        let root = tempfile::Builder::new()
            .prefix("toolgate-agent-e2e-")
            .tempdir()
            .expect("temp dir");
        let home = root.path().join("home");
        let work = root.path().join("work");
        for dir in [&home, &work, &root.path().join("tmp")] {
            std::fs::create_dir_all(dir).expect("sandbox directory");
        }
        let policy = home.join(".config/toolgate/policy.yaml");
        std::fs::create_dir_all(policy.parent().unwrap()).unwrap();
        std::fs::write(&policy, policy_yaml).expect("write the policy");
        Sandbox { root, home, work }
    }

    /// Plants `~/x` holding one file, for a scripted `rm -r ~/x` to try to delete; see
    /// [`assert_victim_kept`].
    pub fn plant_victim(&self) -> PathBuf {
        let victim = self.home.join("x");
        std::fs::create_dir_all(&victim).unwrap();
        std::fs::write(victim.join("keep"), "data").unwrap();
        victim
    }

    /// Writes the stdio MCP test server; returns the Python interpreter, the script and the
    /// marker its `touch_marker` tool creates.
    pub fn mcp_server(&self) -> (PathBuf, PathBuf, PathBuf) {
        let script = self.root.path().join("mcp_server.py");
        std::fs::write(&script, MCP_SERVER).expect("write the MCP server");
        (python3(), script, self.work.join("mcp-marker"))
    }

    /// A command with the sandbox's environment: nothing of the caller's but `PATH` (with
    /// `extra_path` in front).
    pub fn command(&self, program: &Path, extra_path: Option<&Path>) -> Command {
        let mut path = std::env::var_os("PATH").unwrap_or_else(|| "/usr/bin:/bin".into());
        if let Some(dir) = extra_path {
            let mut dirs = vec![dir.to_path_buf()];
            dirs.extend(std::env::split_paths(&path));
            path = std::env::join_paths(dirs).expect("PATH");
        }
        let mut command = Command::new(program);
        command
            .current_dir(&self.work)
            .env_clear()
            .env("PATH", path)
            .env("HOME", &self.home)
            .env("TMPDIR", self.root.path().join("tmp"))
            .env("LANG", "C.UTF-8")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }

    /// Runs `toolgate init --agent <agent> --scope user` as the user would, with `extra_path`
    /// on `PATH` (where the agent's CLI is); returns its stdout.
    pub fn init(&self, agent: &str, extra_path: Option<&Path>) -> String {
        self.init_in_scope(agent, "user", extra_path)
    }

    /// Runs `toolgate init --agent <agent> --scope <scope>` in the work directory, with
    /// `extra_path` on `PATH`; returns its stdout.
    pub fn init_in_scope(&self, agent: &str, scope: &str, extra_path: Option<&Path>) -> String {
        let out = self
            .command(Path::new(env!("CARGO_BIN_EXE_toolgate")), extra_path)
            .args(["init", "--agent", agent, "--scope", scope])
            .output()
            .expect("run toolgate init");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "toolgate init failed\n{stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout
    }

    /// Runs `command` to its end (bounded); kills it and what it started at the limit.
    pub fn run(&self, mut command: Command) -> Run {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
        let child = command.spawn().expect("start the CLI");
        let (status, stdout, stderr) = wait_bounded(child, RUN_TIMEOUT);
        Run {
            status,
            stdout,
            stderr,
        }
    }
}

/// What one CLI run did.
#[derive(Debug)]
pub struct Run {
    /// Exit status (`None`: killed at the limit).
    pub status: Option<ExitStatus>,
    /// Its stdout.
    pub stdout: String,
    /// Its stderr.
    pub stderr: String,
}

impl Run {
    /// Everything worth seeing when an assertion fails.
    pub fn describe(&self, model: &super::fake_model::FakeModel) -> String {
        format!(
            "exit: {:?}\nrequests:\n{}\ntool outputs: {:#?}\nstdout: {}\nstderr: {}",
            self.status,
            model.summary(),
            model.tool_outputs(),
            self.stdout,
            self.stderr
        )
    }
}

/// The file [`Sandbox::plant_victim`] planted is still there after `run`.
#[track_caller]
pub fn assert_victim_kept(victim: &Path, run: &Run, model: &super::fake_model::FakeModel) {
    assert!(
        victim.join("keep").exists(),
        "~/x was deleted\n{}",
        run.describe(model)
    );
}

/// The one tool output of a run that went to its scripted end.
pub fn only_output(run: &Run, model: &super::fake_model::FakeModel) -> String {
    assert!(
        run.status.is_some(),
        "the CLI did not finish\n{}",
        run.describe(model)
    );
    let outputs = model.tool_outputs();
    assert_eq!(
        outputs.len(),
        1,
        "expected one tool output\n{}",
        run.describe(model)
    );
    outputs.into_iter().next().unwrap()
}
