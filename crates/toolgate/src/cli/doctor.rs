//! `toolgate doctor`: for every coding agent set up for this user or project, checks that the
//! toolgate hook is registered, that its command exists and is executable (paths with spaces
//! included), that the host's fail-closed options are set, that the policy it would discover is
//! valid, and that a destructive call is denied end to end by running the registered command
//! exactly as the host would. One line per finding, with the fix; exit 1 on any problem.

use std::io::{Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use toolgate_engine::hosts::{self, Agent};

use super::init::{codex_trust, host_warnings};
use super::registration::{Layout, REGISTRATIONS, Registration, Scope, first_word};

/// The destructive call every registered hook must deny.
const DESTRUCTIVE: &str = "rm -rf ~";
/// How long the registered command may take on the destructive call.
const RUN_LIMIT: Duration = Duration::from_secs(30);

/// Arguments of `doctor`.
#[derive(Debug, clap::Args)]
pub struct DoctorArgs {}

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    Ok,
    Note,
    Problem,
}

struct Report {
    problems: usize,
}

impl Report {
    fn say(&mut self, level: Level, host: &str, what: &str, fix: Option<&str>) {
        let tag = match level {
            Level::Ok => "ok     ",
            Level::Note => "note   ",
            Level::Problem => {
                self.problems += 1;
                "PROBLEM"
            }
        };
        match fix {
            Some(fix) => println!("{tag} {host}: {what}. Fix: {fix}"),
            None => println!("{tag} {host}: {what}"),
        }
    }
}

/// Runs `doctor`.
pub fn run(_args: DoctorArgs) -> ExitCode {
    let (cwd, home) = match toolgate_policy::environment::working_directory()
        .and_then(|cwd| Ok((cwd, toolgate_policy::environment::home()?)))
    {
        Ok(found) => found,
        Err(e) => {
            eprintln!("toolgate doctor: {e}");
            return ExitCode::from(super::EXIT_USAGE);
        }
    };
    let mut report = Report { problems: 0 };
    let mut registered = 0;
    let mut found_any = false;
    for reg in REGISTRATIONS {
        let display = reg.agent.spec().display;
        let mut files: Vec<(Scope, PathBuf)> = Vec::new();
        for scope in [Scope::User, Scope::Project, Scope::Local] {
            if let Ok(path) = reg.file(scope, &cwd, home.as_deref())
                && !files.iter().any(|(_, p)| *p == path)
            {
                files.push((scope, path));
            }
        }
        let host_dir = home
            .as_deref()
            .map(|h| h.join(reg.user_file))
            .and_then(|f| host_directory(reg, &f));
        let host_set_up = host_dir.as_ref().is_some_and(|d| d.is_dir());
        let mut ours = 0;
        for (scope, path) in &files {
            if !path.is_file() {
                continue;
            }
            found_any = true;
            ours += check_file(reg, *scope, path, &cwd, &mut report);
        }
        if host_set_up {
            found_any = true;
        }
        if ours == 0 && (host_set_up || files.iter().any(|(_, p)| p.is_file())) {
            let fix = format!("toolgate init --agent {} --scope user", reg.agent.name());
            report.say(
                Level::Problem,
                display,
                "is set up here but does not run the toolgate hook",
                Some(&fix),
            );
        }
        registered += ours;
    }
    if !found_any {
        report.say(
            Level::Problem,
            "toolgate",
            "no coding agent's config was found in $HOME or the working directory",
            Some("toolgate init --agent NAME (claude, codex, gemini, cursor, copilot or opencode)"),
        );
    } else if registered == 0 && report.problems == 0 {
        report.say(
            Level::Problem,
            "toolgate",
            "no agent runs the toolgate hook",
            Some("toolgate init --agent NAME"),
        );
    }
    if report.problems == 0 {
        println!("toolgate doctor: no problems found");
        ExitCode::SUCCESS
    } else {
        println!("toolgate doctor: {} problem(s) found", report.problems);
        ExitCode::from(1)
    }
}

/// The directory that shows a host is set up for this user (`~/.codex`, `~/.gemini`, …).
fn host_directory(reg: &Registration, user_file: &Path) -> Option<PathBuf> {
    let depth = Path::new(reg.user_file).components().count();
    let mut dir = user_file.to_path_buf();
    for _ in 1..depth {
        dir.pop();
    }
    // `~/.config/opencode/plugins/toolgate.js` → `~/.config/opencode`.
    if reg.layout == Layout::Plugin {
        dir = user_file.parent()?.parent()?.to_path_buf();
    }
    Some(dir)
}

