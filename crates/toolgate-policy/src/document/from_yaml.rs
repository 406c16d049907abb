//! YAML read into a positioned tree; JSON is read here too, once serde_json has accepted it
//! (JSON is YAML flow syntax, and this reader gives the positions and every key).

use serde::de::{Deserialize, Deserializer};

use super::raw_value::{KeyOf, NodeKind, RawValue};
use super::{Key, Node, Position, SyntaxError, Value};

struct YamlNode(Node);

impl<'de> Deserialize<'de> for YamlNode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let spanned = serde_saphyr::Spanned::<RawValue<YamlNode>>::deserialize(d)?;
        let position = Position {
            line: spanned.referenced.line() as u32,
            column: spanned.referenced.column() as u32,
        };
        Ok(YamlNode(spanned.value.into_node(position, |n| n.0)))
    }
}

struct YamlKey(Key);

impl<'de> Deserialize<'de> for YamlKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let spanned = serde_saphyr::Spanned::<RawValue<YamlNode>>::deserialize(d)?;
        let position = Position {
            line: spanned.referenced.line() as u32,
            column: spanned.referenced.column() as u32,
        };
        Ok(YamlKey(Key {
            name: spanned.value.key_text(),
            position,
        }))
    }
}

pub(super) fn parse_yaml(source: &str) -> Result<Node, SyntaxError> {
    if source.trim().is_empty() {
        return Ok(Node {
            value: Value::Null,
            position: Position { line: 1, column: 1 },
        });
    }
    let mut options = serde_saphyr::Options::default();
    options.with_snippet = false;
    // Every key reaches the tree; `find_duplicates` reports them in toolgate's words (the
    // library's own error names its option, which means nothing to a policy's author).
    options.duplicate_keys = serde_saphyr::DuplicateKeyPolicy::PassThrough;
    match serde_saphyr::from_str_with_options::<YamlNode>(source, options) {
        Ok(node) => Ok(node.0),
        Err(e) => {
            let position = e
                .location()
                .map(|l| Position {
                    line: l.line() as u32,
                    column: l.column() as u32,
                })
                .unwrap_or(Position::UNKNOWN);
            let mut message = e.to_string();
            // The position is reported separately.
            if let Some(rest) = message.strip_prefix("error: ") {
                message = rest.to_string();
            }
            if let Some(i) = message.find(" at line ") {
                message.truncate(i);
            }
            if message.starts_with("line ")
                && let Some(i) = message.find(": ")
            {
                message = message[i + 2..].to_string();
            }
            Err(SyntaxError {
                message: message.lines().next().unwrap_or("").trim().to_string(),
                position,
            })
        }
    }
}

impl<'de> KeyOf<'de> for YamlKey {
    fn into_key(self) -> Key {
        self.0
    }
}

impl<'de> NodeKind<'de> for YamlNode {
    type K = YamlKey;
}
