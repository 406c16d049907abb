//! Data loss in framework code run from a command line (`rails runner CODE`, `manage.py shell
//! -c CODE`, `python -c`, `ruby -e`, `node -e`): ActiveRecord, Django, SQLAlchemy, Prisma,
//! Sequelize, Knex and MongoDB driver calls that empty a whole table or drop one, and the SQL
//! strings such code executes (read by [`super::sql`]).
//!
//! The reader works on the text. String literals and comments are set apart first, so `puts
//! "User.delete_all"` is a string, not a call. A call's receiver chain tells a whole table
//! (`User`, `User.all`, `Post.objects.all()`, `session.query(User)`) from a scoped set
//! (`User.where(…)`, `user.posts`, a named scope, `objects.filter(pk=1)`): only a whole table
//! counts, as a `DELETE` counts only without a `WHERE`.

use super::sql::{self, SqlDialect};
use super::{DataLoss, DataScan};
use masked::Masked;

mod masked;
#[cfg(test)]
mod tests;

/// The language of the code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeLanguage {
    /// Ruby: ActiveRecord.
    Ruby,
    /// Python: Django's ORM, SQLAlchemy (and Flask-SQLAlchemy).
    Python,
    /// JavaScript and TypeScript: Prisma, Sequelize, Knex, TypeORM, the MongoDB driver.
    JavaScript,
}

/// What a call needs of its receiver to lose data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Receiver {
    /// Any receiver, or none (`drop_table :users`, `db.drop_all()`).
    Any,
    /// A whole table: the model itself or all of it.
    WholeTable,
    /// The database connection (`ActiveRecord::Base.connection.truncate(:users)`).
    Connection,
    /// A table object (`User.__table__.drop(engine)`).
    TableObject,
    /// A query builder with no condition (`knex('users')`, not `knex('users').where(…)`).
    Unconditioned,
}

/// What a call's arguments must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Arguments {
    /// Anything.
    Any,
    /// None (`.delete()`).
    Empty,
    /// None, or an empty filter (`deleteMany()`, `deleteMany({})`, `{ where: {} }`).
    EmptyFilter,
    /// No `where` among them (`updateMany({ data: … })`).
    NoWhere,
    /// This text among them, spaces aside (`force:true`).
    Containing(&'static str),
}

/// One call that loses data.
struct Call {
    /// The method's name.
    name: &'static str,
    /// What its argument list must be.
    arguments: Arguments,
    /// What it needs of its receiver.
    receiver: Receiver,
    /// What it loses.
    loss: DataLoss,
}

const fn call(name: &'static str, receiver: Receiver, loss: DataLoss) -> Call {
    Call {
        name,
        arguments: Arguments::Any,
        receiver,
        loss,
    }
}

const fn call_with(
    name: &'static str,
    arguments: Arguments,
    receiver: Receiver,
    loss: DataLoss,
) -> Call {
    Call {
        name,
        arguments,
        receiver,
        loss,
    }
}

/// ActiveRecord's calls.
const RUBY_CALLS: &[Call] = &[
    call(
        "delete_all",
        Receiver::WholeTable,
        DataLoss::DeleteWithoutWhere,
    ),
    call(
        "destroy_all",
        Receiver::WholeTable,
        DataLoss::DeleteWithoutWhere,
    ),
    call(
        "update_all",
        Receiver::WholeTable,
        DataLoss::UpdateWithoutWhere,
    ),
    call("drop_table", Receiver::Any, DataLoss::DropTable),
    call("drop_join_table", Receiver::Any, DataLoss::DropTable),
    call("drop_database", Receiver::Any, DataLoss::DropDatabase),
    call("remove_column", Receiver::Any, DataLoss::DropColumn),
    call("remove_columns", Receiver::Any, DataLoss::DropColumn),
    call("truncate", Receiver::Connection, DataLoss::Truncate),
    call("truncate_tables", Receiver::Connection, DataLoss::Truncate),
];

