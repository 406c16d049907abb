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

/// The code with its string literals' contents and its comments blanked, and the literals.
struct Masked {
    /// The code, same length, literal contents and comments as spaces (quotes kept).
    text: String,
    /// Each literal: where its opening quote is, and its contents.
    literals: Vec<(usize, String)>,
}

impl Masked {
    fn new(code: &str, language: CodeLanguage) -> Masked {
        let bytes = code.as_bytes();
        let mut text = Vec::with_capacity(bytes.len());
        let mut literals = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            let javascript = language == CodeLanguage::JavaScript;
            // A comment to the end of the line (Ruby's `#{` only appears in strings; `#` is
            // no comment in JavaScript, whose private names start with it).
            let line_comment = match javascript {
                false => b == b'#',
                true => bytes[i..].starts_with(b"//"),
            };
            if line_comment {
                while i < bytes.len() && bytes[i] != b'\n' {
                    text.push(b' ');
                    i += 1;
                }
                continue;
            }
            if javascript && bytes[i..].starts_with(b"/*") {
                while i < bytes.len() && !bytes[i..].starts_with(b"*/") {
                    text.push(if bytes[i] == b'\n' { b'\n' } else { b' ' });
                    i += 1;
                }
                let closing = (bytes.len() - i).min(2);
                text.extend(std::iter::repeat_n(b' ', closing));
                i += closing;
                continue;
            }
            if b == b'"' || b == b'\'' || (javascript && b == b'`') {
                let triple = language == CodeLanguage::Python
                    && bytes[i..].starts_with(if b == b'"' { b"\"\"\"" } else { b"'''" });
                let quote_len = if triple { 3 } else { 1 };
                let start = i;
                text.extend(std::iter::repeat_n(b, quote_len));
                i += quote_len;
                let content_start = i;
                let mut content_end = bytes.len();
                while i < bytes.len() {
                    if bytes[i] == b'\\' {
                        text.extend([b' ', b' '].iter().take(bytes.len() - i));
                        i += 2;
                        continue;
                    }
                    let closes = if triple {
                        bytes[i..].starts_with(&bytes[start..start + 3])
                    } else {
                        bytes[i] == b
                    };
                    if closes {
                        content_end = i;
                        text.extend(std::iter::repeat_n(b, quote_len));
                        i += quote_len;
                        break;
                    }
                    text.push(if bytes[i] == b'\n' { b'\n' } else { b' ' });
                    i += 1;
                }
                let content = &code[content_start..content_end.min(code.len())];
                literals.push((start, content.to_string()));
                continue;
            }
            text.push(b);
            i += 1;
        }
        text.truncate(bytes.len());
        // Only ASCII bytes were replaced by ASCII, and whole multi-byte characters were
        // copied or blanked byte for byte; blanking can cut none in half since it replaces
        // each byte with a space.
        let text = String::from_utf8(text).unwrap_or_else(|e| {
            String::from_utf8_lossy(e.as_bytes())
                .chars()
                .map(|c| if c.is_ascii() { c } else { ' ' })
                .collect()
        });
        Masked { text, literals }
    }

    /// Every identifier in the code (outside literals and comments), with where it starts.
    fn names(&self) -> impl Iterator<Item = (usize, &str)> {
        let b = self.text.as_bytes();
        let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
        let mut i = 0;
        std::iter::from_fn(move || {
            while i < b.len() {
                if ident(b[i]) && (i == 0 || !ident(b[i - 1])) {
                    let start = i;
                    while i < b.len() && (ident(b[i]) || b[i] == b'!' || b[i] == b'?') {
                        i += 1;
                    }
                    let name = self.text[start..i].trim_end_matches(['!', '?']);
                    return Some((start, name));
                }
                i += 1;
            }
            None
        })
    }

    /// The receiver chain of a method name at `at`: what stands before its `.` up to a space
    /// or operator (`User.where(a: 1)` before `.delete_all`); empty for a bare call.
    fn chain_before(&self, at: usize) -> &str {
        let b = self.text.as_bytes();
        if at == 0 || b[at - 1] != b'.' {
            return "";
        }
        let end = at - 1;
        let mut i = end;
        while i > 0 {
            let c = b[i - 1];
            if c == b')' || c == b']' {
                // Back over a balanced group.
                let mut depth = 0usize;
                while i > 0 {
                    match b[i - 1] {
                        b')' | b']' => depth += 1,
                        b'(' | b'[' => depth -= 1,
                        _ => {}
                    }
                    i -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                continue;
            }
            if c.is_ascii_alphanumeric()
                || matches!(c, b'_' | b'$' | b'.' | b':' | b'&' | b'"' | b'\'' | b'`')
            {
                i -= 1;
                continue;
            }
            break;
        }
        &self.text[i..end]
    }

    /// Whether the byte before `at` is `byte`.
    fn byte_before(&self, at: usize, byte: u8) -> bool {
        at > 0 && self.text.as_bytes()[at - 1] == byte
    }

    /// The index of the `(` that opens a call's arguments after a name ending at `end`.
    fn open_paren(&self, end: usize) -> Option<usize> {
        let rest = &self.text[end..];
        let skipped = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        (rest.as_bytes().get(skipped) == Some(&b'(')).then_some(end + skipped)
    }

    /// The index just past the `)` matching the `(` at `open` (the end of the text if none).
    fn close_paren(&self, open: usize) -> usize {
        let mut depth = 0usize;
        for (i, b) in self.text.bytes().enumerate().skip(open) {
            match b {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return i + 1;
                    }
                }
                _ => {}
            }
        }
        self.text.len()
    }

    /// Whether the name ending at `end` is called with no arguments (`delete()`).
    fn empty_call_at(&self, end: usize) -> bool {
        self.open_paren(end)
            .is_some_and(|open| self.text[open + 1..].trim_start().starts_with(')'))
    }

    /// The arguments of the call whose name ends at `end`, spaces removed (literals blank).
    fn compact_arguments(&self, end: usize) -> Option<String> {
        let open = self.open_paren(end)?;
        let close = self.close_paren(open);
        let inside = &self.text[open + 1..close.saturating_sub(1).max(open + 1)];
        Some(inside.chars().filter(|c| !c.is_whitespace()).collect())
    }

    /// Whether the call whose name ends at `end` has the arguments `need` asks.
    fn arguments_hold(&self, need: Arguments, end: usize) -> bool {
        match need {
            Arguments::Any => true,
            Arguments::Empty => self.empty_call_at(end),
            Arguments::EmptyFilter => self
                .compact_arguments(end)
                .is_some_and(|a| matches!(a.as_str(), "" | "{}" | "{where:{}}")),
            Arguments::NoWhere => self
                .compact_arguments(end)
                .is_some_and(|a| !a.contains("where")),
            Arguments::Containing(text) => self
                .compact_arguments(end)
                .is_some_and(|a| a.contains(text)),
        }
    }

    /// The string literals among the arguments of the call whose name ends at `end`: inside
    /// its parentheses, or an unparenthesised first argument (Ruby's `execute "SQL"`, a
    /// JavaScript template tag's ``sql`SQL` ``).
    fn arguments_of(&self, end: usize) -> Vec<&str> {
        let span = match self.open_paren(end) {
            Some(open) => open..self.close_paren(open),
            None => {
                let rest = &self.text[end..];
                let start = end + rest.len() - rest.trim_start_matches([' ', '\t']).len();
                start..start + 1
            }
        };
        self.literals
            .iter()
            .filter(|(at, _)| span.contains(at))
            .map(|(_, s)| s.as_str())
            .collect()
    }

    /// Whether the call whose name ends at `end` has a constant as its only argument
    /// (`delete(User)`).
    fn constant_argument_at(&self, end: usize) -> bool {
        self.open_paren(end).is_some_and(|open| {
            let close = self.close_paren(open);
            let inside = self.text[open + 1..close.saturating_sub(1).max(open + 1)].trim();
            is_constant(inside)
        })
    }

    /// Whether the call whose name ends at `end` is followed by a condition (`.where(`,
    /// `.filter(`, `.filter_by(`).
    fn followed_by_where(&self, end: usize) -> bool {
        let Some(open) = self.open_paren(end) else {
            return false;
        };
        let after = &self.text[self.close_paren(open)..];
        let after = after.trim_start();
        [".where(", ".filter(", ".filter_by("]
            .iter()
            .any(|w| after.starts_with(w))
    }

    /// Whether the name ending at `end` takes a symbol block that destroys each record
    /// (`each(&:destroy)`, `find_each(&:delete)`).
    fn symbol_block_at(&self, end: usize) -> bool {
        self.open_paren(end).is_some_and(|open| {
            let inside: String = self.text[open + 1..]
                .chars()
                .take_while(|c| *c != ')')
                .filter(|c| !c.is_whitespace())
                .collect();
            matches!(inside.as_str(), "&:destroy" | "&:destroy!" | "&:delete")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn losses(code: &str, language: CodeLanguage) -> Vec<DataLoss> {
        scan(code, language).losses
    }

    #[test]
    fn active_record_whole_tables_and_drops() {
        use DataLoss::*;
        let ruby = |c| losses(c, CodeLanguage::Ruby);
        for (code, loss) in [
            ("User.delete_all", DeleteWithoutWhere),
            ("User.all.destroy_all", DeleteWithoutWhere),
            ("Admin::AuditLog.unscoped.delete_all", DeleteWithoutWhere),
            ("puts User.destroy_all.size", DeleteWithoutWhere),
            ("User.update_all(admin: true)", UpdateWithoutWhere),
            ("User.all.each(&:destroy)", DeleteWithoutWhere),
            ("User.find_each(&:destroy!)", DeleteWithoutWhere),
            (
                "ActiveRecord::Base.connection.drop_table(:users)",
                DropTable,
            ),
            ("ActiveRecord::Migration.drop_table :users", DropTable),
            (
                "ActiveRecord::Base.connection.remove_column :users, :email",
                DropColumn,
            ),
            ("ActiveRecord::Base.connection.truncate(:users)", Truncate),
            (
                "ActiveRecord::Base.connection.execute('TRUNCATE users')",
                Truncate,
            ),
            (
                "ActiveRecord::Base.connection.execute \"DROP TABLE users\"",
                DropTable,
            ),
        ] {
            assert_eq!(ruby(code), [loss], "{code}");
        }
        for code in [
            "User.where(active: false).delete_all",
            "User.inactive.destroy_all",
            "user.posts.destroy_all",
            "current_user.sessions.delete_all",
            "User.where(id: 1).update_all(admin: true)",
            "puts 'User.delete_all'",
            "# User.delete_all\nputs User.count",
            "User.find(1).destroy",
            "User.all.each(&:touch)",
            "ActiveRecord::Base.connection.execute('SELECT 1')",
            "Rails.cache.clear",
        ] {
            assert!(ruby(code).is_empty(), "{code}: {:?}", ruby(code));
        }
    }

    #[test]
    fn django_and_sqlalchemy_whole_tables_and_drops() {
        use DataLoss::*;
        let python = |c| losses(c, CodeLanguage::Python);
        for (code, loss) in [
            ("User.objects.all().delete()", DeleteWithoutWhere),
            (
                "from app.models import User; User.objects.all().delete()",
                DeleteWithoutWhere,
            ),
            ("Post.objects.filter().delete()", DeleteWithoutWhere),
            ("User.objects.update(is_staff=True)", UpdateWithoutWhere),
            ("db.session.query(User).delete()", DeleteWithoutWhere),
            ("User.query.delete()", DeleteWithoutWhere),
            ("session.execute(delete(User))", DeleteWithoutWhere),
            ("db.drop_all()", DropTable),
            ("Base.metadata.drop_all(engine)", DropTable),
            ("User.__table__.drop(engine)", DropTable),
            ("call_command('flush', interactive=False)", Truncate),
            (
                "from django.db import connection; connection.cursor().execute(\"DROP TABLE app_user\")",
                DropTable,
            ),
            (
                "conn.execute(text('''DELETE FROM users'''))",
                DeleteWithoutWhere,
            ),
        ] {
            assert_eq!(python(code), [loss], "{code}");
        }
        for code in [
            "User.objects.filter(pk=1).delete()",
            "User.objects.get(pk=1).delete()",
            "user.delete()",
            "User.objects.filter(active=False).update(archived=True)",
            "d = {}; d.update(a=1)",
            "session.query(User).filter_by(id=1).delete()",
            "session.execute(delete(User).where(User.id == 1))",
            "print('User.objects.all().delete()')",
            "cache.delete('k')",
            "os.remove('x')",
            "call_command('migrate')",
            "cursor.execute('SELECT * FROM users')",
        ] {
            assert!(python(code).is_empty(), "{code}: {:?}", python(code));
        }
    }

    #[test]
    fn prisma_sequelize_knex_and_mongo_whole_tables_and_drops() {
        use DataLoss::*;
        let js = |c| losses(c, CodeLanguage::JavaScript);
        for (code, loss) in [
            ("await prisma.user.deleteMany()", DeleteWithoutWhere),
            ("prisma.user.deleteMany({})", DeleteWithoutWhere),
            ("prisma.post.deleteMany({ where: {} })", DeleteWithoutWhere),
            (
                "prisma.user.updateMany({ data: { admin: true } })",
                UpdateWithoutWhere,
            ),
            ("prisma.$executeRawUnsafe('DROP TABLE users')", DropTable),
            ("prisma.$executeRaw`TRUNCATE users`", Truncate),
            ("await sequelize.sync({ force: true })", DropTable),
            ("User.destroy({ truncate: true })", Truncate),
            ("User.destroy({ where: {} })", DeleteWithoutWhere),
            ("sequelize.drop()", DropTable),
            ("knex('users').del()", DeleteWithoutWhere),
            ("knex('users').truncate()", Truncate),
            ("knex.schema.dropTable('users')", DropTable),
            ("db.collection('users').deleteMany({})", DeleteWithoutWhere),
            ("mongoose.connection.dropDatabase()", DropDatabase),
            ("dataSource.dropDatabase()", DropDatabase),
            ("pool.query(\"DELETE FROM users\")", DeleteWithoutWhere),
            ("db.exec(`DROP TABLE sessions`)", DropTable),
        ] {
            assert_eq!(js(code), [loss], "{code}");
        }
        for code in [
            "prisma.user.deleteMany({ where: { id: 1 } })",
            "prisma.user.updateMany({ where: { id: 1 }, data: { a: 1 } })",
            "sequelize.sync()",
            "sequelize.sync({ alter: true })",
            "User.destroy({ where: { id: 1 } })",
            "knex('users').where('id', 1).del()",
            "map.delete(key)",
            "axios.delete('/api/x')",
            "pool.query('SELECT * FROM users')",
            "console.log('prisma.user.deleteMany()')",
            "// prisma.user.deleteMany()\nconsole.log(1)",
            "/* sequelize.drop() */ x()",
            "cache.clear()",
            "arr.splice(0)",
        ] {
            assert!(js(code).is_empty(), "{code}: {:?}", js(code));
        }
    }

    #[test]
    fn unterminated_literals_and_odd_text_do_not_panic() {
        for code in [
            "'",
            "\"",
            "'''",
            "User.delete_all('",
            "(",
            ")",
            ").delete()",
            "é.delete()",
            "x = \"é\"; User.delete_all",
            ".delete_all",
            "delete(",
            "execute(\"",
        ] {
            let _ = scan(code, CodeLanguage::Ruby);
            let _ = scan(code, CodeLanguage::Python);
        }
        assert_eq!(
            losses("x = \"é\"; User.delete_all", CodeLanguage::Ruby),
            [DataLoss::DeleteWithoutWhere]
        );
    }
}
