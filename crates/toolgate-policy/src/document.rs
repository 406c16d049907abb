//! A format-independent document tree with source positions.
//!
//! YAML, JSON and TOML policy files are all parsed into [`Node`]s, so that every section reader
//! checks keys and types the same way and every diagnostic points at a line and column.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

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

// ---- YAML -----------------------------------------------------------------------------------

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

fn parse_yaml(source: &str) -> Result<Node, SyntaxError> {
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

// ---- TOML -----------------------------------------------------------------------------------

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

fn parse_toml(source: &str) -> Result<Node, SyntaxError> {
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

/// Maps byte offsets to line and column.
pub struct LineIndex<'a> {
    source: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Indexes the line starts of `source`.
    pub fn new(source: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { source, starts }
    }

    /// The byte offset of a 1-based position (clamped to the source; an unknown position is
    /// the end).
    pub fn offset(&self, position: Position) -> usize {
        let Some(start) = (position.line as usize)
            .checked_sub(1)
            .and_then(|l| self.starts.get(l))
        else {
            return self.source.len();
        };
        let line = &self.source[*start..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        let column = (position.column as usize).saturating_sub(1);
        start
            + line
                .char_indices()
                .nth(column)
                .map_or(line.len(), |(i, _)| i)
    }

    /// The 1-based position of a byte offset.
    pub fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.source.len());
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        let column = self
            .source
            .get(start..offset)
            .map_or(1, |s| s.chars().count() + 1);
        Position {
            line: line as u32,
            column: column as u32,
        }
    }
}

// ---- shared visitor -------------------------------------------------------------------------

enum RawValue<N> {
    Null,
    Bool(bool),
    Integer(i64),
    Float(f64),
    String(String),
    Sequence(Vec<N>),
    Mapping(Vec<(Key, N)>),
}

impl<N> RawValue<N> {
    fn into_node(self, position: Position, convert: impl Fn(N) -> Node) -> Node {
        let value = match self {
            RawValue::Null => Value::Null,
            RawValue::Bool(b) => Value::Bool(b),
            RawValue::Integer(i) => Value::Integer(i),
            RawValue::Float(f) => Value::Float(f),
            RawValue::String(s) => Value::String(s),
            RawValue::Sequence(items) => Value::Sequence(items.into_iter().map(convert).collect()),
            RawValue::Mapping(entries) => {
                Value::Mapping(entries.into_iter().map(|(k, v)| (k, convert(v))).collect())
            }
        };
        Node { value, position }
    }

    fn key_text(&self) -> String {
        match self {
            RawValue::Null => "null".into(),
            RawValue::Bool(b) => b.to_string(),
            RawValue::Integer(i) => i.to_string(),
            RawValue::Float(f) => f.to_string(),
            RawValue::String(s) => s.clone(),
            RawValue::Sequence(_) => "<list>".into(),
            RawValue::Mapping(_) => "<mapping>".into(),
        }
    }
}

trait KeyOf<'de>: Deserialize<'de> {
    fn into_key(self) -> Key;
}
impl<'de> KeyOf<'de> for YamlKey {
    fn into_key(self) -> Key {
        self.0
    }
}
impl<'de> KeyOf<'de> for TomlKey {
    fn into_key(self) -> Key {
        self.0
    }
}

trait NodeKind<'de>: Deserialize<'de> {
    type K: KeyOf<'de>;
}
impl<'de> NodeKind<'de> for YamlNode {
    type K = YamlKey;
}
impl<'de> NodeKind<'de> for TomlNode {
    type K = TomlKey;
}

impl<'de, N: NodeKind<'de>> Deserialize<'de> for RawValue<N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(RawVisitor(std::marker::PhantomData))
    }
}

struct RawVisitor<N>(std::marker::PhantomData<N>);

impl<'de, N: NodeKind<'de>> Visitor<'de> for RawVisitor<N> {
    type Value = RawValue<N>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(RawValue::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(RawValue::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(RawValue::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(RawValue::Integer(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(i64::try_from(v).map_or(RawValue::Float(v as f64), RawValue::Integer))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Self::Value, E> {
        Ok(i64::try_from(v).map_or(RawValue::Float(v as f64), RawValue::Integer))
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Self::Value, E> {
        Ok(i64::try_from(v).map_or(RawValue::Float(v as f64), RawValue::Integer))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(RawValue::Float(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(RawValue::String(v.to_string()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(RawValue::String(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<N>()? {
            items.push(item);
        }
        Ok(RawValue::Sequence(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries: Vec<(Key, N)> = Vec::new();
        while let Some(key) = map.next_key::<N::K>()? {
            let key = key.into_key();
            let value = map.next_value::<N>()?;
            entries.push((key, value));
        }
        Ok(RawValue::Mapping(entries))
    }
}

#[cfg(test)]
#[path = "document_tests.rs"]
mod tests;
