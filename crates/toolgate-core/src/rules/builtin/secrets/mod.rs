//! Secrets recognised by their value, in current formats: one typed table, [`SECRET_FORMATS`],
//! from which the `TG-SECRET-*` rules are built. A field *name* alone never matches:
//! `{"password": null}` and `def reset_password` are fine; `sk-` inside `task-…` is not a key.
//! Patterns are case-sensitive (`(?-i)`) where the format is, and documentation placeholders
//! (`EXAMPLE`, runs of `x`) do not count.
//!
//! Each format carries its literal prefilter (checked against the extractor by a test, so the
//! hook never parses a pattern to find it), the gitleaks rule ids it covers (for the corpus
//! test), and a synthetic example, stored as prefix and body so that no complete key-shaped
//! string sits in the source. The tests check that every example is caught by its own rule
//! only, and that the example cut to half its body is not.
//!
//! Here: the types and the rule table, [`SECRET_RULES`]; the format table is in `formats`.

mod formats;

pub use formats::SECRET_FORMATS;

/// One `TG-SECRET-*` rule: the formats with this `id` are its patterns.
#[derive(Debug, Clone, Copy)]
pub struct SecretRule {
    /// The rule id.
    pub id: &'static str,
    /// The rule text, named in reasons.
    pub text: &'static str,
    /// The rule's subcategory.
    pub subcategory: &'static str,
}

/// One secret format.
#[derive(Debug, Clone, Copy)]
pub struct SecretFormat {
    /// The id of the rule whose pattern this is.
    pub rule: &'static str,
    /// Whose key it is and which kind, in words.
    pub what: &'static str,
    /// The pattern (Rust `regex` syntax).
    pub pattern: &'static str,
    /// The lower-cased literals one of which every match starts with: the regex is compiled
    /// only when one of them occurs in the text.
    pub prefilter: &'static [&'static str],
    /// The gitleaks rule ids for the same format.
    pub gitleaks: &'static [&'static str],
    /// Synthetic keys as (prefix, body); each must be caught.
    pub examples: &'static [(&'static str, &'static str)],
}

/// The `TG-SECRET-*` rules, in the order they are checked and reported.
pub const SECRET_RULES: &[SecretRule] = &[
    rule(
        "TG-SECRET-OPENAI",
        "openai",
        "Tool calls must not contain an OpenAI API key",
    ),
    rule(
        "TG-SECRET-ANTHROPIC",
        "anthropic",
        "Tool calls must not contain an Anthropic API key",
    ),
    rule(
        "TG-SECRET-GITHUB",
        "github",
        "Tool calls must not contain a GitHub token",
    ),
    rule(
        "TG-SECRET-GITLAB",
        "gitlab",
        "Tool calls must not contain a GitLab token",
    ),
    rule(
        "TG-SECRET-AWS-KEY-ID",
        "aws",
        "Tool calls must not contain an AWS access key id",
    ),
    rule(
        "TG-SECRET-AWS-SECRET",
        "aws",
        "Tool calls must not contain an AWS secret access key",
    ),
    rule(
        "TG-SECRET-AWS-BEDROCK",
        "aws",
        "Tool calls must not contain an Amazon Bedrock API key",
    ),
    rule(
        "TG-SECRET-SLACK",
        "slack",
        "Tool calls must not contain a Slack token or webhook",
    ),
    rule(
        "TG-SECRET-STRIPE",
        "stripe",
        "Tool calls must not contain a live Stripe key",
    ),
    rule(
        "TG-SECRET-GOOGLE",
        "google",
        "Tool calls must not contain a Google API key",
    ),
    rule(
        "TG-SECRET-PRIVATE-KEY",
        "private-key",
        "Tool calls must not contain a private key",
    ),
    rule(
        "TG-SECRET-JWT",
        "jwt",
        "Tool calls must not contain a JSON Web Token",
    ),
    rule(
        "TG-SECRET-HUGGINGFACE",
        "huggingface",
        "Tool calls must not contain a Hugging Face token",
    ),
    rule(
        "TG-SECRET-PACKAGE-REGISTRY",
        "package-registry",
        "Tool calls must not contain a package registry token (npm, PyPI, RubyGems)",
    ),
    rule(
        "TG-SECRET-CLOUD",
        "cloud",
        "Tool calls must not contain a cloud platform token (DigitalOcean, Alibaba Cloud, Heroku, Databricks, Artifactory)",
    ),
    rule(
        "TG-SECRET-SECRETS-MANAGER",
        "secrets-manager",
        "Tool calls must not contain a secrets manager token or key (HashiCorp Vault, 1Password, Doppler, age)",
    ),
    rule(
        "TG-SECRET-SERVICE",
        "service",
        "Tool calls must not contain an API token of a known service (SendGrid, Shopify, Postman, Grafana, Linear, Sentry, Perplexity, Notion, PlanetScale, Dynatrace, New Relic, Square)",
    ),
];

