//! An opaque tunnel between a client and a checked destination, after HTTP `CONNECT` or
//! SOCKS5 `CONNECT`.
//!
//! Bytes from the destination flow to the client at once (server-first protocols work). The
//! client's first bytes are held until they are judged: a TLS ClientHello must carry the
//! tunnel's own host as its server name (or none, per [`MissingSni`]); anything that is not
//! TLS passes. Each direction closes its sending side when the other side ends (half-close);
//! an error or reset in either direction ends both; so do the idle and total timeouts.
//!
//! The two directions run as two tasks, so a tunnel busy both ways can use two of the
//! runtime's threads instead of one. Buffers are not zeroed; idle time is kept as one relaxed
//! store per chunk, not a timer reset.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use bytes::BufMut;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::task::JoinHandle;
use tokio::time::Instant;
use toolgate_core::egress::canonicalize_host;

use crate::buffer_budget::{Grown, GrowthBudget};
use crate::config::MissingSni;
use crate::decision::{ProxyDecision, ProxyReason, Reason, TunnelStart, Verdict};
use crate::server::Shared;
use crate::sni::{self, Scan};

/// Bytes copied per read in each direction, at first.
const BUFFER: usize = 32 * 1024;
/// The most a direction's buffer grows to while its reads keep filling it (a bulk transfer):
/// fewer reads, writes and wake-ups per byte. Interactive tunnels keep the first size.
const MAX_BUFFER: usize = 256 * 1024;
/// Most bytes held while a ClientHello is read (a ClientHello plus record headers).
const MAX_FIRST_FLIGHT: usize = sni::MAX_CLIENT_HELLO + 8 * 1024;

/// When either direction last moved a byte, in milliseconds since the tunnel began.
struct Activity {
    start: Instant,
    last_ms: AtomicU64,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            start: Instant::now(),
            last_ms: AtomicU64::new(0),
        }
    }

    fn touch(&self) {
        let ms = self.start.elapsed().as_millis() as u64;
        self.last_ms.store(ms, Ordering::Relaxed);
    }

    fn last(&self) -> Instant {
        self.start + Duration::from_millis(self.last_ms.load(Ordering::Relaxed))
    }
}

/// Returns when nothing moved for `idle`.
async fn idle_watch(activity: &Activity, idle: Duration) {
    loop {
        let due = activity.last() + idle;
        if Instant::now() >= due {
            return;
        }
        tokio::time::sleep_until(due).await;
    }
}

/// Copies `from` to `to` until `from` ends, then closes `to`'s sending side (half-close).
async fn pump(
    mut from: OwnedReadHalf,
    mut to: OwnedWriteHalf,
    activity: &Activity,
    budget: &GrowthBudget,
) -> std::io::Result<()> {
    // Read into spare capacity: no zeroing, no allocation per chunk.
    let mut buf = Vec::with_capacity(BUFFER);
    let mut grown = Grown::none(budget);
    loop {
        buf.clear();
        let n = from.read_buf(&mut buf).await?;
        if n == 0 {
            to.shutdown().await?;
            return Ok(());
        }
        activity.touch();
        to.write_all(&buf).await?;
        // A full read means more was waiting: a bigger buffer takes it in fewer reads.
        if n == buf.capacity() && n < MAX_BUFFER {
            let more = (2 * n).min(MAX_BUFFER) - n;
            if grown.take(more) {
                buf.reserve_exact(more);
            }
        }
    }
}

/// One direction of a tunnel running as its own task; dropping it cancels the task (so the
/// tunnel's end, timeout or error closes that direction's sockets too).
struct Direction(JoinHandle<std::io::Result<()>>);

impl Direction {
    /// Runs [`pump`] on a task of its own.
    fn spawn(
        from: OwnedReadHalf,
        to: OwnedWriteHalf,
        activity: Arc<Activity>,
        shared: Arc<Shared>,
    ) -> Direction {
        Direction(tokio::spawn(async move {
            pump(from, to, &activity, &shared.relay_growth).await
        }))
    }

    /// Waits for the direction to end; a task that panicked or was cancelled is an error.
    async fn finish(&mut self) -> std::io::Result<()> {
        match (&mut self.0).await {
            Ok(result) => result,
            Err(_) => Err(std::io::ErrorKind::Interrupted.into()),
        }
    }
}

