//! The files a command writes, and the checks on them: protected files (the agents' hook
//! settings, toolgate's policy and binary) in [`protected`], block devices in [`devices`].

use crate::SimpleCommand;
use crate::knowledge::specs::{self, UrlNamed};
use crate::options::find::read_find;
use crate::options::{
    Scan, Value, args_of, slice_of, values_in, values_in_one_dash, with_old_style_bundle,
};

mod devices;
mod protected;

pub(crate) use devices::{replaces_device_node, writes_block_device};
pub(crate) use protected::{writes_protected, writes_protected_after_cd};

/// `tar`'s arguments read with its spec, an old-style first bundle (`tar czf out.tgz dir`)
/// written out as the options it stands for.
pub(crate) fn tar_scan(cmd: &SimpleCommand) -> Scan {
    let args = with_old_style_bundle(args_of(cmd, 0), &specs::TAR);
    Scan::read(&args, &specs::TAR, false)
}

/// The values (or operands) `values` names, as slices of `cmd`'s arguments.
fn borrowed<'a, 'v>(
    cmd: &'a SimpleCommand,
    values: impl IntoIterator<Item = &'v Value>,
) -> Vec<&'a str> {
    values
        .into_iter()
        .filter_map(|v| slice_of(&cmd.args, &v.text))
        .collect()
}

/// The files tar writes: the `-C` directories (unless it only creates or adds to an
/// archive: then they are where it reads); the archive when it creates or adds to one; the
/// members named when it extracts (`tar xf a.tar .claude/settings.json`).
fn tar_targets(cmd: &SimpleCommand) -> Vec<&str> {
    let scan = tar_scan(cmd);
    let mut out: Vec<&str> = Vec::new();
    if !scan.has(specs::TAR_WRITES_ARCHIVE) || scan.has(specs::TAR_EXTRACTS) {
        out.extend(borrowed(cmd, scan.values(specs::TAR_DIRECTORY)));
    }
    if scan.has(specs::TAR_WRITES_ARCHIVE) {
        out.extend(borrowed(cmd, scan.values(specs::TAR_ARCHIVE)));
    }
    if scan.has(specs::TAR_EXTRACTS) {
        out.extend(borrowed(cmd, &scan.operands));
    }
    out
}

/// The directories `cmd` extracts an archive into, where the archive decides which files it
/// writes: tar's `-C` when it extracts, unzip's `-d`, else the directory a written-out `cd`
/// before leads to (`cd / && tar xf a.tar`).
pub(crate) fn extraction_directories(cmd: &SimpleCommand) -> Vec<&str> {
    let given = match cmd.program_lower().as_ref() {
        "tar" | "bsdtar" | "gtar" => {
            let scan = tar_scan(cmd);
            if !scan.has(specs::TAR_EXTRACTS) {
                return Vec::new();
            }
            borrowed(cmd, scan.values(specs::TAR_DIRECTORY))
        }
        "unzip" => option_targets(cmd),
        _ => return Vec::new(),
    };
    if !given.is_empty() {
        return given;
    }
    cmd.cwd_target.as_deref().into_iter().collect()
}

/// The files `cmd` writes through the options of its row in [`specs::FILE_OPTIONS`], read
/// with long options written with one dash when its row in the program table says so
/// (`openssl genrsa -out KEY`).
fn option_targets(cmd: &SimpleCommand) -> Vec<&str> {
    let program = cmd.program_lower();
    let Some(f) = specs::file_options(&program) else {
        return Vec::new();
    };
    match crate::knowledge::programs::lookup(&program).is_some_and(|p| p.single_dash_long) {
        true => values_in_one_dash(&cmd.args, f.spec, f.written),
        false => values_in(&cmd.args, f.spec, f.written),
    }
}

/// The files `cmd` writes, moves, deletes or changes the mode of (redirects included).
pub(crate) fn write_targets(cmd: &SimpleCommand) -> Vec<&str> {
    targets_with(cmd, modelled_targets(cmd).as_deref()).collect()
}

/// [`write_targets`], given what [`modelled_targets`] found, without collecting them.
fn targets_with<'a: 'm, 'm>(
    cmd: &'a SimpleCommand,
    modelled: Option<&'m [&'a str]>,
) -> impl Iterator<Item = &'a str> + 'm {
    cmd.writes
        .iter()
        .chain(&cmd.inline_writes)
        .map(String::as_str)
        .chain(modelled.into_iter().flatten().copied())
}

