//! The command text of a string expression in interpreter code: a literal continued by
//! concatenation (`'rm -rf ' + path`, `"rm -rf " . $h`, `"rm -rf " d` in awk), formatting
//! (`'%s' % x`, `'{}'.format(x)`, `sprintf`) or interpolation (`f'{d}'`, `"#{d}"`,
//! `` `${d}` ``, `"$d"`) is read as shell text with a word only known at run time in each
//! such place.

use super::{delimited_body, is_ident, string_at};
use crate::knowledge::code_calls::Dialect::{
    self, Awk, JavaScript, Lua, Other, Perl, Php, Python, Ruby,
};

/// The shell word put where the command text is only known at run time: a variable nothing
/// assigns, so the shell analysis reads it as it reads `rm -rf "$x"`.
pub(crate) const RUNTIME_WORD: &str = "${TOOLGATE_RUNTIME_VALUE}";

/// The quote a string literal at `i` opens, after its prefix letters (`f'…'`, `rb"…"`),
/// or `None` when none starts there.
pub(crate) fn literal_start(chars: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    while j < chars.len()
        && j - i < 2
        && matches!(chars[j], 'f' | 'F' | 'r' | 'R' | 'b' | 'B' | 'u' | 'U')
    {
        j += 1;
    }
    matches!(chars.get(j), Some('\'' | '"' | '`')).then_some(j)
}

/// Whether the literal whose quote is at `q` is a Python f-string.
fn is_fstring(chars: &[char], q: usize) -> bool {
    let mut i = q;
    let mut f = false;
    while i > 0
        && q - i < 2
        && matches!(chars[i - 1], 'f' | 'F' | 'r' | 'R' | 'b' | 'B' | 'u' | 'U')
    {
        f |= matches!(chars[i - 1], 'f' | 'F');
        i -= 1;
    }
    f && !(i > 0 && is_ident(chars[i - 1]))
}

/// The command text of the expression starting with the literal whose quote is at `q`:
/// its literals joined, with [`RUNTIME_WORD`] where a part is only known at run time, and
/// where the expression ends. `consumed` gets the quotes of the literals it joined.
pub(crate) fn command_text(
    chars: &[char],
    q: usize,
    dialect: Dialect,
    consumed: &mut Vec<usize>,
) -> (String, usize) {
    let mut text = String::new();
    let (s, mut i) = string_at(chars, q);
    interpolate(&mut text, &s, chars[q], dialect, is_fstring(chars, q));
    // `sprintf("rm -rf %s", x)`, `string.format(…)`: the literal is a format.
    if matches!(
        super::call_name_before(chars, q).as_deref(),
        Some("sprintf" | "format" | "Sprintf")
    ) {
        text = printf_holes(&text);
    }
    for _ in 0..64 {
        // A line break ends an awk statement; elsewhere the expression may go on.
        let mut j = i;
        while j < chars.len() && chars[j].is_whitespace() && (dialect != Awk || chars[j] != '\n') {
            j += 1;
        }
        let Some(op) = operator_at(chars, j, dialect) else {
            break;
        };
        let mut k = j + op.len;
        if op.kind == OpKind::FormatCall {
            text = brace_holes(&text);
            i = super::calls::argument_end(chars, k, Some(')')) + 1;
            continue;
        }
        if op.kind == OpKind::Join {
            text = joined(chars, k, &text);
            i = super::calls::argument_end(chars, k, Some(')')) + 1;
            continue;
        }
        while k < chars.len() && chars[k].is_whitespace() {
            k += 1;
        }
        if op.kind == OpKind::Percent {
            text = printf_holes(&text);
            i = operand_end(chars, k);
            continue;
        }
        match literal_start(chars, k) {
            Some(lq) if op.kind == OpKind::Concat => {
                let (s, end) = string_at(chars, lq);
                interpolate(&mut text, &s, chars[lq], dialect, is_fstring(chars, lq));
                consumed.push(lq);
                i = end;
            }
            _ => {
                let end = operand_end(chars, k);
                if end == k {
                    break;
                }
                push_runtime(&mut text);
                i = end;
            }
        }
    }
    (text, i)
}

/// Perl's `qx(…)` (any delimiter) or Ruby's `%x(…)` at `i`: the command it runs, its
/// interpolations only known at run time, and the index after it.
pub(crate) fn quoted_command(
    chars: &[char],
    i: usize,
    dialect: Dialect,
) -> Option<(String, usize)> {
    let lead = match dialect {
        Perl => 'q',
        Ruby => '%',
        _ => return None,
    };
    if chars[i] != lead || chars.get(i + 1) != Some(&'x') || (i > 0 && is_ident(chars[i - 1])) {
        return None;
    }
    let open = *chars.get(i + 2)?;
    if is_ident(open) || open.is_whitespace() || open == ',' || open == ';' {
        return None;
    }
    let (body, after) = delimited_body(chars, i + 2)?;
    let mut text = String::new();
    interpolate(&mut text, &body, '"', dialect, false);
    Some((text, after))
}

