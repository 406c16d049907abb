//! The literal index: every keyword and every pattern's literal prefilter, found
//! ASCII-case-insensitively, only where an occurrence lies inside one field.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

use super::fields::Fields;

/// Every literal (lower-cased), found ASCII-case-insensitively. A small index scans short
/// texts literal by literal, so a one-shot process (the hook) never pays for building an
/// automaton; a large index, a long text, or a long-running process uses Aho-Corasick, built once.
pub(crate) struct LiteralIndex {
    pub(crate) literals: Vec<String>,
    pub(crate) automaton: OnceLock<Result<AhoCorasick, String>>,
    /// Texts scanned literal by literal so far; past [`LiteralIndex::DIRECT_SCANS`] the
    /// automaton is built, since the process is evidently evaluating many calls.
    direct_scans: AtomicU32,
}

impl LiteralIndex {
    /// Up to this many literals may be scanned one by one (more: the automaton is built at
    /// once, so a set too large to compile is reported when the policy loads).
    pub(crate) const DIRECT_LITERALS: usize = 256;
    /// Texts up to this many bytes may be scanned literal by literal.
    const DIRECT_TEXT: usize = 4096;
    pub(crate) const DIRECT_SCANS: u32 = 64;

    pub(crate) fn new(literals: Vec<String>) -> Result<LiteralIndex, String> {
        let index = LiteralIndex {
            literals,
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

    /// Whether some literal is not ASCII (a keyword written in another script, which the
    /// caseless view is needed for).
    pub(crate) fn has_non_ascii(&self) -> bool {
        self.literals.iter().any(|l| !l.is_ascii())
    }

    fn automaton(&self) -> &Result<AhoCorasick, String> {
        self.automaton.get_or_init(|| {
            AhoCorasickBuilder::new()
                .ascii_case_insensitive(true)
                .match_kind(MatchKind::Standard)
                // A DFA scans a little faster but takes far longer to build.
                .kind(Some(AhoCorasickKind::ContiguousNFA))
                .build(&self.literals)
                .map_err(|e| e.to_string())
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
    /// keep their text order either way.
    pub(crate) fn scan_directly(&self, hay: &str, fields: &Fields, mut found: impl FnMut(usize)) {
        // Literals are lower-case already (ASCII folding is all the automaton does too).
        let lower = hay.to_ascii_lowercase();
        let mut first: Vec<(usize, std::cmp::Reverse<usize>, usize)> = Vec::new();
        for (i, lit) in self.literals.iter().enumerate() {
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
        let ac = self.automaton().as_ref().map_err(Clone::clone)?;
        for m in ac.find_overlapping_iter(hay) {
            if fields.holds(m.start(), m.end()) {
                found(m.pattern().as_usize());
            }
        }
        Ok(())
    }
}