impl Drop for Direction {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// How the client's first flight was judged.
enum FirstFlight {
    Pass(Vec<u8>, TunnelStart),
    Refuse(ProxyReason),
}

/// Reads the client's first bytes until they can be judged.
async fn first_flight(
    from: &mut OwnedReadHalf,
    mut held: Vec<u8>,
    host: &str,
    missing_sni: MissingSni,
    handshake: Duration,
    activity: &Activity,
) -> std::io::Result<FirstFlight> {
    let mut deadline: Option<Instant> = None;
    loop {
        match sni::scan(&held) {
            Err(_) => return Ok(FirstFlight::Refuse(ProxyReason::TlsMalformed)),
            Ok(Scan::NotTls) => return Ok(FirstFlight::Pass(held, TunnelStart::NotTls)),
            Ok(Scan::ClientHello { sni: None }) => {
                return Ok(match missing_sni {
                    MissingSni::Allow => FirstFlight::Pass(held, TunnelStart::TlsWithoutSni),
                    MissingSni::Deny => FirstFlight::Refuse(ProxyReason::SniMissing),
                });
            }
            Ok(Scan::ClientHello { sni: Some(name) }) => {
                let same = matches!(
                    (canonicalize_host(&name), canonicalize_host(host)),
                    (Ok(a), Ok(b)) if a == b
                );
                return Ok(if same {
                    FirstFlight::Pass(held, TunnelStart::TlsSniMatched)
                } else {
                    FirstFlight::Refuse(ProxyReason::SniMismatch)
                });
            }
            Ok(Scan::NeedMore) => {}
        }
        if held.len() >= MAX_FIRST_FLIGHT {
            return Ok(FirstFlight::Refuse(ProxyReason::TlsMalformed));
        }
        // Read straight into `held` (no zeroed buffer per tunnel), never past the limit.
        let room = (MAX_FIRST_FLIGHT - held.len()).min(BUFFER);
        held.reserve(room);
        let mut into = (&mut held).limit(room);
        let n = match deadline {
            // Before the first byte the client may wait for the server: no deadline but the
            // tunnel's idle and total timeouts.
            None => from.read_buf(&mut into).await?,
            Some(d) => match tokio::time::timeout_at(d, from.read_buf(&mut into)).await {
                Ok(r) => r?,
                Err(_) => return Ok(FirstFlight::Refuse(ProxyReason::ClientTimeout)),
            },
        };
        if n == 0 {
            return Ok(if held.is_empty() {
                FirstFlight::Pass(held, TunnelStart::NoClientData)
            } else {
                FirstFlight::Refuse(ProxyReason::TlsMalformed)
            });
        }
        activity.touch();
        deadline.get_or_insert_with(|| Instant::now() + handshake);
    }
}

/// The tunnel's decision, emitted exactly once.
struct Pending<'a> {
    shared: &'a Shared,
    decision: std::sync::Mutex<Option<ProxyDecision>>,
}

impl Pending<'_> {
    fn emit(&self, complete: impl FnOnce(&mut ProxyDecision)) {
        let taken = self.decision.lock().ok().and_then(|mut d| d.take());
        if let Some(mut d) = taken {
            complete(&mut d);
            self.shared.emit(&d);
        }
    }
}

