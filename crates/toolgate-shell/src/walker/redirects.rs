//! Redirections of a simple command: the files it writes, what it reads on stdin, and the
//! process substitutions and sockets they name.

use brush_parser::ast::{IoFileRedirectKind, IoFileRedirectTarget, IoRedirect};

use super::{Scope, Walker};
use crate::model::Stdin;

impl Walker {
    /// Reads one redirection: writes go to `writes`, input to `stdin`. Returns the file a
    /// `<` redirection reads, when its name is known (`None` for `/dev/null`).
    pub(crate) fn redirect(
        &mut self,
        r: &IoRedirect,
        scope: &Scope,
        writes: &mut Vec<String>,
        stdin: &mut Option<Stdin>,
    ) -> Option<String> {
        let mut read_file = None;
        match r {
            IoRedirect::File(_, kind, target) => match target {
                IoFileRedirectTarget::Filename(w) => {
                    let arg = self.word(&w.value, scope);
                    if matches!(kind, IoFileRedirectKind::Read) {
                        // A file's content is not known here (`bash < script`).
                        let empty = arg.text == "/dev/null";
                        *stdin = Some(Stdin {
                            text: String::new(),
                            expand: false,
                            dynamic: !empty,
                            from_download: false,
                            // Devices (`/dev/tcp/…`, `/dev/stdin`) are not script files.
                            from_file: !empty
                                && !arg.dynamic
                                && !arg.text.starts_with("/dev/")
                                && !arg.text.starts_with("/proc/"),
                            template: false,
                            data: false,
                            listed_roots: None,
                        });
                        if !empty && !arg.dynamic {
                            read_file = Some(arg.text.clone());
                        }
                    }
                    if matches!(
                        kind,
                        IoFileRedirectKind::Write
                            | IoFileRedirectKind::Append
                            | IoFileRedirectKind::Clobber
                            | IoFileRedirectKind::ReadAndWrite
                            | IoFileRedirectKind::DuplicateOutput
                    ) || is_socket_path(&arg.text)
                    {
                        // Reading `/dev/tcp/h/p` opens the connection as writing does; the
                        // destination check reads it from `writes`.
                        writes.push(arg.text);
                    }
                }
                IoFileRedirectTarget::Fd(_) => {}
                IoFileRedirectTarget::ProcessSubstitution(k, sub) => {
                    let arg = self.process_substitution(k, sub, scope);
                    if matches!(kind, IoFileRedirectKind::Read) {
                        *stdin = Some(Stdin {
                            text: String::new(),
                            expand: false,
                            dynamic: true,
                            from_download: arg.from_download,
                            from_file: false,
                            template: false,
                            data: false,
                            listed_roots: None,
                        });
                    }
                }
                IoFileRedirectTarget::Duplicate(w) => {
                    // `>&file` (not a descriptor number or `-`) writes the file, as `&>file`.
                    let arg = self.word(&w.value, scope);
                    let is_fd = arg.text == "-"
                        || arg
                            .text
                            .trim_end_matches('-')
                            .bytes()
                            .all(|b| b.is_ascii_digit());
                    if !is_fd && !matches!(kind, IoFileRedirectKind::Read) {
                        writes.push(arg.text);
                    }
                }
            },
            IoRedirect::HereDocument(_, h) => {
                *stdin = Some(Stdin {
                    text: h.doc.value.clone(),
                    expand: h.requires_expansion,
                    dynamic: false,
                    from_download: false,
                    from_file: false,
                    template: false,
                    data: false,
                    listed_roots: None,
                });
            }
            IoRedirect::HereString(_, w) => {
                let arg = self.word(&w.value, scope);
                *stdin = Some(Stdin {
                    text: arg.text,
                    expand: false,
                    dynamic: arg.dynamic,
                    from_download: arg.from_download,
                    from_file: false,
                    template: false,
                    data: false,
                    listed_roots: None,
                });
            }
            IoRedirect::OutputAndError(w, _) => {
                let arg = self.word(&w.value, scope);
                writes.push(arg.text);
            }
        }
        read_file
    }
}

/// Whether `r` sends standard output to a file (`> f`, `1>> f`, `&> f`, `>& f`) rather than
/// to another descriptor (`>&2`) or back to the terminal (`> /dev/stdout`, `> /dev/tty`).
pub(super) fn sends_stdout_to_file(r: &IoRedirect) -> bool {
    let (fd, target) = match r {
        IoRedirect::File(fd, kind, target) => {
            let output = matches!(
                kind,
                IoFileRedirectKind::Write
                    | IoFileRedirectKind::Append
                    | IoFileRedirectKind::Clobber
                    | IoFileRedirectKind::DuplicateOutput
            );
            if !output {
                return false;
            }
            let name = match target {
                IoFileRedirectTarget::Filename(w) => w.value.as_str(),
                IoFileRedirectTarget::Duplicate(w) => {
                    let text = w.value.as_str();
                    let descriptor = text == "-"
                        || text
                            .trim_end_matches('-')
                            .bytes()
                            .all(|b| b.is_ascii_digit());
                    if descriptor {
                        return false;
                    }
                    text
                }
                // `> >(cmd)`: the output goes on to a command, read where it runs.
                IoFileRedirectTarget::ProcessSubstitution(..) | IoFileRedirectTarget::Fd(_) => {
                    return false;
                }
            };
            (*fd, name)
        }
        IoRedirect::OutputAndError(w, _) => (None, w.value.as_str()),
        IoRedirect::HereDocument(..) | IoRedirect::HereString(..) => return false,
    };
    fd.is_none_or(|fd| fd == 1) && !TERMINAL_FILES.contains(&target.trim_matches(['"', '\'']))
}

/// Files that are the terminal or the standard streams again.
const TERMINAL_FILES: &[&str] = &[
    "/dev/stdout",
    "/dev/stderr",
    "/dev/tty",
    "/dev/fd/1",
    "/dev/fd/2",
    "/proc/self/fd/1",
    "/proc/self/fd/2",
];

/// bash's network pseudo-files.
fn is_socket_path(path: &str) -> bool {
    path.starts_with("/dev/tcp/") || path.starts_with("/dev/udp/")
}
