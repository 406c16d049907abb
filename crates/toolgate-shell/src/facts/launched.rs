//! Scripts a command makes run besides itself: programs in git config and environment
//! variables, `git submodule foreach`, `git bisect run`, `git rebase --exec`, ssh's
//! `ProxyCommand`, socat's `EXEC:`, `nc -e`, tar's, zip's and tmux's command options and commands,
//! the command of `docker run` / `docker exec` / `kubectl exec`, the MCP servers a coding
//! agent is started with, and the commands cloud and fleet CLIs run on other machines
//! (`remote_commands`). The walker analyses each as shell.

use crate::facts::git::{env_configs, git_configs, persistent_config};
use crate::knowledge::git_config::{EXEC_ENV, PROMPT_ENV, exec_key, program_of};
use crate::knowledge::specs::{
    COMPOSE, COMPOSE_EXEC, COMPOSE_RUN, DOCKER_EXEC, DOCKER_GLOBAL, DOCKER_RUN, GIT_DIFFTOOL,
    GIT_FILTER_BRANCH, GIT_GLOBAL, GIT_REBASE, GIT_TRANSPORT, KUBECTL, SSH, Spec,
};
use crate::model::SimpleCommand;
use crate::options::{Scan, Value, args_of};

/// The scripts a variable assignment makes run later: a command line, or the substitutions
/// of a prompt string.
fn scripts_of_variable(name: &str, value: &str, out: &mut Vec<(&'static str, String)>) {
    if value.trim().is_empty() {
        return;
    }
    if EXEC_ENV.contains(&name) {
        out.push(("git environment", value.to_string()));
    } else if PROMPT_ENV.contains(&name) {
        for sub in crate::syntax::words::scan_substitutions(value) {
            out.push(("prompt string", sub.body));
        }
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
    match sub {
        "rebase" => (&GIT_REBASE, &["-x", "--exec"]),
        "clone" => (&GIT_TRANSPORT, &["-u", "--upload-pack"]),
        "fetch" | "pull" | "ls-remote" => (&GIT_TRANSPORT, &["--upload-pack"]),
        "push" => (&GIT_TRANSPORT, &["--receive-pack", "--exec"]),
        "archive" => (&GIT_TRANSPORT, &["--exec"]),
        "filter-branch" => (
            &GIT_FILTER_BRANCH,
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
        "difftool" | "mergetool" => (&GIT_DIFFTOOL, &["-x", "--extcmd"]),
        _ => (&crate::knowledge::specs::NONE, &[]),
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
    let scan = Scan::read(&args_of(cmd, 0), &crate::knowledge::specs::NC, false);
    for v in scan.values(&["-e", "--exec", "-c", "--sh-exec", "--lua-exec"]) {
        out.push(("nc -e", v.text.clone()));
    }
}

/// tar's options whose value is a command it runs through a shell: `--to-command`, the
/// compressor (`-I`, `--use-compress-program`), the volume scripts (`-F`, `--info-script`,
/// `--new-volume-script`), `--rsh-command` and `--checkpoint-action=exec=CMD`.
fn tar_scripts(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    let scan = Scan::read(&args_of(cmd, 0), &crate::knowledge::specs::TAR, false);
    for v in scan.values(&[
        "--to-command",
        "-I",
        "--use-compress-program",
        "-F",
        "--info-script",
        "--new-volume-script",
        "--rsh-command",
    ]) {
        out.push(("tar command option", v.text.clone()));
    }
    for v in scan.values(&["--checkpoint-action"]) {
        if let Some(command) = v.text.strip_prefix("exec=") {
            out.push(("tar --checkpoint-action", command.to_string()));
        }
    }
}

/// rsync's remote shell (`-e` / `--rsh`): a command line it runs to connect, as
/// `RSYNC_RSH` is (`-e 'ssh -J jump'`: ssh's options there decide where it connects).
fn rsync_scripts(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    let scan = Scan::read(&args_of(cmd, 0), &crate::knowledge::specs::RSYNC, false);
    for v in scan.values(&["-e", "--rsh"]) {
        out.push(("rsync -e", v.text.clone()));
    }
}

/// A coding agent's option whose value may be an MCP server list as JSON: each stdio
/// server's `command` with its `args` is a program the agent starts (`claude --mcp-config
/// '{"mcpServers": {"x": {"command": "sh", "args": ["-c", "…"]}}}'`). A file name is not read.
fn mcp_config_scripts(cmd: &SimpleCommand, program: &str, out: &mut Vec<(&'static str, String)>) {
    let (spec, names): (&Spec, &[&str]) = match program {
        "claude" => (&crate::knowledge::specs::CLAUDE, &["--mcp-config"]),
        _ => (
            &crate::knowledge::specs::COPILOT,
            &["--additional-mcp-config"],
        ),
    };
    let scan = Scan::read(&args_of(cmd, 0), spec, false);
    for v in scan.values(names) {
        let Ok(config) = serde_json::from_str::<serde_json::Value>(v.text.trim()) else {
            continue;
        };
        let servers = ["mcpServers", "servers"]
            .iter()
            .filter_map(|k| config.get(k)?.as_object())
            .flat_map(|servers| servers.values());
        for server in servers {
            let Some(command) = server.get("command").and_then(|c| c.as_str()) else {
                continue;
            };
            let args = server.get("args").and_then(|a| a.as_array());
            let words: Vec<Value> = std::iter::once(command)
                .chain(args.into_iter().flatten().filter_map(|a| a.as_str()))
                .map(|w| Value {
                    text: w.to_string(),
                    dynamic: v.dynamic,
                    one_word: true,
                })
                .collect();
            out.push(("MCP server", quote_argv(&words)));
        }
    }
}

/// zip's `-TT CMD` (`--unzip-command CMD`): the command `-T` tests the archive with, run
/// through a shell. `-TT` is a two-letter option no POSIX spec can spell, so it is matched
/// as the word it is.
fn zip_scripts(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    for (i, a) in cmd.args.iter().enumerate() {
        let value = match a.split_once('=') {
            Some(("--unzip-command", v)) => Some(v),
            _ if a == "-TT" || a == "--unzip-command" => cmd.args.get(i + 1).map(String::as_str),
            _ => None,
        };
        if let Some(command) = value {
            out.push(("zip -TT", command.to_string()));
        }
    }
}

/// What a tmux command's operands are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TmuxOperands {
    /// A shell command: one word is a script, several an argument vector.
    ShellCommand,
    /// The first operand is a shell command (`if-shell CMD …`).
    FirstIsShellCommand,
    /// Keys typed into a pane (`send-keys 'rm -rf ~' Enter`): what a shell there runs.
    Keys,
}

/// tmux commands that run shell commands, with the letters of their options that take a
/// value.
const TMUX_COMMANDS: &[(&[&str], &str, TmuxOperands)] = &[
    (
        &["new-session", "new"],
        "cefFnstxy",
        TmuxOperands::ShellCommand,
    ),
    (&["new-window", "neww"], "ceFnt", TmuxOperands::ShellCommand),
    (
        &["split-window", "splitw"],
        "ceFlt",
        TmuxOperands::ShellCommand,
    ),
    (
        &["respawn-pane", "respawnp", "respawn-window", "respawnw"],
        "cet",
        TmuxOperands::ShellCommand,
    ),
    (&["run-shell", "run"], "cdt", TmuxOperands::ShellCommand),
    (
        &["display-popup", "popup"],
        "cdehsStTwxy",
        TmuxOperands::ShellCommand,
    ),
    (&["pipe-pane", "pipep"], "t", TmuxOperands::ShellCommand),
    (&["if-shell", "if"], "t", TmuxOperands::FirstIsShellCommand),
    (&["send-keys", "send"], "cNt", TmuxOperands::Keys),
];

/// Key names that end a typed line.
const TMUX_ENTER_KEYS: &[&str] = &["Enter", "C-m", "C-j", "KPEnter"];

/// tmux's global options (`-c CMD` runs a shell command) and the commands of its command
/// line, separated by `;`, that run shell commands or type keys into a shell.
fn tmux_scripts(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    let args = args_of(cmd, 0);
    let globals = Scan::read(&args, &crate::knowledge::specs::TMUX, true);
    for v in globals.values(&["-c"]) {
        out.push(("tmux -c", v.text.clone()));
    }
    let Some(mut at) = globals.stop else { return };
    while at < args.len() {
        let end = args[at..]
            .iter()
            .position(|a| a.text == ";")
            .map_or(args.len(), |p| at + p);
        tmux_command(&args[at..end], out);
        at = end + 1;
    }
}

/// `screen -X stuff TEXT` (keys typed into a window's shell; `\n`, `\r`, `^M` and `\015`
/// are Enter) and `screen -X exec CMD ARGS` (a program run in a window).
fn screen_scripts(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    use crate::knowledge::specs::{SCREEN, SCREEN_RUNS};
    let args = args_of(cmd, 0);
    // Its options end at the first operand: the words after `-X CMD` are the command's.
    let scan = Scan::read(&args, &SCREEN, true);
    let Some(command) = scan.values(&["-X"]).last().map(|v| v.text.clone()) else {
        return;
    };
    if !SCREEN_RUNS.contains(&command.as_str()) {
        return;
    }
    let operands: Vec<Value> = scan
        .stop
        .map(|at| args[at..].iter().map(to_value).collect())
        .unwrap_or_default();
    if operands.is_empty() {
        return;
    }
    if command == "stuff" {
        let mut text = operands
            .iter()
            .map(|v| v.text.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        for enter in ["\\n", "\\r", "^M", "^J", "\\015", "\\012"] {
            text = text.replace(enter, "\n");
        }
        out.push(("screen stuff", text));
    } else {
        out.push(("screen exec", quote_argv(&operands)));
    }
}

/// One tmux command (`new-session -d 'CMD'`), its name first.
fn tmux_command(words: &[crate::model::Arg], out: &mut Vec<(&'static str, String)>) {
    let Some((name, rest)) = words.split_first() else {
        return;
    };
    let Some((_, letters, operands)) = TMUX_COMMANDS
        .iter()
        .find(|(names, _, _)| names.contains(&name.text.as_str()))
    else {
        return;
    };
    let spec = Spec::values(letters, &[]);
    // tmux stops reading options at the first operand (`new -d rm -rf ~`).
    let scan = Scan::read(rest, &spec, true);
    let values: Vec<Value> = scan
        .stop
        .map(|at| rest[at..].iter().map(to_value).collect())
        .unwrap_or_default();
    match operands {
        TmuxOperands::ShellCommand => match values.as_slice() {
            [] => {}
            [one] => out.push(("tmux command", one.text.clone())),
            several => out.push(("tmux command", quote_argv(several))),
        },
        TmuxOperands::FirstIsShellCommand => {
            if let Some(first) = values.first() {
                out.push(("tmux if-shell", first.text.clone()));
            }
        }
        TmuxOperands::Keys => {
            let mut line = String::new();
            for v in &values {
                if TMUX_ENTER_KEYS.contains(&v.text.as_str()) {
                    line.push('\n');
                } else {
                    if !line.is_empty() && !line.ends_with('\n') {
                        line.push(' ');
                    }
                    line.push_str(&v.text);
                }
            }
            if !line.trim().is_empty() {
                out.push(("tmux send-keys", line));
            }
        }
    }
}

/// Scripts `cmd` makes run besides itself, with the step that leads to each: programs in git
/// config and environment, `git submodule foreach`, `git bisect run`, `git rebase --exec`,
/// ssh's `ProxyCommand`, socat's `EXEC:`, tar's command options, and the command of `docker
/// run` / `docker exec` / `kubectl exec`.
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
    match &*program {
        "export" | "declare" | "typeset" => {
            for (name, value) in crate::facts::exports::assignments(cmd) {
                scripts_of_variable(name, value, &mut out);
            }
        }
        "git" => git_scripts(cmd, &mut out),
        "ssh" | "scp" | "sftp" => ssh_scripts(cmd, &mut out),
        "socat" | "nc" | "ncat" | "netcat" => socket_scripts(cmd, &program, &mut out),
        "docker" | "podman" | "nerdctl" => container_scripts(cmd, &mut out),
        "docker-compose" | "podman-compose" => compose_scripts(&args_of(cmd, 0), &mut out),
        "kubectl" | "oc" => kubectl_scripts(cmd, &mut out),
        "tar" | "gtar" | "bsdtar" => tar_scripts(cmd, &mut out),
        "rsync" => rsync_scripts(cmd, &mut out),
        // byobu runs tmux (or screen, as `byobu-screen`) with its own words.
        "tmux" | "byobu" | "byobu-tmux" => tmux_scripts(cmd, &mut out),
        "zip" => zip_scripts(cmd, &mut out),
        "claude" | "copilot" => mcp_config_scripts(cmd, &program, &mut out),
        "screen" | "byobu-screen" => screen_scripts(cmd, &mut out),
        "gcloud" | "az" | "aws" | "ansible" | "vagrant" | "fly" | "flyctl" | "pssh"
        | "parallel-ssh" | "salt" | "salt-ssh" | "salt-call" => {
            crate::facts::remote_commands::remote_scripts(cmd, &program, &mut out);
        }
        "cargo" | "concurrently" | "man" | "mvn" | "mvnw" | "mvnd" => {
            crate::facts::tool_commands::tool_scripts(cmd, &program, &mut out);
        }
        // The remote-control commands of terminals and multiplexers (their table).
        _ => crate::facts::pane_input::pane_scripts(cmd, &program, &mut out),
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
            let scan = Scan::read(rest, &crate::knowledge::specs::NONE, true);
            if let Some(s) = scan.stop
                && rest[s].text == "foreach"
            {
                let inner = Scan::read(&rest[s + 1..], &crate::knowledge::specs::NONE, true);
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
pub(crate) fn to_value(a: &crate::model::Arg) -> Value {
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

/// The subcommand of a container CLI (`image`/`container` groups skipped) and the arguments
/// after it.
pub(crate) fn container_sub(args: &[crate::model::Arg]) -> Option<(String, usize)> {
    let mut at = Scan::read(args, &DOCKER_GLOBAL, true).stop?;
    let mut sub = args[at].text.to_ascii_lowercase();
    if matches!(sub.as_str(), "container" | "image") && at + 1 < args.len() {
        at += 1;
        sub = args[at].text.to_ascii_lowercase();
    }
    Some((sub, at + 1))
}

pub(crate) fn container_scripts(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    let args = args_of(cmd, 0);
    let Some((sub, start)) = container_sub(&args) else {
        return;
    };
    let rest = &args[start..];
    if sub == "compose" {
        compose_scripts(rest, out);
        return;
    }
    let (spec, label) = match sub.as_str() {
        "run" | "create" => (&DOCKER_RUN, "container run"),
        "exec" => (&DOCKER_EXEC, "container exec"),
        _ => return,
    };
    let scan = Scan::read(rest, spec, true);
    let Some(at) = scan.stop else { return };
    let mut words: Vec<Value> = Vec::new();
    if label == "container run" {
        words.extend(scan.values(&["--entrypoint"]).last().cloned());
    }
    words.extend(rest[at + 1..].iter().map(to_value));
    if !words.is_empty() {
        out.push((label, quote_argv(&words)));
    }
}

/// The command of `docker compose exec SERVICE CMD…` / `run SERVICE CMD…` (and of
/// `docker-compose`): `args` start after `compose`.
fn compose_scripts(args: &[crate::model::Arg], out: &mut Vec<(&'static str, String)>) {
    let Some(at) = Scan::read(args, &COMPOSE, true).stop else {
        return;
    };
    let rest = &args[at + 1..];
    let (spec, label) = match args[at].text.to_ascii_lowercase().as_str() {
        "exec" => (&COMPOSE_EXEC, "container exec"),
        "run" => (&COMPOSE_RUN, "container run"),
        _ => return,
    };
    let scan = Scan::read(rest, spec, true);
    let Some(service) = scan.stop else { return };
    let mut words: Vec<Value> = Vec::new();
    if label == "container run" {
        words.extend(scan.values(&["--entrypoint"]).last().cloned());
    }
    words.extend(rest[service + 1..].iter().map(to_value));
    if !words.is_empty() {
        out.push((label, quote_argv(&words)));
    }
}

pub(crate) fn kubectl_scripts(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    let args = args_of(cmd, 0);
    let Some(at) = Scan::read(&args, &KUBECTL, true).stop else {
        return;
    };
    if !matches!(args[at].text.as_str(), "exec" | "run" | "debug") {
        return;
    }
    let rest = &args[at + 1..];
    if let Some(command) = Scan::read(rest, &KUBECTL, false).after_dashdash {
        let words: Vec<Value> = rest[command..].iter().map(to_value).collect();
        if !words.is_empty() {
            out.push(("kubectl exec", quote_argv(&words)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn kubectl_commands_after_global_options() {
        let cmd = |words: &[&str]| SimpleCommand {
            program: "kubectl".into(),
            args: words.iter().map(|a| a.to_string()).collect(),
            ..SimpleCommand::default()
        };
        let mut out = Vec::new();
        kubectl_scripts(
            &cmd(&[
                "-n", "prod", "exec", "-it", "web", "-c", "app", "--", "sh", "-c", "id",
            ]),
            &mut out,
        );
        assert_eq!(out, [("kubectl exec", "'sh' '-c' 'id'".to_string())]);
        out.clear();
        // `-c --`: the container is named `--`; no command follows.
        kubectl_scripts(&cmd(&["exec", "web", "-c", "--"]), &mut out);
        kubectl_scripts(&cmd(&["get", "pods", "--", "x"]), &mut out);
        assert!(out.is_empty());
    }
}
