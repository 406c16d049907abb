//! Fuzz target: the policy loader, for YAML, JSON and TOML text. The first byte picks the
//! format (`y`, `j`, `t`, else the byte modulo 3). Whatever the text, loading must not panic,
//! a policy with an error must deny every URL, and every known position must lie in the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolgate::policy::{Format, PolicySource, load_str};

fuzz_target!(
    init: {
        toolgate_fuzz::abort_on_panics_outside_known_parsers();
    },
    |data: &[u8]| {
        let Some((&selector, rest)) = data.split_first() else {
            return;
        };
        let format = match selector {
            b'y' => Format::Yaml,
            b'j' => Format::Json,
            b't' => Format::Toml,
            b => [Format::Yaml, Format::Json, Format::Toml][usize::from(b % 3)],
        };
        let Ok(text) = std::str::from_utf8(rest) else {
            return;
        };
        let policy = load_str(text, format, PolicySource::Builtin);
        let _ = policy.render_diagnostics();
        // A line ends at LF, CRLF or a lone CR (YAML's line breaks; JSON and TOML count fewer).
        let lines = text.replace("\r\n", "\n").split(['\n', '\r']).count() as u32;
        for d in policy.diagnostics.items() {
            let p = d.position();
            if p.is_known() && d.file.is_none() {
                assert!(p.line <= lines, "{} at line {} of {lines}", d.code, p.line);
                assert!(p.column >= 1, "{} at column 0", d.code);
            }
        }
        if !policy.is_usable() {
            let d = policy.network.egress.check_url("https://example.com/", None);
            assert!(!d.allowed, "an unusable policy allowed a URL");
        }
    }
);
