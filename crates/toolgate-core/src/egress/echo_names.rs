//! IP-echo names (`127.0.0.1.nip.io`, `10-0-0-1.sslip.io`, `7f000001.nip.io`): public DNS
//! services that answer a name with the address it spells. Such a name is as special as the
//! address it spells; one that spells no readable address is treated as special (fail closed),
//! because the service's own reading of it cannot be predicted.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use super::address::{ip_class, name_within};

/// Suffixes of IP-echo services. The bare suffix is the service's own public site.
pub const IP_ECHO_SUFFIXES: &[&str] = &["nip.io", "sslip.io", "xip.io"];

/// The class of an IP-echo name that spells a special address or no readable address;
/// `None` for other names and for echo names that only spell public addresses.
pub fn ip_echo_class(d: &str) -> Option<&'static str> {
    let suffix = IP_ECHO_SUFFIXES
        .iter()
        .find(|s| d.len() > s.len() && name_within(d, s))?;
    let prefix = &d[..d.len() - suffix.len() - 1];
    let readings = spelled_addresses(prefix);
    if readings.is_empty() {
        return Some("IP-echo name without a readable address");
    }
    if readings.into_iter().any(|ip| ip_class(ip).is_some()) {
        return Some("IP-echo name of a special address");
    }
    None
}

fn octet(s: &str) -> Option<u8> {
    if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn four_octets(parts: &[&str]) -> Option<Ipv4Addr> {
    match parts {
        [a, b, c, d] => Some(Ipv4Addr::new(octet(a)?, octet(b)?, octet(c)?, octet(d)?)),
        _ => None,
    }
}

fn hex_address(s: &str) -> Option<Ipv4Addr> {
    if s.len() != 8 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(s, 16).ok().map(Ipv4Addr::from)
}

/// Every address the labels before the echo suffix can be read as, in any of the services'
/// notations (dotted, dashed, 8-digit hex, dashed IPv6), anywhere in the name: fail closed
/// means every possible reading counts, not only the one a service would pick.
pub fn spelled_addresses(prefix: &str) -> Vec<IpAddr> {
    let mut out = Vec::new();
    let labels: Vec<&str> = prefix.split('.').collect();
    for window in labels.windows(4) {
        if let Some(a) = four_octets(window) {
            out.push(IpAddr::V4(a));
        }
    }
    for label in &labels {
        let parts: Vec<&str> = label.split('-').collect();
        for window in parts.windows(4) {
            if let Some(a) = four_octets(window) {
                out.push(IpAddr::V4(a));
            }
        }
        for part in parts.iter().chain(std::iter::once(label)) {
            if let Some(a) = hex_address(part) {
                out.push(IpAddr::V4(a));
            }
        }
        if label.contains("--") || parts.len() >= 8 {
            for start in 0..parts.len() {
                let text = parts[start..].join(":");
                if let Ok(a) = text.parse::<Ipv6Addr>() {
                    out.push(IpAddr::V6(a));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_names_of_special_addresses_are_special() {
        for d in [
            "127.0.0.1.nip.io",
            "app.127.0.0.1.nip.io",
            "company.127.0.0.1.nip.io",
            "10-0-0-1.sslip.io",
            "app-10-0-0-1.sslip.io",
            "7f000001.nip.io",
            "app-a9fea9fe.xip.io",
            "169.254.169.254.xip.io",
            "--1.sslip.io",
            "fe80--1.sslip.io",
            "8.8.8.8.10.0.0.1.nip.io",
        ] {
            assert_eq!(
                ip_echo_class(d),
                Some("IP-echo name of a special address"),
                "{d}"
            );
        }
    }

    #[test]
    fn unreadable_echo_names_fail_closed() {
        for d in [
            "www.nip.io",
            "app.sslip.io",
            "1.2.3.nip.io",
            "300.1.1.1.nip.io",
        ] {
            assert_eq!(
                ip_echo_class(d),
                Some("IP-echo name without a readable address"),
                "{d}"
            );
        }
    }

    #[test]
    fn public_readings_and_other_names_are_not_special() {
        for d in [
            "8.8.8.8.nip.io",
            "app-1-1-1-1.sslip.io",
            "08080808.nip.io",
            "nip.io",
            "sslip.io",
            "example.com",
            "127.0.0.1.example.com",
            "notnip.io",
        ] {
            assert_eq!(ip_echo_class(d), None, "{d}");
        }
    }
}
