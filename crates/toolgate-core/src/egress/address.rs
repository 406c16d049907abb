//! Special-purpose destinations (the SSRF classes): addresses and names that reach the local
//! machine, a private network or a cloud metadata service.
//!
//! Addresses are classed by tables of special blocks, most specific first, so that an address's
//! own block (the one a CIDR allow entry must lie inside to admit it) is the first that holds it.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use ipnet::{IpNet, Ipv4Net, Ipv6Net};

use super::echo_names::ip_echo_class;
use super::host::CanonicalHost;

/// Special IPv4 blocks: network bits, prefix length, class. Most specific first.
pub const SPECIAL_V4: &[(u32, u8, &str)] = &[
    (0xa9fe_a9fe, 32, "cloud metadata address"),
    (0x6464_64c8, 32, "cloud metadata address"),
    (0xc000_00c0, 32, "cloud metadata address"),
    (0xffff_ffff, 32, "broadcast address"),
    (0x0000_0000, 8, "unspecified address"),
    (0x7f00_0000, 8, "loopback address"),
    (0x0a00_0000, 8, "private address"),
    (0xac10_0000, 12, "private address"),
    (0xc0a8_0000, 16, "private address"),
    (0x6440_0000, 10, "shared (CGNAT) address"),
    (0xa9fe_0000, 16, "link-local address"),
    (0xc000_0000, 24, "reserved address"),
    (0xc000_0200, 24, "documentation address"),
    (0xc633_6400, 24, "documentation address"),
    (0xcb00_7100, 24, "documentation address"),
    (0xc058_6300, 24, "reserved address"),
    (0xc612_0000, 15, "benchmarking address"),
    (0xe000_0000, 4, "multicast address"),
    (0xf000_0000, 4, "reserved address"),
];

/// Special IPv6 blocks (for addresses that embed no IPv4 address): network bits, prefix
/// length, class. Most specific first.
pub const SPECIAL_V6: &[(u128, u8, &str)] = &[
    (
        0xfd00_0ec2_0000_0000_0000_0000_0000_0254,
        128,
        "cloud metadata address",
    ),
    (0, 128, "unspecified address"),
    (1, 128, "loopback address"),
    (0, 96, "reserved address"),
    (0x0064_ff9b_0001 << 80, 48, "reserved address"),
    (0x0100 << 112, 64, "reserved address"),
    (0x2001_0db8 << 96, 32, "documentation address"),
    (0x2001 << 112, 23, "reserved address"),
    (0x3fff << 112, 20, "documentation address"),
    (0x5f00 << 112, 16, "reserved address"),
    (0xfc00 << 112, 7, "private address"),
    (0xfe80 << 112, 10, "link-local address"),
    (0xfec0 << 112, 10, "private address"),
    (0xff00 << 112, 8, "multicast address"),
];

/// A special-purpose destination: its class, and for an address the special block it lies in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpecialDestination {
    /// The class name (never input), used as the decision's detail.
    pub class: &'static str,
    /// The address's own special block; `None` for names.
    pub block: Option<IpNet>,
}

impl SpecialDestination {
    /// Whether an allow range may admit this destination: only a range inside its own block
    /// (so `10.1.0.0/16` admits `10.1.2.3`, but `0.0.0.0/0` admits no special address and
    /// `169.254.0.0/16` does not admit the metadata address, whose block is its own /32).
    pub fn admitted_by_range(&self, range: &IpNet) -> bool {
        self.block.is_some_and(|b| b.contains(range))
    }
}

fn within(v: u128, net: u128, len: u8, bits: u32) -> bool {
    len == 0 || (v ^ net) >> (bits - u32::from(len)) == 0
}

/// The special block holding an IPv4 address, with its class.
pub fn ipv4_block(a: Ipv4Addr) -> Option<(Ipv4Net, &'static str)> {
    let v = u128::from(u32::from(a));
    SPECIAL_V4
        .iter()
        .find(|(net, len, _)| within(v, u128::from(*net), *len, 32))
        .and_then(|(net, len, class)| {
            Ipv4Net::new(Ipv4Addr::from(*net), *len)
                .ok()
                .map(|n| (n, *class))
        })
}

/// The special block holding an IPv6 address, with its class.
pub fn ipv6_block(a: &Ipv6Addr) -> Option<(Ipv6Net, &'static str)> {
    let v = u128::from(*a);
    SPECIAL_V6
        .iter()
        .find(|(net, len, _)| within(v, *net, *len, 128))
        .and_then(|(net, len, class)| {
            Ipv6Net::new(Ipv6Addr::from(*net), *len)
                .ok()
                .map(|n| (n, *class))
        })
}

/// Every special block, IPv4 then IPv6, with its class (for policy validation).
pub fn special_blocks() -> impl Iterator<Item = (IpNet, &'static str)> {
    let v4 = SPECIAL_V4.iter().filter_map(|(net, len, class)| {
        Ipv4Net::new(Ipv4Addr::from(*net), *len)
            .ok()
            .map(|n| (IpNet::V4(n), *class))
    });
    let v6 = SPECIAL_V6.iter().filter_map(|(net, len, class)| {
        Ipv6Net::new(Ipv6Addr::from(*net), *len)
            .ok()
            .map(|n| (IpNet::V6(n), *class))
    });
    v4.chain(v6)
}

