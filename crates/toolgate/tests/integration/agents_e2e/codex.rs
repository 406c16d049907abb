//! Codex CLI (`codex exec`) against a fake Responses API, with the hook registered and trusted
//! by `toolgate init --agent codex --scope user`.

use std::path::Path;

use serde_json::{Value, json};

use super::fake_model::{Dialect, FakeModel};
use super::sandbox::{Run, Sandbox, assert_victim_kept, cli, only_output};
use crate::claude_e2e::fake_api::FakeTarget;

/// One Codex home and work directory.
pub(super) struct Codex {
    /// The directories.
    pub(super) sandbox: Sandbox,
}

impl Codex {
    /// A sandbox with Codex configured for the fake and toolgate's hook registered and trusted.
    fn new(policy: &str, mcp: bool) -> Codex {
        let codex = Codex::configured(policy, mcp);
        let said = codex.sandbox.init("codex", Some(&Codex::bin_dir()));
        assert!(
            said.contains("recorded that Codex may run the toolgate hook"),
            "{said}"
        );
        codex
    }

    /// The directory of the pinned `codex`.
    pub(super) fn bin_dir() -> std::path::PathBuf {
        cli("codex", "codex").parent().unwrap().to_path_buf()
    }

    /// A sandbox with Codex configured for the fake (model provider, optionally the MCP test
    /// server), no hook registered.
    pub(super) fn configured(policy: &str, mcp: bool) -> Codex {
        let sandbox = Sandbox::new(policy);
        let codex_dir = sandbox.home.join(".codex");
        std::fs::create_dir_all(&codex_dir).unwrap();
        let mut config = String::from(
            "model = \"gpt-5.5\"\nmodel_provider = \"fake\"\n\n[model_providers.fake]\n\
             name = \"fake\"\nbase_url = \"http://127.0.0.1:9/v1\"\nwire_api = \"responses\"\n\
             env_key = \"FAKE_MODEL_KEY\"\n",
        );
        if mcp {
            let (python, script, marker) = sandbox.mcp_server();
            config.push_str(&format!(
                "\n[mcp_servers.harness]\ncommand = {}\nargs = [{}, {}]\n",
                toml_string(&python.to_string_lossy()),
                toml_string(&script.to_string_lossy()),
                toml_string(&marker.to_string_lossy()),
            ));
        }
        std::fs::write(codex_dir.join("config.toml"), config).unwrap();
        Codex { sandbox }
    }

    /// Runs `codex exec` once: the fake model makes `steps`, then ends its turn.
    pub(super) fn run(&self, steps: Vec<Value>) -> (Run, FakeModel) {
        self.run_with(steps, &[])
    }

    /// `run` with extra environment for Codex (and the hooks it runs).
    pub(super) fn run_with(&self, steps: Vec<Value>, env: &[(&str, &Path)]) -> (Run, FakeModel) {
        let model = FakeModel::start(Dialect::Responses, steps);
        let mut command = self.sandbox.command(&cli("codex", "codex"), None);
        command
            .args(["exec", "--skip-git-repo-check", "-s", "danger-full-access"])
            .arg("-c")
            .arg(format!(
                "model_providers.fake.base_url=\"{}/v1\"",
                model.base_url()
            ))
            .arg("Do the scripted task.")
            .env("FAKE_MODEL_KEY", "dummy");
        for (name, value) in env {
            command.env(name, value);
        }
        (self.sandbox.run(command), model)
    }
}

