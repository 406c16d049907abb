//! git configuration a command sets: `git -c key=value`, `GIT_CONFIG_KEY_n` variables and
//! `git config KEY VALUE`.

use crate::SimpleCommand;
use crate::knowledge::specs::{GIT_CONFIG, GIT_GLOBAL};
use crate::options::{Scan, args_of};

/// `-c key=value` options given to git before its subcommand.
pub(crate) fn git_configs(cmd: &SimpleCommand) -> Vec<(String, String)> {
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
pub(crate) fn env_configs(cmd: &SimpleCommand) -> Vec<(String, String)> {
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
pub(crate) fn persistent_config(cmd: &SimpleCommand) -> Option<(String, String)> {
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
