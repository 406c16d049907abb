//! What toolgate reads from its process environment to find the policy and judge a call:
//! `$TOOLGATE_POLICY`, the working directory and `$HOME`.
//!
//! Every read keeps the operating system's bytes (`var_os`), so a path that is not UTF-8 is
//! still the path the user named. A value that is set but cannot be used is an
//! [`EnvironmentError`], never a quiet fall-back to the next, laxer policy: the hook denies.

use std::ffi::OsString;
use std::path::PathBuf;

/// The variable that names the policy file.
pub const POLICY_VAR: &str = "TOOLGATE_POLICY";

/// The environment of one toolgate process, read once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProcessEnvironment {
    /// `$TOOLGATE_POLICY`, when set (never empty).
    pub policy: Option<PathBuf>,
    /// The working directory.
    pub cwd: PathBuf,
    /// The home directory: `$HOME` when set, else the account's home from the user database;
    /// `None` only when neither is known. Always absolute.
    pub home: Option<PathBuf>,
}

/// A variable or directory that is set but unusable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnvironmentError {
    /// `$TOOLGATE_POLICY` is set to the empty string.
    EmptyPolicyVar,
    /// The working directory cannot be read (deleted, or no permission).
    NoWorkingDirectory,
    /// `$HOME` is set but empty or relative.
    RelativeHome,
}

impl EnvironmentError {
    /// Every error, in declaration order.
    pub const ALL: [EnvironmentError; 3] = [
        EnvironmentError::EmptyPolicyVar,
        EnvironmentError::NoWorkingDirectory,
        EnvironmentError::RelativeHome,
    ];

    /// A stable code for diagnostics.
    pub fn code(&self) -> &'static str {
        match self {
            EnvironmentError::EmptyPolicyVar => "empty-policy-variable",
            EnvironmentError::NoWorkingDirectory => "no-working-directory",
            EnvironmentError::RelativeHome => "relative-home",
        }
    }

    /// What is wrong and what to do, without any value from the environment.
    pub fn describe(&self) -> &'static str {
        match self {
            EnvironmentError::EmptyPolicyVar => {
                "TOOLGATE_POLICY is set but empty: name a policy file in it, or unset it to use discovery"
            }
            EnvironmentError::NoWorkingDirectory => {
                "the working directory cannot be read, so the project's policy cannot be found: run toolgate from an existing directory"
            }
            EnvironmentError::RelativeHome => {
                "HOME is set but is not an absolute path, so the user's policy and protected files cannot be found: set HOME to the home directory"
            }
        }
    }
}

impl std::fmt::Display for EnvironmentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.describe())
    }
}

impl std::error::Error for EnvironmentError {}

/// Reads the process environment (see [`from_values`]).
pub fn read_process_environment() -> Result<ProcessEnvironment, EnvironmentError> {
    from_values(
        std::env::var_os(POLICY_VAR),
        std::env::current_dir().ok(),
        raw_home(),
    )
}

/// The home directory alone: `$HOME` when set (it must be absolute), else the account's home.
pub fn home() -> Result<Option<PathBuf>, EnvironmentError> {
    checked_home(raw_home())
}

/// The working directory alone.
pub fn working_directory() -> Result<PathBuf, EnvironmentError> {
    std::env::current_dir().map_err(|_| EnvironmentError::NoWorkingDirectory)
}

fn raw_home() -> Option<OsString> {
    match std::env::var_os("HOME") {
        Some(home) => Some(home),
        // No HOME at all: the account's home, as a shell would expand `~`.
        None => std::env::home_dir().map(PathBuf::into_os_string),
    }
}

fn checked_home(home: Option<OsString>) -> Result<Option<PathBuf>, EnvironmentError> {
    match home.map(PathBuf::from) {
        Some(h) if !h.is_absolute() => Err(EnvironmentError::RelativeHome),
        h => Ok(h),
    }
}

/// Checks the raw values: `policy` is `$TOOLGATE_POLICY`, `cwd` the working directory if it
/// could be read, `home` `$HOME` (or the account's home when `$HOME` is unset).
pub fn from_values(
    policy: Option<OsString>,
    cwd: Option<PathBuf>,
    home: Option<OsString>,
) -> Result<ProcessEnvironment, EnvironmentError> {
    let policy = match policy {
        Some(p) if p.is_empty() => return Err(EnvironmentError::EmptyPolicyVar),
        p => p.map(PathBuf::from),
    };
    let cwd = cwd.ok_or(EnvironmentError::NoWorkingDirectory)?;
    let home = checked_home(home)?;
    Ok(ProcessEnvironment { policy, cwd, home })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_but_unusable_values_are_errors() {
        let cwd = Some(PathBuf::from("/p"));
        let home = Some(OsString::from("/h"));
        assert_eq!(
            from_values(Some(OsString::new()), cwd.clone(), home.clone()),
            Err(EnvironmentError::EmptyPolicyVar)
        );
        assert_eq!(
            from_values(None, None, home.clone()),
            Err(EnvironmentError::NoWorkingDirectory)
        );
        for relative in ["", "home/u", "./h", "~"] {
            assert_eq!(
                from_values(None, cwd.clone(), Some(OsString::from(relative))),
                Err(EnvironmentError::RelativeHome),
                "{relative:?}"
            );
        }
        let ok = from_values(Some(OsString::from("p.yaml")), cwd, None).unwrap();
        assert_eq!(ok.policy, Some(PathBuf::from("p.yaml")));
        assert_eq!(ok.home, None);
    }

    #[cfg(unix)]
    #[test]
    fn a_non_utf8_policy_path_is_kept_byte_for_byte() {
        use std::os::unix::ffi::OsStringExt;
        let raw = OsString::from_vec(b"/tmp/pol\xffcy.yaml".to_vec());
        let env = from_values(
            Some(raw.clone()),
            Some(PathBuf::from("/p")),
            Some(OsString::from("/h")),
        )
        .unwrap();
        assert_eq!(env.policy.map(PathBuf::into_os_string), Some(raw));
    }

    #[test]
    fn messages_name_no_value() {
        for e in EnvironmentError::ALL {
            assert!(!e.describe().contains('/'), "{e:?}");
            assert!(!e.code().is_empty());
        }
    }
}
