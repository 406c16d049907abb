//! MongoDB: the JavaScript that `mongosh` (and the legacy `mongo` shell) runs from `--eval`,
//! a file or stdin. Strings, template literals and comments are data; a regular expression
//! literal is told from a division the way JavaScript tokenizers do. Where that cannot be
//! decided (a `/` after `)` or `}`), the whole text is searched instead, strings included.

use super::{DataLoss, DataScan, Unreadable};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok<'a> {
    Ident(&'a str),
    Str(&'a str),
    Punct(u8),
    Num,
}

/// Keywords after which a `/` starts a regular expression.
const REGEX_AFTER: &[&str] = &[
    "return",
    "typeof",
    "case",
    "do",
    "else",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "instanceof",
    "yield",
    "await",
];

/// Methods that delete every document when given an empty filter.
const DELETE_ALL_METHODS: &[&str] = &["deleteMany", "remove"];

/// Shell methods that drop users or roles (`db.dropUser('app')`, `db.dropAllUsers()`).
const USER_DROP_METHODS: &[&str] = &["dropUser", "dropAllUsers", "dropRole", "dropAllRoles"];

/// Database commands that drop users or roles (`db.runCommand({dropUser: 'app'})`).
const USER_DROP_COMMANDS: &[&str] = &[
    "dropUser",
    "dropAllUsersFromDatabase",
    "dropRole",
    "dropAllRolesFromDatabase",
];

/// Commands run through `db.runCommand` / `db.adminCommand` that drop a collection.
const RUN_COMMANDS: &[&str] = &["runCommand", "adminCommand"];

/// What `code` would do to a MongoDB deployment.
pub fn scan(code: &str) -> DataScan {
    let mut out = DataScan::default();
    let lexed = lex(code);
    if let Err(why) = lexed.result {
        out.unreadable(why);
    }
    if lexed.ambiguous {
        search_text(code, &mut out);
    }
    find_losses(&lexed.tokens, &mut out);
    out
}

fn find_losses(toks: &[Tok], out: &mut DataScan) {
    let at = |i: usize| toks.get(i).copied();
    let mut drop_key = false;
    let mut user_drop_key = false;
    let mut run_command = false;
    for (i, t) in toks.iter().enumerate() {
        let (Tok::Ident(name) | Tok::Str(name)) = *t else {
            continue;
        };
        let is_ident = matches!(t, Tok::Ident(_));
        // `x.name(` or `x["name"](`.
        let called =
            (i > 0 && at(i - 1) == Some(Tok::Punct(b'.')) && at(i + 1) == Some(Tok::Punct(b'(')))
                || (i > 0
                    && at(i - 1) == Some(Tok::Punct(b'['))
                    && at(i + 1) == Some(Tok::Punct(b']'))
                    && at(i + 2) == Some(Tok::Punct(b'(')));
        let key = at(i + 1) == Some(Tok::Punct(b':'));
        if name == "dropDatabase" && (is_ident || called || key) {
            out.add(DataLoss::MongoDropDatabase);
        }
        if name == "drop" && called {
            out.add(DataLoss::MongoDropCollection);
        }
        if name == "drop" && key {
            drop_key = true;
        }
        if USER_DROP_METHODS.contains(&name) && called {
            out.add(DataLoss::MongoDropUser);
        }
        if USER_DROP_COMMANDS.contains(&name) && key {
            user_drop_key = true;
        }
        if RUN_COMMANDS.contains(&name) && is_ident {
            run_command = true;
        }
        if DELETE_ALL_METHODS.contains(&name) && called {
            let open = if at(i + 1) == Some(Tok::Punct(b'(')) {
                i + 1
            } else {
                i + 2
            };
            let empty_filter = at(open + 1) == Some(Tok::Punct(b'{'))
                && at(open + 2) == Some(Tok::Punct(b'}'))
                && matches!(at(open + 3), Some(Tok::Punct(b')' | b',')));
            if empty_filter {
                out.add(DataLoss::MongoDeleteAll);
            }
        }
    }
    if drop_key && run_command {
        out.add(DataLoss::MongoDropCollection);
    }
    if user_drop_key && run_command {
        out.add(DataLoss::MongoDropUser);
    }
}

/// The fallback when tokens cannot be trusted: names searched in the raw text.
fn search_text(code: &str, out: &mut DataScan) {
    if code.contains("dropDatabase") {
        out.add(DataLoss::MongoDropDatabase);
    }
    let squeezed: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if squeezed.contains(".drop(")
        || squeezed.contains("[\"drop\"](")
        || squeezed.contains("['drop'](")
    {
        out.add(DataLoss::MongoDropCollection);
    }
    if USER_DROP_METHODS
        .iter()
        .any(|m| squeezed.contains(&format!(".{m}(")))
    {
        out.add(DataLoss::MongoDropUser);
    }
    if DELETE_ALL_METHODS.iter().any(|m| {
        squeezed.contains(&format!("{m}({{}})")) || squeezed.contains(&format!("{m}({{}},"))
    }) {
        out.add(DataLoss::MongoDeleteAll);
    }
}

struct Lexed<'a> {
    tokens: Vec<Tok<'a>>,
    ambiguous: bool,
    result: Result<(), Unreadable>,
}

