//! What Windows' shells destroy: cmd.exe's commands and PowerShell's cmdlets (and their
//! aliases) that delete trees, format or clear disks, or take the machine down. toolgate reads
//! POSIX shell; the scripts `cmd /c …` and `pwsh -Command …` run are searched for these, so a
//! Windows agent's `rd /s /q C:\` is not read as a harmless unknown program.

/// One destructive Windows command.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WindowsCommand {
    /// The command's names, lower case (a cmdlet and its aliases).
    pub(crate) names: &'static [&'static str],
    /// It destroys only with one of these switches (any, by prefix for PowerShell's `-Name`
    /// parameters, contained for cmd's `/S`, which may be glued: `/s/q`); empty: always.
    pub(crate) switches: &'static [&'static str],
    /// What it does (a fixed label for reasons, never input text).
    pub(crate) label: &'static str,
}

const fn command(
    names: &'static [&'static str],
    switches: &'static [&'static str],
    label: &'static str,
) -> WindowsCommand {
    WindowsCommand {
        names,
        switches,
        label,
    }
}

/// PowerShell's `Remove-Item` and every alias it has (`rm`, `del`, `erase`, `rd`, `rmdir`,
/// `ri`), and `-Recurse` as PowerShell lets it be shortened (`-r`, `-rec`).
const REMOVE_ITEM: &[&str] = &["remove-item", "rm", "del", "erase", "rd", "rmdir", "ri"];

/// The commands, cmd.exe's and PowerShell's.
pub(crate) const WINDOWS_COMMANDS: &[WindowsCommand] = &[
    // cmd.exe: a tree with `/S`.
    command(&["rd", "rmdir"], &["/s"], "rd /s (a directory tree)"),
    command(
        &["del", "erase"],
        &["/s"],
        "del /s (files in every subdirectory)",
    ),
    command(&["format", "format.com"], &[], "format (a volume)"),
    command(
        &["diskpart", "diskpart.exe"],
        &[],
        "diskpart (disks and partitions)",
    ),
    command(
        &["shutdown", "shutdown.exe"],
        &["/s", "/r", "/p"],
        "shutdown",
    ),
    // PowerShell.
    command(REMOVE_ITEM, &["-recurse"], "Remove-Item -Recurse"),
    command(&["format-volume"], &[], "Format-Volume"),
    command(&["clear-disk"], &[], "Clear-Disk"),
    command(&["initialize-disk"], &[], "Initialize-Disk"),
    command(&["remove-partition"], &[], "Remove-Partition"),
    command(&["stop-computer"], &[], "Stop-Computer"),
    command(&["restart-computer"], &[], "Restart-Computer"),
];

/// The labels of the destructive commands a Windows script runs: its commands split at `;`,
/// `&`, `|` and new lines, each read as its name (lower case, without `.exe` or quotes) and
/// its switches.
pub(crate) fn destructive_commands(script: &str) -> Vec<&'static str> {
    let mut found = Vec::new();
    for part in script.split([';', '&', '|', '\n', '\r', '(', ')', '{', '}']) {
        let mut words = part
            .split_whitespace()
            .map(|w| w.trim_matches(['"', '\'']).to_ascii_lowercase());
        let Some(name) = words.next() else {
            continue;
        };
        let name = name.strip_suffix(".exe").unwrap_or(&name).to_string();
        let rest: Vec<String> = words.collect();
        for c in WINDOWS_COMMANDS {
            if !c.names.contains(&name.as_str()) {
                continue;
            }
            let switched = c.switches.is_empty()
                || rest.iter().any(|w| {
                    c.switches.iter().any(|s| match s.strip_prefix('-') {
                        // `-r`, `-rec`, `-recurse` (and `-recurse:$true`).
                        Some(long) => w
                            .strip_prefix('-')
                            .map(|p| p.split(':').next().unwrap_or(p))
                            .is_some_and(|p| !p.is_empty() && long.starts_with(p)),
                        None => w.contains(s),
                    })
                });
            if switched && !found.contains(&c.label) {
                found.push(c.label);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_trees_disks_and_power() {
        for (script, label) in [
            ("rd /s /q C:\\", "rd /s (a directory tree)"),
            ("RMDIR /S/Q \"C:\\Users\\me\"", "rd /s (a directory tree)"),
            (
                "cd C:\\ && del /f /s /q *.*",
                "del /s (files in every subdirectory)",
            ),
            ("format D: /q", "format (a volume)"),
            ("shutdown /s /t 0", "shutdown"),
            (
                "Remove-Item -Recurse -Force C:\\Users\\me",
                "Remove-Item -Recurse",
            ),
            ("rm -r -fo C:\\Users", "Remove-Item -Recurse"),
            ("Get-ChildItem | ri -rec", "Remove-Item -Recurse"),
            ("Remove-Item C:\\x -Recurse:$true", "Remove-Item -Recurse"),
            ("Format-Volume -DriveLetter D", "Format-Volume"),
            ("Stop-Computer -Force", "Stop-Computer"),
            ("Get-Disk 1 | Clear-Disk -RemoveData", "Clear-Disk"),
        ] {
            assert_eq!(destructive_commands(script), [label], "{script}");
        }
        for script in [
            "rd build",
            "del out.txt",
            "dir /s",
            "Remove-Item build.log",
            "Get-ChildItem -Recurse",
            "echo rd /s",
            "shutdown /a",
            "Write-Output 'Format-Volume'",
        ] {
            let found = destructive_commands(script);
            // `echo rd /s` and a quoted cmdlet name are data; only a command's own name counts.
            assert!(found.is_empty(), "{script}: {found:?}");
        }
    }

    #[test]
    fn every_command_has_a_name_and_lower_case_names() {
        for c in WINDOWS_COMMANDS {
            assert!(!c.names.is_empty() && !c.label.is_empty());
            for n in c.names.iter().chain(c.switches) {
                assert_eq!(*n, n.to_ascii_lowercase(), "{n}");
            }
        }
    }
}
