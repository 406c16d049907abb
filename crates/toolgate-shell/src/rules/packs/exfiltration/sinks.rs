//! What a network sink sends: the files it names, its stdin, its own words, and where.

use super::senders;
use crate::facts::destinations::{collect, is_remote_path};
use crate::knowledge::exfiltration::{
    CURL_DATA_OPTIONS, CURL_FORM_OPTIONS, CURL_UPLOAD_OPTIONS, HTTPIE_FILE_SEPARATORS,
    HTTPIE_OTHER_SEPARATORS, SOCAT_FILE_TYPES, SOCAT_STDIN_TYPES, STDIN_NAMES, Sender,
    WGET_FILE_OPTIONS, sender,
};
use crate::knowledge::programs::table_name;
use crate::knowledge::specs::{AWS_S3_TRANSFER, REGISTRY_LOGIN};
use crate::model::{Destination, SimpleCommand};
use crate::rules::packs::View;

/// What one command sends to the network.
#[derive(Debug, Default)]
pub(super) struct Sent {
    /// Files whose content it sends, as written.
    pub(super) files: Vec<String>,
    /// Directories it sends whole (a recursive copy).
    pub(super) trees: Vec<String>,
    /// It sends its stdin.
    pub(super) stdin: bool,
    /// It sends its own words (URL, headers, form data, a remote command), so what the
    /// shell substitutes into them goes too.
    pub(super) words: bool,
    /// Where it sends them.
    pub(super) destinations: Vec<Destination>,
}

impl Sent {
    /// `name` is sent (stdin for `-`).
    pub(super) fn file(&mut self, name: &str) {
        if STDIN_NAMES.contains(&name) {
            self.stdin = true;
        } else if !name.is_empty() {
            self.files.push(name.to_string());
        }
    }
}

/// Whether `cmd` may send data to the network (a program of the sender table, or inline
/// code that connects): a cheap test before [`sent`].
pub(super) fn may_send(cmd: &SimpleCommand) -> bool {
    cmd.inline_network.as_ref().is_some_and(|n| n.connects)
        || table_name(&cmd.program).and_then(sender).is_some()
}

/// What `cmd` sends to the network; `None` when it is no network sink.
pub(super) fn sent(cmd: &SimpleCommand) -> Option<Sent> {
    let mut out = Sent::default();
    if let Some(network) = &cmd.inline_network
        && network.connects
    {
        // Inline code that connects sends what it reads (see `flows`), its stdin, and the
        // data put into its words.
        out.stdin = true;
        out.words = true;
        out.destinations.clone_from(&network.endpoints);
    }
    let kind = table_name(&cmd.program).and_then(sender);
    match kind {
        Some(Sender::Curl) => curl(cmd, &mut out),
        Some(Sender::Wget) => {
            let view = View::read(cmd, None);
            for o in &view.opts {
                if let Some(v) = o.value.as_deref()
                    && WGET_FILE_OPTIONS.contains(&&*o.name)
                {
                    out.file(v);
                }
            }
            out.words = true;
        }
        Some(Sender::Httpie) => httpie(cmd, &mut out),
        Some(Sender::LwpRequest) => {
            out.stdin = true;
            out.words = true;
        }
        Some(Sender::Copy) => copy(cmd, &mut out),
        Some(Sender::Ssh) => {
            out.stdin = !cmd.flags.contains("-n");
            out.words = true;
        }
        Some(Sender::Socket) => out.stdin = true,
        Some(Sender::Socat) => socat(cmd, &mut out),
        Some(Sender::AwsS3) => aws_s3(cmd, &mut out),
        Some(Sender::Gh) => senders::gh(cmd, &mut out),
        Some(Sender::TlsClient) => senders::tls_client(cmd, &mut out),
        Some(Sender::StorageCopy) => senders::storage_copy(cmd, &mut out),
        Some(Sender::Mail) => senders::mail(cmd, &mut out),
        Some(Sender::RegistryLogin) => registry_login(cmd, &mut out),
        Some(Sender::Resolver) => out.words = true,
        None => {}
    }
    // `find ~/.ssh … -exec curl -F f=@{} …`, `… | xargs -I{} curl -T {} …`: each file is a
    // path found under the input roots.
    // A loop's variable does the same (`for f in ~/.ssh/*; do curl -F "f=@$f" …`).
    let listed = |f: &String| f.contains("{}") || f.contains('$');
    if !cmd.input_roots.is_empty() && out.files.iter().any(listed) {
        out.files.retain(|f| !listed(f));
        out.trees.extend(cmd.input_roots.iter().cloned());
    }
    if kind.is_some() || out.stdin || out.words {
        collect(cmd, None, &mut out.destinations);
    }
    let sends = out.stdin || out.words || !out.files.is_empty() || !out.trees.is_empty();
    sends.then_some(out)
}

/// curl: `-d @FILE`, `--data-urlencode name@FILE`, `-F name=@FILE` / `name=<FILE`, `-T FILE`.
fn curl(cmd: &SimpleCommand, out: &mut Sent) {
    let view = View::read(cmd, None);
    for o in &view.opts {
        let Some(v) = o.value.as_deref() else {
            continue;
        };
        let name = &*o.name;
        if CURL_DATA_OPTIONS.contains(&name) {
            // `@FILE`, or `name@FILE` for `--data-urlencode` and `--variable`.
            if let Some(file) = v.strip_prefix('@') {
                out.file(file);
            } else if matches!(name, "--data-urlencode" | "--variable")
                && let Some((key, file)) = v.split_once('@')
                && !key.contains(['=', ' '])
            {
                out.file(file);
            }
        } else if CURL_FORM_OPTIONS.contains(&name) {
            if let Some((_, value)) = v.split_once('=') {
                let value = value.split(';').next().unwrap_or(value);
                if let Some(file) = value.strip_prefix('@').or_else(|| value.strip_prefix('<')) {
                    out.file(file);
                }
            }
        } else if CURL_UPLOAD_OPTIONS.contains(&name) {
            if v == "." {
                out.stdin = true;
            } else {
                out.file(v);
            }
        }
    }
    out.words = true;
}

