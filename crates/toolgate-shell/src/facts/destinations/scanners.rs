//! Destinations of port scanners (nmap, masscan, zmap): every target they name is checked as
//! a destination. An IPv4 range (`10.0.0.0/8`, `192.168.1.1-254`, `10.0-255.0.1`) is checked
//! as its first address and, for every special-purpose block it overlaps (private, loopback,
//! link-local with the cloud metadata address, CGNAT, …), the first address it holds there:
//! a range is denied when any part of it would be. Targets read from a file (`-iL`) or drawn
//! at random (`-iR`) are only known at run time.

use std::net::Ipv4Addr;

use super::Sink;
use crate::SimpleCommand;
use crate::knowledge::specs::scanner_options;
use crate::options::{Scan, args_of, with_attached_optional, with_long_only};

/// The special-purpose IPv4 blocks, as (first address, prefix length).
const SPECIAL_V4: &[([u8; 4], u32)] = &[
    ([0, 0, 0, 0], 8),
    ([10, 0, 0, 0], 8),
    ([100, 64, 0, 0], 10),
    ([127, 0, 0, 0], 8),
    ([169, 254, 0, 0], 16),
    ([172, 16, 0, 0], 12),
    ([192, 0, 0, 0], 24),
    ([192, 0, 2, 0], 24),
    ([192, 168, 0, 0], 16),
    ([198, 18, 0, 0], 15),
    ([198, 51, 100, 0], 24),
    ([203, 0, 113, 0], 24),
    ([224, 0, 0, 0], 4),
    ([240, 0, 0, 0], 4),
];

/// The metadata address, checked apart: it needs its own allow entry.
const METADATA: u32 = u32::from_be_bytes([169, 254, 169, 254]);

/// nmap, masscan, zmap: their targets, read with their row in [`crate::knowledge::specs::SCANNERS`]: operands and
/// the values of target options. Targets from a file or drawn at random are only known at
/// run time.
pub(super) fn scanner(cmd: &SimpleCommand, sink: &mut Sink) {
    let Some(row) = scanner_options(&cmd.program_lower()) else {
        return sink.unknown();
    };
    let mut args = args_of(cmd, 0);
    if row.long_only {
        args = with_long_only(args, row.spec);
    }
    for (letter, long) in row.glued {
        args = with_attached_optional(args, row.spec, *letter, long);
    }
    let scan = Scan::read(&args, row.spec, false);
    if scan.has(row.no_scan) {
        return;
    }
    if scan.has(row.run_time) {
        sink.unknown();
    }
    for v in scan.values(row.targets).chain(&scan.operands) {
        if v.dynamic {
            sink.unknown();
        } else {
            // masscan and zmap also take comma-separated lists.
            for t in v.text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                target(sink, t);
            }
        }
    }
}

/// One target: a host name, an address, a CIDR range or an nmap octet range.
fn target(sink: &mut Sink, t: &str) {
    if t.is_empty() {
        return;
    }
    let (base, prefix) = match t.split_once('/') {
        Some((b, p)) => (b, Some(p)),
        None => (t, None),
    };
    if let Some((first, last)) = v4_range(base, prefix) {
        check_v4_range(sink, first, last);
        return;
    }
    if base.contains(':') {
        // IPv6: the address (a range's first address).
        sink.host(base, None);
        return;
    }
    match prefix {
        // `scanme.example.org/24`: the addresses around a name are only known at run time.
        Some(_) => sink.unknown(),
        None => sink.host(base, None),
    }
}

/// An IPv4 address, CIDR range or octet range (`192.168.1.1-254`, `10.0-255.*.1`) as its first
/// and last address; `None` for anything else.
fn v4_range(base: &str, prefix: Option<&str>) -> Option<(u32, u32)> {
    let parts: Vec<&str> = base.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut low = [0u8; 4];
    let mut high = [0u8; 4];
    for (n, part) in parts.iter().enumerate() {
        let (lo, hi) = if *part == "*" {
            (0, 255)
        } else {
            let mut lo = 255u8;
            let mut hi = 0u8;
            for piece in part.split(',') {
                let (a, b) = match piece.split_once('-') {
                    Some((a, b)) => (
                        if a.is_empty() { 0 } else { a.parse().ok()? },
                        if b.is_empty() { 255 } else { b.parse().ok()? },
                    ),
                    None => {
                        let v: u8 = piece.parse().ok()?;
                        (v, v)
                    }
                };
                lo = lo.min(a);
                hi = hi.max(b);
            }
            (lo, hi)
        };
        low[n] = lo;
        high[n] = hi;
    }
    let (mut first, mut last) = (u32::from_be_bytes(low), u32::from_be_bytes(high));
    if let Some(p) = prefix {
        let bits: u32 = p.parse().ok().filter(|b| *b <= 32)?;
        let mask = if bits == 0 {
            0
        } else {
            u32::MAX << (32 - bits)
        };
        first &= mask;
        last = (last & mask) | !mask;
    }
    Some((first.min(last), first.max(last)))
}

/// Adds the first address of the range and, for every special-purpose block it overlaps, the
/// first address of the overlap (the metadata address when the range holds it).
fn check_v4_range(sink: &mut Sink, first: u32, last: u32) {
    let mut addresses = vec![first];
    for (start, bits) in SPECIAL_V4 {
        let block_first = u32::from_be_bytes(*start);
        let block_last = block_first | (u32::MAX >> bits);
        if first <= block_last && block_first <= last {
            addresses.push(first.max(block_first));
        }
    }
    if (first..=last).contains(&METADATA) {
        addresses.push(METADATA);
    }
    addresses.sort_unstable();
    addresses.dedup();
    for a in addresses {
        sink.host(&Ipv4Addr::from(a).to_string(), None);
    }
}

#[cfg(test)]
mod tests {
    use super::v4_range;

    fn range(t: &str) -> Option<(String, String)> {
        let (base, prefix) = match t.split_once('/') {
            Some((b, p)) => (b, Some(p)),
            None => (t, None),
        };
        v4_range(base, prefix).map(|(a, b)| {
            (
                std::net::Ipv4Addr::from(a).to_string(),
                std::net::Ipv4Addr::from(b).to_string(),
            )
        })
    }

    #[test]
    fn ranges_are_read_as_nmap_writes_them() {
        let r = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        assert_eq!(range("10.0.0.0/8"), r("10.0.0.0", "10.255.255.255"));
        assert_eq!(range("10.1.2.3/8"), r("10.0.0.0", "10.255.255.255"));
        assert_eq!(range("192.168.1.1-254"), r("192.168.1.1", "192.168.1.254"));
        assert_eq!(range("10.0-255.*.1"), r("10.0.0.1", "10.255.255.1"));
        assert_eq!(range("0.0.0.0/0"), r("0.0.0.0", "255.255.255.255"));
        assert_eq!(range("8.8.8.8"), r("8.8.8.8", "8.8.8.8"));
        assert_eq!(range("scanme.example.org"), None);
        assert_eq!(range("1.2.3.4/33"), None);
        assert_eq!(range("1.2.3.400"), None);
    }
}
