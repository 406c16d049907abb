//! Destinations of remote shells, file copies and raw sockets: ssh, mosh, scp, sftp, rsync,
//! telnet, ftp, nc/ncat/netcat, socat.
//!
//! The program's own URL forms (`ssh://`, `sftp://`, `rsync://`, `telnet://`) are reported as
//! hosts: the scheme is the program's protocol, not a web URL.

use super::{
    Scan, ScanOpt, Sink, Value, args_of, host_of_url_or_spec, is_url, proxy_target, scp_like,
    split_host_port,
};
use crate::SimpleCommand;
use crate::knowledge::specs::Spec;

/// `ssh [options] destination [command]`: the command runs remotely (its words are not
/// destinations here).
pub(super) fn ssh(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, true);
    // OpenSSH reads options again after the destination unless `--` came before it
    // (`ssh host -o HostName=10.0.0.1`); they end at the remote command.
    let after = match scan.stop {
        Some(at) if scan.after_dashdash.is_none() => Scan::read(&args_of(cmd, at + 1), spec, true),
        _ => Scan::default(),
    };
    let port = scan
        .values(&["-p"])
        .chain(after.values(&["-p"]))
        .last()
        .and_then(|v| v.text.parse().ok());
    if let Some(dest) = scan.operands.first() {
        remote(sink, dest, port);
    }
    for s in [&scan, &after] {
        connection_options(sink, s);
        for v in s.values(&["-W"]) {
            proxy_target(sink, v);
        }
        for v in s.values(&["-R"]) {
            remote_forward(sink, v);
        }
    }
}

/// `-R [bind:]port:host:hostport` makes this machine connect to `host` for the remote side;
/// `-R [bind:]port` alone is a SOCKS proxy into this machine's network: unknown.
fn remote_forward(sink: &mut Sink, v: &Value) {
    if v.dynamic {
        return sink.unknown();
    }
    let parts: Vec<&str> = v.text.split(':').collect();
    match parts.len() {
        0..=2 => sink.unknown(),
        n => {
            let host = parts[n - 2].trim_start_matches('[').trim_end_matches(']');
            if host.starts_with('/') {
                sink.unknown();
            } else {
                sink.host(host, parts[n - 1].parse().ok());
            }
        }
    }
}

/// The options scp, sftp and ssh share: `-J` jumps, `-o` settings, `-F` configs, `-S`
/// connection programs.
fn connection_options(sink: &mut Sink, scan: &Scan) {
    for v in scan.values(&["-J"]) {
        jumps(sink, v);
    }
    for o in scan.opts.iter().filter(|o| o.name == "-o") {
        ssh_setting(sink, o);
    }
    // A config file can send the connection anywhere (`/dev/null` and `none` read nothing).
    if scan
        .values(&["-F"])
        .any(|v| v.dynamic || !matches!(v.text.as_str(), "/dev/null" | "none"))
    {
        sink.unknown();
    }
}

/// A remote given as `ssh://[user@]host[:port]` or `[user@]host`.
fn remote(sink: &mut Sink, v: &Value, port: Option<u16>) {
    if v.dynamic {
        return sink.unknown();
    }
    if is_url(&v.text) {
        return host_of_url_or_spec(sink, &v.text, port);
    }
    let (h, p) = split_host_port(&v.text);
    // `host:port` is not ssh syntax, but a bracketed IPv6 literal may carry one.
    let p = if v.text.starts_with('[') { p } else { None };
    sink.host(h, p.or(port));
}

/// `-J [user@]host[:port][,…]` (or `ProxyJump`).
fn jumps(sink: &mut Sink, v: &Value) {
    if v.dynamic {
        return sink.unknown();
    }
    if v.text.eq_ignore_ascii_case("none") {
        return;
    }
    for j in v.text.split(',') {
        host_of_url_or_spec(sink, j, None);
    }
}

