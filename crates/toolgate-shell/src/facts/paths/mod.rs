//! Classifying path operands: root, home, system directories, temp, inside the working
//! directory or outside it.
//!
//! Here: the classes, the groups a rule names, and [`classify`]. The named directories and
//! what is judged of a directory itself are in `directories`, normalised paths in `normal`, the
//! working directory and its spellings in `working_dir`, globs aimed at a class in `aimed`,
//! and the shortcut for plain relative paths in `relative`.

use std::path::{Component, Path, PathBuf};

use serde::Serialize;

use crate::knowledge::variables::{SYSTEM_DIRECTORIES, leading_variable};
use crate::model::{CommandContext, SimpleCommand};

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
    /// A cache of the user's home directory (`~/.cache`, `~/Library/Caches`, a package
    /// manager's download store) or something in one: rebuilt when missing.
    Cache,
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
/// `outside_cwd` (everything not inside the working directory, a temp directory or a cache,
/// unknown included) or `any`. Parsed once when the policy is read.
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
    /// The home directory's caches.
    Cache,
    /// Strictly inside the working directory.
    InsideCwd,
    /// The working directory itself.
    Cwd,
    /// Not inside the working directory, a temp directory or a cache (unknown included).
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
    (PathGroup::Cache, "cache"),
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

/// The classes from the most to the least harmful to lose: where a path is one of two (a
/// relative path after a `cd` that may have failed), the first is judged.
const HARM_ORDER: &[PathClass] = &[
    PathClass::Root,
    PathClass::System,
    PathClass::Home,
    PathClass::Unknown,
    PathClass::OutsideCwd,
    PathClass::Cwd,
    PathClass::Cache,
    PathClass::Temp,
    PathClass::InsideCwd,
];

impl PathClass {
    /// The more harmful of `self` and `other` ([`HARM_ORDER`]).
    pub(crate) fn worse(self, other: PathClass) -> PathClass {
        let rank = |c: PathClass| HARM_ORDER.iter().position(|&h| h == c);
        if rank(other) < rank(self) {
            other
        } else {
            self
        }
    }

    /// Whether this class belongs to `group`.
    pub fn in_group(self, group: PathGroup) -> bool {
        match group {
            PathGroup::Any => true,
            PathGroup::Root => self == PathClass::Root,
            PathGroup::Home => self == PathClass::Home,
            PathGroup::System => self == PathClass::System,
            PathGroup::Temp => self == PathClass::Temp,
            PathGroup::Cache => self == PathClass::Cache,
            PathGroup::InsideCwd => self == PathClass::InsideCwd,
            PathGroup::Cwd => self == PathClass::Cwd,
            PathGroup::Unknown => self == PathClass::Unknown,
            PathGroup::OutsideCwd => !matches!(
                self,
                PathClass::InsideCwd | PathClass::Temp | PathClass::Cache
            ),
        }
    }
}

fn has_glob(s: &str) -> bool {
    s.contains(['*', '?', '['])
}

/// Defaults of `${TMPDIR:-…}` that are the temporary directory itself.
const TMPDIR_DEFAULTS: &[&str] = &["/tmp", "/var/tmp"];

/// Whether a glob path component may match `.` or `..`: it starts with a literal dot (only
/// one matches a name's leading dot) and what follows may match nothing or one dot (`.*`,
/// `.?`, `.?*`, `.[.]`); `.[!.]*` and `.git*` may not.
fn may_match_dot_dirs(component: &str) -> bool {
    let Some(rest) = component.strip_prefix('.') else {
        return false;
    };
    if !has_glob(rest) {
        return false;
    }
    // Per one-character item of the pattern, whether it takes a `.`; `*` takes any run.
    let mut singles: Vec<bool> = Vec::new();
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' => {}
            '?' => singles.push(true),
            '\\' => singles.push(chars.next() == Some('.')),
            '[' => {
                let negated = chars.next_if(|c| matches!(c, '!' | '^')).is_some();
                let mut members = String::new();
                // A `]` first is a member; the class ends at the next one.
                if let Some(first) = chars.next_if_eq(&']') {
                    members.push(first);
                }
                let mut closed = false;
                for m in chars.by_ref() {
                    if m == ']' {
                        closed = true;
                        break;
                    }
                    members.push(m);
                }
                // An unclosed `[` is a literal character, and takes no dot.
                singles.push(closed && members.contains('.') != negated);
            }
            c => singles.push(c == '.'),
        }
    }
    singles.is_empty() || (singles.len() == 1 && singles[0])
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
    classify_within(text, dynamic, cmd, cx, 0)
}

/// Most rewrites of one path (a variable's value, a default, `$(pwd)`, a glob's parent) that
/// are followed; past them the path is only known at run time. Values name variables
/// (`HOME=$HOME`, `a=$b; b=$a`): without a bound that is a stack overflow, no answer at all.
const MAX_REWRITES: u8 = 16;

