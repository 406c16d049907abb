//! toolgate-proxy integration tests: a real proxy, real DNS and real upstreams on loopback.

mod connect;
mod faults;
mod http_forward;
mod load;
mod socks;
mod support;
