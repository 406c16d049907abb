//! The `databases` pack: dropping, truncating or emptying databases.
//!
//! What a client's statements and commands destroy (`psql -c`, `mysql -e`, `sqlite3 DB
//! 'SQL'`, `mongosh --eval`, `redis-cli FLUSHALL`, a heredoc or `echo … |` fed to any of them)
//! is read when the command is analysed (`facts::datastore`, with the data-loss reader of
//! `toolgate-core`), into the command's `data_losses`, as is what `nc HOST 11211` (or a Redis
//! port) sends from its stdin; the matchers here name which losses
//! each rule stops. The other commands (`dropdb`, `etcdctl del --prefix`, `consul kv delete
//! -recurse`, `influx bucket delete`, `rails db:drop`,
//! `manage.py flush`, …) are matched by their words.

use toolgate_core::datastore::DataLoss;

use super::requests::HTTP_CLIENTS;
use super::{Check, Matcher as M, Operands, Seen, View};
use crate::knowledge::datastores::{CLIENT_PROGRAMS, SOCKET_CLIENTS};
use crate::knowledge::http_apis::SEARCH_ENGINES;
use crate::model::SimpleCommand;

const HELP: &[&str] = &["--help", "-h"];

const DROP: &str = "TG-DB-DROP";
const TRUNCATE: &str = "TG-DB-TRUNCATE";
const UNSCOPED_WRITE: &str = "TG-DB-UNSCOPED-WRITE";
const KEYSTORE_WIPE: &str = "TG-DB-KEYSTORE-WIPE";
const MONGO_DROP: &str = "TG-DB-MONGO-DROP";
const DROP_COMMAND: &str = "TG-DB-DROP-COMMAND";
const SEARCH_INDEX_DELETE: &str = "TG-DB-SEARCH-INDEX-DELETE";
const RESTORE_OVER: &str = "TG-DB-RESTORE-OVER";
const SERVER_FILE_REDIRECT: &str = "TG-DB-SERVER-FILE-REDIRECT";
const DROP_USER: &str = "TG-DB-DROP-USER";

/// The losses each rule stops (every [`DataLoss`] in exactly one, the one its catalog row
/// names: a test checks it).
pub(super) const LOSSES: &[(&str, &[DataLoss])] = &[
    (
        DROP,
        &[
            DataLoss::DropDatabase,
            DataLoss::DropSchema,
            DataLoss::DropTable,
            DataLoss::DropColumn,
            DataLoss::DropOwned,
        ],
    ),
    (DROP_USER, &[DataLoss::DropRole, DataLoss::MongoDropUser]),
    (TRUNCATE, &[DataLoss::Truncate]),
    (
        UNSCOPED_WRITE,
        &[DataLoss::DeleteWithoutWhere, DataLoss::UpdateWithoutWhere],
    ),
    (
        KEYSTORE_WIPE,
        &[
            DataLoss::FlushAll,
            DataLoss::FlushDb,
            DataLoss::MemcachedFlushAll,
        ],
    ),
    (SERVER_FILE_REDIRECT, &[DataLoss::ServerFileRedirect]),
    (
        MONGO_DROP,
        &[
            DataLoss::MongoDropDatabase,
            DataLoss::MongoDropCollection,
            DataLoss::MongoDeleteAll,
        ],
    ),
];

/// The losses rule `rule` stops.
pub(super) fn losses_of(rule: &str) -> &'static [DataLoss] {
    LOSSES
        .iter()
        .find(|(r, _)| *r == rule)
        .map_or(&[], |(_, l)| l)
}

/// Rails and rake tasks that drop, empty or rebuild every table (`db:drop:primary` too).
const RAILS_TASKS: &[&str] = &[
    "db:drop",
    "db:drop:*",
    "db:reset",
    "db:reset:*",
    "db:purge",
    "db:purge:*",
    "db:migrate:reset",
    "db:truncate_all",
    // Load the schema over the database (its tables recreated empty), or empty every table
    // before seeding.
    "db:schema:load",
    "db:structure:load",
    "db:seed:replant",
];

/// rake's modes that list or describe tasks instead of running them.
const RAKE_LISTING: &[&str] = &[
    "-T",
    "--tasks",
    "-D",
    "--describe",
    "-W",
    "--where",
    "-P",
    "--prereqs",
    "-n",
    "--dry-run",
    "--help",
    "-h",
];