/// The files a program whose writes the pack models writes through its arguments; `None`
/// for a program it does not model (its protected operands then count as writes).
pub(crate) fn modelled_targets(cmd: &SimpleCommand) -> Option<Vec<&str>> {
    let mut out: Vec<&str> = Vec::new();
    let operands = || cmd.operands.iter().map(String::as_str);
    let last = || cmd.operands.last().map(String::as_str);
    match cmd.program_lower().as_ref() {
        "tee" | "rm" | "unlink" | "truncate" | "shred" | "chmod" | "chown" | "chgrp" | "touch"
        | "sponge" | "chattr" | "setfacl" => out.extend(operands()),
        "mv" | "cp" | "install" | "ln" | "link" | "rsync" | "scp" => {
            let dirs = target_directories(cmd);
            if dirs.is_empty() {
                out.extend(last());
            }
            out.extend(dirs);
            // `mv` removes its sources; `rsync --remove-source-files` too.
            if program_is(cmd, &["mv"]) || cmd.flags.contains("remove-source-files") {
                out.extend(operands());
            }
        }
        p @ ("sed" | "gsed" | "perl" | "ruby") => {
            if cmd.flags.contains("in-place") {
                out.extend(operands());
            } else if matches!(p, "perl" | "ruby") {
                // Their code may write any file it names.
                return None;
            }
        }
        "patch" => {
            let scan = Scan::read(&args_of(cmd, 0), &specs::PATCH, false);
            out.extend(borrowed(cmd, scan.operands.first()));
            out.extend(option_targets(cmd));
        }
        "curl" | "aria2c" | "http" | "https" | "xh" | "xhs" | "wget" | "wget2" | "unzip"
        | "gpg" | "gpg2" | "age" | "openssl" | "sort" => {
            out.extend(option_targets(cmd));
        }
        "tar" | "bsdtar" | "gtar" => out.extend(tar_targets(cmd)),
        // `zip [OPTIONS] ARCHIVE FILES…`; `7z a|u ARCHIVE FILES…` (its other commands
        // extract, list or test).
        "zip" => out.extend(operands().next()),
        "7z" | "7za" | "7zz" => {
            if operands().next().is_some_and(|c| matches!(c, "a" | "u")) {
                out.extend(operands().nth(1));
            }
        }
        "find" => {
            // `-fprint FILE` and friends write FILE; `-delete` removes what it matches: the
            // start paths' trees and the names its tests give.
            let line = read_find(&cmd.args);
            let deletes = cmd.flags.contains("delete");
            out.extend(
                line.named(specs::FIND_FILE_PRIMARIES)
                    .filter_map(|p| p.value()),
            );
            if deletes {
                out.extend(line.named(specs::FIND_NAME_TESTS).filter_map(|p| p.value()));
                out.extend(operands());
            }
        }
        p if crate::knowledge::interpreters::is_awk(p) => {
            // awk writes the files its code redirects to (`print > "out"`), or the files it
            // reads with `-i inplace`; code in a file (`-f`) is not seen here.
            let scan = Scan::read(&args_of(cmd, 0), &specs::AWK, false);
            if scan.has(specs::AWK_PROGRAM_FILE) {
                return None;
            }
            if scan.values(specs::AWK_INCLUDE).any(|v| v.text == "inplace") {
                out.extend(borrowed(cmd, scan.operands.iter().skip(1)));
            }
            if let Some(code) = borrowed(cmd, scan.operands.first()).first().copied() {
                out.extend(awk_redirect_targets(code));
            }
        }
        "dd" | "dcfldd" => out.extend(cmd.operands.iter().filter_map(|o| o.strip_prefix("of="))),
        // The editors of the account files: what the editor (`$EDITOR`, which may be any
        // program) writes becomes the file.
        "visudo" => {
            let scan = Scan::read(&args_of(cmd, 0), &specs::VISUDO, false);
            // `-c` only checks the syntax.
            if scan.has(&["-c", "--check"]) || scan.has(ASKS_ONLY) {
                return Some(out);
            }
            match borrowed(cmd, scan.values(&["-f", "--file"]).last()).first() {
                Some(file) => out.push(*file),
                None => out.push("/etc/sudoers"),
            }
        }
        p @ ("vipw" | "vigr") => {
            if Scan::read(&args_of(cmd, 0), &specs::NONE, false).has(ASKS_ONLY) {
                return Some(out);
            }
            out.extend(match p {
                "vipw" => ["/etc/passwd", "/etc/shadow"],
                _ => ["/etc/group", "/etc/gshadow"],
            });
        }
        _ => return None,
    }
    Some(out)
}

