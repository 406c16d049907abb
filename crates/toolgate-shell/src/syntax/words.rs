//! Unquoting shell words and finding the command substitutions inside them.

use brush_parser::ParserOptions;
use brush_parser::word::{self, TildeExpr, WordPiece, WordPieceWithSource};

use crate::model::Arg;

/// A command substitution found inside a word: its body is a script that runs.
#[derive(Debug, Clone)]
pub struct Substitution {
    /// The script text.
    pub body: String,
    /// How it was written, for `via`: `$(…)` or a backtick pair.
    pub via: &'static str,
}

/// A word after quote removal.
#[derive(Debug, Clone, Default)]
pub struct Expanded {
    /// The unquoted text; parts known only at run time keep their source text.
    pub text: String,
    /// Whether any part is known only at run time (parameter, substitution, arithmetic).
    pub dynamic: bool,
    /// A run-time part outside double quotes, or `"$@"`: the word may become several
    /// words, or none, after expansion.
    pub splits: bool,
    /// Command substitutions inside the word, in order.
    pub substitutions: Vec<Substitution>,
    /// Glob characters (`*`, `?`, `[`) outside quotes: the shell expands the word to the
    /// file names it matches.
    pub glob: bool,
    /// A `$` or backtick in the text is a literal character (quoted or escaped), which a shell
    /// that re-reads the text (`bash -c "$x; "'$y'`) expands itself.
    pub literal_dollar: bool,
    /// The variables the word's arithmetic expansions assign (`$((d = 0))`).
    pub arithmetic_targets: Vec<String>,
    /// The names of the variables this shell expands in the word (`$d`, `${d:-x}`).
    pub expanded_names: Vec<String>,
    /// The names after a literal `$` (`'$d'`, `\$d`): a shell that re-reads the text
    /// expands them.
    pub literal_names: Vec<String>,
}

/// Runs one call into brush-parser, catching a panic inside it (`None`). Only parser calls are
/// wrapped: a panic in toolgate's own code must reach tests, fuzzing and the hook's own
/// fail-closed handler.
pub(crate) fn parser_call<T>(call: impl FnOnce() -> T) -> Option<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(call)).ok()
}

/// Unquotes `raw` (an `ast::Word` value). Errors are returned as `None` (the caller decides).
pub fn expand(raw: &str, options: &ParserOptions) -> Option<Expanded> {
    // Fast path: plain words need no parser.
    if !raw
        .bytes()
        .any(|b| matches!(b, b'\'' | b'"' | b'\\' | b'$' | b'`' | b'~'))
    {
        return Some(Expanded {
            text: raw.to_string(),
            glob: raw.contains(['*', '?', '[']),
            ..Expanded::default()
        });
    }
    let pieces = parser_call(|| word::parse(raw, options))?.ok()?;
    let mut out = Expanded::default();
    pieces_into(raw, &pieces, false, &mut out);
    Some(out)
}

/// Finds the substitutions in a heredoc body that is subject to expansion.
pub fn heredoc_substitutions(body: &str, options: &ParserOptions) -> Option<Vec<Substitution>> {
    let pieces = parser_call(|| word::parse_heredoc(body, options))?.ok()?;
    let mut out = Expanded::default();
    pieces_into(body, &pieces, true, &mut out);
    Some(out.substitutions)
}

