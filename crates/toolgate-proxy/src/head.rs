//! Reading a proxy request head (as hyper parsed it): the target of a `CONNECT`, the URL of an
//! absolute-form plain HTTP request, whether its `Host` header names the same host, and which
//! headers are hop-by-hop. Pure functions, so they can be fuzzed.

use http::header::{CONNECTION, HOST};
use http::{HeaderMap, HeaderName, Uri};
use toolgate_core::egress::canonicalize_host;

use crate::decision::ProxyReason;

/// Headers that belong to one connection and are never forwarded (RFC 9110 §7.6.1), besides
/// those the `Connection` header lists.
pub const HOP_BY_HOP: &[&str] = &[
    "connection",
    "proxy-connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
];

/// The `host:port` of a `CONNECT` request (authority form, port required, no credentials).
/// The host is as written (IPv6 in brackets); the policy canonicalises it.
pub fn connect_target(uri: &Uri) -> Result<(String, u16), ProxyReason> {
    if uri.scheme().is_some() || uri.path_and_query().is_some_and(|p| !p.as_str().is_empty()) {
        return Err(ProxyReason::MalformedRequest);
    }
    let authority = uri.authority().ok_or(ProxyReason::MalformedRequest)?;
    if authority.as_str().contains('@') {
        return Err(ProxyReason::MalformedRequest);
    }
    let port = authority
        .port_u16()
        .filter(|p| *p != 0)
        .ok_or(ProxyReason::MalformedRequest)?;
    let host = authority.host();
    if host.is_empty() {
        return Err(ProxyReason::MalformedRequest);
    }
    Ok((host.to_string(), port))
}

/// The URL of an absolute-form plain HTTP request, for the policy's URL check. Origin-form
/// requests are not for a proxy; schemes other than `http` are not forwarded.
pub fn forward_url(uri: &Uri, max_uri_bytes: usize) -> Result<String, ProxyReason> {
    let url = uri.to_string();
    if url.len() > max_uri_bytes {
        return Err(ProxyReason::UriTooLong);
    }
    let (Some(scheme), Some(_)) = (uri.scheme_str(), uri.authority()) else {
        return Err(ProxyReason::NotAProxyRequest);
    };
    if !scheme.eq_ignore_ascii_case("http") {
        return Err(ProxyReason::UnsupportedScheme);
    }
    Ok(url)
}

/// Whether the request has exactly one `Host` header and it names `host:port` (`host` in the
/// policy's canonical form; the header's port defaults to 80).
pub fn host_header_matches(headers: &HeaderMap, host: &str, port: u16) -> bool {
    let mut values = headers.get_all(HOST).iter();
    let (Some(value), None) = (values.next(), values.next()) else {
        return false;
    };
    let Ok(text) = value.to_str() else {
        return false;
    };
    let Ok(authority) = text.parse::<http::uri::Authority>() else {
        return false;
    };
    if authority.as_str().contains('@') || authority.as_str() != text {
        return false;
    }
    let header_port = match authority.port() {
        Some(p) => match p.as_u16() {
            0 => return false,
            n => n,
        },
        None => 80,
    };
    let (Ok(a), Ok(b)) = (canonicalize_host(authority.host()), canonicalize_host(host)) else {
        return false;
    };
    a == b && header_port == port
}

/// Removes hop-by-hop headers: the fixed [`HOP_BY_HOP`] list and every name the
/// `Connection` header lists.
pub fn strip_hop_by_hop(headers: &mut HeaderMap) {
    let listed: Vec<HeaderName> = headers
        .get_all(CONNECTION)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|name| HeaderName::from_bytes(name.trim().as_bytes()).ok())
        .collect();
    for name in listed {
        headers.remove(name);
    }
    for name in HOP_BY_HOP {
        headers.remove(*name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::HeaderValue;

    fn uri(s: &str) -> Uri {
        s.parse().unwrap()
    }

    #[test]
    fn connect_targets() {
        assert_eq!(
            connect_target(&uri("example.com:443")),
            Ok(("example.com".into(), 443))
        );
        assert_eq!(
            connect_target(&uri("[::1]:8443")),
            Ok(("[::1]".into(), 8443))
        );
        for bad in [
            "example.com",
            "http://example.com:443/",
            "example.com:0",
            "u@example.com:443",
        ] {
            assert!(connect_target(&uri(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn forward_urls() {
        assert_eq!(
            forward_url(&uri("http://example.com/a?b"), 100).as_deref(),
            Ok("http://example.com/a?b")
        );
        assert_eq!(
            forward_url(&uri("/a"), 100),
            Err(ProxyReason::NotAProxyRequest)
        );
        assert_eq!(
            forward_url(&uri("https://example.com/"), 100),
            Err(ProxyReason::UnsupportedScheme)
        );
        assert_eq!(
            forward_url(&uri("http://example.com/aaaaaaaa"), 20),
            Err(ProxyReason::UriTooLong)
        );
    }

    #[test]
    fn host_headers() {
        let h = |vals: &[&str]| {
            let mut m = HeaderMap::new();
            for v in vals {
                m.append(HOST, HeaderValue::from_str(v).unwrap());
            }
            m
        };
        assert!(host_header_matches(&h(&["Example.COM"]), "example.com", 80));
        assert!(host_header_matches(
            &h(&["example.com:80"]),
            "example.com",
            80
        ));
        assert!(host_header_matches(
            &h(&["example.com:8080"]),
            "example.com",
            8080
        ));
        assert!(host_header_matches(&h(&["[::1]:8080"]), "[::1]", 8080));
        assert!(!host_header_matches(&h(&[]), "example.com", 80));
        assert!(!host_header_matches(
            &h(&["example.com", "example.com"]),
            "example.com",
            80
        ));
        assert!(!host_header_matches(&h(&["evil.com"]), "example.com", 80));
        assert!(!host_header_matches(
            &h(&["example.com:8080"]),
            "example.com",
            80
        ));
        assert!(!host_header_matches(
            &h(&["u@example.com"]),
            "example.com",
            80
        ));
    }

    #[test]
    fn hop_by_hop_headers_go() {
        let mut m = HeaderMap::new();
        m.insert(
            CONNECTION,
            HeaderValue::from_static("keep-alive, x-secret-hop"),
        );
        m.insert("x-secret-hop", HeaderValue::from_static("1"));
        m.insert("proxy-authorization", HeaderValue::from_static("Basic x"));
        m.insert("x-kept", HeaderValue::from_static("1"));
        strip_hop_by_hop(&mut m);
        assert_eq!(m.len(), 1);
        assert!(m.contains_key("x-kept"));
    }
}
