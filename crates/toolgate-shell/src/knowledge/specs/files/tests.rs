//! Consistency of the files' specs and the output options' table.

use super::*;

/// Whether `spec` declares `name` (`-x` or `--long`) as an option.
fn declares(spec: &Spec, name: &str) -> bool {
    match name.strip_prefix("--") {
        Some(long) => spec.long_val.contains(&long) || spec.long_flags.contains(&long),
        None => {
            let c = name.chars().nth(1).unwrap_or('\0');
            name.len() == 2
                && (spec.short_val.contains(c) || spec.short.iter().any(|(s, _)| *s == c))
        }
    }
}

#[test]
fn every_option_read_for_a_value_takes_one() {
    let mut checked = 0;
    let value_lists: Vec<(&Spec, &[&str])> = FILE_OPTIONS
        .iter()
        .flat_map(|f| {
            [
                (f.spec, f.written),
                (f.spec, f.saved_as),
                (f.spec, f.url_named_into),
            ]
        })
        .chain([
            (&TAR, TAR_ARCHIVE),
            (&TAR, TAR_DIRECTORY),
            (&TAR, TAR_FILES_FROM),
            (&SORT, SORT_OUTPUT),
            (&super::super::SED, SED_EXPRESSION),
            (&super::super::SED, SED_SCRIPT_FILE),
            (&AWK, AWK_PROGRAM_FILE),
            (&AWK, AWK_INCLUDE),
            COPY_TARGET_DIRECTORY,
        ])
        .collect();
    for (spec, names) in value_lists {
        for name in names {
            assert!(spec.takes_value(name), "{name} takes no value in its spec");
            checked += 1;
        }
    }
    assert!(checked > 30);
}

#[test]
fn every_flag_read_is_declared() {
    for f in FILE_OPTIONS {
        if let UrlNamed::When(flags) = f.url_named {
            for flag in flags {
                assert!(declares(f.spec, flag), "{flag} of {:?}", f.programs);
                assert!(!f.spec.takes_value(flag), "{flag} of {:?}", f.programs);
            }
        }
    }
    for flag in TAR_WRITES_ARCHIVE.iter().chain(TAR_EXTRACTS) {
        assert!(declares(&TAR, flag) && !TAR.takes_value(flag), "{flag}");
    }
    for (c, _) in ECHO.short {
        assert!(!ECHO.short_val.contains(*c));
    }
}

#[test]
fn every_program_has_one_row() {
    for f in FILE_OPTIONS {
        for p in f.programs {
            assert_eq!(file_options(p).map(|r| r.programs), Some(f.programs), "{p}");
            assert_eq!(*p, p.to_ascii_lowercase());
        }
    }
}
