//! The README's table of packs and rules is [`markdown_table`](super::markdown_table)'s
//! output, byte for byte.

#[test]
fn the_readme_table_is_the_catalog() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("README.md at the repository root");
    let start = "<!-- packs-table:start -->\n";
    let end = "<!-- packs-table:end -->";
    let from = readme.find(start).expect("start marker") + start.len();
    let to = readme.find(end).expect("end marker");
    assert_eq!(
        &readme[from..to],
        super::markdown_table(),
        "regenerate the README table from toolgate_core::packs::markdown_table()"
    );
}
