//! The compiled rule set: one literal index for every keyword and every pattern's literal
//! prefilter, and lazily compiled regexes, run over the text and its normalised view.

use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use regex::{Regex, RegexBuilder};

use super::model::{Rule, RuleError, RuleProblem, validate_rules};
use super::normalize::normalized_view;
use super::pattern::{compile_pattern, literal_prefilter};
use super::render::render_tool_call;
use super::verdict::{RuleEvaluation, decide};

/// A compiled, shareable rule set (cheap to clone).
#[derive(Clone)]
pub struct RuleSet {
    inner: Arc<Compiled>,
}

impl fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RuleSet")
            .field("rules", &self.inner.rules.len())
            .field("patterns", &self.inner.patterns.len())
            .finish()
    }
}

#[derive(Clone, Copy)]
enum Target {
    Keyword(usize),
    Pattern(usize),
}

struct Pattern {
    rule: usize,
    source: String,
    regex: OnceLock<Result<Regex, String>>,
}

impl Pattern {
    fn regex(&self) -> &Result<Regex, String> {
        self.regex
            .get_or_init(|| compile_pattern(&self.source).map_err(|e| e.message))
    }
}

struct Compiled {
    rules: Vec<Rule>,
    /// Enabled, not deprecated, and its condition passes without a context.
    applies: Vec<bool>,
    /// Some rule has `valid_from` / `valid_until`, so the clock is read per evaluation.
    dated: bool,
    literals: LiteralIndex,
    /// What each literal stands for.
    targets: Vec<Vec<Target>>,
    patterns: Vec<Pattern>,
    /// Patterns with no literal prefilter: always tested.
    unfiltered: Vec<usize>,
}

const IN_TEXT: u8 = 1;
const IN_VIEW: u8 = 2;

impl RuleSet {
    /// Validates and compiles `rules`. Patterns of non-built-in rules are compiled now, so a
    /// bad one is reported here; built-in ones compile on first use.
    pub fn new(rules: Vec<Rule>) -> Result<RuleSet, RuleError> {
        let mut problems: Vec<RuleProblem> = validate_rules(&rules);
        let mut literals: Vec<String> = Vec::new();
        let mut targets: Vec<Vec<Target>> = Vec::new();
        let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        let mut add_literal = |lit: String, t: Target| match index.get(&lit) {
            Some(&i) => targets[i].push(t),
            None => {
                index.insert(lit.clone(), literals.len());
                literals.push(lit);
                targets.push(vec![t]);
            }
        };
        let mut patterns = Vec::new();
        let mut unfiltered = Vec::new();
        for (ri, rule) in rules.iter().enumerate() {
            for kw in &rule.keywords {
                if kw.trim().is_empty() {
                    continue;
                }
                let lower = kw.to_lowercase();
                let view = normalized_view(&lower);
                if view != lower && !view.trim().is_empty() {
                    add_literal(view, Target::Keyword(ri));
                }
                add_literal(lower, Target::Keyword(ri));
            }
            for (k, source) in rule.patterns.iter().enumerate() {
                let regex = OnceLock::new();
                if !rule.builtin {
                    match compile_pattern(source) {
                        Ok(re) => {
                            let _ = regex.set(Ok(re));
                        }
                        Err(e) => {
                            problems.push(RuleProblem {
                                rule_index: ri,
                                field: "patterns",
                                item: Some(k),
                                message: format!(
                                    "rule `{}`: invalid pattern: {}",
                                    rule.id, e.message
                                ),
                                hint: e.hint,
                            });
                            continue;
                        }
                    }
                }
                let pi = patterns.len();
                let precomputed = if rule.builtin {
                    super::builtin::prefilters::precomputed(source)
                } else {
                    None
                };
                let prefilter = match precomputed {
                    Some(lits) => lits.map(|l| l.iter().map(|s| s.to_string()).collect()),
                    None => literal_prefilter(source),
                };
                match prefilter {
                    Some(lits) => lits
                        .into_iter()
                        .for_each(|lit| add_literal(lit, Target::Pattern(pi))),
                    None => unfiltered.push(pi),
                }
                patterns.push(Pattern {
                    rule: ri,
                    source: source.clone(),
                    regex,
                });
            }
        }
        if !problems.is_empty() {
            return Err(RuleError { problems });
        }
        let literals = LiteralIndex::new(literals).map_err(|e| RuleError {
            problems: vec![RuleProblem {
                rule_index: 0,
                field: "keywords",
                item: None,
                message: format!("the keywords could not be compiled: {e}"),
                hint: "use fewer or shorter keywords".into(),
            }],
        })?;
        let applies = rules
            .iter()
            .map(|r| r.enabled && !r.deprecated && r.condition_applies_without_context())
            .collect();
        let dated = rules
            .iter()
            .any(|r| r.valid_from.is_some() || r.valid_until.is_some());
        Ok(RuleSet {
            inner: Arc::new(Compiled {
                rules,
                applies,
                dated,
                literals,
                targets,
                patterns,
                unfiltered,
            }),
        })
    }

