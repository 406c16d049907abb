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
