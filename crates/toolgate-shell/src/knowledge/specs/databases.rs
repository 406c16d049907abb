//! Option specs of database clients and of the framework commands that drop databases: the
//! options that take a value, so that a value (`psql -U app`, `redis-cli -n 2`, `mysql -D db`)
//! is never read as an operand, a subcommand or the statements to run.
//!
//! mysql's `-p` takes its value only when attached (`-pSECRET`; `-p db` prompts and names
//! the database `db`), and mongosh's `-p` only when the next word is no option: both are left
//! out here and read by `knowledge::datastores` (see `OptionalValue`).

use super::Spec;

/// psql: connection, output and variable options (`-c`/`--command` and `-f`/`--file` carry
/// the statements).
pub(crate) const PSQL: Spec = Spec::with_flags(
    "cdfhLopPRTUvF",
    &[
        "command",
        "dbname",
        "file",
        "host",
        "log-file",
        "output",
        "port",
        "pset",
        "record-separator",
        "table-attr",
        "username",
        "set",
        "variable",
        "field-separator",
    ],
    &[
        "echo-all",
        "no-align",
        "echo-errors",
        "echo-queries",
        "echo-hidden",
        "html",
        "list",
        "no-readline",
        "single-step",
        "single-line",
        "tuples-only",
        "expanded",
        "no-psqlrc",
        "single-transaction",
        "no-password",
        "password",
        "quiet",
        "csv",
        "help",
        "version",
    ],
);

/// The PostgreSQL command-line programs (`dropdb`, `createdb`): connection options.
pub(crate) const PG_TOOLS: Spec = Spec::with_flags(
    "hpU",
    &["host", "port", "username", "maintenance-db"],
    &[
        "echo",
        "interactive",
        "if-exists",
        "force",
        "no-password",
        "password",
        "help",
        "version",
    ],
);

/// mysql / mariadb: connection and output options (`-e`/`--execute` and `--init-command`
/// carry statements). `-p` is read apart (its value is attached only).
pub(crate) const MYSQL: Spec = Spec::with_flags(
    "DehPSu",
    &[
        "execute",
        "init-command",
        "database",
        "host",
        "port",
        "socket",
        "user",
        "protocol",
        "default-character-set",
        "defaults-file",
        "defaults-extra-file",
        "defaults-group-suffix",
        "login-path",
        "ssl-ca",
        "ssl-cert",
        "ssl-key",
        "ssl-mode",
        "connect-timeout",
        "max-allowed-packet",
        "prompt",
        "tee",
        "delimiter",
        "plugin-dir",
        "default-auth",
        "character-sets-dir",
        "bind-address",
    ],
    &[
        "pager",
        "local-infile",
        "batch",
        "silent",
        "verbose",
        "raw",
        "skip-column-names",
        "table",
        "vertical",
        "force",
        "xml",
        "html",
        "unbuffered",
        "no-defaults",
        "password",
        "help",
        "version",
    ],
);

/// mysqladmin / mariadb-admin: connection options (`-p` is read apart, as for mysql).
pub(crate) const MYSQLADMIN: Spec = Spec::with_flags(
    "hPSucOi",
    &[
        "host",
        "port",
        "socket",
        "user",
        "count",
        "sleep",
        "protocol",
        "defaults-file",
        "defaults-extra-file",
        "login-path",
        "connect-timeout",
        "shutdown-timeout",
        "character-sets-dir",
        "default-character-set",
    ],
    &["force", "silent", "verbose", "password", "help", "version"],
);

/// sqlite3 (long options with one dash, see `single_dash_long`): `-cmd` carries a command.
pub(crate) const SQLITE3: Spec = Spec::with_flags(
    "",
    &[
        "cmd",
        "init",
        "separator",
        "newline",
        "nullvalue",
        "mmap",
        "vfs",
        "maxsize",
        "nonce",
        "escape",
    ],
    &[
        "bail",
        "batch",
        "csv",
        "json",
        "line",
        "list",
        "box",
        "markdown",
        "table",
        "html",
        "header",
        "noheader",
        "echo",
        "readonly",
        "safe",
        "quote",
        "ascii",
        "column",
        "stats",
        "interactive",
        "help",
        "version",
    ],
);

/// DuckDB's shell (long options with one dash, see `single_dash_long`): `-c` and `-s` carry a
/// command to run and exit, `-cmd` one to run first, `-f` a file of them.
pub(crate) const DUCKDB: Spec = Spec::with_flags(
    "cfs",
    &["cmd", "init", "separator", "newline", "nullvalue"],
    &[
        "append",
        "ascii",
        "bail",
        "batch",
        "box",
        "column",
        "csv",
        "echo",
        "header",
        "noheader",
        "html",
        "interactive",
        "json",
        "line",
        "list",
        "markdown",
        "quote",
        "readonly",
        "safe",
        "stats",
        "table",
        "unsigned",
        "unredacted",
        "no-stdin",
        "ui",
        "help",
        "version",
    ],
);

