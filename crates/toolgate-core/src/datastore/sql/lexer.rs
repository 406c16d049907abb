//! One pass over SQL text: words, quoted strings and identifiers, parentheses and statement
//! ends, with comments skipped. Each dialect's quoting and comment rules are a [`Syntax`]; the
//! client commands of `psql`, `mysql` and `sqlite3` (`\!`, `.shell`, `delimiter`) are read too.

use crate::datastore::Unreadable;

/// The kinds of token the classifier looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tok {
    /// A bare word: keyword or identifier.
    Word,
    /// A quoted identifier (`"t"`, `` `t` ``, `[t]`): never a keyword.
    Ident,
    /// A string literal; the token spans its content, escapes not yet decoded.
    Str(Quote),
    /// A number.
    Num,
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `=`.
    Eq,
    /// The end of a statement: `;`, a client delimiter, a client command.
    End,
    /// Any other operator or punctuation.
    Punct,
}

/// How a string literal's content is escaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Quote {
    /// The quote character doubled (`''`), standard SQL.
    Doubled(u8),
    /// Doubled, and a backslash escapes the next character (MySQL, ClickHouse, `E'…'`).
    Backslash(u8),
    /// No escapes (`$tag$…$tag$`).
    Raw,
}

/// One token: its kind and byte range in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Token {
    pub kind: Tok,
    pub start: usize,
    pub end: usize,
}

/// Which client reads the text (its commands are not SQL).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Client {
    /// Text sent to the server as is (an MCP tool's `sql` argument).
    None,
    /// psql: backslash commands.
    Psql,
    /// mysql / mariadb: `\x` commands, `system`, `source`, `delimiter`.
    Mysql,
    /// sqlite3: dot-commands at the start of a line.
    Sqlite3,
    /// sqlcmd: `!!`, `:r`, `:setvar`, `GO` at the start of a line.
    Sqlcmd,
}

/// A dialect's lexical rules.
#[derive(Debug, Clone, Copy)]
pub(super) struct Syntax {
    /// `\` escapes inside `'…'` and `"…"`.
    pub backslash_escapes: bool,
    /// `"…"` is a string, not an identifier.
    pub double_quote_string: bool,
    /// `` `…` `` quotes an identifier.
    pub backtick: bool,
    /// `[…]` quotes an identifier.
    pub brackets: bool,
    /// `$tag$…$tag$` strings and `E'…'` escape strings.
    pub postgres_strings: bool,
    /// `/* /* */ */` nests.
    pub nested_comments: bool,
    /// `#` starts a line comment.
    pub hash_comments: bool,
    /// `--` starts a comment only when a space or control character follows.
    pub dash_needs_space: bool,
    /// `/*! … */` holds code.
    pub exec_comments: bool,
    /// A `/*` comment left open ends the text instead of making it unreadable.
    pub open_comment_ok: bool,
    /// The client whose commands may appear.
    pub client: Client,
}

/// The tokens of a text and the first reason part of it could not be read.
pub(super) struct Lexed {
    pub tokens: Vec<Token>,
    pub unreadable: Option<Unreadable>,
}

/// Longest `delimiter` a mysql script may set (longer ones are refused as unreadable).
const MAX_DELIMITER: usize = 16;

struct Lexer<'a> {
    s: &'a [u8],
    i: usize,
    syntax: Syntax,
    out: Vec<Token>,
    /// Open `/*! … */` comments whose content is code.
    exec_depth: usize,
    /// The mysql client delimiter, when not `;`.
    delimiter: Option<&'a [u8]>,
    /// A client command read statements from a file (`\i`, `source`, `.read`): they are not
    /// here, but the text after it still is, so reading goes on.
    included: bool,
}