/// The file names awk code redirects output to: `print > "f"`, `printf … >> "f"`.
fn awk_redirect_targets(code: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find('>') {
        let after = rest[at + 1..].trim_start_matches('>').trim_start();
        if let Some(body) = after.strip_prefix('"')
            && let Some(end) = body.find('"')
        {
            out.push(&body[..end]);
        }
        rest = &rest[at + 1..];
    }
    out
}

/// Options with which a program only prints its help or version.
const ASKS_ONLY: &[&str] = &["-h", "--help", "-V", "--version"];

/// Whether `cmd`'s program, in lower case, is one of `names` (lower case): compared ignoring
/// ASCII case, as its lower case would compare, without making it or calling memcmp per name.
fn program_is(cmd: &SimpleCommand, names: &[&str]) -> bool {
    names.iter().any(|n| cmd.program.eq_ignore_ascii_case(n))
}

/// The directories a copy writes into (`cp -t DIR`, `--target-directory=DIR`): coreutils'
/// `-t`; rsync's and scp's `-t` (keep times, remote side) take no directory.
fn target_directories(cmd: &SimpleCommand) -> Vec<&str> {
    if program_is(cmd, &["rsync", "scp"]) {
        return Vec::new();
    }
    let (spec, names) = specs::COPY_TARGET_DIRECTORY;
    values_in(&cmd.args, spec, names)
}

/// Programs that delete files or change their metadata: what they write is no content.
const NO_CONTENT: &[&str] = &[
    "rm", "unlink", "shred", "truncate", "chmod", "chown", "chgrp", "touch", "chattr", "setfacl",
];

/// Programs that copy, move or link their sources to a destination.
pub(crate) const COPIERS: &[&str] = &["mv", "cp", "install", "ln", "link", "rsync", "scp"];

/// The files `cmd` puts content into: redirects, `tee`, in-place edits, downloads,
/// extractions, and the destinations of copies, moves and links (with the files they create
/// inside a destination directory). Deletes, mode changes and the sources a move removes
/// are not content.
pub(crate) fn content_targets(cmd: &SimpleCommand) -> Vec<String> {
    let mut out: Vec<String> = cmd.writes.clone();
    out.extend(cmd.inline_writes.iter().cloned());
    let program = cmd.program_lower();
    if COPIERS.contains(&&*program) {
        let dirs = target_directories(cmd);
        if dirs.is_empty() {
            out.extend(cmd.operands.last().cloned());
        }
        out.extend(dirs.into_iter().map(str::to_string));
        out.extend(copied_into_directory(cmd));
        // A remote destination (`host:path`) is a file of another machine.
        out.retain(|t| !crate::facts::destinations::is_remote_path(t));
    } else if program == "find" {
        // `-delete` removes; only `-fprint FILE` and friends write content.
        let line = read_find(&cmd.args);
        out.extend(
            line.named(specs::FIND_FILE_PRIMARIES)
                .filter_map(|p| p.value().map(str::to_string)),
        );
    } else if program == "git" {
        out.extend(clone_destination(cmd));
    } else if !NO_CONTENT.contains(&&*program) {
        out.extend(
            modelled_targets(cmd)
                .unwrap_or_default()
                .into_iter()
                .map(str::to_string),
        );
    }
    out.extend(remote_names(cmd));
    out
}

/// The directory `git clone URL [DIR]` fills: `DIR`, else the URL's last path segment
/// without `.git` (`git clone URL ~/.config/nvim` plants an editor's start-up code).
fn clone_destination(cmd: &SimpleCommand) -> Option<String> {
    let sub = cmd.subcommand.as_deref()?;
    if !sub.eq_ignore_ascii_case("clone") {
        return None;
    }
    let mut operands = cmd.operands.iter();
    let url = operands.next()?;
    if let Some(dir) = operands.next() {
        return Some(under_git_directories(cmd, dir));
    }
    let name = url.trim_end_matches('/').rsplit(['/', ':']).next()?;
    let name = name.strip_suffix(".git").unwrap_or(name);
    (!name.is_empty()).then(|| under_git_directories(cmd, name))
}

