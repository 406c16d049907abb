//! The text a tool call is matched against: claude-agent-acgs's `format_tool_call`, byte for
//! byte, so constitutions written for it match the same text here.

use std::borrow::Cow;
use std::ops::Range;

use serde_json::Value;

use super::fields::Fields;

/// The deepest nesting `format_tool_call` accepts (the top level is depth 0).
pub const MAX_DEPTH: usize = 32;

/// Why a tool call could not be rendered. Never carries input values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// The arguments nest deeper than [`MAX_DEPTH`] levels.
    #[error("ValueError: Tool call arguments are nested deeper than 32 levels.")]
    TooDeep,
}

/// Renders a tool call as claude-agent-acgs does: `tool: NAME`, `arguments:`, one
/// `path: value` line per leaf (or `(none)`), and a `normalized:` line when identifiers
/// humanize to something new.
pub fn render_tool_call(tool_name: &str, input: &Value) -> Result<String, RenderError> {
    render_tool_call_fields(tool_name, input).map(|r| r.text)
}

/// A rendered tool call with its fields (see [`Fields`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedCall {
    /// The text, byte for byte [`render_tool_call`]'s.
    pub text: String,
    /// Where each line (and each `normalized:` item) lies in it.
    pub fields: Fields,
}

/// Renders a tool call like [`render_tool_call`], and records its fields.
pub fn render_tool_call_fields(
    tool_name: &str,
    input: &Value,
) -> Result<RenderedCall, RenderError> {
    let mut buffers = Buffers::default();
    let len = render_into(tool_name, input, &mut buffers)?;
    Ok(RenderedCall {
        text: buffers.text,
        fields: Fields::new(buffers.fields, len),
    })
}

/// What a rendering writes: the text and its field ranges. A caller that renders many calls
/// keeps one and hands it to each (see [`render_into`]).
#[derive(Debug, Default)]
pub(crate) struct Buffers {
    /// The text, as [`RenderedCall::text`].
    pub(crate) text: String,
    /// The fields' content ranges (see [`Fields`]).
    pub(crate) fields: Vec<Range<usize>>,
}

/// Renders a tool call as [`render_tool_call_fields`] does, into `buffers` (whatever they
/// held is cleared first, their capacity kept); returns the text's length.
pub(crate) fn render_into(
    tool_name: &str,
    input: &Value,
    buffers: &mut Buffers,
) -> Result<usize, RenderError> {
    let mut leaves: Vec<(Cow<'_, str>, Leaf<'_>)> = match input {
        Value::Object(map) => Vec::with_capacity(map.len()),
        _ => Vec::with_capacity(1),
    };
    match input {
        Value::Object(map) => walk_object(map, "", 0, &mut leaves)?,
        other => walk(other, Cow::Borrowed("input"), 0, &mut leaves)?,
    }
    let Buffers { text: out, fields } = buffers;
    out.clear();
    out.reserve(64 + 32 * leaves.len());
    fields.clear();
    fields.reserve(leaves.len() + 4);
    out.push_str("tool: ");
    out.push_str(tool_name);
    fields.push(0..out.len());
    out.push('\n');
    let start = out.len();
    out.push_str("arguments:");
    fields.push(start..out.len());
    // Identifiers are considered in text order: the tool name, then each leaf's path and
    // (for a string) its value, as the leaves are rendered.
    let mut kept: Vec<String> = Vec::new();
    consider_identifier(tool_name, &mut kept);
    for (path, leaf) in &leaves {
        out.push('\n');
        let start = out.len();
        out.push_str(path);
        out.push_str(": ");
        let value_start = out.len();
        leaf.render_into(out);
        fields.push(start..out.len());
        consider_identifier(path, &mut kept);
        let value = &out[value_start..];
        if matches!(leaf, Leaf::Scalar(Value::String(_))) && is_identifier_value(value) {
            consider_identifier(value, &mut kept);
        }
    }
    if leaves.is_empty() {
        out.push('\n');
        let start = out.len();
        out.push_str("(none)");
        fields.push(start..out.len());
    }
    if !kept.is_empty() {
        out.push('\n');
        let mut start = out.len();
        out.push_str("normalized: ");
        for (i, item) in kept.iter().enumerate() {
            if i > 0 {
                out.push_str(" | ");
                start = out.len();
            }
            out.push_str(item);
            fields.push(start..out.len());
        }
    }
    Ok(out.len())
}

enum Leaf<'a> {
    Scalar(&'a Value),
    EmptyObject,
    EmptyArray,
}

impl Leaf<'_> {
    /// Appends the leaf's value as `format_tool_call` writes it.
    fn render_into(&self, out: &mut String) {
        match self {
            Leaf::EmptyObject => out.push_str("{}"),
            Leaf::EmptyArray => out.push_str("[]"),
            Leaf::Scalar(Value::String(s)) => collapse_whitespace_into(s, out),
            Leaf::Scalar(Value::Null) => out.push_str("null"),
            Leaf::Scalar(Value::Bool(b)) => out.push_str(if *b { "true" } else { "false" }),
            Leaf::Scalar(Value::Number(n)) => out.push_str(&python_number(n)),
            // Containers never reach here; render them defensively as JSON.
            Leaf::Scalar(other) => out.push_str(&other.to_string()),
        }
    }
}

