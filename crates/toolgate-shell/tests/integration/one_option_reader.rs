//! One option reader (issue 12): command arguments are read as options only in `src/options/`
//! (the reader, its forms and the flag normaliser), with the programs' specs. Read from the
//! sources: a hand-written option scan elsewhere (`a.starts_with('-')` over argument words,
//! `w == "--"`) fails here unless the allowlist below names it with its reason.

use std::path::Path;

/// Spellings of a hand-written option scan.
const PATTERNS: &[&str] = &[
    "starts_with('-')",
    "starts_with(\"-\")",
    "starts_with(\"--\")",
    "starts_with(['-'",
    "strip_prefix('-')",
    "strip_prefix(\"-\")",
    "strip_prefix(\"--\")",
    "strip_prefix(['-'",
    "== \"--\"",
];

/// Folders of `src/` not scanned, with the reason.
const NOT_SCANNED: &[(&str, &str)] = &[
    (
        "options",
        "the one option reader, its forms and the flag normaliser",
    ),
    (
        "syntax",
        "the shell's own syntax (`<<-` heredocs, arithmetic), read before a command has arguments",
    ),
];

/// A function outside `src/options/` that looks at a leading `-` itself: its file, its
/// name, how many lines of it match [`PATTERNS`], and why no spec reading serves.
struct Allowed {
    file: &'static str,
    function: &'static str,
    lines: usize,
    reason: &'static str,
}

const ALLOWED: &[Allowed] = &[
    Allowed {
        file: "walker/steps.rs",
        function: "wrapper_step",
        lines: 1,
        reason: "npm's option parser removes the first `--` wherever it stands in `npm exec \
                 PKG -- ARGS`: the package's words are no options of npm's, so no spec reads \
                 them",
    },
    Allowed {
        file: "knowledge/windows.rs",
        function: "runs_downloaded_code",
        lines: 2,
        reason: "Windows command lines: the file a download writes is the word after a URL \
                 (certutil, bitsadmin) and what `Start-Process`, `cmd` and `&` run is their \
                 first word that is no `-Name` or `/S` switch; the one reader reads POSIX \
                 options",
    },
    Allowed {
        file: "knowledge/windows.rs",
        function: "destructive_commands",
        lines: 2,
        reason: "Windows switches: cmd's `/S` and PowerShell's `-Name` parameters, which it \
                 takes shortened to any prefix; the one reader reads POSIX options",
    },
    Allowed {
        file: "facts/writes/protected.rs",
        function: "unknown_program_touches_protected",
        lines: 2,
        reason: "a program with no spec: any word may name a protected file; `--opt=VALUE` \
                 names one by its value, an option word names none",
    },
    Allowed {
        file: "facts/destinations/web.rs",
        function: "resolve",
        lines: 1,
        reason: "curl's `--resolve` value: a leading `-` (`-HOST:PORT`) removes an entry",
    },
    Allowed {
        file: "facts/destinations/mod.rs",
        function: "looks_like_host",
        lines: 1,
        reason: "a value check: a bare host never starts with `-`",
    },
    Allowed {
        file: "facts/paths/mod.rs",
        function: "is_one_path_word",
        lines: 1,
        reason: "a value check: a variable's value that starts with `-` is an option wherever \
                 it is expanded, not a path",
    },
    Allowed {
        file: "rules/packs/matcher.rs",
        function: "may_match",
        lines: 1,
        reason: "a check of the pack tables' own subcommand words, not of a command's \
                 options: a step word starting with `-` is left to the full reading",
    },
    Allowed {
        file: "rules/packs/host/processes.rs",
        function: "kill_arguments",
        lines: 1,
        reason: "kill writes a signal as an option (`-9`, `-KILL`) and process -1 as one too: \
                 only the first such word is the signal",
    },
    Allowed {
        file: "rules/packs/host/processes.rs",
        function: "signal_word",
        lines: 1,
        reason: "pkill and killall take a signal written as an option (`-9`, `-HUP`, \
                 `-SIGSTOP`) wherever it stands, whose letters no spec reads right (`-STOP`'s \
                 `P` is pkill's `-P PPID`): the word is found by its name and read apart",
    },
    Allowed {
        file: "walker/unwrap.rs",
        function: "run_command",
        lines: 3,
        reason: "words before a program is known: an assignment never starts with `-`; after \
                 `env $(cat .env)` a program word is neither assignment nor option; a program \
                 name that is an option is a wrapper option left unread (fails closed)",
    },
    Allowed {
        file: "walker/steps.rs",
        function: "is_ast_grep",
        lines: 1,
        reason: "`sg` is ast-grep or the group command: any option but `-` and `-c` says \
                 ast-grep, before either program's spec applies",
    },
    Allowed {
        file: "knowledge/specs/mod.rs",
        function: "knows",
        lines: 2,
        reason: "classifies an option name the reader read (`-p`, `--project`), no argument word",
    },
];

