//! The proxy's decision for one request or tunnel, as a value a decision log can take.
//!
//! Every request (plain HTTP), tunnel (HTTP `CONNECT`, SOCKS5 `CONNECT`) and refused client
//! ends in exactly one [`ProxyDecision`], handed to the configured
//! [`DecisionHook`](crate::DecisionHook). Reasons are stable snake_case classes: the policy's
//! [`EgressReason`] codes, plus the proxy's own in [`PROXY_REASONS`].

use std::net::SocketAddr;

use toolgate_core::egress::EgressReason;

/// Which front end the client used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// An absolute-form plain HTTP request forwarded by the proxy.
    Http,
    /// An HTTP `CONNECT` tunnel.
    Connect,
    /// A SOCKS5 `CONNECT` tunnel.
    Socks5,
    /// Not known yet (a refused client, an unreadable first byte).
    Unknown,
}

impl Protocol {
    /// A stable name.
    pub fn as_str(&self) -> &'static str {
        match self {
            Protocol::Http => "http",
            Protocol::Connect => "connect",
            Protocol::Socks5 => "socks5",
            Protocol::Unknown => "unknown",
        }
    }
}

/// Whether the request went ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Forwarded or tunnelled.
    Allow,
    /// Refused.
    Deny,
}

/// The destination a request named, canonical (lower case, punycode, IPv6 in brackets).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The canonical host.
    pub host: String,
    /// The port.
    pub port: u16,
}

/// The kind of address that was dialled, or that made the request fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressClass {
    /// A public address.
    Public,
    /// A special-purpose address; the text is its class (`loopback address`, `private
    /// address`, `cloud metadata address`…), never input.
    Special(&'static str),
}

/// What the client sent first inside an allowed tunnel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TunnelStart {
    /// A TLS ClientHello whose SNI names the tunnel's host.
    TlsSniMatched,
    /// A TLS ClientHello without SNI (permitted by the missing-SNI setting).
    TlsWithoutSni,
    /// Something other than TLS (any TCP protocol passes untouched).
    NotTls,
    /// The client closed the tunnel without sending anything.
    NoClientData,
}

/// The proxy's own reasons, beyond the policy's [`EgressReason`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProxyReason {
    /// A plain HTTP request whose `Host` header is missing, repeated or names another host.
    HostMismatch,
    /// A request that is not for a proxy (origin-form, `*`, a missing authority).
    NotAProxyRequest,
    /// An absolute-form request for a scheme the proxy does not forward (`https://` without
    /// `CONNECT`, `ftp://`…).
    UnsupportedScheme,
    /// A SOCKS5 command other than `CONNECT`, a SOCKS version other than 5, or no acceptable
    /// SOCKS authentication method.
    UnsupportedCommand,
    /// A malformed request target, SOCKS5 message or request.
    MalformedRequest,
    /// A request target longer than the limit.
    UriTooLong,
    /// A TLS ClientHello whose SNI names another host than the tunnel (domain fronting).
    SniMismatch,
    /// A TLS ClientHello without SNI, refused by the missing-SNI setting.
    SniMissing,
    /// Data that starts like TLS but is not a well-formed ClientHello.
    TlsMalformed,
    /// The name could not be resolved (no answer in time, server failure).
    DnsFailure,
    /// The name has no address.
    NameNotFound,
    /// No checked address accepted the connection.
    ConnectFailed,
    /// Connecting took longer than the connect timeout.
    ConnectTimeout,
    /// The upstream failed while answering a plain HTTP request.
    UpstreamFailed,
    /// The client's address is not in the list of permitted clients.
    ClientNotAllowed,
    /// The client sent nothing usable in time.
    ClientTimeout,
}

/// One row of [`PROXY_REASONS`].
#[derive(Debug, Clone, Copy)]
pub struct ProxyReasonInfo {
    /// The reason.
    pub reason: ProxyReason,
    /// Its stable snake_case code.
    pub code: &'static str,
    /// The HTTP status a plain HTTP or `CONNECT` client gets.
    pub status: u16,
    /// The RFC 9209 `Proxy-Status` error type.
    pub proxy_status: &'static str,
    /// The SOCKS5 reply code a SOCKS client gets.
    pub socks_reply: u8,
    /// A human description (never input).
    pub describe: &'static str,
}

const fn row(
    reason: ProxyReason,
    code: &'static str,
    status: u16,
    proxy_status: &'static str,
    socks_reply: u8,
    describe: &'static str,
) -> ProxyReasonInfo {
    ProxyReasonInfo {
        reason,
        code,
        status,
        proxy_status,
        socks_reply,
        describe,
    }
}

