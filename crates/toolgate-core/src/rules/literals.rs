//! The literal index: every keyword and every pattern's literal prefilter, found
//! ASCII-case-insensitively, only where an occurrence lies inside one field.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

use aho_corasick::automaton::Automaton;
use aho_corasick::dfa::DFA;
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, Anchored, MatchKind};

use super::fields::Fields;

/// Every literal (lower-cased), each standing for one or more targets `T`, found
/// ASCII-case-insensitively. A small index scans short texts literal by literal, so a one-shot
/// process (the hook) never pays for building an automaton; a large index, a long text, or a
/// long-running process uses Aho-Corasick, built once.
pub(crate) struct LiteralIndex<T> {
    /// Distinct literals, in the order they were first given.
    pub(crate) literals: Vec<Cow<'static, str>>,
    /// The targets of literal `i` are `targets[spans[i]]`, in the order they were given.
    targets: Vec<T>,
    spans: Vec<Range<usize>>,
    pub(crate) automaton: OnceLock<Result<Scanner, String>>,
    /// Texts scanned literal by literal so far; past [`LiteralIndex::DIRECT_SCANS`] the
    /// automaton is built, since the process is evidently evaluating many calls.
    direct_scans: AtomicU32,
}

impl<T: Copy> LiteralIndex<T> {
    /// Up to this many literals may be scanned one by one (more: the automaton is built at
    /// once, so a set too large to compile is reported when the policy loads).
    pub(crate) const DIRECT_LITERALS: usize = 256;
    /// Texts up to this many bytes may be scanned literal by literal.
    const DIRECT_TEXT: usize = 4096;
    pub(crate) const DIRECT_SCANS: u32 = 64;