/// Checks one config file; returns how many toolgate hooks it registers.
fn check_file(
    reg: &Registration,
    scope: Scope,
    path: &Path,
    cwd: &Path,
    report: &mut Report,
) -> usize {
    let host = format!("{} ({})", reg.agent.spec().display, path.display());
    let fix_init = format!(
        "toolgate init --agent {} --scope {}",
        reg.agent.name(),
        match scope {
            Scope::User => "user",
            Scope::Project => "project",
            Scope::Local => "local",
        }
    );
    if reg.layout == Layout::Plugin {
        return check_plugin(path, &host, &fix_init, report);
    }
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            report.say(
                Level::Problem,
                &host,
                &format!("cannot be read ({})", toolgate_policy::io_reason(&e)),
                None,
            );
            return 0;
        }
    };
    let config: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            report.say(
                Level::Problem,
                &host,
                &format!(
                    "is not valid JSON (line {}, column {}), so the agent may ignore it",
                    e.line(),
                    e.column()
                ),
                Some("fix the JSON"),
            );
            return 0;
        }
    };
    let found = reg.find(&config);
    if found.is_empty() {
        return 0;
    }
    for warning in host_warnings(reg.agent, &config) {
        report.say(Level::Problem, &host, &warning, None);
    }
    let mut checked_commands: Vec<String> = Vec::new();
    for (event, entry) in &found {
        let command = entry[reg.command_key]
            .as_str()
            .unwrap_or_default()
            .to_string();
        for (key, value) in reg.fail_closed {
            let set = entry
                .get(*key)
                .is_some_and(|v| v.as_str() == Some(*value) || (*value == "true" && *v == true));
            if set {
                report.say(
                    Level::Ok,
                    &host,
                    &format!("{event}: `{key}: {value}` is set"),
                    None,
                );
            } else {
                report.say(
                    Level::Problem,
                    &host,
                    &format!("{event}: `{key}: {value}` is not set, so a crash, timeout or missing binary lets the call run"),
                    Some(&fix_init),
                );
            }
        }
        if reg.wrap_command && !(command.contains("||") && command.contains("exit 2")) {
            report.say(
                Level::Problem,
                &host,
                &format!("{event}: the command is not wrapped with `|| … exit 2`, so a missing or killed binary lets the call run"),
                Some(&fix_init),
            );
        }
        if entry.get(reg.timeout_key).is_none() {
            report.say(
                Level::Note,
                &host,
                &format!(
                    "{event}: no `{}`; the agent's default applies",
                    reg.timeout_key
                ),
                Some(&fix_init),
            );
        }
        if checked_commands.contains(&command) {
            continue;
        }
        checked_commands.push(command.clone());
        if !check_binary(&command, &host, &fix_init, report) {
            continue;
        }
        check_policy(&command, cwd, &host, report);
        check_end_to_end(reg.agent, &command, cwd, &host, report);
    }
    if reg.agent == Agent::Codex {
        check_codex_trust(path, &checked_commands, cwd, &host, report);
    }
    found.len()
}

/// The program of the command exists and is executable. Returns whether it does.
fn check_binary(command: &str, host: &str, fix_init: &str, report: &mut Report) -> bool {
    let Some((program, rest)) = first_word(command) else {
        report.say(
            Level::Problem,
            host,
            "the hook command cannot be read (unbalanced quotes)",
            Some(fix_init),
        );
        return false;
    };
    let path = Path::new(&program);
    if !path.exists() {
        // `/opt/my tools/toolgate hook`: the shell runs `/opt/my`.
        let joined = rest
            .split(" hook")
            .next()
            .map(|tail| format!("{program}{tail}"))
            .filter(|p| p.contains(' ') && Path::new(p).is_file());
        match joined {
            Some(with_space) => report.say(
                Level::Problem,
                host,
                &format!("the binary path `{with_space}` has a space and is not quoted, so the shell runs `{program}`, which does not exist"),
                Some(fix_init),
            ),
            None => report.say(
                Level::Problem,
                host,
                &format!("the hook's binary `{program}` does not exist"),
                Some(&format!("install toolgate, then {fix_init}")),
            ),
        }
        return false;
    }
    let executable =
        std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
    if !executable {
        report.say(
            Level::Problem,
            host,
            &format!("the hook's binary `{program}` is not an executable file"),
            Some(&format!("chmod +x '{program}'")),
        );
        return false;
    }
    report.say(Level::Ok, host, &format!("the hook runs `{program}`"), None);
    true
}

/// The policy the hook would use (its `--policy`, else discovery from `cwd`) is usable.
fn check_policy(command: &str, cwd: &Path, host: &str, report: &mut Report) {
    let words: Vec<&str> = command.split_whitespace().collect();
    let explicit = words
        .iter()
        .position(|w| *w == "--policy")
        .and_then(|i| words.get(i + 1))
        .map(|p| cwd.join(p.trim_matches('\'')));
    // Discovery as the hook would do it in `cwd`: an unusable environment (an empty
    // TOOLGATE_POLICY, a relative HOME) makes the hook deny everything, so it is a problem.
    let env = match toolgate_policy::environment::read_process_environment() {
        Ok(env) => toolgate_policy::environment::ProcessEnvironment {
            cwd: cwd.to_path_buf(),
            ..env
        },
        Err(e) => {
            report.say(
                Level::Problem,
                host,
                &format!("{e}, so the hook denies every call"),
                None,
            );
            return;
        }
    };
    let source = toolgate_policy::discovery::discover_in(explicit.as_deref(), &env);
    let policy = toolgate_policy::load(&source);
    if policy.is_usable() {
        report.say(
            Level::Ok,
            host,
            &format!("the policy ({}) is valid", source.describe()),
            None,
        );
    } else {
        let first = policy
            .diagnostics
            .errors()
            .next()
            .map(|d| format!("{} at line {}: {}", d.code, d.line.line, d.message))
            .unwrap_or_default();
        report.say(
            Level::Problem,
            host,
            &format!(
                "the policy ({}) has errors, so every call is denied: {first}",
                source.describe()
            ),
            Some("toolgate validate"),
        );
    }
}

