//! Argument-list process calls in interpreter code (`subprocess.run(["rm","-rf","/"])`,
//! `system("rm","-rf",$dir)`, `spawnSync("rm",["-rf","/"])`, `system qw(rm -rf /)`): their
//! argv, with the arguments that are not literals only known at run time.

use super::{MAX_ARGV_CALLS, PROCESS_CALLS, delimited_body, is_ident, names, string_at};

/// One argument of a call, at the top level of its argument list.
pub(crate) enum Item {
    Str(String),
    List(Vec<Option<String>>),
    /// Anything else; `true` for a keyword argument (`check=True`, `chdir: dir`).
    Other(bool),
}

/// Finds argument-list process calls and builds their argv.
pub(crate) fn argv_calls(chars: &[char]) -> Vec<Vec<Option<String>>> {
    let mut out = Vec::new();
    // A call's arguments are read with it: names inside them are not calls of their own.
    let mut read_to = 0;
    for (start, i) in names(chars) {
        if out.len() >= MAX_ARGV_CALLS {
            break;
        }
        if start < read_to {
            continue;
        }
        let name: String = chars[start..i].iter().collect();
        if !PROCESS_CALLS.contains(&name.as_str()) {
            continue;
        }
        let mut j = i;
        while j < chars.len() && chars[j] == ' ' {
            j += 1;
        }
        let (items, end) = match chars.get(j) {
            Some('(') => call_items(chars, j + 1, Some(')')),
            // Perl and Ruby calls without parentheses: `system "rm", "-rf", "/";`.
            Some('"' | '\'' | '[') if j > i => call_items(chars, j, None),
            Some('q') if j > i && quote_words(chars, j).is_some() => call_items(chars, j, None),
            _ => continue,
        };
        read_to = end;
        if let Some(argv) = build_argv(&name, items) {
            out.push(argv);
        }
    }
    out
}

/// Reads call arguments from `i` up to `close` (or the end of the statement when `None`).
pub(crate) fn call_items(chars: &[char], mut i: usize, close: Option<char>) -> (Vec<Item>, usize) {
    let mut items = Vec::new();
    let mut current: Option<Item> = None;
    // Where the current argument starts, to tell a keyword argument.
    let mut start = i;
    // A list with more added to it (`['rm','-rf'] + sys.argv[1:]`): the rest is skipped.
    let mut extended = false;
    let other = |start: usize, end: usize| Item::Other(is_keyword(&chars[start..end]));
    while i < chars.len() {
        let c = chars[i];
        if current.is_none() && !c.is_whitespace() && !matches!(c, ',') {
            start = i;
        }
        match c {
            ',' => {
                items.push(current.take().unwrap_or(Item::Other(false)));
                extended = false;
            }
            c if Some(c) == close => {
                items.extend(current.take());
                return (items, i + 1);
            }
            ';' | '\n' if close.is_none() => break,
            '"' | '\'' | '`' | '[' | '(' | '{' if extended => {
                i = match c {
                    '"' | '\'' | '`' => string_at(chars, i).1,
                    _ => list_items(chars, i + 1).1,
                };
                continue;
            }
            _ if extended => {}
            '+' if matches!(current, Some(Item::List(_))) => {
                if let Some(Item::List(list)) = current.as_mut() {
                    list.push(None);
                }
                extended = true;
            }
            'q' if current.is_none() && quote_words(chars, i).is_some() => {
                if let Some((words, end)) = quote_words(chars, i) {
                    current = Some(Item::List(words.into_iter().map(Some).collect()));
                    i = end;
                    continue;
                }
            }
            '"' | '\'' | '`' => {
                let (s, end) = string_at(chars, i);
                current = Some(match current {
                    None => Item::Str(s),
                    Some(_) => other(start, end),
                });
                i = end;
                continue;
            }
            '[' => {
                let (list, end) = list_items(chars, i + 1);
                current = Some(match current {
                    None => Item::List(list),
                    Some(_) => other(start, end),
                });
                i = end;
                continue;
            }
            '(' | '{' => {
                // A nested expression: not a plain argument.
                let (_, end) = list_items(chars, i + 1);
                current = Some(other(start, end));
                i = end;
                continue;
            }
            c if c.is_whitespace() => {}
            // Ruby/Python keyword arguments after the argv (`cwd="x"`, `shell=True`) end it.
            _ => current = Some(other(start, (i + 1).max(start))),
        }
        i += 1;
    }
    items.extend(current.take());
    (items, i)
}

