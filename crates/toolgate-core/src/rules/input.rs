//! Parsing a tool call's input from JSON text the way Python's `json.loads` reads it for
//! claude-agent-acgs, so that renderings agree byte for byte.

use std::borrow::Cow;

use serde_json::Value;

/// Parses JSON text (a tool call's input, or a whole hook event holding one) as Python's
/// `json.loads` would see its numbers: an integer beyond 64 bits is kept as a string of its
/// exact digits (Python keeps it exact; `serde_json` would round it to `f64`), and `-0` is the
/// integer 0 (`serde_json` reads it as the float `-0.0`). A digit string renders exactly as
/// Python prints the integer. Invalid JSON stays invalid.
pub fn parse_tool_input(text: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str(&python_integers(text))
}

/// Parses a JSON object whose member `input_key` holds a tool call's input (a hook event, with
/// `tool_input`): every other member is read strictly as JSON, so a huge integer where a
/// string belongs stays a number, and only the input gets [`parse_tool_input`]'s numbers.
pub fn parse_with_exact_input(text: &str, input_key: &str) -> Result<Value, serde_json::Error> {
    let mut value: Value = serde_json::from_str(text)?;
    if let Cow::Owned(rewritten) = python_integers(text) {
        let exact: Value = serde_json::from_str(&rewritten)?;
        if let (Some(slot), Some(input)) = (
            value.get_mut(input_key),
            exact.get(input_key).filter(|_| exact.is_object()),
        ) {
            *slot = input.clone();
        }
    }
    Ok(value)
}

/// Rewrites the integer literals `serde_json` cannot hold exactly; borrows when there are none.
fn python_integers(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut out: Option<String> = None;
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < bytes.len()
                    && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    i += 1;
                }
                let token = &text[start..i];
                if let Some(replacement) = integer_replacement(token) {
                    let o = out.get_or_insert_with(|| String::with_capacity(text.len() + 16));
                    o.push_str(&text[copied..start]);
                    o.push_str(&replacement);
                    copied = i;
                }
            }
            _ => i += 1,
        }
    }
    match out {
        Some(mut o) => {
            o.push_str(&text[copied..]);
            Cow::Owned(o)
        }
        None => Cow::Borrowed(text),
    }
}

/// `Some` for a valid JSON integer literal that must be rewritten.
fn integer_replacement(token: &str) -> Option<String> {
    let digits = token.strip_prefix('-').unwrap_or(token);
    let valid = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    if !valid {
        return None;
    }
    if token == "-0" {
        return Some("0".into());
    }
    if token.parse::<i64>().is_ok() || token.parse::<u64>().is_ok() {
        return None;
    }
    Some(format!("\"{token}\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_out_of_range_integers_and_minus_zero_are_rewritten() {
        let text = r#"{"a": 1, "b": -0, "c": 123456789012345678901234567890, "d": "99999999999999999999999", "e": 1e30, "f": -0.0, "g": [18446744073709551615, 18446744073709551616, -9223372036854775809]}"#;
        assert_eq!(
            python_integers(text),
            r#"{"a": 1, "b": 0, "c": "123456789012345678901234567890", "d": "99999999999999999999999", "e": 1e30, "f": -0.0, "g": [18446744073709551615, "18446744073709551616", "-9223372036854775809"]}"#
        );
        assert!(matches!(
            python_integers(r#"{"a": [1, 2.5, "x\"1"]}"#),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn only_the_input_member_gets_exact_integers() {
        let text = r#"{"tool_name": 123456789012345678901234567890, "tool_input": {"n": 123456789012345678901234567890, "z": -0}}"#;
        let v = parse_with_exact_input(text, "tool_input").unwrap();
        assert!(v["tool_name"].is_number());
        assert_eq!(
            v["tool_input"],
            serde_json::json!({"n": "123456789012345678901234567890", "z": 0})
        );
        let plain = r#"{"tool_name": "Bash", "tool_input": {"n": 1}}"#;
        assert_eq!(
            parse_with_exact_input(plain, "tool_input").unwrap(),
            serde_json::from_str::<Value>(plain).unwrap()
        );
        assert!(parse_with_exact_input("{\"tool_input\": [1,]}", "tool_input").is_err());
    }

    #[test]
    fn invalid_json_stays_invalid() {
        for bad in [
            "[0123456789012345678901234]",
            "[--123456789012345678901234]",
            "[123456789012345678901234567890abc]",
            "{\"a\": 123456789012345678901234567890",
        ] {
            assert!(parse_tool_input(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_tool_input("[-0, 123456789012345678901234567890]").unwrap(),
            serde_json::json!([0, "123456789012345678901234567890"])
        );
    }
}
