//! Path patterns: where a pattern is anchored (a home directory, the root, anywhere) and the
//! components it names, matched lexically and ignoring ASCII case (as macOS and Windows file
//! systems do). A component of the path that is itself a glob (`~/.ssh/*`) matches when it
//! could expand to a name the pattern covers.

use std::path::Path;

use super::index::KeyIndex;
use crate::protected::resolve;

/// Where a [`PathPattern`]'s components start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// A home directory: the user's, `/root`, `/home/*`, `/Users/*`.
    Home,
    /// The file system root.
    Root,
    /// Any directory (`.git/hooks` of any repository).
    Anywhere,
}

/// One pattern of a path class.
#[derive(Debug, Clone, Copy)]
pub struct PathPattern {
    /// Where the components start.
    pub anchor: Anchor,
    /// The components, each a glob (`*`, `?`, `[…]`); `**` stands for any number of them.
    pub parts: &'static [&'static str],
    /// Whether everything below the named path belongs to it too.
    pub subtree: bool,
    /// Globs of final names that do not belong (`*.pub` under `~/.ssh`).
    pub except: &'static [&'static str],
}

impl PathPattern {
    /// A pattern naming exactly `parts` under `anchor`.
    pub const fn file(anchor: Anchor, parts: &'static [&'static str]) -> PathPattern {
        PathPattern {
            anchor,
            parts,
            subtree: false,
            except: &[],
        }
    }

    /// A pattern naming `parts` under `anchor` and everything below it.
    pub const fn tree(anchor: Anchor, parts: &'static [&'static str]) -> PathPattern {
        PathPattern {
            anchor,
            parts,
            subtree: true,
            except: &[],
        }
    }

    /// This pattern, without the final names matching `except`.
    pub const fn except(self, except: &'static [&'static str]) -> PathPattern {
        PathPattern { except, ..self }
    }

    /// A literal component every path this pattern matches has (its last part without glob
    /// characters), if any.
    fn key(&self) -> Option<&'static str> {
        self.parts.iter().rev().find(|p| !has_glob(p)).copied()
    }
}

/// The patterns of a path table, each with the row value it stands for, in table order, and a
/// [`KeyIndex`] that skips the patterns a path cannot match before the path is taken apart.
pub(crate) struct PatternTable<T: Copy> {
    rows: Vec<(T, &'static PathPattern)>,
    index: Option<KeyIndex>,
}

impl<T: Copy> PatternTable<T> {
    /// The table of `rows`, in order.
    pub(crate) fn new(rows: Vec<(T, &'static PathPattern)>) -> PatternTable<T> {
        let index = KeyIndex::new(rows.iter().map(|(_, p)| p.key()));
        PatternTable { rows, index }
    }

    /// The value of the first row whose pattern [`PathView::matches`] `path`: the same answer
    /// as trying every row in order.
    pub(crate) fn first_match(
        &self,
        path: &str,
        cwd: Option<&Path>,
        home: Option<&Path>,
    ) -> Option<T> {
        let candidates = self.index.as_ref().map(|i| i.candidates(path, cwd, home));
        if candidates.is_some_and(|c| c.is_empty()) {
            return None;
        }
        let view = PathView::new(path, cwd, home);
        self.rows
            .iter()
            .enumerate()
            .filter(|(i, _)| candidates.is_none_or(|c| c.contains(*i)))
            .find(|(_, (_, p))| view.matches(p))
            .map(|(_, (v, _))| *v)
    }
}

/// A path taken apart for matching: lower-cased components, and where home directories
/// end in it.
#[derive(Debug, Clone)]
pub struct PathView {
    parts: Vec<String>,
    absolute: bool,
    /// Indexes in `parts` just after a home directory prefix.
    homes: Vec<usize>,
}

/// Conventional homes: `/root`, `/home/NAME`, `/Users/NAME`, `/var/root`.
const HOME_PREFIXES: &[&[&str]] = &[&["root"], &["home", "*"], &["users", "*"], &["var", "root"]];

impl PathView {
    /// `path` resolved lexically (`~` against `home`, relative paths against `cwd`).
    pub fn new(path: &str, cwd: Option<&Path>, home: Option<&Path>) -> PathView {
        let tilde = path == "~" || path.starts_with("~/");
        let resolved = resolve(path, cwd, home);
        let text = resolved.to_string_lossy().to_ascii_lowercase();
        let absolute = text.starts_with('/');
        let mut parts: Vec<String> = text
            .split('/')
            .filter(|c| !c.is_empty() && *c != ".")
            .map(str::to_string)
            .collect();
        let mut homes = Vec::new();
        if tilde && home.is_none() {
            // `~` could not be resolved: what follows it is inside a home.
            if let Some(at) = parts.iter().position(|p| p == "~") {
                parts.drain(..=at);
                homes.push(0);
            }
        }
        if absolute {
            if let Some(h) = home {
                let h = h.to_string_lossy().to_ascii_lowercase();
                let hp: Vec<&str> = h.split('/').filter(|c| !c.is_empty()).collect();
                if !hp.is_empty()
                    && parts.len() >= hp.len()
                    && parts.iter().zip(&hp).all(|(a, b)| a == b)
                {
                    homes.push(hp.len());
                }
            }
            for prefix in HOME_PREFIXES {
                if parts.len() >= prefix.len()
                    && parts
                        .iter()
                        .zip(prefix.iter())
                        .all(|(a, p)| *p == "*" || a == p)
                    && !homes.contains(&prefix.len())
                {
                    homes.push(prefix.len());
                }
            }
        }
        PathView {
            parts,
            absolute,
            homes,
        }
    }

