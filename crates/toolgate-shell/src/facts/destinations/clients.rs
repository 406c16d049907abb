//! Destinations of other network clients: text browsers and downloaders (lynx, w3m, links,
//! elinks, axel, yt-dlp), media tools (ffmpeg), Mercurial and Subversion, image copiers
//! (skopeo), file-transfer clients (tftp is `host_then_port`; smbclient, lftp), the package
//! tools that name channels and mirrors (deno, conda, poetry, composer, bundle), and the
//! cluster and forge CLIs' servers (kubectl, gh).
//!
//! A URL of a web scheme is reported as a URL; another scheme's (`svn://`, `rtmp://`,
//! `ssh://`) as the host it names, since the scheme is the program's own protocol; `file://`
//! reaches nothing.

use super::packages::{image_registry, strip_vcs};
use super::{
    Scan, Sink, Value, host_of_url_or_spec, is_url, looks_like_host, proxy_target, split_host_port,
    static_authority,
};
use crate::SimpleCommand;
use crate::knowledge::specs::{GH_API, LFTP_OPEN, REMOTE_REPOSITORY_SUBCOMMANDS, Spec};
use crate::model::Arg;
use crate::options::with_two_dashes;

/// Reports the destination of a URL: a web URL as a URL, `docker://` as the registry its image
/// names (none for an image of the default registry), another scheme as its host; `file:`
/// nothing.
fn reach(sink: &mut Sink, url: &str) {
    let scheme = url
        .split_once("://")
        .map_or("", |(s, _)| s)
        .to_ascii_lowercase();
    match scheme.as_str() {
        "file" => {}
        "http" | "https" | "ws" | "wss" => sink.url(url),
        "docker" => {
            if let Some(registry) = image_registry(url) {
                let (h, port) = split_host_port(registry);
                sink.host(h, port);
            }
        }
        _ => host_of_url_or_spec(sink, url, None),
    }
}

/// A value read as a URL if it is one (a run-time value only when its text shows the URL's
/// host: `"https://h/$X"`); other words name no destination.
fn url_if_named(sink: &mut Sink, v: &Value) {
    if v.dynamic {
        if let Some(prefix) = static_authority(v) {
            reach(sink, prefix);
        }
        return;
    }
    let t = strip_vcs(&v.text);
    if is_url(t) {
        reach(sink, t);
    }
}

/// The words of a scan: option values, then operands.
fn words(scan: &Scan) -> impl Iterator<Item = &Value> {
    scan.opts
        .iter()
        .filter_map(|o| o.value.as_ref())
        .chain(&scan.operands)
}

/// The destinations among a tool's words: URLs; `KEY=URL` settings (`--config
/// paths.default=URL`); `KEY=VALUE` settings whose key names a proxy; URLs inside a JSON
/// object (`composer config repositories.x '{"url": "…"}'`). A URL whose scheme has a dot
/// is a settings key (bundle's `mirror.https://gems.example`), not a destination.
fn named_urls_in(sink: &mut Sink, scan: &Scan) {
    for v in words(scan) {
        let t = v.text.as_str();
        if is_url(t) || v.dynamic && static_authority(v).is_some() {
            let scheme = t.split_once("://").map_or("", |(s, _)| s);
            if !scheme.contains('.') {
                url_if_named(sink, v);
            }
        } else if t.starts_with('{') && !v.dynamic {
            for part in t.split('"').filter(|p| is_url(p)) {
                reach(sink, part);
            }
        } else if let Some((key, value)) = t.split_once('=') {
            let value = Value {
                text: value.to_string(),
                dynamic: v.dynamic,
                one_word: v.one_word,
            };
            let key = key.to_ascii_lowercase();
            if ["proxy", "proxy.host", "proxy-host"]
                .iter()
                .any(|k| key.ends_with(k))
            {
                proxy_target(sink, &value);
            } else {
                url_if_named(sink, &value);
            }
        }
    }
}

/// Tools whose channels, sources and mirrors are URLs among their words: deno (`run URL`,
/// `--import-map URL`), conda and mamba (`-c URL`), poetry (`source add NAME URL`), composer
/// (`config repositories.x composer URL`), bundle (`config mirror.X URL`).
pub(super) fn named_urls(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    named_urls_in(sink, &scan);
}

/// skopeo: `docker://` images among its words, `login REGISTRY`.
pub(super) fn skopeo(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    named_urls_in(sink, &scan);
    if scan.operands.first().is_some_and(|s| s.text == "login")
        && let Some(registry) = scan.operands.get(1)
    {
        sink.target(registry, None);
    }
}

