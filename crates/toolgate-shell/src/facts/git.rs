//! git configuration a command sets: `git -c key=value`, `GIT_CONFIG_KEY_n` variables and
//! `git config KEY VALUE`.

use crate::SimpleCommand;
use crate::knowledge::specs::{GIT_CLONE, GIT_CONFIG, GIT_GLOBAL};
use crate::options::{Scan, args_of};

/// `-c key=value` options given to git before its subcommand, and `git clone`'s own
/// `-c` / `--config key=value` (set in the new repository before its first fetch, so they
/// rule the clone itself: `core.sshCommand`, `http.proxy`).
pub(crate) fn git_configs(cmd: &SimpleCommand) -> Vec<(String, String)> {
    if cmd.program_lower() != "git" {
        return Vec::new();
    }
    let args = args_of(cmd, 0);
    let scan = Scan::read(&args, &GIT_GLOBAL, true);
    let mut out: Vec<(String, String)> = scan
        .values(&["-c"])
        .filter_map(|v| v.text.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    if let Some(at) = scan.stop
        && args[at].text.eq_ignore_ascii_case("clone")
    {
        let clone = Scan::read(&args[at + 1..], &GIT_CLONE, false);
        out.extend(
            clone
                .values(&["-c", "--config"])
                .filter_map(|v| v.text.split_once('='))
                .map(|(k, v)| (k.to_string(), v.to_string())),
        );
    }
    // `--config-env=KEY=VARIABLE`: the value is the variable's, known at run time.
    out.extend(
        scan.values(&["--config-env"])
            .filter_map(|v| v.text.split_once('='))
            .map(|(k, var)| (k.to_string(), format!("${var}"))),
    );
    out
}

/// Whether `cmd` runs git with a whole configuration file from elsewhere
/// (`GIT_CONFIG_GLOBAL=FILE`, `GIT_CONFIG_SYSTEM=FILE`): any key may be in it. `/dev/null`
/// (no file, as tests and CI set it) is none.
pub(crate) fn env_config_file(cmd: &SimpleCommand) -> bool {
    cmd.env.iter().any(|(name, value)| {
        matches!(name.as_str(), "GIT_CONFIG_GLOBAL" | "GIT_CONFIG_SYSTEM")
            && !matches!(value.as_str(), "/dev/null" | "")
    })
}

/// The pairs of `GIT_CONFIG_PARAMETERS` (what `git -c` hands its child processes):
/// `'key'='value'` or `'key=value'` items, each single-quoted with `'\''` for a quote.
fn parameter_configs(text: &str) -> Vec<(String, String)> {
    let mut items: Vec<(String, Option<String>)> = Vec::new();
    let mut chars = text.chars().peekable();
    let quoted = |chars: &mut std::iter::Peekable<std::str::Chars<'_>>| {
        let mut word = String::new();
        while let Some(c) = chars.next() {
            match c {
                '\'' => {
                    // `'\''` continues the word with a quote.
                    if chars.peek() == Some(&'\\') {
                        chars.next();
                        chars.next();
                        chars.next();
                        word.push('\'');
                        continue;
                    }
                    break;
                }
                c => word.push(c),
            }
        }
        word
    };
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                let word = quoted(&mut chars);
                if chars.peek() == Some(&'=') {
                    chars.next();
                    let value = if chars.peek() == Some(&'\'') {
                        chars.next();
                        quoted(&mut chars)
                    } else {
                        String::new()
                    };
                    items.push((word, Some(value)));
                } else {
                    items.push((word, None));
                }
            }
            c if c.is_whitespace() => {}
            // Not the format git writes: read what follows as an unquoted `key=value`.
            c => {
                let mut word = String::from(c);
                while let Some(&n) = chars.peek() {
                    if n.is_whitespace() {
                        break;
                    }
                    word.push(n);
                    chars.next();
                }
                items.push((word, None));
            }
        }
    }
    items
        .into_iter()
        .map(|(key, value)| match value {
            Some(v) => (key, v),
            None => match key.split_once('=') {
                Some((k, v)) => (k.to_string(), v.to_string()),
                None => (key, String::new()),
            },
        })
        .collect()
}

/// `GIT_CONFIG_KEY_n` / `GIT_CONFIG_VALUE_n` pairs and the items of `GIT_CONFIG_PARAMETERS`
/// in the command's environment.
pub(crate) fn env_configs(cmd: &SimpleCommand) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (name, key) in &cmd.env {
        if name == "GIT_CONFIG_PARAMETERS" {
            out.extend(parameter_configs(key));
            continue;
        }
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
