//! `exfiltration:`: the named sources a policy lets flow to named hosts.
//!
//! ```yaml
//! exfiltration:
//!   allow:
//!     - source: aws_credentials         # a source name, or a list of them
//!       hosts: ["*.amazonaws.com"]      # network patterns, as in `network.allow`
//! ```
//!
//! Without an entry, a secret flowing to a network sink is denied whatever the destination
//! (rule `TG-EXFIL-SECRET-UPLOAD`): an allowed host can still receive what it should not.
//! The sources are [`toolgate_core::path_class::SECRET_SOURCES`]. A pattern matching every
//! host (`*`) is refused: turn the pack off (`commands.packs.exfiltration: off`) instead.

use toolgate_core::egress::{CanonicalHost, HostPattern, PatternKind};
use toolgate_core::path_class::SecretSource;

use crate::diagnostic::Diagnostics;
use crate::document::{Node, Position, Value};
use crate::reader::{MapReader, closest, expect_string_list};

/// One `allow` entry: these sources may go to these hosts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExfiltrationGrant {
    /// The sources.
    pub sources: Vec<SecretSource>,
    /// The hosts they may go to.
    pub hosts: Vec<HostPattern>,
}

/// The `exfiltration:` section.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExfiltrationSettings {
    /// The grants, in file order.
    pub allow: Vec<ExfiltrationGrant>,
}

impl ExfiltrationSettings {
    /// Whether `source` may flow to `host` (on `port`, when known).
    pub fn allows(&self, source: SecretSource, host: &CanonicalHost, port: Option<u16>) -> bool {
        let dest = HostPattern::new(PatternKind::Exact(host.clone()), port);
        self.allow
            .iter()
            .any(|g| g.sources.contains(&source) && g.hosts.iter().any(|p| p.covers(&dest)))
    }
}

/// The keys of an `allow` entry.
pub const GRANT_KEYS: &[&str] = &["source", "hosts"];

/// Reads the `exfiltration:` section.
pub fn read_exfiltration(node: &Node, diags: &mut Diagnostics) -> ExfiltrationSettings {
    let mut out = ExfiltrationSettings::default();
    let Some(mut map) = MapReader::new(node, "exfiltration", diags) else {
        return out;
    };
    if let Some(list) = map.take("allow") {
        match list.as_sequence() {
            Some(items) => {
                for (i, item) in items.iter().enumerate() {
                    if let Some(g) = read_grant(item, &format!("exfiltration.allow[{i}]"), diags) {
                        out.allow.push(g);
                    }
                }
            }
            None => diags.error_hint(
                "wrong-type",
                list.position,
                format!(
                    "`exfiltration.allow` must be a list, found {}",
                    list.type_name()
                ),
                "write `- source: NAME` entries with `hosts: [...]`",
            ),
        }
    }
    map.finish(&["allow"], diags);
    out
}

