//! Secrets published through git: a credential file staged (`git add .env`), committed and
//! pushed in one command string goes to the remote with the history, a flow like any other
//! ([`super::flows`], `TG-EXFIL-SECRET-UPLOAD`). Staging one at all is asked about
//! (`TG-EXFIL-SECRET-STAGED`): the push that publishes it may come in a later call, and a
//! secret once pushed stays in the history after the file is deleted.

use toolgate_core::path_class::secret_source;

use crate::facts::paths::{aimed_class, changed_directory};
use crate::knowledge::exfiltration::{GIT_PUBLISHING, GitStep};
use crate::knowledge::specs::{GIT_ADD, GIT_COMMIT, GIT_PUSH, Spec};
use crate::model::SimpleCommand;
use crate::rules::packs::{Seen, View};

use super::flows::in_directory;

/// A git command that carries files towards a remote: its step, and the files it names
/// (relative ones as git reads them, below its `-C` directories).
pub(super) struct GitMove {
    pub(super) step: GitStep,
    pub(super) files: Vec<String>,
}

/// The step `cmd` takes towards a remote, when it runs git with a subcommand of
/// [`GIT_PUBLISHING`].
pub(super) fn git_move(cmd: &SimpleCommand) -> Option<GitMove> {
    if cmd.program_lower() != "git" {
        return None;
    }
    let first = View::read(cmd, None);
    let sub = first.operands().next()?.to_ascii_lowercase();
    let step = GIT_PUBLISHING
        .iter()
        .find(|(name, _)| *name == sub)
        .map(|(_, step)| *step)?;
    let spec: &Spec = match step {
        GitStep::Stage => &GIT_ADD,
        GitStep::Commit => &GIT_COMMIT,
        GitStep::Publish => &GIT_PUSH,
    };
    let view = View::read(cmd, Some(spec));
    if step == GitStep::Publish {
        return Some(GitMove {
            step,
            files: Vec::new(),
        });
    }
    // `git -C a -C b add f` reads `a/b/f`; an absolute `-C` starts over.
    let mut dir: Option<String> = None;
    for d in view.values(&["-C"]) {
        dir = Some(in_directory(d, dir.as_deref()));
    }
    let files = view
        .operands()
        .skip(1)
        // Pathspec magic (`:(exclude)x`, `:/`) names no one file.
        .filter(|f| !f.starts_with(':'))
        .map(|f| in_directory(f, dir.as_deref()))
        .collect();
    Some(GitMove { step, files })
}

/// Whether `git add` (or `git stage`) names a secret file: a credential, a private key, a
/// `.env` (a template such as `.env.example` is none).
pub(crate) fn secret_staged(seen: &Seen<'_>) -> bool {
    let Some(GitMove {
        step: GitStep::Stage,
        files,
    }) = git_move(seen.cmd)
    else {
        return false;
    };
    let dir = changed_directory(seen.analysis, seen.index);
    files.iter().any(|f| {
        let path = in_directory(f, dir.as_deref());
        let cx = seen.cx;
        aimed_class(
            &path,
            |p| secret_source(p, cx.cwd(), cx.home),
            |s| s.info().patterns,
        )
        .is_some()
    })
}
