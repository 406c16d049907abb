//! Commands that cloud and fleet CLIs run on other machines: `gcloud compute ssh VM
//! --command CMD` (and ssh's own arguments after `--`), `az vm run-command invoke --scripts
//! …`, `aws ssm send-command` with a document's `commands` parameter, and `ansible HOSTS -a
//! ARGS` with the command, shell or raw module (command is ansible's default), `vagrant ssh
//! -c CMD`, `fly ssh console -C CMD`, `pssh HOSTS… CMD` and salt's `cmd.run`. The walker
//! analyses each as shell, as it does ssh's command: what runs there is judged as if it ran
//! here, the cautious reading.

use crate::knowledge::specs::{
    ANSIBLE, AWS_SSM_SEND_COMMAND, AZ_RUN_COMMAND, FLY_SSH, GCLOUD_SSH, PSSH, SALT, SSH,
    VAGRANT_SSH,
};
use crate::model::SimpleCommand;
use crate::options::{Scan, args_of};

/// ansible modules that run their arguments as a command line (`ansible.builtin.shell` too).
const COMMAND_MODULES: &[&str] = &["command", "shell", "raw", "win_shell", "win_command"];

/// salt's execution functions that run their arguments as a command line.
const SALT_COMMAND_FUNCTIONS: &[&str] = &[
    "cmd.run",
    "cmd.run_all",
    "cmd.run_stdout",
    "cmd.run_stderr",
    "cmd.run_bg",
    "cmd.shell",
    "cmd.powershell",
];

