//! Destinations of package managers and registries: pip, uv, npm, yarn, pnpm, bun, docker,
//! podman, helm, go, cargo, gem (git is in `dest_git.rs`); and the environment variables that
//! point them elsewhere (`PIP_INDEX_URL`, `GOPROXY`, `DOCKER_HOST` …).

use super::{
    Scan, Sink, Value, args_of, host_of_url_or_spec, is_url, proxy_target, proxy_value,
    split_host_port,
};
use crate::SimpleCommand;
use crate::knowledge::network_env::EnvValue;
use crate::knowledge::specs::{
    CARGO, DOCKER_GLOBAL, DOCKER_PULL, DOCKER_RUN, GEM, GEM_SOURCES, GO_BUILD, HELM, NPM, PIP,
};
use crate::options::with_two_dashes;

/// The destinations of a variable of the network variables' table
/// ([`crate::knowledge::network_env`]), read as `how` says.
pub(super) fn variable(sink: &mut Sink, how: EnvValue, value: &str) {
    if value.is_empty() {
        return;
    }
    let v = Value {
        text: value.to_string(),
        dynamic: value.contains(['$', '`']),
        one_word: false,
    };
    match how {
        EnvValue::Proxy => proxy_value(sink, value),
        EnvValue::Urls => {
            for part in value.split_whitespace() {
                url_or_host(
                    sink,
                    &Value {
                        text: part.to_string(),
                        dynamic: v.dynamic,
                        one_word: false,
                    },
                );
            }
        }
        EnvValue::GoProxy => goproxy(sink, &v),
        EnvValue::Daemon => daemon(sink, &v),
        // Another configuration file may name any proxy or index.
        EnvValue::ConfigFile => {
            if value != "/dev/null" {
                sink.unknown();
            }
        }
    }
}

/// A value that should be a URL (a host without scheme is reported as a host).
pub(super) fn url_or_host(sink: &mut Sink, v: &Value) {
    if v.dynamic {
        return sink.unknown();
    }
    let t = strip_vcs(&v.text);
    if is_url(t) {
        sink.url(t);
    } else {
        let (h, port) = split_host_port(t.split('/').next().unwrap_or(t));
        sink.host(h, port);
    }
}

/// `git+https://…` → `https://…` (pip and npm VCS requirement forms).
pub(super) fn strip_vcs(s: &str) -> &str {
    for p in ["git+", "hg+", "svn+", "bzr+"] {
        if let Some(rest) = s.strip_prefix(p)
            && is_url(rest)
        {
            return rest;
        }
    }
    s
}

/// `GOPROXY=https://a,https://b|direct`.
fn goproxy(sink: &mut Sink, v: &Value) {
    if v.dynamic {
        return sink.unknown();
    }
    for part in v.text.split([',', '|']) {
        if !matches!(part.trim(), "" | "direct" | "off") {
            url_or_host(
                sink,
                &Value {
                    text: part.trim().to_string(),
                    dynamic: false,
                    one_word: false,
                },
            );
        }
    }
}

/// A container daemon address: `tcp://host:port`, `ssh://user@host`; `unix://` is local.
fn daemon(sink: &mut Sink, v: &Value) {
    if v.dynamic {
        return sink.unknown();
    }
    if v.text.starts_with("unix://") || v.text.starts_with("npipe://") || v.text.starts_with('/') {
        return;
    }
    host_of_url_or_spec(sink, &v.text, None);
}

