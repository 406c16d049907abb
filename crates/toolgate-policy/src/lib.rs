//! toolgate's policy file: loading YAML, JSON and TOML with positions, validation, built-in
//! defaults, and compiling the sections into the core matchers.
//!
//! A [`Policy`] is always produced; when its [`Diagnostics`] hold an error the policy is
//! unusable and every check must deny (`invalid_policy`). It never quietly allows.
#![forbid(unsafe_code)]

pub mod commands;
pub mod constitution;
pub mod diagnostic;
pub mod discovery;
pub mod document;
pub mod environment;
pub mod examples;
pub mod exfiltration;
pub mod hook;
pub mod log;
pub mod network;
pub mod network_lint;
pub mod network_ranges;
pub mod packs;
pub mod persistence;
pub mod reader;
pub mod rules;
pub mod syntax;

use std::path::{Path, PathBuf};

pub use diagnostic::{Diagnostic, Diagnostics, Level};
pub use discovery::{PolicySource, discover};
pub use document::{Format, Node, Position};
pub use hook::{HookAnswer, HookSettings, OnReview, PermissionDecision};

use document::{Value, parse_document_all};
use reader::MapReader;

/// The top-level keys of a toolgate policy file.
pub const TOP_LEVEL_KEYS: &[&str] = &[
    "constitution",
    "rules",
    "commands",
    "network",
    "hook",
    "persistence",
    "exfiltration",
    "log",
];
/// The top-level keys that make a file an agentguard policy (read as the `network` section).
pub const AGENTGUARD_KEYS: &[&str] = &["allow", "deny", "methods"];

/// State shared by the section readers while one file is read.
pub struct ReadContext {
    /// Findings so far.
    pub diags: Diagnostics,
    /// The directory relative paths (a `constitution:` file) are resolved against.
    pub base_dir: Option<PathBuf>,
}

/// A loaded policy: every section, built-in defaults for those the file leaves out.
#[derive(Debug, Clone)]
pub struct Policy {
    /// Where the policy came from.
    pub source: PolicySource,
    /// `constitution:` and `rules:`.
    pub rules: rules::RulesSection,
    /// `commands:`.
    pub commands: commands::CommandsSection,
    /// `network:`.
    pub network: network::NetworkSection,
    /// `hook:`.
    pub hook: HookSettings,
    /// `persistence:`.
    pub persistence: persistence::PersistenceSettings,
    /// `exfiltration:`.
    pub exfiltration: exfiltration::ExfiltrationSettings,
    /// `log:` (the decision log; off by default).
    pub log: log::LogSettings,
    /// The inline `examples:` of the rules, checked by `toolgate validate`.
    pub examples: Vec<examples::RuleExamples>,
    /// Errors and warnings found while loading. Any error makes the policy unusable.
    pub diagnostics: Diagnostics,
    /// The file's text, for rendering diagnostics with snippets.
    pub text: Option<String>,
}

impl Policy {
    /// The built-in default policy (no file).
    pub fn builtin() -> Policy {
        Policy {
            source: PolicySource::Builtin,
            rules: rules::RulesSection::builtin(),
            commands: commands::CommandsSection::builtin(),
            network: network::NetworkSection::builtin(),
            hook: HookSettings::default(),
            persistence: persistence::PersistenceSettings::builtin(),
            exfiltration: exfiltration::ExfiltrationSettings::default(),
            log: log::LogSettings::default(),
            examples: Vec::new(),
            diagnostics: Diagnostics::new(),
            text: None,
        }
    }

    /// Whether the policy has no errors. An unusable policy must deny every check.
    pub fn is_usable(&self) -> bool {
        !self.diagnostics.has_errors()
    }

    /// Makes a policy with any error fail closed on its own: its network section becomes
    /// [`toolgate_core::egress::EgressPolicy::invalid`], so every egress check answers
    /// `invalid_policy` even for a caller that forgets [`Policy::is_usable`]. Every loader
    /// applies it; call it again after changing `diagnostics` by hand.
    pub fn seal(&mut self) {
        if self.diagnostics.has_errors() {
            self.network.egress = toolgate_core::egress::EgressPolicy::invalid();
        }
    }

    /// The path of the policy file, if it came from one.
    pub fn path(&self) -> Option<&Path> {
        self.source.path()
    }

    /// Renders the diagnostics with file, line, column, snippet and hint.
    pub fn render_diagnostics(&self) -> String {
        diagnostic::render(
            self.diagnostics.items(),
            self.path(),
            self.text.as_deref(),
            &[],
        )
    }
}

/// Loads the policy `source` names. A file that cannot be read gives an unusable policy whose
/// diagnostic says so (it never falls back to the built-in default).
pub fn load(source: &PolicySource) -> Policy {
    match source {
        PolicySource::Builtin => Policy::builtin(),
        PolicySource::File { path, .. } => load_file(path, source.clone()),
        PolicySource::Unresolved(e) => unusable(source.clone(), e.code(), e.describe()),
    }
}

