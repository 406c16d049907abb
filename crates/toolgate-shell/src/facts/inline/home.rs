//! Paths of interpreter code built from the home directory: `os.homedir() +
//! '/.aws/credentials'`, `Path.home() / '.ssh' / 'id_rsa'`, `os.path.join(os.environ['HOME'],
//! '.netrc')`, `f"{os.environ['HOME']}/.aws/credentials"`. Each is rewritten as the literal
//! it names (`"~/.aws/credentials"`), so what the code reads, writes and deletes is seen as it
//! is for a literal path.

use super::string_at;
use crate::knowledge::code_calls::{HOME_EXPRESSIONS, PATH_CONCATENATIONS, PATH_JOINS};
use std::borrow::Cow;

/// `code` with its home-built paths written as literals (borrowed when it has none).
pub(crate) fn home_paths_as_literals(code: &str) -> Cow<'_, str> {
    if !HOME_EXPRESSIONS.iter().any(|e| code.contains(e)) {
        return Cow::Borrowed(code);
    }
    let chars: Vec<char> = code.chars().collect();
    let mut out = String::with_capacity(code.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\'' || c == '"' || c == '`' {
            let (_, after) = string_at(&chars, i);
            let raw: String = chars[i..after].iter().collect();
            out.push_str(&interpolated_home(&raw));
            i = after;
            continue;
        }
        // `process.env.HOMEBREW_PREFIX` is no home expression.
        let found = HOME_EXPRESSIONS.iter().find(|e| {
            let len = e.chars().count();
            starts_with_at(&chars, i, e)
                && !(e.ends_with(|c: char| c.is_alphanumeric())
                    && chars
                        .get(i + len)
                        .is_some_and(|c| c.is_alphanumeric() || *c == '_'))
        });
        let Some(expression) = found else {
            out.push(c);
            i += 1;
            continue;
        };
        let joined = PATH_JOINS.iter().any(|j| out.trim_end().ends_with(j));
        let (path, after) = path_after(&chars, i + expression.chars().count(), joined);
        out.push('"');
        out.push_str(&path);
        out.push('"');
        i = after;
    }
    Cow::Owned(out)
}

/// A string literal (quotes included) with interpolations of the home directory
/// (`${os.homedir()}`, `#{Dir.home}`, `{os.environ['HOME']}`, Perl's `$ENV{HOME}`) written
/// as `~`.
fn interpolated_home(raw: &str) -> Cow<'_, str> {
    if !HOME_EXPRESSIONS.iter().any(|e| raw.contains(e)) {
        return Cow::Borrowed(raw);
    }
    let mut text = raw.to_string();
    for e in HOME_EXPRESSIONS {
        if !text.contains(e) {
            continue;
        }
        if e.starts_with("$ENV") {
            text = text.replace(e, "~");
            continue;
        }
        // `{…EXPR}`, with what leads to the expression (`require('os').`) inside the
        // braces: the spans do not overlap (a `}` ends each lead), so one pass rewrites all.
        let mut rewritten = String::with_capacity(text.len());
        let mut copied = 0;
        for span in interpolations(&text, e) {
            rewritten.push_str(&text[copied..span.start]);
            rewritten.push('~');
            copied = span.end;
        }
        rewritten.push_str(&text[copied..]);
        text = rewritten;
    }
    Cow::Owned(text)
}

/// Where each `{EXPR}` (with a `$` or `#` before it, and a lead like `os.` inside) stands in
/// `text`, in order.
fn interpolations<'t>(
    text: &'t str,
    expression: &'t str,
) -> impl Iterator<Item = std::ops::Range<usize>> + 't {
    text.match_indices(expression).filter_map(move |(at, _)| {
        let end = at + expression.len();
        if !text[end..].starts_with('}') {
            return None;
        }
        let open = text[..at]
            .rfind(|c: char| !(c.is_alphanumeric() || "_.'\"()".contains(c)))
            .filter(|&b| text[b..].starts_with('{'))?;
        let start = if text[..open].ends_with(['$', '#']) {
            open - 1
        } else {
            open
        };
        Some(start..end + 1)
    })
}