/// Splits `text` into tokens under `syntax`. Linear in the length of the text.
pub(super) fn lex(text: &str, syntax: Syntax) -> Lexed {
    let mut lx = Lexer {
        s: text.as_bytes(),
        i: 0,
        syntax,
        out: Vec::new(),
        exec_depth: 0,
        delimiter: None,
        included: false,
    };
    // sqlcmd reads its commands line by line before any SQL: a `!!` line inside what the SQL
    // reading takes for a string or comment runs all the same.
    let escaped = (syntax.client == Client::Sqlcmd)
        .then(|| sqlcmd_shell_escape(text))
        .flatten();
    // What stopped the reading comes first; an included file only left a gap.
    let unreadable = escaped
        .map_or_else(|| lx.run(), Err)
        .err()
        .or(lx.included.then_some(Unreadable::IncludedFile));
    Lexed {
        tokens: lx.out,
        unreadable,
    }
}

fn is_word_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b >= 0x80
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

impl<'a> Lexer<'a> {
    fn peek(&self, at: usize) -> Option<u8> {
        self.s.get(self.i + at).copied()
    }

    fn push(&mut self, kind: Tok, start: usize, end: usize) {
        self.out.push(Token { kind, start, end });
    }

    fn at_statement_start(&self) -> bool {
        self.out.last().is_none_or(|t| t.kind == Tok::End)
    }

    /// Whether only blanks stand between the last newline (or the start) and here. Scans back
    /// over blanks only, so every byte is looked at once.
    fn at_line_start(&self) -> bool {
        for b in self.s[..self.i].iter().rev() {
            if *b == b'\n' {
                return true;
            }
            if !b.is_ascii_whitespace() {
                return false;
            }
        }
        true
    }

    fn skip_line(&mut self) {
        while let Some(b) = self.peek(0) {
            if b == b'\n' {
                break;
            }
            self.i += 1;
        }
    }

    fn run(&mut self) -> Result<(), Unreadable> {
        while let Some(b) = self.peek(0) {
            if let Some(d) = self.delimiter
                && self.s[self.i..].starts_with(d)
            {
                self.push(Tok::End, self.i, self.i + d.len());
                self.i += d.len();
                continue;
            }
            if self.client_command()? {
                continue;
            }
            let start = self.i;
            match b {
                b if b.is_ascii_whitespace() => self.i += 1,
                b'-' if self.peek(1) == Some(b'-') && self.dash_comment() => self.skip_line(),
                b'#' if self.syntax.hash_comments => self.skip_line(),
                b'/' if self.peek(1) == Some(b'*') => self.block_comment()?,
                b'*' if self.exec_depth > 0 && self.peek(1) == Some(b'/') => {
                    self.exec_depth -= 1;
                    self.i += 2;
                }
                b'\'' => self.string(b'\'', self.syntax.backslash_escapes)?,
                b'"' if self.syntax.double_quote_string => {
                    self.string(b'"', self.syntax.backslash_escapes)?
                }
                b'"' => self.quoted_ident(b'"', self.syntax.backslash_escapes)?,
                b'`' if self.syntax.backtick => {
                    self.quoted_ident(b'`', self.syntax.backslash_escapes)?
                }
                b'[' if self.syntax.brackets => self.bracket_ident()?,
                b'$' if self.syntax.postgres_strings && self.dollar_string()? => {}
                b if is_word_start(b) => {
                    while self.peek(0).is_some_and(is_word_byte) {
                        self.i += 1;
                    }
                    let word = &self.s[start..self.i];
                    if self.syntax.postgres_strings
                        && word.eq_ignore_ascii_case(b"e")
                        && self.peek(0) == Some(b'\'')
                    {
                        self.string(b'\'', true)?;
                    } else {
                        self.push(Tok::Word, start, self.i);
                    }
                }
                b if b.is_ascii_digit() => {
                    while self
                        .peek(0)
                        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_')
                    {
                        self.i += 1;
                    }
                    self.push(Tok::Num, start, self.i);
                }
                b'(' => {
                    self.i += 1;
                    self.push(Tok::Open, start, self.i);
                }
                b')' => {
                    self.i += 1;
                    self.push(Tok::Close, start, self.i);
                }
                b';' => {
                    self.i += 1;
                    self.push(Tok::End, start, self.i);
                }
                b'=' => {
                    self.i += 1;
                    self.push(Tok::Eq, start, self.i);
                }
                _ => {
                    // One character at a time keeps every later quote and comment visible.
                    let len = std::str::from_utf8(&self.s[self.i..])
                        .ok()
                        .and_then(|t| t.chars().next())
                        .map_or(1, char::len_utf8);
                    self.i += len;
                    self.push(Tok::Punct, start, self.i);
                }
            }
        }
        if self.exec_depth > 0 {
            return Err(Unreadable::UnterminatedComment);
        }
        Ok(())
    }