/// Runs the registered command as the host would (`/bin/sh -c`, the host's event on stdin) on
/// a destructive call and reads the result as the host does.
fn check_end_to_end(agent: Agent, command: &str, cwd: &Path, host: &str, report: &mut Report) {
    let event = hosts::shell_event(agent, DESTRUCTIVE, &cwd.to_string_lossy()).to_string();
    match run_as_host(command, cwd, &event) {
        Ok((code, stdout, stderr)) => {
            if agent.blocks(code, &stdout, &stderr) {
                report.say(
                    Level::Ok,
                    host,
                    &format!("a destructive call (`{DESTRUCTIVE}`) is denied end to end"),
                    None,
                );
            } else {
                report.say(
                    Level::Problem,
                    host,
                    &format!("a destructive call (`{DESTRUCTIVE}`) was NOT denied by the registered command (exit {code:?})"),
                    Some("run the command by hand with the call on stdin, then toolgate init again"),
                );
            }
        }
        Err(why) => report.say(
            Level::Problem,
            host,
            &format!("the registered command could not be run: {why}"),
            None,
        ),
    }
}

fn run_as_host(
    command: &str,
    cwd: &Path,
    stdin: &str,
) -> Result<(Option<i32>, String, String), String> {
    let mut child = Command::new("/bin/sh")
        .arg("-c")
        .arg(command)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(stdin.as_bytes());
    }
    let mut stdout = child.stdout.take().ok_or("no stdout")?;
    let mut stderr = child.stderr.take().ok_or("no stderr")?;
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "it did not finish within {} s",
                RUN_LIMIT.as_secs()
            ));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Ok((
        status.code(),
        out.join().unwrap_or_default(),
        err.join().unwrap_or_default(),
    ))
}

/// Codex runs only hooks a person trusted: ask the installed Codex.
fn check_codex_trust(
    path: &Path,
    commands: &[String],
    cwd: &Path,
    host: &str,
    report: &mut Report,
) {
    let fix = "toolgate init --agent codex --scope user (with codex on PATH), or trust the hook in codex's /hooks";
    let Some(codex) = codex_trust::codex_binary() else {
        report.say(
            Level::Note,
            host,
            "codex is not on PATH, so whether Codex trusts the hook was not checked",
            Some(fix),
        );
        return;
    };
    match codex_trust::list_hooks(&codex, cwd) {
        Ok(hooks) => {
            for (source, command, hook) in hooks {
                if Path::new(&source) != path || !commands.contains(&command) {
                    continue;
                }
                if hook.trust_status == "trusted" || hook.trust_status == "managed" {
                    report.say(Level::Ok, host, "Codex trusts the hook", None);
                } else {
                    report.say(
                        Level::Problem,
                        host,
                        &format!(
                            "Codex does not run the hook: its trust is `{}`",
                            hook.trust_status
                        ),
                        Some(fix),
                    );
                }
            }
        }
        Err(why) => report.say(
            Level::Note,
            host,
            &format!("could not ask Codex about the hook's trust ({why})"),
            Some(fix),
        ),
    }
}

/// OpenCode's plugin file names a binary that exists.
fn check_plugin(path: &Path, host: &str, fix_init: &str, report: &mut Report) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let Some(line) = text.lines().find(|l| l.starts_with("const BINARY = ")) else {
        report.say(
            Level::Problem,
            host,
            "is not toolgate's plugin",
            Some(fix_init),
        );
        return 0;
    };
    let literal = line
        .trim_start_matches("const BINARY = ")
        .trim_end_matches(';');
    let binary: String = serde_json::from_str(literal).unwrap_or_default();
    // OpenCode skips a plugin file that does not parse without a word, and the call then runs:
    // only the file `toolgate init` writes is known to load.
    let written = if binary.starts_with("__TOOLGATE") {
        super::init::OPENCODE_PLUGIN.to_string()
    } else {
        super::init::opencode_plugin(&binary)
    };
    if text != written {
        report.say(
            Level::Problem,
            host,
            "the plugin file differs from the one toolgate writes (OpenCode silently skips a \
             plugin that does not load, and calls then run unchecked)",
            Some(fix_init),
        );
        return 0;
    }
    if binary.starts_with("__TOOLGATE") {
        report.say(
            Level::Note,
            host,
            "the plugin runs the `toolgate` on PATH",
            None,
        );
        return 1;
    }
    let quoted = super::registration::shell_quote(&binary);
    check_binary(
        &format!("{quoted} hook --agent opencode"),
        host,
        fix_init,
        report,
    );
    1
}
