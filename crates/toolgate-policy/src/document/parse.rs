//! Parsing a document in any of the three formats into a tree: the size and depth limits,
//! syntax errors, and keys written twice in one mapping.

use super::from_toml::parse_toml;
use super::from_yaml::parse_yaml;
use super::{Format, Node, Position, Value};

/// A syntax error in a document, with its position when the parser gave one.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    /// What the parser said, without any snippet.
    pub message: String,
    /// Where, if known.
    pub position: Position,
}

/// Largest document accepted, in bytes.
pub const MAX_DOCUMENT_BYTES: usize = 4 * 1024 * 1024;
/// Deepest nesting accepted.
pub const MAX_DEPTH: usize = 64;

/// A key written more than once in one mapping. YAML and JSON parsers keep one of the values
/// (which one differs), so a later `allow: ["*"]` could silently win: policies refuse them.
#[derive(Debug, Clone, PartialEq)]
pub struct DuplicateKey {
    /// Dotted path of the mapping (`network`, `rules[2]`; empty at the top level).
    pub path: String,
    /// The key.
    pub key: String,
    /// Where it is first written.
    pub first: Position,
    /// Where it is written again (what the user must remove).
    pub again: Position,
}

impl DuplicateKey {
    /// What to do about a duplicate key.
    pub const HINT: &'static str = "remove one of the two entries or merge them: a key may appear only once (a later one would not override the earlier)";

    /// What is wrong, in toolgate's words.
    pub fn message(&self) -> String {
        let place = if self.path.is_empty() {
            "at the top level".to_string()
        } else {
            format!("in `{}`", self.path)
        };
        let first = if self.first.is_known() {
            format!(
                " (first written at line {}, column {})",
                self.first.line, self.first.column
            )
        } else {
            String::new()
        };
        format!("duplicate key `{}` {place}{first}", self.key)
    }
}

/// Parses `source` in `format` into a positioned tree. A key written twice in one mapping is
/// an error (the first one found; [`parse_document_all`] reports every one).
pub fn parse_document(source: &str, format: Format) -> Result<Node, SyntaxError> {
    let (node, duplicates) = parse_document_all(source, format)?;
    match duplicates.into_iter().next() {
        Some(d) => Err(SyntaxError {
            message: d.message(),
            position: d.again,
        }),
        None => Ok(node),
    }
}

/// Parses `source` in `format` into a positioned tree and lists every duplicate key instead
/// of stopping at the first, so that one run can report them with the document's other errors.
pub fn parse_document_all(
    source: &str,
    format: Format,
) -> Result<(Node, Vec<DuplicateKey>), SyntaxError> {
    if source.len() > MAX_DOCUMENT_BYTES {
        return Err(SyntaxError {
            message: format!(
                "the file is larger than {} MiB",
                MAX_DOCUMENT_BYTES / (1024 * 1024)
            ),
            position: Position::UNKNOWN,
        });
    }
    let node = match format {
        Format::Yaml => parse_yaml(source)?,
        Format::Json => {
            // serde_json is the authority on JSON syntax; the YAML parser (JSON is YAML flow
            // syntax) then supplies the positions and every key, duplicates included.
            if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(source) {
                return Err(SyntaxError {
                    message: strip_json_position(&e.to_string()),
                    // serde_json counts a position before a line's first character (an empty
                    // document, an end of input right after a newline) as column 0; toolgate's
                    // columns start at 1.
                    position: Position {
                        line: (e.line() as u32).max(1),
                        column: (e.column() as u32).max(1),
                    },
                });
            }
            match parse_yaml(source) {
                Ok(node) => node,
                // Valid JSON the YAML reader cannot take (should not happen): keep the values,
                // lose the positions.
                Err(_) => {
                    let value: serde_json::Value =
                        serde_json::from_str(source).map_err(|e| SyntaxError {
                            message: e.to_string(),
                            position: Position::UNKNOWN,
                        })?;
                    Node::from_json(&value)
                }
            }
        }
        Format::Toml => parse_toml(source)?,
    };
    check_depth(&node, 0)?;
    let mut duplicates = Vec::new();
    find_duplicates(&node, "", &mut duplicates);
    Ok((node, duplicates))
}

/// Every key written twice in one mapping, anywhere under `node`, in document order.
fn find_duplicates(node: &Node, path: &str, out: &mut Vec<DuplicateKey>) {
    match &node.value {
        Value::Sequence(items) => {
            for (i, item) in items.iter().enumerate() {
                find_duplicates(item, &format!("{path}[{i}]"), out);
            }
        }
        Value::Mapping(entries) => {
            let mut seen: std::collections::HashMap<&str, Position> =
                std::collections::HashMap::with_capacity(entries.len());
            for (key, value) in entries {
                if let Some(first) = seen.get(key.name.as_str()) {
                    out.push(DuplicateKey {
                        path: path.to_string(),
                        key: key.name.clone(),
                        first: *first,
                        again: key.position,
                    });
                } else {
                    seen.insert(&key.name, key.position);
                }
                let child = if path.is_empty() {
                    key.name.clone()
                } else {
                    format!("{path}.{}", key.name)
                };
                find_duplicates(value, &child, out);
            }
        }
        _ => {}
    }
}

fn check_depth(node: &Node, depth: usize) -> Result<(), SyntaxError> {
    if depth > MAX_DEPTH {
        return Err(SyntaxError {
            message: format!("the document is nested deeper than {MAX_DEPTH} levels"),
            position: node.position,
        });
    }
    match &node.value {
        Value::Sequence(items) => items.iter().try_for_each(|n| check_depth(n, depth + 1)),
        Value::Mapping(entries) => entries
            .iter()
            .try_for_each(|(_, n)| check_depth(n, depth + 1)),
        _ => Ok(()),
    }
}

fn strip_json_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}
