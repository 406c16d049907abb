//! `toolgate check-url` and `toolgate check-urls`.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use toolgate_core::egress::{EgressDecision, EgressPolicy, EgressReason};

use super::{EXIT_USAGE, load_policy_or_exit};

/// Arguments of `check-url`.
#[derive(Debug, clap::Args)]
pub struct CheckUrlArgs {
    /// The URL to check.
    pub url: String,
    /// HTTP method (default GET).
    #[arg(long)]
    pub method: Option<String>,
    /// Policy file (default: discovery, then the built-in default).
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `check-urls`.
#[derive(Debug, clap::Args)]
pub struct CheckUrlsArgs {
    /// URLs to check; read from stdin, one per line, when none are given.
    pub urls: Vec<String>,
    /// HTTP method applied to all URLs.
    #[arg(long)]
    pub method: Option<String>,
    /// Policy file.
    #[arg(long)]
    pub policy: Option<PathBuf>,
}

fn exit_for(allowed: bool) -> ExitCode {
    if allowed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// What decided, in words: the built-in default or the policy's lists, and for a
/// special-purpose destination its class (loopback, private, link-local, metadata, …).
fn decided_by(d: &EgressDecision, builtin: bool) -> String {
    match d.reason {
        EgressReason::MatchedAllowlist if builtin => {
            "allowed by the built-in default: public host".to_string()
        }
        EgressReason::PrivateAddress if builtin => format!(
            "{}: the built-in default denies special-purpose destinations",
            d.describe()
        ),
        EgressReason::PrivateAddress => format!(
            "{}: denied unless an allow entry names it by exact address, name or range",
            d.describe()
        ),
        _ if builtin => format!("{} (built-in default)", d.describe()),
        _ => d.describe().to_string(),
    }
}

fn human(d: &EgressDecision, builtin: bool) -> String {
    let mut out = format!(
        "{}: {} ({})\n",
        if d.allowed { "allowed" } else { "denied" },
        d.reason.as_str(),
        decided_by(d, builtin)
    );
    if let Some(detail) = &d.detail {
        out.push_str(&format!("  detail: {detail}\n"));
    }
    if let Some(s) = &d.scheme {
        out.push_str(&format!("  scheme: {s}\n"));
    }
    if let Some(h) = &d.host {
        out.push_str(&format!("  host:   {h}\n"));
    }
    if let Some(p) = d.port {
        out.push_str(&format!("  port:   {p}\n"));
    }
    out
}

/// The egress policy to check against, whether it is the built-in default, and whether the
/// policy file is broken. A broken policy has its errors printed to stderr and checks against
/// [`EgressPolicy::invalid`], so every URL still gets its `invalid_policy` decision on stdout
/// (and the command exits 2).
fn egress_of(policy: Option<&PathBuf>) -> (EgressPolicy, bool, bool) {
    match load_policy_or_exit(policy) {
        Ok(p) => (p.network.egress.clone(), p.network.builtin, false),
        Err(_) => (EgressPolicy::invalid(), false, true),
    }
}

fn exit_after(broken: bool, allowed: bool) -> ExitCode {
    if broken {
        ExitCode::from(EXIT_USAGE)
    } else {
        exit_for(allowed)
    }
}

/// Runs `check-url`: exit 0 allowed, 1 denied, 2 when the policy is broken (the
/// `invalid_policy` decision is still printed).
pub fn run_check_url(args: CheckUrlArgs) -> ExitCode {
    let (egress, builtin, broken) = egress_of(args.policy.as_ref());
    let d = egress.check_url(&args.url, args.method.as_deref());
    let text = if args.json {
        match serde_json::to_string(&d) {
            Ok(s) => s + "\n",
            Err(_) => return ExitCode::from(EXIT_USAGE),
        }
    } else {
        human(&d, builtin)
    };
    print!("{text}");
    exit_after(broken, d.allowed)
}

fn line_of(url: &str, d: &EgressDecision) -> String {
    serde_json::json!({
        "url": url,
        "allowed": d.allowed,
        "reason": d.reason.as_str(),
        "detail": d.detail,
        "scheme": d.scheme,
        "host": d.host,
        "port": d.port,
    })
    .to_string()
}

/// Runs `check-urls`: exit 0 all allowed, 1 some denied, 2 when the policy is broken (every
/// URL's `invalid_policy` decision and the summary are still printed).
pub fn run_check_urls(args: CheckUrlsArgs) -> ExitCode {
    let (egress, _, broken) = egress_of(args.policy.as_ref());
    let urls: Vec<String> = if args.urls.is_empty() {
        let mut out = Vec::new();
        for line in std::io::stdin().lock().lines() {
            match line {
                Ok(l) => {
                    let l = l.strip_suffix('\r').unwrap_or(&l).to_string();
                    if !l.trim().is_empty() {
                        out.push(l);
                    }
                }
                Err(_) => {
                    eprintln!("toolgate: cannot read URLs from stdin (not UTF-8?)");
                    return ExitCode::from(EXIT_USAGE);
                }
            }
        }
        out
    } else {
        args.urls
    };
    let mut stdout = std::io::stdout().lock();
    let (mut allowed, mut denied) = (0usize, 0usize);
    for url in &urls {
        let d = egress.check_url(url, args.method.as_deref());
        if d.allowed {
            allowed += 1;
        } else {
            denied += 1;
        }
        if writeln!(stdout, "{}", line_of(url, &d)).is_err() {
            return ExitCode::from(EXIT_USAGE);
        }
    }
    let summary = serde_json::json!({"summary": {"total": urls.len(), "allowed_count": allowed, "denied_count": denied}});
    if writeln!(stdout, "{summary}").is_err() {
        return ExitCode::from(EXIT_USAGE);
    }
    exit_after(broken, denied == 0)
}
