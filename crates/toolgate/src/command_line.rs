//! What the `toolgate` and `toolgate-server` command lines share: exit codes and loading the
//! policy a subcommand runs under.

use std::path::PathBuf;
use std::process::ExitCode;

/// Exit code: the policy or the arguments are unusable.
pub const EXIT_USAGE: u8 = 2;

/// Loads the policy named by `--policy`, `$TOOLGATE_POLICY`, or discovery. Prints its
/// diagnostics to stderr and returns `Err(exit code 2)` when it is unusable.
pub fn load_policy_or_exit(
    explicit: Option<&PathBuf>,
) -> Result<toolgate_policy::Policy, ExitCode> {
    let source = toolgate_policy::discovery::discover_from_env(explicit.map(|p| p.as_path()));
    let policy = toolgate_policy::load(&source);
    if !policy.is_usable() {
        eprint!("{}", policy.render_diagnostics());
        eprintln!(
            "toolgate: the policy ({}) has errors; fix them or run `toolgate validate`",
            source.describe()
        );
        return Err(ExitCode::from(EXIT_USAGE));
    }
    Ok(policy)
}
