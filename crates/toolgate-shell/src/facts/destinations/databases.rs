//! Destinations of database clients: psql, mysql and mariadb, redis-cli and valkey-cli,
//! mongosh and mongo.
//!
//! A client without a host reaches the server on this machine through a local socket; a
//! loopback host (`psql -h localhost`, `mysql -h 127.0.0.1`) or a socket path (`psql -h
//! /var/run/postgresql`) reaches the same server over another path. Neither leaves the
//! machine, so neither is a destination: the network policy judges the servers of other
//! machines (`psql -h db.example.com`, `redis-cli -u redis://cache.example.com`).

use super::{Scan, Sink, Value, is_url, split_host_port, static_authority};
use crate::SimpleCommand;
use crate::knowledge::specs::Spec;

/// Whether a host a database client is given names this machine: a loopback name or
/// address, or a socket path (plain, percent-encoded or abstract).
fn names_this_machine(host: &str) -> bool {
    let lower = host.to_ascii_lowercase();
    let bare = lower.trim_start_matches('[').trim_end_matches(']');
    bare.is_empty()
        || bare == "localhost"
        || bare.ends_with(".localhost")
        || bare.starts_with('/')
        || bare.starts_with('@')
        || bare.starts_with("%2f")
        || bare
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// One `host[:port]` a client connects to, unless it names this machine.
fn server(sink: &mut Sink, text: &str, port: Option<u16>) {
    let (h, p) = split_host_port(text.trim());
    if !names_this_machine(h) {
        sink.host(h, p.or(port));
    }
}

/// A comma-separated list of hosts (`-h a,b`, libpq's and MongoDB's multi-host forms); one
/// only known at run time is unknown.
fn servers(sink: &mut Sink, v: &Value, port: Option<u16>) {
    if v.dynamic {
        return sink.unknown();
    }
    for h in v.text.split(',') {
        server(sink, h, port);
    }
}

/// The last port option's value, if it is a number.
fn port_of(scan: &Scan, names: &[&str]) -> Option<u16> {
    scan.values(names).last().and_then(|v| v.text.parse().ok())
}

/// The hosts of a connection URL (`postgresql://u@h1:5432,h2/db?host=…`,
/// `mongodb://h1,h2/db`, `redis://:pw@h:6379/0`): the authority's hosts after the user
/// information, and libpq's `host=`/`hostaddr=` query parameters.
fn url_servers(sink: &mut Sink, url: &str, port: Option<u16>) {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..end];
    let hosts = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    for h in hosts.split(',') {
        server(sink, h, port);
    }
    if let Some((_, query)) = rest.split_once('?') {
        for pair in query.split(['&', '#']) {
            if let Some(("host" | "hostaddr", value)) = pair.split_once('=') {
                for h in value.split(',') {
                    server(sink, h, port);
                }
            }
        }
    }
}

/// A libpq connection string: a URL, `key=value` settings (`host=h dbname=x`), or a database
/// name (no destination). One only known at run time is unknown unless its text shows the
/// URL's host.
fn conninfo(sink: &mut Sink, v: &Value, port: Option<u16>) {
    if v.dynamic {
        match static_authority(v) {
            Some(prefix) => return url_servers(sink, prefix, port),
            None => return sink.unknown(),
        }
    }
    let t = v.text.as_str();
    if is_url(t) {
        return url_servers(sink, t, port);
    }
    for setting in t.split_whitespace() {
        if let Some(("host" | "hostaddr", value)) = setting.split_once('=') {
            for h in value.trim_matches(['\'', '"']).split(',') {
                server(sink, h, port);
            }
        }
    }
}

/// psql: `-h HOST[,HOST…]`, and the connection string of `-d` or the first operand.
pub(super) fn postgres(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    let port = port_of(&scan, &["-p", "--port"]);
    for v in scan.values(&["-h", "--host"]) {
        servers(sink, v, port);
    }
    for v in scan
        .values(&["-d", "--dbname"])
        .chain(scan.operands.first())
    {
        conninfo(sink, v, port);
    }
}

/// mysql, mariadb: `-h`/`--host` (operands name databases).
pub(super) fn mysql(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    let port = port_of(&scan, &["-P", "--port"]);
    for v in scan.values(&["-h", "--host"]) {
        servers(sink, v, port);
    }
}

/// redis-cli, valkey-cli: `-h HOST`, `-u URI` (`redis://`, `rediss://`, `valkey://`).
pub(super) fn redis(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    let port = port_of(&scan, &["-p"]);
    for v in scan.values(&["-h"]) {
        servers(sink, v, port);
    }
    // A `-u` value that is no URL is refused by the client (it connects nowhere).
    for v in scan
        .values(&["-u"])
        .filter(|v| v.dynamic || is_url(&v.text))
    {
        conninfo(sink, v, port);
    }
}

/// mongosh, mongo: `--host` (`host[:port]`, `replicaSet/h1,h2` or a URL) and the first
/// operand when it is a URL or `host[:port]/database` (a bare word names a database).
pub(super) fn mongo(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    let port = port_of(&scan, &["--port"]);
    for v in scan.values(&["--host"]) {
        if v.dynamic || is_url(&v.text) {
            conninfo(sink, v, port);
        } else {
            let hosts = v.text.split_once('/').map_or(v.text.as_str(), |(_, h)| h);
            for h in hosts.split(',') {
                server(sink, h, port);
            }
        }
    }
    if let Some(v) = scan.operands.first() {
        if v.dynamic || is_url(&v.text) {
            conninfo(sink, v, port);
        } else if let Some((address, _)) = v.text.split_once('/') {
            server(sink, address, port);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::names_this_machine;

    #[test]
    fn loopback_and_sockets_name_this_machine() {
        for h in [
            "",
            "localhost",
            "LOCALHOST",
            "db.localhost",
            "127.0.0.1",
            "127.1.2.3",
            "::1",
            "[::1]",
            "/var/run/postgresql",
            "%2Fvar%2Frun%2Fpostgresql",
            "@abstract",
        ] {
            assert!(names_this_machine(h), "{h}");
        }
        for h in [
            "evil.example",
            "10.0.0.5",
            "169.254.169.254",
            "localhost.evil.example",
            "0.0.0.0",
            "db",
        ] {
            assert!(!names_this_machine(h), "{h}");
        }
    }
}
