//! `toolgate proxy`: the enforcing egress proxy (see the `toolgate-proxy` crate).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use ipnet::IpNet;
use toolgate_core::egress::EgressPolicy;
use toolgate_proxy::{DnsConfig, MissingSni, ProxyConfig};

use super::{EXIT_USAGE, load_policy_or_exit};

/// What to do with TLS that carries no server name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MissingSniArg {
    /// Let it through (the tunnel still reaches only the checked address).
    Allow,
    /// Refuse it.
    Deny,
}

/// Options shared by `proxy` and `run`.
#[derive(Debug, Clone, clap::Args)]
pub struct ProxyOptions {
    /// Resolve names with this DNS server (repeatable) instead of the system's configuration.
    #[arg(long = "nameserver", value_name = "ADDR:PORT")]
    pub nameservers: Vec<SocketAddr>,
    /// TLS without a server name (SNI) in a tunnel: allow or deny.
    #[arg(long, value_enum, default_value = "allow")]
    pub missing_sni: MissingSniArg,
    /// Most client connections (tunnels included) served at once.
    #[arg(long, default_value_t = 1024)]
    pub max_connections: usize,
}

impl ProxyOptions {
    /// The proxy configuration for `egress` with these options.
    pub fn config(&self, egress: EgressPolicy) -> ProxyConfig {
        let mut config = ProxyConfig::new(egress);
        if !self.nameservers.is_empty() {
            config.dns = DnsConfig::Servers(self.nameservers.clone());
        }
        config.missing_sni = match self.missing_sni {
            MissingSniArg::Allow => MissingSni::Allow,
            MissingSniArg::Deny => MissingSni::Deny,
        };
        config.limits.max_connections = self.max_connections;
        // The decision log plugs in here: `config.on_decision = Some(hook)`.
        config
    }
}

/// Arguments of `proxy`.
#[derive(Debug, clap::Args)]
pub struct ProxyArgs {
    /// Address to listen on; HTTP (CONNECT and plain) and SOCKS5 share the port.
    #[arg(long, default_value_t = toolgate_proxy::DEFAULT_LISTEN)]
    pub listen: SocketAddr,
    /// Policy file (default: discovery, then the built-in default).
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Also serve clients from this address or range (repeatable); required when --listen is
    /// not a loopback address.
    #[arg(long = "allow-client", value_name = "ADDR|CIDR", value_parser = parse_client)]
    pub allow_clients: Vec<IpNet>,
    #[command(flatten)]
    pub options: ProxyOptions,
}

fn parse_client(s: &str) -> Result<IpNet, String> {
    s.parse::<IpNet>()
        .or_else(|_| s.parse::<std::net::IpAddr>().map(IpNet::from))
        .map_err(|_| "write an address or a range, e.g. 10.0.0.5 or 10.0.0.0/8".to_string())
}

/// Runs `proxy`: serves until SIGTERM or SIGINT, then drains. Exit 2 for a broken policy or
/// a non-loopback --listen without --allow-client, 1 when it cannot listen.
pub fn run(args: ProxyArgs) -> ExitCode {
    let policy = match load_policy_or_exit(args.policy.as_ref()) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut config = args.options.config(policy.network.egress.clone());
    config.listen = args.listen;
    config.clients = args.allow_clients;
    let proxy = match toolgate_proxy::start(config) {
        Ok(p) => p,
        Err(e @ toolgate_proxy::ProxyError::ClientsRequired(_)) => {
            eprintln!("toolgate: {e}; add --allow-client ADDR|CIDR");
            return ExitCode::from(EXIT_USAGE);
        }
        Err(e) => {
            eprintln!("toolgate: {e}");
            return ExitCode::from(1);
        }
    };
    eprintln!(
        "toolgate proxy: listening on {} (HTTP and SOCKS5); policy: {}",
        proxy.local_addr(),
        policy.source.describe()
    );
    match proxy.wait_for_signal() {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("toolgate: {e}");
            ExitCode::from(1)
        }
    }
}
