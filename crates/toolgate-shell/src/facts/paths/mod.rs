//! Classifying path operands: root, home, system directories, temp, inside the working
//! directory or outside it.

use std::path::{Component, Path, PathBuf};

use serde::Serialize;

use crate::knowledge::variables::{SYSTEM_DIRECTORIES, leading_variable};
use crate::model::SimpleCommand;
use crate::model::{CommandAnalysis, CommandContext};

/// The class of a path operand, as command rules see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PathClass {
    /// `/` (or everything in it, `/*`).
    Root,
    /// A home directory or something in one (outside the working directory).
    Home,
    /// A system directory (`/etc`, `/usr`, `/var` …) or something in one.
    System,
    /// A temporary directory (`/tmp`, `/var/tmp`, `$TMPDIR`) or something in one.
    Temp,
    /// Strictly inside the known working directory, or some of its entries (`*.egg-info`).
    /// Never given when the working directory is `/`, a home directory itself or a system
    /// tree: there the path is classed as what it is (root, home, system).
    InsideCwd,
    /// The working directory itself (`.`, `*`, `.*`).
    Cwd,
    /// Anywhere else.
    OutsideCwd,
    /// Only known at run time, or relative while the working directory is unknown.
    Unknown,
}

/// A group of path classes a command rule names (`path_class:` in a policy): one class, or
/// `outside_cwd` (everything not inside the working directory or a temp directory, unknown
/// included) or `any`. Parsed once when the policy is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PathGroup {
    /// `/` itself.
    Root,
    /// Home directories.
    Home,
    /// System directories.
    System,
    /// Temporary directories.
    Temp,
    /// Strictly inside the working directory.
    InsideCwd,
    /// The working directory itself.
    Cwd,
    /// Not inside the working directory or a temp directory (unknown included).
    OutsideCwd,
    /// Only known at run time.
    Unknown,
    /// Every class.
    Any,
}

/// Every group with its policy spelling.
const PATH_GROUPS: &[(PathGroup, &str)] = &[
    (PathGroup::Root, "root"),
    (PathGroup::Home, "home"),
    (PathGroup::System, "system"),
    (PathGroup::Temp, "temp"),
    (PathGroup::InsideCwd, "inside_cwd"),
    (PathGroup::Cwd, "cwd"),
    (PathGroup::OutsideCwd, "outside_cwd"),
    (PathGroup::Unknown, "unknown"),
    (PathGroup::Any, "any"),
];

impl PathGroup {
    /// Parses the policy spelling (`inside_cwd`).
    pub fn parse(s: &str) -> Option<PathGroup> {
        PATH_GROUPS.iter().find(|(_, n)| *n == s).map(|(g, _)| *g)
    }

    /// The policy spelling.
    pub fn name(self) -> &'static str {
        PATH_GROUPS
            .iter()
            .find(|(g, _)| *g == self)
            .map_or("any", |(_, n)| n)
    }

    /// Every policy spelling, in order (for error messages).
    pub fn names() -> impl Iterator<Item = &'static str> {
        PATH_GROUPS.iter().map(|(_, n)| *n)
    }
}

impl PathClass {
    /// Whether this class belongs to `group`.
    pub fn in_group(self, group: PathGroup) -> bool {
        match group {
            PathGroup::Any => true,
            PathGroup::Root => self == PathClass::Root,
            PathGroup::Home => self == PathClass::Home,
            PathGroup::System => self == PathClass::System,
            PathGroup::Temp => self == PathClass::Temp,
            PathGroup::InsideCwd => self == PathClass::InsideCwd,
            PathGroup::Cwd => self == PathClass::Cwd,
            PathGroup::Unknown => self == PathClass::Unknown,
            PathGroup::OutsideCwd => !matches!(self, PathClass::InsideCwd | PathClass::Temp),
        }
    }
}