/// `path` as git reaches it after its `-C DIR` options (`git -C ~/.config clone URL nvim`
/// fills `~/.config/nvim`); each relative `-C` goes on from the one before.
fn under_git_directories(cmd: &SimpleCommand, path: &str) -> String {
    let rooted = |p: &str| p.starts_with('/') || p.starts_with('~');
    if rooted(path) {
        return path.to_string();
    }
    let globals =
        crate::options::Scan::read(&crate::options::args_of(cmd, 0), &specs::GIT_GLOBAL, true);
    let mut dir: Option<String> = None;
    for d in globals.values(&["-C"]) {
        dir = Some(match dir {
            Some(before) if !rooted(&d.text) => {
                format!("{}/{}", before.trim_end_matches('/'), d.text)
            }
            _ => d.text.clone(),
        });
    }
    match dir {
        Some(dir) => format!("{}/{path}", dir.trim_end_matches('/')),
        None => path.to_string(),
    }
}

/// Files a copy creates inside its destination directory: `DEST/basename(SOURCE)` for each
/// source (`cp -r /tmp/stage/.claude .` creates `./.claude`). The destination may or may
/// not be a directory; a path that names no protected file is harmless either way.
fn copied_into_directory(cmd: &SimpleCommand) -> Vec<String> {
    if !program_is(cmd, &["mv", "cp", "install", "ln", "rsync", "scp"]) {
        return Vec::new();
    }
    let dirs = target_directories(cmd);
    let (sources, dests): (&[String], Vec<&str>) = if dirs.is_empty() {
        match cmd.operands.split_last() {
            Some((last, rest)) if !rest.is_empty() => (rest, vec![last.as_str()]),
            _ => return Vec::new(),
        }
    } else {
        (&cmd.operands, dirs)
    };
    let mut out = Vec::new();
    for d in dests {
        for s in sources {
            let trimmed = s.trim_end_matches('/');
            // `rsync -a src/ dest` copies the contents, not the directory.
            if trimmed.len() != s.len() && program_is(cmd, &["rsync"]) {
                continue;
            }
            let base = trimmed.rsplit('/').next().unwrap_or(trimmed);
            if !base.is_empty() && base != "." && base != ".." {
                out.push(format!("{}/{base}", d.trim_end_matches('/')));
            }
        }
    }
    out
}