/// Whether the characters of `s` stand in `chars` from `at` on.
fn starts_with_at(chars: &[char], at: usize, s: &str) -> bool {
    s.chars()
        .enumerate()
        .all(|(k, c)| chars.get(at + k) == Some(&c))
}

/// The path a home expression ending at `from` starts: `~` and the literals joined to it,
/// with where the reading ended. In a join call (`joined`) commas join too.
fn path_after(chars: &[char], from: usize, joined: bool) -> (String, usize) {
    let mut path = String::from("~");
    let mut j = from;
    loop {
        let k = skip_blanks(chars, j);
        let separator = PATH_CONCATENATIONS
            .iter()
            .find(|s| starts_with_at(chars, k, s))
            .map(|s| s.chars().count())
            .or_else(|| (joined && chars.get(k) == Some(&',')).then_some(1));
        let Some(len) = separator else { break };
        let q = skip_blanks(chars, k + len);
        if !matches!(chars.get(q), Some('\'' | '"' | '`')) {
            break;
        }
        let (segment, after) = string_at(chars, q);
        let segment = segment.trim_start_matches('/');
        if !segment.is_empty() {
            path.push('/');
            path.push_str(&segment.replace('"', ""));
        }
        j = after;
    }
    (path, j)
}

fn skip_blanks(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::home_paths_as_literals as rewrite;

    #[test]
    fn home_built_paths_become_literals() {
        for (code, want) in [
            (
                "readFileSync(process.env.HOME+'/.aws/credentials')",
                "readFileSync(\"~/.aws/credentials\")",
            ),
            (
                "readFileSync(require('os').homedir() + '/.aws/credentials')",
                "readFileSync(require('os').\"~/.aws/credentials\")",
            ),
            (
                "open(os.environ['HOME']+'/.netrc').read()",
                "open(\"~/.netrc\").read()",
            ),
            (
                "(Path.home()/'.aws'/'credentials').read_text()",
                "(\"~/.aws/credentials\").read_text()",
            ),
            (
                "os.path.join(os.environ['HOME'], '.ssh', 'id_rsa')",
                "os.path.join(\"~/.ssh/id_rsa\")",
            ),
            (
                "File.read(Dir.home + '/.aws/credentials')",
                "File.read(\"~/.aws/credentials\")",
            ),
            ("open(F, $ENV{HOME} . '/.netrc')", "open(F, \"~/.netrc\")"),
            (
                "io.open(os.getenv('HOME') .. '/.netrc')",
                "io.open(os.\"~/.netrc\")",
            ),
            (
                "open(f\"{os.environ['HOME']}/.aws/credentials\")",
                "open(f\"~/.aws/credentials\")",
            ),
            (
                "fs.readFileSync(`${os.homedir()}/.npmrc`)",
                "fs.readFileSync(`~/.npmrc`)",
            ),
            (
                "f(`${os.homedir()}/.npmrc ${os.homedir()}/.netrc`)",
                "f(`~/.npmrc ~/.netrc`)",
            ),
            ("open(\"$ENV{HOME}/.netrc\")", "open(\"~/.netrc\")"),
            ("shutil.rmtree(os.environ['HOME'])", "shutil.rmtree(\"~\")"),
        ] {
            assert_eq!(rewrite(code), want, "{code}");
        }
    }

    #[test]
    fn other_code_is_left_as_it_is() {
        for code in [
            "print(1)",
            "open('x.txt').read()",
            "print(process.env.HOMEBREW_PREFIX + '/bin')",
        ] {
            assert_eq!(rewrite(code), code);
        }
        // A comma joins only in a join call: the mode is no segment.
        assert_eq!(
            rewrite("open(os.environ['HOME'] + '/notes.txt', 'w')"),
            "open(\"~/notes.txt\", 'w')"
        );
    }
}
