//! OpenCode (`opencode run`) against a fake Responses API, with toolgate's plugin installed by
//! `toolgate init --agent opencode` (user scope, `~/.config/opencode/plugins/toolgate.js`, and
//! project scope, `.opencode/plugins/toolgate.js`).
//!
//! The model is a custom provider in the project's `opencode.json` (`npm: "@ai-sdk/openai"`,
//! which OpenCode bundles; `options.baseURL` is the fake). Two things kept an earlier attempt
//! from going green, both seen in `opencode run --print-logs`:
//!
//! - "Tool execution aborted": the fake's `function_call` item had no `status`. The AI SDK's
//!   schema for `response.output_item.done` requires `status: "completed"` on a function call;
//!   the event failed validation and was dropped, so no `tool-call` part was made, the step
//!   ended with finish reason `stop`, and OpenCode logged "loop exit with orphaned interrupted
//!   tool" and failed the call. The fake now marks finished items `completed`, as the real API
//!   does.
//! - A minute or more before any plugin loads: OpenCode installs `@opencode-ai/plugin` into every
//!   config directory it reads (`~/.config/opencode`, `.opencode/`) before loading plugins, with
//!   npm's retries when the registry is unreachable ("background dependency install failed" in
//!   the log after about 70 s in a network namespace with loopback only). The plugin does not
//!   need that package; `npm_config_offline=true` makes the install fail at once from npm's
//!   cache. With it, and `OPENCODE_DISABLE_MODELS_FETCH`, the CLI connects to nothing but the
//!   fake (checked with `strace -e connect` while writing this test).

use std::path::Path;

use serde_json::{Value, json};

use super::fake_model::{Dialect, FakeModel};
use super::sandbox::{Run, Sandbox, assert_victim_kept, cli, only_output};

/// Where `toolgate init` puts the plugin.
#[derive(Debug, Clone, Copy)]
enum Scope {
    /// `~/.config/opencode/plugins/toolgate.js`.
    User,
    /// `.opencode/plugins/toolgate.js` in the working directory.
    Project,
}

struct OpenCode {
    sandbox: Sandbox,
}

impl OpenCode {
    /// A sandbox with toolgate's plugin installed by `toolgate init --agent opencode`.
    fn new(policy: &str, scope: Scope) -> OpenCode {
        let sandbox = Sandbox::new(policy);
        let (said, plugin) = match scope {
            Scope::User => (
                sandbox.init("opencode", None),
                sandbox.home.join(".config/opencode/plugins/toolgate.js"),
            ),
            Scope::Project => (
                sandbox.init_in_scope("opencode", "project", None),
                sandbox.work.join(".opencode/plugins/toolgate.js"),
            ),
        };
        assert!(said.contains("installed the toolgate plugin"), "{said}");
        assert!(plugin.is_file(), "{said}");
        OpenCode { sandbox }
    }

    /// Runs `opencode run` once: the fake model makes `steps`, then ends its turn.
    fn run(&self, steps: Vec<Value>) -> (Run, FakeModel) {
        let model = FakeModel::start(Dialect::Responses, steps);
        write_config(&self.sandbox.work, &model.base_url());
        let mut command = self.sandbox.command(&cli("opencode", "opencode"), None);
        command
            .args(["run", "--print-logs", "--log-level", "INFO", "--auto"])
            .args(["--model", "fake/fake-model", "Do the scripted task."])
            .env("OPENCODE_DISABLE_MODELS_FETCH", "1")
            .env("OPENCODE_DISABLE_AUTOUPDATE", "1")
            .env("npm_config_offline", "true");
        (self.sandbox.run(command), model)
    }
}

/// The project's `opencode.json`: the fake as a custom provider; every permission is granted,
/// so that toolgate is the only thing that can refuse a call.
fn write_config(work: &Path, base_url: &str) {
    let config = json!({
        "provider": {"fake": {
            "npm": "@ai-sdk/openai",
            "name": "fake",
            "options": {"baseURL": format!("{base_url}/v1"), "apiKey": "dummy"},
            "models": {"fake-model": {"name": "fake-model", "tool_call": true}},
        }},
        "model": "fake/fake-model",
        "small_model": "fake/fake-model",
        "share": "disabled",
        "autoupdate": false,
        "permission": {"bash": "allow", "edit": "allow", "external_directory": "allow"},
    });
    std::fs::write(work.join("opencode.json"), config.to_string()).expect("write opencode.json");
}

/// A call of OpenCode's `bash` tool.
fn bash(command: &str) -> Value {
    function_call(
        "bash",
        json!({"command": command, "description": "scripted"}),
    )
}

fn function_call(name: &str, arguments: Value) -> Value {
    json!({"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": name,
           "arguments": arguments.to_string()})
}

fn assert_denied_by_toolgate(output: &str, because: &str, run: &Run, model: &FakeModel) {
    assert!(
        output.contains("toolgate") && output.contains("was not executed"),
        "not refused by toolgate's plugin: {output}\n{}",
        run.describe(model)
    );
    assert!(
        output.contains(because),
        "the reason does not say {because:?}: {output}"
    );
}

#[test]
fn opencode_destructive_command_is_denied() {
    let opencode = OpenCode::new("constitution: toolgate\n", Scope::User);
    let victim = opencode.sandbox.plant_victim();
    let (run, model) = opencode.run(vec![bash("rm -rf ~/x")]);
    let output = only_output(&run, &model);
    assert_victim_kept(&victim, &run, &model);
    assert_denied_by_toolgate(&output, "TG-CMD-RM-HOME", &run, &model);
}

#[test]
fn opencode_ordinary_command_runs() {
    let opencode = OpenCode::new("constitution: toolgate\n", Scope::User);
    let (run, model) = opencode.run(vec![bash("touch e2e-marker && echo E2E-RAN")]);
    let output = only_output(&run, &model);
    assert!(
        opencode.sandbox.work.join("e2e-marker").exists(),
        "the allowed command did not run\n{}",
        run.describe(&model)
    );
    assert!(output.contains("E2E-RAN"), "{}", run.describe(&model));
}

#[test]
fn opencode_project_plugin_denies_a_write_of_the_policy() {
    let opencode = OpenCode::new("constitution: toolgate\n", Scope::Project);
    let target = opencode.sandbox.work.join(".toolgate.yaml");
    let before = std::fs::read(&target).ok();
    let (run, model) = opencode.run(vec![function_call(
        "write",
        json!({"filePath": target, "content": "constitution: none\n"}),
    )]);
    let output = only_output(&run, &model);
    assert_eq!(
        std::fs::read(&target).ok(),
        before,
        "the policy was written\n{}",
        run.describe(&model)
    );
    assert_denied_by_toolgate(&output, "TG-FILE-PROTECTED", &run, &model);
}
