//! HTTP APIs whose requests delete data: how a URL is recognised as one (the service's default
//! ports, its hosted names) and which requests delete. Search engines' indices and documents
//! (the databases pack stops `curl -X DELETE localhost:9200/logs` as it stops `DROP TABLE`),
//! and the resources of code hosts and hosting providers (the hosting pack asks about `curl
//! -X DELETE https://api.github.com/repos/o/r` as it asks about `gh repo delete`).

/// Which paths a deleting request targets.
#[derive(Debug, Clone, Copy)]
pub(crate) enum PathMatch {
    /// Every path except those starting with one of these (requests that only free a search
    /// context, such as a scroll).
    AnyExcept(&'static [&'static str]),
    /// Paths starting with this.
    Prefix(&'static str),
    /// Paths with this segment anywhere (`/logs/_delete_by_query`).
    Segment(&'static str),
}

/// A request that deletes data: its method and its paths.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DeletingRequest {
    /// The HTTP method, upper case.
    pub(crate) method: &'static str,
    /// The paths it deletes at.
    pub(crate) path: PathMatch,
}

/// One service's HTTP API.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HttpApi {
    /// The service's name (documentation and tests).
    pub(crate) name: &'static str,
    /// The ports its API listens on by default.
    pub(crate) ports: &'static [u16],
    /// Host name suffixes of its hosted service (lower case, with the leading dot).
    pub(crate) host_suffixes: &'static [&'static str],
    /// Host names of its API (lower case), the names under them too (`api.github.com`; a
    /// GitHub Enterprise Server is its own host and not listed).
    pub(crate) hosts: &'static [&'static str],
    /// Recognised by its paths on any host (a self-managed GitLab's `/api/v4/projects/…`,
    /// Jenkins' `…/doDelete`): its deleting requests' paths say what it is.
    pub(crate) any_host: bool,
    /// The requests that delete data.
    pub(crate) deletes: &'static [DeletingRequest],
}

const fn request(method: &'static str, path: PathMatch) -> DeletingRequest {
    DeletingRequest { method, path }
}

/// The search engines toolgate knows.
pub(crate) const SEARCH_ENGINES: &[HttpApi] = &[
    HttpApi {
        name: "Elasticsearch / OpenSearch",
        ports: &[9200, 9243],
        hosts: &[],
        any_host: false,
        host_suffixes: &[
            ".es.io",
            ".found.io",
            ".elastic-cloud.com",
            ".es.amazonaws.com",
            ".aoss.amazonaws.com",
            ".bonsai.io",
            ".bonsaisearch.net",
        ],
        deletes: &[
            // An index, a data stream, an alias, a snapshot, `_all`, `*`: every DELETE but the
            // ones that free a search context.
            request(
                "DELETE",
                PathMatch::AnyExcept(&["/_search/scroll", "/_pit", "/_async_search"]),
            ),
            request("POST", PathMatch::Segment("_delete_by_query")),
        ],
    },
    HttpApi {
        name: "Meilisearch",
        ports: &[7700],
        hosts: &[],
        any_host: false,
        host_suffixes: &[".meilisearch.io"],
        deletes: &[request("DELETE", PathMatch::Prefix("/indexes"))],
    },
    HttpApi {
        name: "Typesense",
        ports: &[8108],
        hosts: &[],
        any_host: false,
        host_suffixes: &[".typesense.net"],
        deletes: &[request("DELETE", PathMatch::Prefix("/collections"))],
    },
    HttpApi {
        name: "Algolia",
        ports: &[],
        hosts: &[],
        any_host: false,
        host_suffixes: &[".algolia.net", ".algolianet.com", ".algolia.io"],
        deletes: &[
            request("DELETE", PathMatch::Prefix("/1/indexes")),
            request("POST", PathMatch::Segment("clear")),
            request("POST", PathMatch::Segment("deleteByQuery")),
        ],
    },
];

