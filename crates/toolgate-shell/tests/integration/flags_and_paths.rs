//! Abbreviated long options, and path classes that depend on the working directory.

use toolgate_shell::analyze;

use crate::support::rules_in;

fn has(cmd: &str, cwd: Option<&str>, id: &str) -> bool {
    rules_in(cmd, cwd).iter().any(|r| r == id)
}

const PROJECT: Option<&str> = Some("/home/me/proj");

#[test]
fn gnu_and_git_long_options_by_unambiguous_prefix() {
    assert!(has("rm --rec --fo /", PROJECT, "TG-CMD-RM-ROOT"));
    assert!(has("rm --recursive --for /", PROJECT, "TG-CMD-RM-ROOT"));
    assert!(has("rm --no-preserve-r -r /", PROJECT, "TG-CMD-RM-ROOT"));
    assert!(has("chmod --rec 000 /etc", PROJECT, "TG-CMD-CHMOD-SYSTEM"));
    assert!(has("git push --forc", PROJECT, "TG-CMD-GIT-PUSH-FORCE"));
    // Ambiguous (`force`, `follow-tags` …): git refuses it; every candidate is recorded.
    let a = analyze("git push --fo origin main");
    assert!(a.commands[0].flags.contains("force"));
    assert!(a.commands[0].flags.contains("follow-tags"));
    assert!(has("git clean --forc -d", PROJECT, "TG-CMD-GIT-CLEAN"));
    assert!(has("git reset --har", PROJECT, "TG-CMD-GIT-RESET-HARD"));
    assert!(has(
        "git switch --disc main",
        PROJECT,
        "TG-CMD-GIT-SWITCH-DISCARD"
    ));
    // An abbreviation of the safe option stays safe.
    assert!(!has(
        "git push --force-w origin main",
        PROJECT,
        "TG-CMD-GIT-PUSH-FORCE"
    ));
    let a = analyze("rm --rec x");
    assert!(a.commands[0].flags.contains("recursive"));
    // An unknown long option is kept as written.
    assert!(analyze("rm --zzz x").commands[0].flags.contains("zzz"));
}

#[test]
fn inside_a_sensitive_working_directory_is_no_excuse() {
    assert!(has("rm -rf .", Some("/"), "TG-CMD-RM-ROOT"));
    assert!(has("rm -rf *", Some("/"), "TG-CMD-RM-ROOT"));
    assert!(has("rm -rf usr", Some("/"), "TG-CMD-RM-SYSTEM"));
    assert!(has("rm -rf .", Some("/home/me"), "TG-CMD-RM-HOME"));
    assert!(has("rm -rf Documents", Some("/home/me"), "TG-CMD-RM-HOME"));
    assert!(has("rm -rf .", Some("/home/other"), "TG-CMD-RM-HOME"));
    assert!(has("rm -rf .", Some("/etc"), "TG-CMD-RM-SYSTEM"));
    assert!(has("rm -rf ssl", Some("/etc"), "TG-CMD-RM-SYSTEM"));
    assert!(has("rm -rf lib", Some("/usr/local"), "TG-CMD-RM-SYSTEM"));
    // A project in a temp or a service directory is an ordinary working directory.
    assert!(rules_in("rm -rf build", Some("/tmp/proj")).is_empty());
    assert!(rules_in("rm -rf build", Some("/srv/app")).is_empty());
    assert!(rules_in("rm -rf build", Some("/root/proj")).is_empty());
    assert!(rules_in("rm -rf build", PROJECT).is_empty());
}

#[test]
fn recursive_delete_outside_the_cwd_needs_no_force() {
    assert!(has("rm -r ../other", PROJECT, "TG-CMD-RM-OUTSIDE-CWD"));
    assert!(has("rm -R /some/path", PROJECT, "TG-CMD-RM-OUTSIDE-CWD"));
    assert!(has(
        "rm --recursive /opt/x",
        PROJECT,
        "TG-CMD-RM-OUTSIDE-CWD"
    ));
    assert!(rules_in("rm -r build", PROJECT).is_empty());
    assert!(rules_in("rm /some/file", PROJECT).is_empty());
}

#[test]
fn a_cwd_level_glob_is_not_the_cwd_itself() {
    assert!(rules_in("rm -rf *.egg-info", PROJECT).is_empty());
    assert!(rules_in("rm -rf build-*", PROJECT).is_empty());
    assert!(rules_in("rm -rf ./*.pyc", PROJECT).is_empty());
    // Every entry is the directory's contents.
    assert!(has("rm -rf *", PROJECT, "TG-CMD-RM-OUTSIDE-CWD"));
    assert!(has("rm -rf .*", PROJECT, "TG-CMD-RM-OUTSIDE-CWD"));
    assert!(has("rm -rf ./*", PROJECT, "TG-CMD-RM-OUTSIDE-CWD"));
    // A glob in the parent is still outside.
    assert!(has(
        "rm -rf ../*.egg-info",
        PROJECT,
        "TG-CMD-RM-OUTSIDE-CWD"
    ));
}
