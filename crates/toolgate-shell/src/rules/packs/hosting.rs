//! The `hosting` pack: deleting hosted repositories, releases and published packages.

use super::Matcher as M;

const HELP: &[&str] = &["--help", "-h"];

const REPO_DELETE: &str = "TG-HOSTING-REPO-DELETE";
const UNPUBLISH: &str = "TG-HOSTING-PACKAGE-UNPUBLISH";

/// The pack's matchers.
pub(super) const MATCHERS: &[M] = &[
    M::new(REPO_DELETE, &["gh"], &[&["repo", "release"], &["delete"]]).none(HELP),
    M::new(UNPUBLISH, &["npm"], &[&["unpublish"]]).none(&["--dry-run", "--help", "-h"]),
    // `cargo yank --undo` puts the version back.
    M::new(UNPUBLISH, &["cargo"], &[&["yank"]]).none(&["--undo", "--help", "-h"]),
    M::new(UNPUBLISH, &["gem"], &[&["yank"]]).none(HELP),
];
