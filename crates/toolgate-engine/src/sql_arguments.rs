//! SQL carried by MCP tool arguments (`sql`, `statement`, and `query` in database tools),
//! read by the same data-loss reader as the SQL that `psql -c` receives, and answered by the
//! same `databases` pack rules.

use serde_json::Value;
use toolgate_core::datastore::{DataLoss, sql};

/// Argument names that always carry SQL.
const SQL_ARGUMENT_NAMES: &[&str] = &["sql", "statement", "statements", "sql_query", "sqlquery"];

/// `query` carries SQL only in tools whose name says database: search tools call their text
/// `query` too, and "delete from history" is no statement.
const QUERY_ARGUMENT_NAME: &str = "query";

/// Words of a tool's full name (server and tool) that say it talks to a database, with the
/// dialect each implies.
const DATABASE_WORDS: &[(&str, sql::SqlDialect)] = &[
    ("sql", sql::SqlDialect::Unknown),
    ("db", sql::SqlDialect::Unknown),
    ("database", sql::SqlDialect::Unknown),
    ("postgres", sql::SqlDialect::Postgres),
    ("postgresql", sql::SqlDialect::Postgres),
    ("pg", sql::SqlDialect::Postgres),
    ("supabase", sql::SqlDialect::Postgres),
    ("neon", sql::SqlDialect::Postgres),
    ("mysql", sql::SqlDialect::MySql),
    ("mariadb", sql::SqlDialect::MySql),
    ("sqlite", sql::SqlDialect::Sqlite),
    ("clickhouse", sql::SqlDialect::ClickHouse),
    ("bigquery", sql::SqlDialect::Unknown),
    ("snowflake", sql::SqlDialect::Unknown),
    ("redshift", sql::SqlDialect::Postgres),
    ("duckdb", sql::SqlDialect::Postgres),
];

/// Deepest level searched for SQL arguments.
const MAX_DEPTH: usize = 40;

/// The words of a tool's whole name, lower case (`mcp__postgres__run_query` → `mcp`,
/// `postgres`, `run`, `query`; `executeSql` → `execute`, `sql`).
fn words(tool_name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for c in tool_name.chars() {
        if c.is_ascii_uppercase() && !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
        if c.is_ascii_alphanumeric() {
            current.push(c.to_ascii_lowercase());
        } else if !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// The data losses the SQL in `input` would cause. Claude Code's own tools carry no SQL.
pub(crate) fn sql_losses(tool_name: &str, input: &Value) -> Vec<DataLoss> {
    if is_builtin(tool_name) {
        return Vec::new();
    }
    let name_words = words(tool_name);
    let dialect = name_words.iter().find_map(|w| {
        DATABASE_WORDS
            .iter()
            .find(|(d, _)| d == w)
            .map(|(_, dialect)| *dialect)
    });
    let mut texts = Vec::new();
    collect(input, dialect.is_some(), 0, &mut texts);
    let mut losses: Vec<DataLoss> = Vec::new();
    for text in texts {
        for loss in sql::scan(text, dialect.unwrap_or(sql::SqlDialect::Unknown)).losses {
            if !losses.contains(&loss) {
                losses.push(loss);
            }
        }
    }
    losses.sort();
    losses
}

fn is_builtin(tool_name: &str) -> bool {
    matches!(
        tool_name,
        "Bash"
            | "Read"
            | "Write"
            | "Edit"
            | "MultiEdit"
            | "NotebookEdit"
            | "Glob"
            | "Grep"
            | "LS"
            | "WebFetch"
            | "WebSearch"
            | "TodoWrite"
            | "Agent"
            | "Task"
    )
}

fn collect<'a>(value: &'a Value, database_tool: bool, depth: usize, out: &mut Vec<&'a str>) {
    if depth > MAX_DEPTH {
        return;
    }
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                let lower = key.to_ascii_lowercase();
                let carries_sql = SQL_ARGUMENT_NAMES.contains(&lower.as_str())
                    || (database_tool && lower == QUERY_ARGUMENT_NAME);
                match v {
                    Value::String(s) if carries_sql => out.push(s),
                    Value::Array(items) if carries_sql => {
                        out.extend(items.iter().filter_map(Value::as_str));
                    }
                    _ => collect(v, database_tool, depth + 1, out),
                }
            }
        }
        Value::Array(items) => items
            .iter()
            .for_each(|v| collect(v, database_tool, depth + 1, out)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sql_arguments_of_mcp_tools() {
        assert_eq!(
            sql_losses("mcp__db__execute", &json!({"sql": "DROP TABLE users"})),
            [DataLoss::DropTable]
        );
        assert_eq!(
            sql_losses("mcp__postgres__query", &json!({"query": "TRUNCATE orders"})),
            [DataLoss::Truncate]
        );
        assert_eq!(
            sql_losses(
                "mcp__x__run",
                &json!({"batch": [{"statement": "DELETE FROM t"}, {"statement": "SELECT 1"}]})
            ),
            [DataLoss::DeleteWithoutWhere]
        );
        assert_eq!(
            sql_losses(
                "mcp__supabase__executeSql",
                &json!({"query": "update t set a = 1"})
            ),
            [DataLoss::UpdateWithoutWhere]
        );
    }

    #[test]
    fn near_misses() {
        // Harmless SQL.
        assert!(sql_losses("mcp__db__execute", &json!({"sql": "SELECT 1"})).is_empty());
        assert!(
            sql_losses(
                "mcp__postgres__query",
                &json!({"query": "DELETE FROM t WHERE id = 1"})
            )
            .is_empty()
        );
        // `query` of a search tool is not SQL.
        assert!(
            sql_losses(
                "mcp__search__web",
                &json!({"query": "delete from git history"})
            )
            .is_empty()
        );
        assert!(sql_losses("WebSearch", &json!({"query": "DROP TABLE syntax"})).is_empty());
        // Strings that mention a statement are data.
        assert!(
            sql_losses(
                "mcp__db__execute",
                &json!({"sql": "INSERT INTO notes VALUES ('DROP TABLE x')"})
            )
            .is_empty()
        );
        // A non-string value is no SQL.
        assert!(sql_losses("mcp__db__execute", &json!({"sql": 5})).is_empty());
    }

    #[test]
    fn the_tool_name_chooses_the_dialect() {
        // MySQL reads the backslash as an escape, so the DROP is inside the string there.
        let tricky = json!({"query": r"SELECT 'a\'; DROP TABLE users; -- '"});
        assert!(sql_losses("mcp__mysql__query", &tricky).is_empty());
        assert_eq!(
            sql_losses("mcp__postgres__query", &tricky),
            [DataLoss::DropTable]
        );
    }
}
