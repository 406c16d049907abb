//! Destinations: the URLs and hosts a command would reach.

use crate::{Destination, SimpleCommand};

fn url(u: &str, program: &str) -> Destination {
    Destination::Url {
        url: u.to_string(),
        program: program.to_string(),
    }
}

fn host(h: &str, port: Option<u16>, program: &str) -> Destination {
    Destination::Host {
        host: h.trim_start_matches('[').trim_end_matches(']').to_string(),
        port,
        program: program.to_string(),
    }
}

fn is_url(s: &str) -> bool {
    match s.split_once("://") {
        Some((scheme, rest)) => {
            !scheme.is_empty()
                && !rest.is_empty()
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        }
        None => false,
    }
}

/// `[user@]host[:port]`, splitting an IPv6 literal in brackets correctly.
fn split_host_port(s: &str) -> (&str, Option<u16>) {
    let s = s.rsplit_once('@').map(|(_, h)| h).unwrap_or(s);
    if let Some(rest) = s.strip_prefix('[')
        && let Some((h, after)) = rest.split_once(']')
    {
        let port = after.strip_prefix(':').and_then(|p| p.parse().ok());
        return (h, port);
    }
    match s.rsplit_once(':') {
        Some((h, p)) if !h.contains(':') => (h, p.parse().ok()),
        _ => (s, None),
    }
}

/// A bare host given to curl/wget (`example.com/path`): reported as a URL with `http://`.
fn looks_like_host(s: &str) -> bool {
    let head = s.split(['/', '?', '#']).next().unwrap_or("");
    let (h, _) = split_host_port(head);
    !s.starts_with('-')
        && !s.starts_with('.')
        && !s.starts_with('/')
        && !s.contains('$')
        && (h.contains('.') || h == "localhost")
        && h.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '[' | ']' | ':'))
}

/// scp-like `[user@]host:path` (not a URL, not a local path with a colon after a slash).
fn scp_like(s: &str) -> Option<&str> {
    if is_url(s) || s.starts_with('/') || s.starts_with('.') {
        return None;
    }
    let (h, _) = s.split_once(':')?;
    if h.contains('/') || h.is_empty() {
        return None;
    }
    Some(h.rsplit_once('@').map(|(_, h)| h).unwrap_or(h))
}

fn option_values<'a>(args: &'a [String], names: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    for (i, a) in args.iter().enumerate() {
        for n in names {
            if a == n {
                if let Some(v) = args.get(i + 1) {
                    out.push(v.as_str());
                }
            } else if let Some(v) = a.strip_prefix(n).and_then(|r| r.strip_prefix('=')) {
                if n.starts_with("--") {
                    out.push(v);
                }
            } else if n.len() == 2 && !n.starts_with("--") && a.starts_with(n) && a.len() > 2 {
                out.push(&a[2..]);
            }
        }
    }
    out
}

