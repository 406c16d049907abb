//! The `constitution:` and `rules:` sections.
//!
//! `constitution:` is a built-in name (`toolgate`, the default; `acgs-default`; `none`) or a
//! path, relative to the policy file, of an acgs-lite constitution YAML. `rules:` is a list of
//! acgs-lite rule objects added to it.

use std::path::PathBuf;

use toolgate_core::rules::{BUILTIN_NAMES, Constitution, RuleSet};

use crate::ReadContext;
use crate::constitution::{RulePositions, load_constitution_file, push_rule_problems, read_rule};
use crate::document::{Node, Value};

/// The constitution and extra rules as read from a policy file.
#[derive(Debug, Clone)]
pub struct RulesSection {
    /// The compiled rules: the constitution's, then the inline ones.
    pub rules: RuleSet,
    /// The constitution's name (`toolgate`, `acgs-default`, `none`, or the file's `name`).
    pub constitution_name: String,
    /// The constitution file, when one was given.
    pub constitution_file: Option<PathBuf>,
    /// How many rules came from the inline `rules:` list.
    pub inline_rules: usize,
}

impl Default for RulesSection {
    fn default() -> Self {
        RulesSection::builtin()
    }
}

impl RulesSection {
    /// The built-in default: the `toolgate` constitution and no extra rules.
    pub fn builtin() -> Self {
        RulesSection::from_constitution(Constitution::toolgate())
    }

    /// A built-in constitution's rules, with no extra rules.
    pub fn from_constitution(c: Constitution) -> Self {
        let name = c.name.clone();
        // Built-in rule sets are tested to compile; fall back to "no rules" is impossible to
        // reach, and an empty set would only happen if that test failed.
        let rules = RuleSet::new(c.rules).unwrap_or_else(|_| {
            RuleSet::new(Vec::new()).expect("an empty rule set always compiles")
        });
        RulesSection {
            rules,
            constitution_name: name,
            constitution_file: None,
            inline_rules: 0,
        }
    }
}

/// Reads `constitution:` and `rules:` (either may be absent).
pub fn read_rules(
    constitution: Option<&Node>,
    rules: Option<&Node>,
    cx: &mut ReadContext,
) -> RulesSection {
    let mut base = Constitution::toolgate();
    let mut positions: Vec<RulePositions> = vec![RulePositions::default(); base.rules.len()];
    let mut file = None;
    if let Some(node) = constitution {
        match &node.value {
            Value::String(name) if BUILTIN_NAMES.contains(&name.as_str()) => {
                base = Constitution::builtin(name).unwrap_or_else(Constitution::none);
                positions = vec![RulePositions::default(); base.rules.len()];
            }
            Value::String(path) if !path.trim().is_empty() => {
                let mut p = PathBuf::from(path);
                if p.is_relative()
                    && let Some(dir) = &cx.base_dir
                {
                    p = dir.join(p);
                }
                match load_constitution_file(&p, &mut cx.diags) {
                    Some((c, pos)) => {
                        base = c;
                        positions = pos;
                    }
                    None => {
                        cx.diags.error_hint(
                            "invalid-constitution",
                            node.position,
                            "the constitution file could not be loaded",
                            "fix the errors reported for it, or use a built-in name: toolgate, acgs-default, none",
                        );
                    }
                }
                file = Some(p);
            }
            _ => cx.diags.error_hint(
                "wrong-type",
                node.position,
                format!("`constitution` must be a name or a path, found {}", node.type_name()),
                "write one of: toolgate, acgs-default, none, or a path to an acgs-lite constitution YAML",
            ),
        }
    }
    let mut inline = 0;
    if let Some(node) = rules {
        match node.as_sequence() {
            Some(items) => {
                for (i, item) in items.iter().enumerate() {
                    if let Some((r, p)) =
                        read_rule(item, &format!("rules[{i}]"), true, &mut cx.diags)
                    {
                        base.rules.push(r);
                        positions.push(p);
                        inline += 1;
                    }
                }
            }
            None if matches!(node.value, Value::Null) => {}
            None => cx.diags.error_hint(
                "wrong-type",
                node.position,
                format!(
                    "`rules` must be a list of rule objects, found {}",
                    node.type_name()
                ),
                "write `rules:` followed by `- id: ...` items",
            ),
        }
    }
    let name = base.name.clone();
    let rules = match RuleSet::new(base.rules) {
        Ok(set) => set,
        Err(e) => {
            push_rule_problems(e.problems, &positions, &mut cx.diags);
            RuleSet::new(Vec::new()).expect("an empty rule set always compiles")
        }
    };
    RulesSection {
        rules,
        constitution_name: name,
        constitution_file: file,
        inline_rules: inline,
    }
}
