//! Properties of the data-loss reader: any text is read without a panic; text inside a
//! string literal or a comment never loses data; a destructive statement after any literal is
//! always found.

use proptest::prelude::*;
use toolgate_core::datastore::sql::{SqlDialect, scan};
use toolgate_core::datastore::{DataLoss, mongo, redis};

const DIALECTS: [SqlDialect; 8] = [
    SqlDialect::Postgres,
    SqlDialect::Psql,
    SqlDialect::MySql,
    SqlDialect::MySqlClient,
    SqlDialect::Sqlite,
    SqlDialect::Sqlite3Shell,
    SqlDialect::ClickHouse,
    SqlDialect::Unknown,
];

/// Text made of SQL's significant characters and keywords, so that quoting, comments and
/// statements are exercised rather than plain letters.
fn sql_like() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "'",
        "\"",
        "`",
        "\\",
        "$$",
        "$a$",
        "--",
        "#",
        "/*",
        "*/",
        "/*!",
        ";",
        "(",
        ")",
        "\n",
        " ",
        "DROP",
        "TABLE",
        "DELETE",
        "FROM",
        "WHERE",
        "UPDATE",
        "SET",
        "TRUNCATE",
        "t",
        "1",
        "=",
        "E'",
        "delimiter",
        ".shell",
        "\\!",
        "EXECUTE",
        "DO",
        "WITH",
        "x",
    ]);
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn any_text_is_read_without_panic(text in sql_like(), raw in ".{0,200}") {
        for d in DIALECTS {
            let _ = scan(&text, d);
            let _ = scan(&raw, d);
        }
        let _ = mongo::scan(&text);
        let _ = redis::scan_script(&text);
    }

    #[test]
    fn a_standard_string_literal_loses_nothing(text in sql_like()) {
        // Doubled quotes, no backslash escapes: PostgreSQL and SQLite strings.
        let literal = format!("SELECT '{}'", text.replace('\'', "''"));
        for d in [SqlDialect::Postgres, SqlDialect::Sqlite] {
            let s = scan(&literal, d);
            prop_assert!(s.losses.is_empty(), "{literal:?} as {d:?}: {:?}", s.losses);
            prop_assert_eq!(s.unreadable, None);
        }
        // MySQL: backslashes and quotes escaped.
        let escaped = text.replace('\\', "\\\\").replace('\'', "\\'");
        let literal = format!("SELECT '{escaped}'");
        let s = scan(&literal, SqlDialect::MySql);
        prop_assert!(s.losses.is_empty(), "{literal:?}: {:?}", s.losses);
    }

    #[test]
    fn a_line_comment_loses_nothing(text in sql_like()) {
        let line = text.replace(['\n', '\r'], " ");
        let commented = format!("-- {line}\nSELECT 1");
        for d in [SqlDialect::Postgres, SqlDialect::MySql, SqlDialect::Sqlite, SqlDialect::ClickHouse] {
            prop_assert!(scan(&commented, d).losses.is_empty(), "{commented:?} as {d:?}");
        }
    }

    #[test]
    fn a_drop_after_any_literal_is_found(text in sql_like()) {
        let sql = format!("SELECT '{}'; DROP TABLE users", text.replace('\'', "''"));
        for d in [SqlDialect::Postgres, SqlDialect::Sqlite, SqlDialect::Unknown] {
            prop_assert!(scan(&sql, d).losses.contains(&DataLoss::DropTable), "{sql:?} as {d:?}");
        }
    }
}
