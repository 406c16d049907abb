//! The database clients: which programs send statements or commands to a data store, in which
//! language, and where they take them from (options, operands, stdin). One row per client;
//! the option specs are the clients' rows in the program table.
//!
//! `facts::datastore` reads a command with its row; the data-loss reader of `toolgate-core`
//! (`datastore`) reads the text.

use toolgate_core::datastore::sql::SqlDialect;

/// The language a client's text is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Language {
    /// SQL of a dialect (with the client's own commands: psql's `\!`, sqlite3's `.shell`).
    Sql(SqlDialect),
    /// Redis commands: the operands are one command, stdin holds one per line.
    Redis,
    /// MongoDB shell JavaScript.
    Mongo,
    /// memcached's text protocol: one command per line.
    Memcached,
}

/// Where the operands (after the subcommand, if the client has one) stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Operands {
    /// They name the database, the user or script files: none is text (`psql DB USER`).
    Names,
    /// After the first this many, each operand is text to run (`sqlite3 DB 'SQL' …`: 1).
    TextAfter(usize),
    /// They are one command, its name first (`redis-cli -n 2 FLUSHDB`).
    Command,
}

/// An option whose value is optional, read as the client reads it before the option reader
/// reads the rest (the spec leaves the option out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OptionalValue {
    /// No such option.
    None,
    /// The value of the short option is attached only (`mysql -pSECRET`; `-p db` prompts, and
    /// `db` is an operand). The long spelling takes it after `=`.
    Attached {
        /// The short option's letter.
        short: char,
        /// The long option's name (without `--`), a flag in the spec.
        long: &'static str,
    },
    /// The value is the next word unless it starts with `-` (yargs: `mongosh -p --eval …`
    /// prompts, `mongosh -p secret` does not).
    NextUnlessOption {
        /// The short option's letter.
        short: char,
        /// The long option's name (without `--`), a flag in the spec.
        long: &'static str,
    },
}

/// One database client.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Client {
    /// The program's basename, lower case (its row in the program table gives the options).
    pub(crate) program: &'static str,
    /// The subcommand the client needs, if any (`clickhouse client`, `typeorm query`; words
    /// of a path apart by one space: `d1 execute`).
    pub(crate) subcommand: Option<&'static str>,
    /// The language of its text.
    pub(crate) language: Language,
    /// Options whose value is text to run (`-c`, `--command`, `--eval`).
    pub(crate) text_options: &'static [&'static str],
    /// Options whose value names a file of text to run (`-f`); `-` names stdin.
    pub(crate) file_options: &'static [&'static str],
    /// Where the operands stand.
    pub(crate) operands: Operands,
    /// Operands after the first this many are files of text to run, which it runs instead
    /// of reading stdin (`mongosh DB script.js`); `None`: no such operands.
    pub(crate) file_operands_after: Option<usize>,
    /// An option with an optional value.
    pub(crate) optional_value: OptionalValue,
}

const fn client(program: &'static str, language: Language) -> Client {
    Client {
        program,
        subcommand: None,
        language,
        text_options: &[],
        file_options: &[],
        operands: Operands::Names,
        file_operands_after: None,
        optional_value: OptionalValue::None,
    }
}

const fn text(mut c: Client, options: &'static [&'static str]) -> Client {
    c.text_options = options;
    c
}

const fn files(mut c: Client, options: &'static [&'static str]) -> Client {
    c.file_options = options;
    c
}

const fn operands(mut c: Client, operands: Operands) -> Client {
    c.operands = operands;
    c
}

const fn sub(mut c: Client, subcommand: &'static str) -> Client {
    c.subcommand = Some(subcommand);
    c
}

const fn optional(mut c: Client, value: OptionalValue) -> Client {
    c.optional_value = value;
    c
}

const fn file_operands_after(mut c: Client, n: usize) -> Client {
    c.file_operands_after = Some(n);
    c
}

