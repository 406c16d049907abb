//! Upstream servers: HTTP/1.1, echo, banner-first, reset and sink behaviours, in plain TCP or
//! TLS, each on its own small runtime. They record what reached them.

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::runtime::Runtime;

use crate::tls::TlsIdentity;

/// What an upstream does with each connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behaviour {
    /// HTTP/1.1 with keep-alive: every request gets `200` and the body
    /// `upstream <label> <method> <target>\n`. Request heads are recorded.
    Http,
    /// Echoes every byte; at the client's end of stream it closes its own sending side.
    Echo,
    /// Sends a banner line first (a server-speaks-first protocol), then echoes.
    BannerThenEcho,
    /// Reads up to this many bytes, then resets the connection.
    ResetAfter(usize),
    /// Reads and discards everything until the client closes.
    Sink,
}

/// What reached an upstream.
#[derive(Debug, Default, Clone)]
pub struct Seen {
    /// Connections accepted.
    pub connections: usize,
    /// Request heads received (HTTP behaviour), in order, as text.
    pub requests: Vec<String>,
}

/// A running upstream. Dropping it stops it.
pub struct Upstream {
    addr: SocketAddr,
    seen: Arc<Mutex<Seen>>,
    runtime: Option<Runtime>,
}

/// The banner [`Behaviour::BannerThenEcho`] sends.
pub const BANNER: &[u8] = b"220 upstream ready\r\n";

fn runtime() -> Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("upstream runtime")
}

impl Upstream {
    /// Starts a plain upstream on `ip` with an ephemeral port.
    pub fn start(ip: IpAddr, label: &str, behaviour: Behaviour) -> Upstream {
        Upstream::start_at(SocketAddr::new(ip, 0), label, behaviour, None)
            .expect("bind the upstream")
    }

    /// Starts a TLS upstream on `ip` with an ephemeral port, presenting `identity`.
    pub fn start_tls(
        ip: IpAddr,
        label: &str,
        behaviour: Behaviour,
        identity: &TlsIdentity,
    ) -> Upstream {
        Upstream::start_at(SocketAddr::new(ip, 0), label, behaviour, Some(identity))
            .expect("bind the upstream")
    }

    /// Starts an upstream at exactly `addr` (for a second server on another loopback address
    /// with the same port), plain or TLS.
    pub fn start_at(
        addr: SocketAddr,
        label: &str,
        behaviour: Behaviour,
        tls: Option<&TlsIdentity>,
    ) -> io::Result<Upstream> {
        let runtime = runtime();
        let listener = runtime.block_on(TcpListener::bind(addr))?;
        let addr = listener.local_addr()?;
        let seen = Arc::new(Mutex::new(Seen::default()));
        let acceptor = tls.map(|t| tokio_rustls::TlsAcceptor::from(t.server_config()));
        let label: Arc<str> = label.into();
        {
            let seen = seen.clone();
            runtime.spawn(async move {
                loop {
                    let Ok((stream, _)) = listener.accept().await else {
                        continue;
                    };
                    let _ = stream.set_nodelay(true);
                    if let Ok(mut s) = seen.lock() {
                        s.connections += 1;
                    }
                    let (seen, label, acceptor) = (seen.clone(), label.clone(), acceptor.clone());
                    tokio::spawn(async move {
                        match acceptor {
                            Some(a) => {
                                if let Ok(tls) = a.accept(stream).await {
                                    serve(tls, behaviour, &label, &seen).await;
                                }
                            }
                            None => serve_plain(stream, behaviour, &label, &seen).await,
                        }
                    });
                }
            });
        }
        Ok(Upstream {
            addr,
            seen,
            runtime: Some(runtime),
        })
    }

