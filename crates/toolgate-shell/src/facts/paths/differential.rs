//! The plain-relative-path shortcut of [`classify`] against the full classification, over
//! generated paths and the words of the real-world corpus, in many working and home
//! directories: the shortcut must answer exactly as [`classify_full`] does.

use std::collections::BTreeSet;
use std::path::Path;

use super::{classify, classify_full, plain_relative_class};
use crate::model::{CommandContext, SimpleCommand};

const PIECES: &[&str] = &[
    "build",
    "build/",
    "src/main.rs",
    "a//b",
    "./x",
    "../x",
    "x/..",
    ".",
    "..",
    "~",
    "~/x",
    "$HOME/x",
    "${TMPDIR}/x",
    "$(pwd)/x",
    "`pwd`/y",
    "*.o",
    "a*",
    "[ab]",
    "x?",
    "/abs",
    "",
    "/",
    "é/ü",
    "a/./b",
    ".git",
    "node_modules/",
    "a b",
    "<(x)",
    "-rf",
    "tmp",
    "etc",
    "x//",
];

const CWDS: &[Option<&str>] = &[
    None,
    Some("/srv/project"),
    Some("/srv/project/"),
    Some("/"),
    Some("/home/dev"),
    Some("/home/dev/proj"),
    Some("/root"),
    Some("/tmp/x"),
    Some("/tmp"),
    Some("/srv/pro*ject"),
    Some("relative/dir"),
    Some("/srv/a/../b"),
    Some("/srv/./a//b"),
    Some("/usr/src/app"),
    Some("/etc"),
    Some("/opt/app"),
];

const HOMES: &[Option<&str>] = &[None, Some("/home/dev"), Some("/root"), Some("/home/dev/")];

/// The generated paths: every piece, and every two pieces joined by `/`.
fn generated() -> Vec<String> {
    let mut out: BTreeSet<String> = PIECES.iter().map(|p| p.to_string()).collect();
    for a in PIECES {
        for b in PIECES {
            out.insert(format!("{a}/{b}"));
        }
    }
    out.into_iter().collect()
}

/// The distinct words of the real-world corpus (empty without the corpus).
fn corpus_words() -> Vec<String> {
    let mut out: BTreeSet<String> = BTreeSet::new();
    if let Some(path) = toolgate_corpora::corpus("realworld-shell/commands.jsonl") {
        for row in toolgate_corpora::read_jsonl(&path) {
            let Some(command) = row["command"].as_str() else {
                continue;
            };
            for word in command.split_whitespace() {
                let word = word.trim_matches(['"', '\'', ';', '(', ')']);
                if word.len() < 200 {
                    out.insert(word.to_string());
                }
            }
        }
    }
    out.into_iter().collect()
}

/// Compares the shortcut with the full way for `texts` in the directories named; returns
/// (classifications compared, answered by the shortcut).
fn compare(texts: &[String], cwds: &[Option<&str>], homes: &[Option<&str>]) -> (usize, usize) {
    let (mut compared, mut shortcut) = (0usize, 0usize);
    for cwd in cwds {
        for home in homes {
            let cx = CommandContext::new(cwd.map(Path::new), home.map(Path::new));
            for cwd_changed in [false, true] {
                let cmd = SimpleCommand {
                    program: "rm".into(),
                    cwd_changed,
                    ..SimpleCommand::default()
                };
                for text in texts {
                    for dynamic in [false, true] {
                        let full = classify_full(text, dynamic, &cmd, &cx);
                        assert_eq!(
                            classify(text, dynamic, &cmd, &cx),
                            full,
                            "{text:?} in {cwd:?}, home {home:?}, cd {cwd_changed}, dynamic {dynamic}"
                        );
                        compared += 1;
                        shortcut +=
                            usize::from(plain_relative_class(text, dynamic, &cmd, &cx).is_some());
                    }
                }
            }
        }
    }
    (compared, shortcut)
}

#[test]
fn the_plain_relative_shortcut_answers_as_the_full_classification() {
    let (compared, shortcut) = compare(&generated(), CWDS, HOMES);
    println!("classify shortcut, generated paths: {shortcut} of {compared} classifications");
    assert!(shortcut > 1000, "the shortcut was hardly taken: {shortcut}");
    // The corpus's words in fewer directories (there are tens of thousands of them).
    let words = corpus_words();
    let (compared, shortcut) = compare(&words, &CWDS[..6], &HOMES[..2]);
    println!(
        "classify shortcut, {} real-world words: {shortcut} of {compared} classifications",
        words.len()
    );
}
