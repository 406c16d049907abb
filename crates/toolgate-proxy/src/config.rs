//! The proxy's configuration: where it listens, who may use it, the egress policy, DNS,
//! the missing-SNI setting and the limits.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use ipnet::IpNet;
use toolgate_core::egress::EgressPolicy;

use crate::decision::ProxyDecision;

/// Called with every decision (where a decision log plugs in). It runs on the proxy's
/// runtime threads, so it must not block for long.
pub type DecisionHook = Arc<dyn Fn(&ProxyDecision) + Send + Sync>;

/// The default listen address: loopback, port 3129 (3128 is Codex's own proxy, which can chain to this one).
pub const DEFAULT_LISTEN: SocketAddr = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 3129);

/// Where names are resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DnsConfig {
    /// The system's resolver configuration (`/etc/resolv.conf`, `/etc/hosts`).
    System,
    /// These name servers only (UDP, falling back to TCP), no hosts file.
    Servers(Vec<SocketAddr>),
}

/// What to do with a TLS ClientHello that carries no server name (SNI). IP-literal tunnels
/// never carry one (SNI cannot hold an address); some old clients omit it for names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MissingSni {
    /// Let it through: the tunnel still only reaches the checked address.
    #[default]
    Allow,
    /// Refuse it (`sni_missing`).
    Deny,
}

/// Size limits, timeouts and the concurrency cap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Largest request head (request line and headers), in bytes (at least 8 KiB).
    pub max_head_bytes: usize,
    /// Most header fields in a request head.
    pub max_headers: usize,
    /// Longest request target, in bytes.
    pub max_uri_bytes: usize,
    /// Most client connections served at once (tunnels included); more wait in the backlog.
    pub max_connections: usize,
    /// Time for a client to send a request head, a SOCKS5 handshake or a ClientHello.
    pub handshake_timeout: Duration,
    /// Time to resolve a name.
    pub dns_timeout: Duration,
    /// Time to connect to the destination (all checked addresses together).
    pub connect_timeout: Duration,
    /// A tunnel or connection with no bytes either way for this long is closed.
    pub idle_timeout: Duration,
    /// Longest life of one client connection or tunnel.
    pub total_timeout: Duration,
    /// After SIGTERM, how long in-flight connections may finish before they are cut.
    pub drain_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_head_bytes: 16 * 1024,
            max_headers: 64,
            max_uri_bytes: 8 * 1024,
            max_connections: 1024,
            handshake_timeout: Duration::from_secs(10),
            dns_timeout: Duration::from_secs(5),
            connect_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(300),
            total_timeout: Duration::from_secs(4 * 3600),
            drain_timeout: Duration::from_secs(30),
        }
    }
}

/// Everything [`crate::start`] needs.
#[derive(Clone)]
pub struct ProxyConfig {
    /// The address to listen on (HTTP and SOCKS5 on the same port).
    pub listen: SocketAddr,
    /// Clients permitted besides loopback ones. Required (non-empty) when `listen` is not a
    /// loopback address.
    pub clients: Vec<IpNet>,
    /// The egress policy every request is checked against.
    pub egress: EgressPolicy,
    /// Where names are resolved.
    pub dns: DnsConfig,
    /// What to do with TLS without SNI.
    pub missing_sni: MissingSni,
    /// Limits and timeouts.
    pub limits: Limits,
    /// Receives every decision.
    pub on_decision: Option<DecisionHook>,
}

impl ProxyConfig {
    /// A configuration with the defaults: loopback port 3129, the system resolver,
    /// missing SNI allowed, default limits, no decision hook.
    pub fn new(egress: EgressPolicy) -> ProxyConfig {
        ProxyConfig {
            listen: DEFAULT_LISTEN,
            clients: Vec::new(),
            egress,
            dns: DnsConfig::System,
            missing_sni: MissingSni::Allow,
            limits: Limits::default(),
            on_decision: None,
        }
    }

    /// Whether `peer` may use the proxy: loopback clients always, others when listed.
    pub fn client_permitted(&self, peer: IpAddr) -> bool {
        let peer = peer.to_canonical();
        peer.is_loopback() || self.clients.iter().any(|n| n.contains(&peer))
    }
}

impl std::fmt::Debug for ProxyConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProxyConfig")
            .field("listen", &self.listen)
            .field("clients", &self.clients)
            .field("dns", &self.dns)
            .field("missing_sni", &self.missing_sni)
            .field("limits", &self.limits)
            .field("on_decision", &self.on_decision.is_some())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_clients_always_others_only_when_listed() {
        let mut c = ProxyConfig::new(EgressPolicy::invalid());
        for ip in ["127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1"] {
            assert!(c.client_permitted(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["10.0.0.5", "192.168.1.2", "fd00::2", "::ffff:10.0.0.5"] {
            assert!(!c.client_permitted(ip.parse().unwrap()), "{ip}");
        }
        c.clients = vec!["10.0.0.0/8".parse().unwrap()];
        assert!(c.client_permitted("10.0.0.5".parse().unwrap()));
        assert!(c.client_permitted("::ffff:10.0.0.5".parse().unwrap()));
        assert!(!c.client_permitted("192.168.1.2".parse().unwrap()));
    }
}
