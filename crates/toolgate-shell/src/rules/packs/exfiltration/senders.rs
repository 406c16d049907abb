//! What the senders beyond the web clients and copies send: gh's issues, pull requests,
//! releases and API calls, `openssl s_client`, cloud storage copies and mail.

use super::sinks::Sent;
use crate::facts::destinations::split_host_port;
use crate::knowledge::exfiltration::{
    BUCKET_SCHEMES, GH_API_FIELD_OPTIONS, GH_FILE_OPTIONS, GH_SENDS, GSUTIL_SENDS,
    MAIL_ATTACH_OPTIONS, RCLONE_SENDS, STDIN_NAMES,
};
use crate::knowledge::programs::table_name;
use crate::knowledge::specs::{
    GCLOUD, GH_API, GH_GIST, GH_ISSUE, GH_RELEASE, GSUTIL, MAIL, RCLONE,
};
use crate::model::{Destination, SimpleCommand};
use crate::rules::packs::View;

/// gh: a gist's files, an issue's, pull request's or release's words and files, `gh api`'s
/// fields and input.
pub(super) fn gh(cmd: &SimpleCommand, out: &mut Sent) {
    let first = View::read(cmd, Some(&GH_GIST));
    let group = first.operands().next().unwrap_or("").to_ascii_lowercase();
    let spec = match group.as_str() {
        "gist" => return gist(&first, out),
        "api" => &GH_API,
        "release" => &GH_RELEASE,
        _ => &GH_ISSUE,
    };
    let view = View::read(cmd, Some(spec));
    let operands: Vec<&str> = view.operands().collect();
    let sends = group == "api"
        || GH_SENDS.iter().any(|(g, subs)| {
            *g == group
                && operands
                    .get(1)
                    .is_some_and(|s| subs.contains(&s.to_ascii_lowercase().as_str()))
        });
    if !sends {
        return;
    }
    out.words = true;
    for o in &view.opts {
        let Some(v) = o.value.as_deref() else {
            continue;
        };
        if group == "api" {
            // `-F key=@FILE` reads the file; `--input FILE` is the body.
            if GH_API_FIELD_OPTIONS.contains(&&*o.name) {
                if let Some((_, value)) = v.split_once('=')
                    && let Some(file) = value.strip_prefix('@')
                {
                    out.file(file);
                }
            } else if o.name == "--input" {
                out.file(v);
            }
        } else if GH_FILE_OPTIONS.contains(&&*o.name) {
            out.file(v);
        }
    }
    if group == "release" {
        // `gh release create|upload TAG FILE[#LABEL]…`: the assets.
        for asset in operands.iter().skip(3) {
            let file = asset.split_once('#').map_or(*asset, |(f, _)| f);
            out.file(file);
        }
    }
    out.destinations.push(github_api());
}

/// `gh gist create [FILE…]`: the files (`-` or none: stdin).
fn gist(view: &View, out: &mut Sent) {
    let operands: Vec<&str> = view.operands().collect();
    let ["gist", "create" | "new", files @ ..] = operands.as_slice() else {
        return;
    };
    if files.is_empty() {
        out.stdin = true;
    }
    for f in files {
        out.file(f);
    }
    out.destinations.push(Destination::Url {
        url: "https://api.github.com/gists".to_string(),
        program: Some("gh"),
        method: Some("POST".to_string()),
    });
}

fn github_api() -> Destination {
    Destination::Url {
        url: "https://api.github.com/".to_string(),
        program: Some("gh"),
        method: Some("POST".to_string()),
    }
}

/// `openssl s_client -connect HOST:PORT`: stdin goes to the server.
pub(super) fn tls_client(cmd: &SimpleCommand, out: &mut Sent) {
    let view = View::read(cmd, None);
    let first = view.operands().next();
    if first.is_none_or(|a| !a.eq_ignore_ascii_case("s_client")) {
        return;
    }
    out.stdin = true;
    if let Some(server) = view.value(&["--connect"]) {
        let (host, port) = split_host_port(server);
        out.destinations.push(Destination::Host {
            host: host.to_ascii_lowercase(),
            port,
            program: Some("openssl"),
        });
    }
}

/// `gsutil cp|mv|rsync SRC… gs://…`, `gcloud storage cp SRC… gs://…`, `rclone copy|sync|move
/// SRC REMOTE:…`, `rclone rcat REMOTE:…`: the local sources (stdin for `-` or `rcat`).
pub(super) fn storage_copy(cmd: &SimpleCommand, out: &mut Sent) {
    let program = table_name(&cmd.program).unwrap_or("");
    let spec = match program {
        "gsutil" => &GSUTIL,
        "gcloud" => &GCLOUD,
        _ => &RCLONE,
    };
    let view = View::read(cmd, Some(spec));
    let operands: Vec<String> = view.operands().map(str::to_ascii_lowercase).collect();
    let words: Vec<&str> = view.operands().collect();
    let (paths, remote): (&[&str], fn(&str) -> bool) = match program {
        "gsutil"
            if operands
                .first()
                .is_some_and(|s| GSUTIL_SENDS.contains(&s.as_str())) =>
        {
            (&words[1..], in_bucket)
        }
        "gcloud"
            if operands.first().is_some_and(|s| s == "storage")
                && operands
                    .get(1)
                    .is_some_and(|s| GSUTIL_SENDS.contains(&s.as_str())) =>
        {
            (&words[2..], in_bucket)
        }
        "rclone" if operands.first().is_some_and(|s| s == "rcat") => {
            if words.get(1).is_some_and(|d| on_remote(d)) {
                out.stdin = true;
            }
            return;
        }
        "rclone"
            if operands
                .first()
                .is_some_and(|s| RCLONE_SENDS.contains(&s.as_str())) =>
        {
            (&words[1..], on_remote)
        }
        _ => return,
    };
    let Some((dest, sources)) = paths.split_last() else {
        return;
    };
    if !remote(dest) {
        return;
    }
    for s in sources.iter().filter(|s| !remote(s)) {
        if STDIN_NAMES.contains(s) {
            out.stdin = true;
        } else {
            out.trees.push(s.to_string());
        }
    }
    if let Some(bucket) = dest.strip_prefix("gs://") {
        let bucket = bucket.split('/').next().unwrap_or("");
        if !bucket.is_empty() && !bucket.contains(['$', '`']) {
            out.destinations.push(Destination::Url {
                url: format!("https://storage.googleapis.com/{bucket}/"),
                program: table_name(&cmd.program),
                method: Some("PUT".to_string()),
            });
        }
    }
}

fn in_bucket(path: &str) -> bool {
    BUCKET_SCHEMES
        .iter()
        .any(|s| path.len() >= s.len() && path[..s.len()].eq_ignore_ascii_case(s))
}

/// An rclone remote (`name:path`, `:backend:path`), not a local path.
fn on_remote(path: &str) -> bool {
    if path.starts_with(['/', '.', '~']) {
        return false;
    }
    path.find(':').is_some_and(|at| !path[..at].contains('/'))
}

/// Mail: the message on stdin, the words, the files attached.
pub(super) fn mail(cmd: &SimpleCommand, out: &mut Sent) {
    out.stdin = true;
    out.words = true;
    let view = View::read(cmd, Some(&MAIL));
    for file in view.values(MAIL_ATTACH_OPTIONS) {
        out.file(file);
    }
}
