//! A mode or owner change that locks the owner out of a directory everything depends on
//! (`TG-CMD-CHMOD-LOCKOUT`): `chmod 000 ~`, `chmod u-x /home/me`, `chown nobody ~`. The
//! recursive forms have their own rule; this one is about the directory itself, where a
//! single change cuts off everything under it.

use crate::SimpleCommand;
use crate::facts::paths::is_critical_dir;
use crate::rules::CommandContext;

use super::targets::path_operands;

/// Whether `cmd` (chmod or chown) takes its owner's read or search right on, or the
/// ownership of, a home directory, the root or a system directory.
pub(super) fn locks_owner_out(cmd: &SimpleCommand, cx: &CommandContext) -> bool {
    if cmd.flags.contains("reference") {
        return false;
    }
    // The first operand, when its whole text is known.
    let first = cmd.operands.first().map(String::as_str).filter(|o| {
        cmd.args
            .iter()
            .position(|a| a == o)
            .is_some_and(|i| !cmd.is_dynamic(i))
    });
    // GNU chmod reads `-x`, `-rwx` as a mode, which the option reader keeps as flags; then
    // every operand is a path.
    let mut dash_modes = cmd.flags.iter().filter(|f| is_dash_mode(f)).peekable();
    let dash_mode = dash_modes.peek().is_some();
    let (locks, paths_from) = match (&*cmd.program_lower(), dash_mode) {
        ("chmod", true) => (dash_modes.any(revokes_owner_access), 0),
        ("chmod", false) => (first.is_some_and(revokes_owner_access), 1),
        ("chown", _) => (first.is_some_and(|o| gives_away(o, cx)), 1),
        _ => (false, 0),
    };
    locks
        && path_operands(cmd)
            .into_iter()
            .skip(paths_from)
            .any(|o| is_critical_dir(o, cmd, cx))
}

/// The flags the option reader makes of a mode GNU chmod takes where an option could stand
/// (`-x`; `-rwx` is read as `-r`, `-w`, `-x`).
const DASH_MODES: &[&str] = &["-r", "-w", "-x", "-X", "-s", "-t"];

fn is_dash_mode(flag: &str) -> bool {
    DASH_MODES.contains(&flag)
}

/// Whether a chmod mode leaves a directory's owner without read or search (`000`, `0644`
/// on a directory, `u-x`, `a=`, `-r`).
fn revokes_owner_access(mode: &str) -> bool {
    if !mode.is_empty() && mode.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        let digits = mode.as_bytes();
        // The owner's digit is the third from the right; fewer digits leave it 0.
        let owner = digits.len().checked_sub(3).map_or(0, |i| digits[i] - b'0');
        return owner & 0o5 != 0o5;
    }
    mode.split(',').any(|clause| {
        let ops_at = clause.find(['+', '-', '=']).unwrap_or(clause.len());
        let who = &clause[..ops_at];
        if !(who.is_empty() || who.contains(['u', 'a'])) {
            return false;
        }
        // Each operator with the permissions after it (`u-r+w`).
        let mut rest = &clause[ops_at..];
        while let Some(op) = rest.chars().next() {
            let perms_end = rest[1..]
                .find(['+', '-', '='])
                .map_or(rest.len(), |i| i + 1);
            let perms = &rest[1..perms_end];
            let copies = perms.contains(['u', 'g', 'o']);
            let revoked = match op {
                '-' => perms.contains(['r', 'x']),
                '=' => !(copies || perms.contains('r') && perms.contains(['x', 'X'])),
                _ => false,
            };
            if revoked {
                return true;
            }
            rest = &rest[perms_end..];
        }
        false
    })
}

/// Whether `chown OWNER[:GROUP]` names an owner other than the home directory's (`:GROUP`
/// alone keeps the owner).
fn gives_away(spec: &str, cx: &CommandContext) -> bool {
    let owner = spec.split([':', '.']).next().unwrap_or(spec);
    if owner.is_empty() {
        return false;
    }
    let own_name = cx.home.and_then(|h| h.file_name()).and_then(|n| n.to_str());
    own_name != Some(owner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_that_take_the_owner_s_read_or_search_right() {
        for mode in [
            "000",
            "0",
            "00",
            "0000",
            "644",
            "0600",
            "311",
            "u-x",
            "u-r",
            "a-x",
            "-x",
            "u=",
            "a=rw",
            "=",
            "go+r,u-rwx",
            "u+w-x",
            "ug=w",
        ] {
            assert!(revokes_owner_access(mode), "{mode}");
        }
        for mode in [
            "755", "700", "0750", "500", "1777", "u+rwx", "go-rwx", "g-x", "o=", "a+r", "u=rwx",
            "u=rx", "+x", "u=g", "g=u",
        ] {
            assert!(!revokes_owner_access(mode), "{mode}");
        }
    }

    #[test]
    fn dash_modes_are_permission_letters_only() {
        assert!(is_dash_mode("-x") && is_dash_mode("-r"));
        assert!(!is_dash_mode("-R") && !is_dash_mode("-v") && !is_dash_mode("-"));
        assert!(
            DASH_MODES
                .iter()
                .all(|m| revokes_owner_access(m) == matches!(*m, "-r" | "-x"))
        );
    }
}
