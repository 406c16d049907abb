//! Where a value the command line gave a variable still holds: a subshell, a command
//! substitution, a pipeline element or another process drops what it sets when it ends; a
//! branch or a loop body that may not run leaves a variable "maybe set", which no later word
//! takes as known; `unset`, `read`, a loop and a function's `local` end what was known.

use super::{denied, rules};

/// `"$d/"*` with `d` unset is `/*`: every form below leaves `d` unset or unknown where the
/// delete runs.
#[test]
fn a_value_set_where_it_does_not_reach_is_not_known() {
    for cmd in [
        // Subshells, substitutions, pipeline elements, background jobs, other processes.
        "(d=build); rm -rf \"$d/\"*",
        "echo $(d=build); rm -rf \"$d/\"*",
        "echo `d=build`; rm -rf \"$d/\"*",
        "cat <(d=build); rm -rf \"$d/\"*",
        "echo | d=build; rm -rf \"$d/\"*",
        "d=build | cat; rm -rf \"$d/\"*",
        "d=build & rm -rf \"$d/\"*",
        "x | while read d; do :; done; rm -rf \"$d/\"*",
        "bash -c 'd=build'; rm -rf \"$d/\"*",
        "sh -c 'export d=build'; rm -rf \"$d/\"*",
        "env d=build; rm -rf \"$d/\"*",
        "{ (d=build); }; rm -rf \"$d/\"*",
        // Branches and loops that may not run.
        "if false; then d=build; fi; rm -rf \"$d/\"*",
        "if false; then :; elif false; then d=build; fi; rm -rf \"$d/\"*",
        "if false; then :; else d=build; fi; rm -rf \"$d/\"*",
        "d=/; if true; then d=build; fi; rm -rf \"$d/\"*",
        "true && d=build; rm -rf \"$d/\"*",
        "false || d=build; rm -rf \"$d/\"*",
        "false && d=build || true; rm -rf \"$d/\"*",
        "case x in y) d=build;; esac; rm -rf \"$d/\"*",
        "for x in; do d=build; done; rm -rf \"$d/\"*",
        "while false; do d=build; done; rm -rf \"$d/\"*",
        "until true; do d=build; done; rm -rf \"$d/\"*",
        "for ((i=0; i<0; i++)); do d=build; done; rm -rf \"$d/\"*",
        "trap 'd=build' EXIT; rm -rf \"$d/\"*",
        // A later turn of a loop sees what an earlier one set.
        "d=build; for x in a b; do rm -rf \"$d/\"*; d=/; done",
        "d=build; while read x; do rm -rf \"$d/\"*; unset d; done",
        // Values ended: unset, emptied, read, a loop variable, a nameref.
        "d=build; unset d; rm -rf \"$d/\"*",
        "d=build; unset -v d; rm -rf \"$d/\"*",
        "d=build; d=; rm -rf \"$d/\"*",
        "d=build; read d; rm -rf \"$d/\"*",
        "d=build; read -r -p x d; rm -rf \"$d/\"*",
        "d=build; read -a d; rm -rf \"$d/\"*",
        "d=build; printf -v d /; rm -rf \"$d/\"*",
        "d=build; for d in $X; do :; done; rm -rf \"$d/\"*",
        "d=build; for d in build; do :; done; d2=1; for d in $(x); do :; done; rm -rf \"$d/\"*",
        "x=/; declare -n d=x; rm -rf \"$d/\"*",
        "d=build; mapfile d < f; rm -rf \"$d/\"*",
        "d=build; getopts ab d; rm -rf \"$d/\"*",
        "HOME=/home/me; unset HOME; rm -rf \"$HOME/\"*",
        "unset TMPDIR; rm -rf \"$TMPDIR/\"*",
        "TMPDIR=/; TMPDIR=/tmp rm -rf \"$TMPDIR/\"*",
        // Functions: a definition runs nothing; `local` ends with the call, and fails
        // outside one.
        "f() { d=build; }; rm -rf \"$d/\"*",
        "f() { local d=build; }; f; rm -rf \"$d/\"*",
        "f() { declare d=build; }; f; rm -rf \"$d/\"*",
        "d=build; f() { local d; rm -rf \"$d/\"*; }; f",
        "local d=build; rm -rf \"$d/\"*",
    ] {
        assert!(denied(cmd), "{cmd} must be denied: {:?}", rules(cmd));
    }
}

