//! Host patterns: `*`, an exact host, `*.domain`, an IP address, a CIDR range, each with an
//! optional `:port`. Patterns are canonicalised like URL hosts.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use ipnet::{IpNet, Ipv4Net, Ipv6Net};

use super::host::{CanonicalHost, HostError, canonicalize_host, embedded_ipv4};

/// What a pattern matches, without its port.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PatternKind {
    /// `*`: every host.
    Any,
    /// One host (a name or an address).
    Exact(CanonicalHost),
    /// `*.domain`: the domain and every name under it.
    Suffix(String),
    /// An address range. IPv6 ranges inside an IPv4-embedding prefix are stored as IPv4.
    Cidr(IpNet),
}

/// A canonical host pattern.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HostPattern {
    kind: PatternKind,
    port: Option<u16>,
    noncanonical: bool,
}

/// Why a pattern is not valid. [`PatternError::hint`] says what to write instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// Nothing.
    #[error("empty pattern")]
    Empty,
    /// Whitespace anywhere.
    #[error("whitespace in a host pattern")]
    Whitespace,
    /// A control character anywhere.
    #[error("control character in a host pattern")]
    ControlCharacter,
    /// `scheme://`.
    #[error("a host pattern cannot contain a scheme")]
    Scheme {
        /// The bare host, if one could be read.
        bare: Option<String>,
    },
    /// A `/` that is not a CIDR prefix length.
    #[error("a host pattern cannot contain a path")]
    Path {
        /// The bare host, if one could be read.
        bare: Option<String>,
    },
    /// `?` or `#`.
    #[error("a host pattern cannot contain a query or fragment")]
    QueryOrFragment,
    /// `@`.
    #[error("a host pattern cannot contain credentials")]
    Userinfo,
    /// `\`.
    #[error("a host pattern cannot contain a backslash")]
    Backslash,
    /// A port that is not 1–65535.
    #[error("invalid port")]
    BadPort,
    /// A `*` other than `*` alone or a leading `*.`.
    #[error("`*` is only allowed alone or as a leading `*.`")]
    MisplacedWildcard,
    /// `.example.com`.
    #[error("a host pattern cannot start with a dot")]
    LeadingDot,
    /// `*.10.0.0.1`.
    #[error("a wildcard cannot cover an IP address")]
    WildcardOverIp,
    /// `10.0.0.0/33`, `example.com/8`.
    #[error("invalid CIDR range")]
    BadCidr,
    /// `[fd00::]/8`: the prefix length outside the brackets.
    #[error("a CIDR prefix length cannot follow the brackets")]
    BracketedCidr {
        /// The range as it should be written.
        suggestion: String,
    },
    /// The host part is not a valid host.
    #[error("invalid host: {0}")]
    Host(HostError),
}

impl PatternError {
    /// What to write instead.
    pub fn hint(&self) -> String {
        let bare = |b: &Option<String>| match b {
            Some(h) => format!("write the bare host `{h}`"),
            None => "write the bare host, e.g. `api.example.com`".to_string(),
        };
        match self {
            PatternError::Empty => "remove the empty entry".into(),
            PatternError::Whitespace => "remove the spaces".into(),
            PatternError::ControlCharacter => "remove the control characters".into(),
            PatternError::Scheme { bare: b } | PatternError::Path { bare: b } => {
                format!("{} (patterns match hosts only; use `schemes:` for schemes)", bare(b))
            }
            PatternError::QueryOrFragment | PatternError::Userinfo | PatternError::Backslash => {
                "write the bare host, e.g. `api.example.com`".into()
            }
            PatternError::BadPort => "write a port from 1 to 65535, e.g. `example.com:443`".into(),
            PatternError::MisplacedWildcard => {
                "write `*` alone or `*.example.com` (which also matches `example.com`)".into()
            }
            PatternError::LeadingDot => "write `*.example.com` to match a domain and its subdomains".into(),
            PatternError::WildcardOverIp => "write a CIDR range instead, e.g. `10.0.0.0/8`".into(),
            PatternError::BadCidr => "write an address and a prefix length, e.g. `10.0.0.0/8` or `fd00::/8`".into(),
            PatternError::BracketedCidr { suggestion } => format!(
                "write `{suggestion}` (a CIDR range is `addr/len`; brackets go around the whole range only before a port, e.g. `[fd00::/8]:443`)"
            ),
            PatternError::Host(_) => {
                "write a DNS name (labels of letters, digits, `-`, `_`; 63 octets each) or an IP address".into()
            }
        }
    }
}

