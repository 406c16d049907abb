//! Destinations of name lookups and network probes. A lookup is sent to the name server it
//! names (`dig @SERVER`, `nslookup NAME SERVER`, `host NAME SERVER`, `whois -h SERVER`): that
//! server is a destination, as a proxy is. The names looked up are not: the system's resolver
//! answers them, and the exfiltration pack reads what they carry. A probe (`ping`,
//! `traceroute`, `mtr` …) sends its packets to the host it names.

use super::{Scan, Sink, Value, split_host_port};
use crate::SimpleCommand;
use crate::knowledge::specs::Spec;

/// The DNS port, where a lookup goes unless `-p` says otherwise.
const DNS_PORT: u16 = 53;

/// The whois port.
const WHOIS_PORT: u16 = 43;

/// The name server of a lookup: dig, kdig, delv and drill take `@SERVER` among their
/// operands; nslookup and host take it after the name; whois takes `-h SERVER`. A file of
/// queries (`dig -f`) or of servers (`drill -c`) names servers only known at run time.
pub(super) fn name_server(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    let port_option = |default: u16| {
        scan.values(&["-p", "--port"])
            .last()
            .map_or(Some(default), |v| v.text.parse().ok())
    };
    match sink.program.unwrap_or("") {
        "dig" | "kdig" | "delv" | "drill" => {
            let port = port_option(DNS_PORT);
            for v in scan.operands.iter().filter(|v| v.text.starts_with('@')) {
                server(sink, v, 1, port);
            }
            if scan.has(&["-f"]) || sink.program == Some("drill") && scan.has(&["-c"]) {
                sink.unknown();
            }
        }
        "nslookup" => {
            // `nslookup [-option …] [NAME | -] [SERVER]`: options are single words.
            let mut words = scan
                .operands
                .iter()
                .filter(|v| !v.text.starts_with('-') || v.text == "-");
            if let Some(v) = words.nth(1) {
                server(sink, v, 0, Some(DNS_PORT));
            }
        }
        "host" => {
            if let Some(v) = scan.operands.get(1) {
                server(sink, v, 0, Some(DNS_PORT));
            }
        }
        "whois" => {
            let port = port_option(WHOIS_PORT);
            for v in scan.values(&["-h", "--host"]) {
                server(sink, v, 0, port);
            }
        }
        _ => {}
    }
}

/// A server written from byte `skip` of `v` (after dig's `@`): a host or an address, a
/// bracketed IPv6 address with an optional port; a run-time value is unknown.
fn server(sink: &mut Sink, v: &Value, skip: usize, port: Option<u16>) {
    if v.dynamic {
        return sink.unknown();
    }
    let text = &v.text[skip..];
    let (h, p) = if text.starts_with('[') {
        split_host_port(text)
    } else {
        (text, None)
    };
    sink.host(h, p.or(port));
}

/// The host a probe sends its packets to: its first operand (traceroute's second is a packet
/// length); mtr's `-F FILE` reads the hosts from a file.
pub(super) fn probe(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    if sink.program == Some("mtr") && scan.has(&["-F", "--filename"]) {
        sink.unknown();
    }
    if let Some(v) = scan.operands.first() {
        server(sink, v, 0, None);
    }
}
