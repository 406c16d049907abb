//! The compiled egress policy and the decision procedure.
//!
//! Order of checks (SR-1, extended): raw URL → WHATWG parse → scheme → userinfo → host →
//! method → deny → homograph → special-purpose destination → allow → port. Deny is checked before the
//! special-purpose test, so a deny always wins and reports `denylist_match`; the special-purpose
//! test comes before the allow list, so only an allow entry that names the destination exactly
//! (address, CIDR or exact name) can admit it, and a policy without an allow list reports
//! `private_address` for such destinations rather than `no_allowlist`. A homograph host name
//! ([`super::homograph`]) is treated the same way: only an allow entry naming it exactly admits
//! it, and otherwise it is denied with `homograph_host`, for URLs and command destinations alike.

use std::sync::Arc;

use super::address::special_destination;
use super::homograph::homograph;
use super::host::{CanonicalHost, canonical_from_url_host, canonicalize_host};
use super::method::{Method, RISKY_METHODS};
use super::pattern::HostPattern;
use super::pattern_set::{Exemption, PatternSet};
use super::reason::{EgressDecision, EgressReason};

/// Schemes allowed when a policy lists none.
pub const DEFAULT_SCHEMES: &[&str] = &["http", "https", "ws", "wss"];

/// A compiled egress policy. Cheap to clone (shared state).
#[derive(Debug, Clone)]
pub struct EgressPolicy {
    inner: Arc<Inner>,
}

#[derive(Debug)]
enum Inner {
    Invalid,
    Valid(Box<Compiled>),
}

#[derive(Debug)]
pub(super) struct Compiled {
    pub(super) allow: Option<PatternSet>,
    pub(super) deny: PatternSet,
    pub(super) methods: Option<Vec<Method>>,
    schemes: Vec<String>,
}

enum AllowOutcome {
    Matched,
    PortMismatch,
    NoMatch,
}

fn scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'+' || b == b'-' || b == b'.'
}

/// The raw `scheme:` plus authority part of a URL string (up to the first `/` after the
/// slashes that follow the scheme, or `?`/`#`).
fn raw_authority(url: &str) -> (&str, usize) {
    let end = url.find(['?', '#']).unwrap_or(url.len());
    let s = &url[..end];
    let after_scheme = match s.find(':') {
        Some(i) if i > 0 && s.as_bytes()[..i].iter().all(|b| scheme_char(*b)) => i + 1,
        _ => 0,
    };
    let rest = &s[after_scheme..];
    let skip = rest
        .bytes()
        .take_while(|b| *b == b'/' || *b == b'\\')
        .count();
    let auth_end = rest[skip..]
        .find('/')
        .map(|i| after_scheme + skip + i)
        .unwrap_or(end);
    (&url[..auth_end], after_scheme + skip)
}

impl EgressPolicy {
    /// Compiles a policy. `allow: None` means no allow list (every check denies with
    /// `no_allowlist`); `methods: None` means any method but CONNECT, TRACE and TRACK;
    /// `schemes: None` means http, https, ws and wss. Scheme names are lower-cased.
    pub fn new(
        allow: Option<Vec<HostPattern>>,
        deny: Vec<HostPattern>,
        methods: Option<Vec<Method>>,
        schemes: Option<Vec<String>>,
    ) -> EgressPolicy {
        let schemes = schemes
            .map(|s| s.iter().map(|x| x.to_ascii_lowercase()).collect())
            .unwrap_or_else(|| DEFAULT_SCHEMES.iter().map(|s| s.to_string()).collect());
        EgressPolicy {
            inner: Arc::new(Inner::Valid(Box::new(Compiled {
                allow: allow.map(PatternSet::new),
                deny: PatternSet::new(deny),
                methods,
                schemes,
            }))),
        }
    }

    /// The built-in default: `allow: ["*"]`, no deny list, any method but CONNECT/TRACE/TRACK,
    /// the default schemes, and the special-purpose protections.
    pub fn builtin() -> EgressPolicy {
        EgressPolicy::new(
            Some(vec![HostPattern::new(super::PatternKind::Any, None)]),
            vec![],
            None,
            None,
        )
    }

    /// A policy that denies every check with `invalid_policy` (what a broken policy compiles to).
    pub fn invalid() -> EgressPolicy {
        EgressPolicy {
            inner: Arc::new(Inner::Invalid),
        }
    }

    /// Whether this is the [`EgressPolicy::invalid`] policy.
    pub fn is_invalid(&self) -> bool {
        matches!(*self.inner, Inner::Invalid)
    }

