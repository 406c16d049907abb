//! The tunnel's throughput and connection-latency ratios against a direct connection, with
//! the three paths (direct, the proxy, the bare relay of `support`) measured in alternation,
//! round after round, and each ratio taken within a round. On a machine whose other jobs come
//! and go, load then hits both sides of a ratio alike; the median of the per-round ratios is
//! the figure, the spread across rounds says how much to trust it. Same client, same echo
//! server, same round trips as `--bench tunnel`.
//!
//! Throughput rounds also report the CPU time the whole process (client, echo server, relay)
//! spent per GiB on each path: on a machine whose cores all take part, a path that needs k×
//! the CPU of a direct connection cannot reach more than about 1/k of its throughput.
//!
//! `cargo bench -p toolgate-proxy --bench tunnel_ratio` (`-- ROUNDS` for another round count;
//! `-- throughput` or `-- latency` for one half only, e.g. under a profiler or `strace -c`;
//! without `--bench`, as `cargo test --benches` runs it, one round).

mod support;

use std::future::Future;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use support::{Setup, direct, open_tunnel, ping, round_trip};
use tokio::net::TcpStream;
use tokio::runtime::Runtime;

/// MiB echoed per path per round (2× that moved).
const MIB_PER_ROUND: usize = 16;
/// Connections opened per path per round.
const CONNECTIONS_PER_ROUND: usize = 200;

/// CPU time used by the whole process so far (every thread).
fn process_cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn quartiles(v: &mut [f64]) -> (f64, f64) {
    v.sort_by(|a, b| a.total_cmp(b));
    (v[v.len() / 4], v[v.len() * 3 / 4])
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo test --benches` runs this without `--bench`: one round, as a smoke test.
    let rounds: usize = if args.iter().any(|a| a == "--bench") {
        args.iter().find_map(|a| a.parse().ok()).unwrap_or(15)
    } else {
        1
    };
    let half = |name: &str| {
        let chosen = |a: &String| a == "throughput" || a == "latency";
        !args.iter().any(chosen) || args.iter().any(|a| a == name)
    };
    let setup = Setup::start();
    let target = setup.echo.addr();
    let paths: [(&str, Option<SocketAddr>); 3] = [
        ("direct", None),
        ("proxy", Some(setup.proxy.local_addr())),
        ("bare relay", Some(setup.bare_addr)),
    ];
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let open = |via: Option<SocketAddr>| async move {
        match via {
            None => direct(target).await,
            Some(proxy) => open_tunnel(proxy, target).await,
        }
    };

    if half("throughput") {
        throughput(&rt, &paths, rounds, &open);
    }
    if half("latency") {
        latency(&rt, &paths, rounds, &open);
    }
    drop(setup);
    std::thread::sleep(Duration::from_millis(10));
}

/// Throughput: one long-lived connection per path, 16 MiB echoed per round.
fn throughput<F: Future<Output = TcpStream>>(
    rt: &Runtime,
    paths: &[(&str, Option<SocketAddr>); 3],
    rounds: usize,
    open: &impl Fn(Option<SocketAddr>) -> F,
) {
    let data = vec![0x5au8; 1024 * 1024];
    let mut back = vec![0u8; 1024 * 1024];
    let mut streams: Vec<TcpStream> = paths
        .iter()
        .map(|(_, via)| rt.block_on(open(*via)))
        .collect();
    let mut gibs = vec![Vec::new(); paths.len()];
    let mut ratios = vec![Vec::new(); paths.len()];
    // CPU seconds per GiB moved, per round: the whole process (client, echo server, proxy,
    // bare relay; only the measured path is busy).
    let mut cpu = vec![Vec::new(); paths.len()];
    for round in 0..=rounds {
        let mut this = [0.0; 3];
        let mut this_cpu = [0.0; 3];
        for k in 0..paths.len() {
            // Rotate the order so no path always runs first.
            let i = (k + round) % paths.len();
            let (t, c) = (Instant::now(), process_cpu());
            rt.block_on(async {
                for _ in 0..MIB_PER_ROUND {
                    round_trip(&mut streams[i], &data, &mut back).await;
                }
            });
            let gib = (2 * MIB_PER_ROUND) as f64 / 1024.0;
            this[i] = gib / t.elapsed().as_secs_f64();
            this_cpu[i] = (process_cpu() - c).as_secs_f64() / gib;
        }
        if round == 0 {
            continue; // warm-up
        }
        for i in 0..paths.len() {
            gibs[i].push(this[i]);
            ratios[i].push(this[i] / this[0]);
            cpu[i].push(this_cpu[i]);
        }
    }
    drop(streams);
    println!("throughput, {rounds} rounds of {MIB_PER_ROUND} MiB echoed per path:");
    let direct_cpu = median(&mut cpu[0].clone());
    for (i, (name, _)) in paths.iter().enumerate() {
        let (q1, q3) = quartiles(&mut ratios[i]);
        let cpu_per_gib = median(&mut cpu[i]);
        println!(
            "  {name:<10} {:6.2} GiB/s   {:5.1} % of direct (quartiles {:.1}–{:.1} %)   CPU {:.3} s/GiB ({:.2}× direct)",
            median(&mut gibs[i]),
            100.0 * median(&mut ratios[i]),
            100.0 * q1,
            100.0 * q3,
            cpu_per_gib,
            cpu_per_gib / direct_cpu
        );
    }
}

/// Latency: a new connection and one byte echoed, 200 per path per round.
fn latency<F: Future<Output = TcpStream>>(
    rt: &Runtime,
    paths: &[(&str, Option<SocketAddr>); 3],
    rounds: usize,
    open: &impl Fn(Option<SocketAddr>) -> F,
) {
    let mut micros = vec![Vec::new(); paths.len()];
    let mut added = vec![Vec::new(); paths.len()];
    for round in 0..=rounds {
        let mut this = [0.0; 3];
        for k in 0..paths.len() {
            let i = (k + round) % paths.len();
            let mut each: Vec<f64> = (0..CONNECTIONS_PER_ROUND)
                .map(|_| {
                    let t = Instant::now();
                    rt.block_on(async {
                        let mut s = open(paths[i].1).await;
                        ping(&mut s).await;
                    });
                    t.elapsed().as_secs_f64() * 1e6
                })
                .collect();
            this[i] = median(&mut each);
        }
        if round == 0 {
            continue;
        }
        for i in 0..paths.len() {
            micros[i].push(this[i]);
            added[i].push(this[i] - this[0]);
        }
    }
    println!(
        "connection and first byte, {rounds} rounds of {CONNECTIONS_PER_ROUND} per path (median of each round):"
    );
    for (i, (name, _)) in paths.iter().enumerate() {
        let (q1, q3) = quartiles(&mut added[i]);
        println!(
            "  {name:<10} {:7.1} µs   {:+6.1} µs added (quartiles {:+.1} to {:+.1} µs)",
            median(&mut micros[i]),
            median(&mut added[i]),
            q1,
            q3
        );
    }
}
