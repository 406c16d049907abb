//! Resolve once, check every address, dial one that passed.
//!
//! The name the policy allowed is resolved exactly once (A and AAAA, as a fully qualified
//! name, so no search domain is tried); every address in the answer is checked with
//! [`EgressPolicy::check_resolved`] and a single refused address refuses the request (a name
//! with one public and one private address is refused). The connection then goes to one of
//! the checked addresses, in answer order, by `SocketAddr`: no library resolves the name
//! again. An address literal is not resolved; its canonical address is dialled.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use hickory_resolver::TokioResolver;
use hickory_resolver::config::{LookupIpStrategy, NameServerConfig, ResolveHosts, ResolverConfig};
use hickory_resolver::net::runtime::TokioRuntimeProvider;
use tokio::net::TcpStream;
use tokio::time::{Instant, timeout_at};
use toolgate_core::egress::address::ip_class;
use toolgate_core::egress::{CanonicalHost, EgressPolicy, canonicalize_host};

use crate::config::{DnsConfig, Limits};
use crate::decision::{AddressClass, ProxyReason, Reason};

/// Most addresses of one answer that are dialled in turn.
const MAX_DIAL_ATTEMPTS: usize = 8;

/// A connection to a checked address.
pub(crate) struct Approved {
    /// The connected stream.
    pub stream: TcpStream,
    /// The address dialled.
    pub addr: SocketAddr,
    /// Its class.
    pub class: AddressClass,
}

/// Why no connection was made.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Refused {
    /// The reason class.
    pub reason: Reason,
    /// The class of the address that was refused, when one was.
    pub address: Option<AddressClass>,
}

impl Refused {
    fn proxy(reason: ProxyReason) -> Refused {
        Refused {
            reason: Reason::Proxy(reason),
            address: None,
        }
    }
}

/// The class of an address (embedded IPv4 judged as IPv4).
pub(crate) fn class_of(ip: IpAddr) -> AddressClass {
    match ip_class(ip) {
        Some(c) => AddressClass::Special(c),
        None => AddressClass::Public,
    }
}

/// The policy, the resolver and the timeouts.
pub(crate) struct Gate {
    egress: EgressPolicy,
    resolver: TokioResolver,
    dns_timeout: Duration,
    connect_timeout: Duration,
}

/// Why the resolver could not be built.
#[derive(Debug, thiserror::Error)]
#[error("cannot configure DNS resolution: {0}")]
pub struct DnsSetupError(String);

fn resolver(dns: &DnsConfig) -> Result<TokioResolver, DnsSetupError> {
    let mut builder = match dns {
        DnsConfig::System => {
            TokioResolver::builder_tokio().map_err(|e| DnsSetupError(e.to_string()))?
        }
        DnsConfig::Servers(servers) => {
            let name_servers = servers
                .iter()
                .map(|s| {
                    let mut ns = NameServerConfig::udp_and_tcp(s.ip());
                    for c in &mut ns.connections {
                        c.port = s.port();
                    }
                    ns
                })
                .collect();
            let config = ResolverConfig::from_parts(None, vec![], name_servers);
            let mut b = TokioResolver::builder_with_config(config, TokioRuntimeProvider::default());
            b.options_mut().use_hosts_file = ResolveHosts::Never;
            b
        }
    };
    let options = builder.options_mut();
    options.ip_strategy = LookupIpStrategy::Ipv4AndIpv6;
    options.ndots = 0;
    builder.build().map_err(|e| DnsSetupError(e.to_string()))
}

impl Gate {
    /// Builds the gate; must run inside the proxy's runtime.
    pub(crate) fn new(
        egress: EgressPolicy,
        dns: &DnsConfig,
        limits: &Limits,
    ) -> Result<Gate, DnsSetupError> {
        Ok(Gate {
            egress,
            resolver: resolver(dns)?,
            dns_timeout: limits.dns_timeout,
            connect_timeout: limits.connect_timeout,
        })
    }

    /// The egress policy.
    pub(crate) fn egress(&self) -> &EgressPolicy {
        &self.egress
    }

    /// Resolves `host` (canonical, as the policy's decision gave it) once, checks every
    /// address for `host:port`, and connects to one that passed.
    pub(crate) async fn open(&self, host: &str, port: u16) -> Result<Approved, Refused> {
        let canonical =
            canonicalize_host(host).map_err(|_| Refused::proxy(ProxyReason::MalformedRequest))?;
        let addrs = match &canonical {
            CanonicalHost::Domain(name) => self.resolve(name).await?,
            literal => literal.ip().into_iter().collect(),
        };
        for addr in &addrs {
            let d = self.egress.check_resolved(host, Some(port), *addr);
            if !d.allowed {
                return Err(Refused {
                    reason: Reason::Policy(d.reason),
                    address: Some(class_of(*addr)),
                });
            }
        }
        self.dial(&addrs, port).await
    }

    async fn resolve(&self, name: &str) -> Result<Vec<IpAddr>, Refused> {
        let fqdn = format!("{name}.");
        let answer =
            match tokio::time::timeout(self.dns_timeout, self.resolver.lookup_ip(fqdn)).await {
                Err(_) => return Err(Refused::proxy(ProxyReason::DnsFailure)),
                Ok(Err(e)) if e.is_no_records_found() || e.is_nx_domain() => {
                    return Err(Refused::proxy(ProxyReason::NameNotFound));
                }
                Ok(Err(_)) => return Err(Refused::proxy(ProxyReason::DnsFailure)),
                Ok(Ok(answer)) => answer,
            };
        let mut addrs: Vec<IpAddr> = Vec::new();
        for ip in answer.iter() {
            if !addrs.contains(&ip) {
                addrs.push(ip);
            }
        }
        if addrs.is_empty() {
            return Err(Refused::proxy(ProxyReason::NameNotFound));
        }
        Ok(addrs)
    }

    async fn dial(&self, addrs: &[IpAddr], port: u16) -> Result<Approved, Refused> {
        let deadline = Instant::now() + self.connect_timeout;
        let mut timed_out = false;
        for ip in addrs.iter().take(MAX_DIAL_ATTEMPTS) {
            let addr = SocketAddr::new(*ip, port);
            match timeout_at(deadline, TcpStream::connect(addr)).await {
                Ok(Ok(stream)) => {
                    let _ = stream.set_nodelay(true);
                    return Ok(Approved {
                        stream,
                        addr,
                        class: class_of(*ip),
                    });
                }
                Ok(Err(_)) => {}
                Err(_) => {
                    timed_out = true;
                    break;
                }
            }
        }
        Err(Refused::proxy(if timed_out {
            ProxyReason::ConnectTimeout
        } else {
            ProxyReason::ConnectFailed
        }))
    }
}
