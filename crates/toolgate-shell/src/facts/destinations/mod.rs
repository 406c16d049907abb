//! Destinations: the URLs and hosts a command would reach.
//!
//! The programs are split by kind: web clients ([`web`]), remote shells, file copies and raw
//! sockets ([`remote`]), source repositories ([`git`]), package managers and registries ([`packages`]). Every
//! module reads options with the crate's [`Spec`] tables through [`Scan`], so an option's value
//! is never mistaken for an operand. A destination that exists but is only known at run time
//! (`curl "$URL"`, `ssh $HOST`, a config file that may name hosts) becomes
//! [`Destination::Unknown`]: it cannot be checked, so it must not pass unchecked.

mod clients;
mod databases;
pub(crate) mod git;
mod lookups;
mod packages;
mod remote;
mod scanners;
mod web;

pub(crate) use remote::socat_network_type;

use crate::knowledge::programs::Destinations;
use crate::knowledge::specs::Spec;
use std::borrow::Cow;

use crate::model::{Arg, Destination, SimpleCommand};
use crate::options::{Scan, ScanOpt, Value, args_of};

/// Where destinations are collected, for one program.
pub(crate) struct Sink<'o, 'w> {
    out: &'o mut Vec<Destination>,
    program: Option<&'static str>,
    /// The HTTP method of the URLs added next (set by HTTP clients for their request URLs).
    pub(crate) method: Option<String>,
    /// The walker's words the command's arguments were made from, when given.
    words: Option<&'w [Arg]>,
}

impl<'w> Sink<'_, 'w> {
    /// `cmd`'s arguments as the option reader reads them: the walker's words they were made
    /// from, when the sink has them (the same texts and run-time marks), else copies
    /// ([`args_of`]). `cmd` is the command the sink collects for.
    pub(crate) fn args(&self, cmd: &SimpleCommand) -> Cow<'w, [Arg]> {
        match self.words {
            Some(words) => Cow::Borrowed(words),
            None => Cow::Owned(args_of(cmd, 0)),
        }
    }

    /// Adds a URL (with the method set for it, if any).
    pub(crate) fn url(&mut self, u: &str) {
        self.out.push(Destination::Url {
            url: u.to_string(),
            program: self.program,
            method: self.method.clone(),
        });
    }

    /// Adds a host (brackets of an IPv6 literal removed).
    pub(crate) fn host(&mut self, h: &str, port: Option<u16>) {
        if h.is_empty() {
            return self.unknown();
        }
        self.out.push(Destination::Host {
            host: h.trim_start_matches('[').trim_end_matches(']').to_string(),
            port,
            program: self.program,
        });
    }

    /// Adds a destination that is only known at run time.
    pub(crate) fn unknown(&mut self) {
        self.out.push(Destination::Unknown {
            program: self.program,
        });
    }

    /// A value that names a URL, or a host taken as `default_scheme://value` (when given) or
    /// as `[user@]host[:port]`. Run-time values are unknown.
    pub(crate) fn target(&mut self, v: &Value, default_scheme: Option<&str>) {
        if v.dynamic {
            match static_authority(v) {
                Some(prefix) => return self.url(prefix),
                None => return self.unknown(),
            }
        }
        let t = v.text.as_str();
        if is_url(t) {
            self.url(t);
        } else if let Some(scheme) = default_scheme {
            self.url(&format!("{scheme}://{t}"));
        } else {
            let (h, port) = split_host_port(t);
            self.host(h, port);
        }
    }
}

/// Whether `s` is `scheme://rest`.
pub(crate) fn is_url(s: &str) -> bool {
    match s.split_once("://") {
        Some((scheme, rest)) => {
            !scheme.is_empty()
                && !rest.is_empty()
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        }
        None => false,
    }
}

/// `[user@]host[:port]`, splitting an IPv6 literal in brackets correctly.
pub(crate) fn split_host_port(s: &str) -> (&str, Option<u16>) {
    let s = s.rsplit_once('@').map(|(_, h)| h).unwrap_or(s);
    if let Some(rest) = s.strip_prefix('[')
        && let Some((h, after)) = rest.split_once(']')
    {
        let port = after.strip_prefix(':').and_then(|p| p.parse().ok());
        return (h, port);
    }
    match s.rsplit_once(':') {
        Some((h, p)) if !h.contains(':') => (h, p.parse().ok()),
        _ => (s, None),
    }
}

/// A bare host (`example.com/path`, `localhost:8080`), as web clients accept one.
pub(crate) fn looks_like_host(s: &str) -> bool {
    let head = s.split(['/', '?', '#']).next().unwrap_or("");
    let (h, _) = split_host_port(head);
    !s.starts_with('-')
        && !s.starts_with('.')
        && !s.starts_with('/')
        && (h.contains('.') || h == "localhost")
        && h.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '[' | ']' | ':'))
}

