//! Reads tokens statement by statement. Each parenthesised group is a frame of its own, so a
//! `WHERE` inside a subquery does not count for the `DELETE` around it, and a `DELETE` inside a
//! common table expression (`WITH d AS (DELETE FROM t …)`) is read as the statement it is.

use super::lexer::{self, Client, Quote, Syntax, Tok, Token};
use crate::datastore::{DataLoss, DataScan, Unreadable};

/// How many times statements built from string literals are read again, one inside the other.
const MAX_DEPTH: u8 = 4;

/// What `ALTER TABLE … DROP` may name that holds no rows: constraints, defaults, keys,
/// indexes, generated expressions (`DROP COLUMN c` and `DROP c` lose the column's data).
const ALTER_DROPS_NO_DATA: &[&str] = &[
    "constraint",
    "default",
    "not",
    "index",
    "key",
    "primary",
    "foreign",
    "check",
    "expression",
    "identity",
    "trigger",
    "rule",
    "policy",
    "system",
    "period",
    "fulltext",
    "spatial",
    "unique",
];

/// Words that do not decide what a statement is (`EXPLAIN ANALYZE DELETE …` deletes).
const PREFIX_WORDS: &[&str] = &["explain", "analyze", "analyse", "verbose"];

/// PL/pgSQL words after which a new statement starts inside a body (`IF x THEN DELETE …`).
const BLOCK_WORDS: &[&str] = &["begin", "then", "else", "loop", "exception", "declare"];

/// Languages whose function bodies are not SQL and can reach the host.
const UNTRUSTED_LANGUAGES: &[&str] = &[
    "plpythonu",
    "plpython2u",
    "plpython3u",
    "plperlu",
    "pltclu",
    "plsh",
    "plrust",
    "c",
];

/// What `DROP` names that is an account: whoever logs in with it, or holds its grants, is
/// locked out (`DROP GROUP` is PostgreSQL's old spelling of `DROP ROLE`, `DROP LOGIN` SQL
/// Server's).
const ACCOUNTS: &[&str] = &["user", "role", "group", "login"];

/// What may follow `DROP USER` that is no account (PostgreSQL's `DROP USER MAPPING`).
const NOT_ACCOUNTS: &[&str] = &["mapping"];

/// Server procedures that run a command on the server's host (SQL Server's `xp_cmdshell`) or
/// code of another language (`sp_execute_external_script`).
const SHELL_PROCEDURES: &[&str] = &["xp_cmdshell", "sp_execute_external_script"];

/// Words that end a `WHERE` condition.
const AFTER_WHERE: &[&str] = &["returning", "limit", "order", "group", "having", "window"];

/// Reads `text` under `syntax`; `depth` counts how deep inside string literals it is.
pub(super) fn scan_text(text: &str, syntax: Syntax, depth: u8) -> DataScan {
    scan_body(text, syntax, depth, false)
}

fn scan_body(text: &str, syntax: Syntax, depth: u8, plpgsql: bool) -> DataScan {
    let lexed = lexer::lex(text, syntax);
    let mut reader = Reader {
        text,
        syntax,
        depth,
        plpgsql,
        scan: DataScan::default(),
        frames: vec![Frame::new()],
        dynamic: None,
    };
    for t in &lexed.tokens {
        reader.token(*t);
    }
    reader.end_statement();
    let mut scan = reader.scan;
    if let Some(u) = lexed.unreadable {
        scan.unreadable(u);
    }
    scan
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// No deciding word yet.
    Pending,
    /// `WITH …`: the statement is what follows the common table expressions.
    With,
    Delete,
    Update,
    Drop,
    /// `DROP USER|ROLE|…`: an account unless the next word says otherwise (`MAPPING`).
    DropAccount,
    /// `ALTER`: waiting for `TABLE`.
    Alter,
    /// `ALTER TABLE …`: its actions; `true` right after a `DROP`.
    AlterTable(bool),
    Copy,
    Create,
    /// `EXECUTE`, `PREPARE`, `DO`, `CREATE FUNCTION`: statements in string literals.
    Dynamic(Dynamic),
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dynamic {
    Execute,
    Prepare,
    /// A PL/pgSQL (or SQL) body: `DO`, `CREATE FUNCTION`.
    Body,
}

/// A `WHERE` condition, followed only far enough to see whether it is always true: its
/// `OR`-separated operands of at most three tokens.
#[derive(Debug, Clone, Copy)]
struct Condition {
    operand: [Option<Token>; 3],
    len: usize,
    always_true: bool,
    closed: bool,
}

#[derive(Debug, Clone, Copy)]
struct Frame {
    kind: Kind,
    condition: Option<Condition>,
}

impl Frame {
    fn new() -> Frame {
        Frame {
            kind: Kind::Pending,
            condition: None,
        }
    }
}

/// The string literals of a statement that builds statements, joined for one more reading.
struct DynamicText {
    kind: Dynamic,
    text: String,
    /// Something other than a literal came since the last one (`'a' || x || 'b'`).
    gap: bool,
    literals: usize,
}

struct Reader<'t> {
    text: &'t str,
    syntax: Syntax,
    depth: u8,
    plpgsql: bool,
    scan: DataScan,
    frames: Vec<Frame>,
    dynamic: Option<DynamicText>,
}

