//! Copilot CLI (`copilot -p`, offline, with a BYOK provider) against a fake Responses API, with
//! the hook registered by `toolgate init --agent copilot --scope user`.

use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};

use super::fake_model::{Dialect, FakeModel};
use super::sandbox::{Run, Sandbox, assert_victim_kept, cli, only_output};

/// One Copilot CLI home and work directory.
pub(super) struct Copilot {
    /// The directories.
    pub(super) sandbox: Sandbox,
}

impl Copilot {
    fn new(policy: &str) -> Copilot {
        let copilot = Copilot::configured(policy);
        let said = copilot.sandbox.init("copilot", None);
        assert!(said.contains("registered"), "{said}");
        copilot
    }

    /// A sandbox for Copilot CLI, no hook registered.
    pub(super) fn configured(policy: &str) -> Copilot {
        Copilot {
            sandbox: Sandbox::new(policy),
        }
    }

    fn run(&self, call: Value) -> (Run, FakeModel) {
        self.run_with(call, &[])
    }

    /// Runs `copilot -p` once (offline, the fake as its BYOK provider), with extra environment
    /// for Copilot and the hooks it runs: the fake model makes `call`, then ends its turn.
    pub(super) fn run_with(&self, call: Value, env: &[(&str, &Path)]) -> (Run, FakeModel) {
        let model = FakeModel::start(Dialect::Responses, vec![call]);
        let mut command = self.command(&[]);
        command
            .args(["-p", "Do the scripted task.", "--allow-all-tools"])
            .env(
                "COPILOT_PROVIDER_BASE_URL",
                format!("{}/v1", model.base_url()),
            )
            .env("COPILOT_PROVIDER_WIRE_API", "responses")
            .env("COPILOT_PROVIDER_API_KEY", "dummy")
            .env("COPILOT_MODEL", "gpt-5.5");
        for (name, value) in env {
            command.env(name, value);
        }
        (self.sandbox.run(command), model)
    }

    /// `copilot ARGS`, offline, in the sandbox.
    pub(super) fn command(&self, args: &[&str]) -> Command {
        let mut command = self.sandbox.command(&cli("copilot", "copilot"), None);
        command.args(args).env("COPILOT_OFFLINE", "true").env(
            "COPILOT_CACHE_HOME",
            self.sandbox.home.join(".cache/copilot"),
        );
        command
    }
}

/// A call of Copilot's `bash` tool.
pub(super) fn shell(cmd: &str) -> Value {
    json!({"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "bash",
           "arguments": json!({"command": cmd, "description": "scripted"}).to_string()})
}

#[test]
fn copilot_destructive_command_is_denied_under_allow_all_tools() {
    let copilot = Copilot::new("constitution: toolgate\n");
    let victim = copilot.sandbox.plant_victim();
    let (run, model) = copilot.run(shell("rm -fr ~/x"));
    let output = only_output(&run, &model);
    assert_victim_kept(&victim, &run, &model);
    assert!(
        output.contains("Denied by preToolUse hook") && output.contains("TG-CMD-RM-HOME"),
        "{output}\n{}",
        run.describe(&model)
    );
}

#[test]
fn copilot_ordinary_command_runs() {
    let copilot = Copilot::new("constitution: toolgate\n");
    let (run, model) = copilot.run(shell("touch e2e-marker && echo E2E-RAN"));
    only_output(&run, &model);
    assert!(
        copilot.sandbox.work.join("e2e-marker").exists(),
        "the allowed command did not run\n{}",
        run.describe(&model)
    );
}

#[test]
fn copilot_apply_patch_of_a_protected_file_is_denied() {
    let copilot = Copilot::new("constitution: toolgate\n");
    let call = json!({"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "apply_patch",
                      "input": "*** Begin Patch\n*** Add File: .claude/settings.json\n+{}\n*** End Patch"});
    let (run, model) = copilot.run(call);
    let output = only_output(&run, &model);
    assert!(
        !copilot.sandbox.work.join(".claude/settings.json").exists(),
        "{}",
        run.describe(&model)
    );
    assert!(
        output.contains("TG-FILE-PROTECTED"),
        "{output}\n{}",
        run.describe(&model)
    );
}
