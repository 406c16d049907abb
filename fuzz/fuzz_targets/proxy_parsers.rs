//! Fuzzes the proxy's parsers of untrusted client bytes: the request head (parsed with
//! `httparse`, the parser hyper uses, then read by `toolgate_proxy::head` as the proxy does),
//! SOCKS5 greetings and requests, and the TLS ClientHello's server name. The first byte
//! chooses the parser. Beyond panics, it checks each parser's own promises.
#![no_main]

use http::{HeaderMap, HeaderName, HeaderValue, Uri};
use libfuzzer_sys::fuzz_target;
use toolgate_core::egress::EgressPolicy;
use toolgate_proxy::socks5::{self, Parsed};
use toolgate_proxy::{head, sni};

fn request_head(data: &[u8]) {
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut req = httparse::Request::new(&mut headers);
    let Ok(httparse::Status::Complete(_)) = req.parse(data) else {
        return;
    };
    let (Some(method), Some(path)) = (req.method, req.path) else {
        return;
    };
    let Ok(uri) = path.parse::<Uri>() else {
        return;
    };
    let mut map = HeaderMap::new();
    for h in req.headers.iter() {
        if let (Ok(n), Ok(v)) = (
            HeaderName::from_bytes(h.name.as_bytes()),
            HeaderValue::from_bytes(h.value),
        ) {
            map.append(n, v);
        }
    }
    if method == "CONNECT" {
        if let Ok((host, port)) = head::connect_target(&uri) {
            assert!(port != 0 && !host.is_empty());
            let _ = EgressPolicy::builtin().check_tunnel(&host, port);
        }
    } else if let Ok(url) = head::forward_url(&uri, 8 * 1024) {
        assert!(url.len() <= 8 * 1024);
        let d = EgressPolicy::builtin().check_url(&url, Some(method));
        if let (Some(host), Some(port)) = (&d.host, d.port) {
            let _ = head::host_header_matches(&map, host, port);
        }
    }
    head::strip_hop_by_hop(&mut map);
    for name in head::HOP_BY_HOP {
        assert!(!map.contains_key(*name));
    }
}

fn socks(data: &[u8]) {
    let rest = match socks5::parse_greeting(data) {
        Ok(Parsed::Done(_, n)) => {
            assert!(n <= data.len());
            &data[n..]
        }
        _ => data,
    };
    if let Ok(Parsed::Done(r, n)) = socks5::parse_request(rest) {
        assert!(n <= rest.len() && r.port != 0);
        let _ = EgressPolicy::builtin().check_tunnel(&r.address.host_text(), r.port);
    }
}

fn client_hello(data: &[u8]) {
    if let Ok(sni::Scan::ClientHello { sni: Some(name) }) = sni::scan(data) {
        assert!(!name.is_empty() && name.is_ascii());
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    match which % 3 {
        0 => request_head(rest),
        1 => socks(rest),
        _ => client_hello(rest),
    }
});