fn toml_string(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// A call of Codex's `exec_command` tool.
pub(super) fn shell(cmd: &str) -> Value {
    json!({"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "exec_command",
           "arguments": json!({"cmd": cmd}).to_string()})
}

fn assert_denied_by_toolgate(output: &str, because: &str, run: &Run, model: &FakeModel) {
    assert!(
        output.contains("blocked by PreToolUse hook") && output.contains("toolgate"),
        "not refused by toolgate's hook: {output}\n{}",
        run.describe(model)
    );
    assert!(
        output.contains(because),
        "the reason does not say {because:?}: {output}"
    );
}

#[test]
fn codex_destructive_command_is_denied() {
    let codex = Codex::new("constitution: toolgate\n", false);
    let victim = codex.sandbox.plant_victim();
    let (run, model) = codex.run(vec![shell("rm -fr ~/x")]);
    let output = only_output(&run, &model);
    assert_victim_kept(&victim, &run, &model);
    assert_denied_by_toolgate(&output, "TG-CMD-RM-HOME", &run, &model);
}

#[test]
fn codex_ordinary_command_runs() {
    let codex = Codex::new("constitution: toolgate\n", false);
    let (run, model) = codex.run(vec![shell("touch e2e-marker && echo E2E-RAN")]);
    let output = only_output(&run, &model);
    assert!(
        codex.sandbox.work.join("e2e-marker").exists(),
        "the allowed command did not run\n{}",
        run.describe(&model)
    );
    assert!(output.contains("E2E-RAN"), "{}", run.describe(&model));
}

#[test]
fn codex_mcp_call_to_a_denied_destination_is_refused() {
    let target = FakeTarget::start();
    let codex = Codex::new("constitution: toolgate\n", true);
    let call = json!({"type": "function_call", "id": "fc_1", "call_id": "call_1",
                      "namespace": "mcp__harness", "name": "fetch_url",
                      "arguments": json!({"url": format!("http://{}/", target.authority())}).to_string()});
    let (run, model) = codex.run(vec![call]);
    let output = only_output(&run, &model);
    assert_eq!(
        target.connections(),
        0,
        "the MCP tool reached its target\n{}",
        run.describe(&model)
    );
    assert!(
        output.contains("blocked by PreToolUse hook") && output.contains("private_address"),
        "{output}\n{}",
        run.describe(&model)
    );
}

#[test]
fn codex_apply_patch_is_checked_as_writes() {
    let codex = Codex::new("constitution: toolgate\n", false);
    // Built at run time so that the source holds no token-shaped literal.
    let secret = ["ghp", "_", "Zq7Lm2Xv9Rt4Kp8Wn3Bc6Hd1Fg5Js0Ya2Ue4"].concat();
    let patch = format!(
        "*** Begin Patch\n*** Add File: notes.txt\n+hello\n*** Add File: config.env\n+GITHUB_TOKEN={secret}\n*** End Patch"
    );
    let call = json!({"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1",
                      "name": "apply_patch", "input": patch});
    let (run, model) = codex.run(vec![call]);
    let output = only_output(&run, &model);
    assert!(
        !codex.sandbox.work.join("config.env").exists(),
        "{}",
        run.describe(&model)
    );
    assert!(
        !codex.sandbox.work.join("notes.txt").exists(),
        "the patch is one call"
    );
    assert!(
        output.contains("TG-SECRET-GITHUB"),
        "{output}\n{}",
        run.describe(&model)
    );
    // Codex itself appends the patch after ". Command:"; toolgate's reason comes before it.
    let reason = output.split(". Command:").next().unwrap_or_default();
    assert!(
        !reason.contains(&secret[8..]),
        "the reason repeats the secret: {reason}"
    );

    // The same patch without the secret is applied.
    let call = json!({"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1",
                      "name": "apply_patch",
                      "input": "*** Begin Patch\n*** Add File: notes.txt\n+hello\n*** End Patch"});
    let (run, model) = codex.run(vec![call]);
    only_output(&run, &model);
    assert!(
        codex.sandbox.work.join("notes.txt").exists(),
        "{}",
        run.describe(&model)
    );
}

#[test]
fn codex_review_is_a_deny_that_says_how_to_approve() {
    let policy = "constitution: toolgate\nrules:\n  - id: REVIEW-DEPLOY\n    text: Deploys need a person\n    \
                  severity: high\n    keywords: [\"deploy-prod\"]\n    workflow_action: require_human_review\n\
                  hook:\n  on_review: ask\n";
    let codex = Codex::new(policy, false);
    let (run, model) = codex.run(vec![shell("touch deploy-prod-marker")]);
    let output = only_output(&run, &model);
    assert!(
        !codex.sandbox.work.join("deploy-prod-marker").exists(),
        "{}",
        run.describe(&model)
    );
    assert_denied_by_toolgate(&output, "REVIEW-DEPLOY", &run, &model);
    assert!(output.contains("can approve it"), "{output}");
}
