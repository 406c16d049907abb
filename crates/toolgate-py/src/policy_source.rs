//! The `policy` argument of `ToolgateHook`: discovery, a file, text, or a mapping, loaded into
//! one [`Policy`] with the same loader and diagnostics as `toolgate validate`.

use std::path::{Path, PathBuf};

use serde_json::Value;
use toolgate_policy::constitution::CONSTITUTION_KEYS;
use toolgate_policy::document::parse_document;
use toolgate_policy::{Format, Policy, PolicySource, TOP_LEVEL_KEYS};

/// Where the policy comes from.
#[derive(Debug)]
pub enum PolicyArgument {
    /// `None`: discovery exactly as the CLI does it (`$TOOLGATE_POLICY`, `.toolgate.yaml` in
    /// the working directory or a parent, `~/.config/toolgate/policy.yaml`, the built-in).
    Discover,
    /// A policy file, or an acgs-lite constitution file.
    File(PathBuf),
    /// Policy text: YAML, JSON or TOML.
    Text(String),
    /// A mapping, read as a JSON policy.
    Data(Value),
}

/// What a policy was loaded from, for rendering its diagnostics.
pub struct Loaded {
    /// The policy (check [`Policy::is_usable`]).
    pub policy: Policy,
    /// Files whose text diagnostics may point into (a constitution file read for a policy).
    pub other_sources: Vec<(PathBuf, String)>,
    /// The name diagnostics without a file use.
    pub display_name: Option<PathBuf>,
}

impl Loaded {
    /// The policy's name in messages: its file, `<policy text>`, or `built-in default`.
    pub fn source_name(&self) -> String {
        match &self.display_name {
            Some(name) => name.display().to_string(),
            None => self.policy.source.describe(),
        }
    }

    /// The diagnostics rendered as `toolgate validate` renders them.
    pub fn render_diagnostics(&self) -> String {
        toolgate_policy::diagnostic::render(
            self.policy.diagnostics.items(),
            self.display_name.as_deref(),
            self.policy.text.as_deref(),
            &self.other_sources,
        )
    }
}

/// Loads the policy `argument` names.
pub fn load(argument: PolicyArgument) -> Loaded {
    match argument {
        PolicyArgument::Discover => {
            let source = toolgate_policy::discovery::discover_from_env(None);
            let policy = toolgate_policy::load(&source);
            let display_name = policy.path().map(Path::to_path_buf);
            Loaded {
                policy,
                other_sources: Vec::new(),
                display_name,
            }
        }
        PolicyArgument::File(path) => load_file(path),
        PolicyArgument::Text(text) => {
            let format = text_format(&text);
            Loaded {
                policy: toolgate_policy::load_str(&text, format, PolicySource::Builtin),
                other_sources: Vec::new(),
                display_name: Some(PathBuf::from("<policy text>")),
            }
        }
        PolicyArgument::Data(value) => {
            // Pretty, so that diagnostics point at a line of their own.
            let text = serde_json::to_string_pretty(&value).unwrap_or_default();
            Loaded {
                policy: toolgate_policy::load_str(&text, Format::Json, PolicySource::Builtin),
                other_sources: Vec::new(),
                display_name: Some(PathBuf::from("<policy mapping>")),
            }
        }
    }
}

/// A file is read as a policy, unless it is an acgs-lite constitution: then it is the
/// policy's `constitution:`, as if the policy said `constitution: <file>`.
fn load_file(path: PathBuf) -> Loaded {
    let constitution_text = std::fs::read_to_string(&path)
        .ok()
        .filter(|text| is_acgs_constitution(text, Format::from_path(&path)));
    let Some(text) = constitution_text else {
        let policy = toolgate_policy::load_path(&path);
        return Loaded {
            policy,
            other_sources: Vec::new(),
            display_name: Some(path),
        };
    };
    let absolute = std::path::absolute(&path).unwrap_or_else(|_| path.clone());
    let policy_text = serde_json::json!({ "constitution": absolute.to_string_lossy() }).to_string();
    let policy = toolgate_policy::load_str(&policy_text, Format::Json, PolicySource::Builtin);
    Loaded {
        policy,
        other_sources: vec![(absolute, text)],
        display_name: Some(path),
    }
}

/// Whether `text` is an acgs-lite constitution rather than a toolgate policy: a mapping whose
/// keys are all constitution keys and that has one a toolgate policy cannot have (`name`,
/// `version`, …). A file with only `rules:` is a policy (its rules are added to toolgate's).
pub fn is_acgs_constitution(text: &str, format: Format) -> bool {
    let Ok(doc) = parse_document(text, format) else {
        return false;
    };
    let Some(entries) = doc.as_mapping() else {
        return false;
    };
    let keys = || entries.iter().map(|(k, _)| k.name.as_str());
    keys().all(|k| CONSTITUTION_KEYS.contains(&k)) && keys().any(|k| !TOP_LEVEL_KEYS.contains(&k))
}

/// The format of policy text: JSON when it starts with `{`, TOML when its first line is a
/// table header or a `key = value`, YAML otherwise.
pub fn text_format(text: &str) -> Format {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    let Some(first) = first else {
        return Format::Yaml;
    };
    if first.starts_with('{') {
        return Format::Json;
    }
    let table_header = first.starts_with('[') && first.ends_with(']') && !first.contains(", ");
    let assignment = first.split_once('=').is_some_and(|(key, _)| {
        let key = key.trim();
        !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_-.\"' ".contains(c))
    });
    if table_header || assignment {
        Format::Toml
    } else {
        Format::Yaml
    }
}
