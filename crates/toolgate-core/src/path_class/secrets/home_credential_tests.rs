//! [`is_home_credential`]'s own table answers as the full table of sources does.

use std::path::Path;

use super::*;

/// The table of home credentials answers as the full table does for them.
#[test]
fn home_credentials_are_what_the_full_table_says() {
    let home = Some(Path::new("/home/u"));
    let cwds = [
        Some(Path::new("/home/u/proj")),
        Some(Path::new("/home/u")),
        None,
    ];
    let paths = [
        "~/.ssh/id_ed25519",
        "~/.ssh/id_ed25519.pub",
        "/home/u/.aws/credentials",
        "../.kube/config",
        ".ssh/id_rsa",
        "~/.netrc",
        "~/.docker/config.json",
        "~/.git-credentials",
        "~/.config/gcloud/application_default_credentials.json",
        "~/.ssh",
        ".env",
        "key.pem",
        "build/",
        "~/.bash_history",
        "/etc/passwd",
    ];
    for cwd in cwds {
        for p in paths {
            let full = secret_source(p, cwd, home).is_some_and(|s| HOME_CREDENTIALS.contains(&s));
            assert_eq!(is_home_credential(p, cwd, home), full, "{p} in {cwd:?}");
        }
    }
    assert!(is_home_credential("~/.ssh/id_ed25519", None, home));
    assert!(!is_home_credential(
        "build/",
        Some(Path::new("/srv/p")),
        home
    ));
}
