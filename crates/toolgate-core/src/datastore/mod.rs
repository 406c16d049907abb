//! What a database would lose: the statements and commands sent to SQL servers, Redis,
//! memcached, MongoDB and etcd, read strictly and in linear time.
//!
//! The shell analysis hands over the text that `psql -c`, `mysql -e`, `sqlite3`, `mongosh
//! --eval`, `redis-cli` and `clickhouse-client` receive (arguments, stdin, heredocs); the engine
//! hands over the SQL carried by MCP tool arguments (`sql`, `query`, `statement`). Both get the
//! same answer: the [`DataLoss`] kinds found, and whether part of the text could not be read
//! ([`Unreadable`]), which a caller treats as it treats any command it cannot analyse.
//!
//! Quoting and comments are respected, so `SELECT 'DROP TABLE x'` and `-- DROP TABLE x` lose
//! nothing, while `DELETE FROM t` does and `DELETE FROM t WHERE id = 1` does not.

pub mod memcached;
pub mod mongo;
pub mod orm;
pub mod redis;
pub mod sql;

use std::fmt;

/// One way a statement destroys what cannot be brought back: data, the accounts that reach
/// it, or (a server file redirect) a file the server's next save overwrites.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DataLoss {
    /// `DROP DATABASE`.
    DropDatabase,
    /// `DROP SCHEMA`.
    DropSchema,
    /// `DROP TABLE`.
    DropTable,
    /// `ALTER TABLE … DROP COLUMN` (or `DROP PARTITION`): a column's or partition's data.
    DropColumn,
    /// PostgreSQL `DROP OWNED BY role`: every object the role owns, tables with their data.
    DropOwned,
    /// `DROP USER`, `DROP ROLE`, `DROP GROUP`, `DROP LOGIN`: whoever logs in with it, or holds
    /// its grants, is locked out.
    DropRole,
    /// `TRUNCATE`.
    Truncate,
    /// `DELETE` without `WHERE` (or with a condition that is always true).
    DeleteWithoutWhere,
    /// `UPDATE` without `WHERE` (or with a condition that is always true).
    UpdateWithoutWhere,
    /// Redis `FLUSHALL`.
    FlushAll,
    /// Redis `FLUSHDB`.
    FlushDb,
    /// Redis `CONFIG SET dir|dbfilename|logfile …`: the server's next save writes a file of the
    /// client's choosing.
    ServerFileRedirect,
    /// memcached `flush_all`.
    MemcachedFlushAll,
    /// MongoDB `dropDatabase()`.
    MongoDropDatabase,
    /// MongoDB `db.collection.drop()`.
    MongoDropCollection,
    /// MongoDB `deleteMany({})` / `remove({})`: every document of a collection.
    MongoDeleteAll,
    /// MongoDB `dropUser`, `dropAllUsers`, `dropRole`, `dropAllRoles` (or their commands).
    MongoDropUser,
}

/// What each [`DataLoss`] is called and what it means: one row per kind.
pub struct DataLossInfo {
    /// The kind.
    pub kind: DataLoss,
    /// A stable name (`drop_table`), used in reasons and policy files.
    pub name: &'static str,
    /// What it does, for reasons (never holds input values).
    pub describe: &'static str,
    /// The id of the `databases` pack rule that stops it ([`crate::packs`]).
    pub rule: &'static str,
}

