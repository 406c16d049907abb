//! Shared pieces: policies, a proxy with a recording decision hook and a test DNS server,
//! and blocking clients for HTTP, CONNECT and SOCKS5.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::sync::{Arc, Mutex, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::Duration;

use toolgate_core::egress::{EgressPolicy, HostPattern, Method};
use toolgate_nettest::DnsServer;
use toolgate_proxy::{DnsConfig, ProxyConfig, ProxyDecision, RunningProxy};

/// Tests that count this process's descriptors take this for writing; all others for
/// reading, so no other test opens sockets while descriptors are counted.
static DESCRIPTORS: RwLock<()> = RwLock::new(());

pub fn shared_descriptors() -> RwLockReadGuard<'static, ()> {
    DESCRIPTORS.read().unwrap_or_else(|e| e.into_inner())
}

pub fn exclusive_descriptors() -> RwLockWriteGuard<'static, ()> {
    DESCRIPTORS.write().unwrap_or_else(|e| e.into_inner())
}

pub const LOCAL: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);
pub const LOCAL2: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));

fn patterns(l: &[&str]) -> Vec<HostPattern> {
    l.iter().map(|s| HostPattern::parse(s).unwrap()).collect()
}

pub fn policy(allow: &[&str], deny: &[&str]) -> EgressPolicy {
    EgressPolicy::new(Some(patterns(allow)), patterns(deny), None, None)
}

pub fn policy_with_methods(allow: &[&str], methods: &[&str]) -> EgressPolicy {
    EgressPolicy::new(
        Some(patterns(allow)),
        vec![],
        Some(methods.iter().map(|m| Method::parse(m).unwrap()).collect()),
        None,
    )
}

/// A proxy on an ephemeral loopback port, resolving with `dns`, recording its decisions.
pub struct Proxy {
    pub running: Option<RunningProxy>,
    pub addr: SocketAddr,
    decisions: Arc<Mutex<Vec<ProxyDecision>>>,
}

impl Proxy {
    pub fn start(egress: EgressPolicy, dns: &DnsServer) -> Proxy {
        Proxy::start_with(egress, dns, |_| {})
    }

    pub fn start_with(
        egress: EgressPolicy,
        dns: &DnsServer,
        tweak: impl FnOnce(&mut ProxyConfig),
    ) -> Proxy {
        let decisions = Arc::new(Mutex::new(Vec::new()));
        let mut config = ProxyConfig::new(egress);
        config.listen = SocketAddr::new(LOCAL, 0);
        config.dns = DnsConfig::Servers(vec![dns.addr()]);
        config.limits.handshake_timeout = Duration::from_secs(5);
        {
            let decisions = decisions.clone();
            config.on_decision = Some(Arc::new(move |d: &ProxyDecision| {
                decisions.lock().unwrap().push(d.clone());
            }));
        }
        tweak(&mut config);
        let running = toolgate_proxy::start(config).expect("proxy starts");
        let addr = running.local_addr();
        Proxy {
            running: Some(running),
            addr,
            decisions,
        }
    }

    /// The decisions so far.
    pub fn decisions(&self) -> Vec<ProxyDecision> {
        self.decisions.lock().unwrap().clone()
    }

    /// Waits (bounded) until at least `n` decisions were made, and returns them.
    pub fn wait_decisions(&self, n: usize) -> Vec<ProxyDecision> {
        for _ in 0..200 {
            let d = self.decisions();
            if d.len() >= n {
                return d;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.decisions()
    }

    /// The only decision so far (waiting for it).
    pub fn one_decision(&self) -> ProxyDecision {
        let d = self.wait_decisions(1);
        assert_eq!(d.len(), 1, "{d:#?}");
        d[0].clone()
    }

    pub fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(self.addr).expect("connect to the proxy");
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s
    }
}

/// A parsed HTTP response.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().skip(1).find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim().eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }
}

