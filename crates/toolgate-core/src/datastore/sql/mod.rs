//! SQL: which statements drop, truncate, or delete or update every row.
//!
//! The text is split into tokens by the dialect's rules ([`lexer`]), then read statement by
//! statement and parenthesised group by group ([`statements`]): a group whose first keyword is
//! `DELETE` or `UPDATE` and that has no `WHERE` of its own (or only an always-true one) loses
//! every row. Statements built from strings (`EXECUTE '…'`, `PREPARE s FROM '…'`, `DO $$…$$`)
//! are read again from their string literals, to a fixed depth.
//!
//! When the dialect is not known, the text is read under every dialect and what any reading
//! finds counts; the text is unreadable only if no reading could read it.

mod lexer;
mod statements;
#[cfg(test)]
mod tests;

use lexer::{Client, Syntax};

use super::DataScan;

/// Which SQL the text is, and which client reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SqlDialect {
    /// PostgreSQL text as the server reads it.
    Postgres,
    /// PostgreSQL text read by `psql` (backslash commands).
    Psql,
    /// MySQL / MariaDB text as the server reads it.
    MySql,
    /// MySQL / MariaDB text read by the `mysql` client (`\!`, `system`, `delimiter`).
    MySqlClient,
    /// SQLite text as the library reads it.
    Sqlite,
    /// SQLite text read by the `sqlite3` shell (dot-commands).
    Sqlite3Shell,
    /// ClickHouse text (`clickhouse-client`, `clickhouse client`).
    ClickHouse,
    /// SQL Server's T-SQL read by `sqlcmd` (`!!`, `:r` at the start of a line).
    Sqlcmd,
    /// Unknown: read as every dialect (an MCP tool's `sql` argument).
    Unknown,
}

const POSTGRES: Syntax = Syntax {
    backslash_escapes: false,
    double_quote_string: false,
    backtick: false,
    brackets: false,
    postgres_strings: true,
    nested_comments: true,
    hash_comments: false,
    dash_needs_space: false,
    exec_comments: false,
    open_comment_ok: false,
    client: Client::None,
};

const MYSQL: Syntax = Syntax {
    backslash_escapes: true,
    double_quote_string: true,
    backtick: true,
    brackets: false,
    postgres_strings: false,
    nested_comments: false,
    hash_comments: true,
    dash_needs_space: true,
    exec_comments: true,
    open_comment_ok: false,
    client: Client::None,
};

const SQLITE: Syntax = Syntax {
    backslash_escapes: false,
    double_quote_string: false,
    backtick: true,
    brackets: true,
    postgres_strings: false,
    nested_comments: false,
    hash_comments: false,
    dash_needs_space: false,
    exec_comments: false,
    open_comment_ok: true,
    client: Client::None,
};

const CLICKHOUSE: Syntax = Syntax {
    backslash_escapes: true,
    double_quote_string: false,
    backtick: true,
    brackets: false,
    postgres_strings: false,
    nested_comments: true,
    hash_comments: false,
    dash_needs_space: false,
    exec_comments: false,
    open_comment_ok: false,
    client: Client::None,
};

/// SQL Server's T-SQL: `'…'` strings, `"…"` and `[…]` identifiers, nested comments.
const TSQL: Syntax = Syntax {
    backslash_escapes: false,
    double_quote_string: false,
    backtick: false,
    brackets: true,
    postgres_strings: false,
    nested_comments: true,
    hash_comments: false,
    dash_needs_space: false,
    exec_comments: false,
    open_comment_ok: false,
    client: Client::None,
};

impl SqlDialect {
    /// The readings to take: one per dialect this text may be.
    fn readings(self) -> Vec<Syntax> {
        let with = |s: Syntax, client| Syntax { client, ..s };
        match self {
            SqlDialect::Postgres => vec![POSTGRES],
            SqlDialect::Psql => vec![with(POSTGRES, Client::Psql)],
            SqlDialect::MySql => vec![MYSQL],
            SqlDialect::MySqlClient => vec![with(MYSQL, Client::Mysql)],
            SqlDialect::Sqlite => vec![SQLITE],
            SqlDialect::Sqlite3Shell => vec![with(SQLITE, Client::Sqlite3)],
            // Whether `#` starts a comment depends on the server's version: read it both ways.
            SqlDialect::ClickHouse => vec![
                CLICKHOUSE,
                Syntax {
                    hash_comments: true,
                    ..CLICKHOUSE
                },
            ],
            SqlDialect::Sqlcmd => vec![with(TSQL, Client::Sqlcmd)],
            SqlDialect::Unknown => vec![POSTGRES, MYSQL, SQLITE],
        }
    }
}

/// What `text` would do to a SQL database of `dialect`.
///
/// Under several readings (ClickHouse, an unknown dialect) every loss any reading finds counts,
/// and the text is unreadable only when every reading found it so.
pub fn scan(text: &str, dialect: SqlDialect) -> DataScan {
    let mut out = DataScan::default();
    let mut all_unreadable = None;
    for (n, syntax) in dialect.readings().into_iter().enumerate() {
        let one = statements::scan_text(text, syntax, 0);
        for l in &one.losses {
            out.add(*l);
        }
        all_unreadable = match (n, one.unreadable, all_unreadable) {
            (0, u, _) => u,
            (_, Some(_), Some(first)) => Some(first),
            _ => None,
        };
    }
    out.unreadable = all_unreadable;
    out
}