/// Code hosts and hosting providers: every DELETE to their APIs deletes a resource (a
/// repository, a release, a DNS record, a server, an app).
pub(crate) const HOSTING_PROVIDERS: &[HttpApi] = &[
    provider("GitHub", &["api.github.com"]),
    provider("GitLab", &["gitlab.com"]),
    provider("Bitbucket", &["api.bitbucket.org"]),
    provider("Vercel", &["api.vercel.com"]),
    provider("Netlify", &["api.netlify.com"]),
    provider("Heroku", &["api.heroku.com"]),
    provider("DigitalOcean", &["api.digitalocean.com"]),
    provider("Cloudflare", &["api.cloudflare.com"]),
    provider("Fly.io", &["api.machines.dev", "api.fly.io"]),
    provider("Hetzner Cloud", &["api.hetzner.cloud"]),
    provider("Linode", &["api.linode.com"]),
    provider("Render", &["api.render.com"]),
    // Self-managed GitLab: the API's projects and groups, on whatever host it runs.
    HttpApi {
        name: "GitLab (self-managed)",
        ports: &[],
        host_suffixes: &[],
        hosts: &[],
        any_host: true,
        deletes: &[
            request("DELETE", PathMatch::Prefix("/api/v4/projects/")),
            request("DELETE", PathMatch::Prefix("/api/v4/groups/")),
        ],
    },
    // Jenkins: a job, node, view, build or credential is deleted by a POST to its
    // `doDelete`.
    HttpApi {
        name: "Jenkins",
        ports: &[],
        host_suffixes: &[],
        hosts: &[],
        any_host: true,
        deletes: &[request("POST", PathMatch::Segment("doDelete"))],
    },
];

