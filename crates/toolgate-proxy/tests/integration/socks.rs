//! SOCKS5: domain, IPv4 and IPv6 destinations, refusals as reply codes, other commands.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv6Addr};

use toolgate_core::egress::EgressReason;
use toolgate_nettest::{Behaviour, DnsServer, Upstream};
use toolgate_proxy::decision::{Protocol, ProxyReason, socks_reply};
use toolgate_proxy::{Reason, Verdict};

use crate::support::*;

#[test]
fn domain_ipv4_and_ipv6_destinations() {
    let _g = shared_descriptors();
    let v4 = Upstream::start(LOCAL, "v4", Behaviour::Echo);
    let v6 = Upstream::start(IpAddr::V6(Ipv6Addr::LOCALHOST), "v6", Behaviour::Echo);
    let dns = DnsServer::start();
    dns.answer("good.test", &[LOCAL]);
    let proxy = Proxy::start(policy(&["good.test", "127.0.0.1", "::1"], &[]), &dns);

    let (mut s, code) = socks(&proxy, SocksAddr::Domain("good.test"), v4.port(), 1);
    assert_eq!(code, socks_reply::SUCCEEDED);
    assert_eq!(echo_round_trip(&mut s, b"by name"), b"by name");
    let (mut s, code) = socks(&proxy, SocksAddr::Ip(LOCAL), v4.port(), 1);
    assert_eq!(code, socks_reply::SUCCEEDED);
    assert_eq!(echo_round_trip(&mut s, b"by v4"), b"by v4");
    let (mut s, code) = socks(
        &proxy,
        SocksAddr::Ip(IpAddr::V6(Ipv6Addr::LOCALHOST)),
        v6.port(),
        1,
    );
    assert_eq!(code, socks_reply::SUCCEEDED);
    assert_eq!(echo_round_trip(&mut s, b"by v6"), b"by v6");
    drop(s);
    let d = proxy.wait_decisions(3);
    assert!(
        d.iter()
            .all(|d| d.protocol == Protocol::Socks5 && d.verdict == Verdict::Allow),
        "{d:#?}"
    );
    assert_eq!(d[2].target.as_ref().unwrap().host, "[::1]");
}

#[test]
fn refusals_are_reply_codes() {
    let _g = shared_descriptors();
    let up = Upstream::start(LOCAL, "echo", Behaviour::Echo);
    let dns = DnsServer::start();
    dns.answer("inner.test", &[LOCAL]);
    let proxy = Proxy::start(policy(&["*"], &["bad.test"]), &dns);
    for (addr, reason) in [
        (SocksAddr::Domain("bad.test"), EgressReason::DenylistMatch),
        (
            SocksAddr::Domain("inner.test"),
            EgressReason::PrivateAddress,
        ),
        (SocksAddr::Ip(LOCAL), EgressReason::PrivateAddress),
        (
            SocksAddr::Ip("::ffff:127.0.0.1".parse().unwrap()),
            EgressReason::PrivateAddress,
        ),
    ] {
        let (mut s, code) = socks(&proxy, addr, up.port(), 1);
        assert_eq!(code, socks_reply::NOT_ALLOWED);
        assert!(closed_by_peer(&mut s));
        let last = proxy.decisions().pop().unwrap();
        assert_eq!(last.reason, Reason::Policy(reason));
    }
    let (_, code) = socks(&proxy, SocksAddr::Domain("missing.test"), up.port(), 1);
    assert_eq!(code, socks_reply::HOST_UNREACHABLE);
    let (_, code) = socks(&proxy, SocksAddr::Ip(LOCAL), up.port(), 2);
    assert_eq!(code, socks_reply::COMMAND_NOT_SUPPORTED);
    let (_, code) = socks(&proxy, SocksAddr::Ip(LOCAL), up.port(), 3);
    assert_eq!(code, socks_reply::COMMAND_NOT_SUPPORTED);
    assert_eq!(up.connections(), 0);
}

#[test]
fn authentication_other_than_none_and_socks4_are_refused() {
    let _g = shared_descriptors();
    let dns = DnsServer::start();
    let proxy = Proxy::start(policy(&["*"], &[]), &dns);
    let mut s = proxy.connect();
    s.write_all(&[5, 1, 2]).unwrap();
    let mut reply = [0u8; 2];
    s.read_exact(&mut reply).unwrap();
    assert_eq!(reply, [5, 0xff]);
    let mut s = proxy.connect();
    s.write_all(&[4, 1, 0, 80, 127, 0, 0, 1, 0]).unwrap();
    assert!(closed_by_peer(&mut s));
    let d = proxy.wait_decisions(2);
    assert!(
        d.iter()
            .all(|d| d.reason == Reason::Proxy(ProxyReason::UnsupportedCommand))
    );
}