fn is(word: &str, one: &str) -> bool {
    word.eq_ignore_ascii_case(one)
}

fn is_any(word: &str, list: &[&str]) -> bool {
    list.iter().any(|w| is(word, w))
}

impl Reader<'_> {
    fn slice(&self, t: Token) -> &str {
        self.text.get(t.start..t.end).unwrap_or("")
    }

    fn top(&mut self) -> &mut Frame {
        if self.frames.is_empty() {
            self.frames.push(Frame::new());
        }
        let last = self.frames.len() - 1;
        &mut self.frames[last]
    }

    fn token(&mut self, t: Token) {
        if let Some(d) = &mut self.dynamic
            && !matches!(t.kind, Tok::Str(_))
        {
            d.gap = true;
        }
        match t.kind {
            Tok::End => self.end_statement(),
            Tok::Open => {
                self.in_condition(t, true);
                self.frames.push(Frame::new());
            }
            Tok::Close => {
                if self.frames.len() > 1
                    && let Some(f) = self.frames.pop()
                {
                    self.finish(f);
                }
            }
            Tok::Word => self.word(t),
            Tok::Str(q) => {
                self.literal(t, q);
                let top = self.top();
                if top.kind == Kind::Pending {
                    top.kind = Kind::Other;
                }
                self.in_condition(t, false);
            }
            Tok::Ident | Tok::Num | Tok::Eq | Tok::Punct => {
                let top = self.top();
                if top.kind == Kind::Pending {
                    top.kind = Kind::Other;
                }
                self.in_condition(t, false);
            }
        }
    }

    /// Adds `t` to the open `WHERE` condition of the current frame; `nested` marks the start of
    /// a group, which makes the operand too complex to be always true.
    fn in_condition(&mut self, t: Token, nested: bool) {
        let text = self.text;
        let top = self.top();
        let Some(c) = &mut top.condition else {
            return;
        };
        if c.closed {
            return;
        }
        if t.kind == Tok::Word {
            let w = text.get(t.start..t.end).unwrap_or("");
            if is(w, "or") {
                c.always_true |= always_true(text, c);
                c.operand = [None; 3];
                c.len = 0;
                return;
            }
            if is_any(w, AFTER_WHERE) {
                c.always_true |= always_true(text, c);
                c.closed = true;
                return;
            }
        }
        if nested {
            c.len = usize::MAX;
        } else if c.len < 3 {
            c.operand[c.len] = Some(t);
            c.len += 1;
        } else {
            c.len = usize::MAX;
        }
    }

    fn word(&mut self, t: Token) {
        let text = self.text;
        let w = text.get(t.start..t.end).unwrap_or("");
        let plpgsql = self.plpgsql;
        let postgres = self.syntax.postgres_strings;
        let kind = self.top().kind;
        if is_any(w, SHELL_PROCEDURES) {
            self.scan.unreadable(Unreadable::ShellEscape);
        }
        if plpgsql && is_any(w, BLOCK_WORDS) && matches!(kind, Kind::Pending | Kind::Other) {
            if let Some(f) = self.frames.pop() {
                self.finish(f);
            }
            self.frames.push(Frame::new());
            return;
        }
        match kind {
            Kind::Pending => {
                if is_any(w, PREFIX_WORDS) {
                    return;
                }
                let next = match w.to_ascii_lowercase().as_str() {
                    "with" => Kind::With,
                    "delete" => Kind::Delete,
                    "update" => Kind::Update,
                    "drop" => Kind::Drop,
                    "alter" => Kind::Alter,
                    "truncate" => {
                        self.scan.add(DataLoss::Truncate);
                        Kind::Other
                    }
                    "copy" => Kind::Copy,
                    "create" => Kind::Create,
                    "execute" => Kind::Dynamic(Dynamic::Execute),
                    "prepare" => Kind::Dynamic(Dynamic::Prepare),
                    "do" if postgres => Kind::Dynamic(Dynamic::Body),
                    _ => Kind::Other,
                };
                self.top().kind = next;
                if let Kind::Dynamic(d) = next {
                    self.start_dynamic(d);
                }
            }
            Kind::With => {
                let next = match w.to_ascii_lowercase().as_str() {
                    "delete" => Kind::Delete,
                    "update" => Kind::Update,
                    "select" | "insert" | "merge" | "values" | "table" => Kind::Other,
                    _ => Kind::With,
                };
                self.top().kind = next;
            }
            Kind::Drop => {
                let loss = match w.to_ascii_lowercase().as_str() {
                    // A Cassandra keyspace holds tables as a database does (cqlsh).
                    "database" | "keyspace" => Some(DataLoss::DropDatabase),
                    "schema" => Some(DataLoss::DropSchema),
                    "table" => Some(DataLoss::DropTable),
                    "owned" => Some(DataLoss::DropOwned),
                    _ => None,
                };
                if let Some(l) = loss {
                    self.scan.add(l);
                }
                self.top().kind = if is_any(w, ACCOUNTS) {
                    Kind::DropAccount
                } else {
                    Kind::Other
                };
            }
            Kind::DropAccount => {
                // The account's name (or `IF EXISTS`) follows: the statement drops it.
                if is_any(w, NOT_ACCOUNTS) {
                    self.top().kind = Kind::Other;
                } else {
                    self.scan.add(DataLoss::DropRole);
                    self.top().kind = Kind::Other;
                }
            }
            Kind::Alter => {
                self.top().kind = if is(w, "table") {
                    Kind::AlterTable(false)
                } else {
                    Kind::Other
                };
            }
            Kind::AlterTable(after_drop) => {
                // `DROP [COLUMN] c` and `DROP PARTITION p` lose data; `DROP CONSTRAINT`,
                // `DROP DEFAULT`, `DROP NOT NULL`, an index or a key lose none.
                let next = if after_drop {
                    if !is_any(w, ALTER_DROPS_NO_DATA) {
                        self.scan.add(DataLoss::DropColumn);
                    }
                    false
                } else {
                    is(w, "drop")
                };
                self.top().kind = Kind::AlterTable(next);
            }
            Kind::Delete | Kind::Update => {
                let top = self.top();
                if top.condition.is_none() && is(w, "where") {
                    top.condition = Some(Condition {
                        operand: [None; 3],
                        len: 0,
                        always_true: false,
                        closed: false,
                    });
                } else {
                    self.in_condition(t, false);
                }
            }
            Kind::Copy => {
                if is(w, "program") {
                    self.scan.unreadable(Unreadable::ShellEscape);
                }
            }
            Kind::Create => {
                if is_any(w, &["function", "procedure"]) {
                    self.top().kind = Kind::Dynamic(Dynamic::Body);
                    self.start_dynamic(Dynamic::Body);
                } else if !is_any(w, &["or", "replace"]) {
                    self.top().kind = Kind::Other;
                }
            }
            Kind::Dynamic(Dynamic::Prepare) if postgres && is(w, "as") => {
                // PostgreSQL: `PREPARE p AS DELETE …` prepares the statement that follows.
                self.dynamic = None;
                self.top().kind = Kind::Pending;
            }
            Kind::Dynamic(Dynamic::Body) if is_any(w, UNTRUSTED_LANGUAGES) => {
                self.scan.unreadable(Unreadable::ShellEscape);
            }
            Kind::Dynamic(_) | Kind::Other => {}
        }
    }

    fn start_dynamic(&mut self, kind: Dynamic) {
        self.dynamic = Some(DynamicText {
            kind,
            text: String::new(),
            gap: false,
            literals: 0,
        });
    }

    fn literal(&mut self, t: Token, quote: Quote) {
        let content = decode(self.slice(t), quote);
        if let Some(d) = &mut self.dynamic {
            if d.gap && !d.text.is_empty() {
                // What stood between two literals (`|| name ||`) becomes a placeholder word.
                d.text.push_str(" x ");
            }
            d.text.push_str(&content);
            d.gap = false;
            d.literals += 1;
        }
    }

    fn finish(&mut self, f: Frame) {
        if f.kind == Kind::DropAccount {
            // `DROP USER 'bob'@'%'`, `DROP ROLE "admin"`: the name was quoted.
            self.scan.add(DataLoss::DropRole);
        }
        if let (Kind::Delete | Kind::Update, cond) = (f.kind, f.condition) {
            let unlimited = match cond {
                None => true,
                Some(c) => c.always_true || (!c.closed && always_true(self.text, &c)),
            };
            if unlimited {
                self.scan.add(if f.kind == Kind::Delete {
                    DataLoss::DeleteWithoutWhere
                } else {
                    DataLoss::UpdateWithoutWhere
                });
            }
        }
    }

    fn end_statement(&mut self) {
        while let Some(f) = self.frames.pop() {
            self.finish(f);
        }
        self.frames.push(Frame::new());
        let Some(d) = self.dynamic.take() else {
            return;
        };
        if d.literals == 0 {
            // `EXECUTE var` in a body, MySQL `PREPARE s FROM @q`: the text is not here.
            // A top-level `EXECUTE name` runs a statement prepared (and read) earlier.
            let top_level_execute = d.kind == Dynamic::Execute && !self.plpgsql;
            if !top_level_execute && d.kind != Dynamic::Body {
                self.scan.unreadable(Unreadable::DynamicStatement);
            }
            return;
        }
        if self.depth + 1 > MAX_DEPTH {
            self.scan.unreadable(Unreadable::TooDeep);
            return;
        }
        let inner = Syntax {
            client: Client::None,
            ..self.syntax
        };
        let found = scan_body(&d.text, inner, self.depth + 1, d.kind == Dynamic::Body);
        self.scan.merge(found);
    }
}

