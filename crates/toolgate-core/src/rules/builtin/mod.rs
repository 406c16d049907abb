//! The built-in constitutions: `acgs-default` (acgs-lite's six rules, for drop-in parity) and
//! `toolgate` (the default: secrets by value, governance phrases without acgs's false
//! positives).

mod acgs_default;
pub(crate) mod prefilters;
pub(crate) mod secrets;
mod toolgate;

use super::model::{Constitution, Rule};
use crate::{Severity, WorkflowAction};

/// The names `constitution:` accepts besides a path.
pub const BUILTIN_NAMES: &[&str] = &["toolgate", "acgs-default", "none"];

impl Constitution {
    /// acgs-lite's `Constitution.default()`: ACGS-001 … ACGS-006 with their ids, texts,
    /// keywords and patterns.
    pub fn acgs_default() -> Constitution {
        acgs_default::constitution()
    }

    /// toolgate's default constitution.
    pub fn toolgate() -> Constitution {
        toolgate::constitution()
    }

    /// No rules.
    pub fn none() -> Constitution {
        Constitution {
            name: "none".into(),
            ..Constitution::default()
        }
    }

    /// A built-in constitution by name (`toolgate`, `acgs-default`, `none`).
    pub fn builtin(name: &str) -> Option<Constitution> {
        match name {
            "toolgate" => Some(Constitution::toolgate()),
            "acgs-default" => Some(Constitution::acgs_default()),
            "none" => Some(Constitution::none()),
            _ => None,
        }
    }
}

/// A built-in rule (its patterns compile lazily).
struct RuleSpec {
    id: &'static str,
    text: &'static str,
    severity: Severity,
    action: WorkflowAction,
    keywords: &'static [&'static str],
    patterns: &'static [&'static str],
    category: &'static str,
    subcategory: &'static str,
    depends_on: &'static [&'static str],
    tags: &'static [&'static str],
}

impl RuleSpec {
    fn build(&self) -> Rule {
        let strs = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let mut r = Rule::new(self.id, self.text, self.severity);
        r.workflow_action = self.action;
        r.keywords = strs(self.keywords);
        r.patterns = strs(self.patterns);
        r.category = self.category.into();
        r.subcategory = self.subcategory.into();
        r.depends_on = strs(self.depends_on);
        r.tags = strs(self.tags);
        r.builtin = true;
        r
    }
}
