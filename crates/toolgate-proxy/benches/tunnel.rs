//! CONNECT tunnel throughput and added connection latency, against a direct loopback
//! connection to the same echo server. The tunnel targets an address literal, so no DNS
//! resolution is in the measured path ("beyond resolution").
//!
//! For reference, the same is measured through a bare relay: a few lines of tokio that read a
//! `CONNECT` head, dial, answer 200 and copy both ways, with no policy, no limits, no timers.
//! What a user-space hop costs on the machine is what the bare relay adds; what toolgate's
//! checks and hygiene cost is the difference between the two.
//!
//! `cargo bench -p toolgate-proxy --bench tunnel -- --warm-up-time 1 --measurement-time 3`

mod support;

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use support::{Setup, direct, open_tunnel, ping, round_trip};

const CHUNK: usize = 1024 * 1024;

fn benches(c: &mut Criterion) {
    let setup = Setup::start();
    let (proxy_addr, target, bare_addr) =
        (setup.proxy.local_addr(), setup.echo.addr(), setup.bare_addr);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();

    let data = vec![0x5au8; CHUNK];
    let mut back = vec![0u8; CHUNK];
    let mut g = c.benchmark_group("tunnel_throughput");
    g.throughput(Throughput::Bytes((2 * CHUNK) as u64));
    let mut s = rt.block_on(direct(target));
    g.bench_function("direct_1MiB_echo", |b| {
        b.iter(|| rt.block_on(round_trip(&mut s, &data, &mut back)))
    });
    let mut s = rt.block_on(open_tunnel(proxy_addr, target));
    g.bench_function("connect_tunnel_1MiB_echo", |b| {
        b.iter(|| rt.block_on(round_trip(&mut s, &data, &mut back)))
    });
    let mut s = rt.block_on(open_tunnel(bare_addr, target));
    g.bench_function("bare_relay_1MiB_echo", |b| {
        b.iter(|| rt.block_on(round_trip(&mut s, &data, &mut back)))
    });
    g.finish();

    let mut g = c.benchmark_group("connection_latency");
    g.bench_function("direct_connect_and_first_byte", |b| {
        b.iter(|| {
            rt.block_on(async {
                let mut s = direct(target).await;
                ping(&mut s).await;
            })
        })
    });
    g.bench_function("connect_tunnel_and_first_byte", |b| {
        b.iter(|| {
            rt.block_on(async {
                let mut s = open_tunnel(proxy_addr, target).await;
                ping(&mut s).await;
            })
        })
    });
    g.bench_function("bare_relay_and_first_byte", |b| {
        b.iter(|| {
            rt.block_on(async {
                let mut s = open_tunnel(bare_addr, target).await;
                ping(&mut s).await;
            })
        })
    });
    g.finish();
    drop(setup);
    std::thread::sleep(Duration::from_millis(10));
}

criterion_group!(tunnel, benches);
criterion_main!(tunnel);
