//! The crate's layers import downwards only (see the crate documentation): model, syntax,
//! knowledge, options, facts, walker, rules. Read from the sources, so a new upward import
//! fails here rather than in review.

use std::path::Path;

/// The layers, lowest first.
const LAYERS: &[&str] = &[
    "model",
    "syntax",
    "knowledge",
    "options",
    "facts",
    "walker",
    "rules",
];

/// Items re-exported at the crate root, by the layer that defines them.
const ROOT_ITEMS: &[(&str, &str)] = &[
    ("SimpleCommand", "model"),
    ("CommandAnalysis", "model"),
    ("CommandContext", "model"),
    ("Destination", "model"),
    ("FlagSet", "model"),
    ("Indeterminate", "model"),
    ("IndeterminateKind", "model"),
    ("MAX_COMMAND_BYTES", "model"),
    ("MAX_COMMANDS", "model"),
    ("MAX_DEPTH", "model"),
    ("MAX_BRACE_WORDS", "syntax"),
    ("MAX_NESTING", "syntax"),
    ("MAX_PAREN_RUN", "syntax"),
    ("PARSE_WORK_BASE", "syntax"),
    ("PARSE_WORK_PER_BYTE", "syntax"),
    ("PathClass", "facts"),
];

fn rank(name: &str) -> Option<usize> {
    LAYERS.iter().position(|l| *l == name).or_else(|| {
        ROOT_ITEMS
            .iter()
            .find(|(item, _)| *item == name)
            .and_then(|(_, layer)| LAYERS.iter().position(|l| l == layer))
    })
}

/// The names right after `crate::` in `code`, including those of `crate::{a, b::c}`.
fn crate_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(list) = rest.strip_prefix('{') {
            let end = list.find('}').unwrap_or(list.len());
            for part in list[..end].split(',') {
                let name = part.trim().split("::").next().unwrap_or("").trim();
                if !name.is_empty() {
                    out.push(name.to_string());
                }
            }
        } else {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            out.push(rest[..end].to_string());
        }
    }
    out
}

fn visit(dir: &Path, layer: usize, violations: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("source dir") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            visit(&path, layer, violations);
            continue;
        }
        // Unit tests may use the whole crate: a unit-test module in its own file
        // (`#[cfg(test)] mod tests;`, checked below) as well as one written inline.
        if path.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("source file");
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for name in crate_paths(code) {
            match rank(&name) {
                Some(r) if r > layer => violations.push(format!(
                    "{} imports `crate::{name}` from a higher layer",
                    path.display()
                )),
                Some(_) => {}
                None => violations.push(format!(
                    "{} names `crate::{name}`, which is no layer (add it to this test)",
                    path.display()
                )),
            }
        }
    }
}

/// Every `tests.rs` the layering check skips is a unit-test module: its parent declares it
/// as `#[cfg(test)] mod tests;`.
#[test]
fn skipped_test_files_are_unit_test_modules() {
    fn visit_tests(dir: &Path, found: &mut usize) {
        for entry in std::fs::read_dir(dir).expect("source dir") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                visit_tests(&path, found);
            } else if path.file_name().is_some_and(|n| n == "tests.rs") {
                *found += 1;
                // `x/mod.rs`, `lib.rs`, or `x.rs` beside the folder `x/`.
                let parent = [
                    dir.join("mod.rs"),
                    dir.join("lib.rs"),
                    dir.with_extension("rs"),
                ]
                .into_iter()
                .find(|p| p.exists())
                .expect("the module that declares tests.rs");
                let text = std::fs::read_to_string(&parent).expect("parent module");
                assert!(
                    text.contains("#[cfg(test)]\nmod tests;"),
                    "{} declares tests.rs outside #[cfg(test)]",
                    parent.display()
                );
            }
        }
    }
    let mut found = 0;
    visit_tests(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut found,
    );
    assert!(found >= 1);
}

#[test]
fn imports_point_down_only() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut violations = Vec::new();
    for (i, layer) in LAYERS.iter().enumerate() {
        let dir = src.join(layer);
        assert!(dir.is_dir(), "layer {layer} has no folder");
        visit(&dir, i, &mut violations);
    }
    assert!(violations.is_empty(), "{}", violations.join("\n"));
    // The test itself can fail: an upward path is seen.
    assert_eq!(
        crate_paths("use crate::{walker::W, model::X};"),
        ["walker", "model"]
    );
    assert!(rank("walker") > rank("facts"));
}

#[test]
fn no_file_poses_as_a_submodule() {
    fn check(dir: &Path) {
        for entry in std::fs::read_dir(dir).expect("source dir") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                check(&path);
            } else {
                let text = std::fs::read_to_string(&path).expect("source file");
                assert!(!text.contains("#[path"), "{} uses #[path]", path.display());
            }
        }
    }
    check(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
}
