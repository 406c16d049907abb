//! Placeholders: the words that stand for each input item or listed value (`{}` of `find
//! -exec`, `xargs -I{}`, a loop's `$d`), and the paths under them (`"$d/node_modules"`).

use std::borrow::Cow;

use super::{Scope, Walker};
use crate::model::Arg;

impl Walker {
    /// `scope` without the placeholders of loop variables something set since the loop gave
    /// them a value (`for d in a; do d=/; rm -rf "$d"; done`): those no longer stand for the
    /// values listed.
    pub(super) fn live_placeholders<'s>(&self, scope: &'s Scope) -> Cow<'s, Scope> {
        if !scope.placeholders.iter().any(|p| self.loop_value_ended(p)) {
            return Cow::Borrowed(scope);
        }
        let mut s = scope.clone();
        s.placeholders.retain(|p| !self.loop_value_ended(p));
        Cow::Owned(s)
    }

    /// Whether placeholder `p` is a loop's variable (`$d`, `${d}`) that something set since
    /// the loop gave it a value (or that no loop bound: `xargs -I '$x'`).
    fn loop_value_ended(&self, p: &str) -> bool {
        let Some(name) = p.strip_prefix('$') else {
            return false;
        };
        let name = name
            .strip_prefix('{')
            .and_then(|n| n.strip_suffix('}'))
            .unwrap_or(name);
        // Positional parameters (`$1` of `sh -c '…' _ {}`) are no loop's.
        let variable = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
        variable && !self.variables.bound(name)
    }
}

/// Whether `a` is one input item: a placeholder (`{}` of `find -exec`, `xargs -I{}`), also
/// written in literal quotes (`\"{}\"`, which names the same path with quote characters).
pub(super) fn is_placeholder(a: &Arg, scope: &Scope) -> bool {
    if !a.dynamic || scope.placeholders.is_empty() {
        return false;
    }
    let bare = a
        .text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .or_else(|| a.text.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')))
        .unwrap_or(&a.text);
    scope.placeholders.iter().any(|p| p == bare)
}

/// The written-out text after a loop variable's placeholder that starts `a` (`/node_modules`
/// of `"$d/node_modules"`, `dist` of `${d}dist`): the word names that text under each value
/// the variable takes. `None` for a `{}` placeholder, another variable (`$dist`) or a rest
/// with a run-time part.
pub(super) fn after_leading_placeholder<'a>(a: &'a Arg, scope: &Scope) -> Option<&'a str> {
    if !a.dynamic {
        return None;
    }
    scope
        .placeholders
        .iter()
        .filter(|p| p.starts_with('$'))
        .find_map(|p| {
            let rest = a.text.strip_prefix(p.as_str())?;
            let name_goes_on = !p.ends_with('}')
                && rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
            (!name_goes_on && !rest.is_empty() && !rest.contains(['$', '`'])).then_some(rest)
        })
}

pub(super) fn mark_placeholders(a: &Arg, scope: &Scope) -> Arg {
    let mut a = a.clone();
    if scope
        .placeholders
        .iter()
        .any(|p| a.text.contains(p.as_str()))
    {
        a.dynamic = true;
        a.splits = true;
    }
    a
}