    /// Whether the path is named by `pattern` (the path itself or, for a tree, below it). A
    /// `**` component of the path stands for any number of components, dot directories
    /// included (a search tool's glob, `~/**/credentials`).
    pub fn matches(&self, pattern: &PathPattern) -> bool {
        let globstar = self.parts.iter().any(|c| c == "**");
        let from = |s: usize| {
            if globstar {
                parts_match_globstar(pattern.parts, &self.parts[s..], pattern.subtree)
            } else {
                parts_match(pattern.parts, &self.parts[s..], pattern.subtree)
            }
        };
        let matched = match pattern.anchor {
            Anchor::Home => self.homes.iter().any(|&s| from(s)),
            Anchor::Root => self.absolute && from(0),
            Anchor::Anywhere => (0..=self.parts.len()).any(from),
        };
        matched && !self.excluded(pattern)
    }

    /// Whether every path this one can expand to is named by `pattern`: it
    /// [`matches`](Self::matches), and the components the pattern names are literal (a glob
    /// there, `~/.aws/*` against `~/.aws/config`, could name a sibling too). Components below
    /// a tree's root may be globs. A pattern with `**` is never certain.
    pub fn only_within(&self, pattern: &PathPattern) -> bool {
        if pattern.parts.contains(&"**") || !self.matches(pattern) {
            return false;
        }
        let literal_from = |s: usize| {
            let comps = &self.parts[s..];
            let fits = if pattern.subtree {
                comps.len() >= pattern.parts.len()
            } else {
                comps.len() == pattern.parts.len()
            };
            fits && comps
                .iter()
                .zip(pattern.parts)
                .all(|(c, p)| !has_glob(c) && component_matches(c, p))
        };
        match pattern.anchor {
            Anchor::Home => self.homes.iter().any(|&s| literal_from(s)),
            Anchor::Root => self.absolute && literal_from(0),
            Anchor::Anywhere => (0..=self.parts.len()).any(literal_from),
        }
    }

    /// Whether the path is a directory above what `pattern` names (`~` holds `~/.ssh`), so
    /// that copying it copies what the pattern names. Only anchored patterns are known to
    /// have a place; the root and the directories holding homes hold every home.
    pub fn holds(&self, pattern: &PathPattern) -> bool {
        if !self.absolute && self.homes.is_empty() {
            return false;
        }
        // `/`, `/home`, `/Users`: above every home.
        let above_homes = self.absolute
            && HOME_PREFIXES.iter().any(|prefix| {
                self.parts.len() < prefix.len()
                    && self
                        .parts
                        .iter()
                        .zip(prefix.iter())
                        .all(|(a, p)| *p == "*" || a == p)
            });
        match pattern.anchor {
            Anchor::Home => {
                above_homes
                    || self.homes.iter().any(|&h| {
                        let rest = &self.parts[h..];
                        rest.len() < pattern.parts.len()
                            && rest
                                .iter()
                                .zip(pattern.parts)
                                .all(|(c, p)| component_matches(c, p))
                    })
            }
            Anchor::Root => {
                self.absolute
                    && self.parts.len() < pattern.parts.len()
                    && self
                        .parts
                        .iter()
                        .zip(pattern.parts)
                        .all(|(c, p)| component_matches(c, p))
            }
            Anchor::Anywhere => false,
        }
    }