/// Whether the operand gathered so far is always true: `TRUE`, `NOT FALSE`, a non-zero
/// number (MySQL's `WHERE 1`), or the same literal or column on both sides of `=`.
fn always_true(text: &str, c: &Condition) -> bool {
    if c.len == usize::MAX {
        return false;
    }
    let s = |t: Option<Token>| t.and_then(|t| text.get(t.start..t.end)).unwrap_or("");
    let kind = |t: Option<Token>| t.map(|t| t.kind);
    match c.len {
        1 => {
            let only = c.operand[0];
            (kind(only) == Some(Tok::Word) && is(s(only), "true"))
                || (kind(only) == Some(Tok::Num)
                    && s(only).bytes().any(|b| (b'1'..=b'9').contains(&b)))
        }
        2 => is(s(c.operand[0]), "not") && is(s(c.operand[1]), "false"),
        3 => {
            let (a, op, b) = (c.operand[0], c.operand[1], c.operand[2]);
            let same_kind = kind(a) == kind(b)
                && matches!(
                    kind(a),
                    Some(Tok::Num | Tok::Str(_) | Tok::Word | Tok::Ident)
                );
            kind(op) == Some(Tok::Eq) && same_kind && s(a).eq_ignore_ascii_case(s(b))
        }
        _ => false,
    }
}

/// A string literal's content with its escapes undone.
fn decode(raw: &str, quote: Quote) -> String {
    match quote {
        Quote::Raw => raw.to_string(),
        Quote::Doubled(q) => {
            let q = char::from(q);
            raw.replace(&format!("{q}{q}"), &q.to_string())
        }
        Quote::Backslash(q) => {
            let q = char::from(q);
            let mut out = String::with_capacity(raw.len());
            let mut chars = raw.chars().peekable();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => match chars.next() {
                        Some('n') => out.push('\n'),
                        Some('t') => out.push('\t'),
                        Some('r') => out.push('\r'),
                        Some('0') => out.push('\0'),
                        Some(other) => out.push(other),
                        None => {}
                    },
                    c if c == q && chars.peek() == Some(&q) => {
                        chars.next();
                        out.push(q);
                    }
                    c => out.push(c),
                }
            }
            out
        }
    }
}