fn pieces_into(raw: &str, pieces: &[WordPieceWithSource], quoted: bool, out: &mut Expanded) {
    for p in pieces {
        let source = raw.get(p.start_index..p.end_index).unwrap_or("$…");
        match &p.piece {
            WordPiece::Text(t) => {
                out.glob |= !quoted && t.contains(['*', '?', '[']);
                out.literal(t);
            }
            WordPiece::SingleQuotedText(t) => out.literal(t),
            WordPiece::AnsiCQuotedText(t) => out.literal(&crate::syntax::ansi_c::decode(t)),
            WordPiece::DoubleQuotedSequence(inner)
            | WordPiece::GettextDoubleQuotedSequence(inner) => {
                pieces_into(raw, inner, true, out);
            }
            WordPiece::TildeExpansion(t) => out.text.push_str(&tilde_text(t)),
            WordPiece::ParameterExpansion(_) => {
                out.dynamic = true;
                if let Some(name) = parameter_name(source.strip_prefix('$').unwrap_or(source)) {
                    out.expanded_names.push(name.to_string());
                }
                // `"$@"` and `"${a[@]}"` are several words even when quoted.
                out.splits |= !quoted || source.contains('@');
                out.text.push_str(source);
                // `${X:-$(cmd)}`: a default value can hold a substitution that runs.
                if source.contains("$(") || source.contains('`') {
                    out.substitutions.extend(scan_substitutions(source));
                }
            }
            WordPiece::CommandSubstitution(body) => {
                out.dynamic = true;
                out.splits |= !quoted;
                out.text.push_str(source);
                out.substitutions.push(Substitution {
                    body: body.clone(),
                    via: "$(…)",
                });
            }
            WordPiece::BackquotedCommandSubstitution(body) => {
                out.dynamic = true;
                out.splits |= !quoted;
                out.text.push_str(source);
                out.substitutions.push(Substitution {
                    body: unescape_backquoted(body),
                    via: "`…`",
                });
            }
            WordPiece::EscapeSequence(s) => {
                let rest = s.strip_prefix('\\').unwrap_or(s);
                if rest == "\n" {
                    continue;
                }
                if quoted && !matches!(rest, "$" | "`" | "\"" | "\\") {
                    out.text.push_str(s);
                } else {
                    out.literal(rest);
                }
            }
            WordPiece::ArithmeticExpression(expr) => {
                out.dynamic = true;
                out.splits |= !quoted;
                out.text.push_str(source);
                if crate::syntax::arith::is_valid(&expr.value) {
                    out.substitutions.extend(scan_substitutions(&expr.value));
                    out.arithmetic_targets.extend(
                        crate::syntax::arith::assigned_names(&expr.value)
                            .into_iter()
                            .map(str::to_string),
                    );
                } else {
                    // Not arithmetic: shells re-read `$((…))` as `$( (…) )`.
                    out.substitutions.push(Substitution {
                        body: expr.value.clone(),
                        via: "$((…))",
                    });
                }
            }
        }
    }
}

impl Expanded {
    /// Text taken as it stands: a `$` or backtick in it is for a shell that re-reads it.
    fn literal(&mut self, text: &str) {
        if text.contains(['$', '`']) {
            self.literal_dollar = true;
            let mut rest = text;
            while let Some(at) = rest.find('$') {
                rest = &rest[at + 1..];
                if let Some(name) = parameter_name(rest) {
                    self.literal_names.push(name.to_string());
                }
            }
        }
        self.text.push_str(text);
    }
}

/// The variable name at the start of what follows a `$` (`d`, `{d:-x}`); `None` for special
/// and positional parameters and for substitutions.
fn parameter_name(after_dollar: &str) -> Option<&str> {
    let s = after_dollar.strip_prefix('{').unwrap_or(after_dollar);
    let end = s
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || b == b'_'))
        .unwrap_or(s.len());
    let name = &s[..end];
    name.bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        .then_some(name)
}

fn tilde_text(t: &TildeExpr) -> String {
    match t {
        TildeExpr::Home => "~".to_string(),
        TildeExpr::UserHome(u) => format!("~{u}"),
        TildeExpr::WorkingDir => "~+".to_string(),
        TildeExpr::OldWorkingDir => "~-".to_string(),
        TildeExpr::NthDirFromTopOfDirStack { n, plus_used } => {
            format!("~{}{n}", if *plus_used { "+" } else { "" })
        }
        TildeExpr::NthDirFromBottomOfDirStack { n } => format!("~-{n}"),
    }
}

/// Inside backquotes, `\``, `\\` and `\$` stand for the character itself.
fn unescape_backquoted(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(&n) = chars.peek()
            && matches!(n, '`' | '\\' | '$')
        {
            out.push(n);
            chars.next();
            continue;
        }
        out.push(c);
    }
    out
}

