//! The calls in interpreter code that run a command or code ([`RUNNERS`]), and what their
//! first argument is: a literal, a name the code gives a value, or something only known at
//! run time (`os.system(sys.argv[1])`).

use super::{InlineFindings, is_ident, string_at};
use crate::knowledge::code_calls::{CODE_FILE_READS, Dialect, KNOWN_PROGRAMS, RUNNERS, Runs};

/// One call of a [`Runner`] found in the code.
pub(crate) struct RunnerCall {
    pub runs: Runs,
    /// Where its first argument starts.
    pub arg: usize,
    /// Where its arguments end.
    pub end: usize,
}

/// Most runner calls read in one piece of code: past them, what the rest runs is not read.
const MAX_RUNNER_CALLS: usize = 128;

/// The runner calls in `chars`; `None` when there are more than [`MAX_RUNNER_CALLS`].
pub(crate) fn runner_calls(chars: &[char], dialect: Dialect) -> Option<Vec<RunnerCall>> {
    let mut out = Vec::new();
    for (start, end) in super::names(chars) {
        if out.len() > MAX_RUNNER_CALLS {
            return None;
        }
        let name: String = chars[start..end].iter().collect();
        let receiver = receiver_before(chars, start);
        let Some(runner) = RUNNERS.iter().find(|r| {
            r.name == name
                && r.dialects.contains(&dialect)
                && (r.receivers.is_empty() || r.receivers.contains(&receiver.as_str()))
        }) else {
            continue;
        };
        // `eval { … }` in Perl is a block, not code in a string.
        let mut j = end;
        while j < chars.len() && matches!(chars[j], ' ' | '\t') {
            j += 1;
        }
        let (arg, close) = match chars.get(j) {
            Some('(') => (j + 1, Some(')')),
            Some('{') | None => continue,
            // Perl, Ruby, PHP calls without parentheses: `system "rm", …;`, `exec $cmd`.
            Some(&c)
                if j > end
                    && matches!(dialect, Dialect::Perl | Dialect::Ruby | Dialect::Php)
                    && (is_ident(c) || matches!(c, '"' | '\'' | '`' | '$' | '@' | '[' | '%')) =>
            {
                (j, None)
            }
            _ => continue,
        };
        let end = argument_end(chars, arg, close);
        out.push(RunnerCall {
            runs: runner.runs,
            arg,
            end,
        });
    }
    Some(out)
}

/// The object or module a name at `start` is called on (`os` for `os.system`; `)` for
/// `require('child_process').exec`; `""` when bare).
fn receiver_before(chars: &[char], start: usize) -> String {
    let mut i = start;
    if i >= 2 && chars[i - 1] == ':' && chars[i - 2] == ':' {
        i -= 2;
    } else if i >= 1 && chars[i - 1] == '.' {
        i -= 1;
    } else if i >= 2 && chars[i - 1] == '>' && chars[i - 2] == '-' {
        i -= 2;
    } else {
        return String::new();
    }
    if i >= 1 && chars[i - 1] == ')' {
        // `require('child_process').exec`: only that module's calls.
        let from = i.saturating_sub(40);
        let before: String = chars[from..i].iter().collect();
        return if before.contains("child_process") {
            ")".to_string()
        } else {
            "?".to_string()
        };
    }
    let end = i;
    while i > 0 && is_ident(chars[i - 1]) {
        i -= 1;
    }
    if i == end {
        // A method on something else (`/re/.exec(s)`): no runner's receiver.
        return "?".to_string();
    }
    chars[i..end].iter().collect()
}

/// Where the arguments starting at `i` end: at the `close` that balances the call, or the end
/// of the statement.
pub(crate) fn argument_end(chars: &[char], mut i: usize, close: Option<char>) -> usize {
    let mut depth = 0usize;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\'' | '"' | '`' => {
                i = string_at(chars, i).1;
                continue;
            }
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => return i,
            ')' | ']' | '}' => depth -= 1,
            ';' | '\n' if depth == 0 && close.is_none() => return i,
            _ => {}
        }
        i += 1;
    }
    i
}

/// How a runner call's first argument reads.
pub(crate) enum FirstArgument {
    /// A string literal (or a list, or an expression that starts with one), read with the
    /// string scan.
    Literal(usize),
    /// A name the code assigns: the start of what it is given.
    Assigned(usize, String),
    /// Known enough: a name the code binds otherwise (a loop variable, a parameter), the
    /// interpreter itself, a file's code.
    Known,
    /// Only known at run time: input, arguments, the environment, a computed value.
    Dynamic,
}

