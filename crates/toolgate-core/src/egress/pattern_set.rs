//! A compiled set of host patterns: hashed exact names and addresses, a hashed suffix walk for
//! `*.domain`, and one hash per CIDR prefix length, so a lookup never scans the patterns.

use std::collections::HashMap as StdHashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::net::IpAddr;

use ipnet::IpNet;

use super::address::SpecialDestination;
use super::host::CanonicalHost;
use super::pattern::{HostPattern, PatternKind};

/// A multiply-rotate hasher (the FxHash scheme). Keys are the policy's own patterns, so hash
/// flooding is not a concern, and SipHash would cost more than the rest of a lookup.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_u128(&mut self, i: u128) {
        self.add(i as u64);
        self.add((i >> 64) as u64);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

type HashMap<K, V> = StdHashMap<K, V, BuildHasherDefault<FxHasher>>;

fn single<K: std::hash::Hash + Eq, V>(k: K, v: V) -> HashMap<K, V> {
    let mut m = HashMap::default();
    m.insert(k, v);
    m
}

/// Which special-purpose destinations a matching allow entry may admit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Exemption {
    /// None: `*`, `*.domain`, and the IP forms of `*` (`0.0.0.0/0`, `::/0`, which is also
    /// what `2002::/16`, `64:ff9b::/96` and `::ffff:0:0/96` read as).
    Nothing,
    /// The destination it names exactly (a name or an address).
    Exact,
    /// Special addresses whose own special block contains this range.
    Range(IpNet),
}

impl Exemption {
    /// What `p` exempts.
    pub fn of(p: &HostPattern) -> Exemption {
        match p.kind() {
            PatternKind::Any | PatternKind::Suffix(_) => Exemption::Nothing,
            PatternKind::Exact(_) => Exemption::Exact,
            PatternKind::Cidr(n) if n.prefix_len() == 0 => Exemption::Nothing,
            PatternKind::Cidr(n) => Exemption::Range(*n),
        }
    }

    /// Whether a match of this entry admits the special destination `special`.
    pub fn admits(&self, special: &SpecialDestination) -> bool {
        match self {
            Exemption::Nothing => false,
            Exemption::Exact => true,
            Exemption::Range(r) => special.admitted_by_range(r),
        }
    }
}

/// One pattern's place in the set.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    /// Index in the policy's list, so the first match can be reported.
    pub index: u32,
    pub port: Option<u16>,
    pub exempt: Exemption,
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
                exempt: Exemption::of(p),
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
                        None => set.cidr4.push((len, single(key, vec![e]))),
                    }
                }
                PatternKind::Cidr(IpNet::V6(n)) => {
                    let len = n.prefix_len();
                    let key = mask6(u128::from(n.network()), len);
                    match set.cidr6.iter_mut().find(|(l, _)| *l == len) {
                        Some((_, m)) => m.entry(key).or_default().push(e),
                        None => set.cidr6.push((len, single(key, vec![e]))),
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