const SYSTEM_DIRS: &[&str] = &[
    "/etc",
    "/usr",
    "/bin",
    "/sbin",
    "/var",
    "/boot",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/opt",
    "/sys",
    "/proc",
    "/dev",
    "/srv",
    "/run",
    "/snap",
    "/mnt",
    "/media",
    "/root",
    "/System",
    "/Library",
    "/Applications",
    "/private",
    "/Volumes",
    "/nix",
    "/efi",
    "/lost+found",
];
/// Directories inside system directories that the system cannot run without: moving one
/// (or re-owning it recursively, or `rsync --delete` into it) breaks the machine as moving
/// `/usr` does.
const CRITICAL_SYSTEM_SUBDIRS: &[&str] = &[
    "/usr/bin",
    "/usr/sbin",
    "/usr/lib",
    "/usr/lib32",
    "/usr/lib64",
    "/usr/libx32",
    "/usr/libexec",
    "/usr/local",
    "/usr/local/bin",
    "/usr/local/lib",
    "/usr/local/sbin",
    "/usr/share",
    "/usr/include",
    "/var/lib",
    "/var/log",
    "/var/spool",
    "/var/cache",
    "/etc/ssh",
    "/etc/systemd",
    "/etc/pam.d",
    "/etc/sudoers.d",
    "/etc/ssl",
    "/boot/efi",
    "/System/Library",
    "/Library/LaunchDaemons",
    "/Library/LaunchAgents",
    "/nix/store",
];
const TEMP_DIRS: &[&str] = &[
    "/tmp",
    "/var/tmp",
    "/private/tmp",
    "/private/var/tmp",
    "/dev/shm",
];

/// [`normalize`] without a copy when `p` is already normal: absolute, no empty, `.` or `..`
/// component and no trailing `/` (the working and home directories nearly always are).
fn normalized(p: &Path) -> std::borrow::Cow<'_, Path> {
    let normal = p.to_str().is_some_and(|t| {
        t == "/"
            || (t.starts_with('/')
                && !t.ends_with('/')
                && t[1..]
                    .split('/')
                    .all(|c| !c.is_empty() && c != "." && c != ".."))
    });
    if normal {
        std::borrow::Cow::Borrowed(p)
    } else {
        std::borrow::Cow::Owned(normalize(p))
    }
}

fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::from("/");
    for c in p.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(n) => out.push(n),
            _ => {}
        }
    }
    out
}

/// `Path::starts_with` for a normalized absolute path (as [`normalize`] makes it) and an
/// absolute `dir` without a trailing `/`, by text: the classification tries some forty
/// directories per operand, and splitting both paths into components each time was most
/// of a delete's analysis.
fn under(path: &str, dir: &str) -> bool {
    path == dir
        || (path.starts_with(dir)
            && (dir.ends_with('/') || path.as_bytes().get(dir.len()) == Some(&b'/')))
}

fn has_glob(s: &str) -> bool {
    s.contains(['*', '?', '['])
}

/// `path` with a leading `$HOME` / `${HOME}` written as `~` (`$HOME/.ssh/id_rsa` →
/// `~/.ssh/id_rsa`), so the path class tables read it as a home path; other text unchanged.
pub(crate) fn tilde_home(path: &str) -> std::borrow::Cow<'_, str> {
    for form in ["${HOME}", "$HOME"] {
        if let Some(rest) = path.strip_prefix(form)
            && (rest.is_empty() || rest.starts_with('/'))
        {
            return format!("~{rest}").into();
        }
    }
    path.into()
}

/// The working directory of command `index`: the last `cd` before it (`~` for a bare `cd`),
/// `.` when none changed it, `None` when it changed to a place only known at run time.
pub(crate) fn working_directory(analysis: &CommandAnalysis, index: usize) -> Option<String> {
    let cmd = &analysis.commands[index];
    let mut dir: Option<String> = None;
    for c in &analysis.commands[..index] {
        let program = c.program_lower();
        if !matches!(&*program, "cd" | "pushd") {
            continue;
        }
        let Some(target) = c.operands.first() else {
            dir = Some("~".to_string());
            continue;
        };
        if !c.dynamic_args.is_empty() && !target.starts_with("$HOME") {
            return None;
        }
        let target = tilde_home(target);
        dir = Some(match (&dir, target.starts_with(['/', '~'])) {
            (Some(d), false) => format!("{d}/{target}"),
            _ => target.into_owned(),
        });
    }
    match dir {
        Some(d) => Some(d),
        None if cmd.cwd_changed => None,
        None => Some(".".to_string()),
    }
}

