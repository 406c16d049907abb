use serde_json::{Value, json};
use toolgate_policy::HookAnswer;

use super::*;

fn map(v: Value) -> Map<String, Value> {
    v.as_object().cloned().expect("an object")
}

#[test]
fn the_table_has_one_row_per_agent_and_names_round_trip() {
    let all = [
        Agent::Claude,
        Agent::Codex,
        Agent::Gemini,
        Agent::Cursor,
        Agent::Copilot,
        Agent::OpenCode,
    ];
    assert_eq!(AGENTS.len(), all.len());
    for agent in all {
        assert_eq!(AGENTS.iter().filter(|s| s.agent == agent).count(), 1);
        assert_eq!(Agent::from_name(agent.name()), Some(agent));
    }
    assert_eq!(Agent::from_name("Claude"), None);
}

#[test]
fn every_dialect_blocks_its_own_deny_and_not_its_own_silence() {
    let deny = HookAnswer::deny("toolgate: no.".into());
    for spec in AGENTS {
        let reply = spec.agent.write_answer(&deny);
        assert_eq!(reply.exit_code, 2, "{}", spec.name);
        assert_eq!(reply.host_answer, HostAnswerKind::Deny);
        assert!(
            spec.agent.blocks(
                Some(2),
                &reply.stdout,
                reply.stderr.as_deref().unwrap_or("")
            ),
            "{}",
            spec.name
        );
        // The same stdout with exit 0 still blocks: the JSON alone is a deny.
        assert!(
            spec.agent.blocks(Some(0), &reply.stdout, ""),
            "{}",
            spec.name
        );
        let none = spec.agent.write_answer(&HookAnswer::no_decision());
        assert_eq!(none.exit_code, 0);
        assert!(
            !spec.agent.blocks(Some(0), &none.stdout, ""),
            "{}",
            spec.name
        );
    }
}

#[test]
fn the_universal_deny_blocks_on_every_host() {
    let reply = HostReply::universal_deny("toolgate: no.");
    for spec in AGENTS {
        assert!(
            spec.agent.blocks(
                Some(2),
                &reply.stdout,
                reply.stderr.as_deref().unwrap_or("")
            ),
            "{}",
            spec.name
        );
    }
}

#[test]
fn hosts_that_cannot_ask_get_a_deny_that_says_how_to_approve() {
    let ask = HookAnswer {
        decision: Some((PermissionDecision::Ask, "Rule R needs a person.".into())),
    };
    for spec in AGENTS {
        let reply = spec.agent.write_answer(&ask);
        if spec.can_ask {
            assert_eq!(reply.host_answer, HostAnswerKind::Ask, "{}", spec.name);
        } else {
            assert_eq!(reply.host_answer, HostAnswerKind::Deny, "{}", spec.name);
            assert!(reply.stdout.contains("can approve it"), "{}", spec.name);
            assert!(!reply.stdout.contains("\"ask\""), "{}", spec.name);
        }
    }
}

#[test]
fn codex_never_prints_allow_ask_or_anything_on_no_decision() {
    for answer in [
        HookAnswer::no_decision(),
        HookAnswer {
            decision: Some((PermissionDecision::Allow, "fine".into())),
        },
    ] {
        let reply = Agent::Codex.write_answer(&answer);
        assert_eq!(reply.stdout, "");
        assert_eq!(reply.stderr, None);
        assert_eq!(reply.exit_code, 0);
    }
}

#[test]
fn shapes_are_recognised() {
    let claude = json!({"session_id": "s", "transcript_path": "/h/.claude/projects/x.jsonl",
                        "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {}});
    assert_eq!(detect(&map(claude)), Some(Agent::Claude));
    let codex = json!({"session_id": "s", "turn_id": "t", "hook_event_name": "PreToolUse",
                       "tool_name": "Bash", "tool_input": {}});
    assert_eq!(detect(&map(codex)), Some(Agent::Codex));
    let gemini = json!({"hook_event_name": "BeforeTool", "tool_name": "x", "tool_input": {}});
    assert_eq!(detect(&map(gemini)), Some(Agent::Gemini));
    let cursor = json!({"hook_event_name": "beforeShellExecution", "command": "ls",
                        "conversation_id": "c"});
    assert_eq!(detect(&map(cursor)), Some(Agent::Cursor));
    let copilot = json!({"sessionId": "s", "toolName": "bash", "toolArgs": "{}"});
    assert_eq!(detect(&map(copilot)), Some(Agent::Copilot));
    let opencode = json!({"tool": "bash", "callID": "c", "args": {}});
    assert_eq!(detect(&map(opencode)), Some(Agent::OpenCode));
    assert_eq!(detect(&map(json!({"tool_name": "Bash"}))), None);
}

#[test]
fn the_shell_event_of_every_host_reads_back_as_one_bash_call() {
    for spec in AGENTS {
        let event = shell_event(spec.agent, "rm -rf ~", "/w");
        assert_eq!(
            detect(event.as_object().unwrap()),
            Some(spec.agent),
            "{}",
            spec.name
        );
        let Ok(HostEvent::Calls(calls)) = spec.agent.read_event(&event) else {
            panic!("{}: not read", spec.name);
        };
        assert_eq!(calls.calls.len(), 1, "{}", spec.name);
        assert_eq!(calls.calls[0].tool_name, "Bash", "{}", spec.name);
        assert_eq!(calls.calls[0].input["command"], "rm -rf ~", "{}", spec.name);
        assert_eq!(calls.cwd.as_deref(), Some("/w"), "{}", spec.name);
    }
}

#[test]
fn geminis_search_is_a_content_search() {
    let event = json!({
        "hook_event_name": "BeforeTool",
        "tool_name": "grep_search",
        "tool_input": {"pattern": "token", "dir_path": "/home/u/.aws"},
        "cwd": "/home/u/proj",
    });
    let Ok(HostEvent::Calls(calls)) = Agent::Gemini.read_event(&event) else {
        panic!("not read");
    };
    assert_eq!(calls.calls[0].tool_name, "Grep");
    assert_eq!(calls.calls[0].input["path"], "/home/u/.aws");
    assert_eq!(calls.calls[0].input["output_mode"], "content");
    // Its printed lines are judged as what Read would show.
    let guard = crate::Guard::new(std::sync::Arc::new(toolgate_policy::Policy::builtin()));
    let cx = crate::CallContext {
        cwd: Some("/home/u/proj".into()),
        process_cwd: None,
        home: Some(std::path::PathBuf::from("/home/u").into()),
        tmpdir: None,
        binary: None,
    };
    let d = guard.check_host_calls(&calls, &cx);
    assert!(
        d.rule_ids.iter().any(|r| r == "TG-EXFIL-CREDENTIAL-READ"),
        "{:?}",
        d.rule_ids
    );
}
