//! A compiled set of host patterns: hashed exact names and addresses, a hashed suffix walk for
//! `*.domain`, and one hash per CIDR prefix length, so a lookup never scans the patterns.

use std::collections::HashMap;
use std::net::IpAddr;

use ipnet::IpNet;

use super::host::CanonicalHost;
use super::pattern::{HostPattern, PatternKind};

/// One pattern's place in the set.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    /// Index in the policy's list, so the first match can be reported.
    pub index: u32,
    pub port: Option<u16>,
    pub specific: bool,
}

/// The patterns of one list (allow or deny), compiled.
#[derive(Debug, Default)]
pub(crate) struct PatternSet {
    pub patterns: Vec<HostPattern>,
    any: Vec<Entry>,
    exact_names: HashMap<Box<str>, Vec<Entry>>,
    suffixes: HashMap<Box<str>, Vec<Entry>>,
    exact_ips: HashMap<IpAddr, Vec<Entry>>,
    /// (prefix length, network bits → entries), longest prefixes first.
    cidr4: Vec<(u8, HashMap<u32, Vec<Entry>>)>,
    cidr6: Vec<(u8, HashMap<u128, Vec<Entry>>)>,
}

fn mask4(v: u32, len: u8) -> u32 {
    if len == 0 {
        0
    } else {
        v & (u32::MAX << (32 - len))
    }
}

fn mask6(v: u128, len: u8) -> u128 {
    if len == 0 {
        0
    } else {
        v & (u128::MAX << (128 - len))
    }
}

impl PatternSet {
    pub fn new(patterns: Vec<HostPattern>) -> PatternSet {
        let mut set = PatternSet::default();
        for (i, p) in patterns.iter().enumerate() {
            let e = Entry {
                index: i as u32,
                port: p.port(),
                specific: p.is_specific(),
            };
            match p.kind() {
                PatternKind::Any => set.any.push(e),
                PatternKind::Exact(CanonicalHost::Domain(d)) => set
                    .exact_names
                    .entry(d.as_str().into())
                    .or_default()
                    .push(e),
                PatternKind::Exact(h) => {
                    if let Some(ip) = h.ip() {
                        set.exact_ips.entry(ip).or_default().push(e)
                    }
                }
                PatternKind::Suffix(d) => {
                    set.suffixes.entry(d.as_str().into()).or_default().push(e)
                }
                PatternKind::Cidr(IpNet::V4(n)) => {
                    let len = n.prefix_len();
                    let key = mask4(u32::from(n.network()), len);
                    match set.cidr4.iter_mut().find(|(l, _)| *l == len) {
                        Some((_, m)) => m.entry(key).or_default().push(e),
                        None => set.cidr4.push((len, HashMap::from([(key, vec![e])]))),
                    }
                }
                PatternKind::Cidr(IpNet::V6(n)) => {
                    let len = n.prefix_len();
                    let key = mask6(u128::from(n.network()), len);
                    match set.cidr6.iter_mut().find(|(l, _)| *l == len) {
                        Some((_, m)) => m.entry(key).or_default().push(e),
                        None => set.cidr6.push((len, HashMap::from([(key, vec![e])]))),
                    }
                }
            }
        }
        set.cidr4.sort_by_key(|e| std::cmp::Reverse(e.0));
        set.cidr6.sort_by_key(|e| std::cmp::Reverse(e.0));
        set.patterns = patterns;
        set
    }

    /// Calls `f` with every entry whose host part matches `host` (ports are the caller's).
    pub fn for_each_match(&self, host: &CanonicalHost, mut f: impl FnMut(&Entry)) {
        self.any.iter().for_each(&mut f);
        match host {
            CanonicalHost::Domain(d) => {
                if let Some(v) = self.exact_names.get(d.as_str()) {
                    v.iter().for_each(&mut f);
                }
                if !self.suffixes.is_empty() {
                    let mut rest: &str = d;
                    loop {
                        if let Some(v) = self.suffixes.get(rest) {
                            v.iter().for_each(&mut f);
                        }
                        match rest.find('.') {
                            Some(i) => rest = &rest[i + 1..],
                            None => break,
                        }
                    }
                }
            }
            CanonicalHost::Ipv4(a) => {
                if let Some(v) = self.exact_ips.get(&IpAddr::V4(*a)) {
                    v.iter().for_each(&mut f);
                }
                let bits = u32::from(*a);
                for (len, m) in &self.cidr4 {
                    if let Some(v) = m.get(&mask4(bits, *len)) {
                        v.iter().for_each(&mut f);
                    }
                }
            }
            CanonicalHost::Ipv6(a) => {
                if let Some(v) = self.exact_ips.get(&IpAddr::V6(*a)) {
                    v.iter().for_each(&mut f);
                }
                let bits = u128::from(*a);
                for (len, m) in &self.cidr6 {
                    if let Some(v) = m.get(&mask6(bits, *len)) {
                        v.iter().for_each(&mut f);
                    }
                }
            }
        }
    }
}
