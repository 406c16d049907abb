//! Gemini CLI (`gemini -p`) against a fake Gemini API, with the hook registered by
//! `toolgate init --agent gemini --scope user`.

use serde_json::{Value, json};

use super::fake_model::{Dialect, FakeModel};
use super::sandbox::{Run, Sandbox, assert_victim_kept, cli, only_output};
use crate::claude_e2e::fake_api::FakeTarget;

struct Gemini {
    sandbox: Sandbox,
}

impl Gemini {
    fn new(policy: &str) -> Gemini {
        let sandbox = Sandbox::new(policy);
        let dir = sandbox.home.join(".gemini");
        std::fs::create_dir_all(&dir).unwrap();
        let (python, script, marker) = sandbox.mcp_server();
        let settings = json!({
            "security": {"auth": {"selectedType": "gemini-api-key"}},
            "mcpServers": {"harness": {"command": python, "args": [script, marker]}},
        });
        std::fs::write(dir.join("settings.json"), settings.to_string()).unwrap();
        let said = sandbox.init("gemini", None);
        assert!(said.contains("registered"), "{said}");
        Gemini { sandbox }
    }

    fn run(&self, call: Value) -> (Run, FakeModel) {
        let model = FakeModel::start(Dialect::Gemini, vec![call]);
        let mut command = self.sandbox.command(&cli("gemini-cli", "gemini"), None);
        command
            .args([
                "-p",
                "Do the scripted task.",
                "--yolo",
                "-m",
                "gemini-2.5-flash",
            ])
            .env("GEMINI_API_KEY", "dummy")
            .env("GOOGLE_GEMINI_BASE_URL", model.base_url())
            .env("GEMINI_CLI_TRUST_WORKSPACE", "true");
        (self.sandbox.run(command), model)
    }
}

fn shell(command: &str) -> Value {
    json!({"name": "run_shell_command", "args": {"command": command}})
}

fn assert_denied_by_toolgate(output: &str, because: &str, run: &Run, model: &FakeModel) {
    assert!(
        output.contains("Tool execution blocked") && output.contains("toolgate"),
        "not refused by toolgate's hook: {output}\n{}",
        run.describe(model)
    );
    assert!(
        output.contains(because),
        "the reason does not say {because:?}: {output}"
    );
}

#[test]
fn gemini_destructive_command_is_denied() {
    let gemini = Gemini::new("constitution: toolgate\n");
    let victim = gemini.sandbox.plant_victim();
    let (run, model) = gemini.run(shell("rm -fr ~/x"));
    let output = only_output(&run, &model);
    assert_victim_kept(&victim, &run, &model);
    assert_denied_by_toolgate(&output, "TG-CMD-RM-HOME", &run, &model);
}

#[test]
fn gemini_ordinary_command_runs() {
    let gemini = Gemini::new("constitution: toolgate\n");
    let (run, model) = gemini.run(shell("touch e2e-marker && echo E2E-RAN"));
    let output = only_output(&run, &model);
    assert!(
        gemini.sandbox.work.join("e2e-marker").exists(),
        "the allowed command did not run\n{}",
        run.describe(&model)
    );
    assert!(output.contains("E2E-RAN"), "{}", run.describe(&model));
}

#[test]
fn gemini_web_fetch_to_a_denied_destination_is_refused() {
    let target = FakeTarget::start();
    let gemini = Gemini::new("constitution: toolgate\n");
    let prompt = format!("Summarise http://{}/ please", target.authority());
    let (run, model) = gemini.run(json!({"name": "web_fetch", "args": {"prompt": prompt}}));
    let output = only_output(&run, &model);
    assert_eq!(
        target.connections(),
        0,
        "the fetch reached its target\n{}",
        run.describe(&model)
    );
    assert_denied_by_toolgate(&output, "private_address", &run, &model);
}

#[test]
fn gemini_write_of_a_secret_is_denied() {
    let gemini = Gemini::new("constitution: toolgate\n");
    let secret = ["ghp", "_", "Zq7Lm2Xv9Rt4Kp8Wn3Bc6Hd1Fg5Js0Ya2Ue4"].concat();
    let target = gemini.sandbox.work.join("config.env");
    let (run, model) = gemini.run(json!({"name": "write_file",
        "args": {"file_path": target, "content": format!("GITHUB_TOKEN={secret}\n")}}));
    let output = only_output(&run, &model);
    assert!(
        !target.exists(),
        "the file was written\n{}",
        run.describe(&model)
    );
    assert_denied_by_toolgate(&output, "TG-SECRET-GITHUB", &run, &model);
    assert!(
        !output.contains(&secret[8..]),
        "the reason repeats the secret: {output}"
    );
}