    /// Groups `(literal, target)` pairs by literal. Sorting, not hashing: the hook builds the
    /// built-in index on every start, and borrowed literals are never copied.
    pub(crate) fn new(pairs: Vec<(Cow<'static, str>, T)>) -> Result<LiteralIndex<T>, String> {
        let mut order: Vec<usize> = (0..pairs.len()).collect();
        // Ties are broken by position, so the order is total and an unstable sort (no
        // scratch buffer) gives the same one.
        order.sort_unstable_by(|&a, &b| pairs[a].0.cmp(&pairs[b].0).then(a.cmp(&b)));
        // Runs of one literal in `order`, each known by its first position in `pairs`.
        let mut runs: Vec<Range<usize>> = Vec::new();
        for (at, &i) in order.iter().enumerate() {
            match runs.last_mut() {
                Some(run) if pairs[order[run.start]].0 == pairs[i].0 => run.end = at + 1,
                _ => runs.push(at..at + 1),
            }
        }
        runs.sort_unstable_by_key(|run| order[run.start]);
        let mut literals = Vec::with_capacity(runs.len());
        let mut targets = Vec::with_capacity(pairs.len());
        let mut spans = Vec::with_capacity(runs.len());
        for run in runs {
            literals.push(pairs[order[run.start]].0.clone());
            let start = targets.len();
            targets.extend(order[run].iter().map(|&i| pairs[i].1));
            spans.push(start..targets.len());
        }
        let index = LiteralIndex {
            literals,
            targets,
            spans,
            automaton: OnceLock::new(),
            direct_scans: AtomicU32::new(0),
        };
        if index.literals.len() > Self::DIRECT_LITERALS
            && let Err(e) = index.automaton()
        {
            return Err(e.clone());
        }
        Ok(index)
    }

    /// What literal `i` stands for.
    pub(crate) fn targets(&self, i: usize) -> &[T] {
        &self.targets[self.spans[i].clone()]
    }

    /// Whether some literal is not ASCII (a keyword written in another script, which the
    /// caseless view is needed for).
    pub(crate) fn has_non_ascii(&self) -> bool {
        self.literals.iter().any(|l| !l.is_ascii())
    }

    fn automaton(&self) -> &Result<Scanner, String> {
        self.automaton.get_or_init(|| {
            let literals = self.literals.iter().map(|l| l.as_bytes());
            if self.literals.len() > Self::DIRECT_LITERALS {
                // Built when the policy loads (the hook too): an NFA builds fast.
                AhoCorasickBuilder::new()
                    .ascii_case_insensitive(true)
                    .match_kind(MatchKind::Standard)
                    .kind(Some(AhoCorasickKind::ContiguousNFA))
                    .build(literals)
                    .map(Scanner::Nfa)
                    .map_err(|e| e.to_string())
            } else {
                // Built once a process has evidently evaluated many calls: a DFA builds
                // slower and scans several times faster.
                aho_corasick::dfa::Builder::new()
                    .ascii_case_insensitive(true)
                    .match_kind(MatchKind::Standard)
                    .prefilter(false)
                    .build(literals)
                    .map(|dfa| Scanner::Dfa(Box::new(dfa)))
                    .map_err(|e| e.to_string())
            }
        })
    }

    /// Calls `found` with the index of each literal occurring inside one field of `hay`
    /// (possibly more than once per literal).
    pub(crate) fn for_each_found(
        &self,
        hay: &str,
        fields: &Fields,
        found: impl FnMut(usize),
    ) -> Result<(), String> {
        if self.literals.is_empty() {
            return Ok(());
        }
        let direct = self.automaton.get().is_none()
            && self.literals.len() <= Self::DIRECT_LITERALS
            && hay.len() <= Self::DIRECT_TEXT
            && self.direct_scans.fetch_add(1, Ordering::Relaxed) < Self::DIRECT_SCANS;
        if direct {
            self.scan_directly(hay, fields, found);
            Ok(())
        } else {
            self.scan_with_automaton(hay, fields, found)
        }
    }

    /// Reports each literal found once, in the order in which the automaton first reports it
    /// (by end of first occurrence inside a field; at one end, longer first), so keyword rules
    /// keep their text order either way. A literal is only searched for when each of its
    /// byte pairs occurs in the text, which rules out most of them without a search.
    pub(crate) fn scan_directly(&self, hay: &str, fields: &Fields, mut found: impl FnMut(usize)) {
        // Literals are lower-case already (ASCII folding is all the automaton does too).
        let lower = hay.to_ascii_lowercase();
        let pairs = BytePairs::of(lower.as_bytes());
        let mut first: Vec<(usize, std::cmp::Reverse<usize>, usize)> = Vec::new();
        for (i, lit) in self.literals.iter().enumerate() {
            if !pairs.may_contain(lit.as_bytes()) {
                continue;
            }
            let inside = memchr::memmem::find_iter(lower.as_bytes(), lit.as_bytes())
                .find(|&start| fields.holds(start, start + lit.len()));
            if let Some(start) = inside {
                first.push((start + lit.len(), std::cmp::Reverse(lit.len()), i));
            }
        }
        first.sort_unstable();
        for (_, _, i) in first {
            found(i);
        }
    }

    pub(crate) fn scan_with_automaton(
        &self,
        hay: &str,
        fields: &Fields,
        mut found: impl FnMut(usize),
    ) -> Result<(), String> {
        match self.automaton().as_ref().map_err(Clone::clone)? {
            Scanner::Nfa(ac) => {
                for m in ac.find_overlapping_iter(hay) {
                    if fields.holds(m.start(), m.end()) {
                        found(m.pattern().as_usize());
                    }
                }
                Ok(())
            }
            Scanner::Dfa(dfa) => scan_dfa(dfa, hay.as_bytes(), |start, end, pattern| {
                if fields.holds(start, end) {
                    found(pattern);
                }
            }),
        }
    }
}

/// The automaton that finds the literals, overlapping.
pub(crate) enum Scanner {
    /// For a large set, built at load.
    Nfa(AhoCorasick),
    /// For a set scanned many times.
    Dfa(Box<DFA>),
}

/// Every occurrence of every literal of `dfa` in `hay`, overlapping, in the order
/// `find_overlapping_iter` reports them (by end; at one end, in the state's match order),
/// as `(start, end, literal)`: the DFA's transitions walked directly, one byte at a time,
/// without the iterator's per-match bookkeeping.
fn scan_dfa(
    dfa: &DFA,
    hay: &[u8],
    mut found: impl FnMut(usize, usize, usize),
) -> Result<(), String> {
    let mut sid = dfa.start_state(Anchored::No).map_err(|e| e.to_string())?;
    let mut report = |sid, end: usize| {
        for i in 0..dfa.match_len(sid) {
            let pattern = dfa.match_pattern(sid, i);
            found(end - dfa.pattern_len(pattern), end, pattern.as_usize());
        }
    };
    if dfa.is_match(sid) {
        report(sid, 0);
    }
    for (at, &byte) in hay.iter().enumerate() {
        sid = dfa.next_state(Anchored::No, sid, byte);
        if dfa.is_special(sid) {
            if dfa.is_dead(sid) {
                break;
            }
            if dfa.is_match(sid) {
                report(sid, at + 1);
            }
        }
    }
    Ok(())
}

/// Which adjacent byte pairs occur in a text: one bit for each of the 65,536 pairs.
struct BytePairs([u64; 1024]);

impl BytePairs {
    fn of(text: &[u8]) -> BytePairs {
        let mut bits = [0u64; 1024];
        for pair in text.windows(2) {
            let i = usize::from(pair[0]) << 8 | usize::from(pair[1]);
            bits[i >> 6] |= 1 << (i & 63);
        }
        BytePairs(bits)
    }

