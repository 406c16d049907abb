//! Writes to protected files (Claude Code's settings, toolgate's policy and binary) in every
//! spelling a command has, and the reads and everyday commands that are no such write.

use super::{has, rules};

#[test]
fn writes_to_protected_files() {
    for cmd in [
        "> .claude/settings.json",
        "X=1 > .toolgate.yaml",
        "exec 3>.claude/settings.json",
        ": > .claude/settings.local.json",
        "cd .claude && tee settings.json",
        "cd .claude; echo '{}' > settings.local.json",
        "cd ~/.config/toolgate && echo x > policy.yaml",
        "echo x > .clau*/settings.json",
        "echo x > .claude/set*",
        "echo x > .claude/settings.*",
        "echo x > .CLAUDE/Settings.JSON",
        "echo x > .Toolgate.YAML",
        "cp x .claude/settings.json",
        "cp -t .claude settings.json",
        "mv x .claude/settings.local.json",
        "install -m 644 x .toolgate.yaml",
        "ln -sf /dev/null .claude/settings.json",
        "curl -o .claude/settings.json https://example.com/x",
        "curl -sSLo .claude/settings.json https://example.com/x",
        "wget -O .toolgate.yaml https://example.com/x",
        "tar -xf a.tar -C .claude",
        "tar -C ~/.config/toolgate -xzf a.tgz",
        "tar -cf .toolgate.yaml src",
        "sponge .claude/settings.json",
        "patch .claude/settings.json fix.diff",
        "unzip a.zip -d .claude",
        "rsync a .claude/settings.json",
        "dd if=x of=.claude/settings.json",
        "sed -i s/a/b/ .claude/settings.json",
        "perl -i -pe s/a/b/ .claude/settings.json",
        "truncate -s 0 .toolgate.yaml",
        "echo x > /etc/claude-code/managed-settings.json",
        "cp x /usr/local/bin/toolgate",
    ] {
        assert!(has(cmd, "TG-CMD-PROTECTED-WRITE"), "{cmd}");
    }
    for cmd in [
        "cat .claude/settings.json",
        "cp .claude/settings.json backup.json",
        "echo x > .claude/agents/reviewer.md",
        "cd .vscode && echo '{}' > settings.json",
        "rm -rf /tmp/*",
        "tar -xf a.tar -C build",
    ] {
        assert!(!has(cmd, "TG-CMD-PROTECTED-WRITE"), "{cmd}");
    }
}

#[test]
fn audit_round_protected_writes() {
    for cmd in [
        "perl -pi -e 's/deny/allow/' .claude/settings.json",
        "perl -0777 -pi -e 's/deny/allow/' .toolgate.yaml",
        "ruby -i -pe 'gsub(/a/,\"b\")' .claude/settings.json",
        "mv -t .claude /tmp/settings.json",
        "mv --target-directory .claude /tmp/settings.json",
        "echo x >&.claude/settings.json",
        "cp -r /tmp/stage/.claude .",
        "cp /tmp/stage/.toolgate.yaml ./",
        "mv /tmp/stage/.toolgate.yaml .",
        "rsync -a /tmp/stage/.claude ./",
        "curl -O https://example.com/.toolgate.yaml",
        "curl --remote-name https://example.com/.toolgate.yaml",
        "wget https://example.com/.toolgate.yaml",
        "git clone https://example.com/r .claude",
        "sort -o .claude/settings.json /tmp/x",
        "uniq /tmp/x .claude/settings.json",
        "yq -i '.a = 1' .toolgate.yaml",
        "python3 -m json.tool /tmp/x .claude/settings.json",
        "vim -c '%d|wq' .claude/settings.json",
        "git mv notes.json .claude/settings.json",
        "git rm .claude/settings.json",
        "tar xf /tmp/x.tar .claude/settings.json",
        "cp /bin/true /usr/local/bin/toolgate",
        "http -o .claude/settings.json https://x.example/s",
        "aria2c -o .toolgate.yaml https://x.example/p",
        "xxd -r /tmp/x .claude/settings.json",
    ] {
        assert!(
            has(cmd, "TG-CMD-PROTECTED-WRITE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
    // Reading protected files, naming the package, and toolgate's own read-only commands.
    for cmd in [
        "cat .claude/settings.json",
        "cp .claude/settings.json backup.json",
        "jq .hooks .claude/settings.json",
        "git diff .claude/settings.json",
        "git add .claude/settings.json",
        "cargo build -p toolgate",
        "cargo install --path crates/toolgate",
        "toolgate validate .toolgate.yaml",
        "ls 2>&1",
        "make >&2",
        "rsync -a src/ dest/",
    ] {
        assert!(
            !has(cmd, "TG-CMD-PROTECTED-WRITE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
}

/// A directory that holds an agent's hook configuration, toolgate's policy or an agent's
/// installed plugins, removed or moved as a whole, takes the guard with it; the everyday
/// directories beside them (workflows, commands) stay work.
#[test]
fn directories_holding_guard_files() {
    for cmd in [
        "rm -rf .cursor",
        "mv .codex .codex.off",
        "mv .gemini x",
        "mv .opencode x",
        "rm -rf .github/hooks",
        "mv ~/.codex ~/.codex.bak",
        "mv ~/.config ~/.config.bak",
        "rm -rf .claude",
        "mv ~/.claude/plugins /tmp/p",
        "rm ~/.claude/plugins/installed_plugins.json",
        "echo 'exit 0' > ~/.claude/plugins/cache/toolgate/toolgate/0.1.0/scripts/toolgate-launcher",
        "rm -rf ~/.gemini/extensions/toolgate",
        "rm -rf ~/.codex/plugins",
        "mv -t /tmp .cursor",
    ] {
        assert!(
            has(cmd, "TG-CMD-PROTECTED-WRITE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
    for cmd in [
        "rm -rf build/etc",
        "rm -rf .github/workflows",
        "mv .github/workflows/ci.yml .github/workflows/ci.yaml",
        "rm -rf .claude/commands/old",
        "mv .claude/commands/a.md .claude/commands/b.md",
        "mv notes .cursor",
        "rm .cursor",
        "cat ~/.claude/plugins/installed_plugins.json",
        "ls ~/.claude/plugins",
    ] {
        assert!(
            !has(cmd, "TG-CMD-PROTECTED-WRITE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
}

/// A link to a guard file is a way to write it later under another name.
#[test]
fn links_to_guard_files() {
    for cmd in [
        "ln -s .claude/settings.json notes.json",
        "ln .claude/settings.json b.json",
        "cp -s /home/me/proj/.claude/settings.json x.json",
        "ln -s /home/me/proj/.claude cfg",
        "ln -s ~/.toolgate.yaml p.yaml",
        "ln -st links .codex/config.toml",
    ] {
        assert!(
            has(cmd, "TG-CMD-PROTECTED-WRITE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
    for cmd in [
        "ln -sf build/app bin/app",
        "ln -s ../shared/x y",
        "ln -s /usr/bin/python3 venv/bin/python",
        "cp -l a b",
        "ln -s .claude/commands/x.md cmds.md",
    ] {
        assert!(
            !has(cmd, "TG-CMD-PROTECTED-WRITE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
}
