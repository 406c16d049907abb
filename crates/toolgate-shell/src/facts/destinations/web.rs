//! Destinations of web clients: curl, wget, HTTPie (`http`, `https`), xh, aria2c, fetch.

use super::{Scan, Sink, Value, args_of, is_url, looks_like_host, proxy_target, split_host_port};
use crate::SimpleCommand;
use crate::knowledge::specs::Spec;

/// HTTP methods HTTPie accepts before the URL.
const METHODS: &[&str] = &[
    "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT",
];

/// Every curl operand is a URL (`example.com` means `http://example.com`).
pub(super) fn curl(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&args_of(cmd, 0), spec, false);
    for v in &scan.operands {
        sink.target(v, Some("http"));
    }
    for v in scan.values(&["--url"]) {
        sink.target(v, Some("http"));
    }
    for v in scan.values(&["--doh-url"]) {
        sink.target(v, None);
    }
    for v in scan.values(&[
        "-x",
        "--proxy",
        "--preproxy",
        "--socks4",
        "--socks4a",
        "--socks5",
        "--socks5-hostname",
        "--proxy1.0",
    ]) {
        proxy_target(sink, v);
    }
    for v in scan.values(&["--resolve"]) {
        resolve(sink, v);
    }
    for v in scan.values(&["--connect-to"]) {
        connect_to(sink, v);
    }
    // A config file (or stdin) can name any URL or proxy; a unix socket reaches another
    // program on this machine (the docker socket is root).
    if scan.has(&["-K", "--config", "--unix-socket", "--abstract-unix-socket"]) {
        sink.unknown();
    }
}

/// `--resolve [+]HOST:PORT:ADDR[,ADDR…]`: the connection goes to the addresses.
fn resolve(sink: &mut Sink, v: &Value) {
    if v.dynamic {
        return sink.unknown();
    }
    let t = v.text.trim_start_matches('+');
    if t.starts_with('-') {
        return; // `-HOST:PORT` removes an entry.
    }
    let mut parts = t.splitn(3, ':');
    let (_, port, addrs) = (parts.next(), parts.next(), parts.next());
    let port = port.and_then(|p| p.parse().ok());
    match addrs {
        Some(addrs) if !addrs.is_empty() => {
            for a in addrs.split(',') {
                sink.host(a, port);
            }
        }
        _ => sink.unknown(),
    }
}

/// `--connect-to HOST1:PORT1:HOST2:PORT2`: the connection goes to HOST2:PORT2.
fn connect_to(sink: &mut Sink, v: &Value) {
    if v.dynamic {
        return sink.unknown();
    }
    let Some((front, port2)) = v.text.rsplit_once(':') else {
        return sink.unknown();
    };
    let host2 = if front.ends_with(']') {
        front.rfind('[').map(|i| &front[i..]).unwrap_or("")
    } else {
        front.rsplit_once(':').map(|(_, h)| h).unwrap_or("")
    };
    match (host2.is_empty(), port2.is_empty()) {
        (true, true) => {}
        // Same host on another port: the port the URL names is not the one reached.
        (true, false) => sink.unknown(),
        _ => sink.host(host2, port2.parse().ok()),
    }
}

/// wget: operands are URLs; `-i` reads URLs from a file; `-e http_proxy=…` sets a proxy.
pub(super) fn wget(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&args_of(cmd, 0), spec, false);
    for v in &scan.operands {
        sink.target(v, Some("http"));
    }
    if scan.has(&["-i", "--input-file", "--config"]) {
        sink.unknown();
    }
    for v in scan.values(&["-e", "--execute"]) {
        // wget ignores case, `-` and `_` in setting names (`httpsproxy`, `https-proxy`).
        let setting = v.text.to_ascii_lowercase();
        let key: String = setting
            .split('=')
            .next()
            .unwrap_or("")
            .trim()
            .chars()
            .filter(|c| !matches!(c, '-' | '_'))
            .collect();
        if matches!(key.as_str(), "input" | "base" | "config" | "useproxy") {
            sink.unknown();
        }
        if matches!(key.as_str(), "httpproxy" | "httpsproxy" | "ftpproxy") {
            let value = v.text.split_once('=').map(|(_, p)| p.trim()).unwrap_or("");
            proxy_target(
                sink,
                &Value {
                    text: value.to_string(),
                    dynamic: v.dynamic,
                    one_word: false,
                },
            );
        }
    }
}

/// lwp-request / GET / POST / HEAD: every operand is a URL; `-p` names a proxy.
pub(super) fn lwp_request(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&args_of(cmd, 0), spec, false);
    for v in &scan.operands {
        sink.target(v, Some("http"));
    }
    for v in scan.values(&["-p"]) {
        proxy_target(sink, v);
    }
}

/// HTTPie / xh: `[METHOD] URL [ITEM…]`; the URL may be `:port/path` (localhost) or a bare
/// host (`example.com/x`).
pub(super) fn httpie(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let program = cmd.program_lower();
    let program = program.as_str();
    let scan = Scan::read(&args_of(cmd, 0), spec, false);
    let mut operands = scan.operands.iter();
    let mut first = operands.next();
    if let Some(m) = first
        && !m.dynamic
        && scan.operands.len() > 1
        && METHODS.contains(&m.text.to_ascii_uppercase().as_str())
    {
        first = operands.next();
    }
    let default_scheme = scan
        .values(&["--default-scheme"])
        .last()
        .map(|v| v.text.as_str())
        .unwrap_or(if matches!(program, "https" | "xhs") {
            "https"
        } else {
            "http"
        });
    if let Some(u) = first {
        if u.dynamic {
            sink.unknown();
        } else if is_url(&u.text) {
            sink.url(&u.text);
        } else if let Some(local) = u.text.strip_prefix(':') {
            // `:3000/x` and `:/x` mean localhost.
            let sep = if local.starts_with('/') || local.is_empty() {
                ""
            } else {
                ":"
            };
            sink.url(&format!("{default_scheme}://localhost{sep}{local}"));
        } else {
            sink.url(&format!("{default_scheme}://{}", u.text));
        }
    }
    for v in scan.values(&["--proxy"]) {
        // `--proxy=PROTOCOL:URL`.
        let url = v.text.split_once(':').map(|(_, u)| u).unwrap_or(&v.text);
        proxy_target(
            sink,
            &Value {
                text: url.to_string(),
                dynamic: v.dynamic,
                one_word: false,
            },
        );
    }
}

/// aria2c / fetch: operands that are URLs or hosts; `-i` reads URLs from a file.
pub(super) fn aria2c(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&args_of(cmd, 0), spec, false);
    for v in &scan.operands {
        if v.dynamic {
            sink.unknown();
        } else if is_url(&v.text) {
            sink.url(&v.text);
        } else if looks_like_host(&v.text) {
            let (h, _) = split_host_port(&v.text);
            if !h.ends_with(".torrent") && !h.ends_with(".metalink") {
                sink.url(&format!("http://{}", v.text));
            }
        }
    }
    if scan.has(&["-i", "--input-file"]) {
        sink.unknown();
    }
    for v in scan.values(&[
        "--all-proxy",
        "--http-proxy",
        "--https-proxy",
        "--ftp-proxy",
    ]) {
        proxy_target(sink, v);
    }
}
