//! Containers that reach the host: host privileges, host namespaces, host devices and host
//! mounts given to `docker run` / `docker exec` (podman, nerdctl).

use crate::facts::launched::container_sub;
use crate::facts::paths::{PathClass, classify};
use crate::knowledge::specs::{DOCKER_EXEC, DOCKER_RUN};
use crate::model::{CommandContext, SimpleCommand};
use crate::options::{Scan, args_of};

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

pub(crate) fn container_escapes(cmd: &SimpleCommand, cx: &CommandContext) -> bool {
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
