//! The compiled rule set: one Aho-Corasick automaton for every keyword and every pattern's
//! literal prefilter, and lazily compiled regexes, run over the text and its normalised view.

use std::fmt;
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
    automaton: Option<AhoCorasick>,
    /// What each automaton pattern stands for.
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
                match literal_prefilter(source) {
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
        let automaton = if literals.is_empty() {
            None
        } else {
            Some(
                AhoCorasickBuilder::new()
                    .ascii_case_insensitive(true)
                    .match_kind(MatchKind::Standard)
                    // A DFA scans a little faster but takes far longer to build, and the
                    // hook builds the set once per process.
                    .kind(Some(AhoCorasickKind::ContiguousNFA))
                    .build(&literals)
                    .map_err(|e| RuleError {
                        problems: vec![RuleProblem {
                            rule_index: 0,
                            field: "keywords",
                            item: None,
                            message: format!("the keywords could not be compiled: {e}"),
                            hint: "use fewer or shorter keywords".into(),
                        }],
                    })?,
            )
        };
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
                automaton,
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
        if let Some(ac) = &c.automaton {
            let mut scan = |hay: &str, flag: u8| {
                for m in ac.find_overlapping_iter(hay) {
                    for t in &c.targets[m.pattern().as_usize()] {
                        match *t {
                            Target::Keyword(ri) => {
                                if active(ri) {
                                    hits.push(ri);
                                }
                            }
                            Target::Pattern(pi) => candidates[pi] |= flag,
                        }
                    }
                }
            };
            scan(text, IN_TEXT);
            if let Some(v) = &view {
                scan(v, IN_VIEW);
            }
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