/// Whether a copy's operand names a place on another machine: a URL, scp's `host:path`, or
/// rsync's `host::module`.
pub(crate) fn is_remote_path(s: &str) -> bool {
    is_url(s) || scp_like(s).is_some() || s.contains("::")
}

/// scp-like `[user@]host:path` (not a URL, not a local path with a colon after a slash):
/// the host. An IPv6 literal is written in brackets (`user@[::1]:path`).
pub(crate) fn scp_like(s: &str) -> Option<&str> {
    if is_url(s) || s.starts_with('/') || s.starts_with('.') || s.starts_with('~') {
        return None;
    }
    let user_host = match s.find('[') {
        Some(open) if !s[..open].contains(['/', ':']) => {
            let close = open + s[open..].find(']')?;
            s[close + 1..].strip_prefix(':')?;
            &s[..=close]
        }
        _ => s.split_once(':')?.0,
    };
    if user_host.contains('/') || user_host.is_empty() {
        return None;
    }
    let h = user_host
        .rsplit_once('@')
        .map(|(_, h)| h)
        .unwrap_or(user_host);
    (!h.is_empty()).then_some(h)
}

/// Adds the destinations of `cmd` to `out`; `words`: the walker's words its arguments were
/// made from, if at hand (they are read instead of copies).
pub fn collect(cmd: &SimpleCommand, words: Option<&[Arg]>, out: &mut Vec<Destination>) {
    let program = cmd.program_lower();
    // The program's row, asked for once (its name, its destinations handler).
    let row = crate::knowledge::programs::lookup(&cmd.program);
    let mut sink = Sink {
        out,
        program: row.map(|p| p.name),
        method: None,
        words,
    };
    for (name, value) in &cmd.env {
        if let Some(how) = crate::knowledge::network_env::network_variable(name) {
            packages::variable(&mut sink, how, value);
        }
    }
    for w in &cmd.writes {
        dev_tcp(&mut sink, w);
    }
    // Run-time arguments from input make a network program's destinations unknown.
    let handler = row.and_then(|p| p.destinations);
    if cmd.args_from_input && handler.is_some_and(Destinations::operands_are_destinations) {
        sink.unknown();
    }
    // `python -m pip install -i URL …` is pip.
    if let Some(at) = python_pip(cmd, &program) {
        let mut pip = SimpleCommand {
            program: "pip".to_string(),
            program_path: "pip".to_string(),
            args: cmd.args[at..].to_vec(),
            dynamic_args: shifted(&cmd.dynamic_args, at),
            split_args: shifted(&cmd.split_args, at),
            env: cmd.env.clone(),
            ..SimpleCommand::default()
        };
        crate::options::normalize::normalize(&mut pip);
        // The words are python's, not pip's.
        sink.words = None;
        return handle(
            Destinations::Pip,
            &crate::knowledge::specs::PIP,
            &pip,
            &mut sink,
        );
    }
    if let Some(row) = row
        && let Some(h) = row.destinations
    {
        handle(h, row.options, cmd, &mut sink);
    }
}

/// For `python [OPTIONS] -m pip ARGS…`: where pip's arguments start.
fn python_pip(cmd: &SimpleCommand, program: &str) -> Option<usize> {
    use crate::knowledge::specs::launchers::PYTHON;
    if crate::knowledge::interpreters::is_interpreter(program).is_none()
        || !program.starts_with("python")
    {
        return None;
    }
    let reading = crate::options::read_grammar(&args_of(cmd, 0), 0, &PYTHON);
    let module = reading.ended_by.filter(|e| e.opt.name == "-m")?.opt.value;
    matches!(module.as_deref(), Some("pip" | "pip3")).then_some(reading.end)
}

