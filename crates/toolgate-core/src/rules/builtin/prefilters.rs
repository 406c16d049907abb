//! The literal prefilters of the built-in patterns, computed ahead of time: deriving them
//! parses every pattern, which was a third of the hook's start-up. The test below checks the
//! table against [`literal_prefilter`](crate::rules::literal_prefilter) for every built-in
//! pattern and prints the table to paste when it is out of date.

/// `(pattern, its prefilter)` for every pattern of every built-in constitution.
pub(crate) const PREFILTERS: &[(&str, Option<&[&str]>)] = &[
    (
        "(?-i)\\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}",
        Some(&["sk-proj-", "sk-svcacct-", "sk-admin-"]),
    ),
    ("(?-i)\\bsk-[A-Za-z0-9]{32,}\\b", Some(&["sk-"])),
    (
        "(?-i)\\bsk-ant-[a-z]{3,5}[0-9]{2}-[A-Za-z0-9_-]{93}AA(?:[^A-Za-z0-9_-]|$)",
        Some(&["sk-ant-"]),
    ),
    (
        "(?-i)\\bgh[pousr]_[A-Za-z0-9]{36}\\b",
        Some(&["gho_", "ghp_", "ghr_", "ghs_", "ghu_"]),
    ),
    (
        "(?-i)\\bgithub_pat_[A-Za-z0-9_]{82}\\b",
        Some(&["github_pat_"]),
    ),
    (
        "(?-i)\\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z2-7]{16}\\b",
        Some(&["akia", "asia", "abia", "acca", "a3t"]),
    ),
    (
        "(?i)(?:aws_?secret_?(?:access_?)?key|secret_?access_?key)[\"']?\\s*[:=]\\s*[\"']?(?-i:[A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+=]|$)",
        Some(&["aws_", "awss", "secr"]),
    ),
    (
        "(?-i)\\bxox[abpe]-(?:[0-9]{10,13}-){1,3}[0-9]*[A-Za-z][A-Za-z0-9-]{7,}",
        Some(&["xoxa-", "xoxb-", "xoxe-", "xoxp-"]),
    ),
    (
        "(?-i)\\bxox[ors]-[0-9]+-[0-9]+-[0-9]+-[a-fA-F0-9]{8,}",
        Some(&["xoxo-", "xoxr-", "xoxs-"]),
    ),
    (
        "(?-i)\\bxoxe(?:\\.xox[bp])?-[0-9]-[A-Za-z0-9]{100,}",
        Some(&["xoxe.xoxb-", "xoxe.xoxp-", "xoxe-"]),
    ),
    (
        "(?-i)\\b[sr]k_live_[A-Za-z0-9]{20,}\\b",
        Some(&["rk_live_", "sk_live_"]),
    ),
    (
        "(?-i)\\bAIza[0-9A-Za-z_-]{35}(?:[^0-9A-Za-z_-]|$)",
        Some(&["aiza"]),
    ),
    (
        "(?-i)-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\\s\\S]{0,200}?[A-Za-z0-9+/=]{40,}",
        Some(&["-----begin"]),
    ),
    (
        "(?-i)\\beyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{16,}",
        Some(&["eyj"]),
    ),
    ("(?i)(sk-[a-zA-Z0-9]{20,})", Some(&["sk-"])),
    ("(?i)(ghp_[a-zA-Z0-9]{36})", Some(&["ghp_"])),
    ("\\b\\d{3}-\\d{2}-\\d{4}\\b", None),
];

/// The precomputed prefilter of a built-in pattern; `None` when `source` is not in the table.
pub(crate) fn precomputed(source: &str) -> Option<Option<&'static [&'static str]>> {
    PREFILTERS
        .iter()
        .find(|(pattern, _)| *pattern == source)
        .map(|(_, literals)| *literals)
}

#[cfg(test)]
mod tests {
    use super::PREFILTERS;
    use crate::rules::{Constitution, literal_prefilter};

    fn builtin_patterns() -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in [Constitution::toolgate(), Constitution::acgs_default()] {
            for r in c.rules {
                for p in r.patterns {
                    if !out.contains(&p) {
                        out.push(p);
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_table_matches_the_extractor_for_every_builtin_pattern() {
        let patterns = builtin_patterns();
        let mut table = String::new();
        for p in &patterns {
            let lits = match literal_prefilter(p) {
                Some(l) => format!(
                    "Some(&[{}])",
                    l.iter()
                        .map(|s| format!("{s:?}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                None => "None".into(),
            };
            table.push_str(&format!("    ({p:?}, {lits}),\n"));
        }
        let current: Vec<(String, Option<Vec<String>>)> = PREFILTERS
            .iter()
            .map(|(p, l)| {
                (
                    p.to_string(),
                    l.map(|l| l.iter().map(|s| s.to_string()).collect()),
                )
            })
            .collect();
        let expected: Vec<(String, Option<Vec<String>>)> = patterns
            .iter()
            .map(|p| (p.clone(), literal_prefilter(p)))
            .collect();
        assert_eq!(
            current, expected,
            "builtin/prefilters.rs is out of date; its entries should be:\n{table}"
        );
    }
}