    /// Where it listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its port.
    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// What reached it so far.
    pub fn seen(&self) -> Seen {
        self.seen.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Connections accepted so far.
    pub fn connections(&self) -> usize {
        self.seen().connections
    }
}

impl Drop for Upstream {
    fn drop(&mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

async fn serve_plain(mut s: TcpStream, behaviour: Behaviour, label: &str, seen: &Mutex<Seen>) {
    if let Behaviour::ResetAfter(n) = behaviour {
        let mut buf = vec![0u8; n.max(1)];
        let mut got = 0;
        while got < n {
            match s.read(&mut buf[got..]).await {
                Ok(0) | Err(_) => break,
                Ok(k) => got += k,
            }
        }
        // Linger 0 turns the close into a reset.
        let _ = s.set_zero_linger();
        return;
    }
    serve(s, behaviour, label, seen).await;
}

async fn serve<S: AsyncRead + AsyncWrite + Unpin>(
    mut s: S,
    behaviour: Behaviour,
    label: &str,
    seen: &Mutex<Seen>,
) {
    match behaviour {
        Behaviour::Http => serve_http(s, label, seen).await,
        Behaviour::Echo => echo(s).await,
        Behaviour::BannerThenEcho => {
            if s.write_all(BANNER).await.is_ok() {
                echo(s).await;
            }
        }
        Behaviour::Sink | Behaviour::ResetAfter(_) => {
            let mut buf = vec![0u8; 64 * 1024];
            while let Ok(n) = s.read(&mut buf).await {
                if n == 0 {
                    break;
                }
            }
        }
    }
}

async fn echo<S: AsyncRead + AsyncWrite + Unpin>(mut s: S) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        match s.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                if s.write_all(&buf[..n]).await.is_err() {
                    return;
                }
            }
        }
    }
    let _ = s.shutdown().await;
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().skip(1).find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.trim().eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

async fn serve_http<S: AsyncRead + AsyncWrite + Unpin>(mut s: S, label: &str, seen: &Mutex<Seen>) {
    let mut buf: Vec<u8> = Vec::new();
    loop {
        let end = loop {
            if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
            if buf.len() > 64 * 1024 {
                return;
            }
            let mut chunk = [0u8; 4096];
            match s.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
            }
        };
        let head = String::from_utf8_lossy(&buf[..end]).into_owned();
        buf.drain(..end);
        if let Ok(mut s) = seen.lock() {
            s.requests.push(head.clone());
        }
        let body_len: usize = header(&head, "content-length")
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let chunked =
            header(&head, "transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked"));
        if chunked {
            if read_chunked(&mut s, &mut buf).await.is_err() {
                return;
            }
        } else {
            while buf.len() < body_len {
                let mut chunk = [0u8; 4096];
                match s.read(&mut chunk).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => buf.extend_from_slice(&chunk[..n]),
                }
            }
            buf.drain(..body_len);
        }
        let mut words = head.split_whitespace();
        let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        let body = format!("upstream {label} {method} {target}\n");
        let close = header(&head, "connection").is_some_and(|v| v.eq_ignore_ascii_case("close"));
        let reply = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n{}\r\n{}",
            body.len(),
            if close { "Connection: close\r\n" } else { "" },
            if method == "HEAD" { "" } else { body.as_str() }
        );
        if s.write_all(reply.as_bytes()).await.is_err() || close {
            let _ = s.shutdown().await;
            return;
        }
    }
}

/// Reads a chunked body (ignoring trailers) out of `buf` and the stream.
async fn read_chunked<S: AsyncRead + Unpin>(s: &mut S, buf: &mut Vec<u8>) -> io::Result<()> {
    loop {
        let line_end = loop {
            if let Some(i) = buf.windows(2).position(|w| w == b"\r\n") {
                break i;
            }
            fill(s, buf).await?;
        };
        let size_text = String::from_utf8_lossy(&buf[..line_end]).into_owned();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "chunk size"))?;
        buf.drain(..line_end + 2);
        if size == 0 {
            // Trailers end with an empty line.
            loop {
                if let Some(i) = buf.windows(2).position(|w| w == b"\r\n") {
                    let empty = i == 0;
                    buf.drain(..i + 2);
                    if empty {
                        return Ok(());
                    }
                    continue;
                }
                fill(s, buf).await?;
            }
        }
        while buf.len() < size + 2 {
            fill(s, buf).await?;
        }
        buf.drain(..size + 2);
    }
}

async fn fill<S: AsyncRead + Unpin>(s: &mut S, buf: &mut Vec<u8>) -> io::Result<()> {
    let mut chunk = [0u8; 4096];
    let n = s.read(&mut chunk).await?;
    if n == 0 {
        return Err(io::ErrorKind::UnexpectedEof.into());
    }
    buf.extend_from_slice(&chunk[..n]);
    Ok(())
}