/// [`classify_full`] after `depth` rewrites.
fn classify_within(
    text: &str,
    dynamic: bool,
    cmd: &SimpleCommand,
    cx: &CommandContext,
    depth: u8,
) -> PathClass {
    if depth > MAX_REWRITES {
        return PathClass::Unknown;
    }
    let classify_full = |text: &str, dynamic: bool, cmd: &SimpleCommand, cx: &CommandContext| {
        classify_within(text, dynamic, cmd, cx, depth + 1)
    };
    let home = cx.home.map(Path::to_path_buf);
    let slash_after = text.len() > 1 && text.ends_with('/');
    let mut text = text.trim_end_matches('/').to_string();
    if text.is_empty() {
        text = "/".to_string();
    }
    // A system directory variable at the start (`$HOME/x`, `${TMPDIR}`, `${TMPDIR:-/tmp}`):
    // substitute what is known. `$HOMEX` is another variable.
    // `${TMPDIR:-DEFAULT}`: the default is what goes when TMPDIR is unset, so it is judged
    // unless it is the temporary directory itself (`${TMPDIR:-/tmp}`).
    if let Some(after) = text.strip_prefix("${TMPDIR:-")
        && let Some(close) = after.find('}')
        && !TMPDIR_DEFAULTS.contains(&after[..close].trim_end_matches('/'))
    {
        let default_form = format!("{}{}", &after[..close], &after[close + 1..]);
        // `${TMPDIR:-}${TMPDIR:-}…` would recurse once per copy (a stack overflow is no
        // answer at all): a default that is itself this expression is only known at run time.
        if default_form.starts_with("${TMPDIR:-") {
            return PathClass::Unknown;
        }
        return classify_full(&default_form, false, cmd, cx);
    }
    let defaulted = text.starts_with("${TMPDIR:-");
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
        if value_unknown(cmd, var) {
            return PathClass::Unknown;
        }
        let assigned = set_before(cmd, var);
        let base = match (var, assigned) {
            // A value the script gave it is only a path when it is one plain word: unquoted,
            // `HOME="-rf /*"; rm $HOME` splits into options and globs (`rm -rf /bin /boot …`),
            // and a value starting with `-` is an option wherever it stands.
            (_, Some(v)) if !is_one_path_word(v) => return PathClass::Unknown,
            (_, Some(v)) => v.clone(),
            // TMPDIR as the environment sets it. Unset, `${TMPDIR:-/tmp}` is `/tmp`, but
            // `$TMPDIR/x` is `/x` and `"$TMPDIR"/*` is `/*`; `$TMPDIR` alone is no word at
            // all (or an empty one), which deletes nothing.
            ("TMPDIR", None) => match (cx.tmpdir, defaulted) {
                (Some(t), _) => t.to_string_lossy().into_owned(),
                (None, true) => "/tmp".to_string(),
                (None, false) if rest.is_empty() && !slash_after => return PathClass::Temp,
                (None, false) => String::new(),
            },
            (_, None) => match &home {
                Some(h) => h.to_string_lossy().into_owned(),
                None => return PathClass::Home,
            },
        };
        let joined = format!("{base}{rest}");
        return classify_full(&joined, false, cmd, cx);
    }
    // A variable the command line assigned before it (`d=build; rm -rf "$d"`,
    // `t=$(mktemp -d); rm -rf "$t"`): its value, when that is one path word or the name
    // `mktemp` makes; any other value is only known at run time.
    if let Some((var, rest)) = leading.filter(|(var, rest)| {
        !SYSTEM_DIRECTORIES.contains(var) && (rest.is_empty() || rest.starts_with('/'))
    }) && !has_dynamic(rest)
        && let Some(value) = set_before(cmd, var)
    {
        let base = match crate::facts::pipes::made_temp_path_text(value) {
            Some(made) => made,
            None if is_one_path_word(value) => value.clone(),
            None => return PathClass::Unknown,
        };
        return classify_full(&format!("{base}{rest}"), false, cmd, cx);
    }
    if let Some(relative) = working_dir_form_of(&text, cmd) {
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
    // `.*/x`, `.?*`, `.[.]`: a glob that may match `..` (bash before 5.2 matches `.` and `..`
    // with `.*`) is judged as the parent it may name.
    if text.split('/').any(may_match_dot_dirs) {
        let parent_form: Vec<&str> = text
            .split('/')
            .map(|c| if may_match_dot_dirs(c) { ".." } else { c })
            .collect();
        return classify_full(&parent_form.join("/"), false, cmd, cx);
    }
    if text.starts_with('/') {
        return whole_path_class(&PathBuf::from(&text), cx, home.as_deref());
    }
    // A relative path: from the starting directory while the `cd`s before only descended
    // (`cd app`), and from where the `cd`s lead when they are written out (`cd /etc`). When
    // a change may have failed (`cd /etc; rm passwd`), the command runs in either.
    let start = cx
        .cwd()
        .filter(|_| relative_to_start_in(&text, cmd, cx))
        .map(|cwd| whole_path_class(&cwd.join(&text), cx, home.as_deref()));
    let moved =
        target_dir(cmd, cx).map(|dir| whole_path_class(&dir.join(&text), cx, home.as_deref()));
    match (start, moved) {
        (_, Some(moved)) if cmd.cwd_certain => moved,
        (Some(start), Some(moved)) => start.worse(moved),
        (None, Some(moved)) => PathClass::Unknown.worse(moved),
        (Some(start), None) => start,
        (None, None) => PathClass::Unknown,
    }
}

