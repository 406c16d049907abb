//! The files a command writes, and the checks on them: protected files (Claude Code settings,
//! toolgate's policy and binary) and block devices.

use std::path::{Component, Path, PathBuf};

use toolgate_core::protected::is_protected_path;

use crate::{CommandAnalysis, SimpleCommand};

/// The values of options `short` (`-o`, glued or separate, last in a cluster) and `long`
/// (`--output`, `--output=v` or separate) in `args`.
fn option_values<'a>(args: &'a [String], short: &[char], long: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "--" {
            break;
        }
        if let Some(l) = a.strip_prefix("--") {
            let (name, value) = match l.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (l, None),
            };
            if long.contains(&name) {
                match value {
                    Some(v) => out.push(v),
                    None => {
                        if let Some(v) = args.get(i + 1) {
                            out.push(v);
                        }
                        i += 1;
                    }
                }
            }
        } else if let Some(cluster) = a.strip_prefix('-')
            && let Some(pos) = cluster.find(|c| short.contains(&c))
        {
            let rest = &cluster[pos + 1..];
            if rest.is_empty() {
                if let Some(v) = args.get(i + 1) {
                    out.push(v);
                }
                i += 1;
            } else {
                out.push(rest);
            }
        }
        i += 1;
    }
    out
}

/// The files `cmd` writes, moves, deletes or changes the mode of (redirects included).
pub(crate) fn write_targets(cmd: &SimpleCommand) -> Vec<&str> {
    let mut out: Vec<&str> = cmd.writes.iter().map(String::as_str).collect();
    let operands = || cmd.operands.iter().map(String::as_str);
    let last = || cmd.operands.last().map(String::as_str);
    match cmd.program_lower().as_str() {
        "tee" | "mv" | "rm" | "unlink" | "truncate" | "shred" | "chmod" | "chown" | "chgrp"
        | "touch" | "sponge" | "chattr" | "setfacl" => out.extend(operands()),
        "cp" | "install" | "ln" => {
            let dirs = option_values(&cmd.args, &['t'], &["target-directory"]);
            if dirs.is_empty() {
                out.extend(last());
            }
            out.extend(dirs);
        }
        "rsync" | "scp" => {
            out.extend(last());
            if cmd.flags.contains("remove-source-files") {
                out.extend(operands());
            }
        }
        "sed" | "gsed" | "perl"
            if cmd.flags.contains("in-place") || cmd.args.iter().any(|a| a.starts_with("-i")) =>
        {
            out.extend(operands());
        }
        "patch" => {
            out.extend(cmd.operands.first().map(String::as_str));
            out.extend(option_values(&cmd.args, &['o'], &["output"]));
        }
        "curl" => out.extend(option_values(
            &cmd.args,
            &['o', 'c', 'D'],
            &["output", "output-dir", "cookie-jar", "dump-header"],
        )),
        "wget" => out.extend(option_values(
            &cmd.args,
            &['O', 'o', 'a', 'P'],
            &[
                "output-document",
                "output-file",
                "append-output",
                "directory-prefix",
            ],
        )),
        "tar" | "bsdtar" | "gtar" => {
            out.extend(option_values(&cmd.args, &['C'], &["directory"]));
            let creates = cmd.args.first().is_some_and(|a| {
                !a.starts_with("--") && a.trim_start_matches('-').contains(['c', 'r', 'u'])
            }) || cmd.args.iter().any(|a| a == "--create" || a == "--append");
            if creates {
                out.extend(option_values(&cmd.args, &['f'], &["file"]));
            }
        }
        "unzip" => out.extend(option_values(&cmd.args, &['d'], &[])),
        "dd" | "dcfldd" => out.extend(cmd.operands.iter().filter_map(|o| o.strip_prefix("of="))),
        _ => {}
    }
    out
}

/// Whether `path` names a protected file (or a directory holding them).
pub(crate) fn is_protected(path: &str) -> bool {
    is_protected_path(path, true)
}

/// Whether `cmd` writes a protected file.
pub(crate) fn writes_protected(cmd: &SimpleCommand) -> bool {
    write_targets(cmd).into_iter().any(is_protected)
}

