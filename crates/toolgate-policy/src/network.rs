//! The `network:` section (agentguard's `{allow, deny, methods}`, extended with CIDR and
//! `host:port` patterns and `schemes`), read strictly: unknown keys, wrong types and invalid
//! patterns are errors with positions and hints; any error compiles to
//! [`EgressPolicy::invalid`], which denies every check.

use toolgate_core::egress::{EgressPolicy, HostPattern, Method, MethodError};

use crate::ReadContext;
use crate::diagnostic::Diagnostics;
use crate::document::{Node, Position, Value};
use crate::network_lint::{lint_methods, lint_patterns};
use crate::reader::{MapReader, expect_string_list};

/// The network section as read from a policy file.
#[derive(Debug, Clone)]
pub struct NetworkSection {
    /// The compiled egress policy ([`EgressPolicy::invalid`] when the section has errors).
    pub egress: EgressPolicy,
    /// Whether this is the built-in default (the policy wrote no network section), so that
    /// answers can say the default decided rather than "the allow list".
    pub builtin: bool,
    /// `local_dev_ports`: loopback ports (`localhost`, `127.0.0.0/8`, `::1`) that shell
    /// commands may reach over http, https, ws and wss although loopback is a special-purpose
    /// destination, for the user's own development servers (`curl http://localhost:3000/`).
    pub local_dev_ports: Vec<std::ops::RangeInclusive<u16>>,
}

/// The default `local_dev_ports`: every unprivileged port but the Docker Engine API's
/// (2375, 2376), which gives root on the host.
///
/// Why open loopback at all: a development server on `localhost:3000` is the user's own, and
/// a coding agent that may run the project's code (`npm test`, `cargo run`) can reach any
/// loopback port through it anyway, so denying `curl` there stops routine work and protects
/// little. Privileged ports (below 1024: ssh, smtp, cups …) stay closed, raw sockets (`nc`,
/// `ssh`) and other tools' URLs are not covered, and private networks, link-local and cloud
/// metadata addresses stay denied. A policy narrows it (`local_dev_ports: [3000, "8000-8099"]`)
/// or turns it off (`local_dev_ports: []`).
pub const DEFAULT_LOCAL_DEV_PORTS: &[std::ops::RangeInclusive<u16>] = &[1024..=2374, 2377..=65535];

impl Default for NetworkSection {
    fn default() -> Self {
        NetworkSection::builtin()
    }
}

impl NetworkSection {
    /// The built-in default: `allow: ["*"]` with the SSRF protections.
    pub fn builtin() -> Self {
        NetworkSection {
            egress: EgressPolicy::builtin(),
            builtin: true,
            local_dev_ports: DEFAULT_LOCAL_DEV_PORTS.to_vec(),
        }
    }

    /// Whether a destination the egress policy denied as special-purpose is a loopback
    /// development port opened by `local_dev_ports`: `host` is the canonical host the check
    /// reported, `scheme` its scheme.
    pub fn is_local_dev_port(
        &self,
        scheme: Option<&str>,
        host: Option<&str>,
        port: Option<u16>,
    ) -> bool {
        let (Some(scheme), Some(host), Some(port)) = (scheme, host, port) else {
            return false;
        };
        let web = matches!(scheme, "http" | "https" | "ws" | "wss");
        let bare = host.trim_start_matches('[').trim_end_matches(']');
        let loopback = bare.eq_ignore_ascii_case("localhost")
            || bare.to_ascii_lowercase().ends_with(".localhost")
            || bare
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback());
        web && loopback && self.local_dev_ports.iter().any(|r| r.contains(&port))
    }
}

/// Reads `local_dev_ports`: ports (`3000`) and ranges (`"8000-8999"`).
fn read_ports(
    node: &Node,
    path: &str,
    diags: &mut Diagnostics,
) -> Vec<std::ops::RangeInclusive<u16>> {
    const HINT: &str = "write ports and ranges, e.g. [3000, \"8000-8999\"], or [] to turn local development ports off";
    let Value::Sequence(items) = &node.value else {
        diags.error_hint(
            "wrong-type",
            node.position,
            format!("`{path}` is not a list"),
            HINT,
        );
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let parsed = match &item.value {
            Value::Integer(n) => u16::try_from(*n).ok().filter(|p| *p > 0).map(|p| p..=p),
            Value::String(s) => match s.split_once('-') {
                Some((a, b)) => match (a.trim().parse::<u16>(), b.trim().parse::<u16>()) {
                    (Ok(a), Ok(b)) if a > 0 && a <= b => Some(a..=b),
                    _ => None,
                },
                None => s
                    .trim()
                    .parse::<u16>()
                    .ok()
                    .filter(|p| *p > 0)
                    .map(|p| p..=p),
            },
            _ => None,
        };
        match parsed {
            Some(r) => out.push(r),
            None => diags.error_hint(
                "invalid-port",
                item.position,
                format!("`{path}[{i}]` is not a port (1-65535) or a range LOW-HIGH"),
                HINT,
            ),
        }
    }
    out
}

