//! The SOCKS5 front end: "no authentication", `CONNECT` only, domain, IPv4 and IPv6
//! addresses. The destination is checked like an HTTP `CONNECT` tunnel; a refusal is the
//! reply code of its reason class.

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::OwnedSemaphorePermit;

use crate::decision::{Protocol, ProxyDecision, ProxyReason, Reason, Target};
use crate::server::Shared;
use crate::socks5::{self, Command, Parsed};
use crate::tunnel;

/// Longest greeting plus request: 2 + 255 methods, 6 + 255 name bytes + port.
const MAX_HANDSHAKE: usize = 2 + 255 + 4 + 1 + 255 + 2;

enum Handshake {
    Request(socks5::Request, Vec<u8>),
    /// Refused before a request was read; the reply (if any) was sent.
    Refused(ProxyReason),
}

async fn read_until<T>(
    stream: &mut TcpStream,
    buf: &mut Vec<u8>,
    parse: impl Fn(&[u8]) -> Result<Parsed<T>, socks5::SocksError>,
) -> Result<Option<(T, usize)>, ProxyReason> {
    loop {
        match parse(buf) {
            Ok(Parsed::Done(v, n)) => return Ok(Some((v, n))),
            Ok(Parsed::NeedMore) => {}
            Err(socks5::SocksError::UnknownCommand) => {
                return Err(ProxyReason::UnsupportedCommand);
            }
            Err(_) => return Err(ProxyReason::MalformedRequest),
        }
        if buf.len() >= MAX_HANDSHAKE {
            return Err(ProxyReason::MalformedRequest);
        }
        let mut chunk = [0u8; 512];
        let n = stream
            .read(&mut chunk)
            .await
            .map_err(|_| ProxyReason::MalformedRequest)?;
        if n == 0 {
            return Ok(None);
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

async fn handshake(stream: &mut TcpStream) -> Result<Option<Handshake>, ProxyReason> {
    let mut buf = Vec::new();
    let Some((greeting, used)) = read_until(stream, &mut buf, socks5::parse_greeting).await? else {
        return Ok(None);
    };
    buf.drain(..used);
    if !greeting.no_auth {
        let _ = stream
            .write_all(&[socks5::VERSION, socks5::NO_ACCEPTABLE])
            .await;
        return Ok(Some(Handshake::Refused(ProxyReason::UnsupportedCommand)));
    }
    stream
        .write_all(&[socks5::VERSION, socks5::NO_AUTH])
        .await
        .map_err(|_| ProxyReason::MalformedRequest)?;
    let request = match read_until(stream, &mut buf, socks5::parse_request).await {
        Ok(Some(r)) => r,
        Ok(None) => return Ok(None),
        Err(reason) => {
            let code = Reason::Proxy(reason).socks_reply();
            let _ = stream.write_all(&socks5::reply(code, None)).await;
            return Ok(Some(Handshake::Refused(reason)));
        }
    };
    let (request, used) = request;
    buf.drain(..used);
    Ok(Some(Handshake::Request(request, buf)))
}

/// Emits a refusal and sends its reply code.
async fn refuse(shared: &Shared, stream: &mut TcpStream, decision: ProxyDecision) {
    shared.emit(&decision);
    let _ = stream
        .write_all(&socks5::reply(decision.reason.socks_reply(), None))
        .await;
}

/// Serves one SOCKS5 client.
pub(crate) async fn serve(
    shared: Arc<Shared>,
    mut stream: TcpStream,
    client: SocketAddr,
    permit: OwnedSemaphorePermit,
) {
    let limits = shared.config.limits.clone();
    let deny = |target: Option<Target>, reason: Reason| {
        ProxyDecision::deny(client, Protocol::Socks5, target, reason)
    };
    let (request, held) =
        match tokio::time::timeout(limits.handshake_timeout, handshake(&mut stream)).await {
            Err(_) => {
                shared.emit(&deny(None, Reason::Proxy(ProxyReason::ClientTimeout)));
                return;
            }
            Ok(Ok(None)) => return,
            Ok(Ok(Some(Handshake::Refused(r)))) | Ok(Err(r)) => {
                shared.emit(&deny(None, Reason::Proxy(r)));
                return;
            }
            Ok(Ok(Some(Handshake::Request(request, held)))) => (request, held),
        };
    let host = request.address.host_text();
    let d = shared.gate.egress().check_tunnel(&host, request.port);
    let target = d.host.clone().map(|host| Target {
        host,
        port: request.port,
    });
    if request.command != Command::Connect {
        let d = deny(target, Reason::Proxy(ProxyReason::UnsupportedCommand));
        refuse(&shared, &mut stream, d).await;
        return;
    }
    let (true, Some(target)) = (d.allowed, target.clone()) else {
        let d = deny(target, Reason::Policy(d.reason));
        refuse(&shared, &mut stream, d).await;
        return;
    };
    let approved = match shared.gate.open(&target.host, target.port).await {
        Ok(a) => a,
        Err(r) => {
            let mut d = deny(Some(target), r.reason);
            d.address = r.address;
            refuse(&shared, &mut stream, d).await;
            return;
        }
    };
    let bound = approved.stream.local_addr().ok();
    if stream
        .write_all(&socks5::reply(
            crate::decision::socks_reply::SUCCEEDED,
            bound,
        ))
        .await
        .is_err()
    {
        return;
    }
    let decision = ProxyDecision::allow(
        client,
        Protocol::Socks5,
        target.clone(),
        approved.class,
        approved.addr,
    );
    tunnel::run(
        shared.clone(),
        stream,
        held,
        approved.stream,
        target.host,
        decision,
    )
    .await;
    drop(permit);
}