/// The special-purpose destination a canonical host is, or `None` for a public one.
pub fn special_destination(host: &CanonicalHost) -> Option<SpecialDestination> {
    match host {
        CanonicalHost::Ipv4(a) => ipv4_block(*a).map(|(n, class)| SpecialDestination {
            class,
            block: Some(IpNet::V4(n)),
        }),
        CanonicalHost::Ipv6(a) => ipv6_block(a).map(|(n, class)| SpecialDestination {
            class,
            block: Some(IpNet::V6(n)),
        }),
        CanonicalHost::Domain(d) => {
            name_class(d).map(|class| SpecialDestination { class, block: None })
        }
    }
}

/// The special-purpose class of a canonical host, or `None` for a public destination.
/// The text is a class name (never input), used as the decision's detail.
pub fn special_class(host: &CanonicalHost) -> Option<&'static str> {
    special_destination(host).map(|s| s.class)
}

/// The special-purpose class of an IPv4 address.
pub fn ipv4_class(a: Ipv4Addr) -> Option<&'static str> {
    ipv4_block(a).map(|(_, c)| c)
}

/// The special-purpose class of an IPv6 address that embeds no IPv4 address.
pub fn ipv6_class(a: &Ipv6Addr) -> Option<&'static str> {
    ipv6_block(a).map(|(_, c)| c)
}

/// The special-purpose class of an address (embedded IPv4 read as IPv4).
pub fn ip_class(ip: IpAddr) -> Option<&'static str> {
    special_class(&CanonicalHost::from_ip(ip))
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

/// Public names whose every subdomain resolves to the loopback address (each also matches
/// the bare name).
pub const LOOPBACK_NAME_SUFFIXES: &[&str] = &["localtest.me", "lvh.me", "vcap.me", "localh.st"];

/// Well-known metadata service names outside those suffixes.
const METADATA_NAMES: &[&str] = &["metadata.google.internal", "instance-data.ec2.internal"];

/// The class of a local-only, loopback, IP-echo or metadata name.
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
        if name_within(d, suffix) {
            return Some(if *suffix == "localhost" {
                "loopback name"
            } else {
                "local-only name"
            });
        }
    }
    if LOOPBACK_NAME_SUFFIXES.iter().any(|s| name_within(d, s)) {
        return Some("loopback name");
    }
    ip_echo_class(d)
}

/// Whether `d` is `suffix` or a name under it.
pub(crate) fn name_within(d: &str, suffix: &str) -> bool {
    d == suffix
        || (d.len() > suffix.len()
            && d.ends_with(suffix)
            && d.as_bytes()[d.len() - suffix.len() - 1] == b'.')
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
            "localtest.me",
            "app.localtest.me",
            "lvh.me",
            "a.b.vcap.me",
            "localh.st",
            "127.0.0.1.nip.io",
            "www.sslip.io",
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
            "notlvh.me",
            "8.8.8.8.nip.io",
        ] {
            assert_eq!(class(s), None, "{s}");
        }
    }

    #[test]
    fn own_blocks_are_the_most_specific() {
        let block = |s: &str| {
            special_destination(&canonicalize_host(s).unwrap())
                .and_then(|d| d.block)
                .map(|b| b.to_string())
        };
        assert_eq!(
            block("169.254.169.254").as_deref(),
            Some("169.254.169.254/32")
        );
        assert_eq!(block("169.254.1.1").as_deref(), Some("169.254.0.0/16"));
        assert_eq!(block("10.1.2.3").as_deref(), Some("10.0.0.0/8"));
        assert_eq!(
            block("100.100.100.200").as_deref(),
            Some("100.100.100.200/32")
        );
        assert_eq!(
            block("255.255.255.255").as_deref(),
            Some("255.255.255.255/32")
        );
        assert_eq!(block("fd00:ec2::254").as_deref(), Some("fd00:ec2::254/128"));
        assert_eq!(block("::1").as_deref(), Some("::1/128"));
        assert_eq!(block("localhost"), None);
    }

    #[test]
    fn only_ranges_inside_the_own_block_admit() {
        let dest = |s: &str| special_destination(&canonicalize_host(s).unwrap()).unwrap();
        let net = |s: &str| s.parse::<IpNet>().unwrap();
        assert!(dest("10.1.2.3").admitted_by_range(&net("10.1.0.0/16")));
        assert!(dest("10.1.2.3").admitted_by_range(&net("10.0.0.0/8")));
        assert!(!dest("10.1.2.3").admitted_by_range(&net("0.0.0.0/0")));
        assert!(!dest("10.1.2.3").admitted_by_range(&net("8.0.0.0/5")));
        assert!(!dest("169.254.169.254").admitted_by_range(&net("169.254.0.0/16")));
        assert!(dest("169.254.169.254").admitted_by_range(&net("169.254.169.254/32")));
        assert!(!dest("::1").admitted_by_range(&net("::/0")));
        assert!(!dest("localhost").admitted_by_range(&net("0.0.0.0/0")));
    }
}
