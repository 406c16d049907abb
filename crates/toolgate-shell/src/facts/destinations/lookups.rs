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
/// operands; nslookup and host take it after the name; whois takes `-h SERVER`.
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
            // A batch file (`dig -f`) may name servers too; it is not read: what it could
            // carry out, its names already can (names are not judged).
        }
        "nslookup" => {
            // `nslookup [-option …] [NAME | -] [SERVER]`.
            if let Some(v) = scan.operands.get(1) {
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

/// The hosts a probe sends its packets to: every operand (iputils `ping` reads the last as
/// the target and the ones before as gateways the packets pass; traceroute's second is a
/// packet length, which the number rule below skips); mtr's `-F FILE` reads the hosts from a
/// file. Not destinations: a number below 2^24 (`0.0.0.0/8`, where no packet can be sent: a
/// count or size in another system's syntax, `ping -n 1 HOST` on Windows), this machine's
/// loopback (the packets reach no other machine), and a word with `%` outside an IPv6 zone
/// (a cmd.exe variable: it resolves to nothing).
pub(super) fn probe(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    if sink.program == Some("mtr") && scan.has(&["-F", "--filename"]) {
        sink.unknown();
    }
    for v in &scan.operands {
        if v.dynamic || !reaches_no_other_machine(&v.text) {
            server(sink, v, 0, None);
        }
    }
}

/// See [`probe`]: a probe operand that sends nothing to another machine.
fn reaches_no_other_machine(text: &str) -> bool {
    let small_number = text.parse::<u32>().is_ok_and(|n| n < 1 << 24);
    let loopback = text.eq_ignore_ascii_case("localhost")
        || text
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    let cmd_variable = text.contains('%') && !text.contains(':');
    small_number || loopback || cmd_variable
}

#[cfg(test)]
mod tests {
    use super::reaches_no_other_machine;

    #[test]
    fn only_counts_loopback_and_cmd_variables_reach_no_other_machine() {
        for t in [
            "1",
            "60",
            "16777215",
            "127.0.0.1",
            "::1",
            "localhost",
            "%ip%",
        ] {
            assert!(reaches_no_other_machine(t), "{t}");
        }
        for t in [
            "16777216",
            "1199092913",
            "10.0.0.1",
            "169.254.169.254",
            "evil.example",
            "ff02::1%eth0",
            "localhost.evil.example",
        ] {
            assert!(!reaches_no_other_machine(t), "{t}");
        }
    }
}
