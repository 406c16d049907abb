//! The secret source a path is, or holds when it is a directory above one: lookups in
//! [`SECRET_SOURCES`] through prefiltered pattern tables.

use std::path::Path;
use std::sync::LazyLock;

use crate::path_class::pattern::{Anchor, PathPattern, PathView, PatternTable};

use super::table::{SETTINGS_BESIDE_CREDENTIALS, SecretSourceInfo};
use super::{HOME_CREDENTIALS, SECRET_SOURCES, SecretSource, is_kept_from_model};

/// Whether `path` is a credential file of [`HOME_CREDENTIALS`] (or inside a credential
/// directory of one). Their patterns alone, so the prefilter refuses most paths by their
/// names: the whole table also holds patterns every path must be tried against (`*.pem`,
/// `.env*`), which cost every delete of a build directory tens of thousands of instructions.
pub fn is_home_credential(path: &str, cwd: Option<&Path>, home: Option<&Path>) -> bool {
    static TABLE: LazyLock<PatternTable<SecretSource>> = LazyLock::new(|| {
        PatternTable::new(
            SECRET_SOURCES
                .iter()
                .filter(|i| HOME_CREDENTIALS.contains(&i.source))
                .flat_map(|i| i.patterns.iter().map(|p| (i.source, p)))
                .collect(),
        )
    });
    TABLE.first_match(path, cwd, home).is_some()
}

/// The source [`is_kept_from_model`] `path` is (a credential file, a credential
/// directory, or inside one), unless it is one of the [`SETTINGS_BESIDE_CREDENTIALS`]
/// (`~/.aws/config`): what a tool prints of it would reach the model's provider. A glob
/// that could name a setting or a credential beside it (`~/.aws/*`, `~/.aws/c*`) is kept.
pub fn kept_from_model(
    path: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> Option<SecretSource> {
    static TABLE: LazyLock<PatternTable<SecretSource>> = LazyLock::new(|| {
        PatternTable::new(
            SECRET_SOURCES
                .iter()
                .filter(|i| is_kept_from_model(i.source))
                .flat_map(|i| i.patterns.iter().map(|p| (i.source, p)))
                .collect(),
        )
    });
    let source = TABLE.first_match(path, cwd, home)?;
    let view = PathView::new(path, cwd, home);
    (!SETTINGS_BESIDE_CREDENTIALS
        .iter()
        .any(|p| view.only_within(p)))
    .then_some(source)
}

/// The secret source `path` is (a credential file, or inside a credential directory).
pub fn secret_source(path: &str, cwd: Option<&Path>, home: Option<&Path>) -> Option<SecretSource> {
    static TABLE: LazyLock<PatternTable<SecretSource>> = LazyLock::new(|| {
        PatternTable::new(
            SECRET_SOURCES
                .iter()
                .flat_map(|i| i.patterns.iter().map(|p| (i.source, p)))
                .collect(),
        )
    });
    TABLE.first_match(path, cwd, home)
}

/// [`secret_source`] trying every pattern, as it did before the prefilter: the reference of
/// the differential test.
#[cfg(test)]
pub(crate) fn secret_source_exhaustive(
    path: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> Option<SecretSource> {
    let view = PathView::new(path, cwd, home);
    first_source(|_, p| view.matches(p))
}

/// The home credential ([`super::HOME_CREDENTIALS`]) of a home directory that `path` names
/// or holds below it (`~`, `~/.config`, `/`): what a content search of every file there may
/// show. The system's files (password hashes, host keys under `/etc`) are left out: only
/// root reads them.
pub fn home_credential_below(
    path: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> Option<SecretSource> {
    let view = PathView::new(path, cwd, home);
    first_source(|i, p| {
        HOME_CREDENTIALS.contains(&i.source)
            && p.anchor == Anchor::Home
            && (view.matches(p) || view.holds(p))
    })
}

/// The first source of [`SECRET_SOURCES`] with a pattern that `hit` accepts.
fn first_source(hit: impl Fn(&SecretSourceInfo, &PathPattern) -> bool) -> Option<SecretSource> {
    SECRET_SOURCES
        .iter()
        .find(|i| i.patterns.iter().any(|p| hit(i, p)))
        .map(|i| i.source)
}

/// The secret source `path` holds when it is a directory above one (`~`, `~/.config`, `/`):
/// copying or archiving it copies the secrets. Relative directories hold no home-anchored
/// source unless the working directory is above a home.
pub fn secret_source_below(
    path: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> Option<SecretSource> {
    let view = PathView::new(path, cwd, home);
    first_source(|_, p| view.holds(p))
}
