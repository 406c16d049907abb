//! MCP tools that destroy a whole store of data or a hosted resource by name:
//! `delete_repository`, `drop-database`, `d1_database_delete`, `delete_project`,
//! `flush_all`, a `delete-many` with an empty filter. They have no shell command to be read
//! as, so their names are read against a table of what they destroy, each row the pack rule
//! the same command on the shell gets (`gh repo delete` is `TG-HOSTING-REPO-DELETE`).

use serde_json::Value;

use super::name_words;

/// Verbs in a tool's name that destroy what the name's object names.
const DESTROY_VERBS: &[&str] = &[
    "delete",
    "drop",
    "destroy",
    "remove",
    "purge",
    "truncate",
    "terminate",
    "wipe",
    "erase",
];

/// One kind of resource and the pack rule its destruction gets.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DestroyedResource {
    /// The words of a tool's name that name it (singular and plural).
    pub(crate) objects: &'static [&'static str],
    /// The pack rule.
    pub(crate) rule: &'static str,
    /// Words one of which the name, its server's included, must also hold (a database's
    /// user: `delete_database_user`, `mcp__postgres__drop_role`; an app's user is another
    /// matter). Empty: none.
    pub(crate) within: &'static [&'static str],
}

const fn resource(objects: &'static [&'static str], rule: &'static str) -> DestroyedResource {
    DestroyedResource {
        objects,
        rule,
        within: &[],
    }
}

/// The resources. A project's branch and a repository's file are left out on purpose:
/// deleting one is routine (a merged branch) or is judged elsewhere (file tools), and their
/// names say so by ending in another word (`delete_project_branch`). A user or role is a
/// database's only when the name says so (`delete_database_user`, as `DROP USER` is).
pub(crate) const DESTROYED_RESOURCES: &[DestroyedResource] = &[
    resource(
        &["repository", "repositories", "repo", "repos"],
        "TG-HOSTING-REPO-DELETE",
    ),
    resource(
        &[
            "database",
            "databases",
            "db",
            "dbs",
            "table",
            "tables",
            "schema",
            "schemas",
            "keyspace",
            "keyspaces",
        ],
        "TG-DB-DROP",
    ),
    resource(&["collection", "collections"], "TG-DB-MONGO-DROP"),
    DestroyedResource {
        within: &[
            "database",
            "db",
            "sql",
            "postgres",
            "postgresql",
            "mysql",
            "mongodb",
            "mongo",
        ],
        ..resource(
            &["user", "users", "role", "roles", "login", "logins"],
            "TG-DB-DROP-USER",
        )
    },
    resource(
        &["index", "indices", "indexes"],
        "TG-DB-SEARCH-INDEX-DELETE",
    ),
    resource(
        &[
            "project",
            "projects",
            "app",
            "apps",
            "application",
            "applications",
            "site",
            "sites",
            "instance",
            "instances",
            "cluster",
            "clusters",
            "server",
            "servers",
            "droplet",
            "droplets",
            "bucket",
            "buckets",
            "volume",
            "volumes",
            "workspace",
            "workspaces",
            "organization",
            "organizations",
            "environment",
            "environments",
        ],
        "TG-CLOUD-PLATFORM-DELETE",
    ),
];

/// The pack rules an MCP tool's own name (`mcp__server__delete_repository`) and arguments
/// say it breaks: a destroy verb and a resource of [`DESTROYED_RESOURCES`], the resource the
/// name's last word or the verb last and the resource just before it (`delete_projects`,
/// `d1_database_delete`; not `remove_project_member`); a key store flushed whole
/// (`flush_all`, `flushdb`); every document deleted (`delete-many` with an empty or no
/// filter).
pub(crate) fn resource_delete_rules(tool_name: &str, input: &Value) -> Vec<&'static str> {
    let words = name_words(tool_name);
    // With the server's name: `mcp__postgres__delete_user` is a database's user.
    let all_words = name_words(&tool_name.replace("__", "_"));
    let mut out = Vec::new();
    let is_verb = |w: &String| DESTROY_VERBS.contains(&w.as_str());
    let object_rule = |w: &String| {
        DESTROYED_RESOURCES
            .iter()
            .find(|r| {
                r.objects.contains(&w.as_str())
                    && (r.within.is_empty()
                        || all_words.iter().any(|x| r.within.contains(&x.as_str())))
            })
            .map(|r| r.rule)
    };
    if let [.., before, last] = words.as_slice() {
        let rule = if is_verb(last) {
            object_rule(before)
        } else if words[..words.len() - 1].iter().any(is_verb) {
            object_rule(last)
        } else {
            None
        };
        out.extend(rule);
    }
    let has = |w: &str| words.iter().any(|x| x == w);
    if has("flushall") || has("flushdb") || (has("flush") && (has("all") || has("db"))) {
        out.push("TG-DB-KEYSTORE-WIPE");
    }
    if (has("deletemany") || (has("delete") && has("many"))) && filter_is_empty(input) {
        out.push("TG-DB-MONGO-DROP");
    }
    out.dedup();
    out
}

