//! Writes that plant persistence: a file tool (Write, Edit, MultiEdit, NotebookEdit, an MCP
//! file tool) or a shell write (a redirect, `tee`, `cp`) aimed at a startup, hook or
//! scheduling file. Review by default, per class as the policy's `persistence:` says, and
//! off with the `persistence` pack.

use std::path::Path;

use serde_json::Value;
use toolgate_core::Verdict;
use toolgate_core::path_class::{PersistenceClass, persistence_class};
use toolgate_policy::Policy;
use toolgate_policy::packs::PackSetting;

/// The rule id of a persistence write.
pub const PERSISTENCE_RULE_ID: &str = "TG-PERSIST-WRITE";

/// The pack that holds [`PERSISTENCE_RULE_ID`].
const PACK: &str = "persistence";

/// Longest string taken as a path (longer ones are file contents, not paths).
const MAX_PATH_LEN: usize = 4096;

/// Parts of argument names that say an MCP tool's argument is the path it writes.
const PATH_KEY_PARTS: &[&str] = &["path", "file", "dest", "target", "output"];

/// Argument names that are paths although no part above is in them.
const PATH_KEYS: &[&str] = &["to", "name", "filename", "uri"];

/// Deepest level searched.
const MAX_DEPTH: usize = 40;

/// The paths a tool call may write, for the persistence check. Claude Code's file tools give
/// their path argument; an MCP tool that may write (by its name) gives the strings under
/// path-like argument names, not its contents (a note that mentions `~/.bashrc` is no write
/// of it).
pub(crate) fn written_paths<'a>(tool_name: &str, input: &'a Value) -> Vec<&'a str> {
    let candidates = crate::targets::written_paths(tool_name, input);
    if candidates.is_empty() || matches!(tool_name, "Write" | "Edit" | "MultiEdit" | "NotebookEdit")
    {
        return candidates;
    }
    let mut out = Vec::new();
    collect_path_arguments(input, 0, &mut out);
    out
}

fn collect_path_arguments<'a>(value: &'a Value, depth: usize, out: &mut Vec<&'a str>) {
    if depth > MAX_DEPTH {
        return;
    }
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                let path_key = is_path_key(key);
                match v {
                    Value::String(s) if path_key => out.push(s),
                    Value::Array(items) if path_key => {
                        out.extend(items.iter().filter_map(Value::as_str));
                    }
                    _ => collect_path_arguments(v, depth + 1, out),
                }
            }
        }
        Value::Array(items) => items
            .iter()
            .for_each(|v| collect_path_arguments(v, depth + 1, out)),
        _ => {}
    }
}

/// Whether an argument name says its value is a path: one of [`PATH_KEYS`] or holding one
/// of [`PATH_KEY_PARTS`], ignoring ASCII case (compared in place: the names and parts are
/// ASCII, which never occurs inside a multi-byte UTF-8 character).
fn is_path_key(key: &str) -> bool {
    let key = key.as_bytes();
    PATH_KEYS
        .iter()
        .any(|k| key.eq_ignore_ascii_case(k.as_bytes()))
        || PATH_KEY_PARTS.iter().any(|p| {
            key.windows(p.len())
                .any(|w| w.eq_ignore_ascii_case(p.as_bytes()))
        })
}

/// The outcome when a file tool (Write, Edit, MultiEdit) writes text that sets a package
/// manager's program key into its configuration file (`script-shell=/tmp/x` into `.npmrc`),
/// as `npm config set script-shell` does: the verdict the policy gives the rule, when on.
pub(crate) fn package_config_write(
    policy: &Policy,
    tool_name: &str,
    input: &Value,
) -> Option<Verdict> {
    let path = input.get("file_path").and_then(Value::as_str)?;
    fn text<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
        v.get(key).and_then(Value::as_str)
    }
    let written: Vec<&str> = match tool_name {
        "Write" => text(input, "content").into_iter().collect(),
        "Edit" => text(input, "new_string").into_iter().collect(),
        "MultiEdit" => input
            .get("edits")
            .and_then(Value::as_array)
            .map(|edits| edits.iter().filter_map(|e| text(e, "new_string")).collect())
            .unwrap_or_default(),
        _ => return None,
    };
    if !written
        .iter()
        .any(|t| toolgate_shell::package_config_sets_program(path, t))
    {
        return None;
    }
    policy
        .commands
        .packs
        .verdict(toolgate_shell::TOOL_CONFIG_RULE)
}

/// One persistence write found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PersistenceWrite {
    /// The class of the file written.
    pub class: PersistenceClass,
    /// What the policy answers.
    pub verdict: Verdict,
}

