//! `commands.packs`: which rule packs are on, and what their rules answer.
//!
//! ```yaml
//! commands:
//!   packs:
//!     hosting: off          # on (default) | off | deny | review; true/false work too
//!     databases: review     # every rule of the pack asks a person instead of denying
//!     default: on           # the setting of every pack not named
//! ```
//!
//! Every pack of [`toolgate_core::packs::PACKS`] is on by default, with each rule's own
//! verdict. Single rules are switched off with `commands.disable: [TG-…]`. An unknown pack
//! name is an error with a suggestion.

use toolgate_core::Verdict;
use toolgate_core::packs::{self, PACKS, PackRule};

use crate::diagnostic::Diagnostics;
use crate::document::{Node, Position, Value};
use crate::reader::{MapReader, closest};

/// The key that sets every pack not named.
pub const DEFAULT_KEY: &str = "default";

/// What a policy says about one pack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PackSetting {
    /// On, each rule with its own verdict.
    On,
    /// Off: its rules never match.
    Off,
    /// On, every rule denies.
    Deny,
    /// On, every rule asks for review.
    Review,
}

impl PackSetting {
    /// Every spelling a policy may use, for hints.
    pub const SPELLINGS: &'static str = "on, off, deny, review (or true / false)";

    /// Parses `on`, `off`, `deny`, `review`.
    pub fn parse(s: &str) -> Option<PackSetting> {
        match s {
            "on" => Some(PackSetting::On),
            "off" => Some(PackSetting::Off),
            "deny" => Some(PackSetting::Deny),
            "review" => Some(PackSetting::Review),
            _ => None,
        }
    }
}

/// The pack settings of a policy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackSettings {
    /// One setting per pack of [`PACKS`], in its order.
    settings: Vec<(&'static str, PackSetting)>,
    /// Pack rules switched off one by one (`commands.disable`).
    disabled: Vec<&'static str>,
}

impl Default for PackSettings {
    fn default() -> Self {
        PackSettings::builtin()
    }
}

impl PackSettings {
    /// Every pack on.
    pub fn builtin() -> PackSettings {
        PackSettings {
            settings: PACKS.iter().map(|p| (p.name, PackSetting::On)).collect(),
            disabled: Vec::new(),
        }
    }

    /// The setting of pack `name` (`Off` for a name that is no pack).
    pub fn setting(&self, name: &str) -> PackSetting {
        self.settings
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(PackSetting::Off, |(_, s)| *s)
    }

    /// Whether pack `name` is on.
    pub fn is_on(&self, name: &str) -> bool {
        self.setting(name) != PackSetting::Off
    }

    /// The verdict a match of rule `id` gives under these settings; `None` when its pack is
    /// off, the rule is disabled, or no pack has the rule.
    pub fn verdict(&self, id: &str) -> Option<Verdict> {
        let (pack, rule) = packs::rule(id)?;
        if self.disabled.contains(&rule.id) {
            return None;
        }
        match self.setting(pack.name) {
            PackSetting::Off => None,
            PackSetting::On => Some(rule.verdict.verdict()),
            PackSetting::Deny => Some(Verdict::Deny),
            PackSetting::Review => Some(Verdict::Review),
        }
    }

