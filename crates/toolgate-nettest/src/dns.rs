//! A UDP DNS server on 127.0.0.1 answering A and AAAA queries from a table, with TTL 0.
//! A name can have a sequence of answers: the n-th query of a type gets the n-th set (the
//! last set repeats), which is how a rebinding server answers differently the second time.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use hickory_proto::op::{Message, MessageType, OpCode, ResponseCode};
use hickory_proto::rr::rdata::{A, AAAA};
use hickory_proto::rr::{RData, Record, RecordType};

#[derive(Default)]
struct Table {
    /// Name (lower case, no trailing dot) → answer sets, in query order.
    answers: HashMap<String, Vec<Vec<IpAddr>>>,
    /// (name, "A" or "AAAA") → queries seen.
    queries: HashMap<(String, &'static str), usize>,
}

/// A DNS server for tests. Dropping it stops it.
pub struct DnsServer {
    addr: SocketAddr,
    table: Arc<Mutex<Table>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

fn key(name: &str) -> String {
    name.trim_end_matches('.').to_ascii_lowercase()
}

impl DnsServer {
    /// Starts a server with an empty table on 127.0.0.1 and an ephemeral port.
    pub fn start() -> DnsServer {
        let socket = UdpSocket::bind("127.0.0.1:0").expect("bind the test DNS server");
        socket
            .set_read_timeout(Some(Duration::from_millis(50)))
            .expect("set a read timeout");
        let addr = socket.local_addr().expect("local address");
        let table = Arc::new(Mutex::new(Table::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (table, stop) = (table.clone(), stop.clone());
            std::thread::spawn(move || serve(socket, table, stop))
        };
        DnsServer {
            addr,
            table,
            stop,
            thread: Some(thread),
        }
    }

    /// Where it listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Makes `name` answer `addrs` (A for IPv4, AAAA for IPv6) on every query.
    pub fn answer(&self, name: &str, addrs: &[IpAddr]) -> &Self {
        self.answer_sequence(name, &[addrs])
    }

    /// Makes the n-th query of each type for `name` get `sets[n]` (the last set repeats).
    pub fn answer_sequence(&self, name: &str, sets: &[&[IpAddr]]) -> &Self {
        let mut t = self.table.lock().expect("table lock");
        t.answers
            .insert(key(name), sets.iter().map(|s| s.to_vec()).collect());
        self
    }

    /// How many A queries for `name` were answered.
    pub fn a_queries(&self, name: &str) -> usize {
        self.count(name, "A")
    }

    /// How many AAAA queries for `name` were answered.
    pub fn aaaa_queries(&self, name: &str) -> usize {
        self.count(name, "AAAA")
    }

    fn count(&self, name: &str, kind: &'static str) -> usize {
        let t = self.table.lock().expect("table lock");
        t.queries.get(&(key(name), kind)).copied().unwrap_or(0)
    }
}

impl Drop for DnsServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn serve(socket: UdpSocket, table: Arc<Mutex<Table>>, stop: Arc<AtomicBool>) {
    let mut buf = [0u8; 1500];
    while !stop.load(Ordering::SeqCst) {
        let Ok((n, peer)) = socket.recv_from(&mut buf) else {
            continue;
        };
        if let Some(reply) = answer(&buf[..n], &table) {
            let _ = socket.send_to(&reply, peer);
        }
    }
}

fn answer(packet: &[u8], table: &Mutex<Table>) -> Option<Vec<u8>> {
    let query = Message::from_vec(packet).ok()?;
    let mut reply = Message::new(query.metadata.id, MessageType::Response, OpCode::Query);
    reply.metadata.recursion_desired = query.metadata.recursion_desired;
    reply.metadata.recursion_available = true;
    reply.metadata.authoritative = true;
    let Some(q) = query.queries.first() else {
        return Message::error_msg(query.metadata.id, OpCode::Query, ResponseCode::FormErr)
            .to_vec()
            .ok();
    };
    reply.add_query(q.clone());
    let name = key(&q.name().to_ascii());
    let kind = match q.query_type() {
        RecordType::A => "A",
        RecordType::AAAA => "AAAA",
        _ => "",
    };
    let mut t = table.lock().ok()?;
    let Some(sets) = t.answers.get(&name).cloned() else {
        reply.metadata.response_code = ResponseCode::NXDomain;
        return reply.to_vec().ok();
    };
    if kind.is_empty() {
        return reply.to_vec().ok();
    }
    let n = t.queries.entry((name, kind)).or_insert(0);
    let set = sets.get(*n).or(sets.last()).cloned().unwrap_or_default();
    *n += 1;
    for ip in set {
        let rdata = match (ip, kind) {
            (IpAddr::V4(a), "A") => RData::A(A(a)),
            (IpAddr::V6(a), "AAAA") => RData::AAAA(AAAA(a)),
            _ => continue,
        };
        reply.add_answer(Record::from_rdata(q.name().clone(), 0, rdata));
    }
    reply.to_vec().ok()
}