/// `sep.join(items)` with its arguments at `k`: a literal list's items joined by `sep`, each
/// item that is not a literal only known at run time; anything else wholly so.
fn joined(chars: &[char], k: usize, sep: &str) -> String {
    let mut k = k;
    while k < chars.len() && chars[k].is_whitespace() {
        k += 1;
    }
    let mut out = String::new();
    if !matches!(chars.get(k), Some('[' | '(')) {
        push_runtime(&mut out);
        return out;
    }
    let (items, end) = super::argv::list_items(chars, k + 1);
    // `' '.join([...] + rest)`: more comes after the list.
    let mut after = end;
    while after < chars.len() && chars[after].is_whitespace() {
        after += 1;
    }
    let more = !matches!(chars.get(after), Some(')') | None);
    for (n, item) in items.iter().enumerate() {
        if n > 0 {
            out.push_str(sep);
        }
        match item {
            Some(s) => out.push_str(s),
            None => push_runtime(&mut out),
        }
    }
    if more {
        out.push_str(sep);
        push_runtime(&mut out);
    }
    out
}

#[derive(PartialEq, Eq)]
enum OpKind {
    /// `+`, `.`, `..`, `<<`, awk's juxtaposition.
    Concat,
    /// Python's and Ruby's `%` format operator.
    Percent,
    /// `.format(`.
    FormatCall,
    /// Python's `.join(`: the literal joins the items.
    Join,
}

struct Op {
    kind: OpKind,
    len: usize,
}

/// The operator at `j` that continues a string expression in `dialect`.
fn operator_at(chars: &[char], j: usize, dialect: Dialect) -> Option<Op> {
    let c = *chars.get(j)?;
    let next = chars.get(j + 1).copied();
    let concat = |len| {
        Some(Op {
            kind: OpKind::Concat,
            len,
        })
    };
    let starts = |s: &str| {
        s.chars()
            .enumerate()
            .all(|(k, c)| chars.get(j + k) == Some(&c))
    };
    match (dialect, c) {
        (Python, '.') if starts(".format(") => Some(Op {
            kind: OpKind::FormatCall,
            len: ".format(".len(),
        }),
        (Python, '.') if starts(".join(") => Some(Op {
            kind: OpKind::Join,
            len: ".join(".len(),
        }),
        (Python | JavaScript | Ruby | Other, '+') if !matches!(next, Some('=' | '+')) => concat(1),
        (Python | Ruby, '%') if !matches!(next, Some('=')) => Some(Op {
            kind: OpKind::Percent,
            len: 1,
        }),
        (Ruby, '<') if next == Some('<') => concat(2),
        (Lua | Other, '.') if next == Some('.') && chars.get(j + 2) != Some(&'.') => concat(2),
        (Perl | Php | Other, '.') if !matches!(next, Some('=' | '.')) => concat(1),
        (Awk, c) if starts_operand(c) => concat(0),
        _ => None,
    }
}

/// Whether `c` starts an awk operand (concatenation by juxtaposition).
fn starts_operand(c: char) -> bool {
    is_ident(c) || matches!(c, '$' | '(' | '"')
}

/// Where the operand starting at `k` ends: a name with its calls, subscripts and members
/// (`os.path.expanduser('~')`, `$ENV{HOME}`, `sys.argv[1]`), or a bracketed group.
fn operand_end(chars: &[char], mut k: usize) -> usize {
    while k < chars.len() && matches!(chars[k], '$' | '@' | '%' | '&' | '*' | '-' | '!') {
        k += 1;
    }
    loop {
        let start = k;
        while k < chars.len() && (is_ident(chars[k]) || chars[k] == '.') {
            if chars[k] == '.' && chars.get(k + 1) == Some(&'.') {
                break;
            }
            k += 1;
        }
        while k + 1 < chars.len() && chars[k] == ':' && chars[k + 1] == ':' {
            k += 2;
        }
        if k + 1 < chars.len() && chars[k] == '-' && chars[k + 1] == '>' {
            k += 2;
            continue;
        }
        match chars.get(k) {
            Some('(' | '[' | '{') => {
                k = super::calls::argument_end(chars, k + 1, Some(')')) + 1;
                continue;
            }
            Some('\'' | '"' | '`') if k == start => return string_at(chars, k).1,
            _ => {}
        }
        if k == start {
            return k.min(chars.len());
        }
        if !matches!(chars.get(k), Some('.' | '(' | '[' | '{')) {
            return k.min(chars.len());
        }
    }
}