/// pip / uv: index and find-links options, trusted hosts, proxies, URL requirements.
pub(super) fn pip(cmd: &SimpleCommand, sink: &mut Sink) {
    let scan = Scan::read(&sink.args(cmd), &PIP, false);
    for v in scan.values(&[
        "-i",
        "--index-url",
        "--extra-index-url",
        "--index",
        "--default-index",
    ]) {
        url_or_host(sink, v);
    }
    for v in scan.values(&["-f", "--find-links", "-e", "--editable", "--from", "--with"]) {
        let t = strip_vcs(&v.text);
        if v.dynamic || is_url(t) {
            url_or_host(sink, v);
        }
    }
    for v in scan.values(&["--trusted-host", "--proxy"]) {
        proxy_target(sink, v);
    }
    for (i, v) in scan.operands.iter().enumerate() {
        let t = strip_vcs(&v.text);
        // `name @ https://…` and `name@https://…`.
        let direct = t
            .split_once('@')
            .map(|(_, u)| u.trim())
            .filter(|u| is_url(u));
        if let Some(u) = direct {
            sink.url(strip_vcs(u));
        } else if is_url(t) {
            sink.url(t);
        }
        // `pip config set global.index-url URL`, `… global.proxy HOST:PORT`.
        let key = v.text.to_ascii_lowercase();
        if scan.operands.first().is_some_and(|o| o.text == "config")
            && let Some(value) = scan.operands.get(i + 1)
        {
            if key.ends_with("index-url") || key.ends_with(".index") {
                url_or_host(sink, value);
            } else if key.ends_with(".proxy") {
                proxy_target(sink, value);
            }
        }
    }
}

/// npm and friends: `--registry`, `--@scope:registry`, URL package specs, `config set registry`.
pub(super) fn npm(cmd: &SimpleCommand, sink: &mut Sink) {
    let scan = Scan::read(&sink.args(cmd), &NPM, false);
    for o in &scan.opts {
        if (o.name == "--registry" || o.name.ends_with(":registry"))
            && let Some(v) = &o.value
        {
            url_or_host(sink, v);
        }
    }
    let ops = &scan.operands;
    let is_config_set = ops.len() >= 2
        && (ops[0].text == "config" && matches!(ops[1].text.as_str(), "set" | "add")
            || ops[0].text == "set");
    for (i, v) in ops.iter().enumerate() {
        let t = strip_vcs(&v.text);
        if is_url(t) {
            sink.url(t);
        }
        if is_config_set {
            let (key, inline) = match v.text.split_once('=') {
                Some((k, val)) => (k, Some(val)),
                None => (v.text.as_str(), None),
            };
            let proxy = matches!(key, "proxy" | "https-proxy" | "httpProxy" | "httpsProxy");
            if proxy {
                let value = match inline {
                    Some(val) => Some(Value {
                        text: val.to_string(),
                        dynamic: v.dynamic,
                        one_word: false,
                    }),
                    None => ops.get(i + 1).cloned(),
                };
                if let Some(value) = value {
                    proxy_target(sink, &value);
                }
            } else if key == "registry" || key.ends_with(":registry") || key == "npmRegistryServer"
            {
                match inline {
                    Some(val) => url_or_host(
                        sink,
                        &Value {
                            text: val.to_string(),
                            dynamic: v.dynamic,
                            one_word: false,
                        },
                    ),
                    None => {
                        if let Some(value) = ops.get(i + 1) {
                            url_or_host(sink, value);
                        }
                    }
                }
            }
        }
    }
}

/// docker / podman / nerdctl: the daemon (`-H`), registries in image names, `login`.
pub(super) fn docker(cmd: &SimpleCommand, sink: &mut Sink) {
    let args = args_of(cmd, 0);
    let global = Scan::read(&args, &DOCKER_GLOBAL, true);
    for v in global.values(&["-H", "--host", "--url"]) {
        daemon(sink, v);
    }
    // A context or named connection may point at a remote daemon.
    if global.has(&["-c", "--context", "--connection"]) {
        sink.unknown();
    }
    let Some(mut at) = global.stop else { return };
    let mut sub = args[at].text.to_ascii_lowercase();
    if matches!(sub.as_str(), "image" | "container") && at + 1 < args.len() {
        at += 1;
        sub = args[at].text.to_ascii_lowercase();
    }
    let spec = match sub.as_str() {
        "run" | "create" => &DOCKER_RUN,
        "pull" | "push" | "search" => &DOCKER_PULL,
        "login" => &crate::knowledge::specs::DOCKER_LOGIN,
        _ => return,
    };
    let scan = Scan::read(&args[at + 1..], spec, true);
    let Some(first) = scan.operands.first() else {
        return;
    };
    if first.dynamic {
        return sink.unknown();
    }
    if sub == "login" {
        return host_of_url_or_spec(sink, &first.text, None);
    }
    if let Some(registry) = image_registry(&first.text) {
        let (h, port) = split_host_port(registry);
        sink.host(h, port);
    }
}

