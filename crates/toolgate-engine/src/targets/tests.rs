//! Tests of what each check looks at in a tool call.

use super::*;
use serde_json::json;

#[test]
fn bash_command_is_found() {
    let input = json!({"command": "ls -la", "description": "list"});
    assert_eq!(shell_commands("Bash", &input), vec!["ls -la"]);
    assert!(urls("Bash", &input).is_empty());
}

#[test]
fn mcp_shell_arguments_are_found_at_any_depth() {
    let input = json!({"job": {"cmd": "rm -rf /"}, "args": [{"script": "x"}], "note": "command"});
    let mut found = shell_commands("mcp__deploy__run", &input);
    found.sort();
    assert_eq!(found, vec!["rm -rf /", "x"]);
}

#[test]
fn urls_in_mcp_arguments_are_found() {
    let input =
        json!({"target": "HTTP://169.254.169.254/", "text": "see http://a.com now", "n": 1});
    let found = urls("mcp__fetch__get", &input);
    assert_eq!(
        found,
        vec![("HTTP://169.254.169.254/", UrlSource::ToolArgument)]
    );
    assert_eq!(
        urls("WebFetch", &json!({"url": "https://x.com", "prompt": "p"})),
        vec![("https://x.com", UrlSource::WebFetch)]
    );
}

#[test]
fn written_paths_of_file_tools() {
    assert_eq!(
        written_paths("Write", &json!({"file_path": "/a/b", "content": "x"})),
        vec!["/a/b"]
    );
    assert!(written_paths("Read", &json!({"file_path": "/a/b"})).is_empty());
}

#[test]
fn inspecting_tools_carry_commands_as_data() {
    let input = json!({"command": "rm -rf /"});
    for tool in [
        "mcp__toolgate__explain_command",
        "mcp__toolgate__check_tool_call",
        "mcp__lint__lint_shell",
        "mcp__fmt__format_code",
        "mcp__grep__search",
    ] {
        assert!(shell_commands(tool, &input).is_empty(), "{tool}");
    }
    // The dangerous twins: a tool that also does something else, or runs.
    for tool in [
        "mcp__ci__check_and_deploy",
        "mcp__x__run_checks",
        "mcp__x__exec",
        "mcp__x__explain_and_run",
    ] {
        assert_eq!(shell_commands(tool, &input), ["rm -rf /"], "{tool}");
    }
}

#[test]
fn mcp_argument_vectors_of_runners_become_commands() {
    let input = json!({"args": ["rm", "-rf", "/"]});
    assert_eq!(
        shell_commands("mcp__shell__exec", &input),
        ["'rm' '-rf' '/'"]
    );
    let input = json!({"program": "rm", "args": ["-rf", "it's"]});
    assert_eq!(
        shell_commands("mcp__proc__runProgram", &input),
        ["'rm' '-rf' 'it'\\''s'"]
    );
    // A tool that runs nothing: its `args` are data.
    assert!(shell_commands("mcp__notes__save_note", &json!({"args": ["rm"]})).is_empty());
}

#[test]
fn mcp_tools_that_may_write_are_searched_for_paths() {
    let input = json!({"path": "/p/.claude/settings.json", "content": "{}"});
    let mut found = written_paths("mcp__fs__write_file", &input);
    found.sort_unstable();
    assert_eq!(found, ["/p/.claude/settings.json", "{}"]);
    assert_eq!(
        written_paths("mcp__fs__move", &json!({"to": {"p": "a"}})),
        ["a"]
    );
    // Read-only names are not.
    assert!(written_paths("mcp__fs__read_file", &input).is_empty());
    assert!(written_paths("Read", &json!({"file_path": "/x"})).is_empty());
}

