//! Tests of path classification.

use super::directories::OS_TREES;
use super::*;
use toolgate_core::path_class::{SecretSource, secret_source};

#[test]
fn normalized_borrows_only_normal_paths() {
    for p in [
        "/", "/a", "/a/b", "a", "/a/", "//a", "/a//b", "/a/./b", "/a/../b", "/.", "", "/a/b/..",
    ] {
        let p = Path::new(p);
        let n = normalized(p);
        assert_eq!(n.as_ref(), normalize(p).as_path(), "{}", p.display());
        assert_eq!(
            matches!(n, std::borrow::Cow::Borrowed(_)),
            n.as_os_str() == p.as_os_str(),
            "{}",
            p.display()
        );
    }
}

#[test]
fn under_is_path_starts_with_for_normalized_paths() {
    let paths = [
        "/",
        "/usr",
        "/usr/bin",
        "/usrx",
        "/us",
        "/home/u/p",
        "/tmp",
        "/tmpx/a",
        "/private/tmp/x",
    ];
    let dirs = [
        "/",
        "/usr",
        "/us",
        "/home",
        "/home/u",
        "/tmp",
        "/private/tmp",
        "/usr/bin",
    ];
    for p in paths {
        for d in dirs {
            let p = normalize(Path::new(p));
            assert_eq!(
                under(p.to_str().unwrap(), d),
                p.starts_with(d),
                "{} {d}",
                p.display()
            );
        }
    }
    for d in SYSTEM_DIRS.iter().chain(OS_TREES).chain(TEMP_DIRS) {
        assert!(d.starts_with('/') && !d.ends_with('/'), "{d}");
    }
}

/// A system mount point that covers its whole tree is a tree the OS owns, and every tree the
/// OS owns is a system mount point (the kernel's own file systems only as themselves), but
/// `/Library`, where applications install their files, and `/nix`, over which a bind mount
/// is how Nix is installed without root (its store is one).
#[test]
fn system_mount_trees_are_the_os_trees() {
    use crate::knowledge::system_files::{MountReach, SYSTEM_MOUNT_POINTS};
    let tree = |m: &&crate::knowledge::system_files::SystemMount| m.reach == MountReach::Tree;
    for m in SYSTEM_MOUNT_POINTS.iter().filter(tree) {
        assert!(OS_TREES.contains(&m.path), "{}", m.path);
    }
    for t in OS_TREES {
        assert!(
            SYSTEM_MOUNT_POINTS
                .iter()
                .any(|m| m.path == *t || (tree(&m) && t.starts_with(&format!("{}/", m.path))))
                || ["/Library", "/nix"].contains(t),
            "{t}"
        );
    }
}

#[test]
fn path_groups_parse_their_own_names_and_nothing_else() {
    for name in PathGroup::names() {
        let group = PathGroup::parse(name).expect(name);
        assert_eq!(group.name(), name);
    }
    assert_eq!(PathGroup::names().count(), PATH_GROUPS.len());
    for bad in ["", "Root", "everywhere", "inside-cwd", "any "] {
        assert!(PathGroup::parse(bad).is_none(), "{bad:?}");
    }
    assert!(PathClass::Unknown.in_group(PathGroup::OutsideCwd));
    assert!(!PathClass::Temp.in_group(PathGroup::OutsideCwd));
    assert!(PathClass::InsideCwd.in_group(PathGroup::Any));
}

fn secret(path: &str) -> Option<SecretSource> {
    let (cwd, home) = (Path::new("/home/u/p"), Path::new("/home/u"));
    aimed_class(
        path,
        |p| secret_source(p, Some(cwd), Some(home)),
        |s| s.info().patterns,
    )
}

#[test]
fn globs_count_when_aimed_at_the_class() {
    assert_eq!(secret("~/.ssh/*"), Some(SecretSource::SshPrivateKey));
    assert_eq!(secret("certs/*.pem"), Some(SecretSource::PrivateKeyFile));
    assert_eq!(secret("~/.env*"), Some(SecretSource::DotEnv));
    assert_eq!(secret("deploy/id_*"), Some(SecretSource::PrivateKeyFile));
    assert_eq!(secret(".env"), Some(SecretSource::DotEnv));
    // A glob that fits a credential's name, or in the home directory one is named in.
    assert_eq!(secret(".e?v"), Some(SecretSource::DotEnv));
    assert_eq!(secret("~/.docker/*"), Some(SecretSource::DockerConfig));
    assert_eq!(secret("~/.config/gh/*"), Some(SecretSource::GitCredentials));
    assert_eq!(
        secret("~/.config/gh/h*"),
        Some(SecretSource::GitCredentials)
    );
    for path in [
        "dist/*",
        "docs/*ela*L1*",
        "src/.*",
        "a/*.*",
        "*",
        "~/.config/*",
        "~/.docker/*.log",
        "deploy/.docker/*",
        "~/.claude/*",
    ] {
        assert_eq!(secret(path), None, "{path}");
    }
}

#[test]
fn home_variables_read_as_tildes() {
    assert_eq!(tilde_home("$HOME/.ssh/id_rsa"), "~/.ssh/id_rsa");
    assert_eq!(tilde_home("${HOME}"), "~");
    assert_eq!(tilde_home("$HOMEDIR/x"), "$HOMEDIR/x");
    assert_eq!(tilde_home("a/$HOME"), "a/$HOME");
}

/// Every class is ranked once in the harm order, so `worse` is a total order.
#[test]
fn harm_order_ranks_every_class_once() {
    let all = [
        PathClass::Root,
        PathClass::Home,
        PathClass::System,
        PathClass::Temp,
        PathClass::Cache,
        PathClass::InsideCwd,
        PathClass::Cwd,
        PathClass::OutsideCwd,
        PathClass::Unknown,
    ];
    assert_eq!(HARM_ORDER.len(), all.len());
    for c in all {
        assert_eq!(HARM_ORDER.iter().filter(|&&h| h == c).count(), 1, "{c:?}");
        assert_eq!(c.worse(PathClass::InsideCwd), c);
        assert_eq!(PathClass::Root.worse(c), PathClass::Root);
    }
}

/// Where a directory change leads, by its text.
#[test]
fn directory_targets() {
    let target = |line: &str, from: Option<&str>| {
        let analysis = crate::analyze(line);
        directory_target(&analysis.commands[0], from)
    };
    assert_eq!(target("cd /etc", None).as_deref(), Some("/etc"));
    assert_eq!(target("cd", None).as_deref(), Some("~"));
    assert_eq!(target("cd ~/x", None).as_deref(), Some("~/x"));
    assert_eq!(target("cd $HOME/x", None).as_deref(), Some("~/x"));
    assert_eq!(target("cd ..", Some(".")).as_deref(), Some("./.."));
    assert_eq!(
        target("pushd app", Some("/srv")).as_deref(),
        Some("/srv/app")
    );
    for (line, from) in [
        ("cd ..", None),
        ("cd \"$d\"", Some(".")),
        ("cd -", Some(".")),
        ("cd ~other", Some(".")),
        ("pushd +1", Some(".")),
        ("pushd", Some(".")),
        ("popd", Some(".")),
        ("CDPATH=/ cd etc", Some(".")),
        ("HOME=/etc cd ~/x", Some(".")),
        ("cd a b", Some(".")),
    ] {
        assert_eq!(target(line, from), None, "{line}");
    }
}