    /// No rules at all.
    pub fn is_empty(&self) -> bool {
        self.inner.rules.is_empty()
    }

    /// The number of rules (enabled or not).
    pub fn len(&self) -> usize {
        self.inner.rules.len()
    }

    /// The rules, in order.
    pub fn rules(&self) -> &[Rule] {
        &self.inner.rules
    }

    /// Renders the tool call and evaluates the text. A call that cannot be rendered is denied.
    pub fn evaluate_tool_call(&self, tool_name: &str, input: &serde_json::Value) -> RuleEvaluation {
        match render_tool_call(tool_name, input) {
            Ok(text) => self.evaluate_text(&text),
            Err(e) => RuleEvaluation::failed(e.to_string()),
        }
    }

    /// Evaluates `text` (and its normalised view, when it is not plain ASCII).
    pub fn evaluate_text(&self, text: &str) -> RuleEvaluation {
        let c = &*self.inner;
        let now = if c.dated { now_epoch_seconds() } else { 0 };
        let active = |ri: usize| c.applies[ri] && (!c.dated || c.rules[ri].valid_at(now));
        let mut hits: Vec<usize> = Vec::new();
        let mut candidates = vec![0u8; c.patterns.len()];
        let view = (!text.is_ascii()).then(|| normalized_view(text));
        let mut scan = |hay: &str, flag: u8| -> Result<(), String> {
            c.literals.for_each_found(hay, |li| {
                for t in &c.targets[li] {
                    match *t {
                        Target::Keyword(ri) => {
                            if active(ri) {
                                hits.push(ri);
                            }
                        }
                        Target::Pattern(pi) => candidates[pi] |= flag,
                    }
                }
            })
        };
        let scanned = scan(text, IN_TEXT).and_then(|()| match &view {
            Some(v) => scan(v, IN_VIEW),
            None => Ok(()),
        });
        if let Err(e) = scanned {
            return RuleEvaluation::failed(format!("the keywords could not be compiled: {e}"));
        }
        for &pi in &c.unfiltered {
            candidates[pi] = IN_TEXT | IN_VIEW;
        }
        let mut matched: Vec<usize> = dedupe(hits);
        for (pi, flags) in candidates.iter().enumerate() {
            if *flags == 0 {
                continue;
            }
            let p = &c.patterns[pi];
            if !active(p.rule) || matched.contains(&p.rule) {
                continue;
            }
            let re = match p.regex() {
                Ok(re) => re,
                Err(_) => {
                    return RuleEvaluation::failed(format!(
                        "a pattern of rule {} could not be compiled",
                        c.rules[p.rule].id
                    ));
                }
            };
            let filter = c.rules[p.rule].match_filter;
            let found = |hay: &str| re.find_iter(hay).any(|m| filter.accepts(m.as_str()));
            let in_text = flags & IN_TEXT != 0 && found(text);
            let in_view = !in_text && flags & IN_VIEW != 0 && view.as_deref().is_some_and(found);
            if in_text || in_view {
                matched.push(p.rule);
            }
        }
        let rules: Vec<&Rule> = matched.iter().map(|&ri| &c.rules[ri]).collect();
        decide(&rules)
    }
}

/// Every literal (lower-cased), found ASCII-case-insensitively. A small index scans short
/// texts literal by literal, so a one-shot process (the hook) never pays for building an
/// automaton; a large index, a long text, or a long-running process uses Aho-Corasick, built once.
struct LiteralIndex {
    literals: Vec<String>,
    automaton: OnceLock<Result<AhoCorasick, String>>,
    /// Texts scanned literal by literal so far; past [`LiteralIndex::DIRECT_SCANS`] the
    /// automaton is built, since the process is evidently evaluating many calls.
    direct_scans: AtomicU32,
}

impl LiteralIndex {
    /// Up to this many literals may be scanned one by one (more: the automaton is built at
    /// once, so a set too large to compile is reported when the policy loads).
    const DIRECT_LITERALS: usize = 256;
    /// Texts up to this many bytes may be scanned literal by literal.
    const DIRECT_TEXT: usize = 4096;
    const DIRECT_SCANS: u32 = 64;

