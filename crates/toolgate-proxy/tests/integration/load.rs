//! Load, bounded and on loopback: 2,000 tunnels open at once, denied requests mixed in, and
//! no file descriptor left behind once the proxy has stopped.

use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Barrier;
use toolgate_nettest::{Behaviour, DnsServer, Upstream};

use crate::support::*;

const TUNNELS: usize = 2_000;
const DENIED: usize = 200;

fn open_descriptors() -> usize {
    std::fs::read_dir("/proc/self/fd")
        .map(|d| d.count())
        .unwrap_or(0)
}

async fn read_head(s: &mut TcpStream) -> String {
    let mut head = Vec::new();
    let mut b = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match s.read(&mut b).await {
            Ok(1) => head.push(b[0]),
            _ => break,
        }
    }
    String::from_utf8_lossy(&head).into_owned()
}

#[test]
fn two_thousand_concurrent_tunnels_leave_no_descriptor_behind() {
    let _g = exclusive_descriptors();
    let echo = Upstream::start(LOCAL, "echo", Behaviour::Echo);
    let forbidden = Upstream::start(LOCAL2, "forbidden", Behaviour::Echo);
    let dns = DnsServer::start();
    let clients = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let before = open_descriptors();
    let proxy = Proxy::start_with(policy(&["127.0.0.1"], &[]), &dns, |c| {
        c.limits.max_connections = TUNNELS + DENIED + 64;
    });
    let addr = proxy.addr;
    let (ok_port, bad_port) = (echo.port(), forbidden.port());
    let outcome = clients.block_on(async move {
        let barrier = Arc::new(Barrier::new(TUNNELS));
        let mut tasks = Vec::new();
        for i in 0..TUNNELS {
            let barrier = barrier.clone();
            tasks.push(tokio::spawn(async move {
                let mut s = TcpStream::connect(addr).await?;
                s.write_all(
                    format!("CONNECT 127.0.0.1:{ok_port} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes(),
                )
                .await?;
                let head = read_head(&mut s).await;
                if !head.starts_with("HTTP/1.1 200") {
                    return Ok::<_, std::io::Error>(false);
                }
                let msg = format!("tunnel {i:05}");
                s.write_all(msg.as_bytes()).await?;
                let mut back = vec![0u8; msg.len()];
                s.read_exact(&mut back).await?;
                // Every tunnel is open at the same time here.
                barrier.wait().await;
                s.shutdown().await?;
                let mut rest = Vec::new();
                s.read_to_end(&mut rest).await?;
                Ok(back == msg.as_bytes() && rest.is_empty())
            }));
        }
        let mut denied = Vec::new();
        for _ in 0..DENIED {
            denied.push(tokio::spawn(async move {
                let mut s = TcpStream::connect(addr).await?;
                s.write_all(
                    format!("CONNECT 127.0.0.2:{bad_port} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes(),
                )
                .await?;
                Ok::<_, std::io::Error>(read_head(&mut s).await.starts_with("HTTP/1.1 403"))
            }));
        }
        let mut ok = 0;
        for t in tasks {
            if matches!(
                tokio::time::timeout(Duration::from_secs(120), t).await,
                Ok(Ok(Ok(true)))
            ) {
                ok += 1;
            }
        }
        let mut refused = 0;
        for t in denied {
            if matches!(t.await, Ok(Ok(true))) {
                refused += 1;
            }
        }
        (ok, refused)
    });
    assert_eq!(outcome, (TUNNELS, DENIED));
    assert_eq!(forbidden.connections(), 0, "nothing refused got through");
    assert_eq!(echo.connections(), TUNNELS);
    let decisions = proxy.wait_decisions(TUNNELS + DENIED);
    assert_eq!(decisions.len(), TUNNELS + DENIED);
    let mut proxy = proxy;
    assert!(proxy.running.take().unwrap().shutdown(), "drained");
    drop(proxy);
    // Client sockets are closed (their tasks ended); upstream sides close as they see it.
    let mut after = open_descriptors();
    for _ in 0..100 {
        if after <= before {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
        after = open_descriptors();
    }
    assert!(
        after <= before,
        "descriptors before {before}, after {after}"
    );
    drop(clients);
}
