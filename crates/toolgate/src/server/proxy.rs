//! `toolgate proxy`: the enforcing egress proxy (see the `toolgate-proxy` crate).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use ipnet::IpNet;
use toolgate_audit::DecisionLog;
use toolgate_audit::record::{DestinationRecord, Record};
use toolgate_policy::Policy;
use toolgate_proxy::{DecisionHook, DnsConfig, MissingSni, ProxyConfig, ProxyDecision};

use toolgate::command_line::{EXIT_USAGE, load_policy_or_exit};

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
    /// The proxy configuration for `policy` with these options: its network policy, and its
    /// decision log when it names one.
    pub fn config(&self, policy: &Policy) -> ProxyConfig {
        let mut config = ProxyConfig::new(policy.network.egress.clone());
        config.on_decision = decision_logger(policy);
        if !self.nameservers.is_empty() {
            config.dns = DnsConfig::Servers(self.nameservers.clone());
        }
        config.missing_sni = match self.missing_sni {
            MissingSniArg::Allow => MissingSni::Allow,
            MissingSniArg::Deny => MissingSni::Deny,
        };
        config.limits.max_connections = self.max_connections;
        config
    }
}

/// Appends every decision of the proxy to `policy`'s decision log (`None`: the policy names
/// none). The records carry the canonical host and port, the reason class and the class of
/// the address dialled; never the request's path or headers. A record that cannot be written
/// is reported on stderr (the first failure only): the connection it describes is already
/// answered, so unlike the hook nothing can be denied after the fact.
fn decision_logger(policy: &Policy) -> Option<DecisionHook> {
    let log = DecisionLog::for_policy(policy)?;
    let policy = Arc::new(policy.clone());
    let warned = AtomicBool::new(false);
    Some(Arc::new(move |decision: &ProxyDecision| {
        let allowed = decision.verdict == toolgate_proxy::Verdict::Allow;
        let destination = DestinationRecord {
            source: "request".into(),
            program: None,
            allowed,
            class: decision.reason.code().into(),
            scheme: Some(decision.protocol.as_str().into()),
            port: decision.target.as_ref().map(|t| t.port),
            method: None,
            host: decision.target.as_ref().map(|t| t.host.clone()),
        };
        let record =
            Record::egress_request(&policy, destination, allowed, decision.reason.describe());
        if let Err(e) = log.append(&record)
            && !warned.swap(true, Ordering::Relaxed)
        {
            eprintln!("toolgate proxy: warning: the decision log cannot be written: {e}");
        }
    }))
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
    let mut config = args.options.config(&policy);
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
    // Watch the signals before saying where we listen: a client that stops the proxy as soon
    // as it is announced must get a draining shutdown, not the default (fatal) action.
    let signals = match proxy.watch_signals() {
        Ok(s) => s,
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
    proxy.wait_for(signals);
    ExitCode::SUCCESS
}