const REDIS: &[&str] = &["redis-cli", "valkey-cli"];
/// Programs whose code may hold ORM calls and SQL (`python -c`, `ruby -e`, `node -e`, `rails
/// runner`, `manage.py shell -c`; `manage.py dbshell` and `rails dbconsole` with SQL on stdin).
const CODE_PROGRAMS: &[&str] = &[
    "python",
    "pypy",
    "ipython",
    "ruby",
    "node",
    "nodejs",
    "bun",
    "deno",
    "tsx",
    "ts-node",
    "rails",
    "manage.py",
    "django-admin",
];
const PYTHON: &[&str] = &["python", "python3"];
const MANAGE_PY: &[&str] = &["manage.py", "*/manage.py"];
const DJANGO_FLUSH: &[&str] = &["flush", "reset_db"];
const ARTISAN: &[&str] = &["artisan", "*/artisan"];
const ARTISAN_WIPE: &[&str] = &[
    "migrate:fresh",
    "migrate:refresh",
    "migrate:reset",
    "db:wipe",
];
const ZOOKEEPER_SHELLS: &[&str] = &["zkcli.sh", "zkcli", "zookeeper-shell", "zookeeper-shell.sh"];
const TYPEORM: &[&str] = &["typeorm", "typeorm-ts-node-commonjs", "typeorm-ts-node-esm"];