fn bare_host_of(s: &str) -> Option<String> {
    let candidate = if s.contains("://") {
        s.to_string()
    } else {
        format!("http://{s}")
    };
    let url = url::Url::parse(&candidate).ok()?;
    let host = url.host_str()?;
    let host = canonicalize_host(host).ok()?.to_string();
    Some(match url.port() {
        Some(p) => format!("{host}:{p}"),
        None => host,
    })
}

/// `[addr]/len` (optionally followed by `:port`): the error with the spelling to use.
fn bracketed_cidr(s: &str) -> Option<PatternError> {
    let inner = s.strip_prefix('[')?;
    let close = inner.find(']')?;
    let (addr, rest) = (&inner[..close], &inner[close + 1..]);
    let rest = rest.strip_prefix('/')?;
    let (len, port) = match rest.split_once(':') {
        Some((l, p)) => (l, Some(p)),
        None => (rest, None),
    };
    let suggestion = match port {
        Some(p) => format!("[{addr}/{len}]:{p}"),
        None => format!("{addr}/{len}"),
    };
    Some(PatternError::BracketedCidr { suggestion })
}

/// Splits `host[:port]`; brackets protect IPv6 colons.
fn split_port(s: &str) -> Result<(&str, Option<u16>), PatternError> {
    let parse_port = |p: &str| -> Result<u16, PatternError> {
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) || p.len() > 5 {
            return Err(PatternError::BadPort);
        }
        match p.parse::<u16>() {
            Ok(0) | Err(_) => Err(PatternError::BadPort),
            Ok(n) => Ok(n),
        }
    };
    if s.starts_with('[') {
        let close = s
            .find(']')
            .ok_or(PatternError::Host(HostError::Unparsable))?;
        let rest = &s[close + 1..];
        if rest.is_empty() {
            return Ok((s, None));
        }
        let p = rest
            .strip_prefix(':')
            .ok_or(PatternError::Host(HostError::Unparsable))?;
        return Ok((&s[..=close], Some(parse_port(p)?)));
    }
    match s.matches(':').count() {
        0 => Ok((s, None)),
        1 => {
            let (h, p) = s.split_once(':').unwrap_or((s, ""));
            Ok((h, Some(parse_port(p)?)))
        }
        _ => Ok((s, None)),
    }
}

/// Parses a CIDR host part (`10.0.0.0/8`, `fd00::/8`, `[fd00::/8]` before a port). It is
/// non-canonical unless written exactly as it displays: lower case, shortest IPv6 form, no host
/// bits, brackets only (and always) before a port, IPv6 ranges inside an IPv4-embedding
/// prefix written as the IPv4 range.
fn parse_cidr(s: &str, has_port: bool) -> Result<(IpNet, bool), PatternError> {
    let inner = s
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .unwrap_or(s);
    let (addr, len) = inner.split_once('/').ok_or(PatternError::BadCidr)?;
    if len.is_empty() || !len.bytes().all(|b| b.is_ascii_digit()) || len.len() > 3 {
        return Err(PatternError::BadCidr);
    }
    let len: u8 = len.parse().map_err(|_| PatternError::BadCidr)?;
    let net = if let Ok(a) = addr.parse::<Ipv4Addr>() {
        let net = Ipv4Net::new(a, len).map_err(|_| PatternError::BadCidr)?;
        IpNet::V4(net)
    } else if let Ok(a) = addr.parse::<Ipv6Addr>() {
        let net = Ipv6Net::new(a, len).map_err(|_| PatternError::BadCidr)?;
        match ipv6_net_as_ipv4(&net) {
            Some(v4) => IpNet::V4(v4),
            None => IpNet::V6(net),
        }
    } else {
        return Err(PatternError::BadCidr);
    };
    let trunc = net.trunc();
    let canonical = match trunc {
        IpNet::V6(n) if has_port => format!("[{n}]"),
        n => n.to_string(),
    };
    Ok((trunc, s != canonical))
}