/// `-o Key=value` / `-o "Key value"`: settings that change where the connection goes.
fn ssh_setting(sink: &mut Sink, o: &ScanOpt) {
    let Some(v) = &o.value else { return };
    let t = v.text.trim();
    let split = t.find(['=', ' ', '\t']).unwrap_or(t.len());
    let key = t[..split].to_ascii_lowercase();
    let value = t[split..].trim_start_matches(['=', ' ', '\t']).trim();
    let value = Value {
        text: value.to_string(),
        dynamic: v.dynamic,
        one_word: false,
    };
    match key.as_str() {
        "hostname" => remote(sink, &value, None),
        "proxyjump" => jumps(sink, &value),
        // A program (or an included file) decides where the connection goes.
        "proxycommand" | "include" | "localcommand" | "knownhostscommand"
            if !value.text.eq_ignore_ascii_case("none") =>
        {
            sink.unknown()
        }
        _ => {}
    }
}

/// `mosh [options] [user@]host [command]`.
pub(super) fn mosh(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, true);
    if let Some(dest) = scan.operands.first() {
        remote(sink, dest, None);
    }
    if scan.has(&["--ssh"]) {
        sink.unknown();
    }
}

/// A copy operand that is only known at run time may name a remote (`"$DEST"`), unless its
/// written text shows a local path (`"$DIR/x"`) or it is a path `find` lists under start
/// paths that are local (`find . -exec rsync -R {} dir/ \;`: `./x` has no `host:`).
fn dynamic_may_be_remote(cmd: &SimpleCommand, v: &Value) -> bool {
    let listed_locally = !cmd.input_roots.is_empty()
        && cmd.input_roots.iter().all(|r| local_path(r))
        && cmd
            .args
            .iter()
            .enumerate()
            .any(|(i, a)| *a == v.text && cmd.rooted_args.contains(&i));
    !listed_locally && (v.text.contains(':') || !v.text.contains('/'))
}

/// Whether a path (and every path under it) is local to rsync and scp: no `:` before the
/// first `/` (`host:path`, `host::module`).
fn local_path(path: &str) -> bool {
    match (path.find(':'), path.find('/')) {
        (None, _) => true,
        (Some(colon), Some(slash)) => slash < colon,
        (Some(_), None) => false,
    }
}

/// scp and sftp: `[user@]host:path`, `scp://` / `sftp://` URLs; sftp's first operand may also
/// be a bare `[user@]host`.
pub(super) fn copy(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec, sftp: bool) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    let port = scan
        .values(&["-P"])
        .last()
        .and_then(|v| v.text.parse().ok());
    for (i, v) in scan.operands.iter().enumerate() {
        if v.dynamic {
            if dynamic_may_be_remote(cmd, v) {
                sink.unknown();
            }
        } else if is_url(&v.text) {
            host_of_url_or_spec(sink, &v.text, port);
        } else if let Some(h) = scp_like(&v.text) {
            sink.host(h, port);
        } else if sftp && i == 0 {
            remote(sink, v, port);
        }
    }
    connection_options(sink, &scan);
    // Another program makes the connection.
    if scan.has(&["-S", "-D"]) {
        sink.unknown();
    }
}

/// rsync: `[user@]host:path` (over a remote shell), `host::module` and `rsync://` (daemon).
pub(super) fn rsync(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    let port = scan
        .values(&["--port"])
        .last()
        .and_then(|v| v.text.parse().ok());
    for v in &scan.operands {
        if v.dynamic {
            if dynamic_may_be_remote(cmd, v) {
                sink.unknown();
            }
        } else if is_url(&v.text) {
            host_of_url_or_spec(sink, &v.text, port);
        } else if let Some((h, _)) = v.text.split_once("::").filter(|(h, _)| !h.contains('/')) {
            let (h, _) = split_host_port(h);
            sink.host(h, port);
        } else if let Some(h) = scp_like(&v.text) {
            sink.host(h, None);
        }
    }
    // A remote shell other than ssh decides how (and where) to connect.
    for v in scan.values(&["-e", "--rsh"]) {
        let program = v.text.split_whitespace().next().unwrap_or("");
        if v.dynamic || crate::syntax::words::basename(program) != "ssh" {
            sink.unknown();
        }
    }
}

