//! The listener: client permission, protocol detection (SOCKS5 or HTTP on one port), the
//! concurrency cap, and shutdown with draining.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};

use crate::buffer_budget::GrowthBudget;
use crate::config::ProxyConfig;
use crate::decision::{Protocol, ProxyDecision, ProxyReason, Reason};
use crate::gate::Gate;
use crate::{http_front, socks_front};

/// What every connection task shares.
pub(crate) struct Shared {
    pub config: ProxyConfig,
    pub gate: Gate,
    /// What the tunnels' relay buffers may grow by, together.
    pub relay_growth: GrowthBudget,
}

impl Shared {
    /// Hands a decision to the hook, if one is configured. A panicking hook is contained.
    pub(crate) fn emit(&self, d: &ProxyDecision) {
        if let Some(hook) = &self.config.on_decision {
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| hook(d)));
        }
    }
}

/// Resolves once shutdown has been asked for (at once if it already was).
pub(crate) async fn signalled(mut rx: watch::Receiver<bool>) {
    let _ = rx.wait_for(|v| *v).await;
}

/// Accepts until shutdown; each connection holds a permit of `slots` for its whole life.
pub(crate) async fn accept_loop(
    listener: TcpListener,
    shared: Arc<Shared>,
    slots: Arc<Semaphore>,
    shutdown: watch::Receiver<bool>,
) {
    loop {
        let permit = tokio::select! {
            p = slots.clone().acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => break,
            },
            _ = signalled(shutdown.clone()) => break,
        };
        let accepted = tokio::select! {
            r = listener.accept() => r,
            _ = signalled(shutdown.clone()) => break,
        };
        match accepted {
            Ok((stream, peer)) => {
                tokio::spawn(serve_client(
                    shared.clone(),
                    stream,
                    peer,
                    permit,
                    shutdown.clone(),
                ));
            }
            // Out of descriptors or a client gone before accept: wait a little, go on.
            Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    }
}

const SOCKS5_VERSION: u8 = 0x05;
const SOCKS4_VERSION: u8 = 0x04;

async fn serve_client(
    shared: Arc<Shared>,
    stream: TcpStream,
    peer: SocketAddr,
    permit: OwnedSemaphorePermit,
    shutdown: watch::Receiver<bool>,
) {
    let deny = |protocol, reason| ProxyDecision::deny(peer, protocol, None, Reason::Proxy(reason));
    if !shared.config.client_permitted(peer.ip()) {
        shared.emit(&deny(Protocol::Unknown, ProxyReason::ClientNotAllowed));
        return;
    }
    let _ = stream.set_nodelay(true);
    let mut first = [0u8; 1];
    let limits = &shared.config.limits;
    match tokio::time::timeout(limits.handshake_timeout, stream.peek(&mut first)).await {
        Ok(Ok(1)) => {}
        Ok(_) => return,
        Err(_) => {
            shared.emit(&deny(Protocol::Unknown, ProxyReason::ClientTimeout));
            return;
        }
    }
    match first[0] {
        SOCKS5_VERSION => socks_front::serve(shared, stream, peer, permit).await,
        SOCKS4_VERSION => shared.emit(&deny(Protocol::Socks5, ProxyReason::UnsupportedCommand)),
        _ => http_front::serve(shared, stream, peer, permit, shutdown).await,
    }
}