/// An IPv6 range that lies inside an IPv4-embedding prefix, as the IPv4 range it covers.
fn ipv6_net_as_ipv4(net: &Ipv6Net) -> Option<Ipv4Net> {
    let a = net.network();
    let s = a.segments();
    let (embed_bits, v4) = match s {
        [0, 0, 0, 0, 0, 0xffff, ..]
        | [0, 0, 0, 0, 0xffff, 0, ..]
        | [0x64, 0xff9b, 0, 0, 0, 0, ..] => (96u8, embedded_ipv4(&a)?),
        [0x2002, ..] => (16u8, embedded_ipv4(&a)?),
        _ => return None,
    };
    if net.prefix_len() < embed_bits {
        return None;
    }
    // A 6to4 range longer than /48 is a subnet of one IPv4 site; its addresses are checked as
    // that site's IPv4 address, so the range reads as that address.
    let v4_len = (net.prefix_len() - embed_bits).min(32);
    Ipv4Net::new(v4, v4_len).ok().map(|n| n.trunc())
}

impl HostPattern {
    /// Parses and canonicalises a pattern.
    pub fn parse(s: &str) -> Result<HostPattern, PatternError> {
        if s.is_empty() {
            return Err(PatternError::Empty);
        }
        if s.chars().any(|c| c.is_control()) {
            return Err(PatternError::ControlCharacter);
        }
        if s.chars().any(char::is_whitespace) {
            return Err(PatternError::Whitespace);
        }
        if s.contains("://") {
            return Err(PatternError::Scheme {
                bare: bare_host_of(s),
            });
        }
        if s.contains('\\') {
            return Err(PatternError::Backslash);
        }
        if s.contains('@') {
            return Err(PatternError::Userinfo);
        }
        if s.contains('?') || s.contains('#') {
            return Err(PatternError::QueryOrFragment);
        }
        if let Some(e) = bracketed_cidr(s) {
            return Err(e);
        }
        let (host, port) = split_port(s)?;
        if host.contains('/') {
            return match parse_cidr(host, port.is_some()) {
                Ok((net, noncanonical)) => Ok(HostPattern {
                    kind: PatternKind::Cidr(net),
                    port,
                    noncanonical,
                }),
                Err(e) => {
                    let (first, _) = host.split_once('/').unwrap_or((host, ""));
                    if canonicalize_host(first).is_ok_and(|h| h.ip().is_some()) {
                        Err(e)
                    } else {
                        Err(PatternError::Path {
                            bare: bare_host_of(s),
                        })
                    }
                }
            };
        }
        if host == "*" {
            return Ok(HostPattern {
                kind: PatternKind::Any,
                port,
                noncanonical: false,
            });
        }
        if let Some(rest) = host.strip_prefix("*.") {
            if rest.contains('*') {
                return Err(PatternError::MisplacedWildcard);
            }
            return match canonicalize_host(rest) {
                Ok(CanonicalHost::Domain(d)) => {
                    let noncanonical = !spelled_canonically(rest, &d);
                    Ok(HostPattern {
                        kind: PatternKind::Suffix(d),
                        port,
                        noncanonical,
                    })
                }
                Ok(_) => Err(PatternError::WildcardOverIp),
                Err(e) => Err(PatternError::Host(e)),
            };
        }
        if host.contains('*') {
            return Err(PatternError::MisplacedWildcard);
        }
        if host.starts_with('.') {
            return Err(PatternError::LeadingDot);
        }
        let canonical = canonicalize_host(host).map_err(PatternError::Host)?;
        let noncanonical = match &canonical {
            CanonicalHost::Domain(d) => !spelled_canonically(host, d),
            CanonicalHost::Ipv4(a) => host != a.to_string(),
            CanonicalHost::Ipv6(a) => {
                let inner = host
                    .strip_prefix('[')
                    .and_then(|h| h.strip_suffix(']'))
                    .unwrap_or(host);
                inner != a.to_string()
            }
        };
        Ok(HostPattern {
            kind: PatternKind::Exact(canonical),
            port,
            noncanonical,
        })
    }