const PSQL: Language = Language::Sql(SqlDialect::Psql);
const MYSQL: Language = Language::Sql(SqlDialect::MySqlClient);
const SQLITE3: Language = Language::Sql(SqlDialect::Sqlite3Shell);
const CLICKHOUSE: Language = Language::Sql(SqlDialect::ClickHouse);
const MYSQL_PASSWORD: OptionalValue = OptionalValue::Attached {
    short: 'p',
    long: "password",
};
const MONGO_PASSWORD: OptionalValue = OptionalValue::NextUnlessOption {
    short: 'p',
    long: "password",
};

/// The clients. Each reads its stdin when it is given no text and no file (psql, mysql,
/// sqlite3, clickhouse-client, mongosh and redis-cli all run what they read from a pipe).
pub(crate) const CLIENTS: &[Client] = &[
    files(
        text(client("psql", PSQL), &["-c", "--command"]),
        &["-f", "--file"],
    ),
    optional(
        text(
            client("mysql", MYSQL),
            &["-e", "--execute", "--init-command"],
        ),
        MYSQL_PASSWORD,
    ),
    optional(
        text(
            client("mariadb", MYSQL),
            &["-e", "--execute", "--init-command"],
        ),
        MYSQL_PASSWORD,
    ),
    operands(
        text(client("sqlite3", SQLITE3), &["--cmd"]),
        Operands::TextAfter(1),
    ),
    files(
        text(client("clickhouse-client", CLICKHOUSE), &["-q", "--query"]),
        &["--queries-file"],
    ),
    sub(
        files(
            text(client("clickhouse", CLICKHOUSE), &["-q", "--query"]),
            &["--queries-file"],
        ),
        "client",
    ),
    file_operands_after(
        optional(
            files(
                text(client("mongosh", Language::Mongo), &["--eval"]),
                &["-f", "--file"],
            ),
            MONGO_PASSWORD,
        ),
        1,
    ),
    file_operands_after(
        optional(
            text(client("mongo", Language::Mongo), &["--eval"]),
            MONGO_PASSWORD,
        ),
        1,
    ),
    files(
        operands(client("redis-cli", Language::Redis), Operands::Command),
        &["--eval"],
    ),
    files(
        operands(client("valkey-cli", Language::Redis), Operands::Command),
        &["--eval"],
    ),
    // Cassandra: CQL, read as SQL of no one dialect (`DROP KEYSPACE`, `TRUNCATE`).
    files(
        text(
            client("cqlsh", Language::Sql(SqlDialect::Unknown)),
            &["-e", "--execute"],
        ),
        &["-f", "--file"],
    ),
    // DuckDB's shell: `duckdb FILE 'SQL'`, `-c`/`-s` (run and exit), `-cmd`, `-f FILE`; dot
    // commands as sqlite3's, whose shell it grew from.
    operands(
        files(
            text(client("duckdb", SQLITE3), &["-c", "-s", "--cmd"]),
            &["-f"],
        ),
        Operands::TextAfter(1),
    ),
    // SQL Server's sqlcmd: T-SQL with sqlcmd's own commands (`!!`, `:r`).
    files(
        text(
            client("sqlcmd", Language::Sql(SqlDialect::Sqlcmd)),
            &["-Q", "-q", "--query", "--initial-query"],
        ),
        &["-i", "--input-file"],
    ),
    // Snowflake's SnowSQL.
    files(
        text(
            client("snowsql", Language::Sql(SqlDialect::Unknown)),
            &["-q", "--query"],
        ),
        &["-f", "--filename"],
    ),
    // `cockroach sql`: PostgreSQL's dialect, as the server reads it.
    sub(
        files(
            text(
                client("cockroach", Language::Sql(SqlDialect::Postgres)),
                &["-e", "--execute"],
            ),
            &["-f", "--file"],
        ),
        "sql",
    ),
    // Cloudflare D1 (SQLite): `wrangler d1 execute DB --command SQL`, `--file FILE`.
    sub(
        files(
            text(
                client("wrangler", Language::Sql(SqlDialect::Sqlite)),
                &["--command"],
            ),
            &["--file"],
        ),
        "d1 execute",
    ),
    // `typeorm query 'SQL'`: the statement goes to whichever database the project uses.
    sub(
        operands(
            client("typeorm", Language::Sql(SqlDialect::Unknown)),
            Operands::TextAfter(0),
        ),
        "query",
    ),
];