/// openssl's clients: `s_client` / `s_time` connect to `-connect HOST:PORT` (or `-host HOST
/// -port PORT`; s_client also takes `HOST:PORT` as an operand), through `-proxy HOST:PORT`;
/// `ocsp` asks the responder at `-url URL` or `-host HOST:PORT`. Without a server they connect
/// to this machine's port 4433, which the network policy does not judge.
pub(super) fn openssl(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let args = crate::options::with_two_dashes(sink.args(cmd).into_owned());
    let scan = Scan::read(&args, spec, false);
    let Some(sub) = scan.operands.first() else {
        return;
    };
    let sub = sub.text.to_ascii_lowercase();
    if !matches!(sub.as_str(), "s_client" | "s_time" | "ocsp") {
        return;
    }
    let port = scan
        .values(&["--port"])
        .last()
        .and_then(|v| v.text.parse().ok());
    let servers = scan.values(&["--connect", "--host"]);
    let operands = scan.operands[1..].iter().filter(|_| sub == "s_client");
    for v in servers.chain(operands) {
        if v.dynamic {
            sink.unknown();
        } else {
            let (h, p) = split_host_port(&v.text);
            sink.host(h, p.or(port));
        }
    }
    for v in scan.values(&["--proxy"]) {
        proxy_target(sink, v);
    }
    for v in scan.values(&["--url"]) {
        sink.target(v, None);
    }
}

/// telnet and ftp: `host [port]` or the program's URL.
pub(super) fn host_then_port(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    let Some(first) = scan.operands.first() else {
        return;
    };
    let port = scan.operands.get(1).and_then(|p| p.text.parse().ok());
    if first.dynamic {
        sink.unknown();
    } else if is_url(&first.text) {
        host_of_url_or_spec(sink, &first.text, port);
    } else {
        let (h, p) = split_host_port(&first.text);
        sink.host(h, port.or(p));
    }
}

/// nc / ncat / netcat: `host port` unless listening; `-x` / `--proxy` proxies.
pub(super) fn netcat(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    // A unix socket reaches another program on this machine (the docker socket is root).
    if scan.has(&["-U", "--unixsock"]) && !scan.has(&["-l", "--listen"]) {
        sink.unknown();
    }
    if !scan.has(&["-l", "--listen", "-U", "--unixsock"])
        && let Some(h) = scan.operands.first()
    {
        let port = scan.operands.get(1).and_then(|p| p.text.parse().ok());
        if h.dynamic {
            sink.unknown();
        } else {
            let (host, p) = split_host_port(&h.text);
            let bracketed = h.text.starts_with('[');
            sink.host(if bracketed { host } else { &h.text }, port.or(p));
        }
    }
    for v in scan.values(&["-x", "--proxy"]) {
        proxy_target(sink, v);
    }
}

/// socat address types that connect: `TYPE:host:port`.
const SOCAT_CONNECT: &[&str] = &[
    "TCP",
    "TCP4",
    "TCP6",
    "TCP-CONNECT",
    "TCP4-CONNECT",
    "TCP6-CONNECT",
    "UDP",
    "UDP4",
    "UDP6",
    "UDP-CONNECT",
    "UDP4-CONNECT",
    "UDP6-CONNECT",
    "UDP-SENDTO",
    "SCTP-CONNECT",
    "OPENSSL",
    "OPENSSL-CONNECT",
    "SSL",
    "DTLS",
    "OPENSSL-DTLS-CLIENT",
    "SCTP",
    "SCTP4",
    "SCTP6",
    "SCTP4-CONNECT",
    "SCTP6-CONNECT",
    "DCCP",
    "DCCP-CONNECT",
    "DCCP4",
    "DCCP6",
    "UDP-DATAGRAM",
    "UDP4-DATAGRAM",
    "UDP6-DATAGRAM",
    "UDP4-SENDTO",
    "UDP6-SENDTO",
    "IP-SENDTO",
    "IP4-SENDTO",
    "IP6-SENDTO",
    "IP-DATAGRAM",
    "IP4-DATAGRAM",
    "IP6-DATAGRAM",
    "UDPLITE",
    "UDPLITE-CONNECT",
    "UDPLITE4",
    "UDPLITE6",
];