/// HTTPie: request items that read a file, and the piped stdin (the body) unless
/// `--ignore-stdin`.
fn httpie(cmd: &SimpleCommand, out: &mut Sent) {
    let view = View::read(cmd, None);
    out.stdin = !view.has(&["--ignore-stdin", "-I"]);
    out.words = true;
    for item in view.operands() {
        if let Some(file) = item.strip_prefix('@') {
            out.file(file);
            continue;
        }
        // The first separator in the item decides what it is (`to=a@b.example` is data).
        let first = |seps: &[&'static str]| {
            seps.iter()
                .filter_map(|s| item.find(s).map(|at| (at, s.len())))
                .min_by_key(|(at, len)| (*at, usize::MAX - len))
        };
        if let Some((at, len)) = first(HTTPIE_FILE_SEPARATORS)
            && first(HTTPIE_OTHER_SEPARATORS).is_none_or(|(other, _)| other >= at)
            && at > 0
        {
            out.file(&item[at + len..]);
        }
    }
}

/// scp and rsync: the local sources, when the destination is remote.
fn copy(cmd: &SimpleCommand, out: &mut Sent) {
    let Some((last, sources)) = cmd.operands.split_last() else {
        return;
    };
    let remote = is_remote_path;
    if !remote(last) {
        return;
    }
    for s in sources.iter().filter(|s| !remote(s)) {
        out.trees.push(s.clone());
    }
}

/// socat: a file or stdin address beside a network address.
fn socat(cmd: &SimpleCommand, out: &mut Sent) {
    let mut network = false;
    let mut files = Vec::new();
    let mut stdin = false;
    for o in &cmd.operands {
        let (kind, rest) = o.split_once(':').unwrap_or((o.as_str(), ""));
        let upper = kind.to_ascii_uppercase();
        if crate::facts::destinations::socat_network_type(kind) {
            network = true;
        } else if SOCAT_STDIN_TYPES.contains(&upper.as_str()) {
            stdin = true;
        } else if SOCAT_FILE_TYPES.contains(&upper.as_str()) {
            files.push(rest.split(',').next().unwrap_or(rest).to_string());
        } else if !o.contains(':') {
            // A bare name is a file (`socat ~/.ssh/id_rsa tcp:h:80`).
            files.push(o.clone());
        }
    }
    if network {
        out.stdin = stdin;
        for f in files {
            out.file(&f);
        }
    }
}

/// `aws s3 cp|sync|mv SRC s3://… --acl public-read`, `aws s3api put-object --acl public-read
/// --body FILE`: the local source.
fn aws_s3(cmd: &SimpleCommand, out: &mut Sent) {
    let view = View::read(cmd, Some(&AWS_S3_TRANSFER));
    let operands: Vec<&str> = view.operands().collect();
    let bucket = match operands.as_slice() {
        ["s3", "cp" | "sync" | "mv", source, dest, ..]
            if dest.starts_with("s3://") && !source.starts_with("s3://") =>
        {
            if STDIN_NAMES.contains(source) {
                out.stdin = true;
            } else {
                out.trees.push(source.to_string());
            }
            dest.trim_start_matches("s3://").split('/').next()
        }
        ["s3api", "put-object", ..] => {
            if let Some(body) = view.value(&["--body"]) {
                out.file(body);
            }
            view.value(&["--bucket"])
        }
        _ => return,
    };
    // The bucket's own host, so that `exfiltration.allow` can name the user's buckets.
    let url = match (view.value(&["--endpoint-url"]), bucket) {
        (Some(endpoint), _) => endpoint.to_string(),
        (None, Some(b)) if !b.is_empty() && !b.contains(['$', '`']) => {
            format!("https://{b}.s3.amazonaws.com/")
        }
        (None, _) => "https://s3.amazonaws.com/".to_string(),
    };
    out.destinations.push(Destination::Url {
        url,
        program: Some("aws"),
        method: Some("PUT".to_string()),
    });
}

/// `docker login [SERVER]` (podman, nerdctl, buildah, skopeo, oras alike), `helm registry
/// login SERVER`, `crane auth login SERVER`: the password given with `-p`/`--password`, or on
/// stdin with `--password-stdin`, goes to the registry (Docker Hub when none is named).
fn registry_login(cmd: &SimpleCommand, out: &mut Sent) {
    let view = View::read(cmd, Some(&REGISTRY_LOGIN));
    let operands: Vec<&str> = view.operands().collect();
    let server = match operands.as_slice() {
        ["login", rest @ ..] => rest.first(),
        ["registry" | "auth", "login", rest @ ..] => rest.first(),
        _ => return,
    };
    out.stdin = view.has(&["--password-stdin"]);
    out.words = view.has(&["-p", "--password"]);
    let server = server.map_or("index.docker.io", |s| {
        let s = s.split_once("://").map_or(*s, |(_, rest)| rest);
        s.split('/').next().unwrap_or(s)
    });
    let (host, port) = crate::facts::destinations::split_host_port(server);
    out.destinations.push(Destination::Host {
        host: host.to_ascii_lowercase(),
        port,
        program: table_name(&cmd.program),
    });
}