/// Loads the policy file at `path`.
pub fn load_path(path: &Path) -> Policy {
    load_file(
        path,
        PolicySource::File {
            path: path.to_path_buf(),
            origin: discovery::Origin::Explicit,
        },
    )
}

fn load_file(path: &Path, source: PolicySource) -> Policy {
    if let Some(reason) = not_a_regular_file(path) {
        return unusable(source, "unreadable-policy", reason);
    }
    match std::fs::read(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => load_str(&text, Format::from_path(path), source),
            Err(_) => unusable(
                source,
                "unreadable-policy",
                "the policy file is not valid UTF-8",
            ),
        },
        Err(e) => unusable(
            source,
            "unreadable-policy",
            format!("cannot read the policy file: {}", io_reason(&e)),
        ),
    }
}

/// Why a path that exists as a directory entry is not a policy file to read (a directory, a
/// dangling symlink), without repeating the path. `None` when it can be read as a file (or
/// does not exist at all, which reading reports).
fn not_a_regular_file(path: &Path) -> Option<String> {
    let link = std::fs::symlink_metadata(path).ok()?;
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Some(
            "the policy path is a directory, not a file: remove it or put a policy file there"
                .into(),
        ),
        Ok(_) => None,
        Err(_) if link.file_type().is_symlink() => Some(
            "the policy file is a symlink whose target is missing: fix or remove the link".into(),
        ),
        Err(e) => Some(format!("cannot read the policy file: {}", io_reason(&e))),
    }
}

/// Describes an I/O error without repeating any path.
pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::IsADirectory => "it is a directory".into(),
        _ => e.kind().to_string(),
    }
}

fn unusable(source: PolicySource, code: &'static str, message: impl Into<String>) -> Policy {
    let mut policy = Policy::builtin();
    policy.source = source;
    policy.diagnostics.error(code, Position::UNKNOWN, message);
    policy.seal();
    policy
}

/// Loads a policy from text in `format`.
pub fn load_str(text: &str, format: Format, source: PolicySource) -> Policy {
    let mut policy = Policy::builtin();
    policy.source = source;
    policy.text = Some(text.to_string());
    let doc = match parse_document_all(text, format) {
        Ok((doc, duplicates)) => {
            for d in &duplicates {
                policy.diagnostics.push(syntax::duplicate_diagnostic(d));
            }
            doc
        }
        Err(e) => {
            policy
                .diagnostics
                .push(syntax::syntax_diagnostic(&e, format, text));
            policy.seal();
            return policy;
        }
    };
    let mut cx = ReadContext {
        diags: Diagnostics::new(),
        base_dir: policy
            .path()
            .and_then(|p| p.parent())
            .map(|p| p.to_path_buf()),
    };
    read_document(&doc, &mut policy, &mut cx);
    policy.diagnostics.extend(cx.diags);
    policy.diagnostics.sort();
    policy.seal();
    policy
}

