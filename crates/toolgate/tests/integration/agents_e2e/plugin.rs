//! toolgate's Claude Code plugin (`.claude-plugin/`, `hooks/hooks.json`, the launcher) in the
//! other CLIs that read the same layout: installed from a local marketplace by Copilot CLI
//! (`copilot plugin marketplace add`, `copilot plugin install`) and by Codex (`codex plugin
//! marketplace add`, `codex plugin add`), it denies a destructive call and lets an ordinary one
//! run. No hook is registered by `toolgate init` in these sessions, except where Codex's trust
//! has to be recorded (then the registered hook is removed again, so that the plugin's hook is
//! the only one).
//!
//! - Copilot CLI 1.0.102 runs the plugin's `PreToolUse` hook with a Claude-shaped event
//!   (`hook_event_name: "PreToolUse"`, `tool_name: "Bash"`, `tool_input`, no `transcript_path`),
//!   `${CLAUDE_PLUGIN_ROOT}` set, and blocks on exit 2. It then tells the model only "hook
//!   exited with code 2": the reason toolgate printed (on stdout as JSON and on stderr) is not
//!   passed on (with exit 0 the same JSON's reason is). So the test reads toolgate's decision
//!   log to show that toolgate, not a missing binary, denied.
//! - Codex 0.171.0 runs a plugin's hook only when trusted; `toolgate init --agent codex` records
//!   that trust (`trusted_hash` and `trusted_content_hash`, as Codex's own `/hooks` does).

use std::path::Path;

use serde_json::Value;

use super::codex::{self, Codex};
use super::copilot::{self, Copilot};
use super::sandbox::{assert_victim_kept, only_output};
use crate::plugin_e2e::copy_marketplace;

/// The lines of toolgate's decision log at `path`.
fn decisions(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|line| serde_json::from_str(line).expect("a decision log line is JSON"))
        .collect()
}

fn text(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn copilot_installed_plugin_denies_a_destructive_call_and_runs_an_ordinary_one() {
    let copilot = Copilot::configured("constitution: toolgate\n");
    let market = copilot.sandbox.home.join("marketplace");
    copy_marketplace(&market);
    let out = copilot
        .command(&["plugin", "marketplace", "add", &market.to_string_lossy()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    let out = copilot
        .command(&["plugin", "install", "toolgate@toolgate"])
        .output()
        .unwrap();
    assert!(
        out.status.success() && text(&out).contains("installed successfully"),
        "{}",
        text(&out)
    );
    assert!(
        !copilot.sandbox.home.join(".copilot/hooks").exists(),
        "a hook besides the plugin's is registered"
    );

    let log = copilot.sandbox.home.join("decisions.jsonl");
    let toolgate = Path::new(env!("CARGO_BIN_EXE_toolgate"));
    let env = [("TOOLGATE_BIN", toolgate), ("TOOLGATE_LOG", log.as_path())];
    let victim = copilot.sandbox.plant_victim();
    let (run, model) = copilot.run_with(copilot::shell("rm -fr ~/x"), &env);
    let output = only_output(&run, &model);
    assert_victim_kept(&victim, &run, &model);
    assert!(
        output.contains("Denied by preToolUse hook"),
        "not refused by a hook: {output}\n{}",
        run.describe(&model)
    );
    let denied = decisions(&log);
    assert!(
        denied.iter().any(|d| d["decision"] == "deny"
            && d["tool"] == "Bash"
            && d["rule_ids"]
                .as_array()
                .is_some_and(|ids| ids.iter().any(|id| id == "TG-CMD-RM-HOME"))),
        "toolgate did not log the deny: {denied:#?}\n{}",
        run.describe(&model)
    );

    let (run, model) = copilot.run_with(copilot::shell("touch e2e-marker && echo E2E-RAN"), &env);
    only_output(&run, &model);
    assert!(
        copilot.sandbox.work.join("e2e-marker").exists(),
        "the allowed command did not run\n{}",
        run.describe(&model)
    );
}

#[test]
fn codex_installed_plugin_denies_a_destructive_call_once_trusted() {
    let codex = Codex::configured("constitution: toolgate\n", false);
    let market = codex.sandbox.home.join("marketplace");
    copy_marketplace(&market);
    let run_codex = |args: &[&str]| {
        codex
            .sandbox
            .command(&super::sandbox::cli("codex", "codex"), None)
            .args(args)
            .output()
            .unwrap()
    };
    let out = run_codex(&["plugin", "marketplace", "add", &market.to_string_lossy()]);
    assert!(out.status.success(), "{}", text(&out));
    let out = run_codex(&["plugin", "add", "toolgate@toolgate"]);
    assert!(out.status.success(), "{}", text(&out));

    // `init` trusts the hook it registers and the plugin's; the registered hook is then
    // removed, so that only the plugin's hook can refuse the call.
    let said = codex.sandbox.init("codex", Some(&Codex::bin_dir()));
    assert!(
        said.contains("recorded that Codex may run the toolgate hook (toolgate@toolgate:hooks/hooks.json:pre_tool_use:0:0)"),
        "{said}"
    );
    std::fs::remove_file(codex.sandbox.home.join(".codex/hooks.json")).unwrap();

    let toolgate = Path::new(env!("CARGO_BIN_EXE_toolgate"));
    let env = [("TOOLGATE_BIN", toolgate)];
    let victim = codex.sandbox.plant_victim();
    // `rm -r`, not `rm -rf`: Codex itself refuses `rm -f`, which would hide a hook that did not
    // run.
    let (run, model) = codex.run_with(vec![codex::shell("rm -r ~/x")], &env);
    let output = only_output(&run, &model);
    assert_victim_kept(&victim, &run, &model);
    assert!(
        output.contains("blocked by PreToolUse hook")
            && output.contains("toolgate")
            && output.contains("TG-CMD-RM-HOME"),
        "not refused by toolgate's plugin hook: {output}\n{}",
        run.describe(&model)
    );

    let (run, model) = codex.run_with(vec![codex::shell("touch e2e-marker && echo E2E-RAN")], &env);
    let output = only_output(&run, &model);
    assert!(
        codex.sandbox.work.join("e2e-marker").exists(),
        "the allowed command did not run\n{}",
        run.describe(&model)
    );
    assert!(output.contains("E2E-RAN"), "{}", run.describe(&model));
}
