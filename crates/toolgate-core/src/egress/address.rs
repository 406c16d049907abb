//! Special-purpose destinations (the SSRF classes): addresses and names that reach the local
//! machine, a private network or a cloud metadata service.

use std::net::{Ipv4Addr, Ipv6Addr};

use super::host::CanonicalHost;

/// The special-purpose class of a canonical host, or `None` for a public destination.
/// The text is a class name (never input), used as the decision's detail.
pub fn special_class(host: &CanonicalHost) -> Option<&'static str> {
    match host {
        CanonicalHost::Ipv4(a) => ipv4_class(*a),
        CanonicalHost::Ipv6(a) => ipv6_class(a),
        CanonicalHost::Domain(d) => name_class(d),
    }
}

/// The special-purpose class of an IPv4 address.
pub fn ipv4_class(a: Ipv4Addr) -> Option<&'static str> {
    let o = a.octets();
    let v = u32::from(a);
    let within = |net: u32, len: u32| (v ^ net) >> (32 - len) == 0;
    Some(match o {
        [169, 254, 169, 254] => "cloud metadata address",
        [100, 100, 100, 200] => "cloud metadata address",
        [192, 0, 0, 192] => "cloud metadata address",
        [255, 255, 255, 255] => "broadcast address",
        [0, ..] => "unspecified address",
        [127, ..] => "loopback address",
        [10, ..] => "private address",
        _ if within(0xac10_0000, 12) => "private address",
        [192, 168, ..] => "private address",
        _ if within(0x6440_0000, 10) => "shared (CGNAT) address",
        [169, 254, ..] => "link-local address",
        [192, 0, 0, _] => "reserved address",
        [192, 0, 2, _] | [198, 51, 100, _] | [203, 0, 113, _] => "documentation address",
        [192, 88, 99, _] => "reserved address",
        _ if within(0xc612_0000, 15) => "benchmarking address",
        _ if within(0xe000_0000, 4) => "multicast address",
        _ if within(0xf000_0000, 4) => "reserved address",
        _ => return None,
    })
}

/// The special-purpose class of an IPv6 address that embeds no IPv4 address.
pub fn ipv6_class(a: &Ipv6Addr) -> Option<&'static str> {
    let s = a.segments();
    let v = u128::from(*a);
    let within = |net: u128, len: u32| (v ^ net) >> (128 - len) == 0;
    Some(match s {
        [0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x0254] => "cloud metadata address",
        [0, 0, 0, 0, 0, 0, 0, 0] => "unspecified address",
        [0, 0, 0, 0, 0, 0, 0, 1] => "loopback address",
        _ if within(0, 96) => "reserved address",
        _ if within(0x0064_ff9b_0001 << 80, 48) => "reserved address",
        _ if within(0x0100 << 112, 64) => "reserved address",
        _ if within(0x2001_0db8 << 96, 32) => "documentation address",
        _ if within(0x2001 << 112, 23) => "reserved address",
        _ if within(0x3fff << 112, 20) => "documentation address",
        _ if within(0x5f00 << 112, 16) => "reserved address",
        _ if within(0xfc00 << 112, 7) => "private address",
        _ if within(0xfe80 << 112, 10) => "link-local address",
        _ if within(0xfec0 << 112, 10) => "private address",
        _ if within(0xff00 << 112, 8) => "multicast address",
        _ => return None,
    })
}

/// Suffixes of names that only resolve locally (each also matches the bare suffix).
const LOCAL_SUFFIXES: &[&str] = &[
    "localhost",
    "local",
    "internal",
    "home.arpa",
    "localdomain",
    "lan",
    "intranet",
    "corp",
    "home",
    "private",
];

/// Well-known metadata service names outside those suffixes.
const METADATA_NAMES: &[&str] = &["metadata.google.internal", "instance-data.ec2.internal"];

/// The class of a local-only or metadata name.
pub fn name_class(d: &str) -> Option<&'static str> {
    if METADATA_NAMES.contains(&d) {
        return Some("cloud metadata name");
    }
    if !d.contains('.') {
        return Some(if d == "localhost" {
            "loopback name"
        } else {
            "single-label name"
        });
    }
    for suffix in LOCAL_SUFFIXES {
        if d == *suffix
            || (d.len() > suffix.len()
                && d.ends_with(suffix)
                && d.as_bytes()[d.len() - suffix.len() - 1] == b'.')
        {
            return Some(if *suffix == "localhost" {
                "loopback name"
            } else {
                "local-only name"
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egress::host::canonicalize_host;

    fn class(s: &str) -> Option<&'static str> {
        special_class(&canonicalize_host(s).unwrap())
    }

    #[test]
    fn internal_destinations_have_a_class() {
        for s in [
            "127.0.0.1",
            "10.1.2.3",
            "172.31.255.255",
            "192.168.0.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "240.0.0.1",
            "198.18.0.1",
            "192.0.2.1",
            "::1",
            "::",
            "fd00:ec2::254",
            "fe80::1",
            "fc00::1",
            "ff02::1",
            "2001:db8::1",
            "[::ffff:127.0.0.1]",
            "localhost",
            "a.localhost",
            "metadata.google.internal",
            "printer.local",
            "router.home.arpa",
            "intranet",
            "instance-data",
        ] {
            assert!(class(s).is_some(), "{s} should be special");
        }
    }

    #[test]
    fn public_destinations_have_none() {
        for s in [
            "8.8.8.8",
            "1.1.1.1",
            "172.32.0.1",
            "100.128.0.1",
            "2606:4700::1111",
            "example.com",
            "api.openai.com",
            "notlocal.com",
        ] {
            assert_eq!(class(s), None, "{s}");
        }
    }
}
