//! Differential test of the path prefilters ([`super::index::KeyIndex`]): the classes and
//! kinds with the prefilter equal those of trying every pattern, over every pattern's own
//! paths and their variants (case, anchors, `~`, `..`, trailing `/`, globs, unicode), crafted
//! paths, and the words of the realworld shell corpus that look like paths.

use std::collections::BTreeSet;
use std::path::Path;

use super::pattern::PathPattern;
use super::persistence::{PERSISTENCE_CLASSES, persistence_class, persistence_class_exhaustive};
use super::secrets::{SECRET_SOURCES, secret_source, secret_source_exhaustive};
use crate::protected::{
    AGENT_HOOK_FILES, BINARY_NAMES, CLAUDE_DIR_NAME, CLAUDE_SETTINGS_NAMES, MANAGED_SETTINGS_NAME,
    POLICY_FILE_NAMES, is_protected_path, protected_kind, protected_kind_exhaustive,
    protected_kind_of,
};

/// Working directories and homes the paths are resolved against.
const CONTEXTS: &[(Option<&str>, Option<&str>)] = &[
    (Some("/home/u/proj"), Some("/home/u")),
    (None, None),
    (Some("/srv/project"), Some("/root")),
    (Some("/"), Some("/Users/Bob")),
    (Some("/home/u/.config"), Some("/home/u")),
    (Some("/etc"), None),
    (Some("/home/u/.SSH"), Some("/home/u")),
    (Some("/w/.claude"), Some("/w")),
    (Some("/w/[x]"), Some("/h*")),
];

/// Running binaries the protected check is given.
const BINARIES: &[Option<&str>] = &[
    None,
    Some("/usr/local/bin/toolgate"),
    Some("/srv/project/toolgate-server"),
    Some("/opt/tg"),
    Some("/"),
    Some("/usr/bin/Toolgate"),
];

/// Paths written by hand for the edges: case, `~`, `..`, trailing `/`, globs, unicode.
const CRAFTED: &[&str] = &[
    "",
    "/",
    ".",
    "..",
    "~",
    "~/",
    "~x/.bashrc",
    "~/.BASHRC",
    "~/../u/.bashrc",
    "../../etc/crontab",
    "/etc/../etc/./cron.d/x",
    "/etc/cron.d/",
    "/ETC/Cron.D",
    "/etc//crontab",
    "sub/../.envrc",
    ".envrc/",
    ".git/hooks/",
    ".git/x/y/hooks/pre-push",
    "*",
    "*/*",
    "~/.*",
    "~/.ssh/*",
    "~/.ssh/id_*.pub",
    "/etc/cron.*/x",
    ".git/[h]ooks/x",
    "/etc/cron?d/x",
    "~/.aws/cred*",
    "~/.docker/config.json",
    "/home/ü/.bashrc",
    "/home/u/.bashrc\u{e9}",
    "/srv/\u{fffd}/.env",
    "/srv/project/.env",
    "/srv/project/a.py",
    "billing",
    "--env=stage",
    "migrate",
    "a\\b/.bashrc",
    "/w/.claude/settings.json",
    ".claude",
    "x/.Claude/SETTINGS.local.json",
    "/Library/Application Support/ClaudeCode/managed-settings.json",
    "/usr/local/bin/toolgate",
    "/usr/local/bin/toolgate-server",
    "/usr/bin/toolgate",
    "/opt/tg",
    "tg",
    "~/.config/toolgate/policy.yaml",
    "~/.config/opencode/plugins/x.ts",
];

/// Variants of a relative path `p`: case, anchors, what follows it, globs in it.
fn variants(p: &str, out: &mut BTreeSet<String>) {
    let cased = [
        p.to_string(),
        p.to_ascii_uppercase(),
        p.split('/')
            .map(|c| {
                let mut c = c.to_string();
                if let Some(f) = c.get_mut(..1) {
                    f.make_ascii_uppercase();
                }
                c
            })
            .collect::<Vec<_>>()
            .join("/"),
    ];
    for c in &cased {
        for prefix in ["", "~/", "/Users/Bob/", "/", "../", "~/x/.."] {
            let sep = if prefix.ends_with("..") { "/" } else { "" };
            for suffix in ["", "/", "/x.pub", "/.."] {
                out.insert(format!("{prefix}{sep}{c}{suffix}"));
            }
        }
    }
    // Globs in place of each component and of each component's last character.
    let parts: Vec<&str> = p.split('/').collect();
    for i in 0..parts.len() {
        for glob in ["*", "?", "[a]"] {
            let mut g = parts.clone();
            let last = g[i].chars().last().map_or(0, char::len_utf8);
            let replaced = format!("{}{glob}", &g[i][..g[i].len() - last]);
            g[i] = &replaced;
            let joined = g.join("/");
            out.insert(format!("~/{joined}"));
            out.insert(format!("/{joined}"));
            out.insert(joined);
        }
        let mut g = parts.clone();
        g[i] = "*";
        out.insert(format!("~/{}", g.join("/")));
    }
}

