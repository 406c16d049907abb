//! HTTP requests a command sends that delete data through a service's API
//! (`knowledge::http_apis`): the databases pack's search engines and the hosting pack's code
//! hosts and providers read them the same way.

use super::Seen;
use crate::facts::destinations::{collect, split_host_port};
use crate::knowledge::http_apis::{HttpApi, deleting_api};
use crate::model::{Destination, METHOD_AT_RUN_TIME};

/// HTTP clients whose method and URL the destination reader knows.
pub(super) const HTTP_CLIENTS: &[&str] = &["curl", "wget", "wget2", "http", "https", "xh", "xhs"];

/// Whether the command sends a request that deletes data of a service of `apis`, or one
/// whose method is only known at run time to such an API. The command's destinations are
/// read once for all the matchers that ask.
pub(super) fn sends_deleting_request(seen: &Seen<'_>, apis: &'static [HttpApi]) -> bool {
    let reached = seen.requests.get_or_init(|| {
        let mut reached = Vec::new();
        collect(seen.cmd, None, &mut reached);
        reached
    });
    reached.iter().any(|d| match d {
        Destination::Url {
            url,
            method: Some(method),
            ..
        } => url_parts(url).is_some_and(|(host, port, path)| {
            let method = (method != METHOD_AT_RUN_TIME).then_some(method.as_str());
            deleting_api(apis, &host, port, path, method).is_some()
        }),
        _ => false,
    })
}

/// A URL's host (lower case, without user info or a trailing dot), port (the scheme's default
/// when none is written; a bare `host/path` is HTTP, as curl reads it) and path (`/` when
/// empty). `None` for a scheme other than HTTP(S).
pub(super) fn url_parts(url: &str) -> Option<(String, u16, &str)> {
    let (default_port, rest) = match url.split_once("://") {
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("https") => (443, rest),
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("http") => (80, rest),
        Some(_) => return None,
        None => (80, url),
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, after) = rest.split_at(end);
    let (host, port) = split_host_port(authority);
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    let path = after.split(['?', '#']).next().unwrap_or("");
    let path = if path.is_empty() { "/" } else { path };
    Some((host, port.unwrap_or(default_port), path))
}