    fn dash_comment(&self) -> bool {
        !self.syntax.dash_needs_space
            || self
                .peek(2)
                .is_none_or(|b| b.is_ascii_whitespace() || b.is_ascii_control())
    }

    fn block_comment(&mut self) -> Result<(), Unreadable> {
        // MySQL runs the content of `/*! … */` and MariaDB that of `/*M! … */`.
        if self.syntax.exec_comments {
            let bang = match (self.peek(2), self.peek(3)) {
                (Some(b'!'), _) => Some(3),
                (Some(b'M'), Some(b'!')) => Some(4),
                _ => None,
            };
            if let Some(skip) = bang {
                self.i += skip;
                while self.peek(0).is_some_and(|b| b.is_ascii_digit()) {
                    self.i += 1;
                }
                self.exec_depth += 1;
                return Ok(());
            }
        }
        self.i += 2;
        let mut depth = 1usize;
        while let Some(b) = self.peek(0) {
            if b == b'*' && self.peek(1) == Some(b'/') {
                self.i += 2;
                depth -= 1;
                if depth == 0 {
                    return Ok(());
                }
            } else if self.syntax.nested_comments && b == b'/' && self.peek(1) == Some(b'*') {
                self.i += 2;
                depth += 1;
            } else {
                self.i += 1;
            }
        }
        if self.syntax.open_comment_ok {
            Ok(())
        } else {
            Err(Unreadable::UnterminatedComment)
        }
    }

    /// A quoted run ending at `quote` (doubled quotes stay inside); returns the content end.
    fn quoted(&mut self, quote: u8, backslash: bool) -> Result<usize, Unreadable> {
        self.i += 1;
        while let Some(b) = self.peek(0) {
            if backslash && b == b'\\' {
                self.i += 2;
            } else if b == quote {
                if self.peek(1) == Some(quote) {
                    self.i += 2;
                } else {
                    let end = self.i;
                    self.i += 1;
                    return Ok(end);
                }
            } else {
                self.i += 1;
            }
        }
        Err(Unreadable::UnterminatedQuote)
    }

    fn string(&mut self, quote: u8, backslash: bool) -> Result<(), Unreadable> {
        let start = self.i + 1;
        let end = self.quoted(quote, backslash)?;
        let q = if backslash {
            Quote::Backslash(quote)
        } else {
            Quote::Doubled(quote)
        };
        self.push(Tok::Str(q), start, end);
        Ok(())
    }

    fn quoted_ident(&mut self, quote: u8, backslash: bool) -> Result<(), Unreadable> {
        let start = self.i;
        self.quoted(quote, backslash)?;
        self.push(Tok::Ident, start, self.i);
        Ok(())
    }

    fn bracket_ident(&mut self) -> Result<(), Unreadable> {
        let start = self.i;
        match self.s[self.i..].iter().position(|b| *b == b']') {
            Some(end) => {
                self.i += end + 1;
                self.push(Tok::Ident, start, self.i);
                Ok(())
            }
            None => Err(Unreadable::UnterminatedQuote),
        }
    }

    /// `$tag$…$tag$`: true when one starts here. `$1` and `a$b` are not dollar strings.
    fn dollar_string(&mut self) -> Result<bool, Unreadable> {
        if self.i > 0 && is_word_byte(self.s[self.i - 1]) {
            return Ok(false);
        }
        let rest = &self.s[self.i + 1..];
        let tag_len = rest.iter().position(|b| *b == b'$').filter(|n| {
            let tag = &rest[..*n];
            tag.first().is_none_or(|b| is_word_start(*b))
                && tag.iter().all(|b| is_word_byte(*b) && *b != b'$')
        });
        let Some(tag_len) = tag_len else {
            return Ok(false);
        };
        let delim = &self.s[self.i..self.i + tag_len + 2];
        let start = self.i + delim.len();
        match memchr::memmem::find(&self.s[start..], delim) {
            Some(n) => {
                self.push(Tok::Str(Quote::Raw), start, start + n);
                self.i = start + n + delim.len();
                Ok(true)
            }
            None => Err(Unreadable::UnterminatedQuote),
        }
    }

