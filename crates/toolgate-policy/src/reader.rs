//! Strict, positioned reading of [`Node`]s: unknown keys and wrong types become diagnostics.

use crate::diagnostic::Diagnostics;
use crate::document::{Key, Node, Position, Value};

/// Reads the entries of one mapping, remembering which keys were taken, so that every key
/// left over at [`MapReader::finish`] is reported as unknown (with a "did you mean" hint).
pub struct MapReader<'a> {
    /// Dotted path of the mapping in the document (`network`, `rules[2]`), for messages.
    path: String,
    position: Position,
    entries: &'a [(Key, Node)],
    taken: Vec<bool>,
}

impl<'a> MapReader<'a> {
    /// Starts reading `node` as a mapping at `path`. Reports `wrong-type` and returns `None` if
    /// it is not one.
    pub fn new(node: &'a Node, path: &str, diags: &mut Diagnostics) -> Option<Self> {
        match &node.value {
            Value::Mapping(entries) => Some(MapReader {
                path: path.to_string(),
                position: node.position,
                taken: vec![false; entries.len()],
                entries,
            }),
            _ => {
                diags.error_hint(
                    "wrong-type",
                    node.position,
                    format!("`{path}` must be a mapping, found {}", node.type_name()),
                    "write `key: value` entries under it",
                );
                None
            }
        }
    }

    /// The path of this mapping.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Where the mapping starts.
    pub fn position(&self) -> Position {
        self.position
    }

    /// The path of a child key, for messages.
    pub fn child_path(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// Takes the value of `key`, if present.
    pub fn take(&mut self, key: &str) -> Option<&'a Node> {
        self.take_entry(key).map(|(_, v)| v)
    }

    /// Takes the key and value of `key`, if present. A key written twice (an error reported
    /// when the document is parsed) is read from its first entry; every entry under that name
    /// counts as taken, so none is reported again as unknown.
    pub fn take_entry(&mut self, key: &str) -> Option<(&'a Key, &'a Node)> {
        let mut first = None;
        for (i, (k, _)) in self.entries.iter().enumerate() {
            if k.name == key {
                self.taken[i] = true;
                first.get_or_insert(i);
            }
        }
        let (k, v) = &self.entries[first?];
        Some((k, v))
    }

    /// Whether the mapping has `key` (without taking it).
    pub fn has(&self, key: &str) -> bool {
        self.entries.iter().any(|(k, _)| k.name == key)
    }

    /// Takes a string value. Wrong types are reported; `null` counts as absent.
    pub fn string(&mut self, key: &str, diags: &mut Diagnostics) -> Option<(&'a str, Position)> {
        let node = self.take(key)?;
        expect_string(node, &self.child_path(key), diags).map(|s| (s, node.position))
    }

    /// Takes a boolean value.
    pub fn bool(&mut self, key: &str, diags: &mut Diagnostics) -> Option<(bool, Position)> {
        let node = self.take(key)?;
        match node.value {
            Value::Bool(b) => Some((b, node.position)),
            Value::Null => None,
            _ => {
                diags.error_hint(
                    "wrong-type",
                    node.position,
                    format!(
                        "`{}` must be a boolean, found {}",
                        self.child_path(key),
                        node.type_name()
                    ),
                    "write `true` or `false`",
                );
                None
            }
        }
    }

    /// Takes a list of strings. Reports a non-list and every non-string item.
    pub fn string_list(
        &mut self,
        key: &str,
        diags: &mut Diagnostics,
    ) -> Option<(Vec<(&'a str, Position)>, Position)> {
        let node = self.take(key)?;
        expect_string_list(node, &self.child_path(key), diags).map(|l| (l, node.position))
    }

    /// Reports every key not taken as `unknown-key`, suggesting the closest of `known`.
    pub fn finish(self, known: &[&str], diags: &mut Diagnostics) {
        for (i, (key, _)) in self.entries.iter().enumerate() {
            if self.taken[i] {
                continue;
            }
            let hint = match closest(&key.name, known) {
                Some(s) => format!("did you mean `{s}`?"),
                None => format!("known keys here are: {}", known.join(", ")),
            };
            let place = if self.path.is_empty() {
                "at the top level".to_string()
            } else {
                format!("in `{}`", self.path)
            };
            diags.error_hint(
                "unknown-key",
                key.position,
                format!("unknown key `{}` {place}", key.name),
                hint,
            );
        }
    }
}

/// Reads `node` as a string; reports `wrong-type` otherwise. `null` is `None` without a report.
pub fn expect_string<'a>(node: &'a Node, path: &str, diags: &mut Diagnostics) -> Option<&'a str> {
    match &node.value {
        Value::String(s) => Some(s),
        Value::Null => None,
        _ => {
            diags.error_hint(
                "wrong-type",
                node.position,
                format!("`{path}` must be a string, found {}", node.type_name()),
                "quote the value: \"...\"",
            );
            None
        }
    }
}

/// Reads `node` as a list of strings; reports a non-list and each non-string item.
pub fn expect_string_list<'a>(
    node: &'a Node,
    path: &str,
    diags: &mut Diagnostics,
) -> Option<Vec<(&'a str, Position)>> {
    match &node.value {
        Value::Sequence(items) => {
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                match &item.value {
                    Value::String(s) => out.push((s.as_str(), item.position)),
                    _ => diags.error_hint(
                        "wrong-type",
                        item.position,
                        format!("`{path}[{i}]` must be a string, found {}", item.type_name()),
                        "quote the value: \"...\"",
                    ),
                }
            }
            Some(out)
        }
        _ => {
            diags.error_hint(
                "wrong-type",
                node.position,
                format!(
                    "`{path}` must be a list of strings, found {}",
                    node.type_name()
                ),
                "write a list: [\"a\", \"b\"]",
            );
            None
        }
    }
}

/// The candidate closest to `word` by edit distance, if it is close enough to be a typo.
pub fn closest<'k>(word: &str, candidates: &[&'k str]) -> Option<&'k str> {
    let lower = word.to_ascii_lowercase();
    candidates
        .iter()
        .map(|c| (levenshtein(&lower, c), *c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != *cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{Format, parse_document};

    #[test]
    fn unknown_keys_are_reported_with_a_suggestion() {
        let doc = parse_document("network:\n  alow: [a.com]\n", Format::Yaml).unwrap();
        let mut diags = Diagnostics::new();
        let mut top = MapReader::new(&doc, "", &mut diags).unwrap();
        let net = top.take("network").unwrap();
        top.finish(&["network"], &mut diags);
        let r = MapReader::new(net, "network", &mut diags).unwrap();
        r.finish(&["allow", "deny", "methods"], &mut diags);
        let d = &diags.items()[0];
        assert_eq!(d.code, "unknown-key");
        assert_eq!(d.position(), Position { line: 2, column: 3 });
        assert_eq!(d.hint.as_deref(), Some("did you mean `allow`?"));
    }

    #[test]
    fn wrong_types_are_reported() {
        let doc = parse_document("allow: [1, b.com]\n", Format::Yaml).unwrap();
        let mut diags = Diagnostics::new();
        let mut top = MapReader::new(&doc, "", &mut diags).unwrap();
        let (list, _) = top.string_list("allow", &mut diags).unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(diags.items()[0].code, "wrong-type");
        assert!(diags.items()[0].message.contains("allow[0]"));
    }
}