/// Django's, SQLAlchemy's and Flask-SQLAlchemy's calls.
const PYTHON_CALLS: &[Call] = &[
    call_with(
        "delete",
        Arguments::Empty,
        Receiver::WholeTable,
        DataLoss::DeleteWithoutWhere,
    ),
    call("update", Receiver::WholeTable, DataLoss::UpdateWithoutWhere),
    call("drop_all", Receiver::Any, DataLoss::DropTable),
    call("drop", Receiver::TableObject, DataLoss::DropTable),
];

/// Prisma's, Sequelize's, Knex's, TypeORM's and the MongoDB driver's calls.
const JAVASCRIPT_CALLS: &[Call] = &[
    call_with(
        "deleteMany",
        Arguments::EmptyFilter,
        Receiver::Any,
        DataLoss::DeleteWithoutWhere,
    ),
    call_with(
        "updateMany",
        Arguments::NoWhere,
        Receiver::Any,
        DataLoss::UpdateWithoutWhere,
    ),
    call_with(
        "destroy",
        Arguments::Containing("truncate:true"),
        Receiver::Any,
        DataLoss::Truncate,
    ),
    call_with(
        "destroy",
        Arguments::Containing("where:{}"),
        Receiver::Any,
        DataLoss::DeleteWithoutWhere,
    ),
    call_with(
        "sync",
        Arguments::Containing("force:true"),
        Receiver::Any,
        DataLoss::DropTable,
    ),
    call_with(
        "synchronize",
        Arguments::Containing("true"),
        Receiver::Any,
        DataLoss::DropTable,
    ),
    call_with("drop", Arguments::Empty, Receiver::Any, DataLoss::DropTable),
    call("dropTable", Receiver::Any, DataLoss::DropTable),
    call("dropTableIfExists", Receiver::Any, DataLoss::DropTable),
    call("dropAllTables", Receiver::Any, DataLoss::DropTable),
    call("dropCollection", Receiver::Any, DataLoss::DropTable),
    call("dropSchema", Receiver::Any, DataLoss::DropSchema),
    call("dropDatabase", Receiver::Any, DataLoss::DropDatabase),
    call_with(
        "truncate",
        Arguments::Empty,
        Receiver::Any,
        DataLoss::Truncate,
    ),
    call_with(
        "del",
        Arguments::Empty,
        Receiver::Unconditioned,
        DataLoss::DeleteWithoutWhere,
    ),
    call_with(
        "delete",
        Arguments::Empty,
        Receiver::Unconditioned,
        DataLoss::DeleteWithoutWhere,
    ),
];

/// JavaScript calls (and template tags: ``sql`…` ``) whose strings are SQL.
const JAVASCRIPT_SQL_CALLS: &[&str] = &[
    "query",
    "execute",
    "exec",
    "raw",
    "unsafe",
    "sql",
    "$executeRaw",
    "$executeRawUnsafe",
    "$queryRaw",
    "$queryRawUnsafe",
];

/// Calls whose string arguments are SQL sent to the database.
const SQL_CALLS: &[&str] = &[
    "execute",
    "exec_query",
    "exec_update",
    "exec_delete",
    "exec_driver_sql",
    "executescript",
    "executemany",
];

/// Django management commands that `call_command` runs, and what they lose.
const DJANGO_COMMANDS: &[(&str, DataLoss)] = &[
    ("flush", DataLoss::Truncate),
    ("reset_db", DataLoss::DropDatabase),
];

/// Whether a receiver chain's segments after the model keep the whole table: ActiveRecord's
/// `all` and `unscoped`; Django's managers and the querysets that select everything.
const RUBY_WHOLE: &[&str] = &["all", "all()", "unscoped", "unscoped()"];
const DJANGO_MANAGERS: &[&str] = &["objects", "_default_manager", "_base_manager"];
const DJANGO_WHOLE: &[&str] = &["all()", "filter()", "exclude()"];