/// What surely ran is still known: a value set on every path, in the same shell, or by a
/// function called; a subshell's `unset` leaves the parent's value.
#[test]
fn a_value_set_on_every_path_is_known() {
    for cmd in [
        "d=build; rm -rf \"$d/\"*",
        "d=build; (unset d); rm -rf \"$d/\"*",
        "d=build; (d=/); rm -rf \"$d/\"*",
        "d=build; echo $(d=/); rm -rf \"$d/\"*",
        "d=build; bash -c 'd=/'; rm -rf \"$d/\"*",
        "d=build && rm -rf \"$d/\"*",
        "mkdir -p x && d=build && rm -rf \"$d/\"*",
        "d=build; if true; then echo hi; fi; rm -rf \"$d/\"*",
        "if true; then d=build; else d=build; fi; rm -rf \"$d/\"*",
        "case x in y) d=build;; *) d=build;; esac; rm -rf \"$d/\"*",
        "d=build; for x in a b; do echo \"$x\"; done; rm -rf \"$d/\"*",
        "d=build; for x in a b; do rm -rf \"$d/\"*; done",
        "for x in a b; do d=build; rm -rf \"$d/\"*; done",
        "export d=build; rm -rf \"$d/\"*",
        "declare d=build; rm -rf \"$d/\"*",
        "declare -x d=build; rm -rf \"$d/\"*",
        "f() { d=build; }; f; rm -rf \"$d/\"*",
        "f() { local d=build; rm -rf \"$d/\"*; }; f",
        "f() { local x=1; }; d=build; f; rm -rf \"$d/\"*",
        "eval 'd=build'; rm -rf \"$d/\"*",
        "d=build; echo a | grep a; rm -rf \"$d/\"*",
        "d=build; ( cd sub && make ); rm -rf \"$d/\"*",
        "tmp=$(mktemp -d) && trap 'rm -rf \"$tmp\"' EXIT && cp a \"$tmp\" && rm -rf \"$tmp\"",
    ] {
        assert!(!denied(cmd), "{cmd} must pass: {:?}", rules(cmd));
    }
}

/// Another process (`bash -c`, `env`, `sudo`, `xargs sh -c`, `find -exec sh -c`, an
/// interpreter) sees only the exported variables: one set but not exported is unset in a
/// script it runs, and `"$d/"*` there is `/*`.
#[test]
fn a_variable_not_exported_is_unset_in_another_process() {
    for cmd in [
        "d=build; bash -c 'rm -rf \"$d/\"*'",
        "d=build; sh -c 'rm -rf \"$d/\"*'",
        "d=build; env sh -c 'rm -rf \"$d/\"*'",
        "d=build; sudo sh -c 'rm -rf \"$d/\"*'",
        "d=build; nohup bash -c 'rm -rf \"$d/\"*'",
        "d=build; echo a | xargs sh -c 'rm -rf \"$d/\"*'",
        "d=build; find . -name x -exec sh -c 'rm -rf \"$d/\"*' \\;",
        "d=build; bash <<'EOF'\nrm -rf \"$d/\"*\nEOF",
        "d=build; echo 'rm -rf \"$d/\"*' | bash",
        "d=build; export e=x; bash -c 'rm -rf \"$d/\"*'",
        "d=build; (bash -c 'rm -rf \"$d/\"*')",
        "d=build; echo $(bash -c 'rm -rf \"$d/\"*')",
        "declare d=build; bash -c 'rm -rf \"$d/\"*'",
        "export d=build; export -n d; bash -c 'rm -rf \"$d/\"*'",
        "set -a; set +a; d=build; bash -c 'rm -rf \"$d/\"*'",
        "x && set -a; d=build; bash -c 'rm -rf \"$d/\"*'",
        "(set -a); d=build; bash -c 'rm -rf \"$d/\"*'",
        "d=build; bash -c 'bash -c \"rm -rf \\\"\\$d/\\\"*\"'",
        "bash -c 'd=build; bash -c \"rm -rf \\\"\\$d/\\\"*\"'",
        "d=build; ssh host 'rm -rf \"$d/\"*'",
        "export d=build; ssh host 'rm -rf \"$d/\"*'",
    ] {
        assert!(denied(cmd), "{cmd} must be denied: {:?}", rules(cmd));
    }
}

