//! Environment variables that send a command's traffic somewhere else: proxies, package
//! indexes and registries, container daemons, and configuration files that may name any of
//! these. A variable set for a command (`https_proxy=… curl …`, `export …`) reaches every
//! program it runs, so each is read whatever the program.

/// How a variable's value names where traffic goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EnvValue {
    /// A proxy (or a host): `scheme://[user@]host[:port]` or `[user@]host[:port]`.
    Proxy,
    /// URLs (a host without scheme is a host), separated by whitespace.
    Urls,
    /// Go's `GOPROXY` list: URLs separated by `,` or `|`, with the words `direct` and `off`.
    GoProxy,
    /// A container daemon address: `tcp://host:port`, `ssh://user@host` (`unix://` is local).
    Daemon,
    /// A configuration file (or the directory holding it) the program reads instead of its
    /// usual one: it may name any proxy, index or URL, so where the traffic goes is only
    /// known at run time. `/dev/null` and the empty value name none.
    ConfigFile,
}

/// One variable.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NetworkVariable {
    /// The name as the program reads it.
    pub(crate) name: &'static str,
    /// Whether the program reads the name in any case (npm's `npm_config_*`).
    pub(crate) any_case: bool,
    /// How its value is read.
    pub(crate) value: EnvValue,
}

const fn exact(name: &'static str, value: EnvValue) -> NetworkVariable {
    NetworkVariable {
        name,
        any_case: false,
        value,
    }
}

/// npm reads `npm_config_KEY` in any case (`_` for `-` in the key).
const fn npm(name: &'static str, value: EnvValue) -> NetworkVariable {
    NetworkVariable {
        name,
        any_case: true,
        value,
    }
}

use EnvValue::{ConfigFile, Daemon, GoProxy, Proxy, Urls};

/// The variables (see [`network_variable`] for the name patterns beside them).
pub(crate) const NETWORK_VARIABLES: &[NetworkVariable] = &[
    // Any program's proxy (curl, wget, git, pip, npm, python's urllib …).
    exact("http_proxy", Proxy),
    exact("https_proxy", Proxy),
    exact("all_proxy", Proxy),
    exact("ftp_proxy", Proxy),
    exact("HTTP_PROXY", Proxy),
    exact("HTTPS_PROXY", Proxy),
    exact("ALL_PROXY", Proxy),
    exact("FTP_PROXY", Proxy),
    // Program-specific proxies.
    exact("RSYNC_PROXY", Proxy),
    exact("PIP_PROXY", Proxy),
    exact("PIP_TRUSTED_HOST", Proxy),
    exact("CARGO_HTTP_PROXY", Proxy),
    exact("YARN_HTTP_PROXY", Proxy),
    exact("YARN_HTTPS_PROXY", Proxy),
    npm("npm_config_proxy", Proxy),
    npm("npm_config_https_proxy", Proxy),
    // Package indexes and registries.
    exact("PIP_INDEX_URL", Urls),
    exact("PIP_EXTRA_INDEX_URL", Urls),
    exact("PIP_FIND_LINKS", Urls),
    exact("UV_INDEX_URL", Urls),
    exact("UV_EXTRA_INDEX_URL", Urls),
    exact("UV_DEFAULT_INDEX", Urls),
    exact("UV_INDEX", Urls),
    exact("UV_FIND_LINKS", Urls),
    npm("npm_config_registry", Urls),
    exact("YARN_REGISTRY", Urls),
    exact("YARN_NPM_REGISTRY_SERVER", Urls),
    exact("GEM_SOURCE", Urls),
    exact("GOPROXY", GoProxy),
    exact("DOCKER_HOST", Daemon),
    exact("CONTAINER_HOST", Daemon),
    // Configuration files read instead of the usual ones.
    exact("CURL_HOME", ConfigFile),
    exact("WGETRC", ConfigFile),
    exact("PIP_CONFIG_FILE", ConfigFile),
    exact("UV_CONFIG_FILE", ConfigFile),
    npm("npm_config_userconfig", ConfigFile),
    npm("npm_config_globalconfig", ConfigFile),
];

/// How the variable `name` names destinations, if it does: a row of [`NETWORK_VARIABLES`],
/// or cargo's `CARGO_REGISTRIES_<NAME>_INDEX`.
pub(crate) fn network_variable(name: &str) -> Option<EnvValue> {
    if let Some(row) = NETWORK_VARIABLES.iter().find(|v| {
        if v.any_case {
            v.name.eq_ignore_ascii_case(name)
        } else {
            v.name == name
        }
    }) {
        return Some(row.value);
    }
    (name.starts_with("CARGO_REGISTRIES_") && name.ends_with("_INDEX")).then_some(Urls)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_npm_rows_are_its_prefix() {
        for (i, v) in NETWORK_VARIABLES.iter().enumerate() {
            let same = |w: &NetworkVariable| {
                w.name == v.name
                    || (v.any_case || w.any_case) && w.name.eq_ignore_ascii_case(v.name)
            };
            assert!(!NETWORK_VARIABLES[..i].iter().any(same), "{} twice", v.name);
            assert_eq!(v.any_case, v.name.starts_with("npm_config_"), "{}", v.name);
            assert!(!v.name.is_empty() && !v.name.contains(['=', ' ']));
        }
    }

    #[test]
    fn lookups_follow_each_programs_spelling() {
        assert_eq!(network_variable("https_proxy"), Some(Proxy));
        assert_eq!(network_variable("Https_Proxy"), None);
        assert_eq!(network_variable("NPM_CONFIG_REGISTRY"), Some(Urls));
        assert_eq!(network_variable("npm_config_Https_Proxy"), Some(Proxy));
        assert_eq!(network_variable("CARGO_REGISTRIES_MINE_INDEX"), Some(Urls));
        assert_eq!(network_variable("WGETRC"), Some(ConfigFile));
        assert_eq!(network_variable("PATH"), None);
    }
}
