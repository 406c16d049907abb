//! Losing a credential file of a home directory (`TG-HOST-CREDENTIAL-LOSS`): deletes,
//! truncations, moves and writes over one, by any command of an analysis.

use toolgate_core::path_class::secrets::is_home_credential;

use crate::facts::paths::{tilde_home, working_directory};
use crate::facts::writes::content_targets;
use crate::model::{CommandAnalysis, CommandContext};

/// Programs whose operands they delete, truncate or move away (a move's destination is
/// replaced too).
const REMOVERS: &[&str] = &["rm", "unlink", "shred", "srm", "wipe", "truncate", "mv"];

/// Programs that write the files they name (their destinations).
const FILE_WRITERS: &[&str] = &["cp", "install", "ln", "tee"];

/// Whether a command of `analysis` deletes, truncates or moves away a credential file of a
/// home directory, or puts content over one (`rm ~/.ssh/id_ed25519`, `> ~/.aws/credentials`,
/// `mv ~/.kube/config x`, `cp x ~/.netrc`): the engine reports [`CREDENTIAL_LOSS`](super::CREDENTIAL_LOSS) for it, as
/// it does for a file tool's write. Relative paths after a `cd` are joined to its directory
/// (left out when that is only known at run time); `$HOME` counts as `~`.
pub fn loses_credentials(analysis: &CommandAnalysis, cx: &CommandContext) -> bool {
    // Whether the working directory may hold credentials, read only when a command needs it:
    // reading a process's working directory is a system call.
    let mut cwd_may: Option<bool> = None;
    analysis.commands.iter().enumerate().any(|(i, cmd)| {
        let program = cmd.program_lower();
        let removes = REMOVERS.contains(&&*program);
        // Most commands name no path a credential could be: skip reading their targets.
        let named = cmd.args.iter().chain(&cmd.writes);
        if !cmd.cwd_changed && !named.into_iter().any(|a| may_name_credential(a.as_bytes())) {
            // A relative name can still be one inside a credential directory (`rm id_rsa`
            // in `~/.ssh`), for a command that deletes or writes the files it names.
            let changes_files =
                removes || !cmd.writes.is_empty() || FILE_WRITERS.contains(&&*program);
            let may = changes_files
                && *cwd_may.get_or_insert_with(|| {
                    cx.cwd()
                        .is_some_and(|c| may_name_credential(c.as_os_str().as_encoded_bytes()))
                });
            if !may {
                return false;
            }
        }
        let mut paths = removes
            .then_some(cmd.operands.iter().cloned())
            .into_iter()
            .flatten()
            .chain(content_targets(cmd));
        let dir = cmd.cwd_changed.then(|| working_directory(analysis, i));
        paths.any(|p| {
            let p = tilde_home(&p);
            let path = match &dir {
                Some(Some(d)) if !p.starts_with(['/', '~']) => format!("{d}/{p}"),
                Some(None) if !p.starts_with(['/', '~']) => return false,
                _ => p.into_owned(),
            };
            // The working directory only for a relative path (it may be a system call).
            let cwd = if path.starts_with(['/', '~']) {
                None
            } else {
                cx.cwd()
            };
            is_home_credential(&path, cwd, cx.home)
        })
    })
}

/// Whether a word (or the working directory) may lead to a credential file: every path of
/// `HOME_CREDENTIALS` has a component starting with `.` (`~/.ssh`, `$HOME/.netrc`), is
/// `_netrc`, or lies under `/etc`. A test holds the table to it.
pub(crate) fn may_name_credential(word: &[u8]) -> bool {
    if word.starts_with(b".") || word.starts_with(b"/etc") {
        return true;
    }
    // One pass: a `/.` or a `_netrc` anywhere.
    let mut after_slash = false;
    for (i, &b) in word.iter().enumerate() {
        if (b == b'.' && after_slash) || (b == b'_' && word[i..].starts_with(b"_netrc")) {
            return true;
        }
        after_slash = b == b'/';
    }
    false
}