/// Every [`DataLoss`], with its name and description.
pub const DATA_LOSS_KINDS: &[DataLossInfo] = &[
    DataLossInfo {
        kind: DataLoss::DropDatabase,
        name: "drop_database",
        describe: "drops a whole database",
        rule: "TG-DB-DROP",
    },
    DataLossInfo {
        kind: DataLoss::DropSchema,
        name: "drop_schema",
        describe: "drops a schema and everything in it",
        rule: "TG-DB-DROP",
    },
    DataLossInfo {
        kind: DataLoss::DropTable,
        name: "drop_table",
        describe: "drops a table",
        rule: "TG-DB-DROP",
    },
    DataLossInfo {
        kind: DataLoss::DropColumn,
        name: "drop_column",
        describe: "drops a column or partition of a table with its data",
        rule: "TG-DB-DROP",
    },
    DataLossInfo {
        kind: DataLoss::DropOwned,
        name: "drop_owned",
        describe: "drops every object a role owns, tables with their data (DROP OWNED)",
        rule: "TG-DB-DROP",
    },
    DataLossInfo {
        kind: DataLoss::DropRole,
        name: "drop_role",
        describe: "drops a database user or role, locking out whoever logs in with it",
        rule: "TG-DB-DROP-USER",
    },
    DataLossInfo {
        kind: DataLoss::Truncate,
        name: "truncate",
        describe: "empties a table (TRUNCATE)",
        rule: "TG-DB-TRUNCATE",
    },
    DataLossInfo {
        kind: DataLoss::DeleteWithoutWhere,
        name: "delete_without_where",
        describe: "deletes every row of a table (DELETE without WHERE)",
        rule: "TG-DB-UNSCOPED-WRITE",
    },
    DataLossInfo {
        kind: DataLoss::UpdateWithoutWhere,
        name: "update_without_where",
        describe: "overwrites every row of a table (UPDATE without WHERE)",
        rule: "TG-DB-UNSCOPED-WRITE",
    },
    DataLossInfo {
        kind: DataLoss::FlushAll,
        name: "flushall",
        describe: "deletes every key of every Redis database (FLUSHALL)",
        rule: "TG-DB-KEYSTORE-WIPE",
    },
    DataLossInfo {
        kind: DataLoss::FlushDb,
        name: "flushdb",
        describe: "deletes every key of a Redis database (FLUSHDB)",
        rule: "TG-DB-KEYSTORE-WIPE",
    },
    DataLossInfo {
        kind: DataLoss::ServerFileRedirect,
        name: "server_file_redirect",
        describe: "points the Redis server's data or log file at another directory or name",
        rule: "TG-DB-SERVER-FILE-REDIRECT",
    },
    DataLossInfo {
        kind: DataLoss::MemcachedFlushAll,
        name: "memcached_flush_all",
        describe: "invalidates every item of a memcached server (flush_all)",
        rule: "TG-DB-KEYSTORE-WIPE",
    },
    DataLossInfo {
        kind: DataLoss::MongoDropDatabase,
        name: "mongo_drop_database",
        describe: "drops a MongoDB database (dropDatabase)",
        rule: "TG-DB-MONGO-DROP",
    },
    DataLossInfo {
        kind: DataLoss::MongoDropCollection,
        name: "mongo_drop_collection",
        describe: "drops a MongoDB collection (drop)",
        rule: "TG-DB-MONGO-DROP",
    },
    DataLossInfo {
        kind: DataLoss::MongoDeleteAll,
        name: "mongo_delete_all",
        describe: "deletes every document of a MongoDB collection (empty filter)",
        rule: "TG-DB-MONGO-DROP",
    },
    DataLossInfo {
        kind: DataLoss::MongoDropUser,
        name: "mongo_drop_user",
        describe: "drops MongoDB users or roles, locking out whoever logs in with them",
        rule: "TG-DB-DROP-USER",
    },
];

impl DataLoss {
    /// This kind's row of [`DATA_LOSS_KINDS`].
    pub fn info(self) -> &'static DataLossInfo {
        // The consistency test proves every kind has exactly one row.
        DATA_LOSS_KINDS
            .iter()
            .find(|i| i.kind == self)
            .unwrap_or(&DATA_LOSS_KINDS[0])
    }

    /// The stable name (`drop_table`).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// What it does (no input values).
    pub fn describe(self) -> &'static str {
        self.info().describe
    }

    /// The id of the pack rule that stops it.
    pub fn rule(self) -> &'static str {
        self.info().rule
    }
}

