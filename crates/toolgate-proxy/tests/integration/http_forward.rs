//! Plain HTTP through the proxy: allowed and refused hosts, names that resolve to internal
//! addresses, methods, Host matching, head limits, keep-alive pinning.

use toolgate_core::egress::EgressReason;
use toolgate_nettest::{Behaviour, DnsServer, Upstream};
use toolgate_proxy::decision::{AddressClass, Protocol};
use toolgate_proxy::{Reason, Verdict};

use crate::support::*;

#[test]
fn an_allowed_exact_host_is_forwarded_in_origin_form_without_hop_by_hop_headers() {
    let _g = shared_descriptors();
    let up = Upstream::start(LOCAL, "good", Behaviour::Http);
    let dns = DnsServer::start();
    dns.answer("good.test", &[LOCAL]);
    let proxy = Proxy::start(policy(&["good.test", "127.0.0.1"], &[]), &dns);
    let hp = format!("good.test:{}", up.port());
    let mut s = proxy.connect();
    let r = exchange(
        &mut s,
        &format!(
            "GET http://{hp}/x?y=1 HTTP/1.1\r\nHost: {hp}\r\nProxy-Authorization: Basic c2VjcmV0\r\nConnection: close, X-Hop\r\nX-Hop: 1\r\nX-Kept: 2\r\n\r\n"
        ),
    );
    assert_eq!(r.status, 200, "{r:?}");
    assert_eq!(r.body, "upstream good GET /x?y=1\n");
    let seen = up.seen();
    assert_eq!(seen.requests.len(), 1);
    let head = seen.requests[0].to_ascii_lowercase();
    assert!(head.starts_with("get /x?y=1 http/1.1\r\n"), "{head}");
    assert!(head.contains("x-kept: 2"), "{head}");
    for hop in ["proxy-authorization", "x-hop", "c2vjcmv0"] {
        assert!(!head.contains(hop), "{hop} forwarded: {head}");
    }
    let d = proxy.one_decision();
    assert_eq!(d.verdict, Verdict::Allow);
    assert_eq!(d.protocol, Protocol::Http);
    assert_eq!(d.reason, Reason::Policy(EgressReason::MatchedAllowlist));
    assert_eq!(d.address, Some(AddressClass::Special("loopback address")));
    assert_eq!(d.dialled, Some(up.addr()));
    assert_eq!(d.target.unwrap().host, "good.test");
    assert_eq!(dns.a_queries("good.test"), 1);
}

#[test]
fn a_host_not_allowed_gets_403_naming_the_class_only() {
    let _g = shared_descriptors();
    let up = Upstream::start(LOCAL, "good", Behaviour::Http);
    let dns = DnsServer::start();
    dns.answer("secret-name.test", &[LOCAL]);
    let proxy = Proxy::start(policy(&["good.test", "127.0.0.1"], &[]), &dns);
    let r = get(
        &proxy,
        &format!("secret-name.test:{}", up.port()),
        "/token123",
    );
    assert_eq!(r.status, 403);
    assert!(r.body.contains("not_in_allowlist"), "{}", r.body);
    for echoed in ["secret-name", "token123"] {
        assert!(
            !r.body.contains(echoed) && !r.head.contains(echoed),
            "{r:?}"
        );
    }
    assert!(
        r.header("proxy-status")
            .is_some_and(|v| v.contains("http_request_denied"))
    );
    // Refused on the literal name: never resolved, never dialled.
    assert_eq!(dns.a_queries("secret-name.test"), 0);
    assert_eq!(up.connections(), 0);
    let d = proxy.one_decision();
    assert_eq!(d.verdict, Verdict::Deny);
    assert_eq!(d.reason, Reason::Policy(EgressReason::NotInAllowlist));
}

#[test]
fn a_name_resolving_to_loopback_needs_the_exact_name_and_the_address() {
    let _g = shared_descriptors();
    let up = Upstream::start(LOCAL, "inner", Behaviour::Http);
    let dns = DnsServer::start();
    dns.answer("inner.test", &[LOCAL]);
    let hp = format!("inner.test:{}", up.port());
    for allow in [
        &["*"][..],
        &["inner.test"][..],
        &["*.test", "127.0.0.0/8"][..],
        &["inner.test", "0.0.0.0/0"][..],
        &["inner.test", "127.0.0.2"][..],
    ] {
        let proxy = Proxy::start(policy(allow, &[]), &dns);
        let r = get(&proxy, &hp, "/");
        assert_eq!(r.status, 403, "{allow:?}: {r:?}");
        assert!(r.body.contains("private_address"), "{allow:?}: {}", r.body);
        let d = proxy.one_decision();
        assert_eq!(d.address, Some(AddressClass::Special("loopback address")));
        assert_eq!(d.dialled, None);
    }
    assert_eq!(up.connections(), 0);
    for allow in [
        &["inner.test", "127.0.0.1"][..],
        &["inner.test", "127.0.0.0/8"][..],
    ] {
        let proxy = Proxy::start(policy(allow, &[]), &dns);
        assert_eq!(get(&proxy, &hp, "/").status, 200, "{allow:?}");
    }
}

