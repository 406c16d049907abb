//! Destinations of git: repository URLs and `[user@]host:path` remotes, remote and submodule
//! URLs, proxies and URL rewrites in git config.

use super::{Scan, Sink, Value, args_of, host_of_url_or_spec, is_url, proxy_target, scp_like};
use crate::SimpleCommand;
use crate::knowledge::specs::{
    GIT_ARCHIVE, GIT_CLONE, GIT_CONFIG, GIT_FETCH, GIT_GLOBAL, GIT_LS_REMOTE, GIT_PUSH, GIT_REMOTE,
    GIT_SUBMODULE_ADD,
};

/// A git repository argument: a URL, `[user@]host:path`, `transport::address`, or a local
/// path (no destination).
pub(crate) fn repository(sink: &mut Sink, v: &Value) {
    if v.dynamic {
        return sink.unknown();
    }
    let t = v.text.as_str();
    // `ext::cmd`, `fd::…`, `hg::https://…`: a remote helper program decides.
    if let Some((transport, _)) = t.split_once("::")
        && !transport.is_empty()
        && transport
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '+' | '.'))
    {
        return sink.unknown();
    }
    if is_url(t) {
        let scheme = t.split_once("://").map(|(s, _)| s).unwrap_or("");
        if matches!(
            scheme.to_ascii_lowercase().as_str(),
            "ssh" | "git+ssh" | "ssh+git"
        ) {
            host_of_url_or_spec(sink, t, None);
        } else {
            sink.url(t);
        }
    } else if let Some(h) = scp_like(t) {
        sink.host(h, None);
    }
}

/// A git config `key value` pair that names a destination (`http.proxy`, `remote.x.url`,
/// `url.<base>.insteadOf`).
pub(crate) fn git_config(sink: &mut Sink, key: &str, value: &Value) {
    let lower = key.to_ascii_lowercase();
    if lower.ends_with(".proxy") && (lower.starts_with("http.") || lower.starts_with("https.")) {
        proxy_target(sink, value);
    } else if lower.starts_with("remote.")
        && (lower.ends_with(".url") || lower.ends_with(".pushurl"))
    {
        repository(sink, value);
    } else if lower.starts_with("url.")
        && (lower.ends_with(".insteadof") || lower.ends_with(".pushinsteadof"))
    {
        // The base URL (in the key, original case) replaces what the command names.
        let base = &key[4..key.len() - key.rsplit('.').next().map_or(0, |s| s.len() + 1)];
        repository(
            sink,
            &Value {
                text: base.to_string(),
                dynamic: value.dynamic,
                one_word: false,
            },
        );
    }
}

/// `-c key=value` / `--config key=value`.
fn git_config_pair(sink: &mut Sink, v: &Value) {
    if let Some((key, value)) = v.text.split_once('=') {
        git_config(
            sink,
            key,
            &Value {
                text: value.to_string(),
                dynamic: v.dynamic,
                one_word: false,
            },
        );
    }
}

/// git: remotes of clone/fetch/pull/push/ls-remote/archive, remote and submodule URLs,
/// destinations in `-c` / `config` settings.
pub(super) fn collect(cmd: &SimpleCommand, sink: &mut Sink) {
    let args = args_of(cmd, 0);
    let global = Scan::read(&args, &GIT_GLOBAL, true);
    for v in global.values(&["-c"]) {
        git_config_pair(sink, v);
    }
    for v in global.values(&["--config-env"]) {
        let key = v.text.split('=').next().unwrap_or("");
        let probe = Value {
            text: "$ENV".to_string(),
            dynamic: true,
            one_word: false,
        };
        git_config(sink, key, &probe);
    }
    // `GIT_CONFIG_PARAMETERS`, `GIT_CONFIG_KEY_n` / `GIT_CONFIG_VALUE_n`: what `-c` sets.
    for (key, value) in crate::facts::git::env_configs(cmd) {
        let dynamic = value.contains(['$', '`']);
        git_config(
            sink,
            &key,
            &Value {
                text: value,
                dynamic,
                one_word: false,
            },
        );
    }
    let Some(at) = global.stop else { return };
    let sub = args[at].text.to_ascii_lowercase();
    let rest = &args[at + 1..];
    let spec = match sub.as_str() {
        "clone" => &GIT_CLONE,
        "fetch" | "pull" => &GIT_FETCH,
        "push" => &GIT_PUSH,
        "ls-remote" => &GIT_LS_REMOTE,
        "remote" => &GIT_REMOTE,
        "archive" => &GIT_ARCHIVE,
        "config" => &GIT_CONFIG,
        "submodule" => &GIT_SUBMODULE_ADD,
        _ => return,
    };
    let scan = Scan::read(rest, spec, false);
    let ops = &scan.operands;
    let word = |i: usize| ops.get(i).map(|v| v.text.as_str());
    match sub.as_str() {
        "clone" | "fetch" | "pull" | "push" | "ls-remote" => {
            if let Some(repo) = ops.first() {
                repository(sink, repo);
            }
            for v in scan.values(&["-c", "--config"]) {
                git_config_pair(sink, v);
            }
            for v in scan.values(&["--repo"]) {
                repository(sink, v);
            }
            for v in scan.values(&["--bundle-uri"]) {
                sink.target(v, None);
            }
        }
        "remote" if matches!(word(0), Some("add" | "set-url")) && !scan.has(&["--delete"]) => {
            if let Some(url) = ops.get(2) {
                repository(sink, url);
            }
        }
        "submodule" if word(0) == Some("add") => {
            if let Some(url) = ops.get(1) {
                repository(sink, url);
            }
        }
        "submodule" if word(0) == Some("set-url") => {
            if let Some(url) = ops.get(2) {
                repository(sink, url);
            }
        }
        "archive" => {
            for v in scan.values(&["--remote"]) {
                repository(sink, v);
            }
        }
        "config" => {
            // `git config [set] KEY VALUE`.
            let skip = usize::from(matches!(word(0), Some("set" | "--add")));
            if let (Some(key), Some(value)) = (ops.get(skip), ops.get(skip + 1)) {
                git_config(sink, &key.text, value);
            }
        }
        _ => {}
    }
}