/// A provider whose API answers at `hosts` (exactly, or any name under them), every DELETE
/// deleting.
const fn provider(name: &'static str, hosts: &'static [&'static str]) -> HttpApi {
    HttpApi {
        name,
        ports: &[],
        host_suffixes: &[],
        hosts,
        any_host: false,
        deletes: EVERY_DELETE,
    }
}

/// Every DELETE request, whatever its path.
const EVERY_DELETE: &[DeletingRequest] = &[request("DELETE", PathMatch::AnyExcept(&[]))];

impl PathMatch {
    fn holds(self, path: &str) -> bool {
        match self {
            PathMatch::AnyExcept(spared) => !spared.iter().any(|s| path.starts_with(s)),
            PathMatch::Prefix(prefix) => path.starts_with(prefix),
            PathMatch::Segment(segment) => path.split('/').any(|s| s == segment),
        }
    }
}

/// The service of `apis` whose data a request deletes, if any: `host` lower case, `port` as
/// dialled, `path` without its query; `method` `None` when only known at run time (it may
/// then be any method).
pub(crate) fn deleting_api(
    apis: &'static [HttpApi],
    host: &str,
    port: u16,
    path: &str,
    method: Option<&str>,
) -> Option<&'static str> {
    apis.iter()
        .filter(|api| {
            api.any_host
                || api.ports.contains(&port)
                || api.host_suffixes.iter().any(|s| host.ends_with(s))
                || api.hosts.iter().any(|h| {
                    host.strip_suffix(h)
                        .is_some_and(|before| before.is_empty() || before.ends_with('.'))
                })
        })
        .find(|api| {
            api.deletes.iter().any(|r| {
                method.is_none_or(|m| r.method.eq_ignore_ascii_case(m)) && r.path.holds(path)
            })
        })
        .map(|api| api.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_consistent() {
        for api in SEARCH_ENGINES.iter().chain(HOSTING_PROVIDERS) {
            assert!(
                api.any_host
                    || !api.ports.is_empty()
                    || !api.host_suffixes.is_empty()
                    || !api.hosts.is_empty(),
                "{}",
                api.name
            );
            assert!(!api.deletes.is_empty(), "{}", api.name);
            for s in api.host_suffixes {
                assert!(s.starts_with('.') && *s == s.to_ascii_lowercase(), "{s}");
            }
            for h in api.hosts {
                assert!(!h.starts_with('.') && *h == h.to_ascii_lowercase(), "{h}");
            }
            for r in api.deletes {
                assert_eq!(r.method, r.method.to_ascii_uppercase());
            }
        }
    }

    #[test]
    fn deleting_requests_by_port_host_and_path() {
        let deletes = |host: &str, port: u16, path: &str, method: &str| {
            deleting_api(SEARCH_ENGINES, host, port, path, Some(method)).is_some()
        };
        assert!(deletes("localhost", 9200, "/logs-2024", "DELETE"));
        assert!(deletes("localhost", 9200, "/_all", "delete"));
        assert!(deletes(
            "x.es.us-east-1.aws.found.io",
            443,
            "/.kibana*",
            "DELETE"
        ));
        assert!(deletes(
            "search-x.us-east-1.es.amazonaws.com",
            443,
            "/logs",
            "DELETE"
        ));
        assert!(deletes("127.0.0.1", 9200, "/logs/_delete_by_query", "POST"));
        assert!(deletes("::1", 7700, "/indexes/movies", "DELETE"));
        assert!(deletes("localhost", 8108, "/collections/books", "DELETE"));
        assert!(deletes(
            "appid-dsn.algolia.net",
            443,
            "/1/indexes/products",
            "DELETE"
        ));
        assert!(deletes(
            "appid.algolia.net",
            443,
            "/1/indexes/products/clear",
            "POST"
        ));
        assert!(deleting_api(SEARCH_ENGINES, "localhost", 9200, "/logs", None).is_some());
        // Reads, writes, search-context cleanup and other services pass.
        assert!(!deletes("localhost", 9200, "/logs/_search", "GET"));
        assert!(!deletes("localhost", 9200, "/logs/_doc/1", "PUT"));
        assert!(!deletes("localhost", 9200, "/_search/scroll", "DELETE"));
        assert!(!deletes("localhost", 9200, "/_pit", "DELETE"));
        assert!(!deletes("localhost", 7700, "/keys/abc", "DELETE"));
        assert!(!deletes("localhost", 8080, "/api/items/1", "DELETE"));
        assert!(!deletes(
            "api.example.com",
            443,
            "/1/indexes/products",
            "DELETE"
        ));
        assert!(!deletes(
            "algolia.net.example.com",
            443,
            "/1/indexes/x",
            "DELETE"
        ));
    }

    #[test]
    fn every_delete_to_a_hosting_provider_deletes_and_nothing_else_does() {
        let provider = |host: &str, method: Option<&str>| {
            deleting_api(HOSTING_PROVIDERS, host, 443, "/repos/o/r", method)
        };
        assert_eq!(provider("api.github.com", Some("DELETE")), Some("GitHub"));
        assert_eq!(provider("api.github.com", Some("delete")), Some("GitHub"));
        assert_eq!(provider("api.github.com", None), Some("GitHub"));
        assert_eq!(provider("gitlab.com", Some("DELETE")), Some("GitLab"));
        assert_eq!(
            provider("eu.api.cloudflare.com", Some("DELETE")),
            Some("Cloudflare")
        );
        assert_eq!(provider("api.github.com", Some("GET")), None);
        assert_eq!(provider("api.github.com", Some("POST")), None);
        assert_eq!(
            provider("api.github.com.evil.example", Some("DELETE")),
            None
        );
        assert_eq!(provider("notapi.github.com", Some("DELETE")), None);
        assert_eq!(provider("localhost", Some("DELETE")), None);
        let on = |host: &str, path: &str, method: &str| {
            deleting_api(HOSTING_PROVIDERS, host, 443, path, Some(method))
        };
        assert_eq!(
            on(
                "gitlab.example.com",
                "/api/v4/projects/42/pipelines/1",
                "DELETE"
            ),
            Some("GitLab (self-managed)")
        );
        assert_eq!(on("gitlab.example.com", "/api/v4/projects/42", "GET"), None);
        assert_eq!(
            on("jenkins.local", "/job/deploy/doDelete", "POST"),
            Some("Jenkins")
        );
        assert_eq!(on("jenkins.local", "/job/deploy/build", "POST"), None);
        // The search engines are not providers, nor the other way round.
        assert_eq!(
            deleting_api(SEARCH_ENGINES, "api.github.com", 443, "/x", Some("DELETE")),
            None
        );
        assert_eq!(
            deleting_api(
                HOSTING_PROVIDERS,
                "localhost",
                9200,
                "/logs",
                Some("DELETE")
            ),
            None
        );
    }
}
