//! Where the policy comes from: `--policy FILE`, `$TOOLGATE_POLICY`, `.toolgate.yaml` in the
//! working directory or its nearest parent that has one, `~/.config/toolgate/policy.yaml`, else
//! the built-in default. A value in the environment that is set but unusable leaves the policy
//! [`PolicySource::Unresolved`], which loads as an unusable policy (every check denies).

use std::path::{Path, PathBuf};

use crate::environment::{EnvironmentError, ProcessEnvironment, read_process_environment};

/// Why a file was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// `--policy FILE`.
    Explicit,
    /// `$TOOLGATE_POLICY`.
    Environment,
    /// `.toolgate.yaml` (or `.yml`/`.json`/`.toml`) in the working directory or a parent.
    Project,
    /// `~/.config/toolgate/policy.yaml`.
    User,
}

/// The policy to load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PolicySource {
    /// No file: the built-in default.
    Builtin,
    /// A file.
    File {
        /// The file.
        path: PathBuf,
        /// Why it was chosen.
        origin: Origin,
    },
    /// The environment that discovery reads is unusable (see [`EnvironmentError`]): no policy
    /// can be chosen, so none may quietly apply.
    Unresolved(EnvironmentError),
}

impl PolicySource {
    /// The file, if any.
    pub fn path(&self) -> Option<&Path> {
        match self {
            PolicySource::Builtin | PolicySource::Unresolved(_) => None,
            PolicySource::File { path, .. } => Some(path),
        }
    }

    /// A short description for messages (`built-in default`, or the path).
    pub fn describe(&self) -> String {
        match self {
            PolicySource::Builtin => "built-in default".into(),
            PolicySource::File { path, .. } => path.display().to_string(),
            PolicySource::Unresolved(_) => "policy location unknown".into(),
        }
    }
}

/// Project policy file names, in the order they are looked for in each directory.
pub const PROJECT_FILE_NAMES: &[&str] = &[
    ".toolgate.yaml",
    ".toolgate.yml",
    ".toolgate.json",
    ".toolgate.toml",
];

/// Whether a directory entry sits at `path` (a file, a directory, a symlink even if dangling).
/// Discovery stops at such an entry rather than skipping to the next, laxer candidate;
/// loading it then fails closed if it is not a readable file.
fn entry_exists(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// Chooses the policy source. `explicit` is `--policy`; `env_policy` is `$TOOLGATE_POLICY`
/// (any bytes: a path need not be UTF-8); `home` is the home directory. An explicitly named file is used even if it does not exist (loading it
/// then fails closed); a discovered one is chosen when anything sits under its name (a
/// directory or a dangling symlink too, which then fail closed when loaded).
pub fn discover(
    explicit: Option<&Path>,
    env_policy: Option<&Path>,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> PolicySource {
    if let Some(path) = explicit {
        return PolicySource::File {
            path: path.to_path_buf(),
            origin: Origin::Explicit,
        };
    }
    if let Some(path) = env_policy.filter(|p| !p.as_os_str().is_empty()) {
        return PolicySource::File {
            path: PathBuf::from(path),
            origin: Origin::Environment,
        };
    }
    if let Some(cwd) = cwd {
        for dir in cwd.ancestors() {
            for name in PROJECT_FILE_NAMES {
                let candidate = dir.join(name);
                if entry_exists(&candidate) {
                    return PolicySource::File {
                        path: candidate,
                        origin: Origin::Project,
                    };
                }
            }
        }
    }
    if let Some(home) = home {
        let candidate = home.join(".config/toolgate/policy.yaml");
        if entry_exists(&candidate) {
            return PolicySource::File {
                path: candidate,
                origin: Origin::User,
            };
        }
    }
    PolicySource::Builtin
}

/// [`discover`] with the process's own environment and working directory, read with
/// [`read_process_environment`]. An explicit file needs nothing from the environment; otherwise
/// an unusable environment gives [`PolicySource::Unresolved`].
pub fn discover_from_env(explicit: Option<&Path>) -> PolicySource {
    if explicit.is_some() {
        return discover(explicit, None, None, None);
    }
    match read_process_environment() {
        Ok(env) => discover_in(None, &env),
        Err(e) => PolicySource::Unresolved(e),
    }
}

/// [`discover`] in an environment already read.
pub fn discover_in(explicit: Option<&Path>, env: &ProcessEnvironment) -> PolicySource {
    discover(
        explicit,
        env.policy.as_deref(),
        Some(&env.cwd),
        env.home.as_deref(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_explicit_env_project_user_builtin() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        let project = dir.path().join("proj");
        let nested = project.join("a/b");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::create_dir_all(home.join(".config/toolgate")).unwrap();
        assert_eq!(
            discover(None, None, Some(&nested), Some(&home)),
            PolicySource::Builtin
        );
        std::fs::write(home.join(".config/toolgate/policy.yaml"), "").unwrap();
        assert!(matches!(
            discover(None, None, Some(&nested), Some(&home)),
            PolicySource::File {
                origin: Origin::User,
                ..
            }
        ));
        std::fs::write(project.join(".toolgate.yaml"), "").unwrap();
        assert_eq!(
            discover(None, None, Some(&nested), Some(&home)),
            PolicySource::File {
                path: project.join(".toolgate.yaml"),
                origin: Origin::Project
            }
        );
        assert!(matches!(
            discover(None, Some(Path::new("/x.yaml")), Some(&nested), Some(&home)),
            PolicySource::File {
                origin: Origin::Environment,
                ..
            }
        ));
        assert!(matches!(
            discover(
                Some(Path::new("p.yaml")),
                Some(Path::new("/x.yaml")),
                None,
                None
            ),
            PolicySource::File {
                origin: Origin::Explicit,
                ..
            }
        ));
    }

    #[test]
    fn broken_entries_are_chosen_not_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        let project = dir.path().join("proj");
        let nested = project.join("sub");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::create_dir_all(home.join(".config/toolgate")).unwrap();
        std::fs::write(home.join(".config/toolgate/policy.yaml"), "").unwrap();
        // A lax parent policy that must not win over the broken nearer entries.
        std::fs::write(project.join(".toolgate.yml"), "").unwrap();
        std::fs::create_dir(nested.join(".toolgate.yaml")).unwrap();
        let chosen = discover(None, None, Some(&nested), Some(&home));
        assert_eq!(chosen.path(), Some(nested.join(".toolgate.yaml").as_path()));
        std::fs::remove_dir(nested.join(".toolgate.yaml")).unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(nested.join("missing"), nested.join(".toolgate.json"))
                .unwrap();
            let chosen = discover(None, None, Some(&nested), Some(&home));
            assert_eq!(chosen.path(), Some(nested.join(".toolgate.json").as_path()));
        }
        let user = dir.path().join("user");
        std::fs::create_dir_all(user.join(".config/toolgate/policy.yaml")).unwrap();
        let chosen = discover(None, None, None, Some(&user));
        assert!(matches!(
            chosen,
            PolicySource::File {
                origin: Origin::User,
                ..
            }
        ));
    }
}