/// Whether a command writes a protected file through a relative path after `cd` into a
/// protected directory (`cd .claude && tee settings.json`).
pub(crate) fn writes_protected_after_cd(analysis: &CommandAnalysis) -> bool {
    let mut dir: Option<String> = None;
    for cmd in &analysis.commands {
        let program = cmd.program_lower();
        if matches!(program.as_str(), "cd" | "pushd" | "popd") {
            dir = match (program.as_str(), cmd.operands.first()) {
                ("popd", _) | (_, None) => None,
                (_, Some(o)) if o.starts_with('/') || o.starts_with('~') => Some(o.clone()),
                (_, Some(o)) => Some(match &dir {
                    Some(d) => format!("{d}/{o}"),
                    None => o.clone(),
                }),
            };
            continue;
        }
        let Some(d) = &dir else { continue };
        if write_targets(cmd)
            .into_iter()
            .filter(|t| !t.starts_with('/') && !t.starts_with('~'))
            .any(|t| is_protected(&format!("{d}/{t}")))
        {
            return true;
        }
    }
    false
}

/// Character devices that are safe to write.
const SAFE_DEVICES: &[&str] = &[
    "null", "zero", "full", "random", "urandom", "stdin", "stdout", "stderr", "tty", "console",
    "ptmx", "kmsg",
];

/// Whether `target` is a device under `/dev` that is not a known safe character device
/// (`/dev/sda`, `//dev/nvme0n1`, `/dev/../dev/sda`, `/dev/disk/by-id/…`).
pub(crate) fn is_block_device(target: &str) -> bool {
    if !target.starts_with('/') {
        return false;
    }
    let mut path = PathBuf::from("/");
    for c in Path::new(target).components() {
        match c {
            Component::ParentDir => {
                path.pop();
            }
            Component::Normal(n) => path.push(n),
            _ => {}
        }
    }
    let Ok(rest) = path.strip_prefix("/dev") else {
        return false;
    };
    let rest = rest.to_string_lossy();
    if rest.is_empty() {
        return false;
    }
    let first = rest.split('/').next().unwrap_or("");
    !(SAFE_DEVICES.contains(&rest.as_ref())
        || matches!(first, "fd" | "pts" | "shm" | "mqueue" | "hugepages")
        || (first.starts_with("tty") && !rest.contains('/')))
}

/// Whether `cmd` writes a block device (`cat x > /dev/sda`, `tee /dev/nvme0n1`,
/// `cp /dev/zero /dev/sda`, `dd of=//dev/sda`), or `dd` with an operand only known at run
/// time (`dd if=/dev/zero of=$DISK`).
pub(crate) fn writes_block_device(cmd: &SimpleCommand) -> bool {
    if matches!(cmd.program_lower().as_str(), "dd" | "dcfldd")
        && cmd.operands.iter().enumerate().any(|(i, o)| {
            (o.starts_with("of=$") || o.starts_with("of=`") || o.starts_with(['$', '`']))
                && cmd.is_dynamic(i)
        })
    {
        return true;
    }
    write_targets(cmd).into_iter().any(is_block_device)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_devices() {
        for d in [
            "/dev/sda",
            "//dev/sda",
            "/dev/../dev/sda",
            "/dev/nvme0n1",
            "/dev/disk/by-id/x",
            "/dev/mapper/root",
        ] {
            assert!(is_block_device(d), "{d}");
        }
        for d in [
            "/dev/null",
            "/dev/stderr",
            "/dev/fd/3",
            "/dev/tty",
            "/dev/ttyS0",
            "/dev/shm/x",
            "dev/sda",
            "/devices",
        ] {
            assert!(!is_block_device(d), "{d}");
        }
    }

    #[test]
    fn option_values_in_clusters() {
        let args: Vec<String> = ["-sSLo", "out", "-Cdir", "--output=o2", "--output-dir", "d"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            option_values(&args, &['o', 'C'], &["output", "output-dir"]),
            ["out", "dir", "o2", "d"]
        );
    }
}
