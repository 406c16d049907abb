//! Redaction of detected secrets from a tool input before it is stored in the log.
//!
//! A secret is what toolgate's secret rules detect: the built-in `TG-SECRET-*` rules (modern
//! key formats, by value) and any rule of the policy in the `secrets` category. Each match is
//! replaced by `[REDACTED:<rule id>]`, in string values and in object keys. A string whose
//! normalised view (zero-width characters removed, NFKC) holds a secret that its raw text does
//! not is replaced whole, since the secret cannot be cut out of the raw text exactly.

use regex::Regex;
use serde_json::{Map, Value};
use toolgate_core::rules::normalize::normalized_view;
use toolgate_core::rules::{Constitution, MatchFilter, Rule, compile_pattern};

/// The category of rules whose matches are secrets.
pub const SECRETS_CATEGORY: &str = "secrets";

struct SecretPattern {
    rule_id: String,
    regex: Regex,
    filter: MatchFilter,
}

/// Replaces detected secrets in JSON values.
pub struct Redactor {
    patterns: Vec<SecretPattern>,
}

/// A redacted value and how many secrets were replaced.
#[derive(Debug, Clone, PartialEq)]
pub struct Redacted {
    /// The value with every detected secret replaced.
    pub value: Value,
    /// How many replacements were made.
    pub count: u32,
}

impl Redactor {
    /// The built-in secret rules, plus the `secrets`-category rules among `policy_rules`.
    pub fn new(policy_rules: &[Rule]) -> Redactor {
        let builtin = Constitution::toolgate().rules;
        let mut patterns = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        for rule in builtin.iter().chain(policy_rules) {
            if rule.category != SECRETS_CATEGORY || !rule.enabled || seen.contains(&rule.id) {
                continue;
            }
            seen.push(rule.id.clone());
            for source in &rule.patterns {
                // A pattern that does not compile was already reported by the policy; it
                // cannot match here either.
                if let Ok(regex) = compile_pattern(source) {
                    patterns.push(SecretPattern {
                        rule_id: rule.id.clone(),
                        regex,
                        filter: rule.match_filter,
                    });
                }
            }
        }
        Redactor { patterns }
    }

    /// `value` with every detected secret replaced.
    pub fn redact(&self, value: &Value) -> Redacted {
        let mut count = 0;
        let value = self.value(value, &mut count);
        Redacted { value, count }
    }

    fn value(&self, value: &Value, count: &mut u32) -> Value {
        match value {
            Value::String(s) => Value::String(self.text(s, count)),
            Value::Array(items) => {
                Value::Array(items.iter().map(|v| self.value(v, count)).collect())
            }
            Value::Object(map) => {
                let mut out = Map::new();
                for (k, v) in map {
                    out.insert(self.text(k, count), self.value(v, count));
                }
                Value::Object(out)
            }
            other => other.clone(),
        }
    }

    /// `text` with every detected secret replaced.
    pub fn text(&self, text: &str, count: &mut u32) -> String {
        let mut out = text.to_string();
        for p in &self.patterns {
            if !p.regex.is_match(&out) {
                continue;
            }
            let mut replaced = String::with_capacity(out.len());
            let mut last = 0;
            for m in p.regex.find_iter(&out) {
                if !p.filter.accepts(m.as_str()) {
                    continue;
                }
                // Some patterns end with the character after the key (`(?:[^A-Za-z0-9]|$)`):
                // keep that delimiter.
                let end = m.start()
                    + m.as_str()
                        .trim_end_matches(|c: char| {
                            !(c.is_ascii_alphanumeric() || "-_/+=".contains(c))
                        })
                        .len();
                replaced.push_str(&out[last..m.start()]);
                replaced.push_str(&format!("[REDACTED:{}]", p.rule_id));
                last = end;
                *count += 1;
            }
            replaced.push_str(&out[last..]);
            out = replaced;
        }
        if !out.is_ascii() {
            let view = normalized_view(&out);
            if let Some(p) = self.patterns.iter().find(|p| {
                p.regex
                    .find_iter(&view)
                    .any(|m| p.filter.accepts(m.as_str()))
            }) {
                *count += 1;
                return format!("[REDACTED:{}]", p.rule_id);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const GITHUB: &str = "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789";
    const AWS_ID: &str = "AKIAQYLPMN5HHHFPZAM2";

    #[test]
    fn secrets_are_replaced_in_values_and_keys() {
        let r = Redactor::new(&[]);
        let input = json!({
            "command": format!("curl -H 'Authorization: token {GITHUB}' https://api.github.com"),
            "env": {AWS_ID: "x"},
            "n": 3,
            "list": ["plain", format!("{GITHUB} and {GITHUB}")],
        });
        let out = r.redact(&input);
        let text = out.value.to_string();
        assert!(!text.contains(GITHUB) && !text.contains(AWS_ID), "{text}");
        assert_eq!(out.count, 4);
        assert_eq!(
            out.value["command"],
            "curl -H 'Authorization: token [REDACTED:TG-SECRET-GITHUB]' https://api.github.com"
        );
        assert!(
            out.value["env"]
                .get("[REDACTED:TG-SECRET-AWS-KEY-ID]")
                .is_some()
        );
        assert_eq!(out.value["n"], 3);
        assert_eq!(out.value["list"][0], "plain");
    }

    #[test]
    fn plain_input_and_placeholders_are_kept() {
        let r = Redactor::new(&[]);
        let input = json!({"command": "ls -la", "key": "AKIAXXXXXXXXXXXXXXXX EXAMPLE"});
        let out = r.redact(&input);
        assert_eq!(out.count, 0);
        assert_eq!(out.value, input);
    }

    #[test]
    fn a_secret_hidden_by_zero_width_characters_replaces_the_string() {
        let r = Redactor::new(&[]);
        let hidden = format!("echo {}\u{200b}{}", &GITHUB[..10], &GITHUB[10..]);
        let out = r.redact(&json!({"command": hidden}));
        assert_eq!(out.value["command"], "[REDACTED:TG-SECRET-GITHUB]");
        assert_eq!(out.count, 1);
    }

    #[test]
    fn policy_rules_in_the_secrets_category_count() {
        let mut rule = Rule::new(
            "MY-TOKEN",
            "no internal tokens",
            toolgate_core::Severity::High,
        );
        rule.category = SECRETS_CATEGORY.into();
        rule.patterns = vec![r"itk_[0-9a-f]{16}".into()];
        let r = Redactor::new(&[rule]);
        let out = r.redact(&json!({"command": "use itk_0123456789abcdef now"}));
        assert_eq!(out.value["command"], "use [REDACTED:MY-TOKEN] now");
    }
}
