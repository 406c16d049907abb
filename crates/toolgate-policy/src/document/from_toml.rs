//! TOML read into a positioned tree: the reader gives byte offsets, turned into lines and
//! columns once the whole tree is read.

use serde::de::{Deserialize, Deserializer};

use super::raw_value::{KeyOf, NodeKind, RawValue};
use super::{Key, LineIndex, Node, Position, SyntaxError, Value};

struct TomlNode(Node, std::ops::Range<usize>);

impl<'de> Deserialize<'de> for TomlNode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let spanned = toml::Spanned::<RawValue<TomlNode>>::deserialize(d)?;
        let span = spanned.span();
        // Positions are filled in from byte offsets after parsing.
        let node = spanned.into_inner().into_node(Position::UNKNOWN, |n| {
            let mut node = n.0;
            node.position = byte_marker(n.1.start);
            node
        });
        Ok(TomlNode(node, span))
    }
}

struct TomlKey(Key);

impl<'de> Deserialize<'de> for TomlKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let spanned = toml::Spanned::<String>::deserialize(d)?;
        let start = spanned.span().start;
        Ok(TomlKey(Key {
            name: spanned.into_inner(),
            position: byte_marker(start),
        }))
    }
}

/// Byte offsets are carried in `column` with `line == u32::MAX` until converted.
fn byte_marker(offset: usize) -> Position {
    Position {
        line: u32::MAX,
        column: offset as u32,
    }
}

pub(super) fn parse_toml(source: &str) -> Result<Node, SyntaxError> {
    let lines = LineIndex::new(source);
    match toml::from_str::<TomlNode>(source) {
        Ok(TomlNode(mut node, span)) => {
            node.position = byte_marker(span.start);
            resolve_markers(&mut node, &lines);
            Ok(node)
        }
        Err(e) => {
            let position = e
                .span()
                .map(|s| lines.position(s.start))
                .unwrap_or(Position::UNKNOWN);
            Err(SyntaxError {
                message: e.message().trim().to_string(),
                position,
            })
        }
    }
}

fn resolve_markers(node: &mut Node, lines: &LineIndex) {
    if node.position.line == u32::MAX {
        node.position = lines.position(node.position.column as usize);
    }
    match &mut node.value {
        Value::Sequence(items) => items.iter_mut().for_each(|n| resolve_markers(n, lines)),
        Value::Mapping(entries) => entries.iter_mut().for_each(|(k, v)| {
            if k.position.line == u32::MAX {
                k.position = lines.position(k.position.column as usize);
            }
            resolve_markers(v, lines)
        }),
        _ => {}
    }
}

impl<'de> KeyOf<'de> for TomlKey {
    fn into_key(self) -> Key {
        self.0
    }
}

impl<'de> NodeKind<'de> for TomlNode {
    type K = TomlKey;
}