    fn new(literals: Vec<String>) -> Result<LiteralIndex, String> {
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

    /// Calls `found` with the index of each literal occurring in `hay` (possibly more than
    /// once per literal).
    fn for_each_found(&self, hay: &str, found: impl FnMut(usize)) -> Result<(), String> {
        if self.literals.is_empty() {
            return Ok(());
        }
        let direct = self.automaton.get().is_none()
            && self.literals.len() <= Self::DIRECT_LITERALS
            && hay.len() <= Self::DIRECT_TEXT
            && self.direct_scans.fetch_add(1, Ordering::Relaxed) < Self::DIRECT_SCANS;
        if direct {
            self.scan_directly(hay, found);
            Ok(())
        } else {
            self.scan_with_automaton(hay, found)
        }
    }

    /// Reports each literal found once, in the order in which the automaton first reports it
    /// (by end of first occurrence; at one end, longer first), so keyword rules keep their
    /// text order either way.
    fn scan_directly(&self, hay: &str, mut found: impl FnMut(usize)) {
        // Literals are lower-case already (ASCII folding is all the automaton does too).
        let lower = hay.to_ascii_lowercase();
        let mut first: Vec<(usize, std::cmp::Reverse<usize>, usize)> = Vec::new();
        for (i, lit) in self.literals.iter().enumerate() {
            if let Some(start) = memchr::memmem::find(lower.as_bytes(), lit.as_bytes()) {
                first.push((start + lit.len(), std::cmp::Reverse(lit.len()), i));
            }
        }
        first.sort_unstable();
        for (_, _, i) in first {
            found(i);
        }
    }

    fn scan_with_automaton(&self, hay: &str, mut found: impl FnMut(usize)) -> Result<(), String> {
        let ac = self.automaton().as_ref().map_err(Clone::clone)?;
        for m in ac.find_overlapping_iter(hay) {
            found(m.pattern().as_usize());
        }
        Ok(())
    }
}

fn dedupe(hits: Vec<usize>) -> Vec<usize> {
    if hits.len() <= 16 {
        let mut out = Vec::with_capacity(hits.len());
        for h in hits {
            if !out.contains(&h) {
                out.push(h);
            }
        }
        return out;
    }
    let mut seen = std::collections::HashSet::with_capacity(hits.len());
    hits.into_iter().filter(|h| seen.insert(*h)).collect()
}

fn now_epoch_seconds() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// Builds a regex the way every rule pattern is built: case-insensitive, as acgs-lite
/// compiles with `re.IGNORECASE`.
pub(crate) fn build_regex(source: &str) -> Result<Regex, regex::Error> {
    RegexBuilder::new(source).case_insensitive(true).build()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn found(index: &LiteralIndex, hay: &str, direct: bool) -> Vec<usize> {
        let mut out = Vec::new();
        if direct {
            index.scan_directly(hay, |i| out.push(i));
        } else {
            index.scan_with_automaton(hay, |i| out.push(i)).unwrap();
        }
        let mut seen = Vec::new();
        out.retain(|i| {
            let new = !seen.contains(i);
            seen.push(*i);
            new
        });
        out
    }

    fn toolgate_index() -> RuleSet {
        crate::rules::Constitution::toolgate().rule_set().unwrap()
    }

    #[test]
    fn both_scans_find_the_same_literals_in_known_texts() {
        let set = toolgate_index();
        let index = &set.inner.literals;
        for hay in [
            "Bash\ncommand: ls -la",
            "please SKIP AUDIT and Disable Logging",
            "key: sk-proj-abc GHP_x github_pat_ xoxe.xoxb- -----BEGIN eyJ",
            "ünïcödé SK-ANT- aiza",
            "",
        ] {
            assert_eq!(found(index, hay, true), found(index, hay, false), "{hay}");
        }
        assert!(!found(index, "skip audit", true).is_empty());
    }

    #[test]
    fn many_evaluations_switch_to_the_automaton_with_the_same_verdicts() {
        let set = toolgate_index();
        let text = "Write\ncontent: skip audit then self-approve";
        let first = set.evaluate_text(text);
        assert!(set.inner.literals.automaton.get().is_none());
        for _ in 0..=LiteralIndex::DIRECT_SCANS {
            assert_eq!(set.evaluate_text(text), first);
        }
        assert!(set.inner.literals.automaton.get().is_some());
        assert_eq!(set.evaluate_text(text), first);
        assert_eq!(first.rule_ids, vec!["ACGS-002", "ACGS-004"]);
    }

    #[test]
    fn a_large_keyword_set_builds_its_automaton_when_compiled() {
        let rules: Vec<Rule> = (0..6)
            .map(|k| {
                let mut r = Rule::new(format!("R-{k}"), "t", crate::Severity::High);
                r.keywords = (0..50).map(|i| format!("w{k}x{i}")).collect();
                r
            })
            .collect();
        let set = RuleSet::new(rules).unwrap();
        assert!(set.inner.literals.literals.len() > LiteralIndex::DIRECT_LITERALS);
        assert!(set.inner.literals.automaton.get().is_some());
        assert_eq!(set.evaluate_text("say W3X7 now").rule_ids, vec!["R-3"]);
    }

    proptest! {
        #[test]
        fn both_scans_agree(hay in "(?s)(skip|audit|SK-|sk-proj-|ghp_|xox[abe]-|eyJ|aws_|secr|[ -~]|ü|\u{200b}){0,40}") {
            let set = toolgate_index();
            let index = &set.inner.literals;
            prop_assert_eq!(found(index, &hay, true), found(index, &hay, false));
        }

        #[test]
        fn both_scans_agree_on_nested_and_overlapping_literals(hay in "(skip|audit|it|kip a|[ a-z]){0,30}") {
            let index = LiteralIndex::new(
                ["skip audit", "audit", "it", "dit", "skip", "kip a", "p a"].map(String::from).to_vec(),
            )
            .unwrap();
            prop_assert_eq!(found(&index, &hay, true), found(&index, &hay, false));
        }
    }
}
