//! Running the real `toolgate` binary in a scratch directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

/// The binary under test.
pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_toolgate"))
}

/// A command for `toolgate ARGS` in `dir`, with `HOME` there, no inherited policy or log.
pub fn toolgate(dir: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(bin());
    c.current_dir(dir)
        .env("HOME", dir)
        .env_remove("TOOLGATE_POLICY")
        .env_remove("TOOLGATE_LOG")
        .env_remove("XDG_STATE_HOME")
        .args(args)
        .stdin(Stdio::null());
    c
}

/// A PreToolUse event.
pub fn event(tool: &str, input: Value) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "session_id": "sess-1", "transcript_path": "t.jsonl", "cwd": "/tmp",
        "permission_mode": "default", "hook_event_name": "PreToolUse",
        "tool_name": tool, "tool_input": input, "tool_use_id": "toolu_1"
    }))
    .unwrap()
}

/// Runs `toolgate hook` in `dir` with `stdin` and extra environment.
pub fn hook(dir: &Path, stdin: &[u8], envs: &[(&str, &Path)]) -> Output {
    use std::io::Write;
    let mut c = toolgate(dir, &["hook"]);
    c.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in envs {
        c.env(k, v);
    }
    let mut child = c.spawn().unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

/// The lines of a file, parsed.
pub fn json_lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// stdout as text.
pub fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
