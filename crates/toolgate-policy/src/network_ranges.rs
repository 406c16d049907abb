//! Warnings about address ranges and deny entries: an allow range that spans special blocks it
//! cannot admit, an IPv6 deny range whose IPv4-embedding addresses escape it, and a deny entry
//! that overlaps no allow entry (so it can never change a decision).

use std::net::Ipv6Addr;

use ipnet::{IpNet, Ipv6Net};
use toolgate_core::egress::address::special_blocks;
use toolgate_core::egress::{HostPattern, PatternKind};

use crate::diagnostic::Diagnostics;
use crate::network::Written;

/// IPv6 prefixes whose addresses are checked as the IPv4 address they embed: mapped,
/// translated, compatible, NAT64 and 6to4.
const EMBEDDING_PREFIXES: &[(u128, u8, &str)] = &[
    (0xffff << 32, 96, "::ffff:0:0/96"),
    (0xffff << 48, 96, "::ffff:0:0:0/96"),
    (0, 96, "::/96"),
    (0x0064_ff9b << 96, 96, "64:ff9b::/96"),
    (0x2002 << 112, 16, "2002::/16"),
];

fn overlap(a: &IpNet, b: &IpNet) -> bool {
    a.contains(b) || b.contains(a)
}

/// The classes of special blocks `range` overlaps without lying inside them: the special
/// addresses an allow entry for `range` seems to include but does not admit.
pub fn spanned_special_classes(range: &IpNet) -> Vec<&'static str> {
    let mut classes: Vec<&'static str> = Vec::new();
    for (block, class) in special_blocks() {
        if overlap(range, &block) && !block.contains(range) && !classes.contains(&class) {
            classes.push(class);
        }
    }
    classes
}

/// The IPv4-embedding prefixes an IPv6 range overlaps (its addresses there are checked as
/// IPv4, so an IPv6 deny range does not catch them).
pub fn embedding_prefixes_overlapped(range: &Ipv6Net) -> Vec<&'static str> {
    EMBEDDING_PREFIXES
        .iter()
        .filter(|(net, len, _)| {
            Ipv6Net::new(Ipv6Addr::from(*net), *len)
                .is_ok_and(|p| overlap(&IpNet::V6(*range), &IpNet::V6(p)))
        })
        .map(|(_, _, text)| *text)
        .collect()
}

/// Range and deny warnings over the parsed allow and deny patterns.
pub(crate) fn lint_ranges(
    allow_written: &[Written<'_>],
    allow: &[Option<HostPattern>],
    deny_written: &[Written<'_>],
    deny: &[Option<HostPattern>],
    diags: &mut Diagnostics,
) {
    for (w, p) in allow_written.iter().zip(allow) {
        let Some(p) = p else { continue };
        let PatternKind::Cidr(range) = p.kind() else {
            continue;
        };
        if p.is_any() {
            continue;
        }
        let classes = spanned_special_classes(range);
        if !classes.is_empty() {
            diags.warning_hint(
                "range-spans-special",
                w.position,
                format!(
                    "`{}` (`{p}`) spans special addresses it does not admit ({}): a range admits a special address only when it lies inside that address's own block",
                    w.path,
                    classes.join(", ")
                ),
                "narrow the range, or list the special addresses the agent really needs exactly (e.g. `10.0.0.0/8`, or `169.254.169.254` for a metadata service)",
            );
        }
    }
    let allow_listed: Vec<&HostPattern> = allow.iter().flatten().collect();
    for (w, p) in deny_written.iter().zip(deny) {
        let Some(p) = p else { continue };
        if let PatternKind::Cidr(IpNet::V6(range)) = p.kind() {
            let prefixes = embedding_prefixes_overlapped(range);
            if !prefixes.is_empty() {
                diags.warning_hint(
                    "deny-misses-embedded-ipv4",
                    w.position,
                    format!(
                        "`{}` (`{p}`) does not deny the addresses it holds in {}: they are checked as the IPv4 address they embed",
                        w.path,
                        prefixes.join(", ")
                    ),
                    "deny the IPv4 addresses meant as IPv4 ranges too (e.g. `10.0.0.0/8`), which also covers every IPv6 form of them",
                );
            }
        }
        if !allow_listed.is_empty() && !allow_listed.iter().any(|a| a.overlaps(p)) {
            diags.warning_hint(
                "unneeded-deny",
                w.position,
                format!(
                    "`{}` (`{p}`) overlaps no allow entry: what it denies is denied anyway, so it never changes a decision",
                    w.path
                ),
                "remove it, or fix the allow entry it was meant to narrow",
            );
        }
    }
}