    /// A pattern from its parts (for programmatic policies).
    pub fn new(kind: PatternKind, port: Option<u16>) -> HostPattern {
        HostPattern {
            kind,
            port,
            noncanonical: false,
        }
    }

    /// What the pattern matches.
    pub fn kind(&self) -> &PatternKind {
        &self.kind
    }

    /// The port it is restricted to, if any.
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// Whether it was written in a form other than its canonical one (upper case, trailing dot,
    /// numeric IPv4, IPv4-mapped IPv6, host bits set in a CIDR...). Unicode IDN forms are canonical.
    pub fn is_noncanonical(&self) -> bool {
        self.noncanonical
    }

    /// Whether a match can exempt special-purpose destinations: exact names and addresses do,
    /// and CIDR ranges do for special addresses whose own special block holds the whole range;
    /// `*`, `*.domain` and the IP forms of `*` (`0.0.0.0/0`, `::/0`) do not.
    pub fn is_specific(&self) -> bool {
        match &self.kind {
            PatternKind::Exact(_) => true,
            PatternKind::Cidr(n) => n.prefix_len() > 0,
            PatternKind::Any | PatternKind::Suffix(_) => false,
        }
    }

    /// Whether this is `*` or an IP form of it (`0.0.0.0/0`, `::/0`).
    pub fn is_any(&self) -> bool {
        match &self.kind {
            PatternKind::Any => true,
            PatternKind::Cidr(n) => n.prefix_len() == 0,
            _ => false,
        }
    }

    /// Whether this pattern matches every host `other` matches (used to find dead entries).
    pub fn covers(&self, other: &HostPattern) -> bool {
        if self.port.is_some() && self.port != other.port {
            return false;
        }
        match (&self.kind, &other.kind) {
            (PatternKind::Any, _) => true,
            (_, PatternKind::Any) => false,
            (PatternKind::Suffix(s), PatternKind::Suffix(d)) => domain_within(d, s),
            (PatternKind::Suffix(s), PatternKind::Exact(CanonicalHost::Domain(d))) => {
                domain_within(d, s)
            }
            (PatternKind::Exact(a), PatternKind::Exact(b)) => a == b,
            (PatternKind::Cidr(n), PatternKind::Exact(h)) => {
                h.ip().is_some_and(|ip| n.contains(&ip))
            }
            (PatternKind::Cidr(n), PatternKind::Cidr(m)) => n.contains(m),
            (PatternKind::Exact(h), PatternKind::Cidr(m)) => h
                .ip()
                .is_some_and(|ip| m.prefix_len() == m.max_prefix_len() && m.addr() == ip),
            _ => false,
        }
    }
}

impl HostPattern {
    /// Whether some host and port match both patterns (used to find deny entries that can
    /// never change a decision).
    pub fn overlaps(&self, other: &HostPattern) -> bool {
        if let (Some(a), Some(b)) = (self.port, other.port)
            && a != b
        {
            return false;
        }
        match (&self.kind, &other.kind) {
            (PatternKind::Any, _) | (_, PatternKind::Any) => true,
            (PatternKind::Suffix(a), PatternKind::Suffix(b)) => {
                domain_within(a, b) || domain_within(b, a)
            }
            (PatternKind::Suffix(s), PatternKind::Exact(CanonicalHost::Domain(d)))
            | (PatternKind::Exact(CanonicalHost::Domain(d)), PatternKind::Suffix(s)) => {
                domain_within(d, s)
            }
            (PatternKind::Exact(a), PatternKind::Exact(b)) => a == b,
            (PatternKind::Cidr(n), PatternKind::Exact(h))
            | (PatternKind::Exact(h), PatternKind::Cidr(n)) => {
                h.ip().is_some_and(|ip| n.contains(&ip))
            }
            (PatternKind::Cidr(a), PatternKind::Cidr(b)) => a.contains(b) || b.contains(a),
            _ => false,
        }
    }
}

/// Whether `d` is `s` or a name under it.
pub(crate) fn domain_within(d: &str, s: &str) -> bool {
    d == s || (d.len() > s.len() && d.ends_with(s) && d.as_bytes()[d.len() - s.len() - 1] == b'.')
}