/// Finds `$(…)` and backtick substitutions in text the word parser does not split for us
/// (arithmetic expressions), by bracket matching.
pub fn scan_substitutions(text: &str) -> Vec<Substitution> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'$' && bytes.get(i + 1) == Some(&b'(') {
            let start = i + 2;
            let mut depth = 1usize;
            let mut j = start;
            while j < bytes.len() && depth > 0 {
                match bytes[j] {
                    b'(' => depth += 1,
                    b')' => depth -= 1,
                    _ => {}
                }
                j += 1;
            }
            let end = if depth == 0 { j - 1 } else { bytes.len() };
            let inner = &text[start..end];
            if let Some(arith) = inner.strip_prefix('(')
                && crate::syntax::arith::is_valid(arith.strip_suffix(')').unwrap_or(arith))
            {
                // `$((…))`: arithmetic, which may itself hold substitutions.
                out.extend(scan_substitutions(arith));
            } else {
                out.push(Substitution {
                    body: inner.to_string(),
                    via: "$(…)",
                });
            }
            i = j;
        } else if bytes[i] == b'`' {
            let start = i + 1;
            let end = text[start..]
                .find('`')
                .map(|k| start + k)
                .unwrap_or(text.len());
            out.push(Substitution {
                body: text[start..end].to_string(),
                via: "`…`",
            });
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// The basename of a program path.
pub fn basename(path: &str) -> &str {
    // By bytes: `/` is ASCII, so what follows the last one is whole characters.
    match path.bytes().rposition(|b| b == b'/') {
        Some(at) => &path[at + 1..],
        None => path,
    }
}

/// Whether the word `text` (as the walker keeps it: run-time parts in their source form)
/// uses the variable `name`: `$name` not followed by more of a name, or `${name…}`.
pub(crate) fn uses_variable(text: &str, name: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(at) = text[from..].find('$') {
        let rest = &text[from + at + 1..];
        let rest = rest.strip_prefix('{').unwrap_or(rest);
        if let Some(after) = rest.strip_prefix(name)
            && !after.starts_with(ident)
        {
            return true;
        }
        from += at + 1;
    }
    false
}

/// Whether `text` expands variable `name` to (most of) its value: `$NAME`, `${NAME}`,
/// `${NAME:-x}`, `${NAME%x}`, `${NAME:4}`; not its length (`${#NAME}`), a word chosen by
/// whether it is set (`${NAME:+set}`, `${NAME+set}`), or a short part (`${NAME:0:4}`: at
/// most 8 characters).
pub(crate) fn expands_value_of(text: &str, name: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(at) = text[from..].find('$') {
        let rest = &text[from + at + 1..];
        from += at + 1;
        let (braced, rest) = match rest.strip_prefix('{') {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let Some(after) = rest.strip_prefix(name) else {
            continue;
        };
        if after.starts_with(ident) {
            continue;
        }
        if !braced {
            return true;
        }
        let operator = after.split('}').next().unwrap_or("");
        if operator.starts_with(":+") || operator.starts_with('+') {
            continue;
        }
        // `${NAME:OFFSET:LENGTH}`: a part of at most 8 characters shows little.
        if let Some(range) = operator.strip_prefix(':')
            && let Some((offset, length)) = range.split_once(':')
            && offset.trim().parse::<u32>().is_ok()
            && length.trim().parse::<u32>().is_ok_and(|n| n <= 8)
        {
            continue;
        }
        return true;
    }
    false
}

#[cfg(test)]
#[test]
fn what_expands_a_value() {
    for t in [
        "$K", "x${K}y", "${K:-d}", "${K%%/*}", "${K:4}", "${K:0:9}", "$K$L",
    ] {
        assert!(expands_value_of(t, "K"), "{t}");
    }
    for t in [
        "${#K}",
        "${K:+set}",
        "${K+set}",
        "${K:0:4}",
        "$KEY",
        "${KX}",
        "K",
        "$L",
    ] {
        assert!(!expands_value_of(t, "K"), "{t}");
    }
}

/// Splits a string into words the way `env -S` does (whitespace, simple quotes).
pub(crate) fn split_words(s: &str) -> Vec<Arg> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in s.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    out.push(Arg {
                        text: std::mem::take(&mut cur),
                        ..Arg::default()
                    });
                    in_word = false;
                }
            }
            None => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        out.push(Arg {
            text: cur,
            ..Arg::default()
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{basename, uses_variable};

    #[test]
    fn basenames_as_rsplit_finds_them() {
        for path in [
            "",
            "/",
            "//",
            "rm",
            "/bin/rm",
            "bin/rm",
            "rm/",
            "/usr//bin/rm",
            "./x",
            "é/ü",
            "a/é",
        ] {
            assert_eq!(
                basename(path),
                path.rsplit('/').next().unwrap_or(path),
                "{path}"
            );
        }
    }

    #[test]
    fn variables_by_name() {
        assert!(uses_variable("$K", "K"));
        assert!(uses_variable("a=${K}b", "K"));
        assert!(uses_variable("x:$K/y", "K"));
        assert!(uses_variable("${K:-d}", "K"));
        assert!(!uses_variable("$KEY", "K"));
        assert!(!uses_variable("K", "K"));
        assert!(!uses_variable("$", "K"));
    }
}
