//! Host canonicalisation, shared by URL hosts, bare destinations and policy patterns.
//!
//! One form for every spelling: lower case, IDNA to punycode, one trailing dot dropped,
//! IPv4 shorthand read as IPv4, IPv6 with or without brackets, and IPv6 forms that embed an
//! IPv4 address (mapped, compatible, NAT64, 6to4) read as that IPv4 address.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Longest DNS name, in octets, without the trailing dot.
pub const MAX_HOST_LEN: usize = 253;
/// Longest DNS label, in octets.
pub const MAX_LABEL_LEN: usize = 63;

/// A host in canonical form.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CanonicalHost {
    /// An IPv4 address (also for IPv6 forms that embed one).
    Ipv4(Ipv4Addr),
    /// An IPv6 address that embeds no IPv4 address.
    Ipv6(Ipv6Addr),
    /// An ASCII DNS name: lower case, punycode, no trailing dot, labels of `[a-z0-9_-]`.
    Domain(String),
}

impl CanonicalHost {
    /// The address, for IP hosts.
    pub fn ip(&self) -> Option<IpAddr> {
        match self {
            CanonicalHost::Ipv4(a) => Some(IpAddr::V4(*a)),
            CanonicalHost::Ipv6(a) => Some(IpAddr::V6(*a)),
            CanonicalHost::Domain(_) => None,
        }
    }

    /// The name, for domain hosts.
    pub fn domain(&self) -> Option<&str> {
        match self {
            CanonicalHost::Domain(d) => Some(d),
            _ => None,
        }
    }

    /// Builds the canonical host of an address, unwrapping embedded IPv4.
    pub fn from_ip(ip: IpAddr) -> CanonicalHost {
        match ip {
            IpAddr::V4(a) => CanonicalHost::Ipv4(a),
            IpAddr::V6(a) => match embedded_ipv4(&a) {
                Some(v4) => CanonicalHost::Ipv4(v4),
                None => CanonicalHost::Ipv6(a),
            },
        }
    }
}

impl CanonicalHost {
    /// The host as text (as [`fmt::Display`] writes it), without the formatting machinery for names.
    pub fn to_text(&self) -> String {
        match self {
            CanonicalHost::Domain(d) => d.clone(),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for CanonicalHost {
    /// IPv6 in brackets, as a URL hostname.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CanonicalHost::Ipv4(a) => write!(f, "{a}"),
            CanonicalHost::Ipv6(a) => write!(f, "[{a}]"),
            CanonicalHost::Domain(d) => f.write_str(d),
        }
    }
}

/// Why a host is not valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum HostError {
    /// Nothing to check.
    #[error("empty host")]
    Empty,
    /// A label between two dots (or at the start) is empty.
    #[error("empty label")]
    EmptyLabel,
    /// A label is longer than 63 octets.
    #[error("label longer than 63 octets")]
    LabelTooLong,
    /// The name is longer than 253 octets.
    #[error("host longer than 253 octets")]
    TooLong,
    /// A character outside `[a-z0-9_-]` in a label (after IDNA).
    #[error("character not allowed in a host name")]
    BadCharacter,
    /// Not valid per WHATWG host parsing (IDNA failure, bad IPv4/IPv6 form, forbidden code point).
    #[error("not a valid host per WHATWG/IDNA")]
    Unparsable,
}

/// The IPv4 address an IPv6 address carries, if it is IPv4-mapped (`::ffff:0:0/96`),
/// IPv4-translated (`::ffff:0:0:0/96`), IPv4-compatible (`::/96` except `::` and `::1`),
/// NAT64 (`64:ff9b::/96`) or 6to4 (`2002::/16`).
pub fn embedded_ipv4(a: &Ipv6Addr) -> Option<Ipv4Addr> {
    let s = a.segments();
    let low = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    match s {
        [0, 0, 0, 0, 0, 0xffff, _, _] => Some(low),
        [0, 0, 0, 0, 0xffff, 0, _, _] => Some(low),
        [0, 0, 0, 0, 0, 0, hi, lo] if (hi, lo) != (0, 0) && (hi, lo) != (0, 1) => Some(low),
        [0x64, 0xff9b, 0, 0, 0, 0, _, _] => Some(low),
        [0x2002, hi, lo, ..] => Some(Ipv4Addr::new(
            (hi >> 8) as u8,
            hi as u8,
            (lo >> 8) as u8,
            lo as u8,
        )),
        _ => None,
    }
}