fn lex(code: &str) -> Lexed<'_> {
    let s = code.as_bytes();
    let mut lx = Lexed {
        tokens: Vec::new(),
        ambiguous: false,
        result: Ok(()),
    };
    // Brace depths at which a template literal's `${…}` closes.
    let mut templates: Vec<usize> = Vec::new();
    let mut braces = 0usize;
    // Up to here a `/` is not tried as a regular expression again (one failed on this line).
    let mut no_regex_before = 0usize;
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        let start = i;
        match b {
            b if b.is_ascii_whitespace() => i += 1,
            b'/' if s.get(i + 1) == Some(&b'/') => {
                while i < s.len() && s[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if s.get(i + 1) == Some(&b'*') => match memchr::memmem::find(&s[i + 2..], b"*/") {
                Some(n) => i += n + 4,
                None => {
                    lx.result = Err(Unreadable::UnterminatedComment);
                    break;
                }
            },
            b'/' => {
                let prev = lx.tokens.last().copied();
                let regex = match prev {
                    None => true,
                    Some(Tok::Ident(w)) => REGEX_AFTER.contains(&w),
                    Some(Tok::Str(_) | Tok::Num) => false,
                    Some(Tok::Punct(b')' | b']' | b'}')) => {
                        lx.ambiguous = true;
                        false
                    }
                    Some(Tok::Punct(_)) => true,
                };
                if regex && i >= no_regex_before {
                    match regex_end(s, i) {
                        Some(end) => {
                            lx.tokens.push(Tok::Str(&code[i + 1..end - 1]));
                            i = end;
                        }
                        None => {
                            // No closing slash on the line: not a regular expression after all.
                            lx.ambiguous = true;
                            no_regex_before =
                                memchr::memchr(b'\n', &s[i..]).map_or(s.len(), |n| i + n);
                            lx.tokens.push(Tok::Punct(b'/'));
                            i += 1;
                        }
                    }
                } else {
                    lx.ambiguous |= regex;
                    lx.tokens.push(Tok::Punct(b'/'));
                    i += 1;
                }
            }
            b'\'' | b'"' => match string_end(s, i, b) {
                Some(end) => {
                    lx.tokens.push(Tok::Str(&code[i + 1..end - 1]));
                    i = end;
                }
                None => {
                    lx.result = Err(Unreadable::UnterminatedQuote);
                    break;
                }
            },
            b'`' => match template_part(s, i + 1) {
                TemplatePart::End(end) => {
                    lx.tokens.push(Tok::Str(&code[i + 1..end - 1]));
                    i = end;
                }
                TemplatePart::Code(at) => {
                    lx.tokens.push(Tok::Punct(b'`'));
                    templates.push(braces);
                    i = at;
                }
                TemplatePart::Open => {
                    lx.result = Err(Unreadable::UnterminatedQuote);
                    break;
                }
            },
            b'{' => {
                braces += 1;
                lx.tokens.push(Tok::Punct(b'{'));
                i += 1;
            }
            b'}' if templates.last() == Some(&braces) => {
                // The end of a `${…}`: the template literal goes on.
                templates.pop();
                match template_part(s, i + 1) {
                    TemplatePart::End(end) => {
                        lx.tokens.push(Tok::Punct(b'`'));
                        i = end;
                    }
                    TemplatePart::Code(at) => {
                        templates.push(braces);
                        i = at;
                    }
                    TemplatePart::Open => {
                        lx.result = Err(Unreadable::UnterminatedQuote);
                        break;
                    }
                }
            }
            b'}' => {
                braces = braces.saturating_sub(1);
                lx.tokens.push(Tok::Punct(b'}'));
                i += 1;
            }
            b if b.is_ascii_alphabetic() || b == b'_' || b == b'$' || b >= 0x80 => {
                while i < s.len()
                    && (s[i].is_ascii_alphanumeric()
                        || s[i] == b'_'
                        || s[i] == b'$'
                        || s[i] >= 0x80)
                {
                    i += 1;
                }
                lx.tokens.push(Tok::Ident(&code[start..i]));
            }
            b if b.is_ascii_digit() => {
                while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == b'.') {
                    i += 1;
                }
                lx.tokens.push(Tok::Num);
            }
            _ => {
                lx.tokens.push(Tok::Punct(b));
                i += 1;
            }
        }
    }
    if lx.result.is_ok() && !templates.is_empty() {
        lx.result = Err(Unreadable::UnterminatedQuote);
    }
    lx
}

