//! Destinations of web clients: curl, wget, HTTPie (`http`, `https`), xh, aria2c, fetch.

use super::{Scan, Sink, Value, is_url, looks_like_host, proxy_target, split_host_port};
use crate::SimpleCommand;
use crate::knowledge::specs::Spec;
use crate::model::METHOD_AT_RUN_TIME;

/// curl options that send a request body, which makes the request a POST.
const CURL_BODY: &[&str] = &[
    "-d",
    "--data",
    "--data-ascii",
    "--data-binary",
    "--data-raw",
    "--data-urlencode",
    "-F",
    "--form",
    "--form-string",
    "--json",
];

/// The method of a value naming one (`-X post` is `POST`), or the run-time marker.
fn method_named(v: &Value) -> String {
    if v.dynamic {
        METHOD_AT_RUN_TIME.to_string()
    } else {
        v.text.to_ascii_uppercase()
    }
}

/// The method curl sends: `-X`/`--request` (the last one) sets it; otherwise `-I` is HEAD,
/// `-T` PUT, a body (`-d`, `-F`, `--json` …) POST unless `-G` puts it in the query; GET.
fn curl_method(scan: &Scan) -> String {
    if let Some(v) = scan.values(&["-X", "--request"]).last() {
        return method_named(v);
    }
    let method = if scan.has(&["-I", "--head"]) {
        "HEAD"
    } else if scan.has(&["-T", "--upload-file"]) {
        "PUT"
    } else if scan.has(CURL_BODY) && !scan.has(&["-G", "--get"]) {
        "POST"
    } else {
        "GET"
    };
    method.to_string()
}

/// The method wget sends: `--method`; `--post-data`/`--post-file` POST; `--spider` HEAD; GET.
fn wget_method(scan: &Scan) -> String {
    if let Some(v) = scan.values(&["--method"]).last() {
        return method_named(v);
    }
    let method = if scan.has(&["--post-data", "--post-file"]) {
        "POST"
    } else if scan.has(&["--spider"]) {
        "HEAD"
    } else {
        "GET"
    };
    method.to_string()
}

/// Whether an HTTPie request item sends data (`field=value`, `field:=json`, `field@file`,
/// `field=@file`), not a header (`Name:value`) or a query parameter (`name==value`): the
/// separator is the first of `:`, `=`, `@` in the item, as HTTPie reads it.
fn httpie_data_item(item: &str) -> bool {
    let Some(at) = item.find([':', '=', '@']) else {
        return false;
    };
    let rest = &item[at..];
    if rest.starts_with("==") {
        return false;
    }
    if rest.starts_with(':') {
        return rest.starts_with(":=");
    }
    true
}

/// HTTP methods HTTPie accepts before the URL.
const METHODS: &[&str] = &[
    "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT",
];

/// Every curl operand is a URL (`example.com` means `http://example.com`).
pub(super) fn curl(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    sink.method = Some(curl_method(&scan));
    for v in &scan.operands {
        sink.target(v, Some("http"));
    }
    for v in scan.values(&["--url"]) {
        sink.target(v, Some("http"));
    }
    sink.method = None;
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
    // `--dns-servers ADDR[:PORT][,…]`: the name server that picks the address to connect to.
    for v in scan.values(&["--dns-servers"]) {
        dns_servers(sink, v);
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

/// `--dns-servers ADDR[:PORT][,ADDR[:PORT]…]` (IPv6 in brackets): each server, on port 53
/// unless given.
fn dns_servers(sink: &mut Sink, v: &Value) {
    if v.dynamic {
        return sink.unknown();
    }
    for server in v.text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (h, port) = if server.starts_with('[') || server.matches(':').count() == 1 {
            split_host_port(server)
        } else {
            (server, None)
        };
        sink.host(h, port.or(Some(53)));
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
    let scan = Scan::read(&sink.args(cmd), spec, false);
    sink.method = Some(wget_method(&scan));
    for v in &scan.operands {
        sink.target(v, Some("http"));
    }
    sink.method = None;
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
    let scan = Scan::read(&sink.args(cmd), spec, false);
    // `-m METHOD`, else the name it was called by (`POST`, `HEAD`; `lwp-request` is GET).
    sink.method = Some(match scan.values(&["-m"]).last() {
        Some(v) => method_named(v),
        None => match cmd.program_lower().as_ref() {
            "post" => "POST".to_string(),
            "head" => "HEAD".to_string(),
            _ => "GET".to_string(),
        },
    });
    for v in &scan.operands {
        sink.target(v, Some("http"));
    }
    sink.method = None;
    for v in scan.values(&["-p"]) {
        proxy_target(sink, v);
    }
}

/// HTTPie / xh: `[METHOD] URL [ITEM…]`; the URL may be `:port/path` (localhost) or a bare
/// host (`example.com/x`).
pub(super) fn httpie(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let program = cmd.program_lower();
    let program = &*program;
    let scan = Scan::read(&sink.args(cmd), spec, false);
    let mut operands = scan.operands.iter();
    let mut first = operands.next();
    let mut method = None;
    if let Some(m) = first
        && !m.dynamic
        && scan.operands.len() > 1
        && METHODS.contains(&m.text.to_ascii_uppercase().as_str())
    {
        method = Some(m.text.to_ascii_uppercase());
        first = operands.next();
    }
    // Without a method word, request items that carry data (or `--raw`) make it a POST; an
    // item only known at run time may be one.
    let items: Vec<&Value> = operands.collect();
    sink.method = Some(method.unwrap_or_else(|| {
        if scan.has(&["--raw"])
            || items
                .iter()
                .any(|v| !v.dynamic && httpie_data_item(&v.text))
        {
            "POST".to_string()
        } else if items.iter().any(|v| v.dynamic) {
            METHOD_AT_RUN_TIME.to_string()
        } else {
            "GET".to_string()
        }
    }));
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
    sink.method = None;
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
    let scan = Scan::read(&sink.args(cmd), spec, false);
    // aria2c only downloads.
    sink.method = Some("GET".to_string());
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
    sink.method = None;
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
