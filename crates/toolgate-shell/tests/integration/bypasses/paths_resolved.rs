//! Paths read where they really lead: relative paths after a `cd` to a known directory,
//! `..` after a glob component, `$TMPDIR` as the environment sets it, and links that make a
//! later delete reach elsewhere.

use super::{denied, has, rules};
use crate::support::rules_with_tmpdir;

/// A relative path after a `cd` to a directory written out is judged from there, as the
/// same command with the whole path is (before, the path was unknown and no rule on the
/// root, a home or a system directory matched it).
#[test]
fn relative_paths_after_a_cd_elsewhere() {
    for (cmd, id) in [
        (
            "cd /dev && dd if=/dev/zero of=sda bs=1M",
            "TG-CMD-DD-DEVICE",
        ),
        (
            "cd /dev && cat /dev/zero > sda",
            "TG-CMD-BLOCK-DEVICE-WRITE",
        ),
        (
            "cd /dev; cat /dev/zero > ./sda",
            "TG-CMD-BLOCK-DEVICE-WRITE",
        ),
        ("cd / && chmod -R 777 etc", "TG-CMD-CHMOD-SYSTEM"),
        ("cd / && chown -R nobody:nobody *", "TG-CMD-CHMOD-SYSTEM"),
        ("cd ~ && chmod -R 000 .", "TG-CMD-CHMOD-CRITICAL"),
        ("cd && chmod -R 000 .", "TG-CMD-CHMOD-CRITICAL"),
        ("cd / && mv usr /tmp/usr", "TG-CMD-MV-CRITICAL"),
        ("cd /; mv boot boot.bak", "TG-CMD-MV-CRITICAL"),
        ("cd / && mv home /tmp/", "TG-CMD-MV-CRITICAL"),
        ("cd /etc && rm -f passwd", "TG-CMD-RM-SYSTEM-FILE"),
        ("cd /etc && truncate -s0 passwd", "TG-CMD-TRUNCATE-SYSTEM"),
        ("cd /etc && mv passwd x", "TG-CMD-MV-SYSTEM-FILE"),
        ("bash -c 'cd /etc; rm -f passwd'", "TG-CMD-RM-SYSTEM-FILE"),
        ("cd /usr && cd lib && rm -rf *", "TG-CMD-RM-SYSTEM"),
        ("cd /tmp && cd .. && rm -rf *", "TG-CMD-RM-ROOT"),
        ("cd .. && rm -rf *", "TG-CMD-RM-HOME"),
        ("cd ~ && rm -rf *", "TG-CMD-RM-HOME"),
        ("cd /etc; cd ssh && rm -rf *", "TG-CMD-RM-SYSTEM"),
        (
            "cd \"$d\"; cd /etc && rm -f passwd",
            "TG-CMD-RM-SYSTEM-FILE",
        ),
    ] {
        assert!(has(cmd, id), "{cmd}: {:?}", rules(cmd));
    }
    // Where the `cd` target is only known at run time, the path stays unknown (denied).
    for cmd in [
        "cd \"$x\" && rm -rf *",
        "cd - && rm -rf *",
        "pushd /tmp && popd && rm -rf *",
        "cd /tmp/x; rm -rf *",
        "(cd /tmp/x) && rm -rf *",
        "bash -c 'cd /tmp/x' && rm -rf *",
        "! cd /tmp/x && rm -rf *",
        "cd /tmp/x || echo no; rm -rf build",
        "pwd() { echo /tmp; }; cd /tmp && rm -rf \"$(pwd)/x\"",
    ] {
        assert!(denied(cmd), "{cmd} must be denied");
    }
    // Where the `cd` surely happened, the temp directory is the temp directory.
    for cmd in [
        "cd /tmp/x && rm -rf build",
        "cd /tmp/x && rm -rf *",
        "cd /tmp && cd x && rm -rf ./*",
        "cd /dev && echo hi > null",
    ] {
        assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
}

/// `..` after a glob component is the glob's parent again: `/tmp/*/../..` is `/` (before,
/// it was read as `/tmp/*`).
#[test]
fn dot_dot_after_a_glob() {
    for (cmd, id) in [
        ("rm -rf /tmp/*/../..", "TG-CMD-RM-ROOT"),
        ("rm -rf /tmp/*/../../home", "TG-CMD-RM-HOME"),
        ("rm -rf src/*/../../..", "TG-CMD-RM-HOME"),
        ("rm -rf ~/.cache/*/../..", "TG-CMD-RM-HOME"),
        ("chmod -R 777 /tmp/*/../..", "TG-CMD-CHMOD-SYSTEM"),
        ("mv src/*/../../.. /tmp/x", "TG-CMD-MV-CRITICAL"),
        ("rm -rf /tmp/*/x/../../../etc", "TG-CMD-RM-SYSTEM"),
    ] {
        assert!(has(cmd, id), "{cmd}: {:?}", rules(cmd));
    }
    for cmd in [
        "rm -rf src/*/..",
        "rm -rf ~/.cache/*/x/..",
        "rm -rf */node_modules",
    ] {
        assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
}

/// `$TMPDIR` is the temporary directory only when the environment sets it: unset, it is
/// empty, so `"$TMPDIR"/*` is `/*` (before, it was read as `/tmp` whatever the
/// environment).
#[test]
fn tmpdir_unset_is_empty() {
    for (cmd, id) in [
        ("rm -rf \"$TMPDIR\"/*", "TG-CMD-RM-ROOT"),
        ("rm -rf $TMPDIR/*", "TG-CMD-RM-ROOT"),
        ("rm -rf \"$TMPDIR/\"", "TG-CMD-RM-ROOT"),
        ("rm -rf ${TMPDIR}/etc", "TG-CMD-RM-SYSTEM"),
        ("chmod -R 777 $TMPDIR/", "TG-CMD-CHMOD-SYSTEM"),
        ("rm -rf \"$TMPDIR/x\"", "TG-CMD-RM-OUTSIDE-CWD"),
    ] {
        assert!(has(cmd, id), "{cmd}: {:?}", rules(cmd));
    }
    assert!(denied("rsync -a --delete empty/ \"$TMPDIR\"/"));
    // `$TMPDIR` alone is no word (or an empty one) when unset: nothing is deleted.
    assert!(!denied("rm -rf $TMPDIR"), "{:?}", rules("rm -rf $TMPDIR"));
    // With a default, or set by the environment (macOS's per-user directory too).
    let cwd = Some("/home/me/proj");
    for (cmd, tmpdir) in [
        ("rm -rf \"${TMPDIR:-/tmp}\"/*", "/tmp"),
        ("rm -rf \"$TMPDIR\"/*", "/tmp"),
        ("rm -rf \"$TMPDIR/build\"", "/var/folders/zz/abc123/T/"),
        ("rm -rf $TMPDIR/*", "/private/var/folders/zz/abc123/T"),
        ("rsync -a --delete empty/ \"$TMPDIR\"/x/", "/tmp/me"),
    ] {
        let found = rules_with_tmpdir(cmd, cwd, tmpdir);
        assert!(found.is_empty(), "{cmd} ({tmpdir}): {found:?}");
    }
    assert!(rules("rm -rf \"${TMPDIR:-/tmp}\"/*").is_empty());
    // A TMPDIR elsewhere is what it names; `/var/folders` itself is every user's.
    for (cmd, tmpdir) in [
        ("rm -rf \"$TMPDIR\"/*", "/"),
        ("rm -rf \"$TMPDIR\"/*", "/home/me"),
        ("rm -rf \"$TMPDIR\"/*", "/var/folders"),
        ("rm -rf \"$TMPDIR\"/*", "/etc"),
        ("rm -rf \"$TMPDIR\"/*", "relative/tmp"),
    ] {
        let found = rules_with_tmpdir(cmd, cwd, tmpdir);
        assert!(!found.is_empty(), "{cmd} ({tmpdir}) must be denied");
    }
}

/// A link made to the root, a home or system directory, or above the project is asked
/// about: a delete through it later (in this call or the next) reaches there, and the path
/// classes see only the link's own name.
#[test]
fn links_to_critical_directories() {
    for cmd in [
        "ln -s / x && rm -rf x/*",
        "ln -s ~ /tmp/h && rm -rf /tmp/h/*",
        "ln -s ../.. up; rm -rf up/",
        "ln -s /etc e; rm -rf e/*",
        "ln -s / x",
        "ln -sfn $HOME h",
        "ln -s .. up",
        "ln -s ../../.. sub/up",
        "cp -s /etc e",
        "cp -rs /usr x",
        "ln -t links /usr",
    ] {
        assert!(has(cmd, "TG-CMD-LINK-CRITICAL"), "{cmd}: {:?}", rules(cmd));
    }
    for cmd in [
        "ln -s /usr/bin/python3 venv/bin/python",
        "ln -s ../shared/x y",
        "ln -sf build/app bin/app",
        "ln -sfn ../../shared/config packages/web/config",
        "ln -s \"$PWD/build\" out",
        "ln -s /tmp/foo x",
        "ln -s ~/.cache/x y",
        "ln -s . self",
        "cp -r /etc/skel x",
    ] {
        assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
}

/// What `mktemp` prints is a new path in the temporary directory (or, given a template
/// without a `/`, in the working directory): deleting it passes (before, it was a path only
/// known at run time and denied); a directory of its own choosing is still judged.
#[test]
fn mktemp_output_is_a_temp_path() {
    for cmd in [
        "mktemp -d | xargs rm -rf",
        "mktemp | xargs rm -f",
        "mktemp -d build.XXXX | xargs rm -rf",
    ] {
        assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
    for cmd in [
        "mktemp -d -p ~ | xargs rm -rf",
        "mktemp -d ~/x.XXXX | xargs rm -rf",
        "mktemp -d --tmpdir=/ | xargs rm -rf",
        "mktemp -d -t x.XXXX | xargs rm -rf",
        "mktemp -d \"$X\" | xargs rm -rf",
        "mktemp -d | xargs -I{} rm -rf {}/..",
    ] {
        assert!(denied(cmd), "{cmd} must be denied");
    }
}