/// The index after the closing quote of a string starting at `at`.
fn string_end(s: &[u8], at: usize, quote: u8) -> Option<usize> {
    let mut i = at + 1;
    while i < s.len() {
        match s[i] {
            b'\\' => i += 2,
            c if c == quote => return Some(i + 1),
            b'\n' => return None,
            _ => i += 1,
        }
    }
    None
}

/// The index after the closing `/` (and flags) of a regular expression at `at`, if it closes
/// on its line.
fn regex_end(s: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 1;
    let mut class = false;
    while i < s.len() {
        match s[i] {
            b'\\' => i += 2,
            b'\n' => return None,
            b'[' => {
                class = true;
                i += 1;
            }
            b']' => {
                class = false;
                i += 1;
            }
            b'/' if !class => {
                i += 1;
                while i < s.len() && s[i].is_ascii_alphabetic() {
                    i += 1;
                }
                return Some(i);
            }
            _ => i += 1,
        }
    }
    None
}

enum TemplatePart {
    /// The template ends; the index after its closing backtick.
    End(usize),
    /// A `${` opens code; the index after it.
    Code(usize),
    /// The template never ends.
    Open,
}

/// Reads template text from `at` to its end or its next `${`.
fn template_part(s: &[u8], at: usize) -> TemplatePart {
    let mut i = at;
    while i < s.len() {
        match s[i] {
            b'\\' => i += 2,
            b'`' => return TemplatePart::End(i + 1),
            b'$' if s.get(i + 1) == Some(&b'{') => return TemplatePart::Code(i + 2),
            _ => i += 1,
        }
    }
    TemplatePart::Open
}

#[cfg(test)]
mod tests {
    use super::*;
    use DataLoss::*;

    fn losses(code: &str) -> Vec<DataLoss> {
        let s = scan(code);
        assert_eq!(s.unreadable, None, "{code:?}");
        s.losses
    }

