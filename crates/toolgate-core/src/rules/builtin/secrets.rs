//! Secrets recognised by their value, in current formats. A field *name* alone never matches:
//! `{"password": null}` and `def reset_password` are fine; `sk-` inside `task-…` is not a key.
//! Patterns are case-sensitive (`(?-i)`) where the format is, and documentation placeholders
//! (`EXAMPLE`, runs of `x`) do not count.

use super::RuleSpec;
use crate::{Severity::*, WorkflowAction::*};

const TAGS: &[&str] = &["secrets"];

macro_rules! secret {
    ($id:literal, $text:literal, $sub:literal, [$($p:literal),+ $(,)?]) => {
        RuleSpec {
            id: $id,
            text: $text,
            severity: Critical,
            action: Block,
            keywords: &[],
            patterns: &[$($p),+],
            category: "secrets",
            subcategory: $sub,
            depends_on: &[],
            tags: TAGS,
        }
    };
}

pub(super) const RULES: &[RuleSpec] = &[
    secret!(
        "TG-SECRET-OPENAI",
        "Tool calls must not contain an OpenAI API key",
        "openai",
        [
            r"(?-i)\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}",
            r"(?-i)\bsk-[A-Za-z0-9]{32,}\b",
        ]
    ),
    secret!(
        "TG-SECRET-ANTHROPIC",
        "Tool calls must not contain an Anthropic API key",
        "anthropic",
        [r"(?-i)\bsk-ant-[a-z]{3,5}[0-9]{2}-[A-Za-z0-9_-]{93}AA(?:[^A-Za-z0-9_-]|$)",]
    ),
    secret!(
        "TG-SECRET-GITHUB",
        "Tool calls must not contain a GitHub token",
        "github",
        [
            r"(?-i)\bgh[pousr]_[A-Za-z0-9]{36}\b",
            r"(?-i)\bgithub_pat_[A-Za-z0-9_]{82}\b",
        ]
    ),
    secret!(
        "TG-SECRET-AWS-KEY-ID",
        "Tool calls must not contain an AWS access key id",
        "aws",
        [r"(?-i)\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z2-7]{16}\b",]
    ),
    secret!(
        "TG-SECRET-AWS-SECRET",
        "Tool calls must not contain an AWS secret access key",
        "aws",
        [
            r#"(?i)(?:aws_?secret_?(?:access_?)?key|secret_?access_?key)["']?\s*[:=]\s*["']?(?-i:[A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+=]|$)"#,
        ]
    ),
    secret!(
        "TG-SECRET-SLACK",
        "Tool calls must not contain a Slack token",
        "slack",
        [
            r"(?-i)\bxox[abpe]-(?:[0-9]{10,13}-){1,3}[0-9]*[A-Za-z][A-Za-z0-9-]{7,}",
            r"(?-i)\bxox[ors]-[0-9]+-[0-9]+-[0-9]+-[a-fA-F0-9]{8,}",
            r"(?-i)\bxoxe(?:\.xox[bp])?-[0-9]-[A-Za-z0-9]{100,}",
        ]
    ),
    secret!(
        "TG-SECRET-STRIPE",
        "Tool calls must not contain a live Stripe key",
        "stripe",
        [r"(?-i)\b[sr]k_live_[A-Za-z0-9]{20,}\b",]
    ),
    secret!(
        "TG-SECRET-GOOGLE",
        "Tool calls must not contain a Google API key",
        "google",
        [r"(?-i)\bAIza[0-9A-Za-z_-]{35}(?:[^0-9A-Za-z_-]|$)",]
    ),
    secret!(
        "TG-SECRET-PRIVATE-KEY",
        "Tool calls must not contain a private key",
        "private-key",
        [
            r"(?-i)-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S]{0,200}?[A-Za-z0-9+/=]{40,}",
        ]
    ),
    secret!(
        "TG-SECRET-JWT",
        "Tool calls must not contain a JSON Web Token",
        "jwt",
        [r"(?-i)\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}",]
    ),
];