/// The pack's matchers.
pub(super) const MATCHERS: &[M] = &[
    // Statements and commands read from what a client is given.
    M::new(DROP, CLIENT_PROGRAMS, &[]).check(Check::Loses(DROP)),
    M::new(TRUNCATE, CLIENT_PROGRAMS, &[]).check(Check::Loses(TRUNCATE)),
    M::new(UNSCOPED_WRITE, CLIENT_PROGRAMS, &[]).check(Check::Loses(UNSCOPED_WRITE)),
    M::new(KEYSTORE_WIPE, CLIENT_PROGRAMS, &[]).check(Check::Loses(KEYSTORE_WIPE)),
    M::new(MONGO_DROP, CLIENT_PROGRAMS, &[]).check(Check::Loses(MONGO_DROP)),
    M::new(DROP_USER, CLIENT_PROGRAMS, &[]).check(Check::Loses(DROP_USER)),
    // Redis told to save its data under another directory or file name: the next SAVE
    // writes a file of the server's choosing with content the client sets (an SSH key, a
    // crontab).
    M::new(SERVER_FILE_REDIRECT, CLIENT_PROGRAMS, &[]).check(Check::Loses(SERVER_FILE_REDIRECT)),
    // The same commands sent as is to a Redis or memcached port (`echo flush_all | nc h 11211`).
    M::new(KEYSTORE_WIPE, SOCKET_CLIENTS, &[]).check(Check::Loses(KEYSTORE_WIPE)),
    M::new(SERVER_FILE_REDIRECT, SOCKET_CLIENTS, &[]).check(Check::Loses(SERVER_FILE_REDIRECT)),
    // ORM calls and SQL in framework and interpreter code, except on a test database.
    M::new(DROP, CODE_PROGRAMS, &[]).check(Check::CodeLoses(DROP)),
    M::new(TRUNCATE, CODE_PROGRAMS, &[]).check(Check::CodeLoses(TRUNCATE)),
    M::new(UNSCOPED_WRITE, CODE_PROGRAMS, &[]).check(Check::CodeLoses(UNSCOPED_WRITE)),
    // Every key listed and fed back to DEL (`redis-cli KEYS '*' | xargs redis-cli DEL`).
    M::new(KEYSTORE_WIPE, REDIS, &[&["del", "unlink"]]).check(Check::EveryRedisKey),
    // etcd: every key under a prefix, or from a key on (v3); a directory tree (v2).
    M::new(KEYSTORE_WIPE, &["etcdctl"], &[&["del"]]).any(&["--prefix", "--from-key"]),
    M::new(KEYSTORE_WIPE, &["etcdctl"], &[&["rm"]]).any(&["--recursive", "-r"]),
    M::new(KEYSTORE_WIPE, &["consul"], &[&["kv"], &["delete"]]).any(&["--recurse"]),
    // InfluxDB: a bucket with its series, or the points a time range and predicate select.
    M::new(DROP_COMMAND, &["influx"], &[&["bucket"], &["delete"]]).none(HELP),
    M::new(DROP_COMMAND, &["influx"], &[&["delete"]]).none(HELP),
    // Client programs that drop a database.
    // (`dropuser` drops a role: the logins and grants of whatever uses it.)
    M::new(DROP_COMMAND, &["dropdb", "dropuser"], &[])
        .operands(Operands::Present)
        .none(&["--help", "-?", "--version", "-V"]),
    M::new(DROP_COMMAND, &["mysqladmin", "mariadb-admin"], &[&["drop"]]).none(HELP),
    // .NET's Entity Framework and Rust's sqlx: the database the project's connection names.
    M::new(
        DROP_COMMAND,
        &["dotnet"],
        &[&["ef"], &["database"], &["drop"]],
    )
    .none(HELP),
    M::new(
        DROP_COMMAND,
        &["sqlx"],
        &[&["database", "db"], &["drop", "reset"]],
    )
    .none(HELP),
    // sqlite-utils: a table or view of a database file.
    M::new(
        DROP_COMMAND,
        &["sqlite-utils"],
        &[&["drop-table", "drop-view"]],
    )
    .none(HELP),
    // Debian's PostgreSQL tools: a whole cluster with its data directory.
    M::new(DROP_COMMAND, &["pg_dropcluster"], &[])
        .operands(Operands::Present)
        .none(&["--help", "-h"]),
    // Hosted databases: Neon, Cloudflare D1, PlanetScale, Turso.
    M::new(
        DROP_COMMAND,
        &["neonctl", "neon"],
        &[&["databases", "database", "db"], &["delete"]],
    )
    .none(HELP),
    M::new(DROP_COMMAND, &["wrangler"], &[&["d1"], &["delete"]]).none(HELP),
    M::new(
        DROP_COMMAND,
        &["pscale"],
        &[&["database", "db"], &["delete"]],
    )
    .none(HELP),
    M::new(
        DROP_COMMAND,
        &["turso"],
        &[&["db", "database", "group"], &["destroy"]],
    )
    .none(HELP),
    // MongoDB Atlas: a cluster with its databases.
    M::new(
        DROP_COMMAND,
        &["atlas"],
        &[&["clusters", "cluster"], &["delete", "rm"]],
    )
    .none(HELP),
    // Frameworks.
    M::new(DROP_COMMAND, &["rails", "rake"], &[])
        .operands(Operands::Some(RAILS_TASKS))
        .none(RAKE_LISTING)
        .check(Check::NotTestDatabase),
    M::new(DROP_COMMAND, &["prisma"], &[&["migrate"], &["reset"]]).none(HELP),
    M::new(DROP_COMMAND, &["prisma"], &[&["db"], &["push"]])
        .any(&["--force-reset", "--accept-data-loss"])
        .none(HELP),
    M::new(DROP_COMMAND, PYTHON, &[MANAGE_PY, DJANGO_FLUSH]).none(HELP),
    M::new(DROP_COMMAND, PYTHON, &[&["django"], DJANGO_FLUSH]).any(&["-m"]),
    // `migrate APP zero` unapplies every migration of the app: its tables are dropped.
    M::new(
        DROP_COMMAND,
        PYTHON,
        &[MANAGE_PY, &["migrate"], &["*"], &["zero"]],
    )
    .none(HELP),
    M::new(
        DROP_COMMAND,
        &["manage.py", "django-admin"],
        &[&["migrate"], &["*"], &["zero"]],
    )
    .none(HELP),
    M::new(
        DROP_COMMAND,
        &["manage.py", "django-admin"],
        &[DJANGO_FLUSH],
    )
    .none(HELP),
    M::new(DROP_COMMAND, &["php"], &[ARTISAN, ARTISAN_WIPE]).none(HELP),
    M::new(DROP_COMMAND, &["artisan"], &[ARTISAN_WIPE]).none(HELP),
    M::new(
        DROP_COMMAND,
        &["sequelize", "sequelize-cli"],
        &[&["db:drop"]],
    )
    .none(HELP),
    M::new(DROP_COMMAND, TYPEORM, &[&["schema:drop"]]).none(HELP),
    // Elixir's Ecto: drop, or drop and rebuild; every migration rolled back.
    M::new(DROP_COMMAND, &["mix"], &[&["ecto.drop", "ecto.reset"]])
        .none(HELP)
        .check(Check::NotTestDatabase),
    M::new(DROP_COMMAND, &["mix"], &[&["ecto.rollback"]])
        .any(&["--all"])
        .none(HELP)
        .check(Check::NotTestDatabase),
    // Schema migration tools: every object dropped, or every migration rolled back.
    M::new(DROP_COMMAND, &["flyway"], &[&["clean"]]).none(HELP),
    M::new(DROP_COMMAND, &["liquibase"], &[&["dropall", "drop-all"]]).none(HELP),
    M::new(DROP_COMMAND, &["alembic"], &[&["downgrade"], &["base"]]).none(HELP),
    M::new(DROP_COMMAND, &["knex"], &[&["migrate:rollback"]])
        .any(&["--all"])
        .none(HELP),
    M::new(
        DROP_COMMAND,
        &["sequelize", "sequelize-cli"],
        &[&["db:migrate:undo:all"]],
    )
    .none(HELP),
    // ZooKeeper: a node with everything under it.
    M::new(KEYSTORE_WIPE, ZOOKEEPER_SHELLS, &[&["deleteall", "rmr"]]).none(HELP),
    // A restore that drops what the dump replaces, into a live database.
    M::new(RESTORE_OVER, &["pg_restore"], &[])
        .any(&["-c", "--clean"])
        .check(Check::AlsoAny(&["-d", "--dbname"])),
    M::new(RESTORE_OVER, &["mongorestore"], &[])
        .any(&["--drop"])
        .none(&["--dryRun", "--help"]),
    // Search engines' HTTP APIs (`knowledge::http_apis`).
    M::new(SEARCH_INDEX_DELETE, HTTP_CLIENTS, &[]).check(Check::SearchDataDelete),
];