    #[test]
    fn destructive_calls() {
        assert_eq!(losses("db.dropDatabase()"), [MongoDropDatabase]);
        assert_eq!(
            losses("db.getSiblingDB('app').dropDatabase();"),
            [MongoDropDatabase]
        );
        assert_eq!(
            losses("db.adminCommand({dropDatabase: 1})"),
            [MongoDropDatabase]
        );
        assert_eq!(
            losses("db.runCommand({\"dropDatabase\": 1})"),
            [MongoDropDatabase]
        );
        assert_eq!(losses("db['dropDatabase']()"), [MongoDropDatabase]);
        assert_eq!(losses("db.users.drop()"), [MongoDropCollection]);
        assert_eq!(
            losses("db.getCollection('users').drop()"),
            [MongoDropCollection]
        );
        assert_eq!(
            losses("db.runCommand({ drop: 'users' })"),
            [MongoDropCollection]
        );
        assert_eq!(losses("db.users.deleteMany({})"), [MongoDeleteAll]);
        assert_eq!(
            losses("db.users.deleteMany( { } , {w: 1})"),
            [MongoDeleteAll]
        );
        assert_eq!(losses("db.users.remove({})"), [MongoDeleteAll]);
        assert_eq!(losses("`${db.dropDatabase()}`"), [MongoDropDatabase]);
        for code in [
            "db.dropUser('app')",
            "db.getSiblingDB('admin').dropAllUsers()",
            "db.dropRole(\"reader\")",
            "db.dropAllRoles({w: 'majority'})",
            "db['dropUser']('app')",
            "db.runCommand({ dropUser: 'app' })",
            "db.adminCommand({dropAllUsersFromDatabase: 1})",
            "db.runCommand({\"dropRole\": 'r'})",
        ] {
            assert_eq!(losses(code), [MongoDropUser], "{code:?}");
        }
        // After `)` a slash could be either: the text is searched instead.
        assert_eq!(
            scan("if (x) /'/.test(y); db.dropUser('a') //'").losses,
            [MongoDropUser]
        );
    }

    #[test]
    fn near_misses_pass() {
        for code in [
            "db.users.find({})",
            "db.users.deleteMany({ status: 'old' })",
            "db.users.deleteOne({})",
            "db.users.remove({ _id: 1 })",
            "print('dropDatabase')",
            "// db.dropDatabase()\ndb.users.countDocuments()",
            "/* db.users.drop() */ db.stats()",
            "const s = \"db.users.drop()\"",
            "`db.dropDatabase()`",
            "db.users.find({ name: /drop/ })",
            "db.users.aggregate([{ $project: { drop: 0 } }])",
            "db.createUser({user: 'app', pwd: 'x', roles: []})",
            "db.getUsers()",
            "db.updateUser('app', {roles: []})",
            "print('dropUser')",
            "db.audit.find({ dropUser: 1 })",
            "show dbs",
            "",
        ] {
            assert_eq!(losses(code), [], "{code:?}");
        }
    }

    #[test]
    fn regular_expressions_do_not_hide_code() {
        assert_eq!(
            losses("db.c.find({a: /'/}); db.dropDatabase() //'"),
            [MongoDropDatabase]
        );
        // After `)` a slash could be either: the text is searched instead.
        assert_eq!(
            scan("if (x) /'/.test(y); db.dropDatabase() //'").losses,
            [MongoDropDatabase]
        );
        assert_eq!(losses("var half = total / 2; db.stats()"), []);
    }

    #[test]
    fn unterminated_text_is_unreadable() {
        assert_eq!(
            scan("db.x.find('open").unreadable,
            Some(Unreadable::UnterminatedQuote)
        );
        assert_eq!(
            scan("`a ${b").unreadable,
            Some(Unreadable::UnterminatedQuote)
        );
        assert_eq!(
            scan("/* open").unreadable,
            Some(Unreadable::UnterminatedComment)
        );
    }

    #[test]
    fn pathological_input_is_linear() {
        for unit in ["/", "`${", "}", "'", "a.drop(", "/[", ") /"] {
            let _ = scan(&unit.repeat(100_000));
        }
    }
}