/// The registry of an image reference (`registry.example:5000/team/img:1`), if it names one.
pub(crate) fn image_registry(image: &str) -> Option<&str> {
    let image = image
        .strip_prefix("docker://")
        .or_else(|| image.strip_prefix("oci://"))
        .unwrap_or(image);
    let (first, _) = image.split_once('/')?;
    (first.contains('.') || first.contains(':') || first == "localhost").then_some(first)
}

/// helm: every URL among option values and operands (`repo add NAME URL`, `--repo URL`,
/// `oci://` charts).
pub(super) fn helm(cmd: &SimpleCommand, sink: &mut Sink) {
    let scan = Scan::read(&sink.args(cmd), &HELM, false);
    if scan.values(&["--repo"]).any(|v| v.dynamic) {
        sink.unknown();
    }
    let values = scan.opts.iter().filter_map(|o| o.value.as_ref());
    for v in values.chain(&scan.operands) {
        if let Some(rest) = v.text.strip_prefix("oci://") {
            let (h, port) = split_host_port(rest.split('/').next().unwrap_or(rest));
            sink.host(h, port);
        } else if is_url(&v.text) {
            sink.url(&v.text);
        }
    }
    // `helm repo add NAME "$URL"`.
    let ops = &scan.operands;
    if ops.len() >= 4 && ops[0].text == "repo" && ops[1].text == "add" && ops[3].dynamic {
        sink.unknown();
    }
}

/// go get / install / run: module paths name their host (`github.com/a/b@v1`); `go run`'s
/// operands after the first are the program's arguments. go writes long options with one
/// dash (`-ldflags`).
pub(super) fn go(cmd: &SimpleCommand, sink: &mut Sink) {
    let Some(sub) = cmd.args.first().map(String::as_str) else {
        return;
    };
    if sub == "env" {
        for a in &cmd.args[1..] {
            if let Some(v) = a.strip_prefix("GOPROXY=") {
                goproxy(
                    sink,
                    &Value {
                        text: v.to_string(),
                        dynamic: v.contains(['$', '`']),
                        one_word: false,
                    },
                );
            }
        }
        return;
    }
    if !matches!(sub, "get" | "install" | "run") {
        return;
    }
    let args = with_two_dashes(args_of(cmd, 1));
    let scan = Scan::read(&args, &GO_BUILD, sub == "run");
    for v in &scan.operands {
        if v.dynamic {
            sink.unknown();
        } else if let Some(host) = module_host(&v.text)
            && (sub != "run" || v.text.contains('@'))
        {
            sink.host(host, None);
        }
    }
}

/// The host of a module path (`golang.org/x/tools/...@latest` → `golang.org`).
fn module_host(path: &str) -> Option<&str> {
    if path.starts_with(['.', '/']) || path.ends_with(".go") {
        return None;
    }
    let first = path.split(['/', '@']).next()?;
    first.contains('.').then_some(first)
}

/// cargo install / add: `--git URL`, `--index URL`.
pub(super) fn cargo(cmd: &SimpleCommand, sink: &mut Sink) {
    let scan = Scan::read(&sink.args(cmd), &CARGO, false);
    for v in scan.values(&["--git"]) {
        super::git::repository(sink, v);
    }
    for v in scan.values(&["--index"]) {
        let t = v.text.strip_prefix("sparse+").unwrap_or(&v.text);
        url_or_host(
            sink,
            &Value {
                text: t.to_string(),
                dynamic: v.dynamic,
                one_word: false,
            },
        );
    }
}

/// gem install `--source URL` / `-p PROXY`, gem sources `--add URL`.
pub(super) fn gem(cmd: &SimpleCommand, sink: &mut Sink) {
    let sources = cmd.args.first().is_some_and(|s| s == "sources");
    let spec = if sources { &GEM_SOURCES } else { &GEM };
    let scan = Scan::read(&sink.args(cmd), spec, false);
    let names: &[&str] = if sources {
        &["-a", "--add"]
    } else {
        &["-s", "--source"]
    };
    for v in scan.values(names) {
        url_or_host(sink, v);
    }
    for v in scan.values(&["-p", "--http-proxy"]) {
        proxy_target(sink, v);
    }
}
