//! `persistence:`: what a write of a persistence file answers, class by class.
//!
//! ```yaml
//! persistence:
//!   default: review        # review (default) | deny | off, for every class not named
//!   shell_startup: deny    # ~/.bashrc, ~/.zshrc, ~/.profile, fish config.fish
//!   vscode_tasks: off      # .vscode/tasks.json
//! ```
//!
//! The classes are [`toolgate_core::path_class::PERSISTENCE_CLASSES`]. The whole check is
//! also the `persistence` pack: `commands.packs.persistence: off` turns it off.

use toolgate_core::Verdict;
use toolgate_core::path_class::{PERSISTENCE_CLASSES, PersistenceClass};

use crate::diagnostic::Diagnostics;
use crate::document::{Node, Value};
use crate::packs::{DEFAULT_KEY, PackSetting, read_setting};
use crate::reader::closest;

/// The verdict of a write, per persistence class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersistenceSettings {
    /// One entry per class of [`PERSISTENCE_CLASSES`]; `None` is off.
    verdicts: Vec<(PersistenceClass, Option<Verdict>)>,
}

impl Default for PersistenceSettings {
    fn default() -> Self {
        PersistenceSettings::builtin()
    }
}

impl PersistenceSettings {
    /// Every class asks for review.
    pub fn builtin() -> PersistenceSettings {
        PersistenceSettings {
            verdicts: PERSISTENCE_CLASSES
                .iter()
                .map(|i| (i.class, Some(Verdict::Review)))
                .collect(),
        }
    }

    /// What writing a file of `class` answers; `None` when the class is off.
    pub fn verdict(&self, class: PersistenceClass) -> Option<Verdict> {
        self.verdicts
            .iter()
            .find(|(c, _)| *c == class)
            .and_then(|(_, v)| *v)
    }

    fn set(&mut self, class: Option<PersistenceClass>, v: Option<Verdict>) {
        for (c, slot) in &mut self.verdicts {
            if class.is_none_or(|want| want == *c) {
                *slot = v;
            }
        }
    }
}

fn verdict_of(setting: PackSetting) -> Option<Verdict> {
    match setting {
        PackSetting::On | PackSetting::Review => Some(Verdict::Review),
        PackSetting::Deny => Some(Verdict::Deny),
        PackSetting::Off => None,
    }
}

/// Reads the `persistence:` section.
pub fn read_persistence(node: &Node, diags: &mut Diagnostics) -> PersistenceSettings {
    let mut out = PersistenceSettings::builtin();
    if matches!(node.value, Value::Null) {
        return out;
    }
    let Some(entries) = node.as_mapping() else {
        diags.error_hint(
            "wrong-type",
            node.position,
            format!(
                "`persistence` must be a mapping of class names to review, deny or off, found {}",
                node.type_name()
            ),
            "write `persistence: {vscode_tasks: off}`",
        );
        return out;
    };
    if let Some((_, value)) = entries.iter().find(|(k, _)| k.name == DEFAULT_KEY)
        && let Some(s) = read_setting(value, "persistence.default", diags)
    {
        out.set(None, verdict_of(s));
    }
    let mut names = PersistenceClass::names();
    names.push(DEFAULT_KEY);
    for (key, value) in entries {
        if key.name == DEFAULT_KEY {
            continue;
        }
        let Some(class) = PersistenceClass::parse(&key.name) else {
            let hint = match closest(&key.name, &names) {
                Some(s) => format!("did you mean `{s}`?"),
                None => format!("the classes are: {}", PersistenceClass::names().join(", ")),
            };
            diags.error_hint(
                "unknown-class",
                key.position,
                format!("`persistence` names no persistence class `{}`", key.name),
                hint,
            );
            continue;
        };
        if let Some(s) = read_setting(value, &format!("persistence.{}", key.name), diags) {
            out.set(Some(class), verdict_of(s));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{Format, Position, parse_document};

    fn read(yaml: &str) -> (PersistenceSettings, Diagnostics) {
        let doc = parse_document(yaml, Format::Yaml).unwrap();
        let mut diags = Diagnostics::new();
        let node = &doc.as_mapping().unwrap()[0].1;
        (read_persistence(node, &mut diags), diags)
    }

    #[test]
    fn review_by_default_and_per_class() {
        let b = PersistenceSettings::builtin();
        assert_eq!(b.verdict(PersistenceClass::GitHooks), Some(Verdict::Review));
        let (s, d) = read("persistence:\n  shell_startup: deny\n  vscode_tasks: off\n");
        assert!(!d.has_errors());
        assert_eq!(
            s.verdict(PersistenceClass::ShellStartup),
            Some(Verdict::Deny)
        );
        assert_eq!(s.verdict(PersistenceClass::VscodeTasks), None);
        assert_eq!(s.verdict(PersistenceClass::Crontab), Some(Verdict::Review));
        let (s, _) = read("persistence:\n  direnv: review\n  default: off\n");
        assert_eq!(s.verdict(PersistenceClass::Direnv), Some(Verdict::Review));
        assert_eq!(s.verdict(PersistenceClass::GitHooks), None);
    }

    #[test]
    fn unknown_classes_are_positioned_errors_with_a_suggestion() {
        let (_, d) = read("persistence:\n  shell_startups: deny\n");
        let e = d.errors().next().unwrap();
        assert_eq!(e.code, "unknown-class");
        assert_eq!(e.position(), Position { line: 2, column: 3 });
        assert_eq!(e.hint.as_deref(), Some("did you mean `shell_startup`?"));
        let (_, d) = read("persistence: [x]\n");
        assert!(d.has_errors());
        let (_, d) = read("persistence:\n  crontab: sometimes\n");
        assert!(d.has_errors());
    }
}