    /// False only if `literal` cannot occur in the text: one of its byte pairs does not.
    fn may_contain(&self, literal: &[u8]) -> bool {
        literal.windows(2).all(|pair| {
            let i = usize::from(pair[0]) << 8 | usize::from(pair[1]);
            self.0[i >> 6] & (1 << (i & 63)) != 0
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_grouped_in_first_seen_order() {
        let pairs: Vec<(Cow<'static, str>, u8)> = vec![
            (Cow::Borrowed("zeta"), 1),
            (Cow::Borrowed("alpha"), 2),
            (Cow::Owned("zeta".into()), 3),
            (Cow::Borrowed("mid"), 4),
            (Cow::Borrowed("alpha"), 5),
        ];
        let index = LiteralIndex::new(pairs).unwrap();
        assert_eq!(index.literals, vec!["zeta", "alpha", "mid"]);
        assert_eq!(index.targets(0), &[1, 3]);
        assert_eq!(index.targets(1), &[2, 5]);
        assert_eq!(index.targets(2), &[4]);
    }

    /// The DFA walk reports what the library's overlapping search reports, in its order.
    #[test]
    fn the_dfa_walk_finds_what_the_overlapping_search_finds() {
        let literals = [
            "rm",
            "rm -rf",
            "-rf",
            "f",
            "ab",
            "b",
            "abc",
            "bc",
            "skip audit",
            "SK-",
        ];
        let dfa = aho_corasick::dfa::Builder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .prefilter(false)
            .build(literals)
            .unwrap();
        let ac = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .build(literals)
            .unwrap();
        for hay in [
            "",
            "rm -rf /",
            "RM -RF abc abcabc",
            "please skip AUDIT, sk-x",
            "ffff",
            "ünï rm",
        ] {
            let want: Vec<(usize, usize, usize)> = ac
                .find_overlapping_iter(hay)
                .map(|m| (m.start(), m.end(), m.pattern().as_usize()))
                .collect();
            let mut got = Vec::new();
            scan_dfa(&dfa, hay.as_bytes(), |s, e, p| got.push((s, e, p))).unwrap();
            assert_eq!(got, want, "{hay:?}");
        }
    }

    #[test]
    fn byte_pairs_never_rule_out_a_literal_that_occurs() {
        let text = b"tool: bash\narguments:\ncommand: ls -la";
        let pairs = BytePairs::of(text);
        for lit in ["ls -la", "tool", "t", "", "h\na", "bash\narg"] {
            assert!(pairs.may_contain(lit.as_bytes()), "{lit}");
        }
        for lit in ["sk-", "ghp_", "xoxb-", "zz"] {
            assert!(!pairs.may_contain(lit.as_bytes()), "{lit}");
        }
    }
}