/// The class `class` gives `path`, when the path is aimed at the files of that class. A
/// path whose last component is a glob lists whatever its directory holds: it counts when
/// its directory is in the class (`~/.ssh/*`) or the glob's own letters are part of a name
/// the class covers (`*.pem`, `.env*`, `id_*`), not when it only could expand to such a
/// name (`dist/*`, `*ela*L1*`, `.*`). `patterns` gives a class's path patterns.
pub(crate) fn aimed_class<T: Copy>(
    path: &str,
    class: impl Fn(&str) -> Option<T>,
    patterns: impl Fn(T) -> &'static [toolgate_core::path_class::PathPattern],
) -> Option<T> {
    let found = class(path)?;
    let trimmed = path.trim_end_matches('/');
    let (dir, last) = trimmed.rsplit_once('/').unwrap_or((".", trimmed));
    if !has_glob(last) {
        return Some(found);
    }
    if !dir.is_empty()
        && let Some(parent) = class(dir)
    {
        return Some(parent);
    }
    let letters = glob_letters(last);
    let named = patterns(found).iter().any(|p| {
        p.parts.last().is_some_and(|name| {
            let name = glob_letters(name);
            letters.len() >= 2
                && (name.contains(&letters) || (name.len() >= 2 && letters.contains(&name)))
        })
    });
    named.then_some(found)
}

/// The letters of a glob, lower case, with its wildcards and `[…]` classes left out.
fn glob_letters(glob: &str) -> String {
    let mut out = String::new();
    let mut in_class = false;
    for c in glob.chars() {
        match c {
            '[' => in_class = true,
            ']' if in_class => in_class = false,
            '*' | '?' => {}
            _ if in_class => {}
            _ => out.push(c.to_ascii_lowercase()),
        }
    }
    out
}

/// Classifies operand `i` of `cmd` (`args[i]` text, with its dynamic flag).
pub fn classify(text: &str, dynamic: bool, cmd: &SimpleCommand, cx: &CommandContext) -> PathClass {
    match plain_relative_class(text, dynamic, cmd, cx) {
        Some(class) => class,
        None => classify_full(text, dynamic, cmd, cx),
    }
}

/// [`classify`] the full way: variables, `$(pwd)`, `~`, globs and `..` resolved.
fn classify_full(text: &str, dynamic: bool, cmd: &SimpleCommand, cx: &CommandContext) -> PathClass {
    let home = cx.home.map(Path::to_path_buf);
    let mut text = text.trim_end_matches('/').to_string();
    if text.is_empty() {
        text = "/".to_string();
    }
    // A system directory variable at the start (`$HOME/x`, `${TMPDIR}`, `${TMPDIR:-/tmp}`):
    // substitute what is known. `$HOMEX` is another variable.
    let leading = leading_variable(&text).or_else(|| {
        let after = text.strip_prefix("${TMPDIR:-")?;
        Some(("TMPDIR", &after[after.find('}')? + 1..]))
    });
    if let Some((var, rest)) = leading.filter(|(var, rest)| {
        SYSTEM_DIRECTORIES.contains(var) && (rest.is_empty() || rest.starts_with('/'))
    }) {
        if has_dynamic(rest) {
            return PathClass::Unknown;
        }
        let assigned = cmd.env.iter().rev().find(|(n, _)| n == var).map(|(_, v)| v);
        let base = match (var, assigned) {
            // A value the script gave it is only a path when it is one plain word: unquoted,
            // `HOME="-rf /*"; rm $HOME` splits into options and globs (`rm -rf /bin /boot …`),
            // and a value starting with `-` is an option wherever it stands.
            (_, Some(v)) if !is_one_path_word(v) => return PathClass::Unknown,
            (_, Some(v)) => v.clone(),
            ("TMPDIR", None) => "/tmp".to_string(),
            (_, None) => match &home {
                Some(h) => h.to_string_lossy().into_owned(),
                None => return PathClass::Home,
            },
        };
        let joined = format!("{base}{rest}");
        return classify_full(&joined, false, cmd, cx);
    }
    if let Some(relative) = working_dir_form(&text) {
        return classify_full(&relative, false, cmd, cx);
    }
    if dynamic || has_dynamic(&text) {
        return PathClass::Unknown;
    }
    if text == "~" || text.starts_with("~/") {
        match &home {
            Some(h) => text = format!("{}{}", h.to_string_lossy(), &text[1..]),
            None => return PathClass::Home,
        }
    } else if text.starts_with('~') {
        return PathClass::Home;
    }
    let relative = !text.starts_with('/');
    let path = if relative {
        match cx.cwd() {
            Some(cwd) if !cmd.cwd_changed => cwd.join(&text),
            _ => return PathClass::Unknown,
        }
    } else {
        PathBuf::from(&text)
    };
    // A glob component means "everything in its parent".
    let mut kept = PathBuf::new();
    let mut glob = Glob::None;
    for c in path.components() {
        if let Component::Normal(n) = c {
            let n = n.to_string_lossy();
            if has_glob(&n) {
                glob = if is_partial_glob(&n) {
                    Glob::Some
                } else {
                    Glob::All
                };
                break;
            }
        }
        kept.push(c);
    }
    let path = normalize(&kept);
    let class = classify_absolute(&path, cx, home.as_deref());
    // `*.egg-info` in the working directory is some of its entries, not the directory itself.
    if class == PathClass::Cwd && glob == Glob::Some {
        return PathClass::InsideCwd;
    }
    class
}