/// Files a downloader names after the URL (`curl -O`, `wget` or `aria2c` without an output
/// name, `http --download`): the last path segment, inside `--output-dir` / `-P` when given.
pub(crate) fn remote_names(cmd: &SimpleCommand) -> Vec<String> {
    let Some(f) = specs::file_options(&cmd.program_lower()) else {
        return Vec::new();
    };
    let not_saved_as = || values_in(&cmd.args, f.spec, f.saved_as).is_empty();
    let by_remote_name = match f.url_named {
        UrlNamed::Never => false,
        UrlNamed::UnlessSavedAs => not_saved_as(),
        UrlNamed::When(flags) => {
            not_saved_as() && Scan::read(&args_of(cmd, 0), f.spec, false).has(flags)
        }
    };
    if !by_remote_name {
        return Vec::new();
    }
    let dir = values_in(&cmd.args, f.spec, f.url_named_into)
        .last()
        .map(|d| d.trim_end_matches('/').to_string());
    cmd.operands
        .iter()
        .filter_map(|u| {
            let rest = u.split_once("://")?.1;
            let path = rest.split(['?', '#']).next()?.split_once('/')?.1;
            let name = path.rsplit('/').next().filter(|n| !n.is_empty())?;
            Some(match &dir {
                Some(d) => format!("{d}/{name}"),
                None => name.to_string(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::devices::is_block_device;
    use super::*;

    #[test]
    fn block_devices() {
        for d in [
            "/dev/sda",
            "//dev/sda",
            "/dev/../dev/sda",
            "/dev/nvme0n1",
            "/dev/disk/by-id/x",
            "/dev/mapper/root",
        ] {
            assert!(is_block_device(d), "{d}");
        }
        for d in [
            "/dev/null",
            "/dev/stderr",
            "/dev/fd/3",
            "/dev/tty",
            "/dev/ttyS0",
            "/dev/shm/x",
            "dev/sda",
            "/devices",
        ] {
            assert!(!is_block_device(d), "{d}");
        }
    }

    #[test]
    fn targets_are_read_with_the_programs_specs() {
        let targets = |line: &str| -> Vec<String> {
            let analysis = crate::analyze(line);
            write_targets(&analysis.commands[0])
                .into_iter()
                .map(str::to_string)
                .collect()
        };
        // perl's `-l` and `-0` take no separate value: `-i` is found after them.
        assert_eq!(targets("perl -lpi -e 's/a/b/' f"), ["f"]);
        assert_eq!(targets("perl -0777 -pi.bak -e 's/a/b/' f"), ["f"]);
        assert_eq!(targets("sed -ie 's/a/b/' f"), ["f"]);
        assert!(targets("sed -e 's/i/x/' f").is_empty());
        // An old-style bundle takes its values in order; creating an archive reads the `-C`
        // directory, extracting writes it.
        assert_eq!(targets("tar cfC out.tgz dir src"), ["out.tgz"]);
        assert_eq!(targets("tar xfC a.tar dir"), ["dir"]);
        // `--exclude x` is no member extracted.
        assert_eq!(targets("tar -xf a.tar -C d --exclude x m"), ["d", "m"]);
        // The program comes after `-v NAME=VALUE`.
        assert_eq!(targets("awk -v x=1 '{print > \"o\"}' f"), ["o"]);
        assert_eq!(targets("patch -p 1 -o out file.c"), ["file.c", "out"]);
        assert_eq!(targets("cp -t dir a b"), ["dir"]);
        // openssl's one-dash long options; sort's output.
        assert_eq!(
            targets("openssl req -new -x509 -keyout k.pem -out c.pem -days 3"),
            ["k.pem", "c.pem"]
        );
        assert_eq!(targets("openssl genrsa -out key.pem 2048"), ["key.pem"]);
        assert!(targets("openssl genrsa 2048").is_empty());
        assert_eq!(targets("sort -u -o out in"), ["out"]);
        assert_eq!(
            targets("curl -sSLo out -D h --outp o2 https://x.example/"),
            ["out", "h", "o2"]
        );
    }

    #[test]
    fn a_clone_fills_its_destination() {
        let targets = |line: &str| content_targets(&crate::analyze(line).commands[0]);
        assert_eq!(
            targets("git clone https://x.example/a/r.git ~/.vim"),
            ["~/.vim"]
        );
        assert_eq!(
            targets("git clone --depth 1 https://x.example/a/dots.git"),
            ["dots"]
        );
        assert_eq!(targets("git clone git@x.example:a/.vim.git"), [".vim"]);
        assert!(targets("git pull https://x.example/a/r.git main").is_empty());
        // `-C` moves where a relative destination is; a rooted one stays.
        assert_eq!(
            targets("git -C ~/.config clone https://x.example/a/r.git nvim"),
            ["~/.config/nvim"]
        );
        assert_eq!(
            targets("git -C ~ -C .config clone https://x.example/a/nvim.git"),
            ["~/.config/nvim"]
        );
        assert_eq!(
            targets("git -C /tmp clone https://x.example/a/r.git ~/.vim"),
            ["~/.vim"]
        );
        assert_eq!(
            targets("git -C vendor -c a=b clone https://x.example/a/r.git"),
            ["vendor/r"]
        );
    }

    #[test]
    fn program_is_compares_as_the_lower_case_name() {
        let names: &[&[&str]] = &[
            &["mv", "cp", "install", "ln", "rsync", "scp"],
            &["rsync", "scp"],
            &["mv"],
            &["é", "ßx"],
            &[],
        ];
        for program in [
            "mv", "MV", "Mv", "cp", "rsync", "RSYNC", "rsyn", "rsyncx", "scp", "ln", "l", "",
            "install", "INSTALL", "é", "É", "ßx", "SSX", "ẞx", "rm", "m\u{76}",
        ] {
            let cmd = SimpleCommand {
                program: program.to_string(),
                ..SimpleCommand::default()
            };
            for list in names {
                assert_eq!(
                    program_is(&cmd, list),
                    list.contains(&cmd.program_lower().as_ref()),
                    "{program} in {list:?}"
                );
            }
        }
    }

    #[test]
    fn remote_names_are_the_last_path_segment() {
        let cmd = |args: &[&str]| SimpleCommand {
            program: "curl".into(),
            args: args.iter().map(|a| a.to_string()).collect(),
            operands: args
                .iter()
                .filter(|a| !a.starts_with('-'))
                .map(|a| a.to_string())
                .collect(),
            ..SimpleCommand::default()
        };
        assert_eq!(
            remote_names(&cmd(&["-O", "https://x.example/a/install.sh?v=1"])),
            ["install.sh"]
        );
        assert!(remote_names(&cmd(&["-O", "https://x.example/"])).is_empty());
        assert!(remote_names(&cmd(&["-O", "https://x.example"])).is_empty());
        assert!(remote_names(&cmd(&["https://x.example/a.sh"])).is_empty());
    }
}