/// SQL Server's `sqlcmd` (the ODBC one and go-sqlcmd's long spellings): `-Q` runs a query
/// and exits, `-q` runs one and stays, `-i` names files of them. The options whose value is
/// optional and attached only (`-k1`, `-p1`, `-X1`, `-r1`) are flags here.
pub(crate) const SQLCMD: Spec = Spec::with_flags(
    "SUPdHlthswacqQmViozZfyYvK",
    &[
        "server",
        "user-name",
        "password",
        "database-name",
        "query",
        "initial-query",
        "input-file",
        "output-file",
        "variables",
        "login-timeout",
        "query-timeout",
        "headers",
        "column-separator",
        "screen-width",
        "packet-size",
        "batch-terminator",
        "error-level",
        "error-severity-level",
        "code-page",
        "application-intent",
        "format",
    ],
    &[
        "use-trusted-connection",
        "echo-input",
        "enable-quoted-identifiers",
        "list-servers",
        "trim-spaces",
        "exit-on-error",
        "dedicated-admin-connection",
        "disable-variable-substitution",
        "multi-subnet-failover",
        "trust-server-certificate",
        "unicode-output-file",
        "help",
        "version",
    ],
);

/// SnowSQL (Snowflake's client): `-q`/`--query` carries statements, `-f`/`--filename` a file
/// of them.
pub(crate) const SNOWSQL: Spec = Spec::with_flags(
    "aurdswhqfocD",
    &[
        "accountname",
        "username",
        "dbname",
        "schemaname",
        "rolename",
        "warehouse",
        "host",
        "port",
        "region",
        "authenticator",
        "query",
        "filename",
        "option",
        "connection",
        "config",
        "variable",
        "private-key-path",
    ],
    &[
        "help",
        "version",
        "noup",
        "mfa-passcode-in-password",
        "abort-detached-query",
    ],
);

/// `cockroach sql`: `-e`/`--execute` carries statements, `-f`/`--file` a file of them.
pub(crate) const COCKROACH: Spec = Spec::with_flags(
    "edfu",
    &[
        "execute",
        "database",
        "file",
        "user",
        "url",
        "host",
        "port",
        "certs-dir",
        "format",
        "set",
        "cluster-name",
    ],
    &["insecure", "echo-sql", "safe-updates", "watch", "help"],
);

/// clickhouse-client (and `clickhouse client`): `-q`/`--query` carries statements,
/// `--queries-file` a file of them.
pub(crate) const CLICKHOUSE: Spec = Spec::with_flags(
    "hqduCf",
    &[
        "host",
        "port",
        "user",
        "password",
        "query",
        "queries-file",
        "database",
        "config-file",
        "format",
        "param",
        "query_id",
        "history_file",
        "max_threads",
    ],
    &[
        "multiline",
        "multiquery",
        "secure",
        "time",
        "vertical",
        "help",
        "version",
    ],
);

/// mongosh and the legacy mongo shell: `--eval` carries code, `--file`/`-f` a file of it.
/// `-p` is read apart (its value is optional).
pub(crate) const MONGOSH: Spec = Spec::with_flags(
    "uf",
    &[
        "eval",
        "file",
        "host",
        "port",
        "username",
        "authenticationDatabase",
        "authenticationMechanism",
        "awsAccessKeyId",
        "awsSecretAccessKey",
        "awsSessionToken",
        "gssapiServiceName",
        "sspiHostnameCanonicalization",
        "sspiRealmOverride",
        "tlsCAFile",
        "tlsCertificateKeyFile",
        "tlsCertificateKeyFilePassword",
        "tlsCRLFile",
        "tlsCertificateSelector",
        "tlsDisabledProtocols",
        "apiVersion",
        "csfleLibraryPath",
        "cryptSharedLibPath",
        "keyVaultNamespace",
        "kmsURL",
        "sslCAFile",
        "sslPEMKeyFile",
        "sslPEMKeyPassword",
    ],
    &[
        "nodb",
        "norc",
        "quiet",
        "shell",
        "verbose",
        "tls",
        "ssl",
        "retryWrites",
        "password",
        "help",
        "version",
    ],
);

/// redis-cli (and valkey-cli): options come before the command; those that take a value.
pub(crate) const REDIS_CLI: Spec = Spec::with_flags(
    "hpsaurindDtX",
    &[
        "user",
        "pass",
        "sni",
        "cacert",
        "cacertdir",
        "cert",
        "key",
        "tls-ciphers",
        "tls-ciphersuites",
        "rdb",
        "functions-rdb",
        "pipe-timeout",
        "pattern",
        "quoted-pattern",
        "count",
        "memkeys-samples",
        "intrinsic-latency",
        "eval",
        "cluster",
    ],
    &[
        "askpass",
        "tls",
        "insecure",
        "raw",
        "no-raw",
        "csv",
        "json",
        "quoted-json",
        "pipe",
        "scan",
        "bigkeys",
        "memkeys",
        "hotkeys",
        "stat",
        "latency",
        "latency-history",
        "latency-dist",
        "replica",
        "ldb",
        "ldb-sync-mode",
        "verbose",
        "no-auth-warning",
        "show-pushes",
        "help",
        "version",
    ],
);

