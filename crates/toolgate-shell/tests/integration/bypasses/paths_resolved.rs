//! Paths read where they really lead: relative paths after a `cd` to a known directory,
//! and `..` after a glob component.

use super::{denied, has, rules};

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