/// The scripts `cmd` (of `program`) runs on other machines, each with its label.
pub(crate) fn remote_scripts(
    cmd: &SimpleCommand,
    program: &str,
    out: &mut Vec<(&'static str, String)>,
) {
    match program {
        "gcloud" => gcloud_ssh(cmd, out),
        "az" => az_run_command(cmd, out),
        "aws" => aws_ssm_commands(cmd, out),
        "ansible" => ansible_module_args(cmd, out),
        "vagrant" => option_on_subcommand(cmd, &VAGRANT_SSH, &["ssh"], "vagrant ssh -c", out),
        "fly" | "flyctl" => {
            option_on_subcommand(cmd, &FLY_SSH, &["ssh", "console"], "fly ssh -C", out);
        }
        "pssh" | "parallel-ssh" => {
            let scan = Scan::read(&args_of(cmd, 0), &PSSH, false);
            let words: Vec<&str> = scan.operands.iter().map(|o| o.text.as_str()).collect();
            if !words.is_empty() {
                out.push(("pssh", words.join(" ")));
            }
        }
        "salt" | "salt-ssh" | "salt-call" => salt_command(cmd, program == "salt-call", out),
        _ => {}
    }
}

/// `gcloud [TRACK] compute ssh VM --command CMD [-- SSH_ARGS… [CMD…]]`.
fn gcloud_ssh(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    let args = args_of(cmd, 0);
    let scan = Scan::read(&args, &GCLOUD_SSH, false);
    // `compute ssh`, `alpha compute ssh`, `compute tpus tpu-vm ssh`, `cloud-shell ssh`.
    if !scan.operands.iter().take(5).any(|o| o.text == "ssh") {
        return;
    }
    for v in scan.values(&["--command"]) {
        out.push(("gcloud ssh --command", v.text.clone()));
    }
    if let Some(after) = scan.after_dashdash {
        let ssh_args = &args[after..];
        if let Some(at) = Scan::read(ssh_args, &SSH, true).stop {
            let words: Vec<&str> = ssh_args[at..].iter().map(|a| a.text.as_str()).collect();
            out.push(("gcloud ssh", words.join(" ")));
        }
    }
}

/// `az vm|vmss run-command invoke|create … --scripts LINE…` (also `--script`).
fn az_run_command(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    let scan = Scan::read(&args_of(cmd, 0), &AZ_RUN_COMMAND, false);
    let path: Vec<&str> = scan.operands.iter().map(|o| o.text.as_str()).collect();
    let runs = matches!(
        path.as_slice(),
        [
            "vm" | "vmss",
            "run-command",
            "invoke" | "create" | "update",
            ..
        ]
    );
    if !runs {
        return;
    }
    let mut lines: Vec<&str> = scan
        .values(&["--scripts", "--script"])
        .map(|v| v.text.as_str())
        .collect();
    if lines.is_empty() {
        return;
    }
    // `--scripts` takes every word up to the next option: the rest are operands here.
    lines.extend(&path[3..]);
    out.push(("az run-command", lines.join("\n")));
}

/// `aws ssm send-command --parameters commands=…` (shorthand, a JSON list, or a JSON object
/// with a `commands` list). Parameters read from a file (`file://…`) are not seen.
fn aws_ssm_commands(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    let scan = Scan::read(&args_of(cmd, 0), &AWS_SSM_SEND_COMMAND, false);
    let path: Vec<&str> = scan.operands.iter().map(|o| o.text.as_str()).collect();
    if !matches!(path.as_slice(), ["ssm", "send-command", ..]) {
        return;
    }
    for v in scan.values(&["--parameters"]) {
        if let Some(commands) = ssm_commands(&v.text) {
            out.push(("aws ssm send-command", commands));
        }
    }
}

/// The command lines of an SSM `--parameters` value, one per line.
fn ssm_commands(parameters: &str) -> Option<String> {
    let text = parameters.trim();
    let lines = |value: &serde_json::Value| -> Option<String> {
        match value {
            serde_json::Value::String(s) => Some(s.clone()),
            serde_json::Value::Array(items) => Some(
                items
                    .iter()
                    .filter_map(|i| i.as_str())
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            _ => None,
        }
    };
    if text.starts_with('{') {
        let object: serde_json::Value = serde_json::from_str(text).ok()?;
        return lines(object.get("commands")?);
    }
    let value = text.split_once("commands=")?.1;
    if value.starts_with('[') {
        if let Ok(list) = serde_json::from_str::<serde_json::Value>(value) {
            return lines(&list);
        }
        // Shorthand list: `[ls,df -h]`.
        let inner = value.trim_start_matches('[').trim_end_matches(']');
        return Some(inner.split(',').collect::<Vec<_>>().join("\n"));
    }
    Some(value.to_string())
}

/// `vagrant ssh [NAME] -c CMD`, `fly ssh console -C CMD`: the command option's values when the
/// first operands are `subcommand`.
fn option_on_subcommand(
    cmd: &SimpleCommand,
    spec: &crate::knowledge::specs::Spec,
    subcommand: &[&str],
    label: &'static str,
    out: &mut Vec<(&'static str, String)>,
) {
    let scan = Scan::read(&args_of(cmd, 0), spec, false);
    let on_subcommand = scan.operands.len() >= subcommand.len()
        && scan
            .operands
            .iter()
            .zip(subcommand)
            .all(|(o, s)| o.text == *s);
    if !on_subcommand {
        return;
    }
    for v in scan.values(&["-c", "-C", "--command"]) {
        out.push((label, v.text.clone()));
    }
}

/// `salt TARGET cmd.run CMD…` (`salt-call cmd.run CMD…` has no target).
fn salt_command(cmd: &SimpleCommand, local: bool, out: &mut Vec<(&'static str, String)>) {
    let scan = Scan::read(&args_of(cmd, 0), &SALT, false);
    let at = usize::from(!local);
    let Some(function) = scan.operands.get(at) else {
        return;
    };
    if !SALT_COMMAND_FUNCTIONS.contains(&function.text.as_str()) {
        return;
    }
    let words: Vec<&str> = scan.operands[at + 1..]
        .iter()
        .map(|o| o.text.as_str())
        // `runas=root`: a keyword argument of the function, not a word of the command.
        .filter(|w| {
            let keyword = w.split_once('=').is_some_and(|(k, _)| {
                !k.is_empty() && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            });
            !keyword || w.contains(char::is_whitespace)
        })
        .collect();
    if !words.is_empty() {
        out.push(("salt cmd.run", words.join(" ")));
    }
}

/// `ansible HOSTS [-m command|shell|raw] -a ARGS`.
fn ansible_module_args(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    let scan = Scan::read(&args_of(cmd, 0), &ANSIBLE, false);
    let module = scan
        .values(&["-m", "--module-name"])
        .last()
        .map_or("command", |m| m.text.as_str());
    let module = module.rsplit('.').next().unwrap_or(module);
    if !COMMAND_MODULES.contains(&module) {
        return;
    }
    if let Some(a) = scan.values(&["-a", "--args"]).last() {
        out.push(("ansible -a", a.text.clone()));
    }
}

#[cfg(test)]
mod tests {
    use super::ssm_commands;

    #[test]
    fn ssm_parameters_in_every_spelling() {
        let cases = [
            ("commands=rm -rf /", Some("rm -rf /")),
            ("commands=[\"ls\",\"df -h\"]", Some("ls\ndf -h")),
            ("commands=[ls,df -h]", Some("ls\ndf -h")),
            ("{\"commands\":[\"uptime\"]}", Some("uptime")),
            ("{\"commands\":\"uptime\"}", Some("uptime")),
            ("{\"workingDirectory\":[\"/tmp\"]}", None),
            ("file://params.json", None),
        ];
        for (text, want) in cases {
            assert_eq!(ssm_commands(text).as_deref(), want, "{text}");
        }
    }
}