const fn rule(id: &'static str, subcategory: &'static str, text: &'static str) -> SecretRule {
    SecretRule {
        id,
        text,
        subcategory,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Verdict;
    use crate::rules::{Constitution, RuleSet, compile_pattern};

    fn secret_set() -> RuleSet {
        let rules = Constitution::toolgate()
            .rules
            .into_iter()
            .filter(|r| r.category == "secrets")
            .collect();
        RuleSet::new(rules).unwrap()
    }

    fn flagged(set: &RuleSet, text: &str) -> Vec<String> {
        let e = set.evaluate_text(text);
        if e.verdict == Verdict::Deny {
            e.rule_ids
        } else {
            Vec::new()
        }
    }

    #[test]
    fn rules_and_formats_agree() {
        let mut seen_rules: Vec<&str> = Vec::new();
        for f in SECRET_FORMATS {
            assert!(
                SECRET_RULES.iter().any(|r| r.id == f.rule),
                "{}: unknown rule {}",
                f.what,
                f.rule
            );
            // Grouped by rule, in rule order.
            if seen_rules.last() != Some(&f.rule) {
                assert!(!seen_rules.contains(&f.rule), "{} is not grouped", f.rule);
                seen_rules.push(f.rule);
            }
            assert!(!f.examples.is_empty(), "{}", f.what);
            assert!(compile_pattern(f.pattern).is_ok(), "{}", f.pattern);
        }
        let order: Vec<&str> = SECRET_RULES.iter().map(|r| r.id).collect();
        assert_eq!(seen_rules, order, "every rule has formats, in table order");
        let mut patterns: Vec<&str> = SECRET_FORMATS.iter().map(|f| f.pattern).collect();
        patterns.sort_unstable();
        patterns.dedup();
        assert_eq!(
            patterns.len(),
            SECRET_FORMATS.len(),
            "a pattern is listed twice"
        );
        for r in SECRET_RULES {
            assert!(
                r.id.starts_with("TG-SECRET-")
                    && r.text.starts_with("Tool calls must not contain ")
            );
        }
    }

    #[test]
    fn each_example_is_caught_by_its_own_rule_only() {
        let set = secret_set();
        for f in SECRET_FORMATS {
            let re = compile_pattern(f.pattern).unwrap();
            for (prefix, body) in f.examples {
                let key = format!("{prefix}{body}");
                assert!(re.is_match(&key), "{}: its example does not match", f.what);
                // Every match starts with one of the prefilter literals.
                let m = re.find(&key).unwrap();
                let found = key[m.start()..].to_ascii_lowercase();
                assert!(
                    f.prefilter.iter().any(|l| found.starts_with(l)),
                    "{}: the match does not start with its prefilter",
                    f.what
                );
                assert_eq!(flagged(&set, &key), vec![f.rule.to_string()], "{}", f.what);
            }
        }
    }

    #[test]
    fn a_cut_example_is_not_a_key() {
        let set = secret_set();
        for f in SECRET_FORMATS {
            for (prefix, body) in f.examples {
                let cut: String = body.chars().take(10).collect();
                let text = format!("{prefix}{cut}");
                assert_eq!(flagged(&set, &text), Vec::<String>::new(), "{}", f.what);
            }
        }
    }
}
