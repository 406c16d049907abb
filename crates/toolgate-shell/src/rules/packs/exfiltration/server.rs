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
use crate::knowledge::specs::{PHP, PYTHON_HTTP_SERVER, RUBY_HTTPD};
use crate::model::{Arg, CommandContext};
use crate::options::{Opt, args_of, read_permuted, value_of};

/// What a server command serves, and on which address.
struct Served {
    /// The address it binds (`None`: every interface).
    bind: Option<String>,
    /// The directory it serves, as written (`None`: the working directory).
    directory: Option<String>,
}

/// The last value of the options spelled as one of `names`.
fn value(opts: &[Opt], names: &[&str]) -> Option<String> {
    value_of(opts, names).map(str::to_string)
}

/// `python -m http.server [--bind ADDR] [--directory DIR] [PORT]`.
fn python_server(args: &[Arg]) -> Option<Served> {
    let at = args.iter().position(|a| a.text == "-m")?;
    if !PYTHON_SERVERS.contains(&args.get(at + 1)?.text.as_str()) {
        return None;
    }
    let (opts, _) = read_permuted(args, at + 2, &PYTHON_HTTP_SERVER);
    Some(Served {
        bind: value(&opts, &["-b", "--bind"]),
        directory: value(&opts, &["-d", "--directory"]),
    })
}

/// `php -S ADDR:PORT [-t ROOT]`.
fn php_server(args: &[Arg]) -> Option<Served> {
    let (opts, _) = read_permuted(args, 0, &PHP);
    let address = value_of(&opts, &["-S"])?;
    let host = address.rsplit_once(':').map_or(address, |(h, _)| h);
    Some(Served {
        bind: Some(host.to_string()),
        directory: value(&opts, &["-t"]),
    })
}

/// `ruby -run -e httpd [DIR] [-p PORT] [--bind-address=ADDR]` (WEBrick, every interface
/// unless `--bind-address` names one).
fn ruby_server(args: &[Arg]) -> Option<Served> {
    let texts: Vec<&str> = args.iter().map(|a| a.text.as_str()).collect();
    let un = texts.contains(&"-run") || texts.windows(2).any(|w| w == ["-r", "un"]);
    let at = texts.windows(2).position(|w| w == ["-e", "httpd"])?;
    if !un {
        return None;
    }
    let (opts, operands) = read_permuted(args, at + 2, &RUBY_HTTPD);
    Some(Served {
        bind: value(&opts, &["--bind-address"]),
        directory: operands.first().map(|&i| args[i].text.clone()),
    })
}

/// Whether serving `dir` publishes secrets: a home directory, the root, a credential
/// directory, or a directory above one.
fn publishes_secrets(dir: &str, cx: &CommandContext) -> bool {
    let dir = tilde_home(dir);
    let resolved = resolve(&dir, cx.cwd(), cx.home);
    resolved == Path::new("/")
        || cx.home.is_some_and(|h| resolved == h)
        || secret_source(&dir, cx.cwd(), cx.home).is_some()
        || secret_source_below(&dir, cx.cwd(), cx.home).is_some()
}

/// A file server bound to every interface (or another non-loopback address) serving a home
/// or credential directory.
pub(super) fn public_server(seen: &Seen<'_>, cx: &CommandContext) -> bool {
    let cmd = seen.cmd;
    let program = cmd.program_lower();
    let args = args_of(cmd, 0);
    let served = match crate::knowledge::programs::table_name(&program).unwrap_or(&program) {
        "php" => php_server(&args),
        "ruby" => ruby_server(&args),
        _ => python_server(&args),
    };
    let Some(served) = served else {
        return false;
    };
    if served
        .bind
        .as_deref()
        .is_some_and(|b| LOOPBACK_BINDS.contains(&b) || b.starts_with("127."))
    {
        return false;
    }
    let Some(cwd) = working_directory(seen.analysis, seen.index) else {
        return false;
    };
    let dir = match served.directory.as_deref().map(tilde_home) {
        Some(d) if d.starts_with(['/', '~']) => d.into_owned(),
        Some(d) => format!("{cwd}/{d}"),
        None => cwd,
    };
    publishes_secrets(&dir, cx)
}