/// Mercurial and Subversion: the URLs among their words; an operand only known at run time
/// of a subcommand that names a remote repository (`hg clone "$SRC"`) is unknown.
fn repository_tool(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec, program: &str) -> Scan {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    named_urls_in(sink, &scan);
    let remote_subcommands = REMOTE_REPOSITORY_SUBCOMMANDS
        .iter()
        .find(|(p, _)| *p == program)
        .map_or(&[][..], |(_, subs)| *subs);
    if let Some((sub, rest)) = scan.operands.split_first()
        && remote_subcommands.contains(&sub.text.as_str())
        && rest
            .iter()
            .any(|v| v.dynamic && static_authority(v).is_none())
    {
        sink.unknown();
    }
    scan
}

/// hg: repository URLs, `-e`/`--ssh` remote shells other than ssh (which decide where the
/// connection goes).
pub(super) fn hg(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = repository_tool(cmd, sink, spec, "hg");
    for v in scan.values(&["-e", "--ssh"]) {
        let program = v.text.split_whitespace().next().unwrap_or("");
        if v.dynamic || crate::syntax::words::basename(program) != "ssh" {
            sink.unknown();
        }
    }
}

/// svn: repository URLs, proxies in `--config-option servers:global:http-proxy-host=HOST`.
pub(super) fn svn(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    repository_tool(cmd, sink, spec, "svn");
}

/// Text browsers and downloaders: every operand is a URL or a bare host (`lynx example.com`);
/// one only known at run time is unknown.
pub(super) fn browser(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let args = sink.args(cmd).into_owned();
    let args = if crate::knowledge::programs::single_dash_long(&cmd.program) {
        with_two_dashes(args)
    } else {
        args
    };
    let scan = Scan::read(&args, spec, false);
    for v in &scan.operands {
        if v.dynamic {
            sink.target(v, None);
        } else if is_url(&v.text) {
            reach(sink, &v.text);
        } else if looks_like_host(&v.text) && !is_page_file(&v.text) {
            sink.url(&format!("http://{}", v.text));
        }
    }
}

/// A local page a browser shows (`lynx -dump index.html`): the extensions no top-level
/// domain shares.
fn is_page_file(word: &str) -> bool {
    let ext = word.rsplit_once('.').map_or("", |(_, e)| e);
    ["html", "htm", "xhtml", "shtml", "txt"]
        .iter()
        .any(|e| ext.eq_ignore_ascii_case(e))
}

/// yt-dlp and youtube-dl: URL operands (other operands are video ids), `--proxy`,
/// `-a`/`--batch-file` lists of URLs (unknown, but `-` reads them from stdin).
pub(super) fn media_downloader(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    for v in &scan.operands {
        if v.dynamic {
            sink.target(v, None);
        } else if is_url(&v.text) {
            reach(sink, &v.text);
        } else if looks_like_host(&v.text) {
            sink.url(&format!("http://{}", v.text));
        }
    }
    for v in scan.values(&["--proxy"]) {
        proxy_target(sink, v);
    }
    if scan.values(&["-a", "--batch-file"]).any(|v| v.text != "-") {
        sink.unknown();
    }
}

/// ffmpeg, ffprobe, ffplay: inputs (`-i URL`) and outputs (`… rtmp://host/live`) that are
/// URLs, and `-http_proxy`. An input only known at run time is nearly always a file
/// (`ffmpeg -i "$f"`): only its written URL prefix, if any, is read.
pub(super) fn media(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let args = with_two_dashes(sink.args(cmd).into_owned());
    let scan = Scan::read(&args, spec, false);
    for v in scan.values(&["-i"]).chain(&scan.operands) {
        url_if_named(sink, v);
    }
    for v in scan.values(&["--http_proxy"]) {
        proxy_target(sink, v);
    }
}

/// smbclient: the server of `//server/share` (or `\\server\share`), `-L HOST`, `-I ADDRESS`
/// (the address connected to), `-M HOST`; `-p PORT`.
pub(super) fn smbclient(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    let port = scan
        .values(&["-p", "--port"])
        .last()
        .and_then(|v| v.text.parse().ok());
    if let Some(share) = scan.operands.first() {
        if share.dynamic {
            sink.unknown();
        } else {
            let t = share.text.trim_start_matches(['/', '\\']);
            let server = t.split(['/', '\\']).next().unwrap_or("");
            sink.host(server, port);
        }
    }
    for v in scan.values(&["-L", "--list", "-I", "--ip-address", "-M", "--message"]) {
        if v.dynamic {
            sink.unknown();
        } else {
            let t = v.text.trim_start_matches(['/', '\\']);
            sink.host(t.split(['/', '\\']).next().unwrap_or(""), port);
        }
    }
}

