//! Destinations: the URLs and hosts a command would reach.

use serde::Serialize;

/// The [`Destination::Url`] method of a request whose method is only known at run time
/// (`curl -X "$M"`): not a valid method, so no policy allows it by name.
pub const METHOD_AT_RUN_TIME: &str = "(run time)";

/// A destination a command would reach.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Destination {
    /// A URL (`curl https://…`, `git clone https://…`).
    Url {
        /// The URL as written.
        url: String,
        /// The program that would reach it: its name in the program table, `None` for a
        /// program the table does not list (its own word may be anything, a secret too).
        #[serde(skip_serializing_if = "Option::is_none")]
        program: Option<&'static str>,
        /// The HTTP method an HTTP client sends (`curl -d` → `POST`, `wget --spider` →
        /// `HEAD`, none given → `GET`); [`METHOD_AT_RUN_TIME`] when only known at run time;
        /// `None` for programs that send no HTTP method of their own choosing (`git clone`).
        #[serde(skip_serializing_if = "Option::is_none")]
        method: Option<String>,
    },
    /// A host without a URL (`ssh host`, `git@host:path`, `nc host 80`, a registry host).
    Host {
        /// The host name or address.
        host: String,
        /// The port, when given.
        port: Option<u16>,
        /// The program that would reach it (as for [`Destination::Url`]).
        #[serde(skip_serializing_if = "Option::is_none")]
        program: Option<&'static str>,
    },
    /// A destination that exists but is only known at run time (`curl "$URL"`, `ssh $HOST`,
    /// `curl -K file`, `ssh -o ProxyCommand=…`): it cannot be checked, so callers deny it.
    Unknown {
        /// The program that would reach it (as for [`Destination::Url`]).
        #[serde(skip_serializing_if = "Option::is_none")]
        program: Option<&'static str>,
    },
}

impl Destination {
    /// The program that would reach it, by its name in the program table (`None`: a program
    /// the table does not list).
    pub fn program(&self) -> Option<&'static str> {
        match self {
            Destination::Url { program, .. }
            | Destination::Host { program, .. }
            | Destination::Unknown { program } => *program,
        }
    }
}
