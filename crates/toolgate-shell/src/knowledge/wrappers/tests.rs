//! The table's names are unique and lower case; lookups find its rows.

use super::*;

#[test]
fn names_are_unique_and_lower_case() {
    for (i, w) in WRAPPERS.iter().enumerate() {
        assert_eq!(w.name, w.name.to_ascii_lowercase());
        assert!(
            WRAPPERS[i + 1..].iter().all(|o| o.name != w.name),
            "{}",
            w.name
        );
    }
    assert!(lookup("flock").is_some_and(|w| w.operands_before == 1));
    assert!(lookup("rm").is_none());
}

/// A scheduling option is read with its value (`--on-calendar daily`), so the command after
/// it is found.
#[test]
fn schedule_options_take_values() {
    for w in WRAPPERS {
        for o in w.schedules {
            assert!(w.spec.takes_value(o), "{o} of {}", w.name);
        }
    }
    assert!(lookup("systemd-run").is_some_and(|w| w.schedules.contains(&"--on-calendar")));
}

/// The wrappers the shell itself carries out are wrappers: `command` (read in `unwrap.rs`)
/// or rows of the table.
#[test]
fn same_shell_wrappers_are_wrappers() {
    for name in SAME_SHELL_WRAPPERS {
        assert!(*name == "command" || lookup(name).is_some(), "{name}");
    }
}

/// The options that clear a command's environment are options of their row (a short flag, or
/// a long flag its spec lists), so the option reader sees them; the wrappers known to start
/// a fresh environment say so.
#[test]
fn environment_clearing_options_are_options_of_their_row() {
    for w in WRAPPERS {
        if let Environment::ClearedWith(names) = w.environment {
            assert!(!names.is_empty(), "{}", w.name);
            for name in names {
                let long_flag = name
                    .strip_prefix("--")
                    .is_some_and(|l| w.spec.long_flags.contains(&l));
                let short_flag = name.len() == 2 && !w.spec.takes_value(name);
                assert!(long_flag || short_flag, "{name} of {}", w.name);
            }
        }
    }
    for name in ["doas", "pkexec", "run0", "systemd-run"] {
        assert_eq!(
            lookup(name).map(|w| w.environment),
            Some(Environment::Cleared)
        );
    }
    for name in ["nohup", "nice", "timeout", "chroot"] {
        assert_eq!(
            lookup(name).map(|w| w.environment),
            Some(Environment::Passed)
        );
    }
}

/// An option that takes several words takes at least two, and its spec reads the first as
/// its value, so the reader stops at the second.
#[test]
fn multi_word_options_take_a_value_in_their_spec() {
    for w in WRAPPERS {
        for (name, words) in w.multi_value {
            assert!(*words >= 2, "{name} of {}", w.name);
            assert!(w.spec.takes_value(name), "{name} of {}", w.name);
        }
    }
    assert!(lookup("bwrap").is_some_and(|w| w.multi_value.contains(&("--bind", 2))));
}