/// What `code` would lose.
pub fn scan(code: &str, language: CodeLanguage) -> DataScan {
    let text = Masked::new(code, language);
    let mut out = DataScan::default();
    let (calls, sql_calls) = match language {
        CodeLanguage::Ruby => (RUBY_CALLS, SQL_CALLS),
        CodeLanguage::Python => (PYTHON_CALLS, SQL_CALLS),
        CodeLanguage::JavaScript => (JAVASCRIPT_CALLS, JAVASCRIPT_SQL_CALLS),
    };
    for (at, name) in text.names() {
        let end = at + name.len();
        for c in calls.iter().filter(|c| c.name == name) {
            let chain = text.chain_before(at);
            if text.arguments_hold(c.arguments, end) && receiver_holds(c.receiver, chain, language)
            {
                out.add(c.loss);
            }
        }
        if sql_calls.contains(&name) {
            for literal in text.arguments_of(end) {
                out.merge(sql::scan(literal, SqlDialect::Unknown));
            }
        }
        if language == CodeLanguage::Python
            && name == "call_command"
            && let Some(first) = text.arguments_of(end).first()
            && let Some((_, loss)) = DJANGO_COMMANDS.iter().find(|(c, _)| c == first)
        {
            out.add(*loss);
        }
        // SQLAlchemy 2: `session.execute(delete(User))` without `.where(…)`.
        if language == CodeLanguage::Python
            && name == "delete"
            && !text.byte_before(at, b'.')
            && text.constant_argument_at(end)
            && !text.followed_by_where(end)
        {
            out.add(DataLoss::DeleteWithoutWhere);
        }
        // `User.all.each(&:destroy)`, `User.find_each(&:destroy)`.
        if language == CodeLanguage::Ruby
            && matches!(name, "each" | "find_each")
            && text.symbol_block_at(end)
            && receiver_holds(Receiver::WholeTable, text.chain_before(at), language)
        {
            out.add(DataLoss::DeleteWithoutWhere);
        }
    }
    out
}

/// Whether a receiver chain (`User.all`, `db.session.query(User)`) is what `need` asks.
fn receiver_holds(need: Receiver, chain: &str, language: CodeLanguage) -> bool {
    let segments = segments(chain);
    match need {
        Receiver::Any => true,
        Receiver::Unconditioned => {
            segments.first().is_some_and(|s| s.ends_with(')'))
                && !segments.iter().any(|s| {
                    s.starts_with("where") || s.starts_with("andWhere") || s.starts_with("orWhere")
                })
        }
        Receiver::Connection => segments
            .last()
            .is_some_and(|s| *s == "connection" || *s == "connection()"),
        Receiver::TableObject => segments.last() == Some(&"__table__"),
        Receiver::WholeTable => match language {
            CodeLanguage::Ruby => {
                segments.first().is_some_and(|s| is_constant(s))
                    && segments[1..].iter().all(|s| RUBY_WHOLE.contains(s))
            }
            CodeLanguage::Python => python_whole_table(&segments),
            CodeLanguage::JavaScript => false,
        },
    }
}

/// Django's `Model.objects[.all()]`, Flask-SQLAlchemy's `Model.query`, SQLAlchemy's
/// `….query(Model)`.
fn python_whole_table(segments: &[&str]) -> bool {
    if segments.len() >= 2 && DJANGO_MANAGERS.contains(&segments[1]) {
        return segments[2..].iter().all(|s| DJANGO_WHOLE.contains(s));
    }
    if segments.len() == 2 && segments[1] == "query" && is_constant(segments[0]) {
        return true;
    }
    segments
        .last()
        .is_some_and(|s| s.starts_with("query(") && s.len() > "query()".len())
}

/// A constant's name (`User`, `Admin::User`).
fn is_constant(segment: &str) -> bool {
    segment
        .rsplit("::")
        .next()
        .is_some_and(|s| s.starts_with(|c: char| c.is_ascii_uppercase()))
        && segment
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':')
}

/// A chain's segments at its dots outside parentheses (`a.b(x.y).c` → `a`, `b(x.y)`, `c`).
fn segments(chain: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, b) in chain.bytes().enumerate() {
        match b {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth = depth.saturating_sub(1),
            b'.' if depth == 0 => {
                out.push(&chain[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&chain[start..]);
    out.retain(|s| !s.is_empty());
    out
}
