//! What both tunnel benches share: the echo server, the proxy, the bare relay, and the
//! client's side of a direct connection and of a tunnel.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use toolgate_core::egress::{EgressPolicy, HostPattern};
use toolgate_nettest::{Behaviour, DnsServer, Upstream};
use toolgate_proxy::{DnsConfig, ProxyConfig, RunningProxy};

pub const LOCAL: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

/// An echo server, the proxy (allowing it by address) and the bare relay, all running.
pub struct Setup {
    pub echo: Upstream,
    _dns: DnsServer,
    pub proxy: RunningProxy,
    _bare: tokio::runtime::Runtime,
    pub bare_addr: SocketAddr,
}

impl Setup {
    pub fn start() -> Setup {
        let echo = Upstream::start(LOCAL, "echo", Behaviour::Echo);
        let dns = DnsServer::start();
        let mut config = ProxyConfig::new(EgressPolicy::new(
            Some(vec![HostPattern::parse("127.0.0.1").unwrap()]),
            vec![],
            None,
            None,
        ));
        config.listen = SocketAddr::new(LOCAL, 0);
        config.dns = DnsConfig::Servers(vec![dns.addr()]);
        let proxy = toolgate_proxy::start(config).unwrap();
        let (bare, bare_addr) = bare_relay();
        Setup {
            echo,
            _dns: dns,
            proxy,
            _bare: bare,
            bare_addr,
        }
    }
}

/// Opens a tunnel the way an HTTP client does: one buffered read of the response head (an
/// echo server sends nothing first, so nothing past the head can arrive; the assertion checks
/// it). Reading the head a byte at a time, as this bench did at first, cost the client about
/// 60 extra `recv` calls per connection that a direct connection does not make.
pub async fn open_tunnel(proxy: SocketAddr, target: SocketAddr) -> TcpStream {
    let mut s = TcpStream::connect(proxy).await.unwrap();
    s.set_nodelay(true).unwrap();
    s.write_all(format!("CONNECT {target} HTTP/1.1\r\nHost: {target}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut head = Vec::with_capacity(256);
    let mut b = [0u8; 256];
    while !head.ends_with(b"\r\n\r\n") {
        let n = s.read(&mut b).await.unwrap();
        assert!(n > 0, "the proxy closed before its answer");
        head.extend_from_slice(&b[..n]);
    }
    assert!(head.starts_with(b"HTTP/1.1 200"));
    s
}

/// The bare relay (see the module doc), on a runtime of its own like the proxy's.
pub fn bare_relay() -> (tokio::runtime::Runtime, SocketAddr) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let listener = rt
        .block_on(tokio::net::TcpListener::bind(SocketAddr::new(LOCAL, 0)))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    rt.spawn(async move {
        while let Ok((mut client, _)) = listener.accept().await {
            tokio::spawn(async move {
                client.set_nodelay(true)?;
                let mut head = Vec::new();
                let mut b = [0u8; 1024];
                while !head.ends_with(b"\r\n\r\n") {
                    let n = client.read(&mut b).await?;
                    if n == 0 {
                        return Ok(());
                    }
                    head.extend_from_slice(&b[..n]);
                }
                let target: SocketAddr = std::str::from_utf8(&head)
                    .ok()
                    .and_then(|h| h.split_whitespace().nth(1)?.parse().ok())
                    .ok_or(std::io::ErrorKind::InvalidInput)?;
                let mut upstream = TcpStream::connect(target).await?;
                upstream.set_nodelay(true)?;
                client.write_all(b"HTTP/1.1 200 OK\r\n\r\n").await?;
                tokio::io::copy_bidirectional_with_sizes(&mut client, &mut upstream, 32768, 32768)
                    .await
                    .map(|_| ())
            });
        }
    });
    (rt, addr)
}

pub async fn direct(target: SocketAddr) -> TcpStream {
    let s = TcpStream::connect(target).await.unwrap();
    s.set_nodelay(true).unwrap();
    s
}

/// Sends one chunk and reads its echo, both at once.
pub async fn round_trip(s: &mut TcpStream, data: &[u8], back: &mut [u8]) {
    let (mut r, mut w) = s.split();
    let write = async { w.write_all(data).await.unwrap() };
    let read = async { r.read_exact(back).await.unwrap() };
    tokio::join!(write, read);
}

pub async fn ping(s: &mut TcpStream) {
    let mut b = [0u8; 1];
    s.write_all(b"p").await.unwrap();
    s.read_exact(&mut b).await.unwrap();
}