/// socat address types that stay on this machine and reach nothing (files, pipes, the
/// terminal, listeners). Any type in neither list is an unknown destination: sockets
/// (`UNIX-CONNECT:/var/run/docker.sock`, `VSOCK-CONNECT:2:80`) reach other programs.
const SOCAT_LOCAL: &[&str] = &[
    "STDIO",
    "STDIN",
    "STDOUT",
    "STDERR",
    "-",
    "FILE",
    "GOPEN",
    "OPEN",
    "CREATE",
    "CREAT",
    "PIPE",
    "PTY",
    "FD",
    "TCP-LISTEN",
    "TCP4-LISTEN",
    "TCP6-LISTEN",
    "UDP-LISTEN",
    "UDP4-LISTEN",
    "UDP6-LISTEN",
    "UDP-RECV",
    "UDP-RECVFROM",
    "UDP4-RECV",
    "UDP4-RECVFROM",
    "UDP6-RECV",
    "UDP6-RECVFROM",
    "READLINE",
    "SYSTEM",
    "EXEC",
    "OPENSSL-LISTEN",
    "SSL-LISTEN",
    "TUN",
    "ABSTRACT-LISTEN",
    "UNIX-LISTEN",
    "UNIX-RECV",
    "UNIX-RECVFROM",
    "SCTP-LISTEN",
    "SCTP4-LISTEN",
    "SCTP6-LISTEN",
];

/// socat address types through a proxy: `TYPE:proxy:host:port`.
const SOCAT_PROXY: &[&str] = &[
    "SOCKS4",
    "SOCKS4A",
    "SOCKS5",
    "SOCKS5-CONNECT",
    "PROXY",
    "PROXY-CONNECT",
];

/// Whether a socat address type reaches the network: it connects (`TCP:`, `OPENSSL:`), goes
/// through a proxy (`SOCKS4:`) or listens (`TCP-LISTEN:`, `UDP-RECV:`).
pub(crate) fn socat_network_type(kind: &str) -> bool {
    let kind = kind.to_ascii_uppercase();
    SOCAT_CONNECT.contains(&kind.as_str())
        || SOCAT_PROXY.contains(&kind.as_str())
        || kind.ends_with("-LISTEN")
        || kind.starts_with("UDP") && kind.contains("-RECV")
}

/// socat: each address operand (`TCP:host:port`, `OPENSSL:host:port`, `SOCKS4:proxy:host:port`).
pub(super) fn socat(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    for v in &scan.operands {
        let (kind, rest) = v.text.split_once(':').unwrap_or((v.text.as_str(), ""));
        let kind = kind.to_ascii_uppercase();
        let is_connect = SOCAT_CONNECT.contains(&kind.as_str());
        let is_proxy = SOCAT_PROXY.contains(&kind.as_str());
        if !is_connect && !is_proxy {
            // A bare file name (`socat - /tmp/f`) is a file; a type socat knows only from
            // its own manual is a socket or device this check cannot judge.
            let file = !v.text.contains(':') && !v.dynamic;
            if !file && !SOCAT_LOCAL.contains(&kind.as_str()) {
                sink.unknown();
            }
            continue;
        }
        if v.dynamic {
            sink.unknown();
            continue;
        }
        let addr = rest.split(',').next().unwrap_or("");
        if is_proxy {
            let (proxy, target) = split_first_host(addr);
            sink.host(proxy, None);
            let (h, port) = split_host_port(target);
            sink.host(h, port);
        } else {
            let (h, port) = split_host_port(addr);
            sink.host(h, port);
        }
    }
}

/// `host:rest` with `host` possibly a bracketed IPv6 literal.
fn split_first_host(s: &str) -> (&str, &str) {
    if s.starts_with('[')
        && let Some(close) = s.find(']')
    {
        let rest = s[close + 1..].strip_prefix(':').unwrap_or("");
        return (&s[..=close], rest);
    }
    s.split_once(':').unwrap_or((s, ""))
}

#[cfg(test)]
mod tests {
    use super::split_first_host;

    #[test]
    fn first_host_of_a_proxy_address() {
        assert_eq!(
            split_first_host("p.example:h.example:80"),
            ("p.example", "h.example:80")
        );
        assert_eq!(split_first_host("[::1]:h:80"), ("[::1]", "h:80"));
    }
}