    /// The allow patterns, `None` when there is no allow list (or the policy is invalid).
    pub fn allow_patterns(&self) -> Option<&[HostPattern]> {
        match &*self.inner {
            Inner::Valid(c) => c.allow.as_ref().map(|s| s.patterns.as_slice()),
            Inner::Invalid => None,
        }
    }

    /// The deny patterns.
    pub fn deny_patterns(&self) -> &[HostPattern] {
        match &*self.inner {
            Inner::Valid(c) => &c.deny.patterns,
            Inner::Invalid => &[],
        }
    }

    /// The permitted methods, `None` when the policy lists none.
    pub fn methods(&self) -> Option<&[Method]> {
        match &*self.inner {
            Inner::Valid(c) => c.methods.as_deref(),
            Inner::Invalid => None,
        }
    }

    /// The compiled lists, `None` for the invalid policy.
    pub(super) fn compiled(&self) -> Option<&Compiled> {
        match &*self.inner {
            Inner::Valid(c) => Some(c),
            Inner::Invalid => None,
        }
    }

    /// The permitted schemes.
    pub fn schemes(&self) -> &[String] {
        match &*self.inner {
            Inner::Valid(c) => &c.schemes,
            Inner::Invalid => &[],
        }
    }

    /// Decides whether a request for `url` with `method` (absent or empty: GET) may go ahead.
    /// A panic inside (a bug) is caught and answered with a deny.
    pub fn check_url(&self, url: &str, method: Option<&str>) -> EgressDecision {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.check_url_inner(url, method)
        }))
        .unwrap_or_else(|_| {
            EgressDecision::deny(EgressReason::InvalidUrl, "internal error".to_string())
        })
    }

    fn check_url_inner(&self, url: &str, method: Option<&str>) -> EgressDecision {
        let c = match &*self.inner {
            Inner::Invalid => return EgressDecision::deny(EgressReason::InvalidPolicy, None),
            Inner::Valid(c) => c,
        };
        if url.bytes().any(|b| b < 0x20 || b == 0x7f) {
            return EgressDecision::deny(
                EgressReason::AmbiguousUrl,
                "control character".to_string(),
            );
        }
        if url.starts_with(|c: char| c.is_whitespace())
            || url.ends_with(|c: char| c.is_whitespace())
        {
            return EgressDecision::deny(
                EgressReason::AmbiguousUrl,
                "leading or trailing whitespace".to_string(),
            );
        }
        let (authority, auth_start) = raw_authority(url);
        if authority.contains('\\') {
            return EgressDecision::deny(
                EgressReason::AmbiguousUrl,
                "backslash in the authority".to_string(),
            );
        }
        let parsed = match url::Url::parse(url) {
            Ok(u) => u,
            Err(e) => return EgressDecision::deny(EgressReason::InvalidUrl, e.to_string()),
        };
        let scheme = parsed.scheme();
        let mut d = EgressDecision::deny(EgressReason::SchemeBlocked, None);
        d.scheme = Some(scheme.to_string());
        if !c.schemes.iter().any(|s| s == scheme) {
            d.detail = Some(scheme.to_string());
            return d;
        }
        if !parsed.username().is_empty()
            || parsed.password().is_some()
            || authority.get(auth_start..).is_some_and(|a| a.contains('@'))
        {
            d.reason = EgressReason::UserinfoPresent;
            return d;
        }
        let host = if parsed.has_host() && scheme_is_special(scheme) {
            parsed.host().map(|h| canonical_from_url_host(&h))
        } else {
            parsed
                .host_str()
                .filter(|h| !h.is_empty())
                .map(canonicalize_host)
        };
        let host = match host {
            Some(Ok(h)) => h,
            Some(Err(e)) => {
                d.reason = EgressReason::InvalidHost;
                d.detail = Some(e.to_string());
                return d;
            }
            None => {
                d.reason = EgressReason::InvalidHost;
                d.detail = Some("no host".to_string());
                return d;
            }
        };
        let port = parsed.port_or_known_default();
        d.host = Some(host.to_text());
        d.port = port;
        let method = method.filter(|m| !m.is_empty()).unwrap_or("GET");
        if let Err(e) = Method::validate(method) {
            d.reason = EgressReason::InvalidMethod;
            d.detail = Some(e.to_string());
            return d;
        }
        let blocked = match &c.methods {
            Some(list) => !list.iter().any(|m| m.as_str().eq_ignore_ascii_case(method)),
            None => RISKY_METHODS.iter().any(|r| r.eq_ignore_ascii_case(method)),
        };
        if blocked {
            d.reason = EgressReason::MethodBlocked;
            d.detail = Some(method.to_ascii_uppercase());
            return d;
        }
        decide_host(c, &host, port, d)
    }

    /// Decides a destination that is not a URL (`ssh host`, `nc host port`, `scp host:path`):
    /// host rules only, no scheme or method. A deny pattern with a port also matches when the
    /// port is unknown; an allow pattern with a port does not.
    /// A panic inside (a bug) is caught and answered with a deny.
    pub fn check_host(&self, host: &str, port: Option<u16>) -> EgressDecision {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.check_host_inner(host, port)
        }))
        .unwrap_or_else(|_| {
            EgressDecision::deny(EgressReason::InvalidHost, "internal error".to_string())
        })
    }

    fn check_host_inner(&self, host: &str, port: Option<u16>) -> EgressDecision {
        let c = match &*self.inner {
            Inner::Invalid => return EgressDecision::deny(EgressReason::InvalidPolicy, None),
            Inner::Valid(c) => c,
        };
        if host
            .chars()
            .any(|ch| ch.is_control() || ch.is_whitespace() || ch == '\\' || ch == '@' || ch == '/')
        {
            return EgressDecision::deny(
                EgressReason::InvalidHost,
                "character not allowed in a host name".to_string(),
            );
        }
        let canonical = match canonicalize_host(host) {
            Ok(h) => h,
            Err(e) => return EgressDecision::deny(EgressReason::InvalidHost, e.to_string()),
        };
        let mut d = EgressDecision::deny(EgressReason::InvalidHost, None);
        d.host = Some(canonical.to_text());
        d.port = port;
        decide_host(c, &canonical, port, d)
    }
}