/// SOCKS5 reply codes (RFC 1928 §6).
pub mod socks_reply {
    /// Succeeded.
    pub const SUCCEEDED: u8 = 0x00;
    /// General SOCKS server failure.
    pub const GENERAL_FAILURE: u8 = 0x01;
    /// Connection not allowed by ruleset.
    pub const NOT_ALLOWED: u8 = 0x02;
    /// Host unreachable.
    pub const HOST_UNREACHABLE: u8 = 0x04;
    /// Connection refused.
    pub const CONNECTION_REFUSED: u8 = 0x05;
    /// TTL expired (used for timeouts).
    pub const TTL_EXPIRED: u8 = 0x06;
    /// Command not supported.
    pub const COMMAND_NOT_SUPPORTED: u8 = 0x07;
}

use socks_reply as sr;

/// The proxy's reasons: code, HTTP status, `Proxy-Status` error, SOCKS5 reply, description.
#[rustfmt::skip]
pub const PROXY_REASONS: &[ProxyReasonInfo] = &[
    row(ProxyReason::HostMismatch, "host_mismatch", 403, "http_request_denied", sr::NOT_ALLOWED, "the Host header does not name the request's host"),
    row(ProxyReason::NotAProxyRequest, "not_a_proxy_request", 400, "http_request_error", sr::GENERAL_FAILURE, "not a proxy request (use an absolute URL or CONNECT)"),
    row(ProxyReason::UnsupportedScheme, "unsupported_scheme", 400, "http_request_error", sr::GENERAL_FAILURE, "the proxy forwards plain http:// only (use CONNECT for TLS)"),
    row(ProxyReason::UnsupportedCommand, "unsupported_command", 400, "http_request_error", sr::COMMAND_NOT_SUPPORTED, "only CONNECT is supported"),
    row(ProxyReason::MalformedRequest, "malformed_request", 400, "http_request_error", sr::GENERAL_FAILURE, "malformed request"),
    row(ProxyReason::UriTooLong, "uri_too_long", 414, "http_request_error", sr::GENERAL_FAILURE, "request target too long"),
    row(ProxyReason::SniMismatch, "sni_mismatch", 403, "http_request_denied", sr::NOT_ALLOWED, "TLS server name differs from the tunnel's host"),
    row(ProxyReason::SniMissing, "sni_missing", 403, "http_request_denied", sr::NOT_ALLOWED, "TLS without a server name"),
    row(ProxyReason::TlsMalformed, "tls_malformed", 403, "tls_protocol_error", sr::NOT_ALLOWED, "malformed TLS ClientHello"),
    row(ProxyReason::DnsFailure, "dns_failure", 502, "dns_error", sr::HOST_UNREACHABLE, "the name could not be resolved"),
    row(ProxyReason::NameNotFound, "name_not_found", 502, "destination_not_found", sr::HOST_UNREACHABLE, "the name has no address"),
    row(ProxyReason::ConnectFailed, "connect_failed", 502, "connection_refused", sr::CONNECTION_REFUSED, "the destination refused the connection"),
    row(ProxyReason::ConnectTimeout, "connect_timeout", 504, "connection_timeout", sr::TTL_EXPIRED, "connecting to the destination timed out"),
    row(ProxyReason::UpstreamFailed, "upstream_failed", 502, "http_response_incomplete", sr::GENERAL_FAILURE, "the destination failed to answer"),
    row(ProxyReason::ClientNotAllowed, "client_not_allowed", 403, "http_request_denied", sr::NOT_ALLOWED, "this client may not use the proxy"),
    row(ProxyReason::ClientTimeout, "client_timeout", 408, "http_request_error", sr::GENERAL_FAILURE, "the client sent nothing usable in time"),
];

impl ProxyReason {
    /// Its row in [`PROXY_REASONS`].
    pub fn info(&self) -> &'static ProxyReasonInfo {
        PROXY_REASONS
            .iter()
            .find(|r| r.reason == *self)
            .unwrap_or(&PROXY_REASONS[4])
    }
}

/// Why a request was allowed or refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// The egress policy's reason (`matched_allowlist` for an allowed request).
    Policy(EgressReason),
    /// The proxy's own reason.
    Proxy(ProxyReason),
}

