//! Local file servers that publish a home or credential directory on every interface.
//!
//! `python -m http.server` (and Python 2's `SimpleHTTPServer`) binds every interface unless
//! `--bind` names another address, so its default counts as public; it serves the working
//! directory unless `--directory` names another. `php -S ADDR:PORT [-t ROOT]` binds the
//! address it is given; `ruby -run -e httpd` binds every interface unless `--bind-address`
//! names one. A server is public when its address is not a loopback one.

use std::path::Path;

use toolgate_core::path_class::{secret_source, secret_source_below};
use toolgate_core::protected::resolve;

use super::Seen;
use crate::facts::paths::tilde_home;
use crate::facts::paths::working_directory;
use crate::knowledge::exfiltration::{LOOPBACK_BINDS, PYTHON_SERVERS};
use crate::model::CommandContext;

/// What a server command serves, and on which address.
struct Served<'a> {
    /// The address it binds (`None`: every interface).
    bind: Option<&'a str>,
    /// The directory it serves, as written (`None`: the working directory).
    directory: Option<&'a str>,
}

/// `python -m http.server [--bind ADDR] [--directory DIR] [PORT]`.
fn python_server(args: &[String]) -> Option<Served<'_>> {
    let at = args.iter().position(|a| a == "-m")?;
    if !PYTHON_SERVERS.contains(&args.get(at + 1)?.as_str()) {
        return None;
    }
    let mut served = Served {
        bind: None,
        directory: None,
    };
    let mut i = at + 2;
    while i < args.len() {
        let a = args[i].as_str();
        let (name, attached) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v)),
            _ => (a, None),
        };
        let slot = match name {
            "-b" | "--bind" => &mut served.bind,
            "-d" | "--directory" => &mut served.directory,
            _ => {
                i += 1;
                continue;
            }
        };
        match attached {
            Some(v) => *slot = Some(v),
            None => {
                *slot = args.get(i + 1).map(String::as_str);
                i += 1;
            }
        }
        i += 1;
    }
    Some(served)
}

/// `php -S ADDR:PORT [-t ROOT]`.
fn php_server(args: &[String]) -> Option<Served<'_>> {
    let at = args.iter().position(|a| a == "-S")?;
    let address = args.get(at + 1)?;
    let host = address
        .rsplit_once(':')
        .map_or(address.as_str(), |(h, _)| h);
    let directory = args
        .iter()
        .position(|a| a == "-t")
        .and_then(|t| args.get(t + 1))
        .map(String::as_str);
    Some(Served {
        bind: Some(host),
        directory,
    })
}

/// `ruby -run -e httpd [DIR] [-p PORT] [--bind-address=ADDR]` (WEBrick, every interface
/// unless `--bind-address` names one).
fn ruby_server(args: &[String]) -> Option<Served<'_>> {
    let un =
        args.iter().any(|a| a == "-run") || args.windows(2).any(|w| w[0] == "-r" && w[1] == "un");
    let at = args
        .windows(2)
        .position(|w| w[0] == "-e" && w[1] == "httpd")?;
    if !un {
        return None;
    }
    let mut served = Served {
        bind: None,
        directory: None,
    };
    let mut i = at + 2;
    while i < args.len() {
        let a = args[i].as_str();
        if let Some(v) = a.strip_prefix("--bind-address=") {
            served.bind = Some(v);
        } else if a == "--bind-address" {
            served.bind = args.get(i + 1).map(String::as_str);
            i += 1;
        } else if matches!(a, "-p" | "--port") {
            i += 1;
        } else if !a.starts_with('-') && served.directory.is_none() {
            served.directory = Some(a);
        }
        i += 1;
    }
    Some(served)
}

/// Whether serving `dir` publishes secrets: a home directory, the root, a credential
/// directory, or a directory above one.
fn publishes_secrets(dir: &str, cx: &CommandContext) -> bool {
    let dir = tilde_home(dir);
    let resolved = resolve(&dir, cx.cwd, cx.home);
    resolved == Path::new("/")
        || cx.home.is_some_and(|h| resolved == h)
        || secret_source(&dir, cx.cwd, cx.home).is_some()
        || secret_source_below(&dir, cx.cwd, cx.home).is_some()
}

/// A file server bound to every interface (or another non-loopback address) serving a home
/// or credential directory.
pub(super) fn public_server(seen: &Seen<'_>, cx: &CommandContext) -> bool {
    let cmd = seen.cmd;
    let program = cmd.program_lower();
    let served = match crate::knowledge::programs::table_name(&program).unwrap_or(&program) {
        "php" => php_server(&cmd.args),
        "ruby" => ruby_server(&cmd.args),
        _ => python_server(&cmd.args),
    };
    let Some(served) = served else {
        return false;
    };
    if served
        .bind
        .is_some_and(|b| LOOPBACK_BINDS.contains(&b) || b.starts_with("127."))
    {
        return false;
    }
    let Some(cwd) = working_directory(seen.analysis, seen.index) else {
        return false;
    };
    let dir = match served.directory.map(tilde_home) {
        Some(d) if d.starts_with(['/', '~']) => d.into_owned(),
        Some(d) => format!("{cwd}/{d}"),
        None => cwd,
    };
    publishes_secrets(&dir, cx)
}