#[test]
fn a_name_with_an_allowed_and_a_refused_address_is_refused_whole() {
    let _g = shared_descriptors();
    let up = Upstream::start(LOCAL, "good", Behaviour::Http);
    let dns = DnsServer::start();
    // One admitted and one not admitted loopback address; an admitted IPv4 address and a
    // loopback IPv6 one; a special name's answer. Every address here is on this machine, so
    // even a proxy that wrongly dialled the other address would stay on loopback (a
    // public-and-private mix is the same rule, covered by `check_resolved`'s unit tests).
    dns.answer("two.test", &[LOCAL, LOCAL2]);
    dns.answer("dual.test", &[LOCAL, "::1".parse().unwrap()]);
    dns.answer("rev.test", &[LOCAL2, LOCAL]);
    let proxy = Proxy::start(
        policy(&["two.test", "dual.test", "rev.test", "127.0.0.1"], &[]),
        &dns,
    );
    for name in ["two.test", "dual.test", "rev.test"] {
        let r = get(&proxy, &format!("{name}:{}", up.port()), "/");
        assert_eq!(r.status, 403, "{name}: {r:?}");
        assert!(r.body.contains("private_address"), "{name}: {}", r.body);
    }
    assert_eq!(up.connections(), 0);
    assert!(proxy.wait_decisions(3).iter().all(|d| d.dialled.is_none()));
}

#[test]
fn methods_follow_the_policy() {
    let _g = shared_descriptors();
    let up = Upstream::start(LOCAL, "good", Behaviour::Http);
    let dns = DnsServer::start();
    dns.answer("good.test", &[LOCAL]);
    let proxy = Proxy::start(
        policy_with_methods(&["good.test", "127.0.0.1"], &["GET", "HEAD"]),
        &dns,
    );
    let hp = format!("good.test:{}", up.port());
    let mut s = proxy.connect();
    let r = exchange(
        &mut s,
        &format!("POST http://{hp}/submit HTTP/1.1\r\nHost: {hp}\r\nContent-Length: 3\r\n\r\nabc"),
    );
    assert_eq!(r.status, 403);
    assert!(r.body.contains("method_blocked"));
    // The same connection still serves an allowed method.
    let r = exchange(
        &mut s,
        &format!("GET http://{hp}/ok HTTP/1.1\r\nHost: {hp}\r\n\r\n"),
    );
    assert_eq!(r.status, 200);
    assert_eq!(up.seen().requests.len(), 1);
    // A methods list without CONNECT refuses tunnels: the methods inside cannot be seen.
    let (_, r) = connect(&proxy, &hp);
    assert_eq!(r.status, 403);
    assert!(r.body.contains("method_blocked"));
    // Without a methods list, CONNECT/TRACE/TRACK stay refused as plain requests.
    let proxy = Proxy::start(policy(&["good.test", "127.0.0.1"], &[]), &dns);
    let mut s = proxy.connect();
    let r = exchange(
        &mut s,
        &format!("TRACE http://{hp}/ HTTP/1.1\r\nHost: {hp}\r\n\r\n"),
    );
    assert_eq!(r.status, 403);
    assert!(r.body.contains("method_blocked"));
}

#[test]
fn the_host_header_must_name_the_request_host() {
    let _g = shared_descriptors();
    let up = Upstream::start(LOCAL, "good", Behaviour::Http);
    let dns = DnsServer::start();
    dns.answer("good.test", &[LOCAL]);
    let proxy = Proxy::start(policy(&["good.test", "127.0.0.1"], &[]), &dns);
    let hp = format!("good.test:{}", up.port());
    for headers in [
        "Host: evil.test\r\n".to_string(),
        format!("Host: evil.test:{}\r\n", up.port()),
        "Host: good.test\r\n".to_string(),
        format!("Host: {hp}\r\nHost: {hp}\r\n"),
        String::new(),
    ] {
        let mut s = proxy.connect();
        let r = exchange(
            &mut s,
            &format!("GET http://{hp}/ HTTP/1.1\r\n{headers}Connection: close\r\n\r\n"),
        );
        assert_eq!(r.status, 403, "{headers:?}: {r:?}");
        assert!(r.body.contains("host_mismatch"), "{headers:?}");
    }
    assert_eq!(up.connections(), 0);
    let mut s = proxy.connect();
    let r = exchange(
        &mut s,
        &format!(
            "GET http://{hp}/ HTTP/1.1\r\nHost: GOOD.test:{}\r\n\r\n",
            up.port()
        ),
    );
    assert_eq!(r.status, 200, "case differs only");
}

