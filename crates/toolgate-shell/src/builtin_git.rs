//! git and container rules: git commands that run programs (their programs are analysed as
//! shell), history- and remote-destroying git commands, and containers that escape to the host.

#[path = "builtin_container.rs"]
mod container;

use toolgate_core::Severity;

use crate::SimpleCommand;
use crate::dest::git::{GIT_CONFIG, GIT_GLOBAL};
use crate::dest::{Scan, Value, args_of};
use crate::flag_specs::{SSH, Spec};
use crate::rule::{CommandContext, CommandRule};

/// Conditions of the rules in this file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GitCheck {
    /// `git push --delete`, `-d`, `--prune` or a `:branch` refspec.
    PushDelete,
    /// `git config KEY VALUE` that stores a program git runs later.
    ConfigProgram,
    /// `git -c core.hooksPath=…` / `protocol.*.allow` for one call.
    OneShotUnsafeConfig,
    /// A container with host privileges, host namespaces or host mounts.
    ContainerHostEscape,
}

impl GitCheck {
    /// Whether the condition holds for `cmd`.
    pub(crate) fn holds(&self, cmd: &SimpleCommand, cx: &CommandContext) -> bool {
        match self {
            GitCheck::PushDelete => {
                cmd.flags.contains("delete")
                    || cmd.flags.contains("prune")
                    || cmd
                        .operands
                        .iter()
                        .skip(1)
                        .any(|o| o.len() > 1 && o.starts_with(':'))
            }
            GitCheck::ConfigProgram => persistent_config(cmd).is_some_and(|(key, value)| {
                // An alias without `!` is a git command line, analysed like any other.
                let shell_alias = exec_key(&key).is_none_or(|k| k != "alias.*")
                    || value.trim_start().starts_with('!');
                (exec_key(&key).is_some() && shell_alias && program_of(&key, &value).is_some())
                    || unsafe_key(&key)
            }),
            GitCheck::OneShotUnsafeConfig => {
                git_configs(cmd).iter().any(|(k, _)| unsafe_key(k))
                    || env_configs(cmd).iter().any(|(k, _)| unsafe_key(k))
            }
            GitCheck::ContainerHostEscape => container::container_escapes(cmd, cx),
        }
    }
}

/// Config keys whose value is a program git runs (lower case; `*` is one section part).
const EXEC_KEYS: &[&str] = &[
    "core.pager",
    "pager.*",
    "core.sshcommand",
    "core.editor",
    "sequence.editor",
    "core.askpass",
    "core.gitproxy",
    "core.fsmonitor",
    "diff.external",
    "diff.*.command",
    "diff.*.textconv",
    "difftool.*.cmd",
    "mergetool.*.cmd",
    "merge.*.driver",
    "filter.*.clean",
    "filter.*.smudge",
    "filter.*.process",
    "credential.helper",
    "credential.*.helper",
    "gpg.program",
    "gpg.*.program",
    "uploadpack.packobjectshook",
    "alias.*",
    "browser.*.cmd",
    "man.*.cmd",
    "sendemail.sendmailcmd",
];

/// Environment variables whose value is a program git runs.
const EXEC_ENV: &[&str] = &[
    "GIT_SSH_COMMAND",
    "GIT_SSH",
    "GIT_PAGER",
    "GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR",
    "GIT_EXTERNAL_DIFF",
    "GIT_PROXY_COMMAND",
    "GIT_ASKPASS",
    "SSH_ASKPASS",
    // Not git's own, but read the same way: a command line other programs run.
    "PAGER",
    "MANPAGER",
    "SYSTEMD_PAGER",
    "EDITOR",
    "VISUAL",
    "SUDO_EDITOR",
    "BROWSER",
    "PROMPT_COMMAND",
    "LESSOPEN",
    "LESSCLOSE",
    "RSYNC_RSH",
    "RSYNC_CONNECT_PROG",
    "CVS_RSH",
];