fn read_grant(node: &Node, path: &str, diags: &mut Diagnostics) -> Option<ExfiltrationGrant> {
    let mut map = MapReader::new(node, path, diags)?;
    let mut ok = true;
    let mut sources = Vec::new();
    let names: Vec<(&str, Position)> = match map.take("source") {
        Some(n) => match &n.value {
            Value::String(s) => vec![(s.as_str(), n.position)],
            _ => expect_string_list(n, &format!("{path}.source"), diags).unwrap_or_default(),
        },
        None => {
            diags.error_hint(
                "missing-key",
                node.position,
                format!("`{path}` has no `source`"),
                format!(
                    "add `source:` with one of: {}",
                    SecretSource::names().join(", ")
                ),
            );
            return None;
        }
    };
    for (name, pos) in names {
        match SecretSource::parse(name) {
            Some(s) => sources.push(s),
            None => {
                ok = false;
                let hint = match closest(name, &SecretSource::names()) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!("the sources are: {}", SecretSource::names().join(", ")),
                };
                diags.error_hint(
                    "unknown-source",
                    pos,
                    format!("`{path}.source` names no secret source `{name}`"),
                    hint,
                );
            }
        }
    }
    let mut hosts = Vec::new();
    match map.string_list("hosts", diags) {
        Some((list, _)) => {
            for (text, pos) in list {
                match HostPattern::parse(text) {
                    Ok(p) if p.is_any() => {
                        ok = false;
                        diags.error_hint(
                            "invalid-pattern",
                            pos,
                            format!("`{path}.hosts` must name hosts, not every host"),
                            "list the hosts the source may go to, or turn the check off with `commands.packs.exfiltration: off`",
                        );
                    }
                    Ok(p) => hosts.push(p),
                    Err(e) => {
                        ok = false;
                        diags.error_hint(
                            "invalid-pattern",
                            pos,
                            format!("`{path}.hosts`: {e}"),
                            e.hint(),
                        );
                    }
                }
            }
        }
        None => {
            diags.error_hint(
                "missing-key",
                node.position,
                format!("`{path}` has no `hosts`"),
                "add `hosts: [\"host.example\"]`",
            );
            ok = false;
        }
    }
    map.finish(GRANT_KEYS, diags);
    (ok && !sources.is_empty()).then_some(ExfiltrationGrant { sources, hosts })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{Format, parse_document};

    fn read(yaml: &str) -> (ExfiltrationSettings, Diagnostics) {
        let doc = parse_document(yaml, Format::Yaml).unwrap();
        let mut diags = Diagnostics::new();
        let node = &doc.as_mapping().unwrap()[0].1;
        (read_exfiltration(node, &mut diags), diags)
    }

    fn host(s: &str) -> CanonicalHost {
        toolgate_core::egress::canonicalize_host(s).unwrap()
    }

    #[test]
    fn a_grant_opens_named_sources_to_named_hosts() {
        let (s, d) = read(
            "exfiltration:\n  allow:\n    - source: [aws_credentials, dotenv]\n      hosts: [\"*.amazonaws.com\", \"deploy.example:443\"]\n",
        );
        assert!(!d.has_errors(), "{:?}", d.items());
        assert!(s.allows(
            SecretSource::AwsCredentials,
            &host("s3.amazonaws.com"),
            None
        ));
        assert!(s.allows(SecretSource::DotEnv, &host("deploy.example"), Some(443)));
        assert!(!s.allows(SecretSource::DotEnv, &host("deploy.example"), Some(80)));
        assert!(!s.allows(SecretSource::SshPrivateKey, &host("s3.amazonaws.com"), None));
        assert!(!s.allows(SecretSource::AwsCredentials, &host("evil.example"), None));
        assert!(!ExfiltrationSettings::default().allows(
            SecretSource::AwsCredentials,
            &host("s3.amazonaws.com"),
            None
        ));
    }

    #[test]
    fn errors_are_positioned_with_suggestions() {
        let (_, d) = read(
            "exfiltration:\n  allow:\n    - source: aws_credential\n      hosts: [a.example]\n",
        );
        let e = d.errors().next().unwrap();
        assert_eq!(e.code, "unknown-source");
        assert_eq!(
            e.position(),
            Position {
                line: 3,
                column: 15
            }
        );
        assert_eq!(e.hint.as_deref(), Some("did you mean `aws_credentials`?"));
        for yaml in [
            "exfiltration:\n  allow:\n    - source: dotenv\n      hosts: [\"*\"]\n",
            "exfiltration:\n  allow:\n    - source: dotenv\n",
            "exfiltration:\n  allow:\n    - hosts: [a.example]\n",
            "exfiltration:\n  allow:\n    - source: dotenv\n      hosts: [a.example]\n      to: x\n",
            "exfiltration:\n  alow: []\n",
            "exfiltration:\n  allow: x\n",
        ] {
            assert!(read(yaml).1.has_errors(), "{yaml}");
        }
    }
}