/// The client row of a program basename (lower case).
pub(crate) fn client_of(program: &str) -> Option<&'static Client> {
    CLIENTS.iter().find(|c| c.program == program)
}

/// The program names of every client, for the rule packs' matchers.
pub(crate) const CLIENT_PROGRAMS: &[&str] = &[
    "psql",
    "mysql",
    "mariadb",
    "sqlite3",
    "clickhouse-client",
    "clickhouse",
    "mongosh",
    "mongo",
    "redis-cli",
    "valkey-cli",
    "cqlsh",
    "duckdb",
    "sqlcmd",
    "snowsql",
    "cockroach",
    "wrangler",
    "typeorm",
];

/// Programs that send what they read from stdin, as is, to a host and port (`nc HOST PORT`).
pub(crate) const SOCKET_CLIENTS: &[&str] = &["nc", "ncat", "netcat", "telnet", "socat"];

/// The data stores whose text protocol a socket client may speak, by their usual port: what
/// `echo flush_all | nc HOST 11211` sends is read as the store reads it.
pub(crate) const SOCKET_PROTOCOLS: &[(u16, Language)] =
    &[(6379, Language::Redis), (11211, Language::Memcached)];

/// The language of the data store listening on `port`, if it is one of [`SOCKET_PROTOCOLS`].
pub(crate) fn socket_protocol(port: u16) -> Option<Language> {
    SOCKET_PROTOCOLS
        .iter()
        .find(|(p, _)| *p == port)
        .map(|(_, l)| *l)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::programs::{Class, in_class, lookup};

    #[test]
    fn every_client_is_a_database_program_with_its_options() {
        for (i, c) in CLIENTS.iter().enumerate() {
            assert!(in_class(c.program, Class::Database), "{}", c.program);
            assert!(CLIENTS[i + 1..].iter().all(|o| o.program != c.program));
            let spec = lookup(c.program).expect("a row").options;
            let single_dash = crate::knowledge::programs::single_dash_long(c.program);
            for o in c.text_options.iter().chain(c.file_options) {
                // A one-dash program's one-letter options stay short (`duckdb -c`).
                let known = if single_dash && o.starts_with("--") {
                    o.strip_prefix("--")
                        .is_some_and(|l| spec.long_val.contains(&l))
                } else {
                    spec.takes_value(o)
                };
                assert!(known, "{}: {o} must take a value in its spec", c.program);
            }
            if let OptionalValue::Attached { short, long }
            | OptionalValue::NextUnlessOption { short, long } = c.optional_value
            {
                // The reader must take neither spelling's next word.
                assert!(!spec.short_val.contains(short), "{}", c.program);
                assert!(spec.long_flags.contains(&long), "{}: {long}", c.program);
            }
        }
        // A socket client is a network program whose destinations are read, no client.
        for p in SOCKET_CLIENTS {
            let row = lookup(p).unwrap_or_else(|| panic!("{p} has a row"));
            assert!(row.destinations.is_some(), "{p}");
            assert!(client_of(p).is_none(), "{p}");
        }
        let mut listed: Vec<&str> = CLIENTS.iter().map(|c| c.program).collect();
        let mut names = CLIENT_PROGRAMS.to_vec();
        listed.sort_unstable();
        names.sort_unstable();
        assert_eq!(listed, names, "CLIENT_PROGRAMS lists every client once");
    }
}
