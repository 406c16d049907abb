//! toolgate's enforcing egress proxy: every connection an agent makes leaves through it, and
//! the egress policy is applied to the address really dialled.
//!
//! One port serves HTTP/1.1 (`CONNECT` tunnels for any TCP, TLS untouched; absolute-form plain
//! HTTP) and SOCKS5 (`CONNECT`; domain, IPv4 and IPv6 addresses). Per request, in order:
//! the literal host against the policy (deny wins; ports; methods for plain HTTP, whose
//! `Host` must name the request-URI host); the name resolved once; every resolved address
//! checked against the special blocks and the policy's ranges; exactly one checked address
//! dialled. A tunnel's TLS ClientHello must name the tunnel's host. Each request ends in one
//! [`ProxyDecision`], handed to [`ProxyConfig::on_decision`].
//!
//! Only this crate knows its runtime (tokio, hyper, hickory): [`start`] is the whole API.
#![forbid(unsafe_code)]

mod buffer_budget;
mod config;
pub mod decision;
mod gate;
pub mod head;
mod http_front;
mod server;
pub mod sni;
pub mod socks5;
mod socks_front;
mod tunnel;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::runtime::Runtime;
use tokio::sync::{Semaphore, watch};

pub use config::{DEFAULT_LISTEN, DecisionHook, DnsConfig, Limits, MissingSni, ProxyConfig};
pub use decision::{ProxyDecision, Reason, Verdict};
pub use gate::DnsSetupError;

/// Why the proxy could not start or stop cleanly.
#[derive(Debug, thiserror::Error)]
pub enum ProxyError {
    /// A non-loopback listen address without a list of permitted clients.
    #[error("listening on {0} (not a loopback address) needs an explicit list of client addresses")]
    ClientsRequired(SocketAddr),
    /// A limit that cannot work.
    #[error("invalid limit: {0}")]
    Limit(&'static str),
    /// The runtime, the listener or the signal handlers could not be set up.
    #[error("{what}: {source}")]
    Io {
        /// What was being set up.
        what: &'static str,
        /// The error.
        source: std::io::Error,
    },
    /// DNS resolution could not be configured.
    #[error(transparent)]
    Dns(#[from] DnsSetupError),
}

/// A running proxy. Dropping it stops it at once; [`RunningProxy::shutdown`] drains first.
pub struct RunningProxy {
    local_addr: SocketAddr,
    runtime: Option<Runtime>,
    shutdown: watch::Sender<bool>,
    slots: Arc<Semaphore>,
    max_connections: u32,
    drain_timeout: Duration,
}

/// Starts the proxy on its own runtime and returns once it listens.
pub fn start(config: ProxyConfig) -> Result<RunningProxy, ProxyError> {
    if !config.listen.ip().to_canonical().is_loopback() && config.clients.is_empty() {
        return Err(ProxyError::ClientsRequired(config.listen));
    }
    let limits = &config.limits;
    if limits.max_head_bytes < 1024 || limits.max_headers == 0 || limits.max_uri_bytes == 0 {
        return Err(ProxyError::Limit("head limits must allow a request"));
    }
    let max_connections = u32::try_from(limits.max_connections)
        .ok()
        .filter(|n| *n > 0)
        .ok_or(ProxyError::Limit("max_connections must be at least 1"))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("toolgate-proxy")
        .build()
        .map_err(|source| ProxyError::Io {
            what: "cannot start the proxy runtime",
            source,
        })?;
    let _guard = runtime.enter();
    let listen_error = |source| ProxyError::Io {
        what: "cannot listen",
        source,
    };
    let std_listener = std::net::TcpListener::bind(config.listen).map_err(listen_error)?;
    std_listener.set_nonblocking(true).map_err(listen_error)?;
    let listener = tokio::net::TcpListener::from_std(std_listener).map_err(listen_error)?;
    let local_addr = listener.local_addr().map_err(listen_error)?;
    let gate = gate::Gate::new(config.egress.clone(), &config.dns, &config.limits)?;
    let drain_timeout = config.limits.drain_timeout;
    let shared = Arc::new(server::Shared {
        config,
        gate,
        relay_growth: buffer_budget::GrowthBudget::new(buffer_budget::GROWTH_BUDGET),
    });
    let slots = Arc::new(Semaphore::new(max_connections as usize));
    let (shutdown, shutdown_rx) = watch::channel(false);
    runtime.spawn(server::accept_loop(
        listener,
        shared,
        slots.clone(),
        shutdown_rx,
    ));
    drop(_guard);
    Ok(RunningProxy {
        local_addr,
        runtime: Some(runtime),
        shutdown,
        slots,
        max_connections,
        drain_timeout,
    })
}

/// SIGTERM and SIGINT being watched ([`RunningProxy::watch_signals`]).
pub struct ShutdownSignals(std::sync::mpsc::Receiver<()>);

impl RunningProxy {
    /// The address it listens on (with the real port when port 0 was asked for).
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// Starts watching SIGTERM and SIGINT. Call it before announcing the proxy: from then on
    /// such a signal asks for a draining shutdown instead of killing the process at once.
    pub fn watch_signals(&self) -> Result<ShutdownSignals, ProxyError> {
        let (tx, rx) = std::sync::mpsc::channel();
        if let Some(rt) = &self.runtime {
            let _guard = rt.enter();
            use tokio::signal::unix::{SignalKind, signal};
            let io = |source| ProxyError::Io {
                what: "cannot watch signals",
                source,
            };
            let mut term = signal(SignalKind::terminate()).map_err(io)?;
            let mut int = signal(SignalKind::interrupt()).map_err(io)?;
            rt.spawn(async move {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = int.recv() => {}
                }
                let _ = tx.send(());
            });
        }
        Ok(ShutdownSignals(rx))
    }

    /// Blocks until one of the watched signals arrives, then shuts down with draining.
    /// Returns whether everything finished in time.
    pub fn wait_for(self, signals: ShutdownSignals) -> bool {
        let _ = signals.0.recv();
        self.shutdown()
    }

    /// Blocks until SIGTERM or SIGINT, then shuts down with draining.
    pub fn wait_for_signal(self) -> Result<bool, ProxyError> {
        let signals = self.watch_signals()?;
        Ok(self.wait_for(signals))
    }

    /// Stops accepting (new connections are refused), asks idle keep-alive connections to
    /// close, lets in-flight requests and tunnels finish for up to the drain timeout, then
    /// cuts what is left. Returns whether everything finished in time.
    pub fn shutdown(mut self) -> bool {
        let _ = self.shutdown.send(true);
        let Some(rt) = self.runtime.take() else {
            return true;
        };
        let (tx, rx) = std::sync::mpsc::channel();
        let (slots, all) = (self.slots.clone(), self.max_connections);
        rt.spawn(async move {
            let _ = slots.acquire_many(all).await;
            let _ = tx.send(());
        });
        let drained = rx.recv_timeout(self.drain_timeout).is_ok();
        rt.shutdown_background();
        drained
    }
}

impl Drop for RunningProxy {
    fn drop(&mut self) {
        let _ = self.shutdown.send(true);
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}
