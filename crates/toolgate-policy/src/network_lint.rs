//! Warnings for a `network:` section that is usable but suspicious: `*` in allow, public-suffix
//! wildcards, mixed-script labels, non-canonical spellings, entries made dead by others.

use toolgate_core::egress::echo_names::IP_ECHO_SUFFIXES;
use toolgate_core::egress::{
    CanonicalHost, HostPattern, PatternKind, has_mixed_script_label, special_class,
};

use crate::diagnostic::Diagnostics;
use crate::document::Position;
use crate::network::Written;
use crate::network_ranges::lint_ranges;

/// Multi-tenant hosting and IP-echo suffixes the Public Suffix List lacks, under which a
/// wildcard admits sites run by unrelated parties (the PSL covers the rest, e.g. `github.io`).
pub const HOSTING_SUFFIXES: &[&str] = &[
    "nip.io",
    "sslip.io",
    "xip.io",
    "amazonaws.com",
    "cloudfront.net",
    "azurewebsites.net",
    "trafficmanager.net",
    "blob.core.windows.net",
    "cloudfunctions.net",
    "loca.lt",
    "localtunnel.me",
    "serveo.net",
    "trycloudflare.com",
    "ngrok.io",
    "ngrok.app",
    "ngrok-free.app",
    "hf.space",
    "streamlit.app",
    "supabase.co",
    "replit.dev",
    "railway.app",
    "onrender.com",
];

/// Whether `d` is a public suffix: a single label (a TLD), a suffix the Public Suffix List
/// knows (ICANN or private section), or one of [`HOSTING_SUFFIXES`].
pub fn is_public_suffix(d: &str) -> bool {
    !d.contains('.')
        || HOSTING_SUFFIXES.contains(&d)
        || psl::suffix(d.as_bytes()).is_some_and(|s| s.is_known() && s.as_bytes() == d.as_bytes())
}

fn pattern_warnings(
    written: &[Written<'_>],
    parsed: &[Option<HostPattern>],
    diags: &mut Diagnostics,
) {
    for (w, p) in written.iter().zip(parsed) {
        let Some(p) = p else { continue };
        if p.is_noncanonical() {
            diags.warning_hint(
                "noncanonical-pattern",
                w.position,
                format!(
                    "`{}` is not written canonically; it is read as `{p}`",
                    w.path
                ),
                format!("write `{p}`"),
            );
        }
        if has_mixed_script_label(w.text) {
            diags.warning_hint(
                "mixed-script",
                w.position,
                format!("`{}` mixes scripts in one label (a possible homograph)", w.path),
                "check the name letter by letter; write its punycode (`xn--`) form if it is really meant",
            );
        }
    }
}

/// Warnings over the parsed allow and deny patterns (`None` for entries already reported as errors).
pub(crate) fn lint_patterns(
    allow_written: &[Written<'_>],
    allow: &[Option<HostPattern>],
    deny_written: &[Written<'_>],
    deny: &[Option<HostPattern>],
    diags: &mut Diagnostics,
) {
    pattern_warnings(allow_written, allow, diags);
    pattern_warnings(deny_written, deny, diags);
    for (i, (w, p)) in allow_written.iter().zip(allow).enumerate() {
        let Some(p) = p else { continue };
        match p.kind() {
            _ if p.is_any() => diags.warning_hint(
                "allow-any",
                w.position,
                if matches!(p.kind(), PatternKind::Any) {
                    format!("`{}` is `*`: every public host is allowed", w.path)
                } else {
                    format!("`{}` (`{p}`) is the IP form of `*`: every public address is allowed, and no special one", w.path)
                },
                "list the hosts the agent needs, e.g. [\"api.example.com\", \"*.github.com\"]",
            ),
            PatternKind::Suffix(d) => {
                if is_public_suffix(d) {
                    diags.warning_hint(
                        "public-suffix-wildcard",
                        w.position,
                        format!("`{}` (`{p}`) covers a public suffix: anyone can register a host under it", w.path),
                        "name the sites you need, e.g. `example.github.io` rather than `*.github.io`",
                    );
                }
                let probe = CanonicalHost::Domain(format!("x.{d}"));
                if special_class(&probe).is_some() && !IP_ECHO_SUFFIXES.contains(&d.as_str()) {
                    diags.warning_hint(
                        "wildcard-over-local-names",
                        w.position,
                        format!("`{}` (`{p}`) admits nothing: local-only names must be allowed by exact name", w.path),
                        "list each local host exactly, e.g. `db.internal`",
                    );
                }
            }
            _ => {}
        }
        if let Some((j, d)) = deny
            .iter()
            .enumerate()
            .find_map(|(j, d)| d.as_ref().filter(|d| d.covers(p)).map(|d| (j, d)))
        {
            diags.warning_hint(
                "dead-allow",
                w.position,
                format!(
                    "`{}` (`{p}`) can never match: `{}` (`{d}`) denies everything it allows",
                    w.path, deny_written[j].path
                ),
                "remove the allow entry, or narrow the deny pattern",
            );
        }
        if allow[..i].iter().flatten().any(|q| q == p) {
            diags.warning_hint(
                "duplicate-pattern",
                w.position,
                format!("`{}` (`{p}`) is listed twice", w.path),
                "remove the duplicate",
            );
        }
    }
    lint_ranges(allow_written, allow, deny_written, deny, diags);
    for (i, (w, p)) in deny_written.iter().zip(deny).enumerate() {
        let Some(p) = p else { continue };
        if let Some(j) = deny[..i]
            .iter()
            .position(|d| d.as_ref().is_some_and(|d| d.covers(p)))
        {
            diags.warning_hint(
                "redundant-deny",
                w.position,
                format!(
                    "`{}` (`{p}`) can never be the match: `{}` already denies all it covers",
                    w.path, deny_written[j].path
                ),
                "remove it, or put the more specific pattern first if the detail matters",
            );
        }
    }
}

/// Warnings over `methods`.
pub(crate) fn lint_methods(
    items: &[Written<'_>],
    position: Position,
    path: &str,
    diags: &mut Diagnostics,
) {
    if items.is_empty() {
        diags.warning_hint(
            "empty-methods",
            position,
            format!("`{path}` is empty: every request is blocked"),
            "list the methods to permit, e.g. [GET, POST], or leave `methods` out",
        );
    }
    for w in items {
        if w.text.bytes().any(|b| b.is_ascii_lowercase()) && w.text.is_ascii() {
            diags.warning_hint(
                "noncanonical-method",
                w.position,
                format!("`{}` is not upper case", w.path),
                format!("write `{}`", w.text.to_ascii_uppercase()),
            );
        }
    }
}