impl Reason {
    /// The stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            Reason::Policy(r) => r.as_str(),
            Reason::Proxy(r) => r.info().code,
        }
    }

    /// A human description (never input).
    pub fn describe(&self) -> &'static str {
        match self {
            Reason::Policy(r) => r.describe(),
            Reason::Proxy(r) => r.info().describe,
        }
    }

    /// The HTTP status for a refusal.
    pub fn status(&self) -> u16 {
        match self {
            Reason::Policy(EgressReason::MatchedAllowlist) => 200,
            Reason::Policy(_) => 403,
            Reason::Proxy(r) => r.info().status,
        }
    }

    /// The RFC 9209 `Proxy-Status` error type for a refusal.
    pub fn proxy_status(&self) -> &'static str {
        match self {
            Reason::Policy(EgressReason::PrivateAddress) => "destination_ip_prohibited",
            Reason::Policy(_) => "http_request_denied",
            Reason::Proxy(r) => r.info().proxy_status,
        }
    }

    /// The SOCKS5 reply code for a refusal.
    pub fn socks_reply(&self) -> u8 {
        match self {
            Reason::Policy(EgressReason::MatchedAllowlist) => sr::SUCCEEDED,
            Reason::Policy(_) => sr::NOT_ALLOWED,
            Reason::Proxy(r) => r.info().socks_reply,
        }
    }
}

/// The decision for one request or tunnel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProxyDecision {
    /// The client's address.
    pub client: SocketAddr,
    /// The front end used.
    pub protocol: Protocol,
    /// The destination, once it could be read.
    pub target: Option<Target>,
    /// Allowed or refused.
    pub verdict: Verdict,
    /// Why.
    pub reason: Reason,
    /// The class of the address dialled, or of the resolved address that was refused.
    pub address: Option<AddressClass>,
    /// The address dialled, for an allowed request.
    pub dialled: Option<SocketAddr>,
    /// What the client sent first inside an allowed tunnel.
    pub tunnel: Option<TunnelStart>,
}

impl ProxyDecision {
    /// A refusal.
    pub(crate) fn deny(
        client: SocketAddr,
        protocol: Protocol,
        target: Option<Target>,
        reason: Reason,
    ) -> ProxyDecision {
        ProxyDecision {
            client,
            protocol,
            target,
            verdict: Verdict::Deny,
            reason,
            address: None,
            dialled: None,
            tunnel: None,
        }
    }

    /// An allowed request to `target`, dialled at `dialled` (an address of class `address`).
    pub(crate) fn allow(
        client: SocketAddr,
        protocol: Protocol,
        target: Target,
        address: AddressClass,
        dialled: SocketAddr,
    ) -> ProxyDecision {
        ProxyDecision {
            client,
            protocol,
            target: Some(target),
            verdict: Verdict::Allow,
            reason: Reason::Policy(EgressReason::MatchedAllowlist),
            address: Some(address),
            dialled: Some(dialled),
            tunnel: None,
        }
    }

    /// The body of a refusal: the reason class and its description, never the request.
    pub fn refusal_body(&self) -> String {
        format!(
            "toolgate proxy: request refused ({}: {})\n",
            self.reason.code(),
            self.reason.describe()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_proxy_reason_has_one_row_and_a_code_of_its_own() {
        let all = [
            ProxyReason::HostMismatch,
            ProxyReason::NotAProxyRequest,
            ProxyReason::UnsupportedScheme,
            ProxyReason::UnsupportedCommand,
            ProxyReason::MalformedRequest,
            ProxyReason::UriTooLong,
            ProxyReason::SniMismatch,
            ProxyReason::SniMissing,
            ProxyReason::TlsMalformed,
            ProxyReason::DnsFailure,
            ProxyReason::NameNotFound,
            ProxyReason::ConnectFailed,
            ProxyReason::ConnectTimeout,
            ProxyReason::UpstreamFailed,
            ProxyReason::ClientNotAllowed,
            ProxyReason::ClientTimeout,
        ];
        assert_eq!(all.len(), PROXY_REASONS.len());
        for r in all {
            assert_eq!(
                PROXY_REASONS.iter().filter(|i| i.reason == r).count(),
                1,
                "{r:?}"
            );
        }
        let mut codes = HashSet::new();
        for info in PROXY_REASONS {
            assert!(codes.insert(info.code), "{} twice", info.code);
            assert!(
                info.code
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{}",
                info.code
            );
            assert!((400..600).contains(&info.status), "{}", info.code);
            assert_ne!(info.socks_reply, sr::SUCCEEDED, "{}", info.code);
        }
        for e in EgressReason::ALL {
            assert!(
                !codes.contains(e.as_str()),
                "{} is a policy code",
                e.as_str()
            );
        }
    }

    #[test]
    fn a_refusal_body_names_the_class_only() {
        let d = ProxyDecision::deny(
            "127.0.0.1:1".parse().unwrap(),
            Protocol::Http,
            Some(Target {
                host: "secret-token.example".into(),
                port: 80,
            }),
            Reason::Policy(EgressReason::NotInAllowlist),
        );
        let body = d.refusal_body();
        assert!(body.contains("not_in_allowlist"));
        assert!(!body.contains("secret-token"));
    }
}