/// etcdctl (v3, and v2's `rm`): global connection options, which may stand anywhere.
pub(crate) const ETCDCTL: Spec = Spec::with_flags(
    "w",
    &[
        "endpoints",
        "cacert",
        "cert",
        "key",
        "user",
        "password",
        "dial-timeout",
        "command-timeout",
        "keepalive-time",
        "keepalive-timeout",
        "discovery-srv",
        "discovery-srv-name",
        "write-out",
        "ca-file",
        "cert-file",
        "key-file",
        "peers",
    ],
    &[
        "prefix",
        "from-key",
        "prev-kv",
        "recursive",
        "dir",
        "hex",
        "insecure-transport",
        "insecure-skip-tls-verify",
        "insecure-discovery",
        "debug",
        "help",
    ],
);

/// rake and rails: the options that take a value, so `rake -f Rakefile db:drop` reads the
/// task, and the listing modes (`-T`, `-D`, `-W`, `-P`) do not run tasks.
pub(crate) const RAKE: Spec = Spec::with_flags(
    "fCIrReEp",
    &[
        "rakefile",
        "directory",
        "libdir",
        "require",
        "rakelibdir",
        "execute",
        "execute-print",
        "execute-continue",
        "environment",
    ],
    &[
        "jobs", "tasks", "describe", "where", "prereqs", "dry-run", "trace", "silent", "quiet",
        "verbose", "help", "version",
    ],
);

/// prisma: `--schema` names the schema file.
pub(crate) const PRISMA: Spec = Spec::with_flags(
    "",
    &["schema"],
    &[
        "force",
        "force-reset",
        "accept-data-loss",
        "skip-seed",
        "skip-generate",
        "help",
    ],
);

/// Cassandra's `cqlsh`: the options that take a value (`-e CQL`, `-f FILE`, `-k KEYSPACE`).
pub(crate) const CQLSH: Spec = Spec::with_flags(
    "uekfpb",
    &[
        "username",
        "password",
        "keyspace",
        "file",
        "execute",
        "cqlshrc",
        "cqlversion",
        "protocol-version",
        "connect-timeout",
        "request-timeout",
        "encoding",
        "secure-connect-bundle",
    ],
    &[
        "ssl",
        "no-color",
        "color",
        "debug",
        "tty",
        "no-file-io",
        "disable-history",
    ],
);

/// HashiCorp Consul (Go flags with one dash, read as `--name`).
pub(crate) const CONSUL: Spec = Spec::with_flags(
    "",
    &[
        "http-addr",
        "token",
        "token-file",
        "datacenter",
        "namespace",
        "partition",
        "ca-file",
        "ca-path",
        "client-cert",
        "client-key",
        "tls-server-name",
        "modify-index",
    ],
    &["recurse", "cas", "stale"],
);

/// InfluxDB 2's `influx`.
pub(crate) const INFLUX: Spec = Spec::with_flags(
    "tonib",
    &[
        "host",
        "token",
        "org",
        "org-id",
        "name",
        "id",
        "bucket",
        "bucket-id",
        "configs-path",
        "active-config",
        "start",
        "stop",
        "predicate",
    ],
    &["skip-verify", "json", "hide-headers", "http-debug"],
);

/// pg_restore: the options that take a value (`-d DB` restores into a database; without it
/// the script goes to a file or stdout).
pub(crate) const PG_RESTORE: Spec = Spec::values(
    "dfFIjLnNPSTthpU",
    &[
        "dbname",
        "file",
        "format",
        "index",
        "jobs",
        "use-list",
        "schema",
        "exclude-schema",
        "function",
        "superuser",
        "table",
        "trigger",
        "host",
        "port",
        "username",
        "role",
        "section",
        "filter",
    ],
);

/// mongorestore: the options that take a value.
pub(crate) const MONGORESTORE: Spec = Spec::values(
    "hupdc",
    &[
        "uri",
        "host",
        "port",
        "username",
        "password",
        "authenticationDatabase",
        "authenticationMechanism",
        "db",
        "collection",
        "nsInclude",
        "nsExclude",
        "nsFrom",
        "nsTo",
        "archive",
        "dir",
        "numParallelCollections",
        "numInsertionWorkersPerCollection",
        "writeConcern",
        "config",
    ],
);

/// Flyway and Liquibase (read with one dash, see `single_dash_long`): settings are attached
/// with `=` (`-url=…`, `--changelog-file=…`), so no option takes the next word.
pub(crate) const MIGRATION_TOOLS: Spec = Spec::values("", &[]);

/// The ZooKeeper shell: `-server HOST:PORT`, `-timeout MS`, `-client-configuration FILE`
/// (read with one dash).
pub(crate) const ZOOKEEPER_SHELL: Spec =
    Spec::values("", &["server", "timeout", "client-configuration"]);

/// alembic: `-c FILE`, `-n NAME`, `-x ARG` before the command.
pub(crate) const ALEMBIC: Spec = Spec::values("cnx", &["config", "name"]);
