//! Commands reached through aliases, functions and variables: arguments only known at run
//! time are the worst case, a quoted run-time word is one word, a value set earlier fills in a
//! target, and a command line held in a variable is analysed.

use toolgate_shell::analyze;

use super::{denied, has, rules};
use crate::support::rules_with_tmpdir;

#[test]
fn arguments_only_known_at_run_time_are_the_worst_case() {
    for cmd in [
        "X=-rf; rm $X /",
        "f(){ rm \"$@\"; }; f -rf /",
        "set -- -rf /; rm \"$@\"",
        "rm -rf $(cat f)",
        "rm -rf \"$DIR\"/",
        "rm `cat flags` /",
        "chmod $MODE /etc",
        "dd if=/dev/zero of=$DISK",
    ] {
        assert!(denied(cmd), "{cmd}");
    }
    assert!(has("git push $ARGS", "TG-CMD-GIT-PUSH-FORCE"));
    assert!(has("git reset \"$@\"", "TG-CMD-GIT-RESET-HARD"));
    assert!(has("git clean $OPTS", "TG-CMD-GIT-CLEAN"));
    // A value of an option is not an option.
    assert!(rules("git commit -m \"$MSG\"").is_empty());
    assert!(rules("rm -f build/app.o").is_empty());
}

#[test]
fn a_quoted_run_time_word_is_one_word() {
    // Alone it cannot be both the options and the target.
    for cmd in ["rm -f \"$tmpfile\"", "rm \"$OUT\"", "rm -- \"$(mktemp)\""] {
        assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
    // Unquoted it may split into options and targets; quoted beside another operand it may
    // be the options; `"$@"` is many words even quoted.
    for cmd in [
        "rm -f $tmpfile",
        "rm \"$X\" /",
        "rm -f \"$@\"",
        "rm ${FLAGS} ~",
    ] {
        assert!(denied(cmd), "{cmd}");
    }
    let a = analyze("rm -f \"$a\" $b \"$@\"");
    assert_eq!(a.commands[0].dynamic_args, [1, 2, 3]);
    assert_eq!(a.commands[0].split_args, [2, 3]);
}

#[test]
fn alias_bodies_are_analysed() {
    // A definition runs nothing; the body is analysed where the alias or function is used.
    assert!(has("alias x='rm -rf /'; x", "TG-CMD-RM-ROOT"));
    assert!(has(
        "alias x=\"git push --force\"; x",
        "TG-CMD-GIT-PUSH-FORCE"
    ));
    assert!(has("alias rmr='rm -rf'; rmr /", "TG-CMD-RM-ROOT"));
    assert!(rules("alias x=\"git push --force\"").is_empty());
    assert!(rules("alias ll='ls -l'; ll").is_empty());
    assert!(has("f() { rm -rf /; }; f", "TG-CMD-RM-ROOT"));
    assert!(has(
        "cleanup() { rm -rf ~; }; trap cleanup EXIT",
        "TG-CMD-RM-HOME"
    ));
    assert!(rules("f() { rm -rf /; }").is_empty());
    assert!(has(":(){ :|:& };:", "TG-CMD-FORK-BOMB"));
}

#[test]
fn variables_set_earlier_fill_in_targets() {
    for cmd in [
        "f=.claude/settings.json; cp /tmp/e \"$f\"",
        "d=.claude; cp /tmp/e $d/settings.json",
        "rm \"$(which toolgate)\"",
        "cp /bin/true \"$(command -v toolgate)\"",
    ] {
        assert!(
            has(cmd, "TG-CMD-PROTECTED-WRITE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
    assert!(has("TMPDIR=/; rm -rf \"$TMPDIR\"", "TG-CMD-RM-ROOT"));
    assert!(has("export TMPDIR=~; rm -rf $TMPDIR", "TG-CMD-RM-HOME"));
    assert!(rules("OUT=build/x; cp a \"$OUT\"").is_empty());
}

#[test]
fn command_lines_in_environment_variables_are_analysed() {
    for cmd in [
        "PAGER='rm -rf ~' man ls",
        "VISUAL='rm -rf ~' git commit",
        "export EDITOR='rm -rf ~'; crontab -e",
        "RSYNC_RSH='rm -rf ~' rsync a h:/b",
    ] {
        assert!(has(cmd, "TG-CMD-RM-HOME"), "{cmd}: {:?}", rules(cmd));
    }
    assert!(rules("EDITOR=vim git commit").is_empty());
}

#[test]
fn a_system_directory_variable_is_one_path_unless_the_script_gives_it_a_value() {
    // `$HOME` and `$TMPDIR` expand to absolute directories, never to options: deleting one
    // file under them is not a recursive delete.
    for cmd in ["rm $HOME/notes.txt", "rm -f ${HOME}/notes.txt"] {
        assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
    for cmd in ["rm $TMPDIR/build.log", "rm -r $TMPDIR/build"] {
        let found = rules_with_tmpdir(cmd, Some("/home/me/proj"), "/tmp/me");
        assert!(found.is_empty(), "{cmd}: {found:?}");
    }
    // A value the script gives them is read as any value: options, words and globs
    // (`HOME='-rf /*'; rm $HOME` is `rm -rf /bin /boot …`), or a directory that is
    // somewhere else.
    for cmd in [
        "HOME=\"-rf /\"; rm $HOME",
        "export HOME='-rf /*'; rm $HOME",
        "HOME='-rf /'; rm $HOME/x",
        "TMPDIR='-rf /'; rm $TMPDIR",
        "export TMPDIR='/ -rf'; rm -f $TMPDIR",
        "HOME=/ rm -r $HOME/etc",
        "rm -rf $HOME",
        "rm $HOME/a $X",
        "rm $HOMEDIR/x",
        "rm -r $HOME/$X",
    ] {
        assert!(denied(cmd), "{cmd} must be denied");
    }
    // `$HOMEX` is another variable, not the home directory.
    assert!(!has("rm -r $HOMEX/a", "TG-CMD-RM-HOME"));
    assert!(has("rm -r $HOMEX/a", "TG-CMD-RM-OUTSIDE-CWD"));
}

#[test]
fn pwd_is_the_working_directory_unless_the_script_gives_it_a_value() {
    // `$PWD` is the working directory, as `$(pwd)` is.
    for cmd in [
        "rm -r $PWD/build",
        "rm -rf \"$PWD/build\"",
        "rm -rf ${PWD}/dist",
        "rm -rf $(pwd)/build",
    ] {
        assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
    for cmd in [
        // A value of the script's own, or a working directory a `cd` changed.
        "PWD=/; rm -rf $PWD/*",
        "export PWD=/etc; rm -rf $PWD/x",
        "cd /tmp; rm -rf $PWD/x",
        "cd /etc && rm -rf $PWD/x",
        // The working directory itself and what is above it.
        "rm -rf $PWD",
        "rm -rf $PWD/../*",
        "rm -rf \"${PWD}/../x\"",
        "rm -rf $PWD/$X",
    ] {
        assert!(denied(cmd), "{cmd} must be denied");
    }
}

/// A variable the command line set before a delete is judged by its value (a name `mktemp`
/// made is a temporary one); a command's own `NAME=v` prefix is not in its words, which
/// expand the value the variable had before.
#[test]
fn a_value_set_before_is_the_target_and_a_prefix_is_not() {
    for cmd in [
        "d=/; rm -rf \"$d\"",
        "d=~; rm -rf \"$d\"",
        "d=$HOME; rm -rf \"$d\"",
        "d=..; rm -rf \"$d\"",
        "d=build; d=/; rm -rf \"$d\"",
        "d=build; cd /; rm -rf \"$d\"",
        "d=$(mktemp -d -p ~); rm -rf \"$d\"",
        "d=\"a b\"; rm -rf $d",
        "HOME=/tmp/x rm -rf $HOME",
        "HOME=/tmp/x rm -rf \"$HOME\"/*",
        "d=/tmp/x rm -rf \"$d\"",
        "PWD=/tmp rm -rf \"$PWD\"/*",
    ] {
        assert!(denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
    for cmd in [
        "d=build; rm -rf \"$d\"",
        "d=dist; rm -rf \"$d/cache\"",
        "tmpdir=$(mktemp -d); rm -rf \"$tmpdir\"",
        "t=`mktemp -d`; rm -rf \"$t\"/*",
        "tmpdir=$(mktemp -d); trap 'rm -rf \"$tmpdir\"' EXIT; cd \"$tmpdir\"",
        "HOME=/tmp/h; rm -rf \"$HOME\"/x",
    ] {
        assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
}
