//! CONNECT tunnels: TLS with matching, mismatched and missing SNI; other TCP; DNS
//! rebinding; the client's first bytes after the CONNECT head.

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::sync::Arc;

use toolgate_core::egress::EgressReason;
use toolgate_nettest::rustls::pki_types::ServerName;
use toolgate_nettest::{BANNER, Behaviour, DnsServer, TlsIdentity, Upstream};
use toolgate_proxy::decision::{ProxyReason, TunnelStart};
use toolgate_proxy::{MissingSni, Reason, Verdict};

use crate::support::*;

/// Runs a TLS client over a tunnel already open on `tunnel` and sends one GET.
fn tls_get(
    tunnel: std::net::TcpStream,
    identity: &TlsIdentity,
    server_name: &str,
    sni: bool,
) -> std::io::Result<String> {
    let config: Arc<toolgate_nettest::rustls::ClientConfig> = identity.client_config(sni);
    let name = ServerName::try_from(server_name.to_string()).unwrap();
    let conn = toolgate_nettest::rustls::ClientConnection::new(config, name)
        .map_err(std::io::Error::other)?;
    let mut tls = toolgate_nettest::rustls::StreamOwned::new(conn, tunnel);
    tls.write_all(
        format!("GET /secure HTTP/1.1\r\nHost: {server_name}\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    )?;
    let mut out = String::new();
    match tls.read_to_string(&mut out) {
        Ok(_) => Ok(out),
        // Some servers close without close_notify after `Connection: close`.
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof && !out.is_empty() => Ok(out),
        Err(e) => Err(e),
    }
}

struct TlsSetup {
    identity: TlsIdentity,
    up: Upstream,
    dns: DnsServer,
}

fn tls_setup() -> TlsSetup {
    let identity = TlsIdentity::new(&["good.test", "front.test"]);
    let up = Upstream::start_tls(LOCAL, "tls", Behaviour::Http, &identity);
    let dns = DnsServer::start();
    dns.answer("good.test", &[LOCAL]);
    dns.answer("front.test", &[LOCAL]);
    TlsSetup { identity, up, dns }
}

#[test]
fn tls_with_the_tunnels_own_name_passes_untouched() {
    let _g = shared_descriptors();
    let t = tls_setup();
    let proxy = Proxy::start(policy(&["good.test", "127.0.0.1"], &[]), &t.dns);
    let (tunnel, r) = connect(&proxy, &format!("good.test:{}", t.up.port()));
    assert_eq!(r.status, 200, "{r:?}");
    let body = tls_get(tunnel, &t.identity, "good.test", true).expect("TLS through the tunnel");
    assert!(body.ends_with("upstream tls GET /secure\n"), "{body}");
    let d = proxy.one_decision();
    assert_eq!(d.verdict, Verdict::Allow);
    assert_eq!(d.tunnel, Some(TunnelStart::TlsSniMatched));
    assert_eq!(d.dialled, Some(t.up.addr()));
}

#[test]
fn an_sni_naming_another_host_is_refused() {
    let _g = shared_descriptors();
    let t = tls_setup();
    // Both names are allowed and share the address (a shared CDN): fronting through the
    // tunnel of one to the other is still refused.
    let proxy = Proxy::start(
        policy(&["good.test", "front.test", "127.0.0.1"], &[]),
        &t.dns,
    );
    let (tunnel, r) = connect(&proxy, &format!("good.test:{}", t.up.port()));
    assert_eq!(r.status, 200);
    assert!(tls_get(tunnel, &t.identity, "front.test", true).is_err());
    let d = proxy.one_decision();
    assert_eq!(d.verdict, Verdict::Deny);
    assert_eq!(d.reason, Reason::Proxy(ProxyReason::SniMismatch));
    assert!(t.up.seen().requests.is_empty());
}

#[test]
fn a_missing_sni_follows_the_setting() {
    let _g = shared_descriptors();
    let t = tls_setup();
    let target = format!("good.test:{}", t.up.port());
    let proxy = Proxy::start(policy(&["good.test", "127.0.0.1"], &[]), &t.dns);
    let (tunnel, _) = connect(&proxy, &target);
    let body = tls_get(tunnel, &t.identity, "good.test", false).expect("no SNI allowed");
    assert!(body.ends_with("upstream tls GET /secure\n"));
    assert_eq!(
        proxy.one_decision().tunnel,
        Some(TunnelStart::TlsWithoutSni)
    );

    let proxy = Proxy::start_with(policy(&["good.test", "127.0.0.1"], &[]), &t.dns, |c| {
        c.missing_sni = MissingSni::Deny
    });
    let (tunnel, _) = connect(&proxy, &target);
    assert!(tls_get(tunnel, &t.identity, "good.test", false).is_err());
    assert_eq!(
        proxy.one_decision().reason,
        Reason::Proxy(ProxyReason::SniMissing)
    );
}

#[test]
fn malformed_tls_is_refused_and_other_tcp_passes() {
    let _g = shared_descriptors();
    let echo = Upstream::start(LOCAL, "echo", Behaviour::Echo);
    let dns = DnsServer::start();
    let proxy = Proxy::start(policy(&["127.0.0.1"], &[]), &dns);
    let target = format!("127.0.0.1:{}", echo.port());
    let (mut s, r) = connect(&proxy, &target);
    assert_eq!(r.status, 200);
    assert_eq!(
        echo_round_trip(&mut s, b"SSH-2.0-test\r\n"),
        b"SSH-2.0-test\r\n"
    );
    // A handshake record that is not a ClientHello.
    let (mut s, _) = connect(&proxy, &target);
    s.write_all(&[0x16, 0x03, 0x01, 0x00, 0x04, 0x02, 0x00, 0x00, 0x00])
        .unwrap();
    assert!(closed_by_peer(&mut s));
    let d = proxy.wait_decisions(2);
    assert_eq!(d[0].tunnel, Some(TunnelStart::NotTls));
    assert_eq!(d[1].reason, Reason::Proxy(ProxyReason::TlsMalformed));
    assert_eq!(d[1].verdict, Verdict::Deny);
}

#[test]
fn bytes_sent_with_the_connect_head_are_judged_too() {
    let _g = shared_descriptors();
    let t = tls_setup();
    let proxy = Proxy::start(
        policy(&["good.test", "front.test", "127.0.0.1"], &[]),
        &t.dns,
    );
    // An optimistic client sends its first flight right behind the CONNECT head: here a
    // TLS record claiming a ClientHello that is cut short and then garbage.
    let mut s = proxy.connect();
    let mut msg = format!(
        "CONNECT good.test:{0} HTTP/1.1\r\nHost: good.test:{0}\r\n\r\n",
        t.up.port()
    )
    .into_bytes();
    msg.extend([0x16, 0x03, 0x01, 0x00, 0x05, 0x01, 0x00, 0x00, 0x01, 0x00]);
    s.write_all(&msg).unwrap();
    let r = read_response(&mut s, true);
    assert_eq!(r.status, 200);
    assert!(closed_by_peer(&mut s));
    assert_eq!(
        proxy.one_decision().reason,
        Reason::Proxy(ProxyReason::TlsMalformed)
    );
}

#[test]
fn server_first_protocols_work() {
    let _g = shared_descriptors();
    let up = Upstream::start(LOCAL, "smtp", Behaviour::BannerThenEcho);
    let dns = DnsServer::start();
    let proxy = Proxy::start(policy(&["127.0.0.1"], &[]), &dns);
    let (mut s, r) = connect(&proxy, &format!("127.0.0.1:{}", up.port()));
    assert_eq!(r.status, 200);
    let mut banner = vec![0u8; BANNER.len()];
    s.read_exact(&mut banner).unwrap();
    assert_eq!(banner, BANNER);
    assert_eq!(echo_round_trip(&mut s, b"EHLO x\r\n"), b"EHLO x\r\n");
}

#[test]
fn a_second_resolution_cannot_change_the_dialled_address() {
    let _g = shared_descriptors();
    let good = Upstream::start(LOCAL, "good", Behaviour::Echo);
    let evil = Upstream::start_at(
        SocketAddr::new(LOCAL2, good.port()),
        "evil",
        Behaviour::Echo,
        None,
    )
    .expect("a second loopback address with the same port");
    let dns = DnsServer::start();
    // A rebinding server: the first answer is admitted, every later one is not.
    dns.answer_sequence("rebind.test", &[&[LOCAL], &[LOCAL2]]);
    let proxy = Proxy::start(policy(&["rebind.test", "127.0.0.1"], &[]), &dns);
    let target = format!("rebind.test:{}", good.port());
    let (mut s, r) = connect(&proxy, &target);
    assert_eq!(r.status, 200);
    assert_eq!(echo_round_trip(&mut s, b"hello"), b"hello");
    drop(s);
    assert_eq!(dns.a_queries("rebind.test"), 1, "resolved exactly once");
    assert_eq!(good.connections(), 1);
    // The server does rebind: the next resolution answers 127.0.0.2, which is refused.
    let (_, r) = connect(&proxy, &target);
    assert_eq!(r.status, 403);
    assert!(r.body.contains("private_address"));
    assert_eq!(dns.a_queries("rebind.test"), 2);
    assert_eq!(
        evil.connections(),
        0,
        "the rebound address was never dialled"
    );
    let d = proxy.wait_decisions(2);
    assert_eq!(d[0].dialled, Some(good.addr()));
    assert_eq!(d[1].reason, Reason::Policy(EgressReason::PrivateAddress));
}

#[test]
fn refused_tunnels_never_reach_the_upstream() {
    let _g = shared_descriptors();
    let up = Upstream::start(LOCAL, "echo", Behaviour::Echo);
    let dns = DnsServer::start();
    dns.answer("good.test", &[LOCAL]);
    let proxy = Proxy::start(
        policy(&["good.test:443", "127.0.0.1:443"], &["bad.test"]),
        &dns,
    );
    for target in [
        format!("good.test:{}", up.port()),
        format!("127.0.0.1:{}", up.port()),
        format!("bad.test:{}", up.port()),
        format!("[::ffff:127.0.0.1]:{}", up.port()),
        format!("localhost:{}", up.port()),
        format!("127.0.0.2:{}", up.port()),
        format!("0.0.0.0:{}", up.port()),
    ] {
        let (_, r) = connect(&proxy, &target);
        assert_eq!(r.status, 403, "{target}: {r:?}");
    }
    assert_eq!(up.connections(), 0);
    let (_, r) = connect(&proxy, "no-port.test");
    assert_eq!(r.status, 400);
}