fn walk<'a>(
    value: &'a Value,
    path: Cow<'a, str>,
    depth: usize,
    out: &mut Vec<(Cow<'a, str>, Leaf<'a>)>,
) -> Result<(), RenderError> {
    if depth > MAX_DEPTH {
        return Err(RenderError::TooDeep);
    }
    match value {
        Value::Object(map) if map.is_empty() => out.push((path, Leaf::EmptyObject)),
        Value::Object(map) => walk_object(map, &path, depth, out)?,
        Value::Array(items) if items.is_empty() => out.push((path, Leaf::EmptyArray)),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, Cow::Owned(format!("{path}[{i}]")), depth + 1, out)?;
            }
        }
        scalar => out.push((path, Leaf::Scalar(scalar))),
    }
    Ok(())
}

fn walk_object<'a>(
    map: &'a serde_json::Map<String, Value>,
    parent: &str,
    depth: usize,
    out: &mut Vec<(Cow<'a, str>, Leaf<'a>)>,
) -> Result<(), RenderError> {
    if depth > MAX_DEPTH {
        return Err(RenderError::TooDeep);
    }
    let mut visit = |key: &'a String, value: &'a Value| {
        let path = if parent.is_empty() {
            Cow::Borrowed(key.as_str())
        } else {
            Cow::Owned(format!("{parent}.{key}"))
        };
        walk(value, path, depth + 1, out)
    };
    // Rust's byte order on UTF-8 is code-point order, which is Python's str order. A map
    // kept in key order (serde_json's default) is walked as it is, without a sorted copy.
    if map.keys().is_sorted() {
        for (key, value) in map {
            visit(key, value)?;
        }
    } else {
        let mut keys: Vec<(&String, &Value)> = map.iter().collect();
        keys.sort_unstable_by(|a, b| a.0.cmp(b.0));
        for (key, value) in keys {
            visit(key, value)?;
        }
    }
    Ok(())
}

/// Python's `str.isspace()`: Unicode White_Space plus the information separators U+001C–U+001F.
pub fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// `" ".join(s.split())`.
pub fn collapse_whitespace(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    collapse_whitespace_into(s, &mut out);
    out
}

/// Appends [`collapse_whitespace`] of `s` to `out`.
fn collapse_whitespace_into(s: &str, out: &mut String) {
    if s.is_ascii() {
        return collapse_ascii_whitespace_into(s, out);
    }
    let mut first = true;
    for word in s.split(is_python_space).filter(|w| !w.is_empty()) {
        if !first {
            out.push(' ');
        }
        first = false;
        out.push_str(word);
    }
}

/// [`collapse_whitespace_into`] for an ASCII text, by bytes: the ASCII characters Python's
/// `str.split()` splits at are `\t \n \v \f \r`, space and `\x1c`-`\x1f`.
fn collapse_ascii_whitespace_into(s: &str, out: &mut String) {
    let space = |b: &u8| matches!(b, b'\t'..=b'\r' | b' ' | 0x1c..=0x1f);
    // Words already apart by single spaces (`ls -la`): the text is its own collapse. One
    // pass: no space but ` `, none first or last, never two in a row.
    let b = s.as_bytes();
    let mut after_space = true;
    let mut single_spaced = true;
    for c in b {
        if space(c) {
            if *c != b' ' || after_space {
                single_spaced = false;
                break;
            }
            after_space = true;
        } else {
            after_space = false;
        }
    }
    if single_spaced && (b.is_empty() || !after_space) {
        out.push_str(s);
        return;
    }
    let mut first = true;
    for word in s.as_bytes().split(space).filter(|w| !w.is_empty()) {
        if !first {
            out.push(' ');
        }
        first = false;
        // Whole ASCII runs cut at ASCII bytes: always valid UTF-8.
        out.push_str(std::str::from_utf8(word).unwrap_or_default());
    }
}

/// A JSON number as Python's `json.dumps` writes what `json.loads` read: integers exactly,
/// floats in `repr` form (`1.0`, `1e+100`, `1e-05`).
fn python_number(n: &serde_json::Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        return u.to_string();
    }
    python_float_repr(n.as_f64().unwrap_or(f64::NAN))
}

