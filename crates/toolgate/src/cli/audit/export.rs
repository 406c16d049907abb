//! `toolgate audit export --otlp URL [--follow]`: the log's records as OpenTelemetry logs over
//! OTLP/HTTP (protobuf), to the collector a company already runs.
//!
//! The request is a plain HTTP/1.1 POST over a std `TcpStream` (one request per connection):
//! collectors on the machine or the local network speak `http://`, and a small sync client
//! keeps an HTTP and TLS stack (and tokio) out of the binary. For a remote `https://`
//! collector, run an OpenTelemetry Collector on the machine and forward from it.

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use toolgate_audit::otlp::{ExportItem, export_request};
use toolgate_audit::{Follower, Record};

use super::{LogArgs, records, require_path};
use crate::cli::EXIT_USAGE;

/// Arguments of `audit export`.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    #[command(flatten)]
    log: LogArgs,
    /// The collector's OTLP/HTTP endpoint: `http://host:4318` (`/v1/logs` is added) or a full
    /// URL with its path.
    #[arg(long, value_name = "URL")]
    otlp: String,
    /// After the records already logged, keep sending new ones as they are written.
    #[arg(short, long)]
    follow: bool,
    /// Records per request.
    #[arg(long, default_value_t = 256)]
    batch: usize,
}

/// Where to POST.
struct Endpoint {
    host: String,
    port: u16,
    path: String,
}

fn endpoint(text: &str) -> Result<Endpoint, String> {
    let url = url::Url::parse(text).map_err(|e| format!("`--otlp` is not a URL ({e})"))?;
    match url.scheme() {
        "http" => {}
        "https" => {
            return Err(
                "`--otlp` must be an http:// endpoint: the built-in exporter speaks plain HTTP; run an OpenTelemetry Collector on this machine and let it forward over TLS"
                    .into(),
            );
        }
        other => return Err(format!("`--otlp` must be an http:// URL, not {other}:")),
    }
    let host = url.host_str().ok_or("`--otlp` has no host")?.to_string();
    let port = url.port_or_known_default().unwrap_or(4318);
    let mut path = url.path().to_string();
    if path.is_empty() || path == "/" {
        path = "/v1/logs".into();
    }
    if let Some(q) = url.query() {
        path = format!("{path}?{q}");
    }
    Ok(Endpoint { host, port, path })
}

fn now_nanos() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// POSTs one protobuf body; `Ok` on a 2xx answer.
fn post(ep: &Endpoint, body: &[u8]) -> Result<(), String> {
    let addr = (ep.host.as_str(), ep.port)
        .to_socket_addrs()
        .map_err(|e| format!("cannot resolve the collector's host ({e})"))?
        .next()
        .ok_or("the collector's host has no address")?;
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(10))
        .map_err(|e| format!("cannot connect to the collector ({e})"))?;
    stream.set_read_timeout(Some(Duration::from_secs(30))).ok();
    stream.set_write_timeout(Some(Duration::from_secs(30))).ok();
    let host = if ep.host.contains(':') {
        format!("[{}]:{}", ep.host, ep.port)
    } else {
        format!("{}:{}", ep.host, ep.port)
    };
    let head = format!(
        "POST {} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: toolgate/{}\r\nContent-Type: application/x-protobuf\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        ep.path,
        env!("CARGO_PKG_VERSION"),
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(body))
        .map_err(|e| format!("cannot send to the collector ({e})"))?;
    let mut answer = Vec::new();
    let _ = stream.take(64 * 1024).read_to_end(&mut answer);
    let status_line = answer.split(|&b| b == b'\n').next().unwrap_or_default();
    let status_line = String::from_utf8_lossy(status_line);
    let code: u16 = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or("the collector gave no HTTP answer")?;
    if (200..300).contains(&code) {
        Ok(())
    } else {
        Err(format!("the collector answered HTTP {code}"))
    }
}

/// POSTs with up to three retries, one second apart.
fn send(ep: &Endpoint, items: &[(Record, String)]) -> Result<(), String> {
    let export: Vec<ExportItem<'_>> = items
        .iter()
        .map(|(r, sha)| ExportItem {
            record: r,
            line_sha256: sha,
        })
        .collect();
    let body = export_request(&export, now_nanos());
    let mut last = String::new();
    for attempt in 0..4 {
        if attempt > 0 {
            std::thread::sleep(Duration::from_secs(1));
        }
        match post(ep, &body) {
            Ok(()) => return Ok(()),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// Runs `audit export`: exit 0 when every record was accepted, 1 when the collector refused
/// or could not be reached, 2 for bad arguments.
pub fn run(args: &ExportArgs) -> ExitCode {
    let ep = match endpoint(&args.otlp) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("toolgate audit export: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let path = match require_path(&args.log) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let batch = args.batch.max(1);
    // Follow from the current end before reading, so nothing written meanwhile is lost (a
    // line written in between may be sent twice; `toolgate.decision_id` tells them apart).
    let mut follower = args.follow.then(|| Follower::new(&path, false));
    let (recs, unreadable) = match records(&path) {
        Ok(r) => r,
        Err(e) if args.follow => {
            eprintln!("toolgate audit export: {e}; waiting for the log");
            (Vec::new(), 0)
        }
        Err(e) => {
            eprintln!("toolgate audit export: {e}");
            return ExitCode::from(1);
        }
    };
    let mut sent = 0usize;
    for chunk in recs.chunks(batch) {
        if let Err(e) = send(&ep, chunk) {
            eprintln!("toolgate audit export: {e}; {sent} record(s) sent");
            return ExitCode::from(1);
        }
        sent += chunk.len();
    }
    eprintln!(
        "toolgate audit export: {sent} record(s) sent, {unreadable} unreadable line(s) skipped"
    );
    let Some(follower) = follower.as_mut() else {
        return ExitCode::SUCCESS;
    };
    loop {
        let mut fresh = Vec::new();
        for text in follower.poll() {
            if let Ok(r) = serde_json::from_str::<Record>(&text) {
                fresh.push((r, toolgate_audit::digest::sha256_hex(text.as_bytes())));
            }
        }
        for chunk in fresh.chunks(batch) {
            if let Err(e) = send(&ep, chunk) {
                eprintln!("toolgate audit export: {e}");
                return ExitCode::from(1);
            }
        }
        std::thread::sleep(Duration::from_millis(250));
    }
}
