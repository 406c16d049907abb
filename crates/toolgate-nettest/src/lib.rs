//! Loopback fixtures for toolgate's network tests: a DNS server answering from a table (each
//! name may answer differently on later queries, to test DNS rebinding), plain TCP and HTTP
//! upstreams, and a TLS upstream with a self-signed certificate. Everything binds to a
//! loopback address with an ephemeral port (or a port the test chose on another loopback
//! address) and stops when dropped.
#![forbid(unsafe_code)]

mod dns;
mod tls;
mod tool;
mod upstream;

pub use dns::DnsServer;
pub use tls::TlsIdentity;
pub use tool::required_tool;
pub use upstream::{BANNER, Behaviour, Seen, Upstream};

/// The TLS crates the fixtures use, for test clients.
pub use {rustls, tokio_rustls};
