//! The compiled rule set: one literal index for every keyword and every pattern's literal
//! prefilter, and lazily compiled regexes, run over the text and its normalised views, field by
//! field (see [`Fields`]): no match spans two fields of a rendered tool call.

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

use regex_automata::meta::{self, Regex};
use regex_automata::util::syntax;
use regex_automata::{Input, Span};

use super::fields::Fields;
use super::literals::LiteralIndex;
use super::model::{MatchFilter, Rule, RuleError, RuleProblem, validate_rules};
use super::normalize::{View, caseless_view, folded_view};
use super::pattern::{ascii_twin, compile_pattern, literal_prefilter};
use super::render::{Buffers, render_into};
use super::verdict::{RuleEvaluation, decide};

/// The largest rendered text whose buffer a thread keeps for its next call.
const MAX_KEPT_RENDERING: usize = 64 * 1024;

thread_local! {
    /// The rendering buffers of this thread's last [`RuleSet::evaluate_tool_call`]: every
    /// call renders its text and field ranges, and need not allocate them anew.
    static RENDER_BUFFERS: std::cell::Cell<Option<Buffers>> = const { std::cell::Cell::new(None) };
}

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
    /// Its place in the rule's `patterns`.
    item: usize,
    regex: OnceLock<Result<Regex, String>>,
    /// Its ASCII twin, compiled the first time an ASCII text is searched.
    ascii: OnceLock<Option<Regex>>,
}

impl Pattern {
    fn regex(&self, rules: &[Rule]) -> &Result<Regex, String> {
        self.regex.get_or_init(|| {
            compile_pattern(&rules[self.rule].patterns[self.item]).map_err(|e| e.message)
        })
    }

    /// The regex to search a text with: the ASCII twin when the text is ASCII and the
    /// pattern has one (then the Unicode regex is not compiled at all), else the pattern.
    fn regex_for(&self, rules: &[Rule], ascii_text: bool) -> Result<&Regex, &String> {
        if ascii_text
            && let Some(twin) = self
                .ascii
                .get_or_init(|| ascii_twin(&rules[self.rule].patterns[self.item]))
        {
            return Ok(twin);
        }
        self.regex(rules).as_ref()
    }
}

struct Compiled {
    rules: Vec<Rule>,
    /// Enabled, not deprecated, and its condition passes without a context.
    applies: Vec<bool>,
    /// Some rule has `valid_from` / `valid_until`, so the clock is read per evaluation.
    dated: bool,
    /// Every keyword and prefilter literal, each standing for its targets.
    literals: LiteralIndex<Target>,
    patterns: Vec<Pattern>,
    /// Patterns with no literal prefilter: always tested.
    unfiltered: Vec<usize>,
    /// Some keyword is not ASCII, so non-ASCII text also gets its caseless view.
    caseless_keywords: bool,
}

const IN_TEXT: u8 = 1;
const IN_VIEW: u8 = 2;

