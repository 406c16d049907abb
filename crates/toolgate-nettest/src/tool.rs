//! Real client programs (curl, python3) for end-to-end tests.

use std::path::PathBuf;

/// The path of `name` on `PATH`, or `None` after printing that the calling test did not run.
/// Panics when it is missing and `TOOLGATE_REQUIRE_CORPORA=1` or `CI` is set (CI's test
/// script installs it, so a missing tool there is a failure, not a skip).
pub fn required_tool(name: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    });
    if found.is_some() {
        return found;
    }
    let required = std::env::var("TOOLGATE_REQUIRE_CORPORA").is_ok_and(|v| v == "1")
        || std::env::var_os("CI").is_some();
    assert!(
        !required,
        "`{name}` is not installed and this run requires it"
    );
    println!("`{name}` is not installed: this test did not run");
    None
}