/// Reads one response (Content-Length bodies, or to the end when there is none and the
/// status is not 200 to a CONNECT).
pub fn read_response(s: &mut TcpStream, connect: bool) -> Response {
    let mut buf = Vec::new();
    let mut byte = [0u8; 1];
    while !buf.ends_with(b"\r\n\r\n") {
        match s.read(&mut byte) {
            Ok(1) => buf.push(byte[0]),
            _ => break,
        }
    }
    let head = String::from_utf8_lossy(&buf).into_owned();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let mut r = Response {
        status,
        head,
        body: String::new(),
    };
    if connect && status == 200 {
        return r;
    }
    let mut body = Vec::new();
    match r
        .header("content-length")
        .and_then(|v| v.parse::<usize>().ok())
    {
        Some(n) => {
            body.resize(n, 0);
            let _ = s.read_exact(&mut body);
        }
        None => {
            let _ = s.read_to_end(&mut body);
        }
    }
    r.body = String::from_utf8_lossy(&body).into_owned();
    r
}

/// Sends a raw request head on `s` and reads the response.
pub fn exchange(s: &mut TcpStream, request: &str) -> Response {
    s.write_all(request.as_bytes()).unwrap();
    read_response(s, request.starts_with("CONNECT "))
}

/// `GET url` through the proxy on a new connection, with a matching Host header.
pub fn get(proxy: &Proxy, host_port: &str, path: &str) -> Response {
    let mut s = proxy.connect();
    exchange(
        &mut s,
        &format!(
            "GET http://{host_port}{path} HTTP/1.1\r\nHost: {host_port}\r\nConnection: close\r\n\r\n"
        ),
    )
}

/// `CONNECT target` on a new connection; the stream is the tunnel when the status is 200.
pub fn connect(proxy: &Proxy, target: &str) -> (TcpStream, Response) {
    let mut s = proxy.connect();
    let r = exchange(
        &mut s,
        &format!("CONNECT {target} HTTP/1.1\r\nHost: {target}\r\n\r\n"),
    );
    (s, r)
}

/// A SOCKS5 address.
pub enum SocksAddr<'a> {
    Domain(&'a str),
    Ip(IpAddr),
}

/// A SOCKS5 handshake for `CONNECT` (command 1) or another command; returns the stream and
/// the reply code.
pub fn socks(proxy: &Proxy, addr: SocksAddr<'_>, port: u16, command: u8) -> (TcpStream, u8) {
    let mut s = proxy.connect();
    s.write_all(&[5, 1, 0]).unwrap();
    let mut choice = [0u8; 2];
    s.read_exact(&mut choice).unwrap();
    assert_eq!(choice, [5, 0]);
    let mut req = vec![5, command, 0];
    match addr {
        SocksAddr::Domain(d) => {
            req.push(3);
            req.push(d.len() as u8);
            req.extend(d.as_bytes());
        }
        SocksAddr::Ip(IpAddr::V4(a)) => {
            req.push(1);
            req.extend(a.octets());
        }
        SocksAddr::Ip(IpAddr::V6(a)) => {
            req.push(4);
            req.extend(a.octets());
        }
    }
    req.extend(port.to_be_bytes());
    s.write_all(&req).unwrap();
    let mut head = [0u8; 4];
    s.read_exact(&mut head).unwrap();
    let rest = match head[3] {
        1 => 6,
        4 => 18,
        _ => 0,
    };
    let mut tail = vec![0u8; rest];
    s.read_exact(&mut tail).unwrap();
    (s, head[1])
}

/// Sends `data` through a tunnel to an echo upstream and reads it back.
pub fn echo_round_trip(s: &mut TcpStream, data: &[u8]) -> Vec<u8> {
    s.write_all(data).unwrap();
    let mut back = vec![0u8; data.len()];
    s.read_exact(&mut back).unwrap();
    back
}

/// Whether the peer closed `s` (end of stream or reset) within a few seconds.
pub fn closed_by_peer(s: &mut TcpStream) -> bool {
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut buf = [0u8; 64];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) => {
                return !matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                );
            }
        }
    }
}