/// An exported variable (`export`, `declare -x`, `set -a`, a command's own `NAME=v`, one the
/// environment gave) reaches the process; a script in double quotes is expanded before it
/// runs; a subshell sees every variable.
#[test]
fn an_exported_variable_reaches_another_process() {
    for cmd in [
        "export d=build; bash -c 'rm -rf \"$d/\"*'",
        "export d=build; bash -c 'rm -rf \"$d\"'",
        "d=build; export d; bash -c 'rm -rf \"$d/\"*'",
        "export d; d=build; bash -c 'rm -rf \"$d/\"*'",
        "declare -x d=build; bash -c 'rm -rf \"$d/\"*'",
        "set -a; d=build; bash -c 'rm -rf \"$d/\"*'",
        "set -o allexport; d=build; bash -c 'rm -rf \"$d/\"*'",
        "d=build bash -c 'rm -rf \"$d/\"*'",
        "env d=build bash -c 'rm -rf \"$d/\"*'",
        "d=build; bash -c \"rm -rf $d/*\"",
        "d=build; bash -c \"rm -rf $d\"",
        "d=build; bash <<EOF\nrm -rf \"$d/\"*\nEOF",
        "d=build; (rm -rf \"$d/\"*)",
        "d=build; echo $(rm -rf \"$d/\"*)",
        "d=build; rm -rf \"$d/\"* | cat",
        "export d=build; sh -c 'e=x; rm -rf \"$d/\"*'",
        "bash -c 'd=build; rm -rf \"$d/\"*'",
        "bash -c 'export d=build; bash -c \"rm -rf \\\"\\$d/\\\"*\"'",
        "HOME=/home/me/proj/x; bash -c 'rm -rf \"$HOME/\"*'",
    ] {
        assert!(!denied(cmd), "{cmd} must pass: {:?}", rules(cmd));
    }
}

/// `export` (or `declare`, `readonly`) run by a wrapper runs in another process, or not at
/// all (`sudo` cannot run a builtin): it sets nothing in this shell.
#[test]
fn an_export_through_a_wrapper_sets_nothing_here() {
    for cmd in [
        "sudo export d=build; rm -rf \"$d/\"*",
        "env export d=build; rm -rf \"$d/\"*",
        "nohup export d=build; rm -rf \"$d/\"*",
        "timeout 5 export d=build; rm -rf \"$d/\"*",
        "nice export d=build; rm -rf \"$d/\"*",
        "echo a | xargs export d=build; rm -rf \"$d/\"*",
        "sudo declare d=build; rm -rf \"$d/\"*",
        "env readonly d=build; rm -rf \"$d/\"*",
        "d=/; sudo export d=build; rm -rf \"$d/\"*",
    ] {
        assert!(denied(cmd), "{cmd} must be denied: {:?}", rules(cmd));
    }
    for cmd in [
        "export d=build; rm -rf \"$d/\"*",
        "command export d=build; rm -rf \"$d/\"*",
        "builtin export d=build; rm -rf \"$d/\"*",
        "d=build; sudo unset d; rm -rf \"$d/\"*",
    ] {
        assert!(!denied(cmd), "{cmd} must pass: {:?}", rules(cmd));
    }
}

/// A wrapper that starts its command with an environment of its own making (sudo's
/// `env_reset`, `env -i`, `doas`, `pkexec`, `run0`, `systemd-run`, `su -l`, `exec -c`,
/// `setpriv --reset-env`) leaves even an exported variable unset in a script it runs;
/// `sudo -E`, `su` without a login and a value given on the command line reach it.
#[test]
fn a_wrapper_that_clears_the_environment_leaves_exported_variables_unset() {
    for cmd in [
        "export d=build; sudo sh -c 'rm -rf \"$d/\"*'",
        "export d=build; sudo -u root bash -c 'rm -rf \"$d/\"*'",
        "export d=build; sudo --preserve-env=e sh -c 'rm -rf \"$d/\"*'",
        "export d=build; sudo -s 'rm -rf \"$d/\"*'",
        "export d=build; env -i sh -c 'rm -rf \"$d/\"*'",
        "export d=build; env - sh -c 'rm -rf \"$d/\"*'",
        "export d=build; doas sh -c 'rm -rf \"$d/\"*'",
        "export d=build; pkexec sh -c 'rm -rf \"$d/\"*'",
        "export d=build; run0 sh -c 'rm -rf \"$d/\"*'",
        "export d=build; systemd-run --wait sh -c 'rm -rf \"$d/\"*'",
        "export d=build; su - -c 'rm -rf \"$d/\"*'",
        "export d=build; su -l root -c 'rm -rf \"$d/\"*'",
        "export d=build; exec -c sh -c 'rm -rf \"$d/\"*'",
        "export d=build; setpriv --reset-env sh -c 'rm -rf \"$d/\"*'",
        "export d=build; sudo nohup sh -c 'rm -rf \"$d/\"*'",
        "export d=build; nohup sudo sh -c 'rm -rf \"$d/\"*'",
    ] {
        assert!(denied(cmd), "{cmd} must be denied: {:?}", rules(cmd));
    }
    for cmd in [
        "export d=build; sudo -E sh -c 'rm -rf \"$d/\"*'",
        "export d=build; sudo --preserve-env sh -c 'rm -rf \"$d/\"*'",
        "sudo d=build sh -c 'rm -rf \"$d/\"*'",
        "env -i d=build sh -c 'rm -rf \"$d/\"*'",
        "export d=build; su -c 'rm -rf \"$d/\"*'",
        "export d=build; su -l -m -c 'rm -rf \"$d/\"*'",
        "export d=build; exec sh -c 'rm -rf \"$d/\"*'",
        "export d=build; nohup sh -c 'rm -rf \"$d/\"*'",
        "d=build; sudo sh -c \"rm -rf $d/*\"",
        "export d=build; sudo rm -rf \"$d/\"*",
        "sudo sh -c 'd=build; rm -rf \"$d/\"*'",
    ] {
        assert!(!denied(cmd), "{cmd} must pass: {:?}", rules(cmd));
    }
}

