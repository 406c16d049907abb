//! Faults, bounded and on loopback: upstream resets, half-closed sockets, bulk bytes both
//! ways at once, slow and silent clients, unreachable destinations. The proxy keeps serving
//! after each.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener};
use std::time::{Duration, Instant};

use toolgate_nettest::{Behaviour, DnsServer, Upstream};
use toolgate_proxy::decision::ProxyReason;
use toolgate_proxy::{Reason, Verdict};

use crate::support::*;

fn still_serves(proxy: &Proxy, echo: &Upstream) {
    let (mut s, r) = connect(proxy, &format!("127.0.0.1:{}", echo.port()));
    assert_eq!(r.status, 200);
    assert_eq!(echo_round_trip(&mut s, b"alive"), b"alive");
}

#[test]
fn an_upstream_reset_ends_the_tunnel_and_nothing_else() {
    let _g = shared_descriptors();
    let reset = Upstream::start(LOCAL, "reset", Behaviour::ResetAfter(4));
    let echo = Upstream::start(LOCAL, "echo", Behaviour::Echo);
    let dns = DnsServer::start();
    let proxy = Proxy::start(policy(&["127.0.0.1"], &[]), &dns);
    for _ in 0..20 {
        let (mut s, r) = connect(&proxy, &format!("127.0.0.1:{}", reset.port()));
        assert_eq!(r.status, 200);
        let _ = s.write_all(b"0123456789");
        assert!(closed_by_peer(&mut s));
    }
    still_serves(&proxy, &echo);
}

#[test]
fn half_closed_tunnels_deliver_the_rest() {
    let _g = shared_descriptors();
    let echo = Upstream::start(LOCAL, "echo", Behaviour::Echo);
    let dns = DnsServer::start();
    let proxy = Proxy::start(policy(&["127.0.0.1"], &[]), &dns);
    let (mut s, _) = connect(&proxy, &format!("127.0.0.1:{}", echo.port()));
    let data = vec![7u8; 256 * 1024];
    s.write_all(&data).unwrap();
    // The client is done sending; the echo of everything must still arrive, then the end.
    s.shutdown(Shutdown::Write).unwrap();
    let mut back = Vec::new();
    s.read_to_end(&mut back).unwrap();
    assert_eq!(back.len(), data.len());
    assert!(back == data);
    still_serves(&proxy, &echo);
}