/// `text` without its test-only items (`#[cfg(test)]` and the item after it, up to the
/// closing brace at the item's indentation).
fn without_tests(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() == "#[cfg(test)]" {
            let item = lines.get(i + 1).copied().unwrap_or("");
            let indent = &item[..item.len() - item.trim_start().len()];
            i += 2;
            if !item.trim_end().ends_with(';') {
                let close = format!("{indent}}}");
                while i < lines.len() && lines[i] != close {
                    i += 1;
                }
                i += 1;
            }
            continue;
        }
        out.push((i + 1, lines[i]));
        i += 1;
    }
    out
}

/// The name of the function a line `fn NAME(`/`fn NAME<` declares.
fn declared_fn(line: &str) -> Option<&str> {
    let at = line.find("fn ")?;
    let before = &line[..at];
    if !(before.trim().is_empty() || before.trim_end().ends_with(')') || before.ends_with(' ')) {
        return None;
    }
    let rest = &line[at + 3..];
    let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))?;
    matches!(rest[end..].chars().next(), Some('(' | '<')).then(|| &rest[..end])
}

/// The lines of `text` that match [`PATTERNS`], outside comments and tests, each with its
/// line number and enclosing function.
fn scans(text: &str) -> Vec<(usize, String, String)> {
    let mut function = String::new();
    let mut out = Vec::new();
    for (n, line) in without_tests(text) {
        if let Some(f) = declared_fn(line) {
            function = f.to_string();
        }
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        if PATTERNS.iter().any(|p| code.contains(p)) {
            out.push((n, function.clone(), code.to_string()));
        }
    }
    out
}

fn visit(src: &Path, dir: &Path, found: &mut Vec<(String, usize, String, String)>) {
    for entry in std::fs::read_dir(dir).expect("source dir") {
        let path = entry.expect("dir entry").path();
        let rel = path
            .strip_prefix(src)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        if path.is_dir() {
            if !NOT_SCANNED.iter().any(|(d, _)| *d == rel) {
                visit(src, &path, found);
            }
            continue;
        }
        // Unit-test files (`mod tests;` under `#[cfg(test)]`).
        if path.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("source file");
        for (n, function, code) in scans(&text) {
            found.push((rel.clone(), n, function, code));
        }
    }
}

#[test]
fn options_are_read_only_by_the_one_reader() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (dir, reason) in NOT_SCANNED {
        assert!(src.join(dir).is_dir(), "{dir} ({reason}) is no folder");
    }
    let mut found = Vec::new();
    visit(&src, &src, &mut found);
    let mut problems = Vec::new();
    for a in ALLOWED {
        assert!(!a.reason.is_empty());
        let n = found
            .iter()
            .filter(|(f, _, func, _)| f == a.file && func == a.function)
            .count();
        if n != a.lines {
            problems.push(format!(
                "{} fn {}: {n} option-scanning lines, the allowlist says {} (a stale or \
                 grown entry)",
                a.file, a.function, a.lines
            ));
        }
    }
    for (file, n, function, code) in &found {
        let allowed = ALLOWED
            .iter()
            .any(|a| a.file == file && a.function == function);
        if !allowed {
            problems.push(format!(
                "{file}:{n} (fn {function}) scans options by hand: `{code}`; read them with \
                 the one reader (crate::options) and the program's spec"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_scan_sees_what_it_looks_for() {
    let text = "\
fn reads(args: &[String]) -> bool {
    // a.starts_with('-') in a comment is no scan
    args.iter().any(|a| a.starts_with('-'))
}

#[cfg(test)]
mod tests {
    fn t(a: &str) -> bool {
        a == \"--\"
    }
}
pub(crate) fn after<'a>(w: &'a str) -> Option<&'a str> {
    w.strip_prefix(\"--\")
}
";
    let found = scans(text);
    let names: Vec<(usize, &str)> = found.iter().map(|(n, f, _)| (*n, f.as_str())).collect();
    assert_eq!(names, [(3, "reads"), (13, "after")]);
    assert_eq!(
        declared_fn("    pub(crate) fn knows(&self) {"),
        Some("knows")
    );
    assert_eq!(declared_fn("let x = defn(1);"), None);
}