/// The keys of the `network:` section.
pub const NETWORK_KEYS: &[&str] = &["allow", "deny", "methods", "schemes", "local_dev_ports"];

/// A pattern as written, with where it is written and its path for messages.
pub(crate) struct Written<'a> {
    pub text: &'a str,
    pub position: Position,
    pub path: String,
}

fn list<'a>(node: &'a Node, path: &str, diags: &mut Diagnostics) -> Option<Vec<Written<'a>>> {
    let items = expect_string_list(node, path, diags)?;
    Some(
        items
            .into_iter()
            .enumerate()
            .map(|(i, (text, position))| Written {
                text,
                position,
                path: format!("{path}[{i}]"),
            })
            .collect(),
    )
}

fn parse_patterns(items: &[Written<'_>], diags: &mut Diagnostics) -> Vec<Option<HostPattern>> {
    items
        .iter()
        .map(|w| match HostPattern::parse(w.text) {
            Ok(p) => Some(p),
            Err(e) => {
                diags.error_hint(
                    "invalid-pattern",
                    w.position,
                    format!("`{}`: {e}", w.path),
                    e.hint(),
                );
                None
            }
        })
        .collect()
}

fn parse_methods(items: &[Written<'_>], diags: &mut Diagnostics) -> Vec<Method> {
    let mut out = Vec::new();
    for w in items {
        if w.text == "*" {
            diags.error_hint(
                "invalid-method",
                w.position,
                format!("`{}`: `*` is not a method", w.path),
                "list the methods, e.g. [GET, POST], or leave `methods` out to permit any method but CONNECT, TRACE and TRACK",
            );
            continue;
        }
        match Method::parse(w.text) {
            Ok(m) => out.push(m),
            Err(e) => {
                let hint = match e {
                    MethodError::Empty => "remove the empty entry",
                    MethodError::NotAToken => {
                        "write a bare method name such as `GET` (no spaces or other characters)"
                    }
                    MethodError::TooLong => "write a method of at most 32 bytes, such as `GET`",
                };
                diags.error_hint(
                    "invalid-method",
                    w.position,
                    format!("`{}`: {e}", w.path),
                    hint,
                );
            }
        }
    }
    out
}

fn parse_schemes(
    items: &[Written<'_>],
    position: Position,
    diags: &mut Diagnostics,
) -> Vec<String> {
    let mut out = Vec::new();
    for w in items {
        let t = w.text;
        let valid = t.starts_with(|c: char| c.is_ascii_alphabetic())
            && t.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
        if !valid {
            let hint = match t.strip_suffix("://").or_else(|| t.strip_suffix(':')) {
                Some(bare) if !bare.is_empty() => format!("write `{}`", bare.to_ascii_lowercase()),
                _ => "write a scheme name such as `https`".to_string(),
            };
            diags.error_hint(
                "invalid-scheme",
                w.position,
                format!("`{}` is not a URL scheme", w.path),
                hint,
            );
            continue;
        }
        if t.bytes().any(|b| b.is_ascii_uppercase()) {
            diags.warning_hint(
                "noncanonical-scheme",
                w.position,
                format!("`{}` is written in upper case", w.path),
                format!("write `{}`", t.to_ascii_lowercase()),
            );
        }
        out.push(t.to_ascii_lowercase());
    }
    if items.is_empty() {
        diags.warning_hint(
            "empty-schemes",
            position,
            "`schemes` is empty: every URL is denied",
            "list the schemes to allow, e.g. [https], or leave `schemes` out for http, https, ws and wss",
        );
    }
    out
}

/// Reads a `network:` section (or an agentguard-shaped top level, with `path` `""`).
pub fn read_network(node: &Node, path: &str, cx: &mut ReadContext) -> NetworkSection {
    let errors_before = cx.diags.errors().count();
    let diags = &mut cx.diags;
    let Some(mut map) = MapReader::new(node, path, diags) else {
        return NetworkSection {
            egress: EgressPolicy::invalid(),
            builtin: false,
            local_dev_ports: Vec::new(),
        };
    };
    let ports_path = map.child_path("local_dev_ports");
    let local_dev_ports = match map.take("local_dev_ports") {
        None => DEFAULT_LOCAL_DEV_PORTS.to_vec(),
        Some(n) => read_ports(n, &ports_path, diags),
    };
    let allow_path = map.child_path("allow");
    let allow = match map.take("allow") {
        None => {
            diags.warning_hint(
                "no-allowlist",
                map.position(),
                format!(
                    "{} has no `allow` list: every request is denied",
                    if path.is_empty() { "the policy".to_string() } else { format!("`{path}`") }
                ),
                "add `allow: [\"api.example.com\"]` (a section left out of the file keeps the built-in `allow: [\"*\"]`)",
            );
            None
        }
        Some(n) if matches!(n.value, Value::Null) => {
            diags.error_hint(
                "wrong-type",
                n.position,
                format!("`{allow_path}` is null"),
                "write a list of host patterns, e.g. [\"api.example.com\"]; `[]` allows nothing",
            );
            None
        }
        Some(n) => {
            let items = list(n, &allow_path, diags);
            if items.as_ref().is_some_and(|l| l.is_empty()) {
                diags.warning_hint(
                    "empty-allowlist",
                    n.position,
                    format!("`{allow_path}` is empty: every request is denied"),
                    "list the hosts to allow, e.g. [\"api.example.com\"]",
                );
            }
            items
        }
    };
    let deny_path = map.child_path("deny");
    let deny = match map.take("deny") {
        None => Some(Vec::new()),
        Some(n) if matches!(n.value, Value::Null) => Some(Vec::new()),
        Some(n) => list(n, &deny_path, diags),
    };
    let methods_path = map.child_path("methods");
    let methods = match map.take("methods") {
        Some(n) if !matches!(n.value, Value::Null) => {
            list(n, &methods_path, diags).map(|l| (l, n.position))
        }
        _ => None,
    };
    let schemes_path = map.child_path("schemes");
    let schemes = match map.take("schemes") {
        Some(n) if !matches!(n.value, Value::Null) => {
            list(n, &schemes_path, diags).map(|l| (l, n.position))
        }
        _ => None,
    };
    map.finish(NETWORK_KEYS, diags);

    let allow_patterns = allow.as_ref().map(|items| parse_patterns(items, diags));
    let deny_patterns = deny
        .as_ref()
        .map(|items| parse_patterns(items, diags))
        .unwrap_or_default();
    let methods = methods.map(|(items, position)| {
        let parsed = parse_methods(&items, diags);
        lint_methods(&items, position, &methods_path, diags);
        parsed
    });
    let schemes = schemes.map(|(items, position)| parse_schemes(&items, position, diags));
    lint_patterns(
        allow.as_deref().unwrap_or(&[]),
        allow_patterns.as_deref().unwrap_or(&[]),
        deny.as_deref().unwrap_or(&[]),
        &deny_patterns,
        diags,
    );

    if cx.diags.errors().count() > errors_before {
        return NetworkSection {
            egress: EgressPolicy::invalid(),
            builtin: false,
            local_dev_ports: Vec::new(),
        };
    }
    let allow = allow_patterns.map(|v| v.into_iter().flatten().collect());
    let deny = deny_patterns.into_iter().flatten().collect();
    NetworkSection {
        egress: EgressPolicy::new(allow, deny, methods, schemes),
        builtin: false,
        local_dev_ports,
    }
}

/// For the MCP server: an agentguard `{allow, deny, methods}` JSON object (extended with
/// toolgate's pattern forms and `schemes`), strictly validated. Any error makes the returned
/// policy [`EgressPolicy::invalid`].
pub fn network_from_json(value: &serde_json::Value) -> (EgressPolicy, Diagnostics) {
    let node = Node::from_json(value);
    let mut cx = ReadContext {
        diags: Diagnostics::new(),
        base_dir: None,
    };
    let section = read_network(&node, "", &mut cx);
    (section.egress, cx.diags)
}