impl RuleSet {
    /// Validates and compiles `rules`. Patterns of non-built-in rules are compiled now, so a
    /// bad one is reported here; built-in ones compile on first use.
    pub fn new(rules: Vec<Rule>) -> Result<RuleSet, RuleError> {
        let mut problems: Vec<RuleProblem> = validate_rules(&rules);
        // Built-in prefilters are borrowed: the hook builds this set on every start.
        let mut literals: Vec<(Cow<'static, str>, Target)> = Vec::new();
        let mut add_literal = |lit: Cow<'static, str>, t: Target| literals.push((lit, t));
        let mut patterns = Vec::new();
        let mut unfiltered = Vec::new();
        for (ri, rule) in rules.iter().enumerate() {
            for kw in &rule.keywords {
                if kw.trim().is_empty() {
                    continue;
                }
                let lower = kw.to_lowercase();
                if !lower.is_ascii() {
                    // The text's views spell evasions plainly; so must the keyword's.
                    for view in [caseless_view(&lower), folded_view(&lower).to_lowercase()] {
                        if view != lower && !view.trim().is_empty() {
                            add_literal(Cow::Owned(view), Target::Keyword(ri));
                        }
                    }
                }
                add_literal(Cow::Owned(lower), Target::Keyword(ri));
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
                match precomputed {
                    Some(Some(lits)) => lits
                        .iter()
                        .for_each(|lit| add_literal(Cow::Borrowed(*lit), Target::Pattern(pi))),
                    Some(None) => unfiltered.push(pi),
                    None => match literal_prefilter(source) {
                        Some(lits) => lits
                            .into_iter()
                            .for_each(|lit| add_literal(Cow::Owned(lit), Target::Pattern(pi))),
                        None => unfiltered.push(pi),
                    },
                }
                patterns.push(Pattern {
                    rule: ri,
                    item: k,
                    regex,
                    ascii: OnceLock::new(),
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
        let caseless_keywords = literals.has_non_ascii();
        Ok(RuleSet {
            inner: Arc::new(Compiled {
                rules,
                applies,
                dated,
                literals,
                patterns,
                unfiltered,
                caseless_keywords,
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

    /// Renders the tool call and evaluates the text, field by field. A call that cannot be
    /// rendered is denied.
    pub fn evaluate_tool_call(&self, tool_name: &str, input: &serde_json::Value) -> RuleEvaluation {
        // This thread's buffers from the last call, if it left them (a nested call renders
        // into new ones).
        let mut buffers = RENDER_BUFFERS.take().unwrap_or_default();
        let evaluation = match render_into(tool_name, input, &mut buffers) {
            Ok(len) => {
                let fields = Fields::new(std::mem::take(&mut buffers.fields), len);
                let evaluation = self.evaluate_fields(&buffers.text, &fields);
                buffers.fields = fields.into_content();
                evaluation
            }
            Err(e) => RuleEvaluation::failed(e.to_string()),
        };
        if buffers.text.capacity() <= MAX_KEPT_RENDERING {
            RENDER_BUFFERS.set(Some(buffers));
        }
        evaluation
    }

    /// Evaluates `text` as one field (and its normalised views, when it is not plain ASCII).
    pub fn evaluate_text(&self, text: &str) -> RuleEvaluation {
        self.evaluate_fields(text, &Fields::whole(text.len()))
    }

    /// Evaluates `text` whose fields are `fields`: a keyword or pattern counts only where it
    /// matches inside one field.
    pub fn evaluate_fields(&self, text: &str, fields: &Fields) -> RuleEvaluation {
        let c = &*self.inner;
        let now = if c.dated { now_epoch_seconds() } else { 0 };
        let active = |ri: usize| c.applies[ri] && (!c.dated || c.rules[ri].valid_at(now));
        let mut hits: Vec<usize> = Vec::new();
        // Which patterns the literals point at: on the stack for a set of ordinary size.
        let mut on_stack = [0u8; 128];
        let mut on_heap = Vec::new();
        let candidates: &mut [u8] = match on_stack.get_mut(..c.patterns.len()) {
            Some(small) => small,
            None => {
                on_heap.resize(c.patterns.len(), 0u8);
                &mut on_heap
            }
        };
        // Pure-ASCII text has no view, so the folding tables stay untouched on the hot path.
        let folded = (!text.is_ascii()).then(|| View::folded(text, fields));
        let caseless =
            (c.caseless_keywords && !text.is_ascii()).then(|| View::caseless(text, fields));
        let mut scan = |hay: &str, hay_fields: &Fields, flag: u8| -> Result<(), String> {
            c.literals.for_each_found(hay, hay_fields, |li| {
                for t in c.literals.targets(li) {
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
        let mut scanned = scan(text, fields, IN_TEXT);
        if let (Ok(()), Some(v)) = (&scanned, &folded) {
            scanned = scan(&v.text, &v.fields, IN_VIEW);
        }
        if let (Ok(()), Some(v)) = (&scanned, &caseless) {
            // Keywords only: patterns are tested on the folded view, which keeps case.
            scanned = scan(&v.text, &v.fields, 0);
        }
        if let Err(e) = scanned {
            return RuleEvaluation::failed(format!("the keywords could not be compiled: {e}"));
        }
        for &pi in &c.unfiltered {
            candidates[pi] = IN_TEXT | IN_VIEW;
        }
        let mut matched: Vec<usize> = dedupe(hits);
        // Whether each text is ASCII, once: it chooses which regex of a pattern searches it.
        let text_ascii = text.is_ascii();
        let view_ascii = folded.as_ref().is_some_and(|v| v.text.is_ascii());
        for (pi, flags) in candidates.iter().enumerate() {
            if *flags == 0 {
                continue;
            }
            let p = &c.patterns[pi];
            if !active(p.rule) || matched.contains(&p.rule) {
                continue;
            }
            let failed = || {
                RuleEvaluation::failed(format!(
                    "a pattern of rule {} could not be compiled",
                    c.rules[p.rule].id
                ))
            };
            let filter = c.rules[p.rule].match_filter;
            let in_text = if flags & IN_TEXT != 0 {
                let Ok(re) = p.regex_for(&c.rules, text_ascii) else {
                    return failed();
                };
                found_in_a_field(re, filter, text, fields)
            } else {
                false
            };
            let in_view = match folded.as_ref() {
                Some(v) if !in_text && flags & IN_VIEW != 0 => {
                    let Ok(re) = p.regex_for(&c.rules, view_ascii) else {
                        return failed();
                    };
                    found_in_a_field(re, filter, &v.text, &v.fields)
                }
                _ => false,
            };
            if in_text || in_view {
                matched.push(p.rule);
            }
        }
        let rules: Vec<&Rule> = matched.iter().map(|&ri| &c.rules[ri]).collect();
        decide(&rules)
    }
}

/// Whether `re` has a match that `filter` accepts inside one field of `hay`. Look-around
/// (`\b`, `^`, `$`) sees the whole text; the match itself stays within the field's span.
fn found_in_a_field(re: &Regex, filter: MatchFilter, hay: &str, fields: &Fields) -> bool {
    // A match inside a field is a match in the whole text, so most texts stop here.
    if !re.is_match(hay) {
        return false;
    }
    fields.spans().any(|span| {
        let input = Input::new(hay).span(Span::from(span));
        re.find_iter(input).any(|m| filter.accepts(&hay[m.range()]))
    })
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

// The meta regex's fast engines must be compiled in (see the workspace Cargo.toml): without
// their features every search runs on the PikeVM, silently. Naming their types fails the build
// instead.
const _: Option<regex_automata::hybrid::dfa::Config> = None;
const _: Option<regex_automata::dfa::onepass::Config> = None;
const _: Option<regex_automata::nfa::thompson::backtrack::Config> = None;

/// Builds a regex the way every rule pattern is built: case-insensitive, as acgs-lite
/// compiles with `re.IGNORECASE`, with the `regex` crate's default size limits.
pub(crate) fn build_regex(source: &str) -> Result<Regex, Box<meta::BuildError>> {
    meta::Builder::new()
        .configure(regex_config())
        .syntax(syntax::Config::new().case_insensitive(true))
        .build(source)
        .map_err(Box::new)
}

/// [`build_regex`] without Unicode, for ASCII texts (see [`super::pattern::ascii_twin`]).
pub(crate) fn build_ascii_regex(source: &str) -> Result<Regex, Box<meta::BuildError>> {
    meta::Builder::new()
        .configure(regex_config())
        .syntax(
            syntax::Config::new()
                .case_insensitive(true)
                .unicode(false)
                .utf8(false),
        )
        .build(source)
        .map_err(Box::new)
}

fn regex_config() -> meta::Config {
    meta::Config::new()
        .nfa_size_limit(Some(10 * (1 << 20)))
        .hybrid_cache_capacity(2 * (1 << 20))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn found<T: Copy>(index: &LiteralIndex<T>, hay: &str, direct: bool) -> Vec<usize> {
        found_in(index, hay, &Fields::whole(hay.len()), direct)
    }

    fn found_in<T: Copy>(
        index: &LiteralIndex<T>,
        hay: &str,
        fields: &Fields,
        direct: bool,
    ) -> Vec<usize> {
        let mut out = Vec::new();
        if direct {
            index.scan_directly(hay, fields, |i| out.push(i));
        } else {
            index
                .scan_with_automaton(hay, fields, |i| out.push(i))
                .unwrap();
        }
        let mut seen = Vec::new();
        out.retain(|i| {
            let new = !seen.contains(i);
            seen.push(*i);
            new
        });
        out
    }

    fn literal_index(literals: &[&'static str]) -> LiteralIndex<usize> {
        LiteralIndex::new(
            literals
                .iter()
                .enumerate()
                .map(|(i, l)| (Cow::Borrowed(*l), i))
                .collect(),
        )
        .unwrap()
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
        for _ in 0..=LiteralIndex::<Target>::DIRECT_SCANS {
            assert_eq!(set.evaluate_text(text), first);
        }
        assert!(set.inner.literals.automaton.get().is_some());
        assert_eq!(set.evaluate_text(text), first);
        assert_eq!(first.rule_ids, vec!["ACGS-002", "ACGS-004"]);
    }

    /// More patterns than the stack's candidate flags hold: they live on the heap and the
    /// last pattern still matches.
    #[test]
    fn a_large_pattern_set_finds_its_last_pattern() {
        let rules: Vec<Rule> = (0..200)
            .map(|k| {
                let mut r = Rule::new(format!("P-{k}"), "t", crate::Severity::High);
                r.patterns = vec![format!("zq{k}x[0-9]+")];
                r
            })
            .collect();
        let set = RuleSet::new(rules).unwrap();
        assert!(set.inner.patterns.len() > 128);
        assert_eq!(
            set.evaluate_text("say zq199x42 now").rule_ids,
            vec!["P-199"]
        );
        assert_eq!(set.evaluate_text("say zq3x7").rule_ids, vec!["P-3"]);
        assert!(set.evaluate_text("say zq200x1").rule_ids.is_empty());
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
        assert!(set.inner.literals.literals.len() > LiteralIndex::<Target>::DIRECT_LITERALS);
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
        fn both_scans_agree_within_fields(hay in "(skip|audit|kip\n|it|[ a-z\n]){0,30}") {
            let index = literal_index(&["skip audit", "audit", "it", "p\na", "kip a", "t\n"]);
            let mut content = Vec::new();
            let mut start = 0;
            for (i, b) in hay.bytes().enumerate() {
                if b == b'\n' {
                    content.push(start..i);
                    start = i + 1;
                }
            }
            content.push(start..hay.len());
            let fields = Fields::new(content, hay.len());
            let direct = found_in(&index, &hay, &fields, true);
            prop_assert_eq!(&direct, &found_in(&index, &hay, &fields, false));
            // A literal with a line break never spans two lines.
            prop_assert!(!direct.contains(&3));
        }

        #[test]
        fn both_scans_agree_on_nested_and_overlapping_literals(hay in "(skip|audit|it|kip a|[ a-z]){0,30}") {
            let index = literal_index(&["skip audit", "audit", "it", "dit", "skip", "kip a", "p a"]);
            prop_assert_eq!(found(&index, &hay, true), found(&index, &hay, false));
        }
    }
}