impl fmt::Display for DataLoss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why part of a text could not be read strictly. A caller treats it as it treats a command it
/// cannot analyse (indeterminate), never as harmless.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unreadable {
    /// A quoted string or identifier never ends.
    UnterminatedQuote,
    /// A block comment never ends.
    UnterminatedComment,
    /// A client command runs a shell command (`\!`, `.shell`, `system`, `COPY … PROGRAM`, a
    /// pipe to a program).
    ShellEscape,
    /// A client command reads statements from a file (`\i`, `.read`, `source`).
    IncludedFile,
    /// Statements are built at run time (`\gexec`, `EXECUTE` of a variable).
    DynamicStatement,
    /// Nesting deeper than the reader follows.
    TooDeep,
}

impl Unreadable {
    /// A short description for reasons.
    pub fn describe(self) -> &'static str {
        match self {
            Unreadable::UnterminatedQuote => "a quoted string that never ends",
            Unreadable::UnterminatedComment => "a comment that never ends",
            Unreadable::ShellEscape => "a client command that runs a shell command",
            Unreadable::IncludedFile => "a client command that reads statements from a file",
            Unreadable::DynamicStatement => "statements built at run time",
            Unreadable::TooDeep => "nesting deeper than toolgate follows",
        }
    }
}

/// What a text would do to a data store.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DataScan {
    /// The losses found, each once, in [`DataLoss`] order.
    pub losses: Vec<DataLoss>,
    /// The first reason part of the text could not be read, if any.
    pub unreadable: Option<Unreadable>,
}

impl DataScan {
    /// Nothing lost and everything read.
    pub fn is_clean(&self) -> bool {
        self.losses.is_empty() && self.unreadable.is_none()
    }

    pub(crate) fn add(&mut self, loss: DataLoss) {
        if let Err(at) = self.losses.binary_search(&loss) {
            self.losses.insert(at, loss);
        }
    }

    pub(crate) fn unreadable(&mut self, why: Unreadable) {
        self.unreadable.get_or_insert(why);
    }

    /// Adds what `other` found.
    pub fn merge(&mut self, other: DataScan) {
        for l in other.losses {
            self.add(l);
        }
        if let Some(u) = other.unreadable {
            self.unreadable(u);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_one_row_with_a_unique_name() {
        let all = [
            DataLoss::DropDatabase,
            DataLoss::DropSchema,
            DataLoss::DropTable,
            DataLoss::DropColumn,
            DataLoss::DropOwned,
            DataLoss::DropRole,
            DataLoss::Truncate,
            DataLoss::DeleteWithoutWhere,
            DataLoss::UpdateWithoutWhere,
            DataLoss::FlushAll,
            DataLoss::FlushDb,
            DataLoss::ServerFileRedirect,
            DataLoss::MemcachedFlushAll,
            DataLoss::MongoDropDatabase,
            DataLoss::MongoDropCollection,
            DataLoss::MongoDeleteAll,
            DataLoss::MongoDropUser,
        ];
        assert_eq!(all.len(), DATA_LOSS_KINDS.len());
        for k in all {
            assert_eq!(DATA_LOSS_KINDS.iter().filter(|i| i.kind == k).count(), 1);
            assert_eq!(k.info().kind, k);
        }
        for info in DATA_LOSS_KINDS {
            let (pack, _) = crate::packs::rule(info.rule).expect("the rule is in the catalog");
            assert_eq!(pack.name, "databases", "{}", info.rule);
        }
        for (i, a) in DATA_LOSS_KINDS.iter().enumerate() {
            assert!(a.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
            assert!(DATA_LOSS_KINDS[i + 1..].iter().all(|b| b.name != a.name));
        }
    }

    #[test]
    fn scans_merge_without_duplicates() {
        let mut a = DataScan::default();
        a.add(DataLoss::Truncate);
        a.add(DataLoss::DropTable);
        a.add(DataLoss::Truncate);
        let mut b = DataScan::default();
        b.add(DataLoss::DropTable);
        b.unreadable(Unreadable::ShellEscape);
        b.unreadable(Unreadable::TooDeep);
        a.merge(b);
        assert_eq!(a.losses, vec![DataLoss::DropTable, DataLoss::Truncate]);
        assert_eq!(a.unreadable, Some(Unreadable::ShellEscape));
        assert!(!a.is_clean());
        assert!(DataScan::default().is_clean());
    }
}
