//! Egress reason codes and the decision returned for every check.

use serde::Serialize;

/// Why an egress check allowed or denied. Stable snake_case codes (agentguard's, plus SR-1's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EgressReason {
    /// The host matched an allow pattern (the only allowing reason).
    MatchedAllowlist,
    /// The host matched a deny pattern; deny always wins.
    DenylistMatch,
    /// There is an allow list and nothing in it matched.
    NotInAllowlist,
    /// The method is not in the policy's `methods`, or is CONNECT/TRACE/TRACK without being listed.
    MethodBlocked,
    /// The URL does not parse per WHATWG.
    InvalidUrl,
    /// The policy has errors: every check denies.
    InvalidPolicy,
    /// The policy has no allow list: default deny.
    NoAllowlist,
    /// The scheme is not in the scheme allow list.
    SchemeBlocked,
    /// The URL carries a username or password.
    UserinfoPresent,
    /// The raw URL has control characters, edge whitespace or a backslash in its authority.
    AmbiguousUrl,
    /// The host is empty or not a valid DNS name or IP address.
    InvalidHost,
    /// The method is not an RFC 9110 token.
    InvalidMethod,
    /// The host is a loopback, private, link-local, metadata or other special-purpose destination.
    PrivateAddress,
    /// The host is allowed only on other ports.
    PortNotAllowed,
    /// The host name mixes scripts in a label (Cyrillic or Greek letters inside a Latin name),
    /// or is written in another script but reads as a Latin name: a possible homograph.
    HomographHost,
}

impl EgressReason {
    /// Every reason, in declaration order.
    pub const ALL: [EgressReason; 15] = [
        EgressReason::MatchedAllowlist,
        EgressReason::DenylistMatch,
        EgressReason::NotInAllowlist,
        EgressReason::MethodBlocked,
        EgressReason::InvalidUrl,
        EgressReason::InvalidPolicy,
        EgressReason::NoAllowlist,
        EgressReason::SchemeBlocked,
        EgressReason::UserinfoPresent,
        EgressReason::AmbiguousUrl,
        EgressReason::InvalidHost,
        EgressReason::InvalidMethod,
        EgressReason::PrivateAddress,
        EgressReason::PortNotAllowed,
        EgressReason::HomographHost,
    ];

    /// The snake_case code.
    pub fn as_str(&self) -> &'static str {
        match self {
            EgressReason::MatchedAllowlist => "matched_allowlist",
            EgressReason::DenylistMatch => "denylist_match",
            EgressReason::NotInAllowlist => "not_in_allowlist",
            EgressReason::MethodBlocked => "method_blocked",
            EgressReason::InvalidUrl => "invalid_url",
            EgressReason::InvalidPolicy => "invalid_policy",
            EgressReason::NoAllowlist => "no_allowlist",
            EgressReason::SchemeBlocked => "scheme_blocked",
            EgressReason::UserinfoPresent => "userinfo_present",
            EgressReason::AmbiguousUrl => "ambiguous_url",
            EgressReason::InvalidHost => "invalid_host",
            EgressReason::InvalidMethod => "invalid_method",
            EgressReason::PrivateAddress => "private_address",
            EgressReason::PortNotAllowed => "port_not_allowed",
            EgressReason::HomographHost => "homograph_host",
        }
    }

    /// A human description of the class. Never contains any input.
    pub fn describe(&self) -> &'static str {
        match self {
            EgressReason::MatchedAllowlist => "host matched the allow list",
            EgressReason::DenylistMatch => "host matches a deny pattern",
            EgressReason::NotInAllowlist => "host not in allow list",
            EgressReason::MethodBlocked => "method not permitted",
            EgressReason::InvalidUrl => "not a valid URL",
            EgressReason::InvalidPolicy => "the network policy has errors",
            EgressReason::NoAllowlist => "the policy has no allow list",
            EgressReason::SchemeBlocked => "scheme not permitted",
            EgressReason::UserinfoPresent => "credentials in the URL",
            EgressReason::AmbiguousUrl => "ambiguous URL (parsers may disagree)",
            EgressReason::InvalidHost => "not a valid host name",
            EgressReason::InvalidMethod => "not a valid HTTP method",
            EgressReason::PrivateAddress => "private address",
            EgressReason::PortNotAllowed => "port not allowed for this host",
            EgressReason::HomographHost => "host name is a possible homograph (look-alike scripts)",
        }
    }
}

impl std::fmt::Display for EgressReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The answer to one egress check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EgressDecision {
    /// Whether the request may go ahead.
    pub allowed: bool,
    /// Why.
    pub reason: EgressReason,
    /// agentguard's detail: `null` for an allow, `"<host> matches <pattern>"` for a deny match,
    /// the host for `not_in_allowlist`, the method for `method_blocked`, a class otherwise.
    pub detail: Option<String>,
    /// The canonical scheme, when the URL parsed.
    pub scheme: Option<String>,
    /// The canonical host (IPv6 in brackets; embedded IPv4 shown as IPv4), once known.
    pub host: Option<String>,
    /// The port (explicit or the scheme's default), once known.
    pub port: Option<u16>,
}

impl EgressDecision {
    pub(crate) fn deny(reason: EgressReason, detail: impl Into<Option<String>>) -> Self {
        EgressDecision {
            allowed: false,
            reason,
            detail: detail.into(),
            scheme: None,
            host: None,
            port: None,
        }
    }

    /// agentguard's reply shape: `{allowed, reason, detail}`.
    pub fn to_agentguard_json(&self) -> serde_json::Value {
        serde_json::json!({
            "allowed": self.allowed,
            "reason": self.reason.as_str(),
            "detail": self.detail,
        })
    }
}