/// Prompt strings: not command lines, but their command substitutions run each time the
/// prompt is shown (`PS1='$(whoami)@…'`).
const PROMPT_ENV: &[&str] = &["PS0", "PS1", "PS2", "PS3", "PS4"];

/// The scripts a variable assignment makes run later: a command line, or the substitutions
/// of a prompt string.
fn scripts_of_variable(name: &str, value: &str, out: &mut Vec<(&'static str, String)>) {
    if value.trim().is_empty() {
        return;
    }
    if EXEC_ENV.contains(&name) {
        out.push(("git environment", value.to_string()));
    } else if PROMPT_ENV.contains(&name) {
        for sub in crate::words::scan_substitutions(value) {
            out.push(("prompt string", sub.body));
        }
    }
}

/// The pattern of [`EXEC_KEYS`] that `key` matches.
fn exec_key(key: &str) -> Option<&'static str> {
    let key = key.to_ascii_lowercase();
    let parts: Vec<&str> = key.split('.').collect();
    EXEC_KEYS.iter().copied().find(|pattern| {
        let p: Vec<&str> = pattern.split('.').collect();
        match (p.as_slice(), parts.as_slice()) {
            ([a, "*"], [x, _]) => a == x,
            ([a, "*", c], [x, _, .., z]) => a == x && c == z,
            _ => p == parts,
        }
    })
}

/// Keys that make git run (or skip) programs that cannot be analysed here.
fn unsafe_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    key == "core.hookspath"
        || (key.starts_with("protocol.") && key.ends_with(".allow"))
        || key == "protocol.allow"
}

/// The shell text of the program a config value runs, if it runs one.
fn program_of(key: &str, value: &str) -> Option<String> {
    let lower = key.to_ascii_lowercase();
    let value = value.trim();
    if value.is_empty() {
        return None;
    }
    if lower.starts_with("alias.") {
        // `!cmd` is shell; anything else is a git command line.
        return Some(match value.strip_prefix('!') {
            Some(shell) => shell.to_string(),
            None => format!("git {value}"),
        });
    }
    if lower == "core.fsmonitor" && matches!(value, "true" | "false") {
        return None;
    }
    Some(value.strip_prefix('!').unwrap_or(value).to_string())
}

