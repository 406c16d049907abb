//! A format-independent document tree with source positions.
//!
//! YAML, JSON and TOML policy files are all parsed into [`Node`]s, so that every section reader
//! checks keys and types the same way and every diagnostic points at a line and column.
//!
//! Here: the tree. Parsing, its limits and its errors are in `parse`; the readers of YAML (JSON
//! too) and TOML in `from_yaml` and `from_toml`, with the serde visitor they share in
//! `raw_value`; byte offsets turned into lines and columns in `line_index`.

mod from_toml;
mod from_yaml;
mod line_index;
mod parse;
mod raw_value;

pub use line_index::LineIndex;
pub use parse::{
    DuplicateKey, MAX_DEPTH, MAX_DOCUMENT_BYTES, SyntaxError, parse_document, parse_document_all,
};

/// A 1-based line and column in a source file. `line == 0` means the position is unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Position {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub column: u32,
}

impl Position {
    /// A position that is not known (built-in defaults, values given programmatically).
    pub const UNKNOWN: Position = Position { line: 0, column: 0 };

    /// Whether the position points into a file.
    pub fn is_known(&self) -> bool {
        self.line > 0
    }
}

/// The format of a policy or constitution file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// YAML (`.yaml`, `.yml`, and any unknown extension).
    Yaml,
    /// JSON (`.json`).
    Json,
    /// TOML (`.toml`).
    Toml,
}

impl Format {
    /// The format a file name implies: `.json` and `.toml` by extension, YAML otherwise.
    pub fn from_path(path: &std::path::Path) -> Format {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(|e| e.to_ascii_lowercase())
            .as_deref()
        {
            Some("json") => Format::Json,
            Some("toml") => Format::Toml,
            _ => Format::Yaml,
        }
    }

    /// The format's name for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Format::Yaml => "YAML",
            Format::Json => "JSON",
            Format::Toml => "TOML",
        }
    }
}

/// A mapping key with its position.
#[derive(Debug, Clone, PartialEq)]
pub struct Key {
    /// The key as text (non-string keys are rendered as text).
    pub name: String,
    /// Where the key is written.
    pub position: Position,
}

/// A value in a document.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `null` / `~` / an empty YAML value.
    Null,
    /// A boolean.
    Bool(bool),
    /// An integer that fits in `i64`.
    Integer(i64),
    /// A floating point number (or an integer too large for `i64`).
    Float(f64),
    /// A string.
    String(String),
    /// A sequence / array.
    Sequence(Vec<Node>),
    /// A mapping / table, in document order.
    Mapping(Vec<(Key, Node)>),
}

/// A value with the position where it is written.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// The value.
    pub value: Value,
    /// Where the value starts.
    pub position: Position,
}

impl Node {
    /// A node without a known position.
    pub fn new(value: Value) -> Node {
        Node {
            value,
            position: Position::UNKNOWN,
        }
    }

    /// The name of the node's type, as used in "expected X, found Y" messages.
    pub fn type_name(&self) -> &'static str {
        match &self.value {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Integer(_) => "an integer",
            Value::Float(_) => "a number",
            Value::String(_) => "a string",
            Value::Sequence(_) => "a list",
            Value::Mapping(_) => "a mapping",
        }
    }

    /// The string, if this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The items, if this is a sequence.
    pub fn as_sequence(&self) -> Option<&[Node]> {
        match &self.value {
            Value::Sequence(items) => Some(items),
            _ => None,
        }
    }

    /// The entries, if this is a mapping.
    pub fn as_mapping(&self) -> Option<&[(Key, Node)]> {
        match &self.value {
            Value::Mapping(entries) => Some(entries),
            _ => None,
        }
    }

    /// The value of `key`, if this is a mapping that has it.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.as_mapping()?
            .iter()
            .find(|(k, _)| k.name == key)
            .map(|(_, v)| v)
    }

    /// Converts to a `serde_json::Value` (positions are dropped).
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::Value as J;
        match &self.value {
            Value::Null => J::Null,
            Value::Bool(b) => J::Bool(*b),
            Value::Integer(i) => J::from(*i),
            Value::Float(f) => serde_json::Number::from_f64(*f).map_or(J::Null, J::Number),
            Value::String(s) => J::String(s.clone()),
            Value::Sequence(items) => J::Array(items.iter().map(Node::to_json).collect()),
            Value::Mapping(entries) => J::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.name.clone(), v.to_json()))
                    .collect(),
            ),
        }
    }

    /// Builds a node tree from a `serde_json::Value` (no positions).
    pub fn from_json(value: &serde_json::Value) -> Node {
        use serde_json::Value as J;
        let value = match value {
            J::Null => Value::Null,
            J::Bool(b) => Value::Bool(*b),
            J::Number(n) => match n.as_i64() {
                Some(i) => Value::Integer(i),
                None => Value::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            J::String(s) => Value::String(s.clone()),
            J::Array(items) => Value::Sequence(items.iter().map(Node::from_json).collect()),
            J::Object(map) => Value::Mapping(
                map.iter()
                    .map(|(k, v)| {
                        (
                            Key {
                                name: k.clone(),
                                position: Position::UNKNOWN,
                            },
                            Node::from_json(v),
                        )
                    })
                    .collect(),
            ),
        };
        Node::new(value)
    }
}

#[cfg(test)]
mod tests;