/// A written domain is canonical when it equals the canonical form, or is its Unicode form.
fn spelled_canonically(written: &str, canonical: &str) -> bool {
    if written == canonical {
        return true;
    }
    if written.is_ascii() {
        return false;
    }
    let (unicode, result) = idna::domain_to_unicode(canonical);
    result.is_ok() && unicode == written
}

impl fmt::Display for HostPattern {
    /// The canonical spelling.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            PatternKind::Any => f.write_str("*")?,
            PatternKind::Exact(h) => write!(f, "{h}")?,
            PatternKind::Suffix(d) => write!(f, "*.{d}")?,
            PatternKind::Cidr(IpNet::V4(n)) => write!(f, "{n}")?,
            PatternKind::Cidr(IpNet::V6(n)) if self.port.is_some() => write!(f, "[{n}]")?,
            PatternKind::Cidr(IpNet::V6(n)) => write!(f, "{n}")?,
        }
        if let Some(p) = self.port {
            write!(f, ":{p}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(s: &str) -> String {
        match HostPattern::parse(s) {
            Ok(p) => p.to_string(),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn patterns_canonicalise() {
        assert_eq!(show("*"), "*");
        assert_eq!(show("API.OpenAI.com."), "api.openai.com");
        assert_eq!(show("*.Anthropic.com"), "*.anthropic.com");
        assert_eq!(show("github.com:443"), "github.com:443");
        assert_eq!(show("10.1.0.0/16"), "10.1.0.0/16");
        assert_eq!(show("10.1.2.3/16"), "10.1.0.0/16");
        assert_eq!(show("::1"), "[::1]");
        assert_eq!(show("[::1]:8080"), "[::1]:8080");
        assert_eq!(show("2130706433"), "127.0.0.1");
        assert_eq!(show("[::ffff:127.0.0.1]"), "127.0.0.1");
        assert_eq!(show("::ffff:0:0/96"), "0.0.0.0/0");
        assert_eq!(show("::ffff:10.0.0.0/104"), "10.0.0.0/8");
        assert_eq!(show("fd00::/8"), "fd00::/8");
        assert_eq!(show("bücher.de"), "xn--bcher-kva.de");
        assert!(HostPattern::parse("bücher.de").is_ok_and(|p| !p.is_noncanonical()));
        assert!(HostPattern::parse("Example.com").is_ok_and(|p| p.is_noncanonical()));
        assert!(HostPattern::parse("example.com").is_ok_and(|p| !p.is_noncanonical()));
    }

    #[test]
    fn bad_patterns_are_errors_with_hints() {
        let e = HostPattern::parse("https://x.com/").unwrap_err();
        assert!(matches!(e, PatternError::Scheme { .. }));
        assert!(
            e.hint().contains("write the bare host `x.com`"),
            "{}",
            e.hint()
        );
        let e = HostPattern::parse("x.com/path").unwrap_err();
        assert!(e.hint().contains("`x.com`"));
        for s in [
            "",
            " x.com",
            "x .com",
            "*evil.com",
            "a.*.com",
            ".evil.com",
            "*.10.0.0.1",
            "x.com:0",
            "x.com:99999",
            "x.com:",
            "10.0.0.0/33",
            "u@x.com",
            "x.com?q",
            "a\\b",
            "a..b",
            "*.",
            "x\u{0}y",
        ] {
            assert!(HostPattern::parse(s).is_err(), "{s:?} should be refused");
        }
    }

    #[test]
    fn coverage() {
        let p = |s: &str| HostPattern::parse(s).unwrap();
        assert!(p("*.example.com").covers(&p("a.example.com")));
        assert!(p("*.example.com").covers(&p("example.com")));
        assert!(p("*.example.com").covers(&p("*.b.example.com")));
        assert!(!p("*.example.com").covers(&p("badexample.com")));
        assert!(p("10.0.0.0/8").covers(&p("10.1.2.3")));
        assert!(p("10.0.0.0/8").covers(&p("10.1.0.0/16")));
        assert!(!p("x.com:443").covers(&p("x.com")));
        assert!(p("x.com").covers(&p("x.com:443")));
    }
}