/// Adds the destinations of `cmd` to `out`.
pub fn collect(cmd: &SimpleCommand, out: &mut Vec<Destination>) {
    let p = cmd.program_lower();
    let prog = cmd.program.as_str();
    let sub = cmd.subcommand.as_deref().map(str::to_ascii_lowercase);
    match p.as_str() {
        "curl" | "wget" | "http" | "https" | "xh" | "aria2c" | "fetch" => {
            let mut operands: Vec<&str> = cmd.operands.iter().map(String::as_str).collect();
            if matches!(p.as_str(), "http" | "https" | "xh") {
                operands.retain(|o| !o.chars().all(|c| c.is_ascii_uppercase()));
                operands.truncate(1);
            }
            for o in operands {
                if is_url(o) {
                    out.push(url(o, prog));
                } else if looks_like_host(o) {
                    out.push(url(&format!("http://{o}"), prog));
                }
            }
            for v in option_values(&cmd.args, &["--url", "-x", "--proxy"]) {
                if is_url(v) {
                    out.push(url(v, prog));
                } else if looks_like_host(v) {
                    out.push(url(&format!("http://{v}"), prog));
                }
            }
        }
        "git" => {
            let candidates: &[String] = match sub.as_deref() {
                Some("clone" | "fetch" | "push" | "pull" | "ls-remote") => &cmd.operands,
                Some("remote" | "submodule")
                    if cmd
                        .operands
                        .first()
                        .is_some_and(|o| matches!(o.as_str(), "add" | "set-url")) =>
                {
                    &cmd.operands[1..]
                }
                _ => &[],
            };
            for o in candidates {
                if is_url(o) {
                    out.push(url(o, prog));
                } else if let Some(h) = scp_like(o) {
                    out.push(host(h, None, prog));
                }
            }
        }
        "ssh" | "mosh" | "telnet" | "ftp" | "sftp" if !cmd.operands.is_empty() => {
            let first = cmd.operands[0].as_str();
            if is_url(first) {
                out.push(url(first, prog));
            } else if p == "sftp" {
                if let Some(h) = scp_like(first) {
                    out.push(host(h, None, prog));
                } else {
                    let (h, port) = split_host_port(first);
                    out.push(host(h, port, prog));
                }
            } else {
                let (h, mut port) = split_host_port(first);
                if p == "telnet" || p == "ftp" {
                    port = cmd.operands.get(1).and_then(|s| s.parse().ok()).or(port);
                } else if let Some(v) = option_values(&cmd.args, &["-p"]).first() {
                    port = v.parse().ok();
                }
                out.push(host(h, port, prog));
            }
            if p == "ssh" {
                for v in option_values(&cmd.args, &["-J"]) {
                    for j in v.split(',') {
                        let (h, port) = split_host_port(j);
                        out.push(host(h, port, prog));
                    }
                }
            }
        }
        "scp" | "rsync" => {
            for o in &cmd.operands {
                if is_url(o) {
                    out.push(url(o, prog));
                } else if let Some(h) = scp_like(o) {
                    out.push(host(h, None, prog));
                }
            }
        }
        "nc" | "ncat" | "netcat" if !cmd.flags.contains("listen") => {
            if let Some(h) = cmd.operands.first() {
                let port = cmd.operands.get(1).and_then(|s| s.parse().ok());
                out.push(host(h, port, prog));
            }
        }
        "socat" => {
            for o in &cmd.operands {
                let upper = o.to_ascii_uppercase();
                for kind in [
                    "TCP:", "TCP4:", "TCP6:", "UDP:", "UDP4:", "UDP6:", "OPENSSL:", "SSL:",
                    "SOCKS4:", "SOCKS4A:", "PROXY:",
                ] {
                    if upper.starts_with(kind) {
                        let rest = &o[kind.len()..];
                        let addr = rest.split(',').next().unwrap_or("");
                        let (h, port) = split_host_port(addr);
                        out.push(host(h, port, prog));
                    }
                }
            }
        }
        "pip" | "pip3" | "uv" => {
            for v in option_values(
                &cmd.args,
                &[
                    "-i",
                    "--index-url",
                    "--extra-index-url",
                    "-f",
                    "--find-links",
                ],
            ) {
                if is_url(v) {
                    out.push(url(v, prog));
                }
            }
            for o in &cmd.operands {
                if is_url(o) {
                    out.push(url(o, prog));
                }
            }
        }
        "npm" | "yarn" | "pnpm" | "npx" | "bun" => {
            for v in option_values(&cmd.args, &["--registry"]) {
                if is_url(v) {
                    out.push(url(v, prog));
                }
            }
        }
        "docker" | "podman" | "nerdctl" => {
            if matches!(sub.as_deref(), Some("pull" | "push" | "run" | "create"))
                && let Some(image) = cmd.operands.first()
            {
                let first = image.split('/').next().unwrap_or("");
                if image.contains('/')
                    && (first.contains('.') || first.contains(':') || first == "localhost")
                {
                    let (h, port) = split_host_port(first);
                    out.push(host(h, port, prog));
                }
            }
        }
        _ => {}
    }
}