/// Whether a delete-many call's filter matches everything: none given, `{}`, or empty text.
fn filter_is_empty(input: &Value) -> bool {
    let filter = input
        .get("filter")
        .or_else(|| input.get("query"))
        .or_else(|| input.get("where"));
    match filter {
        None | Some(Value::Null) => true,
        Some(Value::Object(m)) => m.is_empty(),
        Some(Value::String(s)) => {
            let t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
            t.is_empty() || t == "{}"
        }
        Some(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn tools_that_destroy_a_resource_by_name() {
        for (tool, rule) in [
            ("mcp__github__delete_repository", "TG-HOSTING-REPO-DELETE"),
            ("mcp__mongodb__drop-database", "TG-DB-DROP"),
            ("mcp__cloudflare__d1_database_delete", "TG-DB-DROP"),
            ("mcp__neon__delete_project", "TG-CLOUD-PLATFORM-DELETE"),
            ("mcp__vercel__deleteProject", "TG-CLOUD-PLATFORM-DELETE"),
            ("mcp__db__dropTable", "TG-DB-DROP"),
            ("mcp__mongodb__drop-collection", "TG-DB-MONGO-DROP"),
            ("mcp__es__delete_index", "TG-DB-SEARCH-INDEX-DELETE"),
            ("mcp__do__droplet_destroy", "TG-CLOUD-PLATFORM-DELETE"),
            ("mcp__redis__flushall", "TG-DB-KEYSTORE-WIPE"),
            ("mcp__redis__flush_db", "TG-DB-KEYSTORE-WIPE"),
            ("mcp__db__delete_database_user", "TG-DB-DROP-USER"),
            ("mcp__postgres__drop_role", "TG-DB-DROP-USER"),
            ("mcp__mongodb__drop-user", "TG-DB-DROP-USER"),
        ] {
            assert_eq!(
                resource_delete_rules(tool, &json!({"name": "x"})),
                [rule],
                "{tool}"
            );
        }
        assert_eq!(
            resource_delete_rules("mcp__mongodb__delete-many", &json!({"collection": "u"})),
            ["TG-DB-MONGO-DROP"]
        );
        assert_eq!(
            resource_delete_rules("mcp__mongo__deleteMany", &json!({"filter": {}})),
            ["TG-DB-MONGO-DROP"]
        );
    }

    #[test]
    fn tools_that_change_less_or_only_read_pass() {
        for tool in [
            "mcp__github__delete_branch",
            "mcp__github__delete_file",
            "mcp__gitlab__remove_project_member",
            "mcp__slack__delete_user",
            "mcp__auth__remove_role",
            "mcp__github__list_repositories",
            "mcp__github__create_repository",
            "mcp__neon__describe_project",
            "mcp__db__drop_table_column",
            "mcp__redis__delete",
            "mcp__docker__remove_container",
            "mcp__fs__delete_directory",
            "delete",
        ] {
            assert!(resource_delete_rules(tool, &json!({})).is_empty(), "{tool}");
        }
        assert!(
            resource_delete_rules(
                "mcp__mongodb__delete-many",
                &json!({"filter": {"status": "stale"}})
            )
            .is_empty()
        );
    }

    #[test]
    fn every_rule_is_a_pack_rule_and_objects_are_lower_case() {
        for r in DESTROYED_RESOURCES {
            assert!(toolgate_core::packs::rule(r.rule).is_some(), "{}", r.rule);
            for o in r.objects {
                assert_eq!(*o, o.to_ascii_lowercase());
            }
        }
        for rule in ["TG-DB-KEYSTORE-WIPE", "TG-DB-MONGO-DROP"] {
            assert!(toolgate_core::packs::rule(rule).is_some(), "{rule}");
        }
        // No object is also a verb, and no word names two resources.
        let mut seen = std::collections::HashSet::new();
        for o in DESTROYED_RESOURCES.iter().flat_map(|r| r.objects) {
            assert!(!DESTROY_VERBS.contains(o), "{o}");
            assert!(seen.insert(*o), "{o} twice");
        }
    }
}