fn scheme_is_special(s: &str) -> bool {
    matches!(s, "http" | "https" | "ws" | "wss" | "ftp" | "file")
}

/// Deny → homograph → special-purpose → allow → port, for a canonical host.
fn decide_host(
    c: &Compiled,
    host: &CanonicalHost,
    port: Option<u16>,
    mut d: EgressDecision,
) -> EgressDecision {
    let mut first_deny: Option<u32> = None;
    c.deny.for_each_match(host, |e| {
        let port_ok = e.port.is_none() || port.is_none() || e.port == port;
        if port_ok && first_deny.is_none_or(|f| e.index < f) {
            first_deny = Some(e.index);
        }
    });
    if let Some(i) = first_deny {
        d.reason = EgressReason::DenylistMatch;
        d.detail = Some(format!("{host} matches {}", c.deny.patterns[i as usize]));
        return d;
    }
    let look_alike = host.domain().and_then(homograph);
    let special = special_destination(host);
    let Some(allow) = &c.allow else {
        if let Some(h) = look_alike {
            d.reason = EgressReason::HomographHost;
            d.detail = Some(format!("{host}: {}", h.describe()));
            return d;
        }
        match special.map(|s| s.class) {
            Some(class) => {
                d.reason = EgressReason::PrivateAddress;
                d.detail = Some(format!("{host}: {class}"));
            }
            None => d.reason = EgressReason::NoAllowlist,
        }
        return d;
    };
    let mut outcome = AllowOutcome::NoMatch;
    allow.for_each_match(host, |e| {
        if special.as_ref().is_some_and(|s| !e.exempt.admits(s)) {
            return;
        }
        if look_alike.is_some() && e.exempt != Exemption::Exact {
            return;
        }
        if e.port.is_none() || (port.is_some() && e.port == port) {
            outcome = AllowOutcome::Matched;
        } else if !matches!(outcome, AllowOutcome::Matched) {
            outcome = AllowOutcome::PortMismatch;
        }
    });
    if let (Some(h), false) = (look_alike, matches!(outcome, AllowOutcome::Matched)) {
        d.reason = EgressReason::HomographHost;
        d.detail = Some(format!("{host}: {}", h.describe()));
        return d;
    }
    match (outcome, special.map(|s| s.class)) {
        (AllowOutcome::Matched, _) => {
            d.allowed = true;
            d.reason = EgressReason::MatchedAllowlist;
            d.detail = None;
        }
        (_, Some(class)) => {
            d.reason = EgressReason::PrivateAddress;
            d.detail = Some(format!("{host}: {class}"));
        }
        (AllowOutcome::PortMismatch, None) => {
            d.reason = EgressReason::PortNotAllowed;
            d.detail = Some(match port {
                Some(p) => format!("{host}:{p}"),
                None => format!("{host} (no port)"),
            });
        }
        (AllowOutcome::NoMatch, None) => {
            d.reason = EgressReason::NotInAllowlist;
            d.detail = Some(host.to_text());
        }
    }
    d
}