/// `-c key=value` options given to git before its subcommand.
fn git_configs(cmd: &SimpleCommand) -> Vec<(String, String)> {
    if cmd.program_lower() != "git" {
        return Vec::new();
    }
    Scan::read(&args_of(cmd, 0), &GIT_GLOBAL, true)
        .values(&["-c"])
        .filter_map(|v| v.text.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// `GIT_CONFIG_KEY_n` / `GIT_CONFIG_VALUE_n` pairs in the command's environment.
fn env_configs(cmd: &SimpleCommand) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (name, key) in &cmd.env {
        if let Some(n) = name.strip_prefix("GIT_CONFIG_KEY_") {
            let value_name = format!("GIT_CONFIG_VALUE_{n}");
            let value = cmd
                .env
                .iter()
                .find(|(k, _)| *k == value_name)
                .map(|(_, v)| v.clone())
                .unwrap_or_default();
            out.push((key.clone(), value));
        }
    }
    out
}

/// `git config [--global …] [set] KEY VALUE`: the key and value stored.
fn persistent_config(cmd: &SimpleCommand) -> Option<(String, String)> {
    if cmd.program_lower() != "git" {
        return None;
    }
    let args = args_of(cmd, 0);
    let global = Scan::read(&args, &GIT_GLOBAL, true);
    let at = global.stop?;
    if !args[at].text.eq_ignore_ascii_case("config") {
        return None;
    }
    let scan = Scan::read(&args[at + 1..], &GIT_CONFIG, false);
    let ops = &scan.operands;
    let skip = usize::from(ops.first().is_some_and(|o| o.text == "set"));
    match (ops.get(skip), ops.get(skip + 1)) {
        (Some(k), Some(v)) => Some((k.text.clone(), v.text.clone())),
        // `git config --add core.hooksPath x` reads the same; `--unset` stores nothing.
        _ => None,
    }
}

/// Words quoted so that the shell reads them back as the same argv.
pub(crate) fn quote_argv(words: &[Value]) -> String {
    words
        .iter()
        .map(|w| {
            if w.dynamic {
                format!("\"{}\"", w.text)
            } else {
                format!("'{}'", w.text.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Words joined with spaces, as a shell would evaluate `"$*"`.
fn join(words: &[Value]) -> String {
    words
        .iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// git options whose value is a shell command, per subcommand.
fn git_command_options(sub: &str) -> (&'static Spec, &'static [&'static str]) {
    const REBASE: Spec = Spec {
        short_val: "xsXC",
        long_val: &["exec", "onto", "strategy", "strategy-option", "gpg-sign"],
        short: &[],
        long: &[],
        long_flags: &[],
        abbreviate: false,
    };
    const TRANSPORT: Spec = Spec {
        short_val: "uo",
        long_val: &["upload-pack", "receive-pack", "exec", "remote"],
        short: &[],
        long: &[],
        long_flags: &[],
        abbreviate: false,
    };
    const FILTER_BRANCH: Spec = Spec {
        short_val: "d",
        long_val: &[
            "tree-filter",
            "index-filter",
            "msg-filter",
            "env-filter",
            "commit-filter",
            "parent-filter",
            "tag-name-filter",
            "subdirectory-filter",
            "original",
            "setup",
        ],
        short: &[],
        long: &[],
        long_flags: &[],
        abbreviate: false,
    };
    const DIFFTOOL: Spec = Spec {
        short_val: "tx",
        long_val: &["tool", "extcmd"],
        short: &[],
        long: &[],
        long_flags: &[],
        abbreviate: false,
    };
    match sub {
        "rebase" => (&REBASE, &["-x", "--exec"]),
        "clone" => (&TRANSPORT, &["-u", "--upload-pack"]),
        "fetch" | "pull" | "ls-remote" => (&TRANSPORT, &["--upload-pack"]),
        "push" => (&TRANSPORT, &["--receive-pack", "--exec"]),
        "archive" => (&TRANSPORT, &["--exec"]),
        "filter-branch" => (
            &FILTER_BRANCH,
            &[
                "--tree-filter",
                "--index-filter",
                "--msg-filter",
                "--env-filter",
                "--commit-filter",
                "--parent-filter",
                "--tag-name-filter",
                "--setup",
            ],
        ),
        "difftool" | "mergetool" => (&DIFFTOOL, &["-x", "--extcmd"]),
        _ => (&crate::flag_specs::NONE, &[]),
    }
}

/// `socat … EXEC:cmd` / `SYSTEM:cmd`, `nc -e prog` / `ncat -c cmd`: programs wired to a socket.
fn socket_scripts(cmd: &SimpleCommand, program: &str, out: &mut Vec<(&'static str, String)>) {
    if program == "socat" {
        for a in &cmd.args {
            let Some((kind, rest)) = a.split_once(':') else {
                continue;
            };
            if matches!(kind.to_ascii_uppercase().as_str(), "EXEC" | "SYSTEM") {
                let command = rest.split(',').next().unwrap_or(rest);
                out.push(("socat EXEC", command.to_string()));
            }
        }
        return;
    }
    let scan = Scan::read(&args_of(cmd, 0), &crate::flag_specs::NC, false);
    for v in scan.values(&["-e", "--exec", "-c", "--sh-exec", "--lua-exec"]) {
        out.push(("nc -e", v.text.clone()));
    }
}

/// Scripts `cmd` makes run besides itself, with the step that leads to each: programs in git
/// config and environment, `git submodule foreach`, `git bisect run`, `git rebase --exec`,
/// ssh's `ProxyCommand`, socat's `EXEC:`, and the command of `docker run` / `docker exec` / `kubectl exec`.
pub(crate) fn nested_scripts(cmd: &SimpleCommand) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for (name, value) in &cmd.env {
        scripts_of_variable(name, value, &mut out);
    }
    for (key, value) in env_configs(cmd) {
        if exec_key(&key).is_some()
            && let Some(p) = program_of(&key, &value)
        {
            out.push(("git environment", p));
        }
    }
    let program = cmd.program_lower();
    match program.as_str() {
        "export" | "declare" | "typeset" => {
            for a in &cmd.args {
                if let Some((name, value)) = a.split_once('=') {
                    scripts_of_variable(name, value, &mut out);
                }
            }
        }
        "git" => git_scripts(cmd, &mut out),
        "ssh" | "scp" | "sftp" => ssh_scripts(cmd, &mut out),
        "socat" | "nc" | "ncat" | "netcat" => socket_scripts(cmd, &program, &mut out),
        "docker" | "podman" | "nerdctl" => container::container_scripts(cmd, &mut out),
        "kubectl" | "oc" => container::kubectl_scripts(cmd, &mut out),
        _ => {}
    }
    out
}

fn git_scripts(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    for (key, value) in git_configs(cmd) {
        if exec_key(&key).is_some()
            && let Some(p) = program_of(&key, &value)
        {
            out.push(("git -c", p));
        }
    }
    if let Some((key, value)) = persistent_config(cmd)
        && exec_key(&key).is_some()
        && let Some(p) = program_of(&key, &value)
    {
        out.push(("git config", p));
    }
    let args = args_of(cmd, 0);
    let Some(at) = Scan::read(&args, &GIT_GLOBAL, true).stop else {
        return;
    };
    let sub = args[at].text.to_ascii_lowercase();
    let rest = &args[at + 1..];
    match sub.as_str() {
        "submodule" => {
            let scan = Scan::read(rest, &crate::flag_specs::NONE, true);
            if let Some(s) = scan.stop
                && rest[s].text == "foreach"
            {
                let inner = Scan::read(&rest[s + 1..], &crate::flag_specs::NONE, true);
                if let Some(i) = inner.stop {
                    let words: Vec<Value> = rest[s + 1 + i..].iter().map(to_value).collect();
                    out.push(("git submodule foreach", join(&words)));
                }
            }
        }
        "bisect" => {
            if rest.first().is_some_and(|a| a.text == "run") && rest.len() > 1 {
                let words: Vec<Value> = rest[1..].iter().map(to_value).collect();
                out.push(("git bisect run", quote_argv(&words)));
            }
        }
        _ => {
            let (spec, names) = git_command_options(&sub);
            if names.is_empty() {
                return;
            }
            let scan = Scan::read(rest, spec, false);
            for v in scan.values(names) {
                out.push(("git option", v.text.clone()));
            }
        }
    }
}

/// A walker argument as a scanned value.
pub(crate) fn to_value(a: &crate::unwrap::Arg) -> Value {
    Value {
        text: a.text.clone(),
        dynamic: a.dynamic,
        one_word: !a.splits,
    }
}

fn ssh_scripts(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    let scan = Scan::read(&args_of(cmd, 0), &SSH, cmd.program_lower() == "ssh");
    for v in scan.values(&["-o"]) {
        let t = v.text.trim();
        let split = t.find(['=', ' ', '\t']).unwrap_or(t.len());
        let key = t[..split].to_ascii_lowercase();
        let value = t[split..].trim_start_matches(['=', ' ', '\t']).trim();
        if matches!(
            key.as_str(),
            "proxycommand" | "localcommand" | "knownhostscommand"
        ) && !value.eq_ignore_ascii_case("none")
        {
            out.push(("ssh -o", value.to_string()));
        }
    }
}

fn rule(id: &str, text: &str, severity: Severity, programs: &[&str]) -> CommandRule {
    let mut r = CommandRule::new(id, text);
    r.severity = severity;
    r.workflow_action = severity.default_action();
    r.programs = programs.iter().map(|s| s.to_string()).collect();
    r
}

fn with(mut r: CommandRule, sub: &[&str], any: &[&str], check: Option<GitCheck>) -> CommandRule {
    r.subcommand = sub.iter().map(|s| s.to_string()).collect();
    r.flags_any = any.iter().map(|s| s.to_string()).collect();
    r.check = check.map(crate::builtin::Check::Git);
    r
}

/// The git and container rules, in evaluation order.
pub(crate) fn rules() -> Vec<CommandRule> {
    let git = &["git"];
    let review = |mut r: CommandRule| {
        r.workflow_action = toolgate_core::WorkflowAction::RequireHumanReview;
        r
    };
    vec![
        with(
            rule(
                "TG-CMD-GIT-PUSH-MIRROR",
                "git push --mirror overwrites and deletes every remote ref",
                Severity::Critical,
                git,
            ),
            &["push"],
            &["mirror"],
            None,
        ),
        review(with(
            rule(
                "TG-CMD-GIT-PUSH-DELETE",
                "git push --delete (or a :branch refspec, or --prune) deletes remote branches",
                Severity::High,
                git,
            ),
            &["push"],
            &[],
            Some(GitCheck::PushDelete),
        )),
        with(
            rule(
                "TG-CMD-GIT-FILTER-BRANCH",
                "git filter-branch rewrites the whole history",
                Severity::Critical,
                git,
            ),
            &["filter-branch"],
            &[],
            None,
        ),
        with(
            rule(
                "TG-CMD-GIT-UPDATE-REF-DELETE",
                "git update-ref -d deletes a ref",
                Severity::Critical,
                git,
            ),
            &["update-ref"],
            &["-d"],
            None,
        ),
        review(with(
            rule(
                "TG-CMD-GIT-CONFIG-PROGRAM",
                "Storing a program (alias, pager, ssh command, hooks path …) in git config runs it on later git commands",
                Severity::High,
                git,
            ),
            &["config"],
            &[],
            Some(GitCheck::ConfigProgram),
        )),
        review(with(
            rule(
                "TG-CMD-GIT-UNSAFE-CONFIG",
                "git run with another hooks directory or unsafe transports runs programs that cannot be checked",
                Severity::High,
                &[],
            ),
            &[],
            &[],
            Some(GitCheck::OneShotUnsafeConfig),
        )),
        with(
            rule(
                "TG-CMD-CONTAINER-HOST-ESCAPE",
                "A container with host privileges, host namespaces or host mounts controls the host",
                Severity::Critical,
                &["docker", "podman", "nerdctl"],
            ),
            &[],
            &[],
            Some(GitCheck::ContainerHostEscape),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exec_keys_match_by_section() {
        assert_eq!(exec_key("core.sshCommand"), Some("core.sshcommand"));
        assert_eq!(exec_key("alias.x"), Some("alias.*"));
        assert_eq!(exec_key("diff.tool.command"), Some("diff.*.command"));
        assert_eq!(exec_key("core.autocrlf"), None);
        assert_eq!(
            program_of("alias.p", "push -f").as_deref(),
            Some("git push -f")
        );
        assert_eq!(
            program_of("alias.p", "!rm -rf ~").as_deref(),
            Some("rm -rf ~")
        );
        assert_eq!(program_of("core.fsmonitor", "true"), None);
    }

    #[test]
    fn argv_quoting_round_trips() {
        let words = [
            Value {
                text: "sh".into(),
                dynamic: false,
                one_word: false,
            },
            Value {
                text: "it's".into(),
                dynamic: false,
                one_word: false,
            },
        ];
        assert_eq!(quote_argv(&words), "'sh' 'it'\\''s'");
    }
}