/// A script word that mixes this shell's expansions with a literal `$` (single quotes, `\$`)
/// is not all this shell's: the `$d` the other shell expands is its own, unset there.
#[test]
fn a_script_word_with_a_literal_dollar_is_read_by_the_shell_that_runs_it() {
    for cmd in [
        "d=build; bash -c \"echo $x; \"'rm -rf \"$d/\"*'",
        "d=build; bash -c \"echo $x; rm -rf \\$d/*\"",
        "d=build; sh -c \"cd $x && \"'rm -rf \"$d\"/*'",
        "d=build; ssh host \"echo $x; \"'rm -rf \"$d/\"*'",
        "d=build; ssh host \"echo $x;\" 'rm -rf \"$d/\"*'",
    ] {
        assert!(denied(cmd), "{cmd} must be denied: {:?}", rules(cmd));
    }
    for cmd in [
        "export d=build; bash -c \"echo $x; \"'rm -rf \"$d/\"*'",
        "d=build; bash -c \"rm -rf $d/*\"",
        "d=build; bash -c \"rm -rf $d/*; echo \\$HOME\"",
        "d=build; ssh host \"rm -rf $d/*\"",
    ] {
        assert!(!denied(cmd), "{cmd} must pass: {:?}", rules(cmd));
    }
}

/// Arithmetic (`((d = 5))`, `((d++))`, `$((d = 0))`, `let d++`, a C-style loop's steps)
/// gives a variable a number known only at run time: the earlier value no longer holds.
#[test]
fn arithmetic_ends_a_known_value() {
    for cmd in [
        "d=build; ((d = 5)); rm -rf /tmp/x/\"$d\"",
        "d=build; ((d++)); rm -rf /$d",
        "d=build; : $((d = 0)); rm -rf /$d",
        "d=build; echo \"$((d += 1))\"; rm -rf /$d",
        "d=build; let d++; rm -rf /$d",
        "d=build; let 'd = d * 2'; rm -rf /$d",
        "d=build; for ((d = 0; d < 1; d++)); do :; done; rm -rf /$d",
    ] {
        assert!(denied(cmd), "{cmd} must be denied: {:?}", rules(cmd));
    }
    for cmd in [
        "d=build; ((d == 5)); rm -rf \"$d/\"*",
        "d=build; ((e = 5)); rm -rf \"$d/\"*",
        "d=build; echo $((e + 1)); rm -rf \"$d/\"*",
        "d=build; let e=1; rm -rf \"$d/\"*",
    ] {
        assert!(!denied(cmd), "{cmd} must pass: {:?}", rules(cmd));
    }
}

/// A directory change in a subshell, a substitution or another process stays there.
#[test]
fn a_directory_change_in_a_subshell_stays_there() {
    for cmd in [
        "(cd /); rm -rf build",
        "(cd / && ls); rm -rf build",
        "bash -c 'cd /'; rm -rf build",
        "echo $(cd / && pwd); rm -rf build",
        "(cd ..) && rm -rf build",
    ] {
        assert!(!denied(cmd), "{cmd} must pass: {:?}", rules(cmd));
    }
    for cmd in [
        "(cd /); cd /; rm -rf build",
        "if x; then cd /; fi; rm -rf build",
        "true && cd /; rm -rf build",
        "eval 'cd /'; rm -rf build",
        "{ cd /; }; rm -rf build",
    ] {
        assert!(denied(cmd), "{cmd} must be denied: {:?}", rules(cmd));
    }
}

/// A later turn of a loop or a nest of loops that set variables costs a bounded walk; past
/// the bound the analysis is refused, never wrong.
#[test]
fn nested_loops_that_set_variables_are_walked_in_bounds() {
    let mut cmd = String::new();
    for _ in 0..40 {
        cmd.push_str("for x in a; do ");
    }
    cmd.push_str("d=/; ");
    for _ in 0..40 {
        cmd.push_str("done; ");
    }
    cmd.push_str("rm -rf \"$d\"");
    let started = std::time::Instant::now();
    assert!(denied(&cmd));
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}