#[test]
fn file_tools_that_delete_or_move_are_their_shell_commands() {
    let cases = [
        (
            "mcp__fs__delete_file",
            json!({"path": "/etc/passwd"}),
            "'rm' '--' '/etc/passwd'",
        ),
        (
            "mcp__fs__delete_directory",
            json!({"path": "/home/me"}),
            "'rm' '-r' '--' '/home/me'",
        ),
        (
            "mcp__fs__remove",
            json!({"paths": ["a", "b"], "recursive": true}),
            "'rm' '-r' '--' 'a' 'b'",
        ),
        (
            "mcp__fs__move_file",
            json!({"source": "/home/me/proj/src", "destination": "/tmp/x"}),
            "'mv' '--' '/home/me/proj/src' '/tmp/x'",
        ),
    ];
    for (tool, input, expected) in &cases {
        assert_eq!(shell_commands(tool, input), [*expected], "{tool}");
    }
    // No path argument, or a tool that neither deletes nor moves: nothing.
    for (tool, input) in [
        ("mcp__github__delete_branch", json!({"branch": "x"})),
        ("mcp__fs__write_file", json!({"path": "a", "content": "b"})),
        ("mcp__fs__move_file", json!({"source": "a"})),
    ] {
        assert!(shell_commands(tool, &input).is_empty(), "{tool}");
    }
}

#[test]
fn kubernetes_tools_are_their_kubectl_commands() {
    assert_eq!(
        shell_commands(
            "mcp__kubernetes__kubectl_delete",
            &json!({"resourceType": "namespace", "name": "prod"})
        ),
        ["'kubectl' 'delete' 'namespace' 'prod'"]
    );
    assert_eq!(
        shell_commands(
            "mcp__k8s__kubectl_delete",
            &json!({"resourceType": "pods", "namespace": "web", "all": true})
        ),
        ["'kubectl' 'delete' 'pods' '-n' 'web' '--all'"]
    );
    assert!(shell_commands("mcp__notes__delete_note", &json!({"name": "x"})).is_empty());
}

#[test]
fn the_aws_servers_cli_command_is_a_command() {
    assert_eq!(
        shell_commands(
            "mcp__aws__call_aws",
            &json!({"cli_command": "aws s3 rb s3://b --force"})
        ),
        ["aws s3 rb s3://b --force"]
    );
}

#[test]
fn argument_vectors_under_command_names_are_one_command() {
    let cases = [
        (json!({"command": ["rm", "-rf", "/"]}), "'rm' '-rf' '/'"),
        (
            json!({"command": "rm", "args": ["-rf", "/"]}),
            "'rm' '-rf' '/'",
        ),
        (
            json!({"cmd": ["bash", "-c", "rm -rf /"]}),
            "'bash' '-c' 'rm -rf /'",
        ),
    ];
    for (input, expected) in &cases {
        assert_eq!(shell_commands("mcp__x__do", input), [*expected], "{input}");
    }
}

#[test]
fn claude_codes_own_tools_are_one_table() {
    for (i, t) in OWN_TOOLS.iter().enumerate() {
        assert!(
            OWN_TOOLS[..i].iter().all(|o| o.name != t.name),
            "{}",
            t.name
        );
        let acts_on = [t.runs, t.fetches, t.writes, t.shows]
            .iter()
            .filter(|k| k.is_some())
            .count();
        assert!(acts_on <= 1, "{}", t.name);
        assert!(!is_other_tool(t.name), "{}", t.name);
    }
    assert!(is_other_tool("mcp__fs__write_file"));
    // Each check reads the argument the table names, and nothing else of an own tool.
    let input = json!({
        "command": "ls",
        "url": "https://x.example/",
        "file_path": "f",
        "notebook_path": "n",
        "path": "p",
    });
    assert_eq!(shell_commands("Bash", &input), ["ls"]);
    assert!(shell_commands("Write", &input).is_empty());
    assert_eq!(urls("WebFetch", &input)[0].0, "https://x.example/");
    for tool in ["Bash", "BashOutput", "Read", "NotebookRead", "ToolSearch"] {
        assert!(urls(tool, &input).is_empty(), "{tool}");
    }
    assert_eq!(written_paths("NotebookEdit", &input), ["n"]);
    assert!(written_paths("Read", &input).is_empty());
    assert_eq!(read_paths("Read", &input), ["f"]);
    assert!(read_paths("Write", &input).is_empty());
    assert!(read_paths("Grep", &input).is_empty());
    let content = json!({"path": "p", "output_mode": "content"});
    assert_eq!(read_paths("Grep", &content), ["p"]);
}