    fn excluded(&self, pattern: &PathPattern) -> bool {
        let Some(name) = self.parts.last() else {
            return false;
        };
        pattern.except.iter().any(|e| {
            if has_glob(name) {
                // A glob is excluded only when every name it can expand to is: `id_*.pub`
                // against `*.pub`.
                e.strip_prefix('*')
                    .is_some_and(|suffix| !has_glob(suffix) && name.ends_with(suffix))
            } else {
                crate::protected::glob_ci(e, name)
            }
        })
    }
}

/// Whether `comps` are named by `parts` (exactly, or with more below when `subtree`).
fn parts_match(parts: &[&str], comps: &[String], subtree: bool) -> bool {
    match parts.split_first() {
        None => comps.is_empty() || subtree,
        Some((&"**", rest)) => {
            (0..=comps.len()).any(|skip| parts_match(rest, &comps[skip..], subtree))
        }
        Some((p, rest)) => match comps.split_first() {
            Some((c, more)) => component_matches(c, p) && parts_match(rest, more, subtree),
            None => false,
        },
    }
}

/// [`parts_match`] for a path with `**` components, each any number of components: a table
/// over the suffixes of both (a recursion would try every split of every `**`).
fn parts_match_globstar(parts: &[&str], comps: &[String], subtree: bool) -> bool {
    let (p, c) = (parts.len(), comps.len());
    // fits[i][j]: parts[i..] names comps[j..].
    let mut fits = vec![vec![false; c + 1]; p + 1];
    for i in (0..=p).rev() {
        for j in (0..=c).rev() {
            let star = j < c && comps[j] == "**";
            fits[i][j] = if i == p {
                subtree || j == c || (star && fits[i][j + 1])
            } else if parts[i] == "**" {
                fits[i + 1][j] || (j < c && fits[i][j + 1])
            } else if star {
                fits[i][j + 1] || fits[i + 1][j]
            } else {
                j < c && component_matches(&comps[j], parts[i]) && fits[i + 1][j + 1]
            };
        }
    }
    fits[0][0]
}

fn has_glob(s: &str) -> bool {
    s.contains(['*', '?', '['])
}

/// Whether a path component (maybe a glob) can name something the pattern component (maybe
/// a glob) covers. Without `dotglob`, a glob not starting with a dot expands to no dot name.
pub fn component_matches(component: &str, pattern: &str) -> bool {
    match (has_glob(component), has_glob(pattern)) {
        (false, false) => component.eq_ignore_ascii_case(pattern),
        (false, true) => crate::protected::glob_ci(pattern, component),
        (true, _) => {
            if pattern.starts_with('.') && !component.starts_with('.') {
                return false;
            }
            globs_intersect(component, pattern)
        }
    }
}

/// Whether some name matches both globs. `[…]` classes are taken as any one character (an
/// over-approximation: it may say yes where no name fits, never the other way).
fn globs_intersect(a: &str, b: &str) -> bool {
    let a = simplify(a);
    let b = simplify(b);
    // reach[i][j]: a[..i] and b[..j] can be consumed by a common prefix.
    let (n, m) = (a.len(), b.len());
    let mut reach = vec![vec![false; m + 1]; n + 1];
    reach[0][0] = true;
    for i in 0..=n {
        for j in 0..=m {
            if !reach[i][j] {
                continue;
            }
            // A star may match nothing.
            if i < n && a[i] == '*' {
                reach[i + 1][j] = true;
            }
            if j < m && b[j] == '*' {
                reach[i][j + 1] = true;
            }
            if i < n && j < m {
                let one = |c: char| c == '?';
                let fits = a[i] == '*'
                    || b[j] == '*'
                    || one(a[i])
                    || one(b[j])
                    || a[i].eq_ignore_ascii_case(&b[j]);
                if fits {
                    // A star can also take one character and stay.
                    if a[i] == '*' && b[j] != '*' {
                        reach[i][j + 1] = true;
                    }
                    if b[j] == '*' && a[i] != '*' {
                        reach[i + 1][j] = true;
                    }
                    reach[i + 1][j + 1] = true;
                }
            }
        }
    }
    reach[n][m]
}

/// A glob with each `[…]` class turned into `?`.
fn simplify(glob: &str) -> Vec<char> {
    let mut out = Vec::new();
    let mut chars = glob.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '[' {
            let rest: String = chars.clone().collect();
            if let Some(end) = rest.get(1..).and_then(|r| r.find(']')) {
                for _ in 0..end + 2 {
                    chars.next();
                }
                out.push('?');
                continue;
            }
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(p: &str) -> PathView {
        PathView::new(
            p,
            Some(Path::new("/home/u/proj")),
            Some(Path::new("/home/u")),
        )
    }

    const SSH: PathPattern = PathPattern::tree(Anchor::Home, &[".ssh"]);
    const KEY: PathPattern = PathPattern::file(Anchor::Home, &[".ssh", "id_*"]).except(&["*.pub"]);
    const HOOKS: PathPattern = PathPattern::tree(Anchor::Anywhere, &[".git", "**", "hooks"]);
    const CRON: PathPattern = PathPattern::file(Anchor::Root, &["etc", "crontab"]);

    #[test]
    fn anchors() {
        assert!(view("~/.ssh/id_rsa").matches(&KEY));
        assert!(view("/root/.ssh/id_ed25519").matches(&KEY));
        assert!(view("/Users/bob/.SSH/ID_RSA").matches(&KEY));
        assert!(
            view("../.ssh/id_rsa").matches(&KEY),
            "cwd is inside the home"
        );
        assert!(!view("~/.ssh/id_rsa.pub").matches(&KEY));
        assert!(!view("proj/.ssh/id_rsa").matches(&KEY));
        assert!(view("~/.ssh/config").matches(&SSH));
        assert!(view("/etc/crontab").matches(&CRON));
        assert!(!view("/x/etc/crontab").matches(&CRON));
        assert!(view(".git/hooks/pre-commit").matches(&HOOKS));
        assert!(view("/srv/r/.git/modules/sub/hooks/post-checkout").matches(&HOOKS));
        assert!(!view("docs/git/hooks.md").matches(&HOOKS));
    }

    #[test]
    fn unresolved_home() {
        let v = PathView::new("~/.ssh/id_rsa", None, None);
        assert!(v.matches(&KEY));
        let v = PathView::new(".ssh/id_rsa", None, None);
        assert!(!v.matches(&KEY));
    }

    #[test]
    fn globs_in_the_path() {
        assert!(view("~/.ssh/*").matches(&KEY));
        assert!(view("~/.ssh/id_*").matches(&KEY));
        assert!(view("~/.ss?/id_rsa").matches(&KEY));
        assert!(!view("~/.ssh/id_*.pub").matches(&KEY));
        assert!(!view("~/.ssh/*.pub").matches(&KEY));
        assert!(
            !view("~/*/id_rsa").matches(&KEY),
            "a glob without a dot skips dot names"
        );
        assert!(view("~/.*/id_rsa").matches(&KEY));
    }

    #[test]
    fn globstars_in_the_path() {
        const AWS: PathPattern = PathPattern::tree(Anchor::Home, &[".aws"]);
        assert!(view("~/**/credentials").matches(&AWS));
        assert!(view("/home/u/**/id_rsa").matches(&KEY));
        assert!(view("~/**").matches(&SSH));
        assert!(view("~/**/**/id_ed25519").matches(&KEY));
        assert!(!view("~/**/*.pub").matches(&KEY));
        assert!(!view("~/proj/**/id_rsa").matches(&KEY));
        assert!(!view("~/**/x/id_rsa").matches(&KEY));
        assert!(view("/srv/r/**/hooks/pre-commit").matches(&HOOKS));
        assert!(!view("src/**/*.rs").matches(&KEY), "inside the project");
        assert!(view("/**/crontab").matches(&CRON));
        // Many globstars cost a table, not a search.
        let long = format!("~/{}x/id_rsa", "**/a/".repeat(2000));
        assert!(!view(&long).matches(&KEY));
    }

    #[test]
    fn only_within_needs_the_named_components_literal() {
        const AWS_CONFIG: PathPattern = PathPattern::file(Anchor::Home, &[".aws", "config"]);
        const LOGS: PathPattern = PathPattern::tree(Anchor::Home, &[".azure", "logs"]);
        assert!(view("~/.aws/config").only_within(&AWS_CONFIG));
        assert!(view("/home/u/.AWS/config").only_within(&AWS_CONFIG));
        for glob in ["~/.aws/*", "~/.aws/c*", "~/.aws/conf?g", "~/.a*/config"] {
            assert!(view(glob).matches(&AWS_CONFIG), "{glob}");
            assert!(!view(glob).only_within(&AWS_CONFIG), "{glob}");
        }
        assert!(view("~/.azure/logs/*").only_within(&LOGS));
        assert!(!view("~/.azure/l*/x").only_within(&LOGS));
        assert!(!view("~/.aws/credentials").only_within(&AWS_CONFIG));
        assert!(!view("~/.git/hooks/x").only_within(&HOOKS));
    }

    #[test]
    fn directories_above() {
        assert!(view("~").holds(&SSH));
        assert!(view("/home").holds(&SSH));
        assert!(view("/").holds(&SSH));
        assert!(view("/").holds(&CRON));
        assert!(view("/etc").holds(&CRON));
        assert!(!view("~/proj").holds(&SSH));
        assert!(
            !view("~/.ssh").holds(&SSH),
            "the directory itself matches, it is not above"
        );
        assert!(view("~/.ssh").matches(&SSH));
        assert!(!view(".").holds(&HOOKS));
    }

    #[test]
    fn glob_intersection() {
        assert!(globs_intersect("*", "id_*"));
        assert!(globs_intersect("id_?sa", "id_*"));
        assert!(globs_intersect("[ab]x", "ax"));
        assert!(!globs_intersect("*.pub", "id_rsa"));
        assert!(!globs_intersect("a*", "b*"));
        assert!(globs_intersect("*a", "a*"));
        assert!(!globs_intersect("x?", "x"));
    }
}