/// Whether an argument that starts with `arg` is a keyword argument (`check=True`,
/// `chdir: dir`, `:chdir => dir`).
fn is_keyword(arg: &[char]) -> bool {
    let text: String = arg.iter().take(64).collect();
    let name = text.trim_start_matches(':');
    let ident = name.chars().take_while(|&c| is_ident(c)).count();
    if ident == 0 {
        return false;
    }
    let rest = name[name
        .char_indices()
        .nth(ident)
        .map_or(name.len(), |(b, _)| b)..]
        .trim_start();
    (rest.starts_with('=') && !rest.starts_with("=="))
        || (rest.starts_with(':') && !rest.starts_with("::"))
}

/// Perl's `qw(rm -rf x)` (any bracket or delimiter) at `i`: its words and the index after it.
fn quote_words(chars: &[char], i: usize) -> Option<(Vec<String>, usize)> {
    if chars.get(i + 1) != Some(&'w') || (i > 0 && is_ident(chars[i - 1])) {
        return None;
    }
    let mut j = i + 2;
    while j < chars.len() && chars[j] == ' ' {
        j += 1;
    }
    let open = *chars.get(j)?;
    if is_ident(open) || open.is_whitespace() || open == ',' {
        return None;
    }
    let (body, after) = delimited_body(chars, j)?;
    Some((body.split_whitespace().map(str::to_string).collect(), after))
}

/// Reads the elements of a `[…]` list (or skips a bracketed group) from `i`.
pub(crate) fn list_items(chars: &[char], mut i: usize) -> (Vec<Option<String>>, usize) {
    let mut out = Vec::new();
    let mut current: Option<Option<String>> = None;
    let mut depth = 0usize;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '"' | '\'' | '`' => {
                let (s, end) = string_at(chars, i);
                if depth == 0 {
                    current = Some(match current {
                        None => Some(s),
                        Some(_) => None,
                    });
                }
                i = end;
                continue;
            }
            '[' | '(' | '{' => {
                depth += 1;
                current = Some(None);
            }
            ']' | ')' | '}' if depth == 0 => {
                out.extend(current.take());
                return (out, i + 1);
            }
            ']' | ')' | '}' => depth -= 1,
            ',' if depth == 0 => out.push(current.take().unwrap_or(None)),
            c if c.is_whitespace() => {}
            _ if depth == 0 => current = Some(None),
            _ => {}
        }
        i += 1;
    }
    out.extend(current.take());
    (out, i)
}

/// Builds the argv of a call from its arguments; `None` when it is not an argument list.
fn build_argv(name: &str, items: Vec<Item>) -> Option<Vec<Option<String>>> {
    let mut items = items
        .into_iter()
        .skip_while(|it| matches!(it, Item::Other(_)))
        .peekable();
    let mut leading: Vec<String> = Vec::new();
    while let Some(Item::Str(_)) = items.peek() {
        if let Some(Item::Str(s)) = items.next() {
            leading.push(s);
        }
    }
    let list = match items.next_if(|it| matches!(it, Item::List(_))) {
        Some(Item::List(l)) => Some(l),
        _ => None,
    };
    let argv: Vec<Option<String>> = match list {
        Some(list) => {
            let Some(program) = leading.last() else {
                return Some(list).filter(|l| matches!(l.first(), Some(Some(_))));
            };
            let base = |p: &str| p.rsplit('/').next().unwrap_or(p).to_string();
            let mut argv = vec![Some(program.clone())];
            let skip = usize::from(
                matches!(list.first(), Some(Some(first)) if base(first) == base(program)),
            );
            argv.extend(list.into_iter().skip(skip));
            argv
        }
        None if !leading.is_empty() => {
            // Arguments after the literal ones (`system("rm", "-rf", $dir)`) are only known
            // at run time; keyword arguments (`check=True`, `chdir: d`) are none.
            let rest: Vec<Option<String>> = items
                .take_while(|it| !matches!(it, Item::Other(true)))
                .map(|it| match it {
                    Item::Str(s) => Some(s),
                    _ => None,
                })
                .collect();
            if leading.len() + rest.len() < 2 {
                return None;
            }
            // `os.execl(path, argv0, args…)`: argv0 repeats the program.
            let skip_argv0 = name.starts_with("execl") || name.starts_with("spawnl");
            let mut it = leading.into_iter().map(Some).chain(rest);
            let program = it.next().flatten();
            let rest: Vec<Option<String>> = if skip_argv0 {
                it.skip(1).collect()
            } else {
                it.collect()
            };
            std::iter::once(program).chain(rest).collect()
        }
        None => return None,
    };
    Some(argv)
}
