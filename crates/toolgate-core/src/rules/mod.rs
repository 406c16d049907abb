//! Constitution rules: the acgs-lite compatible model, tool-call rendering, matching, verdicts.
//!
//! Differences from acgs-lite, all deliberate: every keyword match counts (no masking of `rm`
//! by `rm -rf`), every pattern is tested (no anchor gating), there is no positive-verb gate, a
//! pattern-only rule set still matches, matching also runs over normalised views of the text
//! (see [`normalize`]), and no keyword or pattern match spans two fields of the rendered call
//! (see [`fields`]). Patterns are Rust `regex` syntax, compiled case-insensitively.
//!
//! No context is passed to rules, so a rule with a `condition` applies only if every condition
//! key passes on a missing value (`missing: match`, or op `not_equals` / `not_in`); rules with
//! `deprecated: true`, disabled rules and rules outside `valid_from`..`valid_until` never match.

mod builtin;
pub mod fields;
mod input;
mod literals;
mod matcher;
mod model;
pub mod normalize;
mod pattern;
mod render;
mod verdict;

pub use builtin::BUILTIN_NAMES;
pub use builtin::secrets::{SECRET_FORMATS, SECRET_RULES, SecretFormat, SecretRule};
pub use fields::Fields;
pub use input::{parse_tool_input, parse_with_exact_input};
pub use matcher::RuleSet;
pub use model::{
    CONDITION_OPS, Constitution, MAX_KEYWORDS, MatchFilter, Rule, RuleError, RuleProblem, RuleTime,
    validate_rules,
};
pub use pattern::{PatternError, compile_pattern, literal_prefilter};
pub use render::{
    MAX_DEPTH, RenderError, RenderedCall, collapse_whitespace, python_float_repr, render_tool_call,
    render_tool_call_fields,
};
pub use verdict::{RuleEvaluation, decide};

impl Constitution {
    /// Compiles the constitution's rules.
    pub fn rule_set(&self) -> Result<RuleSet, RuleError> {
        RuleSet::new(self.rules.clone())
    }
}