/// Runs the destination handler `h` of the program table on `cmd`, whose options `spec`
/// describes (the program's row).
fn handle(h: Destinations, spec: &Spec, cmd: &SimpleCommand, sink: &mut Sink) {
    use Destinations as D;
    match h {
        D::Curl => web::curl(cmd, sink, spec),
        D::Wget => web::wget(cmd, sink, spec),
        D::LwpRequest => web::lwp_request(cmd, sink, spec),
        D::Httpie => web::httpie(cmd, sink, spec),
        D::Aria2c => web::aria2c(cmd, sink, spec),
        D::Ssh => remote::ssh(cmd, sink, spec),
        D::Mosh => remote::mosh(cmd, sink, spec),
        D::Scp => remote::copy(cmd, sink, spec, false),
        D::Sftp => remote::copy(cmd, sink, spec, true),
        D::Rsync => remote::rsync(cmd, sink, spec),
        D::Telnet | D::Ftp => remote::host_then_port(cmd, sink, spec),
        D::Netcat => remote::netcat(cmd, sink, spec),
        D::Socat => remote::socat(cmd, sink, spec),
        D::Git => git::collect(cmd, sink),
        D::Pip => packages::pip(cmd, sink),
        D::Npm => packages::npm(cmd, sink),
        D::Docker => packages::docker(cmd, sink),
        D::Helm => packages::helm(cmd, sink),
        D::Go => packages::go(cmd, sink),
        D::Cargo => packages::cargo(cmd, sink),
        D::Gem => packages::gem(cmd, sink),
        D::Scanner => scanners::scanner(cmd, sink),
        D::Openssl => remote::openssl(cmd, sink, spec),
        D::NameServer => lookups::name_server(cmd, sink, spec),
        D::Probe => lookups::probe(cmd, sink, spec),
        D::Browser => clients::browser(cmd, sink, spec),
        D::MediaDownloader => clients::media_downloader(cmd, sink, spec),
        D::Media => clients::media(cmd, sink, spec),
        D::Hg => clients::hg(cmd, sink, spec),
        D::Svn => clients::svn(cmd, sink, spec),
        D::NamedUrls => clients::named_urls(cmd, sink, spec),
        D::Skopeo => clients::skopeo(cmd, sink, spec),
        D::Smb => clients::smbclient(cmd, sink, spec),
        D::Lftp => clients::lftp(cmd, sink, spec),
        D::Kubectl => clients::kubectl(cmd, sink, spec),
        D::Gh => clients::gh(cmd, sink, spec),
        D::Postgres => databases::postgres(cmd, sink, spec),
        D::Mysql => databases::mysql(cmd, sink, spec),
        D::Redis => databases::redis(cmd, sink, spec),
        D::Mongo => databases::mongo(cmd, sink, spec),
    }
}

/// Argument indices after dropping the first `by` arguments.
fn shifted(indices: &[usize], by: usize) -> Vec<usize> {
    indices.iter().filter_map(|i| i.checked_sub(by)).collect()
}

/// A proxy given as a URL (any scheme: `socks5://` too) or as `[user@]host[:port]`: the host.
pub(crate) fn proxy_value(sink: &mut Sink, value: &str) {
    proxy_target(
        sink,
        &Value {
            text: value.to_string(),
            dynamic: value.contains(['$', '`']),
            one_word: false,
        },
    );
}

/// [`proxy_value`] of a scanned value.
pub(crate) fn proxy_target(sink: &mut Sink, v: &Value) {
    if v.dynamic {
        return sink.unknown();
    }
    host_of_url_or_spec(sink, &v.text, None);
}

/// The host and port of `scheme://[user@]host[:port]/…` or `[user@]host[:port]`, reported as
/// a host (the scheme is the program's own protocol, not a web URL).
pub(crate) fn host_of_url_or_spec(sink: &mut Sink, text: &str, default_port: Option<u16>) {
    let rest = text.split_once("://").map(|(_, r)| r).unwrap_or(text);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let (h, port) = split_host_port(authority);
    sink.host(h, port.or(default_port));
}

/// Bash's `/dev/tcp/HOST/PORT` and `/dev/udp/HOST/PORT` redirections open a connection.
fn dev_tcp(sink: &mut Sink, path: &str) {
    let Some(rest) = path
        .strip_prefix("/dev/tcp/")
        .or_else(|| path.strip_prefix("/dev/udp/"))
    else {
        return;
    };
    if rest.contains(['$', '`']) {
        return sink.unknown();
    }
    let (h, port) = match rest.split_once('/') {
        Some((h, p)) => (h, p.parse().ok()),
        None => (rest, None),
    };
    sink.host(h, port);
}

/// For a run-time value that stays one word, the static `scheme://authority/` it starts
/// with (`"https://api.example/x?k=$KEY"` → `https://api.example/`, `https://api.example/{}`
/// of `find -exec`); `None` when the host itself is only known at run time.
pub(super) fn static_authority(v: &Value) -> Option<&str> {
    if !v.one_word {
        return None;
    }
    let t = v.text.as_str();
    let dynamic_at = t.find(['$', '`', '{'])?;
    let (scheme, rest) = t[..dynamic_at].split_once("://")?;
    if scheme.is_empty()
        || !scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
    {
        return None;
    }
    let end = rest.find(['/', '?', '#'])?;
    // Backslashes and userinfo make the authority ambiguous; leave it to the run-time value.
    if rest[..end].is_empty() || rest[..end].contains(['\\', '@']) {
        return None;
    }
    Some(&t[..scheme.len() + 3 + end + 1])
}