/// Reads the first argument of the runner call at `arg`.
pub(crate) fn first_argument(chars: &[char], arg: usize, end: usize, runs: Runs) -> FirstArgument {
    let end = end.min(chars.len());
    let mut i = arg;
    // Through parentheses: `system(("rm -rf " . $h))`, Perl's list `@a = ("ls", "-la")`.
    while i < end && (chars[i].is_whitespace() || chars[i] == '(') {
        i += 1;
    }
    if i >= end {
        return FirstArgument::Known;
    }
    let rest: String = chars[i..end].iter().collect();
    if let Some(at) = super::command_text::literal_start(chars, i) {
        return FirstArgument::Literal(at);
    }
    if rest.starts_with(['[', '{']) || word_list(&rest) {
        return FirstArgument::Known;
    }
    if KNOWN_PROGRAMS.iter().any(|p| rest.starts_with(p)) {
        return FirstArgument::Known;
    }
    // `exec(open('setup.py').read())`: a file's code, as `python setup.py` runs it.
    if runs == Runs::Code && CODE_FILE_READS.iter().any(|r| rest.starts_with(r)) {
        return FirstArgument::Known;
    }
    // A bare name: what the code gives it.
    let sigil = usize::from(rest.starts_with(['$', '@']));
    let name: String = rest[sigil..].chars().take_while(|&c| is_ident(c)).collect();
    let after = rest[sigil + name.len()..].trim_start();
    let bare = !name.is_empty() && (after.is_empty() || after.starts_with([',', ')', ';']));
    if !bare || name.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        return FirstArgument::Dynamic;
    }
    let code: String = chars.iter().collect();
    let whole = rest[..sigil + name.len()].to_string();
    if let Some(value) = assigned_value(&code, &whole) {
        return FirstArgument::Assigned(code[..value].chars().count(), whole);
    }
    // A loop over literals (`for c in ['ls', 'pwd']:`) or over what is only known at run
    // time (`for c in sys.argv[1:]:`).
    if let Some(over) = loop_over(&code, &name) {
        let mut over = over.trim_start_matches(['(', ' ']);
        // `cmds = ['make', 'make test']` … `for c in cmds:`.
        let list: String = over
            .chars()
            .take_while(|&c| is_ident(c) || c == '$' || c == '@')
            .collect();
        if !list.is_empty()
            && let Some(value) = assigned_value(&code, &list)
        {
            over = code[value..].trim_start_matches(['(', ' ']);
        }
        let literal = over.starts_with(['[', '\'', '"']) || word_list(over);
        return if literal {
            FirstArgument::Known
        } else {
            FirstArgument::Dynamic
        };
    }
    // Bound some other way (`def run(c):`, `function (c)`): named elsewhere.
    let uses = code
        .match_indices(whole.as_str())
        .filter(|&(at, _)| {
            let before = code[..at].chars().next_back();
            let after = code[at + whole.len()..].chars().next();
            !before.is_some_and(|c| is_ident(c) || c == '$' || c == '@')
                && !after.is_some_and(is_ident)
        })
        .count();
    if uses > 1 && !matches!(whole.as_str(), "ARGV" | "@ARGV" | "$ARGV" | "argv") {
        FirstArgument::Known
    } else {
        FirstArgument::Dynamic
    }
}

/// Whether `text` starts with Perl's `qw(…)` or Ruby's `%w(…)`.
fn word_list(text: &str) -> bool {
    (text.starts_with("qw") || text.starts_with("%w"))
        && text[2..]
            .trim_start()
            .starts_with(|c: char| !(is_ident(c) || c == ','))
}

/// What a loop binding `name` goes over: Python's `for NAME in …`, JavaScript's `for (const
/// NAME of …`, Perl's `for my $NAME (…`, Ruby's `….each { |NAME|` (the receiver then).
fn loop_over<'a>(code: &'a str, name: &str) -> Option<&'a str> {
    for (at, _) in code.match_indices(name) {
        let before = code[..at].trim_end_matches(['$', '@']);
        let before_word = before.trim_end();
        let after = code[at + name.len()..].trim_start();
        if before.ends_with(is_ident) || code[at + name.len()..].starts_with(is_ident) {
            continue;
        }
        let loop_word = [
            "for",
            "for (const",
            "for (let",
            "for (var",
            "foreach my",
            "for my",
        ]
        .iter()
        .any(|w| before_word.ends_with(w));
        if loop_word {
            if let Some(over) = after
                .strip_prefix("in ")
                .or_else(|| after.strip_prefix("of "))
            {
                return Some(over.trim_start());
            }
            if after.starts_with('(') {
                return Some(after);
            }
        }
        // Ruby: `LIST.each { |NAME|` / `LIST.each do |NAME|`.
        if before_word.ends_with('|') && after.starts_with('|') {
            let block = before_word[..before_word.len() - 1].trim_end();
            let block = block
                .strip_suffix('{')
                .or_else(|| block.strip_suffix("do"))?
                .trim_end();
            let receiver = block.strip_suffix(".each")?;
            let start = receiver.rfind([';', '\n', '=']).map_or(0, |i| i + 1);
            return Some(receiver[start..].trim_start());
        }
    }
    None
}