fn read_document(doc: &Node, policy: &mut Policy, cx: &mut ReadContext) {
    let empty_mapping = doc.as_mapping().is_some_and(|m| m.is_empty());
    if matches!(doc.value, Value::Null) || empty_mapping {
        cx.diags.warning_hint(
            "empty-policy",
            doc.position,
            "the policy file is empty: the built-in default applies",
            "add a section such as `network:` or delete the file",
        );
        return;
    }
    let Some(entries) = doc.as_mapping() else {
        cx.diags.error_hint(
            "wrong-type",
            doc.position,
            format!("a policy must be a mapping, found {}", doc.type_name()),
            "write sections such as `network:` and `hook:` at the top level",
        );
        return;
    };
    let agentguard = entries
        .iter()
        .any(|(k, _)| AGENTGUARD_KEYS.contains(&k.name.as_str()));
    if agentguard {
        // An agentguard policy: `{allow, deny, methods}` at the top level is the network
        // section. Other toolgate sections cannot be mixed in.
        for (key, _) in entries {
            if TOP_LEVEL_KEYS.contains(&key.name.as_str()) {
                cx.diags.error_hint(
                    "mixed-policy-shape",
                    key.position,
                    format!(
                        "`{}` cannot stand beside top-level `allow`/`deny`/`methods`",
                        key.name
                    ),
                    "move `allow`, `deny` and `methods` under a `network:` section",
                );
            }
        }
        policy.network = network::read_network(doc, "", cx);
        return;
    }
    let (doc, examples) = examples::extract(doc, &mut cx.diags);
    policy.examples = examples;
    let doc = &doc;
    let Some(mut top) = MapReader::new(doc, "", &mut cx.diags) else {
        return;
    };
    let constitution = top.take("constitution");
    let rules = top.take("rules");
    if constitution.is_some() || rules.is_some() {
        policy.rules = rules::read_rules(constitution, rules, cx);
    }
    if let Some(node) = top.take("commands") {
        policy.commands = commands::read_commands(node, cx);
    }
    if let Some(node) = top.take("network") {
        policy.network = network::read_network(node, "network", cx);
    }
    if let Some(node) = top.take("hook") {
        policy.hook = hook::read_hook(node, &mut cx.diags);
    }
    if let Some(node) = top.take("persistence") {
        policy.persistence = persistence::read_persistence(node, &mut cx.diags);
    }
    if let Some(node) = top.take("exfiltration") {
        policy.exfiltration = exfiltration::read_exfiltration(node, &mut cx.diags);
    }
    if let Some(node) = top.take("log") {
        policy.log = log::read_log(node, cx.base_dir.as_deref(), &mut cx.diags);
    }
    top.finish(TOP_LEVEL_KEYS, &mut cx.diags);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_yaml(text: &str) -> Policy {
        load_str(text, Format::Yaml, PolicySource::Builtin)
    }

    #[test]
    fn empty_file_is_the_builtin_with_a_warning() {
        let p = load_yaml("");
        assert!(p.is_usable());
        assert_eq!(p.diagnostics.warnings().count(), 1);
    }

    #[test]
    fn empty_mapping_warns_like_an_empty_file() {
        let empty = load_yaml("");
        for (text, format) in [
            ("{}", Format::Yaml),
            ("{}", Format::Json),
            ("", Format::Toml),
        ] {
            let p = load_str(text, format, PolicySource::Builtin);
            assert!(p.is_usable());
            assert_eq!(p.diagnostics.items(), empty.diagnostics.items(), "{text:?}");
        }
    }

    #[test]
    fn an_error_anywhere_makes_the_network_section_deny() {
        for text in ["hook:\n  on_review: maybe\n", "netwrok: {}\n", "hook: [\n"] {
            let p = load_yaml(text);
            assert!(!p.is_usable(), "{text}");
            let d = p.network.egress.check_url("https://example.com/", None);
            assert_eq!(d.reason.as_str(), "invalid_policy", "{text}");
        }
        let mut p = load_yaml("network:\n  allow: [\"*\"]\n");
        assert!(
            p.network
                .egress
                .check_url("https://example.com/", None)
                .allowed
        );
        p.diagnostics.error("test", Position::UNKNOWN, "injected");
        p.seal();
        assert!(
            !p.network
                .egress
                .check_url("https://example.com/", None)
                .allowed
        );
    }

    #[test]
    fn unknown_top_level_key_is_an_error() {
        let p = load_yaml("netwrok:\n  allow: ['*']\n");
        assert!(!p.is_usable());
        let d = p.diagnostics.errors().next().unwrap();
        assert_eq!(d.code, "unknown-key");
        assert_eq!(d.hint.as_deref(), Some("did you mean `network`?"));
        assert_eq!(d.position(), Position { line: 1, column: 1 });
    }

    #[test]
    fn hook_section_is_read() {
        let p = load_yaml("hook:\n  on_review: ask\n  grant_allowed: true\n");
        assert!(p.is_usable(), "{}", p.render_diagnostics());
        assert_eq!(p.hook.on_review, OnReview::Ask);
        assert!(p.hook.grant_allowed);
        let p = load_yaml("hook:\n  on_review: maybe\n");
        assert!(!p.is_usable());
    }

    #[test]
    fn syntax_error_is_positioned_and_unusable() {
        let p = load_yaml("hook: on_review: ask\n");
        assert!(!p.is_usable());
        assert_eq!(p.diagnostics.items()[0].code, "syntax");
        assert!(p.diagnostics.items()[0].position().is_known());
        assert!(p.render_diagnostics().contains("error[syntax]"));
        // An unclosed bracket is reported where it opens.
        let p = load_yaml("hook: [\n");
        assert!(!p.is_usable());
        assert_eq!(p.diagnostics.items()[0].code, "unclosed");
        assert_eq!(
            p.diagnostics.items()[0].position(),
            Position { line: 1, column: 7 }
        );
    }

    #[test]
    fn mixed_shapes_are_refused() {
        let p = load_yaml("allow: ['*']\nhook:\n  on_review: ask\n");
        assert!(!p.is_usable());
    }

    #[test]
    fn missing_file_is_unusable() {
        let p = load_path(Path::new("/nonexistent/toolgate/policy.yaml"));
        assert!(!p.is_usable());
        assert_eq!(p.diagnostics.items()[0].code, "unreadable-policy");
        let d = p.network.egress.check_url("https://example.com/", None);
        assert_eq!(d.reason.as_str(), "invalid_policy");
    }
}