/// Canonicalises a host as written anywhere outside a URL (a policy pattern, `ssh host`, the
/// opaque host of a non-special scheme). Brackets are optional around IPv6.
pub fn canonicalize_host(raw: &str) -> Result<CanonicalHost, HostError> {
    if raw.is_empty() {
        return Err(HostError::Empty);
    }
    if let Some(inner) = raw.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return inner
            .parse::<Ipv6Addr>()
            .map(|a| CanonicalHost::from_ip(IpAddr::V6(a)))
            .map_err(|_| HostError::Unparsable);
    }
    if raw.contains(':') {
        return raw
            .parse::<Ipv6Addr>()
            .map(|a| CanonicalHost::from_ip(IpAddr::V6(a)))
            .map_err(|_| HostError::Unparsable);
    }
    match url::Host::parse(raw) {
        Ok(host) => canonical_from_url_host(&host),
        Err(_) => Err(HostError::Unparsable),
    }
}

/// Canonicalises a host as the `url` crate parsed it for a special scheme.
pub fn canonical_from_url_host<S: AsRef<str>>(
    host: &url::Host<S>,
) -> Result<CanonicalHost, HostError> {
    match host {
        url::Host::Ipv4(a) => Ok(CanonicalHost::Ipv4(*a)),
        url::Host::Ipv6(a) => Ok(CanonicalHost::from_ip(IpAddr::V6(*a))),
        url::Host::Domain(d) => canonical_domain(d.as_ref()),
    }
}

/// Checks an already IDNA-processed name: drops one trailing dot, then requires labels of
/// `[a-z0-9_-]` (upper case is folded), 1–63 octets each, 253 octets in all.
pub fn canonical_domain(name: &str) -> Result<CanonicalHost, HostError> {
    let name = name.strip_suffix('.').unwrap_or(name);
    if name.is_empty() {
        return Err(HostError::Empty);
    }
    if name.len() > MAX_HOST_LEN {
        return Err(HostError::TooLong);
    }
    for label in name.split('.') {
        if label.is_empty() {
            return Err(HostError::EmptyLabel);
        }
        if label.len() > MAX_LABEL_LEN {
            return Err(HostError::LabelTooLong);
        }
        if !label
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(HostError::BadCharacter);
        }
    }
    if name.bytes().any(|b| b.is_ascii_uppercase()) {
        Ok(CanonicalHost::Domain(name.to_ascii_lowercase()))
    } else {
        Ok(CanonicalHost::Domain(name.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(s: &str) -> String {
        canonicalize_host(s)
            .map(|h| h.to_string())
            .unwrap_or_else(|e| format!("error: {e}"))
    }

    #[test]
    fn spellings_of_one_host_agree() {
        for s in ["Example.COM", "example.com.", "exa%6dple.com"] {
            assert_eq!(canon(s), "example.com", "{s}");
        }
        for s in [
            "2130706433",
            "0x7f.1",
            "127.1",
            "0177.0.0.1",
            "[::ffff:127.0.0.1]",
            "::ffff:7f00:1",
            "[64:ff9b::7f00:1]",
            "2002:7f00:1::",
        ] {
            assert_eq!(canon(s), "127.0.0.1", "{s}");
        }
        assert_eq!(canon("::1"), "[::1]");
        assert_eq!(canon("[0:0:0:0:0:0:0:1]"), "[::1]");
        assert_eq!(canon("bücher.de"), "xn--bcher-kva.de");
    }

    #[test]
    fn invalid_hosts_are_refused() {
        assert_eq!(canonicalize_host("a..b"), Err(HostError::EmptyLabel));
        assert_eq!(
            canonicalize_host("example.com.."),
            Err(HostError::EmptyLabel)
        );
        assert_eq!(
            canonicalize_host(&"a".repeat(64)),
            Err(HostError::LabelTooLong)
        );
        let long = vec!["abcdefghi"; 30].join(".");
        assert_eq!(canonicalize_host(&long), Err(HostError::TooLong));
        assert_eq!(canonicalize_host("a*b.com"), Err(HostError::BadCharacter));
        assert!(canonicalize_host("256.256.256.256").is_err());
        assert!(canonicalize_host("[::g]").is_err());
        assert_eq!(canonicalize_host(""), Err(HostError::Empty));
    }

    #[test]
    fn embedded_forms_unwrap() {
        let a: Ipv6Addr = "::ffff:0:a9fe:a9fe".parse().unwrap();
        assert_eq!(embedded_ipv4(&a), Some(Ipv4Addr::new(169, 254, 169, 254)));
        assert_eq!(embedded_ipv4(&Ipv6Addr::LOCALHOST), None);
        assert_eq!(embedded_ipv4(&Ipv6Addr::UNSPECIFIED), None);
        let g: Ipv6Addr = "2606:4700::1111".parse().unwrap();
        assert_eq!(embedded_ipv4(&g), None);
    }
}