/// The shell word for a run-time part, quoted to fit where the text so far leaves the shell:
/// inside single quotes it closes them around it (`'…'"$X"'…'`).
pub(crate) fn push_runtime(text: &mut String) {
    match shell_quote_state(text) {
        Some('\'') => {
            text.push_str("'\"");
            text.push_str(RUNTIME_WORD);
            text.push_str("\"'");
        }
        _ => text.push_str(RUNTIME_WORD),
    }
}

/// The shell quote open at the end of `text` (`'` or `"`), if any.
fn shell_quote_state(text: &str) -> Option<char> {
    let mut open: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (open, c) {
            (None, '\\') | (Some('"'), '\\') => {
                chars.next();
            }
            (None, '\'' | '"') => open = Some(c),
            (Some(q), c) if c == q => open = None,
            _ => {}
        }
    }
    open
}

/// Appends `s` to `text`, each interpolation of `dialect` (`{…}` of an f-string, Ruby's
/// `#{…}`, JavaScript's `${…}` in a template, Perl's and PHP's `$name`/`@name` in double
/// quotes) a run-time word.
fn interpolate(text: &mut String, s: &str, quote: char, dialect: Dialect, fstring: bool) {
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let hole = match (dialect, c) {
            (Python, '{') if fstring && next == Some('{') => {
                text.push('{');
                i += 2;
                continue;
            }
            (Python, '}') if fstring && next == Some('}') => {
                text.push('}');
                i += 2;
                continue;
            }
            (Python, '{') if fstring => Some(group_end(&chars, i + 1)),
            (Ruby, '#') if quote != '\'' && next == Some('{') => Some(group_end(&chars, i + 2)),
            (JavaScript, '$') if quote == '`' && next == Some('{') => {
                Some(group_end(&chars, i + 2))
            }
            (Perl | Php, '$' | '@')
                if quote != '\'' && next.is_some_and(|n| is_ident(n) || n == '{') =>
            {
                Some(perl_variable_end(&chars, i + 1))
            }
            (Php, '{') if quote != '\'' && next == Some('$') => Some(group_end(&chars, i + 1)),
            _ => None,
        };
        match hole {
            Some(end) => {
                push_runtime(text);
                i = end;
            }
            None => {
                text.push(c);
                i += 1;
            }
        }
    }
}

/// The index after the `}` closing a group whose body starts at `i`.
fn group_end(chars: &[char], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < chars.len() {
        match chars[i] {
            '{' => depth += 1,
            '}' if depth == 0 => return i + 1,
            '}' => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    i
}

/// The index after a Perl or PHP variable in a double-quoted string whose name starts at `i`
/// (`$h`, `${h}`, `$ENV{HOME}`, `$a[0]`, `$o->{k}`).
fn perl_variable_end(chars: &[char], mut i: usize) -> usize {
    if chars.get(i) == Some(&'{') {
        return group_end(chars, i + 1);
    }
    while i < chars.len()
        && (is_ident(chars[i]) || (chars[i] == ':' && chars.get(i + 1) == Some(&':')))
    {
        i += 1;
    }
    loop {
        match chars.get(i) {
            Some('{') => i = group_end(chars, i + 1),
            Some('[') => {
                while i < chars.len() && chars[i] != ']' {
                    i += 1;
                }
                i += 1;
            }
            Some('-')
                if chars.get(i + 1) == Some(&'>')
                    && matches!(chars.get(i + 2), Some('{' | '[')) =>
            {
                i += 2
            }
            _ => return i.min(chars.len()),
        }
    }
}

/// `text` with its printf conversions (`%s`, `%(name)s`, `%-5d`) made run-time words.
fn printf_holes(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '%' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        if chars.get(i + 1) == Some(&'%') {
            out.push('%');
            i += 2;
            continue;
        }
        let mut j = i + 1;
        if chars.get(j) == Some(&'(') {
            while j < chars.len() && chars[j] != ')' {
                j += 1;
            }
            j += 1;
        }
        while j < chars.len()
            && (matches!(chars[j], '-' | '+' | ' ' | '#' | '0' | '.' | '*')
                || chars[j].is_ascii_digit())
        {
            j += 1;
        }
        if chars
            .get(j)
            .is_some_and(|c| "sdifrxXoeEgGcuqpaA".contains(*c))
        {
            push_runtime(&mut out);
            i = j + 1;
        } else {
            out.push('%');
            i += 1;
        }
    }
    out
}

/// `text` with its `str.format` fields (`{}`, `{0}`, `{name}`) made run-time words.
fn brace_holes(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        match (chars[i], chars.get(i + 1)) {
            ('{', Some('{')) | ('}', Some('}')) => {
                out.push(chars[i]);
                i += 2;
            }
            ('{', _) => {
                push_runtime(&mut out);
                i = group_end(&chars, i + 1);
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}
