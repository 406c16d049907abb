//! The literal prefilters of the built-in patterns, computed ahead of time: deriving them
//! parses every pattern, which was a third of the hook's start-up. The secret formats carry
//! theirs in their table; the other built-in patterns are listed here. The test below checks
//! both against [`literal_prefilter`](crate::rules::literal_prefilter) for every built-in
//! pattern and prints what to paste when one is out of date.

use super::secrets::SECRET_FORMATS;

/// `(pattern, its prefilter)` for every built-in pattern that is not a secret format (those
/// carry their prefilter in [`SECRET_FORMATS`]).
pub(crate) const PREFILTERS: &[(&str, Option<&[&str]>)] = &[
    ("(?i)(sk-[a-zA-Z0-9]{20,})", Some(&["sk-"])),
    ("(?i)(ghp_[a-zA-Z0-9]{36})", Some(&["ghp_"])),
    ("\\b\\d{3}-\\d{2}-\\d{4}\\b", None),
];

/// The precomputed prefilter of a built-in pattern; `None` when `source` is in neither table.
pub(crate) fn precomputed(source: &str) -> Option<Option<&'static [&'static str]>> {
    if let Some(format) = SECRET_FORMATS.iter().find(|f| f.pattern == source) {
        return Some(Some(format.prefilter));
    }
    PREFILTERS
        .iter()
        .find(|(pattern, _)| *pattern == source)
        .map(|(_, literals)| *literals)
}

#[cfg(test)]
mod tests {
    use super::{PREFILTERS, SECRET_FORMATS, precomputed};
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
    fn the_tables_match_the_extractor_for_every_builtin_pattern() {
        let mut wrong = String::new();
        for p in builtin_patterns() {
            let extracted = literal_prefilter(&p);
            let stored = precomputed(&p)
                .map(|l| l.map(|l| l.iter().map(|s| s.to_string()).collect::<Vec<_>>()));
            if stored != Some(extracted.clone()) {
                wrong.push_str(&format!(
                    "  {p:?}: stored {stored:?}, extracted {extracted:?}\n"
                ));
            }
        }
        assert!(wrong.is_empty(), "prefilters out of date:\n{wrong}");
        // Every table entry belongs to a built-in pattern, and no pattern is in both tables.
        let patterns = builtin_patterns();
        for (p, _) in PREFILTERS {
            assert!(
                patterns.iter().any(|q| q == p),
                "{p} is no built-in pattern"
            );
            assert!(SECRET_FORMATS.iter().all(|f| f.pattern != *p), "{p}");
        }
    }

    #[test]
    fn every_secret_format_compiles_lazily() {
        // A format without a prefilter would be compiled for every call.
        for f in SECRET_FORMATS {
            assert!(!f.prefilter.is_empty(), "{}", f.pattern);
            assert!(f.prefilter.iter().all(|l| l.len() >= 3), "{}", f.pattern);
        }
    }
}
