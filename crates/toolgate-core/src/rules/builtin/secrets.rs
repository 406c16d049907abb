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

/// Every secret format, grouped by rule in [`SECRET_RULES`] order.
pub const SECRET_FORMATS: &[SecretFormat] = &[
    SecretFormat {
        rule: "TG-SECRET-OPENAI",
        what: "OpenAI project, service-account or admin key",
        pattern: r"(?-i)\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}",
        prefilter: &["sk-proj-", "sk-svcacct-", "sk-admin-"],
        gitleaks: &["openai-api-key"],
        examples: &[(
            "sk-proj-",
            "QFWninKuQL24T2nWi4QyEy7E5A4Vmlgjqh1IP3XOT3BlbkFJmLpUlk7FJC_1OKAcy-Rc0xU-maJVEQVqamYaNXCQ",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-OPENAI",
        what: "OpenAI user key (legacy form)",
        pattern: r"(?-i)\bsk-[A-Za-z0-9]{32,}\b",
        prefilter: &["sk-"],
        gitleaks: &[],
        examples: &[("sk-", "U1NVQmi34Zs2g5bfULwWWPu7nmCEumgeC11JGW0Exdq4DIlD")],
    },
    SecretFormat {
        rule: "TG-SECRET-ANTHROPIC",
        what: "Anthropic API, admin or OAuth key (body 80–200 characters, ending `AA`)",
        pattern: r"(?-i)\bsk-ant-[a-z]{3,6}[0-9]{2}-[A-Za-z0-9_-]{80,200}AA(?:[^A-Za-z0-9_-]|$)",
        prefilter: &["sk-ant-"],
        gitleaks: &["anthropic-api-key", "anthropic-admin-api-key"],
        examples: &[
            (
                "sk-ant-api03-",
                "m_2vgCVDSVpN_blATFP_ylIkWp3nJo-Bl9P_Mh6Z9lYj681IBIbhMpv-GA8oOp1u-GIyIZyPdekT4WDtL4WXeV4Nw5LX_AA",
            ),
            (
                "sk-ant-oat01-",
                "6UfvV08-syJstfOBWJyGJRXB9m-lOdogSrzoYwykoTtkwiPIf_bAXMTqswyGllWHvJtWq_2aZEkJXUvpqd4XY_AA",
            ),
        ],
    },
    SecretFormat {
        rule: "TG-SECRET-GITHUB",
        what: "GitHub personal, OAuth, user, server or refresh token",
        pattern: r"(?-i)\bgh[pousr]_[A-Za-z0-9]{36,251}\b",
        prefilter: &["gho_", "ghp_", "ghr_", "ghs_", "ghu_"],
        gitleaks: &[
            "github-pat",
            "github-oauth",
            "github-app-token",
            "github-refresh-token",
        ],
        examples: &[("ghp_", "wrW87M6trGFu24twQOJB6l8Q7msPyA0slohK")],
    },
    SecretFormat {
        rule: "TG-SECRET-GITHUB",
        what: "GitHub fine-grained personal access token (current and shorter forms)",
        pattern: r"(?-i)\bgithub_pat_[A-Za-z0-9_]{36,244}\b",
        prefilter: &["github_pat_"],
        gitleaks: &["github-fine-grained-pat"],
        examples: &[
            (
                "github_pat_",
                "11CPN521N21BEI6GYAJQ4O_PtGBVNKnKJWy1svm8NyyVqSZvaUs8JzWPKcFuAAldw6vuqRzQAbp1MJM0xQ",
            ),
            ("github_pat_", "q8hOfjC5OGjjl7BdgmnJPJCIOvxlR7VH11DDSCpi"),
        ],
    },
    SecretFormat {
        rule: "TG-SECRET-GITLAB",
        what: "GitLab personal, project or group access token (classic and routable)",
        pattern: r"(?-i)\bglpat-[A-Za-z0-9_-]{20,}",
        prefilter: &["glpat-"],
        gitleaks: &["gitlab-pat", "gitlab-pat-routable"],
        examples: &[
            ("glpat-", "L41QRCCYckV--Va4_XfG"),
            ("glpat-", "P1gRKHBL4ldsfRH_DCv-5RVECMSfyH.01.422wnqxme"),
        ],
    },
    SecretFormat {
        rule: "TG-SECRET-GITLAB",
        what: "GitLab pipeline trigger, deploy, runner, CI job, feed, incoming mail, agent, OAuth application, SCIM or feature flag token",
        pattern: r"(?-i)\bgl(?:ptt-[0-9a-f]{40}|dt-[A-Za-z0-9_-]{20}|rt-[A-Za-z0-9_-]{20}|cbt-[A-Za-z0-9]{1,5}_[A-Za-z0-9_-]{20}|ft-[A-Za-z0-9_-]{20}|imt-[A-Za-z0-9_-]{25}|agent-[A-Za-z0-9_-]{50}|oas-[A-Za-z0-9_-]{64}|soat-[A-Za-z0-9_-]{20}|ffct-[A-Za-z0-9_-]{20})",
        prefilter: &[
            "glptt-", "gldt-", "glrt-", "glcbt-", "glft-", "glimt-", "glagent-", "gloas-",
            "glsoat-", "glffct-",
        ],
        gitleaks: &[
            "gitlab-ptt",
            "gitlab-deploy-token",
            "gitlab-runner-authentication-token",
            "gitlab-runner-authentication-token-routable",
            "gitlab-cicd-job-token",
            "gitlab-feed-token",
            "gitlab-incoming-mail-token",
            "gitlab-kubernetes-agent-token",
            "gitlab-oauth-app-secret",
            "gitlab-scim-token",
            "gitlab-feature-flag-client-token",
        ],
        examples: &[("glptt-", "7159bb23b8f26433747bdb1e8b101564350c9103")],
    },
    SecretFormat {
        rule: "TG-SECRET-AWS-KEY-ID",
        what: "AWS access key id",
        pattern: r"(?-i)\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z2-7]{16}\b",
        prefilter: &["akia", "asia", "abia", "acca", "a3t"],
        gitleaks: &["aws-access-token"],
        examples: &[("AKIA", "L2FCAIIBG3LQQVJY")],
    },
    SecretFormat {
        rule: "TG-SECRET-AWS-SECRET",
        what: "AWS secret access key, after its variable name",
        pattern: r#"(?i)(?:aws_?secret_?(?:access_?)?key|secret_?access_?key)["']?\s*[:=]\s*["']?(?-i:[A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+=]|$)"#,
        prefilter: &["aws_", "awss", "secr"],
        gitleaks: &[],
        examples: &[(
            "aws_secret_access_key = ",
            "biaJeUT7rrrRI3uy6dF1KM/n9+N8eeUBllIYcKPt",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-AWS-BEDROCK",
        what: "Amazon Bedrock long-term API key",
        pattern: r"(?-i)\bABSKQmVkcm9ja0FQSUtleS[A-Za-z0-9+/]{100,}",
        prefilter: &["abskqmvkcm9ja0fqsutles"],
        gitleaks: &["aws-amazon-bedrock-api-key-long-lived"],
        examples: &[(
            "ABSKQmVkcm9ja0FQSUtleS",
            "11KMARwBpVwfTk4Z5DEbvp3OTSj0IGPgrI/Ea5W2zrO+UNqDAc2qj6hU17DqDRVa8TN9TBbfKDtdTjKhnVOm4Hz2BiX0CTlme4fHFHqbtTDggAFLjxNqtnYiL=",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-SLACK",
        what: "Slack bot, user, app or workspace token",
        pattern: r"(?-i)\bxox[abpe]-(?:[0-9]{10,13}-){1,3}[0-9]*[A-Za-z][A-Za-z0-9-]{7,}",
        prefilter: &["xoxa-", "xoxb-", "xoxe-", "xoxp-"],
        gitleaks: &[
            "slack-bot-token",
            "slack-user-token",
            "slack-legacy-bot-token",
        ],
        examples: &[(
            "xoxb-",
            "061717440699-0886804908587-iV2aA822i8r7fQ47YaV2JlmJ",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-SLACK",
        what: "Slack legacy token",
        pattern: r"(?-i)\bxox[ors]-[0-9]+-[0-9]+-[0-9]+-[a-fA-F0-9]{8,}",
        prefilter: &["xoxo-", "xoxr-", "xoxs-"],
        gitleaks: &["slack-legacy-token", "slack-legacy-workspace-token"],
        examples: &[("xoxs-", "3172381272-3172381282-3172381292-7b9a4c1d0e2f")],
    },
    SecretFormat {
        rule: "TG-SECRET-SLACK",
        what: "Slack configuration access or refresh token",
        pattern: r"(?-i)\bxoxe(?:\.xox[bp])?-[0-9]-[A-Za-z0-9]{100,}",
        prefilter: &["xoxe.xoxb-", "xoxe.xoxp-", "xoxe-"],
        gitleaks: &["slack-config-access-token", "slack-config-refresh-token"],
        examples: &[(
            "xoxe.xoxp-1-",
            "Mi0yLTI3NjA5MjgzMjQ3ODctNzQ5MzQ3OTg3NDY1MS05MjY1NjEzMDQ4MzU3LTkyNjU2MTMwNzk5OTAtNmQ0MmM5NGE0ZGFhZGU5ZmY4ZDQ3YTQ",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-SLACK",
        what: "Slack incoming webhook or workflow URL",
        pattern: r"(?-i)\bhooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/]{43,56}",
        prefilter: &[
            "hooks.slack.com/services/",
            "hooks.slack.com/workflows/",
            "hooks.slack.com/triggers/",
        ],
        gitleaks: &["slack-webhook-url"],
        examples: &[(
            "https://hooks.slack.com/services/",
            "TWPKHY1YZ/BL2PZHWM6/NzJNWaEjOiKLsKbkHzyLrUOq",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-STRIPE",
        what: "Stripe live or production secret or restricted key",
        pattern: r"(?-i)\b[sr]k_(?:live|prod)_[A-Za-z0-9]{20,}\b",
        prefilter: &["rk_live_", "rk_prod_", "sk_live_", "sk_prod_"],
        gitleaks: &[],
        examples: &[("sk_live_", "05udSiY6WAEGLFRVyS2jmXRX")],
    },
    SecretFormat {
        rule: "TG-SECRET-GOOGLE",
        what: "Google API key",
        pattern: r"(?-i)\bAIza[0-9A-Za-z_-]{35}(?:[^0-9A-Za-z_-]|$)",
        prefilter: &["aiza"],
        gitleaks: &["gcp-api-key"],
        examples: &[("AIza", "lMTI494Z_437B__FcBPEj6PRzjl43r8tAR7")],
    },
    SecretFormat {
        rule: "TG-SECRET-PRIVATE-KEY",
        what: "PEM or PGP private key with its body",
        pattern: r"(?-i)-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S]{0,200}?[A-Za-z0-9+/=]{40,}",
        prefilter: &["-----begin"],
        gitleaks: &["private-key"],
        examples: &[(
            "-----BEGIN OPENSSH PRIVATE KEY-----\n",
            "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAA\n-----END OPENSSH PRIVATE KEY-----",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-JWT",
        what: "JSON Web Token",
        pattern: r"(?-i)\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}",
        prefilter: &["eyj"],
        gitleaks: &["jwt-base64"],
        examples: &[(
            "eyJhbGciOiJIUzI1NiJ9.",
            "eyJzdWIiOiIxMjM0NTY3ODkwIiwiaWF0IjoxNzAwMDAwMDAwfQ.3Qk1v6bYtPz9sLr2mWnXcE8fHaGdJ0uKiB",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-HUGGINGFACE",
        what: "Hugging Face user access token",
        pattern: r"(?-i)\bhf_[A-Za-z]{34}\b",
        prefilter: &["hf_"],
        gitleaks: &["huggingface-access-token"],
        examples: &[("hf_", "dpYgIiWNOELAMDjhQRrWLUQoumQLNdAuMN")],
    },
    SecretFormat {
        rule: "TG-SECRET-PACKAGE-REGISTRY",
        what: "npm access token",
        pattern: r"(?-i)\bnpm_[A-Za-z0-9]{36}\b",
        prefilter: &["npm_"],
        gitleaks: &["npm-access-token"],
        examples: &[("npm_", "K2mPAwRpK0NTxDD9Wc2aMnyLR0OXz62ifvxm")],
    },
    SecretFormat {
        rule: "TG-SECRET-PACKAGE-REGISTRY",
        what: "PyPI upload token",
        pattern: r"(?-i)\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}",
        prefilter: &["pypi-ageichlwas5vcmc"],
        gitleaks: &["pypi-upload-token"],
        examples: &[(
            "pypi-AgEIcHlwaS5vcmc",
            "Ky_32CFDxBAvX_NXOfMl6JM8tmgItJEDyEULB_CtGFI7DjZ54t4rMi0O_wgZ",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-PACKAGE-REGISTRY",
        what: "RubyGems API key",
        pattern: r"(?-i)\brubygems_[a-f0-9]{48}\b",
        prefilter: &["rubygems_"],
        gitleaks: &["rubygems-api-token"],
        examples: &[(
            "rubygems_",
            "3d9ba8c19a34adb90a57fabe4440872d5a169ebb126499b2",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-CLOUD",
        what: "DigitalOcean personal access, OAuth or refresh token",
        pattern: r"(?-i)\bdo[opr]_v1_[a-f0-9]{64}\b",
        prefilter: &["doo_v1_", "dop_v1_", "dor_v1_"],
        gitleaks: &[
            "digitalocean-pat",
            "digitalocean-access-token",
            "digitalocean-refresh-token",
        ],
        examples: &[(
            "dop_v1_",
            "0f2cb348a3069023e887318ce87e218753ec1ba9e5ee64bf5a6e8eccd621c4a5",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-CLOUD",
        what: "Alibaba Cloud access key id",
        pattern: r"(?-i)\bLTAI[A-Za-z0-9]{20}\b",
        prefilter: &["ltai"],
        gitleaks: &["alibaba-access-key-id"],
        examples: &[("LTAI", "hoG38zbDuPz8dXatMUIf")],
    },
    SecretFormat {
        rule: "TG-SECRET-CLOUD",
        what: "Heroku API key (current form)",
        pattern: r"(?-i)\bHRKU-AA[A-Za-z0-9_-]{58}(?:[^A-Za-z0-9_-]|$)",
        prefilter: &["hrku-aa"],
        gitleaks: &["heroku-api-key-v2"],
        examples: &[(
            "HRKU-AA",
            "maRuAdkMvpurEJ7hPazFDJ16eVec__rO-97XWKpQqe8Kh6_Lf_Mf4RVcKD",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-CLOUD",
        what: "Databricks personal access token",
        pattern: r"(?-i)\bdapi[a-f0-9]{32}(?:-[0-9])?\b",
        prefilter: &["dapi"],
        gitleaks: &["databricks-api-token"],
        examples: &[("dapi", "8f1d5bd6bc13fddbad3569b103226289")],
    },
    SecretFormat {
        rule: "TG-SECRET-CLOUD",
        what: "JFrog Artifactory API key",
        pattern: r"(?-i)\bAKCp[A-Za-z0-9]{69}\b",
        prefilter: &["akcp"],
        gitleaks: &["artifactory-api-key"],
        examples: &[(
            "AKCp",
            "WEKmteNDkTjQJnZM93MSSxqGzrYRCGCeZKratnqZn1F5yfJ4O3oofoyY4tULBfFsVh5QA",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-SECRETS-MANAGER",
        what: "HashiCorp Vault service or batch token (current forms)",
        pattern: r"(?-i)\b(?:hvs\.[A-Za-z0-9_-]{90,}|hvb\.[A-Za-z0-9_-]{138,})",
        prefilter: &["hvs.", "hvb."],
        gitleaks: &["vault-service-token", "vault-batch-token"],
        examples: &[(
            "hvs.",
            "gsiuWWY22ECkGvfjibnrmIrlmlQ4S8xf0o3BnrnRz10C-cTz2Os8jkocSEmt7UQ2N-sK8D7K196R-9IdVdqvHfct1cO7anK",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-SECRETS-MANAGER",
        what: "1Password service account token",
        pattern: r"(?-i)\bops_eyJ[A-Za-z0-9+/]{250,}",
        prefilter: &["ops_eyj"],
        gitleaks: &["1password-service-account-token"],
        examples: &[(
            "ops_eyJ",
            "Fv1ew89Tl9IrOvF2+uXiWJCY5+acQ66jDDLkRXaTf/zbkRKLl1zntQjORYpubrku7ObmTgBKMYma1cP24x1DnAtOgGOqg6R7CQDFALH6IcfWJynZDGj7GsYuFQCSlZFoKJYlJtdr61bbKaUB/OWjlgUahBTeT0H1vDE4UbjU4G1NCpbmdL/JaQMdjglHmuhkMAFxk3+3KnSjb1b1ZCwgEBpQ2oaD2EZPkv6Hg1SqFexeu15T8U3og9eiaLSHVgIlockG",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-SECRETS-MANAGER",
        what: "Doppler personal token",
        pattern: r"(?-i)\bdp\.pt\.[A-Za-z0-9]{43}\b",
        prefilter: &["dp.pt."],
        gitleaks: &["doppler-api-token"],
        examples: &[("dp.pt.", "hUu6P9LXHiox3VpteD5dSMmRZ4kw5iMekIbNVhYFuGk")],
    },
    SecretFormat {
        rule: "TG-SECRET-SECRETS-MANAGER",
        what: "age secret key",
        pattern: r"(?-i)\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b",
        prefilter: &["age-secret-key-1"],
        gitleaks: &["age-secret-key"],
        examples: &[(
            "AGE-SECRET-KEY-1",
            "8G7MEZJTWS767Z5TJNAWPLWU0F0HHY0YRLEA757XDC2RW0ZSCX9PFQEYUW",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-SERVICE",
        what: "SendGrid API key",
        pattern: r"(?-i)\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?:[^A-Za-z0-9_-]|$)",
        prefilter: &["sg."],
        gitleaks: &["sendgrid-api-token"],
        examples: &[(
            "SG.",
            "wJLdK_hHU_4hIhfSEpNb5d.cZ4BBENQfgx0W6K3tsUuvaPwJo0Xwq9n16E360BgyGT",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-SERVICE",
        what: "Shopify access token or shared secret",
        pattern: r"(?-i)\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b",
        prefilter: &["shpat_", "shpca_", "shppa_", "shpss_"],
        gitleaks: &[
            "shopify-access-token",
            "shopify-custom-access-token",
            "shopify-private-app-access-token",
            "shopify-shared-secret",
        ],
        examples: &[("shpat_", "0262d8ad7de2e6789dbd89fb491c0cbe")],
    },
    SecretFormat {
        rule: "TG-SECRET-SERVICE",
        what: "Postman API key",
        pattern: r"(?-i)\bPMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}\b",
        prefilter: &["pmak-"],
        gitleaks: &["postman-api-token"],
        examples: &[(
            "PMAK-",
            "48e72b8eafca652f2b242918-987461524f88d3a5563367592055829ed0",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-SERVICE",
        what: "Grafana service account token",
        pattern: r"(?-i)\bglsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}\b",
        prefilter: &["glsa_"],
        gitleaks: &["grafana-service-account-token"],
        examples: &[("glsa_", "xZjhsby4ZEnhSXcyBx7fKv2CKBBZ1FDU_9018b278")],
    },
    SecretFormat {
        rule: "TG-SECRET-SERVICE",
        what: "Linear API key",
        pattern: r"(?-i)\blin_api_[A-Za-z0-9]{40}\b",
        prefilter: &["lin_api_"],
        gitleaks: &["linear-api-key"],
        examples: &[("lin_api_", "9N3MlviLgfRirEp98psPI1zZ02O1QDZDC6NmDRCm")],
    },
    SecretFormat {
        rule: "TG-SECRET-SERVICE",
        what: "Sentry user auth token",
        pattern: r"(?-i)\bsntryu_[a-f0-9]{64}\b",
        prefilter: &["sntryu_"],
        gitleaks: &["sentry-user-token"],
        examples: &[(
            "sntryu_",
            "2e489b9bcada7c6a59041c72adbd8ec40372bb6ee7385ff51ae825372147019c",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-SERVICE",
        what: "Perplexity API key",
        pattern: r"(?-i)\bpplx-[A-Za-z0-9]{48}\b",
        prefilter: &["pplx-"],
        gitleaks: &["perplexity-api-key"],
        examples: &[("pplx-", "1BCxxp1EU380eeGtp7fc0pvbieZgBvvrEm5RdrutjHC5IHw8")],
    },
    SecretFormat {
        rule: "TG-SECRET-SERVICE",
        what: "Notion integration token",
        pattern: r"(?-i)\bntn_[0-9]{11}[A-Za-z0-9]{35}\b",
        prefilter: &["ntn_"],
        gitleaks: &["notion-api-token"],
        examples: &[("ntn_", "701207790797pi6eA4WmHzNeUZwLY4ZX1IWJiWWe9rwSlL")],
    },
    SecretFormat {
        rule: "TG-SECRET-SERVICE",
        what: "PlanetScale token, OAuth token or password",
        pattern: r"(?-i)\bpscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.=-]{32,64}",
        prefilter: &["pscale_tkn_", "pscale_pw_", "pscale_oauth_"],
        gitleaks: &[
            "planetscale-api-token",
            "planetscale-password",
            "planetscale-oauth-token",
        ],
        examples: &[("pscale_tkn_", "9Zlk7jRO0FmZLeXDn8jQU6FmVCJBC59U2o0bA_f1qay")],
    },
    SecretFormat {
        rule: "TG-SECRET-SERVICE",
        what: "Dynatrace API token",
        pattern: r"(?-i)\bdt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}\b",
        prefilter: &["dt0c01."],
        gitleaks: &["dynatrace-api-token"],
        examples: &[(
            "dt0c01.",
            "XAP8Q8BLYHLVYJI2JSIXENQG.5VD6QM2UWSC7HPRKU4GD7K8QKTO2PVVMU78MRBSWXBUB8X004ZQWJ2FID5MA8DZ3",
        )],
    },
    SecretFormat {
        rule: "TG-SECRET-SERVICE",
        what: "New Relic user API key",
        pattern: r"(?-i)\bNRAK-[A-Z0-9]{27}\b",
        prefilter: &["nrak-"],
        gitleaks: &["new-relic-user-api-key"],
        examples: &[("NRAK-", "G2198HWQTXJA3I8RETOYQKDO4BK")],
    },
    SecretFormat {
        rule: "TG-SECRET-SERVICE",
        what: "Square access token or OAuth secret",
        pattern: r"(?-i)\bsq0(?:atp|csp)-[A-Za-z0-9_-]{22,60}",
        prefilter: &["sq0atp-", "sq0csp-"],
        gitleaks: &["square-access-token"],
        examples: &[("sq0atp-", "-hP5OXoXHGlL73Q559p_bn")],
    },
];

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