/// The relative paths a pattern names (`**` as none, one and two components, globs as a name).
fn pattern_paths(p: &PathPattern) -> Vec<String> {
    let mut paths = vec![String::new()];
    for part in p.parts {
        let options: Vec<String> = match *part {
            "**" => vec![String::new(), "a".into(), "a/b".into()],
            part => vec![
                part.to_string(),
                part.replace(['*', '?'], "x"),
                part.replace(['*', '?'], ""),
            ],
        };
        paths = paths
            .iter()
            .flat_map(|base| {
                options
                    .iter()
                    .map(move |o| match (base.is_empty(), o.is_empty()) {
                        (true, _) => o.clone(),
                        (false, true) => base.clone(),
                        (false, false) => format!("{base}/{o}"),
                    })
            })
            .collect();
    }
    for e in p.except {
        paths.push(format!("{}/{}", p.parts.join("/"), e.replace('*', "id")));
    }
    paths
}

/// Every path of the differential test but the corpus words.
fn generated_paths() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let patterns = PERSISTENCE_CLASSES
        .iter()
        .flat_map(|i| i.patterns)
        .chain(SECRET_SOURCES.iter().flat_map(|i| i.patterns));
    for p in patterns {
        for path in pattern_paths(p) {
            variants(&path, &mut out);
        }
    }
    let mut protected: Vec<String> = vec![CLAUDE_DIR_NAME.into(), MANAGED_SETTINGS_NAME.into()];
    protected.extend(
        CLAUDE_SETTINGS_NAMES
            .iter()
            .map(|n| format!("{CLAUDE_DIR_NAME}/{n}")),
    );
    protected.push(format!("{CLAUDE_DIR_NAME}/settings.other.json"));
    protected.extend(POLICY_FILE_NAMES.iter().map(|n| n.to_string()));
    protected.extend(BINARY_NAMES.iter().map(|n| format!("bin/{n}")));
    protected.extend(
        [
            "etc/claude-code/x",
            "managed-settings.d/x",
            "application support/claudecode/x",
        ]
        .map(String::from),
    );
    protected.push(".config/toolgate/x.yaml".into());
    for (dirs, file) in AGENT_HOOK_FILES {
        let file = file.replace('*', "x");
        protected.push(
            dirs.iter()
                .chain([&file.as_str()])
                .copied()
                .collect::<Vec<_>>()
                .join("/"),
        );
    }
    for p in &protected {
        variants(p, &mut out);
    }
    out.extend(CRAFTED.iter().map(|s| s.to_string()));
    out
}

/// The words of the realworld shell corpus that look like paths (hold `/`, or start with
/// `.` or `~`), without quotes; empty without the corpus.
fn corpus_paths() -> BTreeSet<String> {
    let Some(file) = toolgate_corpora::corpus("realworld-shell/commands.jsonl") else {
        return BTreeSet::new();
    };
    toolgate_corpora::read_jsonl(&file)
        .iter()
        .filter_map(|v| v["command"].as_str())
        .flat_map(|c| c.split_whitespace())
        .map(|w| w.trim_matches(['"', '\'', ';', '(', ')', '`']))
        .map(|w| w.rsplit_once('=').map_or(w, |(_, v)| v))
        .filter(|w| w.contains('/') || w.starts_with(['.', '~']))
        .map(str::to_string)
        .collect()
}

fn check(path: &str, cwd: Option<&Path>, home: Option<&Path>, binaries: &[Option<&str>]) {
    assert_eq!(
        persistence_class(path, cwd, home),
        persistence_class_exhaustive(path, cwd, home),
        "persistence {path:?} {cwd:?} {home:?}"
    );
    assert_eq!(
        secret_source(path, cwd, home),
        secret_source_exhaustive(path, cwd, home),
        "secret {path:?} {cwd:?} {home:?}"
    );
    // The lexical check knows no directories: once, in the context without them.
    for by_name in [false, true]
        .into_iter()
        .filter(|_| cwd.is_none() && home.is_none())
    {
        assert_eq!(
            is_protected_path(path, by_name),
            protected_kind_of(path, by_name).is_some(),
            "protected by name {path:?} (binary by name: {by_name})"
        );
    }
    for b in binaries {
        let b = b.map(Path::new);
        assert_eq!(
            protected_kind(path, cwd, home, b),
            protected_kind_exhaustive(path, cwd, home, b),
            "protected {path:?} {cwd:?} {home:?} {b:?}"
        );
    }
}

#[test]
fn the_prefilters_answer_as_trying_every_pattern() {
    let paths = generated_paths();
    assert!(paths.len() > 5_000, "{}", paths.len());
    let (mut classed, mut secret, mut protected) = (0, 0, 0);
    for (n, (cwd, home)) in CONTEXTS.iter().enumerate() {
        let (cwd, home) = (cwd.map(Path::new), home.map(Path::new));
        // Every binary in the first context, the usual two in the others.
        let binaries = if n == 0 { BINARIES } else { &BINARIES[..2] };
        for path in &paths {
            check(path, cwd, home, binaries);
            classed += usize::from(persistence_class(path, cwd, home).is_some());
            secret += usize::from(secret_source(path, cwd, home).is_some());
            protected += usize::from(protected_kind(path, cwd, home, None).is_some());
        }
    }
    // The paths reach every kind of answer, not only `None`.
    assert!(classed > 1_000 && secret > 1_000 && protected > 1_000);
}

#[test]
fn the_prefilters_answer_as_trying_every_pattern_on_corpus_words() {
    let paths = corpus_paths();
    for (cwd, home) in &CONTEXTS[..3] {
        let (cwd, home) = (cwd.map(Path::new), home.map(Path::new));
        for path in &paths {
            check(path, cwd, home, &BINARIES[..2]);
        }
    }
}