#[test]
fn bulk_bytes_both_ways_at_once_arrive_whole_and_in_order() {
    let _g = shared_descriptors();
    let echo = Upstream::start(LOCAL, "echo", Behaviour::Echo);
    let dns = DnsServer::start();
    let proxy = Proxy::start(policy(&["127.0.0.1"], &[]), &dns);
    let (mut s, r) = connect(&proxy, &format!("127.0.0.1:{}", echo.port()));
    assert_eq!(r.status, 200);
    // 16 MiB that never repeats at a buffer's period: a lost, doubled or reordered chunk of
    // either relay direction shows. Written while the echo is read, so both directions of the
    // tunnel are busy at once and the socket buffers fill.
    let data: Vec<u8> = (0..16 * 1024 * 1024u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let mut writer = s.try_clone().unwrap();
    let sent = data.clone();
    let sending = std::thread::spawn(move || {
        writer.write_all(&sent).unwrap();
        writer.shutdown(Shutdown::Write).unwrap();
    });
    let mut back = Vec::with_capacity(data.len());
    s.read_to_end(&mut back).unwrap();
    sending.join().unwrap();
    assert_eq!(back.len(), data.len());
    assert!(back == data, "the echo differs from what was sent");
    still_serves(&proxy, &echo);
}

#[test]
fn silent_and_slow_clients_are_cut_and_do_not_block_others() {
    let _g = shared_descriptors();
    let echo = Upstream::start(LOCAL, "echo", Behaviour::Echo);
    let dns = DnsServer::start();
    let proxy = Proxy::start_with(policy(&["127.0.0.1"], &[]), &dns, |c| {
        c.limits.handshake_timeout = Duration::from_millis(400);
        c.limits.max_connections = 64;
    });
    // Silent clients, a client trickling a head, a SOCKS client stopping mid-greeting.
    let silent: Vec<_> = (0..20).map(|_| proxy.connect()).collect();
    let mut trickle = proxy.connect();
    trickle.write_all(b"CONNECT 127.0.0.1:1 HTT").unwrap();
    let mut socks = proxy.connect();
    socks.write_all(&[5, 3, 0]).unwrap();
    // Others are served meanwhile.
    still_serves(&proxy, &echo);
    let started = Instant::now();
    for mut s in silent {
        assert!(closed_by_peer(&mut s));
    }
    assert!(closed_by_peer(&mut trickle));
    assert!(closed_by_peer(&mut socks));
    assert!(started.elapsed() < Duration::from_secs(5));
    let timeouts = proxy
        .decisions()
        .iter()
        .filter(|d| d.reason == Reason::Proxy(ProxyReason::ClientTimeout))
        .count();
    assert!(timeouts >= 21, "{timeouts}");
    still_serves(&proxy, &echo);
}

#[test]
fn idle_tunnels_are_closed() {
    let _g = shared_descriptors();
    let echo = Upstream::start(LOCAL, "echo", Behaviour::Echo);
    let dns = DnsServer::start();
    let proxy = Proxy::start_with(policy(&["127.0.0.1"], &[]), &dns, |c| {
        c.limits.idle_timeout = Duration::from_millis(300);
    });
    let (mut s, _) = connect(&proxy, &format!("127.0.0.1:{}", echo.port()));
    assert_eq!(echo_round_trip(&mut s, b"x"), b"x");
    assert!(closed_by_peer(&mut s));
}

#[test]
fn unreachable_and_unknown_destinations_are_gateway_errors() {
    let _g = shared_descriptors();
    // A port nothing listens on: bind, learn the port, close.
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let dns = DnsServer::start();
    let proxy = Proxy::start(policy(&["*", "127.0.0.1"], &[]), &dns);
    let (_, r) = connect(&proxy, &format!("127.0.0.1:{port}"));
    assert_eq!(r.status, 502);
    assert!(r.body.contains("connect_failed"));
    let (_, r) = connect(&proxy, "nowhere.test:443");
    assert_eq!(r.status, 502);
    assert!(r.body.contains("name_not_found"));
    let d = proxy.wait_decisions(2);
    assert!(d.iter().all(|d| d.verdict == Verdict::Deny));
}

#[test]
fn an_unanswering_dns_server_is_a_dns_failure() {
    let _g = shared_descriptors();
    // A UDP socket that never answers.
    let mute = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let dns = DnsServer::start();
    let proxy = Proxy::start_with(policy(&["*"], &[]), &dns, |c| {
        c.dns = toolgate_proxy::DnsConfig::Servers(vec![mute.local_addr().unwrap()]);
        c.limits.dns_timeout = Duration::from_millis(500);
    });
    let (_, r) = connect(&proxy, "slow.test:443");
    assert_eq!(r.status, 502);
    assert!(r.body.contains("dns_failure"), "{}", r.body);
}

#[test]
fn a_non_loopback_listen_address_needs_a_client_list() {
    // Refused before anything is bound (the tests bind loopback only; which clients a
    // listed range admits is a unit test of `ProxyConfig::client_permitted`).
    for listen in ["0.0.0.0:0", "[::]:0", "192.0.2.2:0"] {
        let mut config = toolgate_proxy::ProxyConfig::new(policy(&["127.0.0.1"], &[]));
        config.listen = listen.parse().unwrap();
        assert!(matches!(
            toolgate_proxy::start(config),
            Err(toolgate_proxy::ProxyError::ClientsRequired(_))
        ));
    }
}