/// What a glob component stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Glob {
    /// No glob.
    None,
    /// Only some entries (`*.egg-info`, `build-*`).
    Some,
    /// Every entry, or as good as (`*`, `.*`, `?*`).
    All,
}

/// A glob with literal text besides dots narrows the match to some entries.
fn is_partial_glob(component: &str) -> bool {
    component.chars().any(|c| !matches!(c, '*' | '?' | '.'))
}

/// Working directories where "inside the working directory" is no excuse: `/`, a home
/// directory itself, and system trees (but not temp directories).
fn is_sensitive_cwd(cwd: &Path, home: Option<&Path>) -> bool {
    // `cwd` and `home` are normalized: equal paths are equal text.
    let text = cwd.as_os_str();
    if text == "/" || home.is_some_and(|h| normalized(h).as_os_str() == text) {
        return true;
    }
    // A working directory that is not UTF-8 is none of the named directories.
    let Some(c) = cwd.to_str() else {
        return false;
    };
    if TEMP_DIRS.iter().any(|t| under(c, t)) {
        return false;
    }
    let is_home_root =
        (under(c, "/home") || under(c, "/Users")) && cwd.components().count() == 3 || c == "/root";
    is_home_root
        || c == "/home"
        || c == "/Users"
        || SYSTEM_DIRS.contains(&c)
        || OS_TREES.iter().any(|d| under(c, d))
}

/// Trees the operating system owns: no project lives there, so every path in them is a
/// system path even when it is the working directory (unlike `/opt/app` or `/var/www/site`).
const OS_TREES: &[&str] = &[
    "/etc", "/usr", "/bin", "/sbin", "/boot", "/lib", "/lib32", "/lib64", "/libx32", "/sys",
    "/proc", "/dev", "/System", "/Library", "/nix", "/efi",
];

/// The spellings of the working directory as a command substitution: `$(pwd)`, `` `pwd` ``.
/// (A function named `pwd` defined in the command counts as a directory change.)
const PWD_SUBSTITUTIONS: &[&str] = &[
    "$(pwd)",
    "`pwd`",
    "$(pwd -L)",
    "`pwd -L`",
    "$(pwd -P)",
    "`pwd -P`",
];

/// `$(pwd)/build` as the relative path it names (`./build`), when the rest is written out;
/// relative paths are judged against the working directory, and not at all after a `cd`.
pub(crate) fn working_dir_form(text: &str) -> Option<String> {
    let rest = PWD_SUBSTITUTIONS
        .iter()
        .find_map(|p| text.strip_prefix(p))?;
    if has_dynamic(rest) || !(rest.is_empty() || rest.starts_with('/')) {
        return None;
    }
    Some(format!(".{rest}"))
}

/// Whether a variable's value stands for one path wherever it is expanded: not empty, not an
/// option (a leading `-`), and nothing an unquoted expansion splits or globs (whitespace,
/// `*`, `?`, `[`).
fn is_one_path_word(value: &str) -> bool {
    !value.is_empty()
        && !value.starts_with('-')
        && !value
            .bytes()
            .any(|b| b.is_ascii_whitespace() || matches!(b, b'*' | b'?' | b'['))
}

fn has_dynamic(s: &str) -> bool {
    s.contains('$') || s.contains('`') || s.contains("<(")
}