    /// The rules that are on, with the verdict each gives.
    pub fn active_rules(&self) -> impl Iterator<Item = (&'static PackRule, Verdict)> + '_ {
        PACKS
            .iter()
            .flat_map(|p| p.rules)
            .filter_map(|r| self.verdict(r.id).map(|v| (r, v)))
    }

    /// Switches off the pack rule `id`; false when no pack has it.
    pub fn disable_rule(&mut self, id: &str) -> bool {
        match packs::rule(id) {
            Some((_, rule)) => {
                if !self.disabled.contains(&rule.id) {
                    self.disabled.push(rule.id);
                }
                true
            }
            None => false,
        }
    }

    fn set_all(&mut self, setting: PackSetting) {
        for (_, s) in &mut self.settings {
            *s = setting;
        }
    }

    fn set(&mut self, name: &str, setting: PackSetting) {
        if let Some((_, s)) = self.settings.iter_mut().find(|(n, _)| *n == name) {
            *s = setting;
        }
    }
}

/// Reads one setting: a boolean or one of [`PackSetting::SPELLINGS`].
pub(crate) fn read_setting(
    node: &Node,
    path: &str,
    diags: &mut Diagnostics,
) -> Option<PackSetting> {
    let bad = |diags: &mut Diagnostics, pos: Position| {
        diags.error_hint(
            "invalid-value",
            pos,
            format!("`{path}` must be one of: {}", PackSetting::SPELLINGS),
            format!(
                "write `{}: off` to turn it off",
                path.rsplit('.').next().unwrap_or(path)
            ),
        );
    };
    match &node.value {
        Value::Bool(true) => Some(PackSetting::On),
        Value::Bool(false) => Some(PackSetting::Off),
        Value::String(s) => match PackSetting::parse(s) {
            Some(v) => Some(v),
            None => {
                bad(diags, node.position);
                None
            }
        },
        _ => {
            bad(diags, node.position);
            None
        }
    }
}

/// Reads `commands.packs`.
pub fn read_packs(node: &Node, path: &str, diags: &mut Diagnostics) -> PackSettings {
    let mut out = PackSettings::builtin();
    if matches!(node.value, Value::Null) {
        return out;
    }
    let Some(entries) = node.as_mapping() else {
        diags.error_hint(
            "wrong-type",
            node.position,
            format!(
                "`{path}` must be a mapping of pack names to settings, found {}",
                node.type_name()
            ),
            "write `packs: {hosting: off}`",
        );
        return out;
    };
    let mut names = packs::pack_names();
    names.push(DEFAULT_KEY);
    // `default` first, so that the packs named override it whatever the order in the file.
    if let Some((key, value)) = entries.iter().find(|(k, _)| k.name == DEFAULT_KEY)
        && let Some(s) = read_setting(value, &format!("{path}.{}", key.name), diags)
    {
        out.set_all(s);
    }
    for (key, value) in entries {
        if key.name == DEFAULT_KEY {
            continue;
        }
        if packs::pack(&key.name).is_none() {
            let hint = match closest(&key.name, &names) {
                Some(s) => format!("did you mean `{s}`?"),
                None => format!("the packs are: {}", packs::pack_names().join(", ")),
            };
            diags.error_hint(
                "unknown-pack",
                key.position,
                format!("`{path}` names no pack `{}`", key.name),
                hint,
            );
            continue;
        }
        if let Some(s) = read_setting(value, &format!("{path}.{}", key.name), diags) {
            out.set(&key.name, s);
        }
    }
    out
}

/// Reads `packs` from the `commands` mapping, if present.
pub(crate) fn take_packs(map: &mut MapReader<'_>, diags: &mut Diagnostics) -> Option<PackSettings> {
    let node = map.take("packs")?;
    Some(read_packs(node, &map.child_path("packs"), diags))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{Format, parse_document};

    fn read(yaml: &str) -> (PackSettings, Diagnostics) {
        let doc = parse_document(yaml, Format::Yaml).unwrap();
        let mut diags = Diagnostics::new();
        let node = &doc.as_mapping().unwrap()[0].1;
        (read_packs(node, "commands.packs", &mut diags), diags)
    }

    #[test]
    fn every_pack_is_on_by_default_with_its_rules_verdicts() {
        let s = PackSettings::builtin();
        for p in PACKS {
            assert!(s.is_on(p.name));
            for r in p.rules {
                assert_eq!(s.verdict(r.id), Some(r.verdict.verdict()));
            }
        }
        assert_eq!(s.verdict("TG-NOPE"), None);
        assert_eq!(
            s.active_rules().count(),
            PACKS.iter().map(|p| p.rules.len()).sum::<usize>()
        );
    }

    #[test]
    fn settings_per_pack_and_default() {
        let (s, d) =
            read("packs:\n  hosting: off\n  databases: review\n  cloud: false\n  iac: deny\n");
        assert!(!d.has_errors());
        assert!(!s.is_on("hosting"));
        assert!(!s.is_on("cloud"));
        assert_eq!(s.verdict("TG-DB-DROP"), Some(Verdict::Review));
        assert_eq!(s.verdict("TG-IAC-HELM-UNINSTALL"), Some(Verdict::Deny));
        assert_eq!(s.verdict("TG-HOST-POWER"), Some(Verdict::Deny));
        // `default` applies to the packs not named, wherever it stands.
        let (s, d) = read("packs:\n  databases: on\n  default: off\n");
        assert!(!d.has_errors());
        assert!(s.is_on("databases"));
        assert!(!s.is_on("cloud"));
    }

    #[test]
    fn unknown_pack_names_are_positioned_errors_with_a_suggestion() {
        let (_, d) = read("packs:\n  databses: off\n");
        let e = d.errors().next().unwrap();
        assert_eq!(e.code, "unknown-pack");
        assert_eq!(e.position(), Position { line: 2, column: 3 });
        assert_eq!(e.hint.as_deref(), Some("did you mean `databases`?"));
        let (_, d) = read("packs:\n  zzzzzzzzzzzz: off\n");
        let e = d.errors().next().unwrap();
        assert!(e.hint.as_deref().unwrap().contains("cloud"));
    }

    #[test]
    fn bad_values_are_errors() {
        for yaml in [
            "packs:\n  cloud: maybe\n",
            "packs:\n  cloud: 1\n",
            "packs: [cloud]\n",
        ] {
            let (_, d) = read(yaml);
            assert!(d.has_errors(), "{yaml}");
        }
    }

    #[test]
    fn single_rules_can_be_disabled() {
        let mut s = PackSettings::builtin();
        assert!(s.disable_rule("TG-K8S-DISRUPT"));
        assert!(!s.disable_rule("TG-NOPE"));
        assert_eq!(s.verdict("TG-K8S-DISRUPT"), None);
        assert!(s.verdict("TG-K8S-DELETE-ALL").is_some());
    }
}