/// The persistence writes among `paths`, with the verdict the policy gives each (classes
/// the policy turns off are left out).
pub fn persistence_writes<'a>(
    policy: &Policy,
    paths: impl IntoIterator<Item = &'a str>,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> Vec<PersistenceWrite> {
    let packs = &policy.commands.packs;
    // Most calls write nothing: the pack's setting is only looked up for a path.
    let mut paths = paths.into_iter().peekable();
    if paths.peek().is_none() || packs.verdict(PERSISTENCE_RULE_ID).is_none() {
        return Vec::new();
    }
    let mut out: Vec<PersistenceWrite> = Vec::new();
    for path in paths {
        // File contents handed to an MCP tool are not paths.
        if path.is_empty() || path.len() > MAX_PATH_LEN || path.contains(['\n', '\0']) {
            continue;
        }
        let Some(class) = persistence_class(path, cwd, home) else {
            continue;
        };
        let Some(class_verdict) = policy.persistence.verdict(class) else {
            continue;
        };
        let verdict = match packs.setting(PACK) {
            PackSetting::Deny => Verdict::Deny,
            PackSetting::Review => Verdict::Review,
            PackSetting::On | PackSetting::Off => class_verdict,
        };
        if !out.iter().any(|w| w.class == class) {
            out.push(PersistenceWrite { class, verdict });
        }
    }
    out
}

/// The reason for one persistence write (no path: only the class).
pub fn persistence_reason(w: &PersistenceWrite) -> String {
    let lead = if w.verdict == Verdict::Deny {
        "Blocked by rule"
    } else {
        "Human review required by rule"
    };
    format!(
        "{lead} {PERSISTENCE_RULE_ID} (writing {} {}; persistence class `{}`).",
        w.class.info().describe,
        w.class.info().effect,
        w.class.name()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolgate_policy::{Format, PolicySource, load_str};

    fn writes(policy: &Policy, path: &str) -> Vec<PersistenceWrite> {
        persistence_writes(
            policy,
            [path],
            Some(Path::new("/home/u/proj")),
            Some(Path::new("/home/u")),
        )
    }

    #[test]
    fn path_keys_answer_as_the_lower_cased_comparison() {
        let reference = |key: &str| {
            let lower = key.to_ascii_lowercase();
            PATH_KEYS.contains(&lower.as_str()) || PATH_KEY_PARTS.iter().any(|p| lower.contains(p))
        };
        let mut keys: Vec<String> = PATH_KEYS
            .iter()
            .chain(PATH_KEY_PARTS)
            .flat_map(|k| {
                [
                    k.to_string(),
                    k.to_ascii_uppercase(),
                    format!("src{}", k.to_ascii_uppercase()),
                    format!("{k}s"),
                    format!("x_{k}_y"),
                    k[1..].to_string(),
                    k[..k.len() - 1].to_string(),
                    format!("\u{e9}{k}\u{e9}"),
                ]
            })
            .collect();
        keys.extend(
            [
                "",
                "job",
                "dryRun",
                "steps",
                "args",
                "TO",
                "Tö",
                "naMe",
                "uri_",
                "FilePath",
                "destination",
            ]
            .map(String::from),
        );
        let mut hits = 0;
        for k in &keys {
            assert_eq!(is_path_key(k), reference(k), "{k}");
            hits += usize::from(is_path_key(k));
        }
        assert!(hits > 20 && hits < keys.len());
    }

    #[test]
    fn review_by_default() {
        let p = Policy::builtin();
        let w = writes(&p, "~/.bashrc");
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].class, PersistenceClass::ShellStartup);
        assert_eq!(w[0].verdict, Verdict::Review);
        assert!(persistence_reason(&w[0]).contains("TG-PERSIST-WRITE"));
        assert!(!persistence_reason(&w[0]).contains(".bashrc"));
        assert!(writes(&p, "src/main.rs").is_empty());
        assert!(writes(&p, "notes about ~/.bashrc\nmore").is_empty());
    }

    #[test]
    fn the_policy_chooses_per_class_and_per_pack() {
        let load = |y: &str| {
            let p = load_str(y, Format::Yaml, PolicySource::Builtin);
            assert!(p.is_usable(), "{}", p.render_diagnostics());
            p
        };
        let p = load("persistence:\n  git_hooks: deny\n  vscode_tasks: off\n");
        assert_eq!(
            writes(&p, ".git/hooks/pre-commit")[0].verdict,
            Verdict::Deny
        );
        assert!(writes(&p, ".vscode/tasks.json").is_empty());
        let p = load("commands:\n  packs:\n    persistence: off\n");
        assert!(writes(&p, "~/.zshrc").is_empty());
        let p = load("commands:\n  packs:\n    persistence: deny\n");
        assert_eq!(writes(&p, "~/.zshrc")[0].verdict, Verdict::Deny);
        let p = load("commands:\n  disable: [TG-PERSIST-WRITE]\n");
        assert!(writes(&p, "~/.zshrc").is_empty());
    }
}
