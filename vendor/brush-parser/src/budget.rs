//! A work budget for the tokenizer and the parsers (added by toolgate; see `PATCHES.md`).
//!
//! Some inputs make the backtracking word parser take time exponential in their length, and some
//! make the tokenizer loop; a caller that parses untrusted text (a guard in front of an agent's
//! shell commands) needs every parse to end. Inside [`with_budget`], each character the tokenizer
//! reads, each token the program parser reads and each character or literal the word parser tries
//! spends one step; once the steps run out every further read fails, so the parse ends quickly
//! with an error, and the caller is told not to trust whatever it returned.

use std::cell::Cell;

thread_local! {
    /// Steps left on this thread; `u64::MAX` outside any budget.
    static REMAINING: Cell<u64> = const { Cell::new(u64::MAX) };
    /// Whether a read was refused since the innermost budget began.
    static EXHAUSTED: Cell<bool> = const { Cell::new(false) };
}

/// What a budgeted run of parsing spent.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct WorkSpent {
    /// Steps spent (at most the budget).
    pub steps: u64,
    /// Whether the budget ran out: the parse's result, error or not, must not be trusted.
    pub exhausted: bool,
}

/// Restores the enclosing budget when a budgeted run ends, by return or by unwinding.
struct EnclosingBudget {
    remaining: u64,
    exhausted: bool,
    granted: u64,
}

impl Drop for EnclosingBudget {
    fn drop(&mut self) {
        let left = REMAINING.with(Cell::get);
        // The enclosing budget pays for what the inner one spent, and has run out too when the
        // inner one ran out of what was all it had left.
        let spent = self.granted.saturating_sub(left);
        REMAINING.with(|r| r.set(self.remaining.saturating_sub(spent)));
        let inner_exhausted = EXHAUSTED.with(Cell::get);
        let capped = self.granted == self.remaining;
        EXHAUSTED.with(|e| e.set(self.exhausted || (inner_exhausted && capped)));
    }
}

/// Runs `f` with at most `steps` steps of tokenizing and parsing on this thread (fewer when an
/// enclosing budget has fewer left), and says what it spent.
pub fn with_budget<R>(steps: u64, f: impl FnOnce() -> R) -> (R, WorkSpent) {
    let remaining = REMAINING.with(Cell::get);
    let granted = steps.min(remaining);
    let enclosing = EnclosingBudget {
        remaining,
        exhausted: EXHAUSTED.with(|e| e.replace(false)),
        granted,
    };
    REMAINING.with(|r| r.set(granted));
    let result = f();
    let spent = WorkSpent {
        steps: granted - REMAINING.with(Cell::get),
        exhausted: EXHAUSTED.with(Cell::get),
    };
    drop(enclosing);
    (result, spent)
}

/// Spends one step; false (and the budget marked exhausted) when none is left.
#[inline]
pub(crate) fn spend() -> bool {
    REMAINING.with(|r| {
        let left = r.get();
        if left == 0 {
            EXHAUSTED.with(|e| e.set(true));
            false
        } else {
            r.set(left - 1);
            true
        }
    })
}

/// Whether the innermost budget has run out.
#[inline]
pub(crate) fn exhausted() -> bool {
    EXHAUSTED.with(Cell::get)
}

/// The word parser's input: a string whose every read spends a step.
pub(crate) struct BudgetedStr<'a>(pub(crate) &'a str);

impl BudgetedStr<'_> {
    /// The string's bytes.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl peg::Parse for BudgetedStr<'_> {
    type PositionRepr = peg::str::LineCol;

    #[inline]
    fn start(&self) -> usize {
        0
    }

    #[inline]
    fn is_eof(&self, p: usize) -> bool {
        p >= self.0.len()
    }

    fn position_repr(&self, p: usize) -> Self::PositionRepr {
        peg::Parse::position_repr(self.0, p)
    }
}

impl<'input> peg::ParseElem<'input> for BudgetedStr<'_> {
    type Element = char;

    #[inline]
    fn parse_elem(&'input self, pos: usize) -> peg::RuleResult<char> {
        if spend() {
            peg::ParseElem::parse_elem(self.0, pos)
        } else {
            peg::RuleResult::Failed
        }
    }
}

impl peg::ParseLiteral for BudgetedStr<'_> {
    #[inline]
    fn parse_string_literal(&self, pos: usize, literal: &str) -> peg::RuleResult<()> {
        if spend() {
            peg::ParseLiteral::parse_string_literal(self.0, pos, literal)
        } else {
            peg::RuleResult::Failed
        }
    }
}

impl<'input, 'a: 'input> peg::ParseSlice<'input> for BudgetedStr<'a> {
    type Slice = &'input str;

    #[inline]
    fn parse_slice(&'input self, p1: usize, p2: usize) -> &'input str {
        &self.0[p1..p2]
    }
}