    /// Reads a client command at the current position, if one starts here.
    fn client_command(&mut self) -> Result<bool, Unreadable> {
        match self.syntax.client {
            Client::None => Ok(false),
            Client::Psql => self.psql_command(),
            Client::Mysql => self.mysql_command(),
            Client::Sqlite3 => self.sqlite_command(),
            Client::Sqlcmd => self.sqlcmd_command(),
        }
    }

    /// The rest of the current line.
    fn line_rest(&self) -> &'a [u8] {
        let rest = &self.s[self.i..];
        let end = rest.iter().position(|b| *b == b'\n').unwrap_or(rest.len());
        &rest[..end]
    }

    fn end_command(&mut self, start: usize) {
        self.skip_line();
        self.push(Tok::End, start, self.i);
    }

    fn psql_command(&mut self) -> Result<bool, Unreadable> {
        if self.peek(0) != Some(b'\\') {
            return Ok(false);
        }
        let start = self.i;
        let line = self.line_rest();
        let name_len = line[1..]
            .iter()
            .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_' || *b == b'!' || *b == b'?'))
            .unwrap_or(line.len() - 1);
        let name = &line[1..1 + name_len];
        let args = &line[1 + name_len..];
        let lower = name.to_ascii_lowercase();
        let pipes = args.contains(&b'|');
        let why = match lower.as_slice() {
            n if n.starts_with(b"!") => Some(Unreadable::ShellEscape),
            b"i" | b"ir" | b"include" | b"include_relative" => Some(Unreadable::IncludedFile),
            b"gexec" => Some(Unreadable::DynamicStatement),
            b"o" | b"out" | b"g" | b"gx" | b"w" | b"write" if pipes => {
                Some(Unreadable::ShellEscape)
            }
            b"copy" if pipes || contains_word(args, b"program") => Some(Unreadable::ShellEscape),
            _ => None,
        };
        match why {
            Some(Unreadable::IncludedFile) => self.included = true,
            Some(why) => return Err(why),
            None => {}
        }
        self.end_command(start);
        Ok(true)
    }

    fn mysql_command(&mut self) -> Result<bool, Unreadable> {
        let start = self.i;
        if self.peek(0) == Some(b'\\') {
            return match self.peek(1) {
                Some(b'!') => Err(Unreadable::ShellEscape),
                Some(b'.') => {
                    self.included = true;
                    self.end_command(start);
                    Ok(true)
                }
                Some(b'd') => {
                    self.i += 2;
                    self.set_delimiter()?;
                    Ok(true)
                }
                // `\g`, `\G` send the statement; the rest change nothing we read.
                Some(_) => {
                    self.i += 2;
                    self.push(Tok::End, start, self.i);
                    Ok(true)
                }
                None => Ok(false),
            };
        }
        if !self.at_statement_start() {
            return Ok(false);
        }
        let rest = &self.s[self.i..];
        let word_len = rest
            .iter()
            .take(10)
            .position(|b| !b.is_ascii_alphabetic())
            .unwrap_or(rest.len().min(10));
        let word = rest[..word_len].to_ascii_lowercase();
        let follows_space = rest.get(word_len).is_none_or(|b| b.is_ascii_whitespace());
        if !follows_space {
            return Ok(false);
        }
        match word.as_slice() {
            b"system" => Err(Unreadable::ShellEscape),
            b"source" => {
                self.included = true;
                self.end_command(start);
                Ok(true)
            }
            b"delimiter" => {
                self.i += word_len;
                self.set_delimiter()?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// After `delimiter`: the next word on the line becomes the statement delimiter.
    fn set_delimiter(&mut self) -> Result<(), Unreadable> {
        let line = self.line_rest();
        let trimmed = line.trim_ascii();
        let end = trimmed
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .unwrap_or(trimmed.len());
        let d = &trimmed[..end];
        if d.is_empty() || d.len() > MAX_DELIMITER {
            return Err(Unreadable::DynamicStatement);
        }
        self.delimiter = (d != b";").then_some(d);
        let start = self.i;
        self.end_command(start);
        Ok(())
    }

    /// A sqlcmd command line (its shell escapes were refused before reading).
    fn sqlcmd_command(&mut self) -> Result<bool, Unreadable> {
        if !self.at_line_start() {
            return Ok(false);
        }
        let Some(name) = sqlcmd_command_name(self.line_rest()) else {
            return Ok(false);
        };
        if SQLCMD_SHELL_COMMANDS.contains(&name.as_slice()) {
            return Err(Unreadable::ShellEscape);
        }
        if SQLCMD_INCLUDE_COMMANDS.contains(&name.as_slice()) {
            self.included = true;
        }
        let start = self.i;
        self.end_command(start);
        Ok(true)
    }

    fn sqlite_command(&mut self) -> Result<bool, Unreadable> {
        if self.peek(0) != Some(b'.') || !self.at_statement_start() || !self.at_line_start() {
            return Ok(false);
        }
        let start = self.i;
        let line = self.line_rest();
        let name_len = line[1..]
            .iter()
            .position(|b| !b.is_ascii_alphanumeric() && *b != b'_')
            .unwrap_or(line.len() - 1);
        let name = line[1..1 + name_len].to_ascii_lowercase();
        let args = line[1 + name_len..].trim_ascii_start();
        let to_pipe = args.starts_with(b"|") || args.starts_with(b"'|") || args.starts_with(b"\"|");
        match name.as_slice() {
            b"shell" | b"system" | b"load" => return Err(Unreadable::ShellEscape),
            b"once" | b"output" | b"import" if to_pipe => return Err(Unreadable::ShellEscape),
            b"read" if to_pipe => return Err(Unreadable::ShellEscape),
            b"read" => self.included = true,
            _ => {}
        }
        self.end_command(start);
        Ok(true)
    }
}

/// sqlcmd's commands (after an optional `:`) that run a program: `!!` a shell command, `ed`
/// the editor `SQLCMDEDITOR` names.
const SQLCMD_SHELL_COMMANDS: &[&[u8]] = &[b"!!", b"ed"];

/// sqlcmd's commands that read statements from a file.
const SQLCMD_INCLUDE_COMMANDS: &[&[u8]] = &[b"r"];

/// The first word of a sqlcmd command line, its `:` removed, lower case (`!!` stands alone:
/// `!!ls` is `!!` then `ls`); `None` for a line that is not a command.
fn sqlcmd_command_name(line: &[u8]) -> Option<Vec<u8>> {
    let line = line.trim_ascii_start();
    if line.starts_with(b"!!") || line.starts_with(b":!!") {
        return Some(b"!!".to_vec());
    }
    let (colon, rest) = match line.strip_prefix(b":") {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let len = rest
        .iter()
        .position(|b| !b.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    let name = rest[..len].to_ascii_lowercase();
    let alone = rest.get(len).is_none_or(|b| b.is_ascii_whitespace());
    // Without `:` only `ed` (and `go`, `exit`, `quit`, `reset`) are commands.
    let bare = matches!(
        name.as_slice(),
        b"ed" | b"go" | b"exit" | b"quit" | b"reset"
    );
    (len > 0 && (colon || (bare && alone))).then_some(name)
}

/// Whether a line of `text` runs a program through sqlcmd, each line read as sqlcmd reads it.
fn sqlcmd_shell_escape(text: &str) -> Option<Unreadable> {
    text.as_bytes()
        .split(|b| *b == b'\n')
        .filter_map(sqlcmd_command_name)
        .any(|n| SQLCMD_SHELL_COMMANDS.contains(&n.as_slice()))
        .then_some(Unreadable::ShellEscape)
}

/// Whether `hay` holds `word` (ASCII case ignored) as a whole word.
fn contains_word(hay: &[u8], word: &[u8]) -> bool {
    hay.split(|b| !is_word_byte(*b))
        .any(|w| w.eq_ignore_ascii_case(word))
}
