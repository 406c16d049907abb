//! Search engines' HTTP APIs: how a URL is recognised as one (the engine's default ports, its
//! hosted service's names) and which requests delete indices or documents. The databases
//! pack reads them to stop `curl -X DELETE localhost:9200/logs` as it stops `DROP TABLE`.

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

/// One search engine's HTTP API.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SearchApi {
    /// The engine's name (documentation and tests).
    pub(crate) engine: &'static str,
    /// The ports its API listens on by default.
    pub(crate) ports: &'static [u16],
    /// Host name suffixes of its hosted service (lower case, with the leading dot).
    pub(crate) host_suffixes: &'static [&'static str],
    /// The requests that delete indices or documents.
    pub(crate) deletes: &'static [DeletingRequest],
}

const fn request(method: &'static str, path: PathMatch) -> DeletingRequest {
    DeletingRequest { method, path }
}

/// The search engines toolgate knows.
pub(crate) const SEARCH_APIS: &[SearchApi] = &[
    SearchApi {
        engine: "Elasticsearch / OpenSearch",
        ports: &[9200, 9243],
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
    SearchApi {
        engine: "Meilisearch",
        ports: &[7700],
        host_suffixes: &[".meilisearch.io"],
        deletes: &[request("DELETE", PathMatch::Prefix("/indexes"))],
    },
    SearchApi {
        engine: "Typesense",
        ports: &[8108],
        host_suffixes: &[".typesense.net"],
        deletes: &[request("DELETE", PathMatch::Prefix("/collections"))],
    },
    SearchApi {
        engine: "Algolia",
        ports: &[],
        host_suffixes: &[".algolia.net", ".algolianet.com", ".algolia.io"],
        deletes: &[
            request("DELETE", PathMatch::Prefix("/1/indexes")),
            request("POST", PathMatch::Segment("clear")),
            request("POST", PathMatch::Segment("deleteByQuery")),
        ],
    },
];

impl PathMatch {
    fn holds(self, path: &str) -> bool {
        match self {
            PathMatch::AnyExcept(spared) => !spared.iter().any(|s| path.starts_with(s)),
            PathMatch::Prefix(prefix) => path.starts_with(prefix),
            PathMatch::Segment(segment) => path.split('/').any(|s| s == segment),
        }
    }
}

/// The search engine whose data a request deletes, if any: `host` lower case, `port` as
/// dialled, `path` without its query; `method` `None` when only known at run time (it may
/// then be any method).
pub(crate) fn deleting_engine(
    host: &str,
    port: u16,
    path: &str,
    method: Option<&str>,
) -> Option<&'static str> {
    SEARCH_APIS
        .iter()
        .filter(|api| {
            api.ports.contains(&port) || api.host_suffixes.iter().any(|s| host.ends_with(s))
        })
        .find(|api| {
            api.deletes.iter().any(|r| {
                method.is_none_or(|m| r.method.eq_ignore_ascii_case(m)) && r.path.holds(path)
            })
        })
        .map(|api| api.engine)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_consistent() {
        for api in SEARCH_APIS {
            assert!(
                !api.ports.is_empty() || !api.host_suffixes.is_empty(),
                "{}",
                api.engine
            );
            assert!(!api.deletes.is_empty(), "{}", api.engine);
            for s in api.host_suffixes {
                assert!(s.starts_with('.') && *s == s.to_ascii_lowercase(), "{s}");
            }
            for r in api.deletes {
                assert_eq!(r.method, r.method.to_ascii_uppercase());
            }
        }
    }

    #[test]
    fn deleting_requests_by_port_host_and_path() {
        let deletes = |host: &str, port: u16, path: &str, method: &str| {
            deleting_engine(host, port, path, Some(method)).is_some()
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
        assert!(deleting_engine("localhost", 9200, "/logs", None).is_some());
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
}