#[test]
fn requests_that_are_not_for_a_proxy_or_too_large_are_refused() {
    let _g = shared_descriptors();
    let dns = DnsServer::start();
    let proxy = Proxy::start_with(policy(&["*"], &[]), &dns, |c| {
        c.limits.max_head_bytes = 16 * 1024;
        c.limits.max_uri_bytes = 4 * 1024;
    });
    let mut s = proxy.connect();
    let r = exchange(&mut s, "GET /local HTTP/1.1\r\nHost: example.test\r\n\r\n");
    assert_eq!(r.status, 400);
    assert!(r.body.contains("not_a_proxy_request"));
    let r = exchange(
        &mut s,
        "GET https://example.test/ HTTP/1.1\r\nHost: example.test\r\n\r\n",
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("unsupported_scheme"));
    let long = "a".repeat(5000);
    let r = exchange(
        &mut s,
        &format!("GET http://example.test/{long} HTTP/1.1\r\nHost: example.test\r\n\r\n"),
    );
    assert_eq!(r.status, 414);
    assert!(!r.body.contains(&long[..100]));
    // A head over the limit: 431 from the parser, and the connection closes.
    let mut s = proxy.connect();
    let big = format!(
        "GET http://example.test/ HTTP/1.1\r\nHost: example.test\r\nX-Big: {}\r\n\r\n",
        "b".repeat(20 * 1024)
    );
    let r = exchange(&mut s, &big);
    assert_eq!(r.status, 431, "{r:?}");
    let mut s = proxy.connect();
    let many: String = (0..100).map(|i| format!("X-{i}: v\r\n")).collect();
    let r = exchange(
        &mut s,
        &format!("GET http://example.test/ HTTP/1.1\r\nHost: example.test\r\n{many}\r\n"),
    );
    assert_eq!(r.status, 431, "too many headers: {r:?}");
}

#[test]
fn keep_alive_stays_pinned_to_the_first_approved_address() {
    let _g = shared_descriptors();
    let good = Upstream::start(LOCAL, "good", Behaviour::Http);
    let evil = Upstream::start_at(
        std::net::SocketAddr::new(LOCAL2, good.port()),
        "evil",
        Behaviour::Http,
        None,
    )
    .expect("a second loopback address with the same port");
    let other = Upstream::start(LOCAL, "other", Behaviour::Http);
    let dns = DnsServer::start();
    dns.answer_sequence("pin.test", &[&[LOCAL], &[LOCAL2]]);
    dns.answer("other.test", &[LOCAL]);
    let proxy = Proxy::start(
        policy(&["pin.test", "other.test", "127.0.0.0/8"], &[]),
        &dns,
    );
    let hp = format!("pin.test:{}", good.port());
    let mut s = proxy.connect();
    for i in 0..3 {
        let r = exchange(
            &mut s,
            &format!("GET http://{hp}/{i} HTTP/1.1\r\nHost: {hp}\r\n\r\n"),
        );
        assert_eq!(r.body, format!("upstream good GET /{i}\n"));
    }
    // One resolution and one upstream connection for the three requests.
    assert_eq!(dns.a_queries("pin.test"), 1);
    assert_eq!(good.connections(), 1);
    assert_eq!(evil.connections(), 0);
    // Another destination on the same client connection gets its own decision.
    let ohp = format!("other.test:{}", other.port());
    let r = exchange(
        &mut s,
        &format!("GET http://{ohp}/o HTTP/1.1\r\nHost: {ohp}\r\n\r\n"),
    );
    assert_eq!(r.body, "upstream other GET /o\n");
    // Coming back is a new decision: resolved again, and now it rebinds to 127.0.0.2,
    // which the policy admits (127.0.0.0/8) — the point is it is a fresh, checked answer.
    let r = exchange(
        &mut s,
        &format!("GET http://{hp}/back HTTP/1.1\r\nHost: {hp}\r\n\r\n"),
    );
    assert_eq!(r.body, "upstream evil GET /back\n");
    assert_eq!(dns.a_queries("pin.test"), 2);
    let d = proxy.wait_decisions(5);
    assert!(d.iter().all(|d| d.verdict == Verdict::Allow), "{d:#?}");
}
