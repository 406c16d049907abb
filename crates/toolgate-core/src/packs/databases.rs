//! The `databases` pack in the catalog: dropping, truncating or emptying databases.

use super::{Pack, deny, review};

pub(super) const PACK: Pack = Pack {
    name: "databases",
    summary: "dropping, truncating or emptying databases",
    rules: &[
        deny(
            "TG-DB-DROP",
            "Dropping a database, schema, table or column destroys its data",
            "DROP DATABASE|SCHEMA|TABLE|OWNED (and CQL's DROP KEYSPACE), ALTER TABLE … DROP COLUMN|PARTITION through psql, mysql, sqlite3, duckdb, sqlcmd, clickhouse-client, cqlsh, rails dbconsole, manage.py dbshell or an MCP tool; drop_table, db.drop_all(), sequelize.sync({force: true}), dropDatabase() in rails runner, manage.py shell, python -c, ruby -e, node -e",
        ),
        deny(
            "TG-DB-TRUNCATE",
            "Truncating a table destroys its data",
            "TRUNCATE; connection.truncate, call_command('flush') in framework code",
        ),
        deny(
            "TG-DB-UNSCOPED-WRITE",
            "DELETE or UPDATE without WHERE changes every row",
            "DELETE FROM t, UPDATE t SET …, WHERE 1=1; User.delete_all, User.update_all, User.objects.all().delete(), session.query(User).delete(), prisma.user.deleteMany(), knex('users').del() in rails runner, rails console, manage.py shell, python -c, node -e",
        ),
        deny(
            "TG-DB-KEYSTORE-WIPE",
            "Flushing or deleting every key of a key-value store destroys its data",
            "redis-cli FLUSHALL|FLUSHDB (as arguments or on stdin, or sent with nc to port 6379), redis-cli REPLICAOF|SLAVEOF HOST PORT (its keys replaced by another server's), memcached flush_all sent with nc, ncat, socat or telnet to port 11211, redis-cli KEYS '*' | xargs redis-cli DEL, etcdctl del --prefix, consul kv delete -recurse, zkCli.sh deleteall",
        ),
        deny(
            "TG-DB-MONGO-DROP",
            "Dropping a MongoDB database or collection, or deleting every document",
            "mongosh --eval 'db.dropDatabase()', db.c.drop(), db.c.deleteMany({})",
        ),
        deny(
            "TG-DB-DROP-COMMAND",
            "Dropping or resetting a database through a framework or client command",
            "dropdb, dropuser, mysqladmin drop, pg_dropcluster, dotnet ef database drop, sqlx database drop|reset, sqlite-utils drop-table, rails db:drop|reset|purge|schema:load|seed:replant, rake db:drop, prisma migrate reset, prisma db push --force-reset|--accept-data-loss, manage.py flush|migrate APP zero, artisan migrate:fresh|db:wipe, sequelize db:drop|db:migrate:undo:all, typeorm schema:drop, mix ecto.drop|ecto.reset|ecto.rollback --all, flyway clean, liquibase dropAll, alembic downgrade base, knex migrate:rollback --all, influx bucket delete, influx delete, neonctl databases delete, wrangler d1 delete, pscale database delete, turso db|group destroy, atlas clusters delete",
        ),
        deny(
            "TG-DB-DROP-USER",
            "Dropping a database user or role locks out whoever logs in with it or holds its grants",
            "DROP USER|ROLE|GROUP|LOGIN through psql, mysql, sqlcmd, clickhouse-client, cqlsh or an MCP tool (as dropuser does); mongosh db.dropUser(), dropAllUsers(), dropRole(), dropAllRoles()",
        ),
        review(
            "TG-DB-RESTORE-OVER",
            "A restore that first drops what the dump replaces loses the data the dump lacks",
            "pg_restore --clean -d DB, mongorestore --drop",
        ),
        deny(
            "TG-DB-SEARCH-INDEX-DELETE",
            "Deleting a search index or its documents through the engine's HTTP API",
            "curl -X DELETE localhost:9200/INDEX (Elasticsearch, OpenSearch), POST …/_delete_by_query, Meilisearch, Typesense and Algolia index deletes",
        ),
        review(
            "TG-DB-SERVER-FILE-REDIRECT",
            "Pointing a database server's data or log file at another directory or name lets its next save write a file of the client's choosing",
            "redis-cli CONFIG SET dir|dbfilename|logfile … (as arguments or on stdin, or sent with nc to port 6379)",
        ),
    ],
};
