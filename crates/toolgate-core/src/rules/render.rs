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
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn collapsing_ascii_answers_as_python_split_and_join() {
        // Every string of up to six characters over a letter and the kinds of space.
        let alphabet = ['a', ' ', '\t', '\n', '\u{1c}'];
        let mut words = vec![String::new()];
        for _ in 0..6 {
            let mut longer = Vec::new();
            for w in &words {
                for c in alphabet {
                    let mut next = w.clone();
                    next.push(c);
                    let python: Vec<&str> = next
                        .split(is_python_space)
                        .filter(|w| !w.is_empty())
                        .collect();
                    assert_eq!(collapse_whitespace(&next), python.join(" "), "{next:?}");
                    longer.push(next);
                }
            }
            words = longer;
        }
    }

    #[test]
    fn the_ascii_humanizer_answers_as_the_general_one() {
        // Every string of up to four characters over letters of both cases, a digit, each
        // separator and the ASCII spaces Python splits at.
        let alphabet: Vec<char> = "aZb9_-./:[] \t\u{b}\u{1c}\u{1f}".chars().collect();
        let mut words = vec![String::new()];
        let mut checked = 0;
        for _ in 0..4 {
            let mut longer = Vec::new();
            for w in &words {
                for c in &alphabet {
                    let mut next = w.clone();
                    next.push(*c);
                    assert_eq!(humanize_ascii(next.as_bytes()), humanize(&next), "{next:?}");
                    checked += 1;
                    longer.push(next);
                }
            }
            words = longer;
        }
        assert!(checked > 60_000);
        for id in [
            "file_path",
            "oldString",
            "HTTPServer",
            "mcp__fs__write_file",
            "a1B2c3",
            "x--y",
        ] {
            assert_eq!(humanize_ascii(id.as_bytes()), humanize(id), "{id}");
        }
    }

    #[test]
    fn identifiers_that_humanize_to_their_own_lower_case_are_not_kept() {
        for id in [
            "Bash",
            "command",
            "file_path",
            "oldString",
            "x2Y",
            "HTTP",
            "a1",
            "run-job",
        ] {
            let mut fast = Vec::new();
            consider_identifier(id, &mut fast);
            let human = humanize(id);
            let slow = !(human.is_empty() || human == id.to_lowercase());
            assert_eq!(!fast.is_empty(), slow, "{id}");
        }
    }

    #[test]
    fn floats_render_like_python_repr() {
        for (f, want) in [
            (1e100, "1e+100"),
            (1.0, "1.0"),
            (0.5, "0.5"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (-2.5e-7, "-2.5e-07"),
            (123.456, "123.456"),
            (-0.0, "-0.0"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
        ] {
            assert_eq!(python_float_repr(f), want, "{f}");
        }
    }

    #[test]
    fn identifier_regex_is_followed() {
        for yes in [
            "dryRun",
            "skip_audit",
            "skip-audit",
            "SkipAudit",
            "a_b_c",
            "aB1",
        ] {
            assert!(is_identifier_value(yes), "{yes}");
        }
        for no in [
            "skip",
            "SKIP",
            "skip audit",
            "_x",
            "a__b",
            "a_",
            "ABC",
            "aBC",
            "1a_b",
        ] {
            assert!(!is_identifier_value(no), "{no}");
        }
    }

    /// Buffers left by an earlier rendering (longer, shorter, with more or fewer fields, or a
    /// failed one) give what fresh ones give.
    #[test]
    fn reused_buffers_render_as_fresh_ones() {
        let deep = (0..40).fold(json!(1), |v, _| json!([v]));
        let calls = [
            ("Bash", json!({"command": "ls -la", "description": "List"})),
            (
                "Write",
                json!({"file_path": "/x/.env", "content": "A=1\n".repeat(300)}),
            ),
            (
                "mcp__deploy__run_job",
                json!({"job": "billing", "dryRun": false}),
            ),
            ("T", json!({})),
            ("T", json!([1, {"a": [], "b": {}}, null])),
            ("T", deep),
            ("Bash", json!({"command": "rm -rf build/"})),
        ];
        let mut buffers = Buffers::default();
        for _round in 0..2 {
            for (tool, input) in &calls {
                let fresh = render_tool_call_fields(tool, input);
                let reused = render_into(tool, input, &mut buffers).map(|len| RenderedCall {
                    text: buffers.text.clone(),
                    fields: Fields::new(buffers.fields.clone(), len),
                });
                assert_eq!(reused, fresh, "{tool} {input}");
            }
        }
    }

    #[test]
    fn the_d028_example_renders_exactly() {
        let text = render_tool_call(
            "mcp__deploy__run_job",
            &json!({"job": "billing", "dryRun": false, "command": "rm -rf /srv/data"}),
        )
        .unwrap();
        assert_eq!(
            text,
            "tool: mcp__deploy__run_job\narguments:\ncommand: rm -rf /srv/data\ndryRun: false\njob: billing\nnormalized: mcp deploy run job | dry run"
        );
    }

    #[test]
    fn fields_are_the_lines_and_the_normalized_items() {
        let call = render_tool_call_fields(
            "mcp__deploy__run_job",
            &json!({"job": "billing", "dryRun": false, "command": "rm -rf /srv/data"}),
        )
        .unwrap();
        let fields: Vec<&str> = call
            .fields
            .content()
            .iter()
            .map(|r| &call.text[r.clone()])
            .collect();
        assert_eq!(
            fields,
            vec![
                "tool: mcp__deploy__run_job",
                "arguments:",
                "command: rm -rf /srv/data",
                "dryRun: false",
                "job: billing",
                "normalized: mcp deploy run job",
                "dry run",
            ]
        );
        let empty = render_tool_call_fields("T", &json!({})).unwrap();
        assert_eq!(empty.text, "tool: T\narguments:\n(none)");
        assert_eq!(empty.fields.len(), 3);
    }

    #[test]
    fn python_whitespace_includes_separators() {
        assert_eq!(collapse_whitespace("\u{1c}a\u{3000}\u{2028}b\t"), "a b");
        assert_eq!(collapse_whitespace("a\u{200b}b"), "a\u{200b}b");
        for text in [
            "",
            " ",
            "a",
            " a  b\t\nc\x0b\x0cd\re\x1cf\x1d\x1e\x1fg ",
            "x\x1by",
            "\x00 \x7f",
        ] {
            let by_chars: Vec<&str> = text
                .split(is_python_space)
                .filter(|w| !w.is_empty())
                .collect();
            // Appended after text already there, as values are rendered in place.
            let mut out = String::from("path: ");
            collapse_ascii_whitespace_into(text, &mut out);
            assert_eq!(out, format!("path: {}", by_chars.join(" ")), "{text:?}");
        }
    }
}
