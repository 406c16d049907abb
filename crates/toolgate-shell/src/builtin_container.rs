//! Containers: the command a container runs (`docker run IMG cmd`, `docker exec C cmd`,
//! `kubectl exec POD -- cmd`) is analysed, and containers that reach the host are found.

use super::{quote_argv, to_value};
use crate::SimpleCommand;
use crate::dest::{Scan, Value, args_of};
use crate::flag_specs::DOCKER_GLOBAL;
use crate::flag_specs::{DOCKER_RUN, Spec};
use crate::paths::{PathClass, classify};
use crate::rule::CommandContext;

/// docker/podman `exec`'s options that take a value.
const DOCKER_EXEC: Spec = Spec {
    short_val: "euw",
    long_val: &["env", "env-file", "user", "workdir", "detach-keys"],
    short: &[],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

/// The subcommand of a container CLI (`image`/`container` groups skipped) and the arguments
/// after it.
fn container_sub(args: &[crate::unwrap::Arg]) -> Option<(String, usize)> {
    let mut at = Scan::read(args, &DOCKER_GLOBAL, true).stop?;
    let mut sub = args[at].text.to_ascii_lowercase();
    if matches!(sub.as_str(), "container" | "image") && at + 1 < args.len() {
        at += 1;
        sub = args[at].text.to_ascii_lowercase();
    }
    Some((sub, at + 1))
}

pub(super) fn container_scripts(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    let args = args_of(cmd, 0);
    let Some((sub, start)) = container_sub(&args) else {
        return;
    };
    let rest = &args[start..];
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

pub(super) fn kubectl_scripts(cmd: &SimpleCommand, out: &mut Vec<(&'static str, String)>) {
    let first = cmd.args.iter().position(|a| !a.starts_with('-'));
    if !first.is_some_and(|i| matches!(cmd.args[i].as_str(), "exec" | "run" | "debug")) {
        return;
    }
    if let Some(dd) = cmd.args.iter().position(|a| a == "--") {
        let words: Vec<Value> = args_of(cmd, dd + 1).iter().map(to_value).collect();
        if !words.is_empty() {
            out.push(("kubectl exec", quote_argv(&words)));
        }
    }
}

/// Host paths whose mount gives a container the host.
fn host_path_escapes(src: &str, cmd: &SimpleCommand, cx: &CommandContext) -> bool {
    if src.ends_with(".sock") || src.contains("docker.sock") {
        return true;
    }
    if matches!(src.trim_end_matches('/'), "~" | "$HOME" | "${HOME}") {
        return true;
    }
    if !src.starts_with('/') {
        return false;
    }
    if cx.home.is_some_and(|h| std::path::Path::new(src) == h) {
        return true;
    }
    matches!(
        classify(src, false, cmd, cx),
        PathClass::Root | PathClass::System
    )
}

/// Capabilities that amount to the host.
const HOST_CAPS: &[&str] = &[
    "ALL",
    "SYS_ADMIN",
    "SYS_PTRACE",
    "SYS_MODULE",
    "SYS_RAWIO",
    "DAC_READ_SEARCH",
    "SYS_BOOT",
];

pub(super) fn container_escapes(cmd: &SimpleCommand, cx: &CommandContext) -> bool {
    let args = args_of(cmd, 0);
    let Some((sub, start)) = container_sub(&args) else {
        return false;
    };
    let spec = match sub.as_str() {
        "run" | "create" => &DOCKER_RUN,
        "exec" => &DOCKER_EXEC,
        _ => return false,
    };
    let scan = Scan::read(&args[start..], spec, true);
    scan.opts.iter().any(|o| {
        let value = o.value.as_ref().map(|v| v.text.as_str()).unwrap_or("");
        let lower = value.to_ascii_lowercase();
        match o.name.as_str() {
            "--privileged" => !matches!(lower.as_str(), "false" | "0"),
            "--pid" | "--ipc" | "--uts" | "--userns" | "--cgroupns" => lower == "host",
            "--cap-add" => {
                let cap = value.to_ascii_uppercase();
                let cap = cap.strip_prefix("CAP_").unwrap_or(&cap);
                HOST_CAPS.contains(&cap)
            }
            "--security-opt" => {
                lower.contains("unconfined")
                    || lower.contains("label=disable")
                    || lower.contains("label:disable")
            }
            "--device" => {
                let host = value.split(':').next().unwrap_or("");
                !matches!(host, "/dev/fuse" | "/dev/net/tun" | "/dev/null")
                    && !host.starts_with("/dev/dri")
                    && !host.starts_with("/dev/snd")
            }
            "-v" | "--volume" => {
                let src = value.split(':').next().unwrap_or("");
                host_path_escapes(src, cmd, cx)
            }
            "--mount" => {
                let mut bind = false;
                let mut src = "";
                for kv in value.split(',') {
                    match kv.split_once('=') {
                        Some(("type", t)) => bind = t == "bind",
                        Some(("source" | "src", s)) => src = s,
                        _ => {}
                    }
                }
                bind && host_path_escapes(src, cmd, cx)
            }
            _ => false,
        }
    })
}