/// Whether the command sends a request that deletes a search engine's indices or documents
/// (`curl -X DELETE localhost:9200/logs`), or one whose method is only known at run time to
/// such an API.
pub(super) fn deletes_search_data(seen: &Seen<'_>) -> bool {
    super::requests::sends_deleting_request(seen, SEARCH_ENGINES)
}

/// The variables that name a framework's environment, the one that decides first: Rails
/// reads `RAILS_ENV`, then `RACK_ENV`; Elixir's Mix `MIX_ENV`.
const ENVIRONMENT_VARIABLES: &[&[&str]] = &[&["RAILS_ENV", "RACK_ENV"], &["MIX_ENV"]];

/// Whether `cmd` works on the test database: the variable that decides its environment
/// (given to the command, or as a rake argument `RAILS_ENV=test`, which wins) says `test`,
/// and no `DATABASE_URL` points it at another database.
pub(super) fn on_test_database(cmd: &SimpleCommand) -> bool {
    let arguments = cmd.operands.iter().filter_map(|o| o.split_once('='));
    let environment = cmd.env.iter().map(|(n, v)| (n.as_str(), v.as_str()));
    // Later assignments win, arguments over the environment.
    let assigned: Vec<(&str, &str)> = environment.chain(arguments).collect();
    let last = |name: &str| {
        assigned
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    };
    if last("DATABASE_URL").is_some() {
        return false;
    }
    ENVIRONMENT_VARIABLES
        .iter()
        .find_map(|names| names.iter().find_map(|n| last(n)))
        .is_some_and(|v| v == "test")
}

/// Whether `view` (a redis-cli command) lists every key: `KEYS *`, or `--scan` without a
/// pattern (or with `*`).
fn lists_every_key(view: &View) -> bool {
    let operands: Vec<&str> = view.operands().collect();
    let keys = matches!(operands.as_slice(), [k, "*"] if k.eq_ignore_ascii_case("keys"));
    let scan = view.has(&["--scan"])
        && view
            .value(&["--pattern", "--quoted-pattern"])
            .is_none_or(|p| p == "*");
    keys || scan
}

/// `redis-cli DEL` of keys read from input that another redis-cli of the same command lists
/// in full (`redis-cli --scan | xargs redis-cli DEL`).
pub(super) fn deletes_every_key(seen: &Seen<'_>) -> bool {
    seen.cmd.args_from_input
        && seen.analysis.commands.iter().any(|c| {
            REDIS.contains(&c.program_lower().as_ref()) && lists_every_key(&View::read(c, None))
        })
}
