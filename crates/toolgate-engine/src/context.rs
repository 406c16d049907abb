//! The facts about a call's environment that some checks use: where it runs, whose home, which
//! binary is toolgate's own.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use toolgate_shell::ProcessDir;

/// Facts about the call's environment that some checks use.
#[derive(Debug, Clone, Default)]
pub struct CallContext {
    /// The session's working directory, when the caller names it (deletes outside it are
    /// destructive). Checks read it through [`CallContext::working_dir`].
    pub cwd: Option<PathBuf>,
    /// When `cwd` is `None`: this process's working directory, read the first time a check
    /// needs it (`None` here too: not known).
    pub process_cwd: Option<ProcessDir>,
    /// The user's home directory.
    pub home: Option<Arc<Path>>,
    /// `$TMPDIR` of the environment the agent's commands run in (the hook's own: the
    /// agent's shell has the same), when set and absolute. `None`: unset, so `$TMPDIR` in a
    /// command may be empty.
    pub tmpdir: Option<Arc<Path>>,
    /// The toolgate binary that runs, protected from writes.
    pub binary: Option<Arc<Path>>,
}

/// This process's `$TMPDIR`, when set to an absolute path.
fn process_tmpdir() -> Option<Arc<Path>> {
    let dir = PathBuf::from(std::env::var_os("TMPDIR")?);
    dir.is_absolute().then(|| dir.into())
}

impl CallContext {
    /// The context of the current process: its cwd, home directory and executable, read as
    /// discovery reads them ([`toolgate_policy::environment`]). When that environment is
    /// unusable the policy is unusable too ([`toolgate_policy::PolicySource::Unresolved`]),
    /// so every call is denied whatever this context holds.
    pub fn from_process() -> CallContext {
        match toolgate_policy::environment::read_process_environment() {
            Ok(env) => CallContext::from_environment(&env),
            Err(_) => CallContext {
                cwd: None,
                process_cwd: None,
                home: None,
                tmpdir: None,
                binary: std::env::current_exe().ok().map(Into::into),
            },
        }
    }

    /// The context of an environment already read, with this process's executable.
    pub fn from_environment(env: &toolgate_policy::environment::ProcessEnvironment) -> CallContext {
        CallContext {
            cwd: Some(env.cwd.clone()),
            process_cwd: None,
            home: env.home.clone().map(Into::into),
            tmpdir: process_tmpdir(),
            binary: std::env::current_exe().ok().map(Into::into),
        }
    }

    /// The working directory the checks use: `cwd`, else this process's when it is deferred.
    pub fn working_dir(&self) -> Option<&Path> {
        match (&self.cwd, &self.process_cwd) {
            (Some(cwd), _) => Some(cwd),
            (None, Some(dir)) => dir.get(),
            (None, None) => None,
        }
    }

    /// The context a command of this call runs in.
    pub(crate) fn command_context(&self) -> toolgate_shell::CommandContext<'_> {
        let cx = match (&self.cwd, &self.process_cwd) {
            (None, Some(dir)) => {
                toolgate_shell::CommandContext::in_process_dir(dir, self.home.as_deref())
            }
            _ => toolgate_shell::CommandContext::new(self.cwd.as_deref(), self.home.as_deref()),
        };
        cx.with_tmpdir(self.tmpdir.as_deref())
    }

    /// This context with the session's working directory, when the caller names one (the
    /// hook event's `cwd`, the MCP call's `cwd` argument). The hook and the MCP server both
    /// resolve it here, so they decide the same call the same way.
    pub fn with_session_cwd(mut self, cwd: Option<&str>) -> CallContext {
        if let Some(cwd) = cwd {
            self.cwd = Some(PathBuf::from(cwd));
        }
        self
    }
}