/// lftp: the site operand (`host` or a URL), the sites of `open` and the URLs in the commands
/// of `-c`/`-e`; a script (`-f`) or commands only known at run time are unknown.
pub(super) fn lftp(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    lftp_open(sink, &scan);
    if scan.has(&["-f"]) {
        sink.unknown();
    }
    for v in scan.values(&["-c", "-e"]) {
        if v.dynamic {
            sink.unknown();
        } else {
            lftp_commands(sink, &v.text);
        }
    }
}

/// The site of `lftp [-p PORT] SITE` or of its `open [-p PORT] SITE` command.
fn lftp_open(sink: &mut Sink, scan: &Scan) {
    let port = scan
        .values(&["-p"])
        .last()
        .and_then(|v| v.text.parse().ok());
    if let Some(site) = scan.operands.first() {
        lftp_site(sink, site, port);
    }
}

/// A site lftp opens: a URL (its host: `ftp://`, `sftp://`, `http://` are lftp's own
/// protocols) or `[user@]host[:port]`.
fn lftp_site(sink: &mut Sink, v: &Value, port: Option<u16>) {
    if v.dynamic {
        return sink.unknown();
    }
    if is_url(&v.text) {
        return reach(sink, &v.text);
    }
    let (h, p) = split_host_port(&v.text);
    sink.host(h, p.or(port));
}

/// lftp commands (`open -u u,p host; mirror -R dir`): the site of each `open`, every URL.
fn lftp_commands(sink: &mut Sink, text: &str) {
    for command in text.split([';', '\n', '&', '|']) {
        let words: Vec<Arg> = command
            .split_whitespace()
            .map(|w| Arg {
                text: w.trim_matches(['\'', '"']).to_string(),
                ..Arg::default()
            })
            .collect();
        let Some((first, rest)) = words.split_first() else {
            continue;
        };
        if first.text == "open" || first.text == "lftp" {
            lftp_open(sink, &Scan::read(rest, &LFTP_OPEN, false));
        } else {
            for w in rest.iter().filter(|w| is_url(&w.text)) {
                reach(sink, &w.text);
            }
        }
    }
}

/// kubectl, oc: the API server of `--server`/`-s`; manifests (`-f URL`) and kustomizations
/// (`-k URL`, `kustomize URL`, `github.com/org/repo//dir`) fetched from elsewhere. The servers
/// of the kubeconfig are the user's own clusters and are not read.
pub(super) fn kubectl(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let scan = Scan::read(&sink.args(cmd), spec, false);
    for v in scan.values(&["-s", "--server"]) {
        sink.target(v, Some("https"));
    }
    for v in scan.values(&["-f", "--filename"]) {
        url_if_named(sink, v);
    }
    let kustomize_operand = scan
        .operands
        .first()
        .filter(|s| s.text == "kustomize")
        .and_then(|_| scan.operands.get(1));
    for v in scan.values(&["-k", "--kustomize"]).chain(kustomize_operand) {
        if v.dynamic || is_url(&v.text) {
            url_if_named(sink, v);
        } else if looks_like_host(&v.text) {
            sink.url(&format!("https://{}", v.text));
        }
    }
}

/// gh: `--hostname HOST`, `gh api URL` (an endpoint given as a whole URL), `gh repo clone
/// URL`.
pub(super) fn gh(cmd: &SimpleCommand, sink: &mut Sink, spec: &Spec) {
    let args = sink.args(cmd).into_owned();
    let global = Scan::read(&args, spec, true);
    for v in global.values(&["--hostname"]) {
        sink.target(v, Some("https"));
    }
    let Some(at) = global.stop else { return };
    match args[at].text.as_str() {
        "api" => {
            let scan = Scan::read(&args[at + 1..], &GH_API, false);
            for v in scan.values(&["--hostname"]) {
                sink.target(v, Some("https"));
            }
            if let Some(endpoint) = scan.operands.first() {
                url_if_named(sink, endpoint);
            }
        }
        "repo" if args.get(at + 1).is_some_and(|a| a.text == "clone") => {
            let scan = Scan::read(&args[at + 2..], spec, false);
            if let Some(repo) = scan.operands.first() {
                super::git::repository(sink, repo);
            }
        }
        _ => {
            let scan = Scan::read(&args[at + 1..], spec, false);
            for v in scan.values(&["--hostname"]) {
                sink.target(v, Some("https"));
            }
        }
    }
}