/// Python's `repr(float)`: the shortest round-trip digits, fixed notation for decimal
/// exponents in -4..16, scientific (`1e+16`, `1.5e-05`) otherwise.
pub fn python_float_repr(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let mut out = String::from(sign);
    if (-4..16).contains(&exp) {
        if exp >= 0 {
            let int_len = exp as usize + 1;
            if digits.len() <= int_len {
                out.push_str(&digits);
                out.extend(std::iter::repeat_n('0', int_len - digits.len()));
                out.push_str(".0");
            } else {
                out.push_str(&digits[..int_len]);
                out.push('.');
                out.push_str(&digits[int_len..]);
            }
        } else {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', (-exp - 1) as usize));
            out.push_str(&digits);
        }
    } else {
        out.push_str(&digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        out.push_str(&format!("{:02}", exp.unsigned_abs()));
    }
    out
}

/// `^[A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+|[A-Z][a-z0-9]+)+$`, at most 64 characters.
fn is_identifier_value(s: &str) -> bool {
    let b = s.as_bytes();
    if b.is_empty() || b.len() > 64 || !b[0].is_ascii_alphabetic() {
        return false;
    }
    // Greedy backtracking is not needed: the language is "a letter, then alphanumerics and
    // single separators, with at least one separator or one inner upper-case letter followed
    // by a lower-case letter or digit"; checked directly below.
    let mut i = 1;
    while i < b.len() && b[i].is_ascii_alphanumeric() {
        i += 1;
    }
    let head_end = i;
    // Case 1: the head itself contains a `[A-Z][a-z0-9]+` group after the first char.
    let mut groups = 0;
    if i == b.len() {
        return has_camel_group(&b[1..head_end]);
    }
    while i < b.len() {
        if b[i] != b'_' && b[i] != b'-' {
            return false;
        }
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_alphanumeric() {
            i += 1;
        }
        if i == start {
            return false;
        }
        groups += 1;
    }
    groups > 0
}

/// Whether `rest` (everything after the first letter, all alphanumeric) can be split as
/// `[A-Za-z0-9]*` followed by one or more `[A-Z][a-z0-9]+` groups.
fn has_camel_group(rest: &[u8]) -> bool {
    // The suffix must be a sequence of `[A-Z][a-z0-9]+` groups; it exists iff the text ends
    // with such a group, i.e. some upper-case letter is followed only by `[a-z0-9]`, at least one.
    let Some(last_upper) = rest.iter().rposition(|c| c.is_ascii_uppercase()) else {
        return false;
    };
    let tail = &rest[last_upper + 1..];
    !tail.is_empty()
        && tail
            .iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
}

/// Humanizes `identifier` and keeps it if it says something new.
fn consider_identifier(identifier: &str, kept: &mut Vec<String>) {
    // Letters and digits with no lower-to-upper step (`Bash`, `command`) humanize to their
    // own lower case, which is never kept: skip the copies.
    // One pass: every byte alphanumeric, no upper case after a lower-case letter or digit.
    let mut after_lower_or_digit = false;
    let plain = identifier.bytes().all(|c| {
        let ok = c.is_ascii_alphanumeric() && !(after_lower_or_digit && c.is_ascii_uppercase());
        after_lower_or_digit = c.is_ascii_lowercase() || c.is_ascii_digit();
        ok
    });
    if plain {
        return;
    }
    let (human, own_lower_case) = if identifier.is_ascii() {
        let human = humanize_ascii(identifier.as_bytes());
        let own = human.len() == identifier.len()
            && human
                .bytes()
                .zip(identifier.bytes())
                .all(|(h, i)| h == i.to_ascii_lowercase());
        (human, own)
    } else {
        let human = humanize(identifier);
        let own = human == identifier.to_lowercase();
        (human, own)
    };
    if human.is_empty() || own_lower_case || kept.contains(&human) {
        return;
    }
    kept.push(human);
}

/// [`humanize`] of an ASCII identifier in one pass and one string: a separator or a
/// lower-to-upper step starts a new word, words are joined by one space, all lower case.
fn humanize_ascii(identifier: &[u8]) -> String {
    let mut out = String::with_capacity(identifier.len() + 4);
    let mut after_lower_or_digit = false;
    let mut new_word = false;
    for &c in identifier {
        let separator = matches!(c, b'\t'..=b'\r' | b' ' | 0x1c..=0x1f)
            || matches!(c, b'_' | b'-' | b'.' | b'/' | b':' | b'[' | b']');
        if separator || (after_lower_or_digit && c.is_ascii_uppercase()) {
            new_word = true;
        }
        if !separator {
            if new_word && !out.is_empty() {
                out.push(' ');
            }
            new_word = false;
            out.push(char::from(c.to_ascii_lowercase()));
        }
        after_lower_or_digit = c.is_ascii_lowercase() || c.is_ascii_digit();
    }
    out
}

/// Splits camelCase, turns `_-./:[]` and whitespace runs into one space, lower-cases.
fn humanize(identifier: &str) -> String {
    let mut spaced = String::with_capacity(identifier.len() + 8);
    let mut prev: Option<char> = None;
    for c in identifier.chars() {
        if let Some(p) = prev
            && (p.is_ascii_lowercase() || p.is_ascii_digit())
            && c.is_ascii_uppercase()
        {
            spaced.push(' ');
        }
        let is_sep = is_python_space(c) || matches!(c, '_' | '-' | '.' | '/' | ':' | '[' | ']');
        spaced.push(if is_sep { ' ' } else { c });
        prev = Some(c);
    }
    collapse_whitespace(&spaced).to_lowercase()
}

#[cfg(test)]
mod tests;