fn classify_absolute(path: &Path, cx: &CommandContext, home: Option<&Path>) -> PathClass {
    // Operands are shell words, so their paths are UTF-8; anything else is not known.
    let Some(p) = path.to_str() else {
        return PathClass::Unknown;
    };
    // `path` is normalized: equal paths are equal text.
    if p == "/" {
        return PathClass::Root;
    }
    if let Some(cwd) = cx.cwd() {
        let cwd = normalized(cwd);
        if !is_sensitive_cwd(&cwd, home.map(normalized).as_deref()) {
            // A UTF-8 path is never under a working directory that is not UTF-8.
            if let Some(c) = cwd.to_str() {
                if p == c {
                    return PathClass::Cwd;
                }
                if under(p, c) {
                    return PathClass::InsideCwd;
                }
            }
        }
    }
    if let Some(h) = home
        && normalized(h).to_str().is_some_and(|h| under(p, h))
    {
        return PathClass::Home;
    }
    // After cwd and home: a home (or project) that lives under /tmp is still a home.
    if TEMP_DIRS.iter().any(|t| under(p, t)) {
        return PathClass::Temp;
    }
    if under(p, "/home") || under(p, "/Users") || under(p, "/root") {
        return PathClass::Home;
    }
    if SYSTEM_DIRS.iter().any(|d| under(p, d)) {
        return PathClass::System;
    }
    PathClass::OutsideCwd
}

/// The class of the paths `find ROOT` lists: those of `ROOT` itself, except that under `.`
/// they are entries of the working directory (find never lists `.` for deletion: `-delete`
/// and `rm` refuse it).
pub(crate) fn root_class(root: &str, cmd: &SimpleCommand, cx: &CommandContext) -> PathClass {
    let class = classify(root, false, cmd, cx);
    // Everything under a temp directory itself is every process's temp files.
    let trimmed = root.trim_end_matches('/');
    if class == PathClass::Temp && TEMP_DIRS.contains(&trimmed) {
        return PathClass::System;
    }
    let dot = root.trim_end_matches('/');
    if class == PathClass::Cwd && (dot == "." || dot.is_empty() && root.is_empty()) {
        return PathClass::InsideCwd;
    }
    class
}

/// Whether operand `text` is the root, a home directory itself (or `/home`), a system
/// directory itself or one the system cannot run without (`/usr/bin`), or every entry of one
/// (`/*`, `~/*`): moving or re-owning it breaks the machine or the account. Paths only known
/// at run time are not judged here.
pub(crate) fn is_critical_dir(text: &str, cmd: &SimpleCommand, cx: &CommandContext) -> bool {
    let home = cx.home.map(normalize);
    let mut text = text.trim_end_matches('/').to_string();
    if text.is_empty() {
        text = "/".to_string();
    }
    text = tilde_home(&text).into_owned();
    if has_dynamic(&text) {
        return false;
    }
    let path = if text == "~" || text.starts_with("~/") {
        match &home {
            Some(h) => h.join(text[1..].trim_start_matches('/')),
            None => return text == "~" || text == "~/*",
        }
    } else if text.starts_with('/') {
        PathBuf::from(&text)
    } else {
        match cx.cwd() {
            Some(cwd) if !cmd.cwd_changed => cwd.join(&text),
            _ => return false,
        }
    };
    // `/*`, `~/*`: every entry of the directory.
    let mut kept = PathBuf::new();
    for c in path.components() {
        if let Component::Normal(n) = c
            && has_glob(&n.to_string_lossy())
        {
            if is_partial_glob(&n.to_string_lossy()) {
                return false;
            }
            break;
        }
        kept.push(c);
    }
    let path = normalize(&kept);
    let parent = path.parent();
    path == Path::new("/")
        || home.as_deref() == Some(path.as_path())
        || path == Path::new("/home")
        || path == Path::new("/Users")
        || parent == Some(Path::new("/home"))
        || parent == Some(Path::new("/Users"))
        || SYSTEM_DIRS.iter().any(|d| path == Path::new(d))
        || CRITICAL_SYSTEM_SUBDIRS.iter().any(|d| path == Path::new(d))
}

#[cfg(test)]
mod differential;
mod relative;

use relative::plain_relative_class;

#[cfg(test)]
mod tests;