/// Where the value assigned to `name` starts (`name = VALUE`, `my $name = VALUE`), the last
/// assignment in the code.
fn assigned_value(code: &str, name: &str) -> Option<usize> {
    let mut found = None;
    for (at, _) in code.match_indices(name) {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| is_ident(c) || c == '$' || c == '@' || c == '.') {
            continue;
        }
        let after = &code[at + name.len()..];
        if after.starts_with(is_ident) {
            continue;
        }
        let trimmed = after.trim_start_matches([' ', '\t']);
        let Some(value) = trimmed.strip_prefix('=') else {
            continue;
        };
        if value.starts_with(['=', '~', '>']) {
            continue;
        }
        let value_at = code.len() - value.trim_start().len();
        found = Some(value_at);
    }
    found
}

/// The spans of the code whose string literals are commands a call runs: the arguments of
/// each runner call, and the value of a name given to one (`cmd = "…"; os.system(cmd)`).
/// Marks `f` when a call runs a command or code only known at run time, and keeps the code
/// given as a literal to a call that runs code.
pub(crate) fn command_spans(
    chars: &[char],
    dialect: Dialect,
    f: &mut InlineFindings,
) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let Some(calls) = runner_calls(chars, dialect) else {
        // Too many to read: what they run is not known.
        f.runs_dynamic = dialect != Dialect::Other;
        return spans;
    };
    for call in calls {
        spans.push((call.arg, call.end));
        let (mut at, mut end) = (call.arg, call.end);
        // A name given a name (`a = b`) is followed a few steps.
        let mut known = false;
        for _ in 0..4 {
            match first_argument(chars, at, end, call.runs) {
                FirstArgument::Literal(q) => {
                    let mut consumed = Vec::new();
                    let (text, _) =
                        super::command_text::command_text(chars, q, dialect, &mut consumed);
                    let runtime = text.contains(super::command_text::RUNTIME_WORD);
                    known = match call.runs {
                        // `f'{cmd} --x'`: the program is only known at run time.
                        Runs::Command => !text
                            .trim_start_matches(|c: char| {
                                c.is_whitespace() || c == '\'' || c == '"'
                            })
                            .starts_with(super::command_text::RUNTIME_WORD),
                        Runs::Code => !runtime,
                    };
                    if known && call.runs == Runs::Code && f.nested_code.len() < 8 {
                        f.nested_code.push(text);
                    }
                    break;
                }
                FirstArgument::Assigned(value, name) => {
                    let value_end = argument_end(chars, value, None);
                    spans.push((value, value_end));
                    appended_command(chars, dialect, value, &name, f);
                    (at, end) = (value, value_end);
                }
                FirstArgument::Known => {
                    known = true;
                    break;
                }
                FirstArgument::Dynamic => break,
            }
        }
        if !known && dialect != Dialect::Other {
            f.runs_dynamic = true;
        }
    }
    spans
}

/// The command a name holds when the code appends to it (`c += x`, `$c .= $x`, `c << x`):
/// what it is given, then each part appended, those not literals only known at run time.
fn appended_command(
    chars: &[char],
    dialect: Dialect,
    value: usize,
    name: &str,
    f: &mut InlineFindings,
) {
    use super::command_text::{command_text, literal_start, push_runtime};
    let code: String = chars.iter().collect();
    let mut appends = Vec::new();
    for (at, _) in code.match_indices(name) {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| is_ident(c) || c == '$' || c == '@' || c == '.') {
            continue;
        }
        let after = code[at + name.len()..].trim_start_matches([' ', '\t']);
        let op = ["+=", ".=", "..=", "<<"]
            .iter()
            .find(|op| after.starts_with(**op));
        if let Some(op) = op {
            let rest = after[op.len()..].trim_start();
            appends.push(code[..code.len() - rest.len()].chars().count());
        }
    }
    if appends.is_empty() || f.shell_strings.len() >= 64 {
        return;
    }
    let mut text = String::new();
    for at in std::iter::once(value).chain(appends) {
        match literal_start(chars, at) {
            Some(q) => text.push_str(&command_text(chars, q, dialect, &mut Vec::new()).0),
            None => push_runtime(&mut text),
        }
    }
    f.shell_strings.push(text);
}