/// Runs a tunnel to its end. `held` are client bytes already read (after the `CONNECT`
/// head); `decision` is the allowed decision, completed and emitted once the client's first
/// bytes are judged (or the tunnel ends first).
pub(crate) async fn run(
    shared: Arc<Shared>,
    client: TcpStream,
    held: Vec<u8>,
    upstream: TcpStream,
    host: String,
    decision: ProxyDecision,
) {
    let limits = &shared.config.limits;
    let pending = Pending {
        shared: &shared,
        decision: std::sync::Mutex::new(Some(decision)),
    };
    let activity = Arc::new(Activity::new());
    {
        let (mut client_r, client_w) = client.into_split();
        let (upstream_r, mut upstream_w) = upstream.into_split();
        // The destination's bytes flow to the client at once, on their own task.
        let mut down = Direction::spawn(upstream_r, client_w, activity.clone(), shared.clone());
        let up = async {
            let judged = first_flight(
                &mut client_r,
                held,
                &host,
                shared.config.missing_sni,
                limits.handshake_timeout,
                &activity,
            )
            .await?;
            match judged {
                FirstFlight::Pass(bytes, start) => {
                    pending.emit(|d| d.tunnel = Some(start));
                    if start == TunnelStart::NoClientData {
                        upstream_w.shutdown().await?;
                        return Ok(());
                    }
                    upstream_w.write_all(&bytes).await?;
                    pump(client_r, upstream_w, &activity, &shared.relay_growth).await
                }
                FirstFlight::Refuse(reason) => {
                    pending.emit(|d| {
                        d.verdict = Verdict::Deny;
                        d.reason = Reason::Proxy(reason);
                    });
                    Err(std::io::ErrorKind::PermissionDenied.into())
                }
            }
        };
        let both = async { tokio::try_join!(up, down.finish()) };
        tokio::select! {
            _ = both => {}
            _ = idle_watch(&activity, limits.idle_timeout) => {}
            _ = tokio::time::sleep(limits.total_timeout) => {}
        }
    }
    // Ended (idle, reset, closed) before the client sent anything judged.
    pending.emit(|d| d.tunnel = Some(TunnelStart::NoClientData));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::buffer_budget::GrowthBudget;
    use tokio::net::TcpListener;

    async fn pair() -> (TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let near = TcpStream::connect(listener.local_addr().unwrap())
            .await
            .unwrap();
        let (far, _) = listener.accept().await.unwrap();
        (near, far)
    }

    /// Sends `data` through `pump` under `budget`; returns what arrived and the most the
    /// direction held from the budget while it ran.
    async fn relay(data: &[u8], budget: &GrowthBudget) -> (Vec<u8>, usize) {
        let (mut source, source_peer) = pair().await;
        let (sink_peer, mut sink) = pair().await;
        let (from, _from_w) = source_peer.into_split();
        let (_to_r, to) = sink_peer.into_split();
        let activity = Activity::new();
        let send = async {
            source.write_all(data).await.unwrap();
            source.shutdown().await.unwrap();
        };
        let receive = async {
            let mut got = Vec::new();
            let mut most = 0;
            let mut chunk = vec![0u8; 64 * 1024];
            loop {
                let n = sink.read(&mut chunk).await.unwrap();
                most = most.max(budget.used());
                if n == 0 {
                    return (got, most);
                }
                got.extend_from_slice(&chunk[..n]);
            }
        };
        let (pumped, (), received) = tokio::join!(pump(from, to, &activity, budget), send, receive);
        pumped.unwrap();
        received
    }

    fn pattern(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i * 7 % 251) as u8).collect()
    }

    #[tokio::test]
    async fn a_bulk_direction_grows_its_buffer_within_the_budget_and_gives_it_back() {
        let budget = GrowthBudget::new(64 * 1024 * 1024);
        let data = pattern(16 * 1024 * 1024);
        let (got, most) = relay(&data, &budget).await;
        assert!(got == data, "the bytes arrived whole and in order");
        assert!(most > 0, "a bulk transfer grew its buffer");
        assert!(most <= MAX_BUFFER - BUFFER, "one direction grew by {most}");
        assert_eq!(budget.used(), 0, "given back at the end");
    }

    #[tokio::test]
    async fn without_budget_left_a_direction_keeps_its_first_buffer() {
        let budget = GrowthBudget::new(0);
        let data = pattern(4 * 1024 * 1024);
        let (got, most) = relay(&data, &budget).await;
        assert!(got == data);
        assert_eq!(most, 0);
    }

    #[tokio::test]
    async fn a_cancelled_direction_gives_its_growth_back() {
        let budget = GrowthBudget::new(64 * 1024 * 1024);
        let (mut source, source_peer) = pair().await;
        let (sink_peer, mut sink) = pair().await;
        let (from, _from_w) = source_peer.into_split();
        let (_to_r, to) = sink_peer.into_split();
        let activity = Activity::new();
        let data = pattern(8 * 1024 * 1024);
        let mut running = Box::pin(pump(from, to, &activity, &budget));
        // Feed and drain until the direction has grown, without ever ending the stream.
        let mut chunk = vec![0u8; 256 * 1024];
        let mut sent = 0;
        while budget.used() == 0 && sent < data.len() {
            tokio::select! {
                r = &mut running => panic!("the direction ended early: {r:?}"),
                w = source.write(&data[sent..]) => sent += w.unwrap(),
                r = sink.read(&mut chunk) => { r.unwrap(); }
            }
        }
        assert!(budget.used() > 0, "the direction grew");
        drop(running);
        assert_eq!(budget.used(), 0, "cancelling gave the growth back");
    }
}