/// The class of a whole path (not normalised, globs and all).
fn whole_path_class(path: &Path, cx: &CommandContext, home: Option<&Path>) -> PathClass {
    let class = glob_parent_class(path, cx, home);
    // `..` after a glob component is the glob's parent again: `/tmp/*/../..` is `/`. The
    // reading above stops at the glob (`*/../x` stays the working directory's entries: a
    // match may be a link elsewhere); the worse of the two is judged.
    if climbs_after_glob(path) {
        return class.worse(glob_parent_class(&normalize(path), cx, home));
    }
    class
}

/// Whether a `..` component follows a glob component (`/tmp/*/../..`).
pub(super) fn climbs_after_glob(path: &Path) -> bool {
    let mut globbed = false;
    path.components().any(|c| match c {
        Component::Normal(n) => {
            globbed |= has_glob(&n.to_string_lossy());
            false
        }
        Component::ParentDir => globbed,
        _ => false,
    })
}

/// The class of a whole path read up to its first glob component, which stands for
/// "everything in its parent" (or some of it).
fn glob_parent_class(path: &Path, cx: &CommandContext, home: Option<&Path>) -> PathClass {
    let mut kept = PathBuf::new();
    let mut glob = Glob::None;
    let mut components = path.components();
    for c in components.by_ref() {
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
    // `*/__pycache__`, `**/*.pyc`: a named entry below each match, not the matches themselves
    // (`*/*`, `*/..` and `*/.` stay everything).
    let below: Vec<Component> = components.collect();
    let named_below = !below.is_empty()
        && below.iter().all(|c| matches!(c, Component::Normal(_)))
        && below.iter().any(|c| match c {
            Component::Normal(n) => {
                let n = n.to_string_lossy();
                !has_glob(&n) || is_partial_glob(&n)
            }
            _ => false,
        });
    let path = normalize(&kept);
    let class = classify_absolute(&path, cx, home);
    // `*.egg-info` in the working directory is some of its entries, not the directory itself.
    if class == PathClass::Cwd && (glob == Glob::Some || (glob == Glob::All && named_below)) {
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

/// The value `name` was given before `cmd` (its words expand that one; its own assignments,
/// `NAME=v cmd`, are in its environment only); `None` when none was or it is not known.
fn set_before<'c>(cmd: &'c SimpleCommand, name: &str) -> Option<&'c String> {
    if value_unknown(cmd, name) {
        return None;
    }
    cmd.env
        .get(cmd.own_env..)
        .unwrap_or_default()
        .iter()
        .rev()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v)
}

/// Whether the command line set, emptied or ended `name` before `cmd` where its value is not
/// known (maybe set, unset, read at run time): its expansion is only known at run time.
fn value_unknown(cmd: &SimpleCommand, name: &str) -> bool {
    cmd.unknown_variables.iter().any(|n| n == name)
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
        && let Some(h) = normalized(h).to_str()
        && under(p, h)
    {
        let inside = p[h.len()..].trim_start_matches('/');
        if HOME_CACHE_DIRS.iter().any(|c| under(inside, c)) {
            return PathClass::Cache;
        }
        return PathClass::Home;
    }
    // After cwd and home: a home (or project) that lives under /tmp is still a home.
    if TEMP_DIRS.iter().any(|t| under(p, t)) || session_temp_dir(cx).is_some_and(|t| under(p, &t)) {
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

mod aimed;
#[cfg(test)]
mod differential;
mod directories;
mod normal;
mod relative;
mod working_dir;

pub(crate) use aimed::aimed_class;
use directories::{HOME_CACHE_DIRS, SYSTEM_DIRS, TEMP_DIRS, is_sensitive_cwd, session_temp_dir};
pub(crate) use directories::{is_critical_dir, is_link_hazard, names_whole_path};
pub(crate) use normal::normalized;
use normal::{normalize, under};
use relative::plain_relative_class;
pub(crate) use working_dir::{
    DirectoryChange, changed_directory, directory_change, directory_target, relative_to_start,
    relative_to_start_in, resolved, target_dir, tilde_home, working_dir_form, working_dir_form_of,
    working_directory,
};

#[cfg(test)]
mod tests;
