//! The disk tools' tables and their harmless forms: tools that only take devices, the ones
//! whose `-h` is help, the one that reads its first operand, and the listing, help and
//! rehearsal forms that write nothing.

use crate::SimpleCommand;

/// Disk tools that only take devices or volumes (no file of a project is at stake).
pub(super) const DEVICE_ONLY: &[&str] = &[
    "cfdisk",
    "blkdiscard",
    "nwipe",
    "lvremove",
    "vgremove",
    "pvremove",
    "lvreduce",
];

/// Disk tools whose `-h` asks for help (in sgdisk it is `--hybrid`, which writes).
const SHORT_HELP: &[&str] = &[
    "lvremove",
    "vgremove",
    "pvremove",
    "lvreduce",
    "wipefs",
    "fdisk",
    "sfdisk",
    "cfdisk",
    "parted",
    "blkdiscard",
    "ddrescue",
];

/// Disk tools that read their first operand and write the others: `ddrescue DEVICE IMAGE
/// [MAPFILE]` rescues a device into an image file.
pub(super) const READS_FIRST_OPERAND: &[&str] = &["ddrescue"];

/// A disk tool run only to list, print help or rehearse (`fdisk -l`, `wipefs` without `-a`
/// or with `--no-act`, `parted DEV print`, `sgdisk --backup=FILE`, `vgremove -h`).
pub(super) fn disk_listing(cmd: &SimpleCommand) -> bool {
    let has = |names: &[&str]| names.iter().any(|n| cmd.flags.contains(n));
    let only =
        |names: &[&str]| !cmd.flags.is_empty() && cmd.flags.iter().all(|f| names.contains(&f));
    let program = cmd.program_lower();
    if has(&["help", "version"]) || (SHORT_HELP.contains(&&*program) && has(&["-h"])) {
        return true;
    }
    match &*program {
        "fdisk" | "gdisk" => has(&["-l", "list"]),
        "sfdisk" => has(&[
            "-l",
            "list",
            "-d",
            "dump",
            "-V",
            "verify",
            "-J",
            "json",
            "-s",
            "show-size",
            "-F",
            "list-free",
            "-T",
            "list-types",
        ]),
        "parted" => {
            has(&["-l", "list"])
                || (cmd.operands.iter().any(|o| o == "print")
                    && !cmd.operands.iter().any(|o| {
                        matches!(
                            o.as_str(),
                            "mklabel"
                                | "mktable"
                                | "mkpart"
                                | "rm"
                                | "resizepart"
                                | "name"
                                | "set"
                                | "toggle"
                                | "rescue"
                                | "mkfs"
                        )
                    }))
        }
        "sgdisk" => only(&[
            "-p",
            "print",
            "-v",
            "verify",
            "-L",
            "list-types",
            "-i",
            "info",
            "-O",
            "print-mbr",
            // Saves the partition tables to a file.
            "-b",
            "backup",
        ]),
        "wipefs" => has(&["-n", "no-act"]) || !has(&["-a", "all", "-o", "offset", "-b", "backup"]),
        "nwipe" => only(&["-V", "version", "-h", "help"]),
        _ => false,
    }
}
