//! What one pipeline element writes to the next one's stdin, when that is known statically:
//! `echo 'rm -rf /' | bash` runs `rm -rf /`; `some_prog | bash` runs something unknown.
//!
//! Generators whose output is a template fixed by the command's own text (`find -printf`,
//! `xargs echo`, `sed s///`, `awk '{print …}'`) write that template with `{}` where their
//! input data goes. Data is only file names and file contents as the command found them
//! (`find`'s listing, a file's lines, such lines filtered); a generator fed text the command
//! wrote (`echo … | sed …`, `… | base64 -d | xargs echo`) writes output only known at run
//! time.

use super::templates::{awk_program, awk_template, only_path_directives, sed_template, template};
use crate::SimpleCommand;
use crate::knowledge::specs::{
    ECHO, FIND_FILE_PRIMARIES, FIND_FORMAT_PRIMARIES, FIND_LS_PRIMARY, LS_NAMES_ONLY, MKTEMP, NONE,
    PRINTF, SORT, SORT_OUTPUT,
};
use crate::model::{Arg, Stdin};
use crate::options::find::read_find;
use crate::options::{Scan, args_of, has, read_options, read_permuted, read_strict_flags};

/// The output of a producer, as the next element's stdin. Unknown output is `dynamic`.
/// `input` is what the producer reads: its own redirect or heredoc, else the pipe.
pub fn producer_output(cmd: &SimpleCommand, input: Option<&Stdin>, downloads: bool) -> Stdin {
    let unknown = Stdin {
        text: String::new(),
        expand: false,
        dynamic: true,
        from_download: downloads,
        from_file: false,
        template: false,
        data: false,
        listed_roots: None,
    };
    if downloads {
        return unknown;
    }
    if let Some((text, data, whole)) = template(cmd, input) {
        // find's own template lists its tree; the others pass on their input's. A `{}` that
        // is part of a path (`%f`, `$1`, what sed leaves) may be anywhere in that tree, or
        // outside it (`./..x` cut to `..`): its roots are only known at run time.
        let listed_roots = match cmd.program_lower().as_ref() {
            "find" => Some(listed_roots(cmd)),
            _ => input.and_then(|s| s.listed_roots.clone()),
        }
        .map(|roots| roots.filter(|_| whole));
        return Stdin {
            text,
            dynamic: false,
            template: true,
            data,
            listed_roots,
            ..unknown
        };
    }
    if let Some(root) = made_temp_path(cmd) {
        return Stdin {
            data: true,
            listed_roots: Some(Some(vec![root])),
            ..unknown
        };
    }
    if lists_files(cmd) {
        return Stdin {
            data: true,
            listed_roots: Some(listed_roots(cmd)),
            ..unknown
        };
    }
    if let Some(s) = input.filter(|s| passes_lines(cmd) && s.dynamic && s.data) {
        return Stdin {
            data: true,
            listed_roots: s.listed_roots.clone().map(|roots| narrowed(cmd, roots)),
            ..unknown
        };
    }
    // What `xargs` runs gets words from input: `xargs echo ls` writes them too.
    if !cmd.dynamic_args.is_empty() || cmd.args_from_input {
        return unknown;
    }
    let known = |text: String| Stdin {
        text,
        expand: false,
        dynamic: false,
        from_download: false,
        from_file: false,
        template: false,
        data: false,
        listed_roots: None,
    };
    match cmd.program_lower().as_ref() {
        "echo" => {
            let (opts, at) = read_strict_flags(&cmd.args, &ECHO);
            let text = cmd.args[at..].join(" ");
            known(if has(&opts, &["-e"]) {
                crate::syntax::ansi_c::decode(&text)
            } else {
                text
            })
        }
        // The shell's printf: `-v NAME` prints nothing; any other option is an error.
        "printf" => {
            let args = args_of(cmd, 0);
            let (opts, at) = read_options(&args, 0, &PRINTF);
            match (opts.as_slice(), cmd.args.get(at..).unwrap_or_default()) {
                ([], []) => known(String::new()),
                ([], [format, rest @ ..]) => known(printf(format, rest)),
                (opts, _) if has(opts, &["-v"]) => known(String::new()),
                _ => unknown,
            }
        }
        // `yes TEXT` writes the line again and again: two copies show what repeating it
        // does (a `cd ..` in it has run before the second).
        "yes" => {
            let line = if cmd.args.is_empty() {
                "y".to_string()
            } else {
                cmd.args.join(" ")
            };
            known(format!("{line}\n{line}\n"))
        }
        "cat" => {
            let args = args_of(cmd, 0);
            let (opts, files) = read_permuted(&args, 0, &NONE);
            let files: Vec<&str> = files.iter().map(|&i| args[i].text.as_str()).collect();
            if !opts.is_empty() {
                unknown
            } else if files.iter().all(|f| *f == "-") {
                match input {
                    Some(s) if !s.dynamic && !s.from_download && !s.template => {
                        known(s.text.clone())
                    }
                    _ => unknown,
                }
            } else if files
                .iter()
                .all(|f| *f != "-" && !f.starts_with("/dev/") && !f.starts_with("/proc/"))
            {
                // `cat script.sh | bash` runs the file, as `bash script.sh` does.
                Stdin {
                    from_file: true,
                    data: true,
                    ..unknown
                }
            } else {
                unknown
            }
        }
        "true" | ":" | "false" => known(String::new()),
        _ => unknown,
    }
}

/// When `cmd` is a `find` that writes whole paths (a listing, or `-printf` of `%p` only):
/// its start paths (`Some(None)` when only known at run time).
pub(crate) fn find_listing_roots(cmd: &SimpleCommand) -> Option<Option<Vec<String>>> {
    if cmd.program_lower() != "find" {
        return None;
    }
    let line = read_find(&cmd.args);
    let whole = lists_files(cmd)
        || line
            .named(&["-printf"])
            .next()
            .and_then(|p| p.value())
            .is_some_and(|f| prints_whole_paths(&crate::syntax::ansi_c::decode(f)))
        || prints_paths_it_runs_on(cmd);
    whole.then(|| listed_roots(cmd))
}

/// Whether a decoded `-printf` format prints whole paths and nothing else: `%p` separated by
/// blanks or NULs (`'%p\n'`, `'%p\0'`); `'/home\n'` and `'%p/..\n'` print other paths.
fn prints_whole_paths(format: &str) -> bool {
    only_path_directives(format) && whole_items(&super::templates::percent_directives(format))
}

/// Whether a template's words are each one whole input item (`{}`, or `"{}"`), with nothing
/// around them: read as lines or words, its output is the items themselves (`{}\n`), not paths made
/// from them (`/home/{}`) or other words (`/home`).
pub(crate) fn whole_items(text: &str) -> bool {
    let mut words = text
        .split(|c: char| c.is_whitespace() || c == '\0')
        .filter(|w| !w.is_empty())
        .peekable();
    // `"{}"`: xargs takes the quotes away; a line reader keeps them, naming a path here.
    let item = |w: &str| {
        w == PLACEHOLDER
            || [('"', '"'), ('\'', '\'')].iter().any(|&(open, close)| {
                w.strip_prefix(open).and_then(|r| r.strip_suffix(close)) == Some(PLACEHOLDER)
            })
    };
    words.peek().is_some() && words.all(item)
}

/// The roots of the items a reader of `input`'s lines or words gets (`xargs`, `while read`):
/// its listing's roots, unless it is a template with text around the data.
pub(crate) fn item_roots(input: &Stdin) -> Option<Option<Vec<String>>> {
    if input.template && !whole_items(&input.text) {
        return None;
    }
    input.listed_roots.clone()
}

/// `find` whose only output is what `-exec grep -l PATTERN {} \;` prints: the paths it
/// lists that match.
fn prints_paths_it_runs_on(cmd: &SimpleCommand) -> bool {
    let line = read_find(&cmd.args);
    let mut found = false;
    for p in &line.primaries {
        if p.runs_command() {
            let words = p.command;
            let grep = words
                .first()
                .is_some_and(|w| matches!(w.as_str(), "grep" | "egrep" | "fgrep"));
            let lists = words.iter().any(|w| {
                matches!(
                    w.as_str(),
                    "-l" | "-L" | "--files-with-matches" | "--files-without-match"
                )
            });
            if !(grep && lists && p.name == "-exec" && words.last().is_some_and(|w| w == "{}")) {
                return false;
            }
            found = true;
        } else if PRINTING.contains(&p.name) || FIND_FORMAT_PRIMARIES.contains(&p.name) {
            return false;
        }
    }
    found
}

/// find's actions that print or write what it lists, besides its formats.
const PRINTING: &[&str] = &["-fprint", "-fprint0", "-fls", "-print", "-print0", "-ls"];

/// The start paths of a `find` (`None`: only known at run time, or relative to a directory
/// an earlier `cd` changed to).
fn listed_roots(cmd: &SimpleCommand) -> Option<Vec<String>> {
    let roots = crate::facts::find::find_roots(&find_words(cmd))?;
    let relative_after_cd =
        |r: &String| !r.starts_with('/') && !crate::facts::paths::relative_to_start(r, cmd);
    match roots.iter().any(relative_after_cd) {
        true => None,
        false => Some(roots),
    }
}

/// `find`'s words as `find_roots` reads them (program first).
fn find_words(cmd: &SimpleCommand) -> Vec<crate::model::Arg> {
    let mut args = vec![crate::model::Arg::default()];
    args.extend(crate::options::args_of(cmd, 0));
    args
}

/// The placeholder that stands for input data in a template.
pub(crate) const PLACEHOLDER: &str = "{}";

/// `find` printing the paths it lists (no `-printf`, no commands run, no file written).
pub(crate) fn lists_files(cmd: &SimpleCommand) -> bool {
    cmd.program_lower() == "find"
        && !read_find(&cmd.args).primaries.iter().any(|p| {
            p.runs_command()
                || p.name == FIND_LS_PRIMARY
                || FIND_FORMAT_PRIMARIES.contains(&p.name)
                || FIND_FILE_PRIMARIES.contains(&p.name)
        })
}

/// The options of `mktemp` that leave where it makes its file or directory alone.
const MKTEMP_PLAIN_OPTIONS: &[&str] = &["-d", "directory", "-q", "quiet", "-u", "dry-run"];

/// What a `mktemp` prints, as a path, when it is given only [`MKTEMP_PLAIN_OPTIONS`] and
/// at most a template without a `/`: a new name in the temporary directory (`$TMPDIR`, else
/// `/tmp`) without a template, in the working directory with one. `None` for anything else
/// (a template with a `/`, `-p DIR`, `--tmpdir=DIR` or `-t` may put it anywhere).
fn made_temp_path(cmd: &SimpleCommand) -> Option<String> {
    if cmd.program_lower() != "mktemp" || !cmd.dynamic_args.is_empty() {
        return None;
    }
    made_temp_path_of(&args_of(cmd, 0))
}

/// [`made_temp_path`] of a variable's value that is a plain `mktemp` substitution
/// (`$(mktemp -d)`, `` `mktemp` ``): its words without quotes or expansions.
pub(crate) fn made_temp_path_text(value: &str) -> Option<String> {
    let inner = value
        .strip_prefix("$(")
        .and_then(|v| v.strip_suffix(')'))
        .or_else(|| value.strip_prefix('`').and_then(|v| v.strip_suffix('`')))?;
    if inner.contains(['$', '`', '\'', '"', '\\', ';', '|', '&', '<', '>', '(', ')']) {
        return None;
    }
    let args: Vec<Arg> = inner
        .split_whitespace()
        .map(|w| Arg {
            text: w.to_string(),
            ..Arg::default()
        })
        .collect();
    (args.first()?.text == "mktemp")
        .then(|| made_temp_path_of(&args))
        .flatten()
}

/// What `mktemp` run with `args` (its name first) prints, as [`made_temp_path`] reads it.
fn made_temp_path_of(args: &[Arg]) -> Option<String> {
    let scan = Scan::read(args, &MKTEMP, false);
    if scan
        .opts
        .iter()
        .any(|o| !MKTEMP_PLAIN_OPTIONS.contains(&o.name.as_str()))
    {
        return None;
    }
    match scan.operands.as_slice() {
        [] => Some("${TMPDIR:-/tmp}/tmp.XXXXXXXXXX".to_string()),
        [t] if !t.text.contains(['/', '$', '`', '~']) => Some(format!("./{}", t.text)),
        _ => None,
    }
}

/// Whether `cmd` certainly creates and changes no file: directory changes and printing,
/// `find` listing, line filters, `cat`, and the template generators (whose `sed` and `awk`
/// programs are one substitution or one `print`, without `w` or `>`).
pub(crate) fn writes_no_file(cmd: &SimpleCommand) -> bool {
    if !cmd.writes.is_empty() {
        return false;
    }
    let program = cmd.program_lower();
    match &*program {
        "cd" | "pushd" | "popd" | "true" | ":" | "echo" | "printf" | "pwd" | "set" | "cat" => true,
        "find" => lists_files(cmd) && !read_find(&cmd.args).has(&["-delete"]),
        "sort" => passes_lines(cmd) && !Scan::read(&args_of(cmd, 0), &SORT, false).has(SORT_OUTPUT),
        "sed" | "gsed" => sed_template(cmd, None).is_some(),
        p if crate::knowledge::interpreters::is_awk(p) => {
            awk_program(cmd).is_some_and(|(code, _)| awk_template(code).is_some())
        }
        _ => passes_lines(cmd),
    }
}

/// Filters whose output lines are some of their input lines (`grep`, `sort`, `head` …).
/// The roots of a listing after a filter that keeps some of its lines: a `grep` that keeps
/// matches (not `-v`), `head` or `tail` no longer lists every entry of the working directory,
/// only some (`find . | grep pyc | xargs rm`).
pub(crate) fn narrowed(cmd: &SimpleCommand, roots: Option<Vec<String>>) -> Option<Vec<String>> {
    let program = cmd.program_lower();
    let keeps_some = match program.as_ref() {
        "grep" | "egrep" | "fgrep" => {
            !cmd.flags.contains("-v") && !cmd.flags.contains("invert-match")
        }
        "head" | "tail" => true,
        // Only the lines seen once (`-u`) or more than once (`-d`, `-D`).
        "uniq" => ["-u", "unique", "-d", "repeated", "-D", "all-repeated"]
            .iter()
            .any(|f| cmd.flags.contains(f)),
        p => crate::knowledge::interpreters::is_awk(p) && awk_line_filter(cmd),
    };
    if !keeps_some {
        return roots;
    }
    roots.map(|roots| {
        roots
            .into_iter()
            .map(|r| match r == crate::facts::find::EVERY_ENTRY {
                true => ".".to_string(),
                false => r,
            })
            .collect()
    })
}

pub(crate) fn passes_lines(cmd: &SimpleCommand) -> bool {
    let program = cmd.program_lower();
    if crate::knowledge::interpreters::is_awk(&program) {
        return cmd.writes.is_empty() && awk_line_filter(cmd);
    }
    matches!(
        program.as_ref(),
        "grep" | "egrep" | "fgrep" | "sort" | "uniq" | "head" | "tail" | "tac"
    ) && cmd.operands.len() <= 1
        && cmd.writes.is_empty()
}

/// An awk program that is a pattern alone, reading stdin (`awk 'NR>5'`, `awk '$3 > 100'`,
/// `awk '/x/'`): it prints the lines that match, as grep does.
fn awk_line_filter(cmd: &SimpleCommand) -> bool {
    matches!(awk_program(cmd), Some((code, false)) if is_awk_pattern(code))
}

/// Whether awk code is one pattern with no action: only line and field numbers (`NR`, `NF`,
/// `FNR`, `$3`), numbers, strings, regular expressions and operators. Any other name may be
/// a function that runs or writes something (`system(…)`, `getline`), and a brace, an
/// action.
fn is_awk_pattern(code: &str) -> bool {
    let mut chars = code.chars().peekable();
    let mut any = false;
    while let Some(c) = chars.next() {
        match c {
            // A regular expression or a string, to its closing delimiter.
            '/' | '"' => loop {
                match chars.next() {
                    None => return false,
                    Some('\\') => {
                        chars.next();
                    }
                    Some(d) if d == c => break,
                    Some(_) => {}
                }
            },
            c if c.is_ascii_alphabetic() || c == '_' => {
                let mut name = String::from(c);
                while let Some(&n) = chars
                    .peek()
                    .filter(|n| n.is_ascii_alphanumeric() || **n == '_')
                {
                    name.push(n);
                    chars.next();
                }
                if !matches!(name.as_str(), "NR" | "NF" | "FNR") {
                    return false;
                }
            }
            c if c.is_ascii_digit() || " \t$<>=!&|()+-*%.~^".contains(c) => {}
            _ => return false,
        }
        any |= !c.is_whitespace();
    }
    any
}

/// Whether a generator reading `input` reads data: file names or file contents the command
/// did not write (or nothing: the agent's own stdin).
pub(crate) fn reads_data(input: Option<&Stdin>) -> bool {
    input.is_none_or(|s| !s.from_download && (s.from_file || s.data))
}

/// Renders a printf format: escapes decoded, every conversion replaced by the next argument
/// (the format is reused while arguments remain, as printf does).
fn printf(format: &str, args: &[String]) -> String {
    let format = crate::syntax::ansi_c::decode(format);
    let mut out = String::new();
    let mut next = 0usize;
    loop {
        let mut used_any = false;
        let mut chars = format.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            if chars.peek() == Some(&'%') {
                chars.next();
                out.push('%');
                continue;
            }
            // Skip flags, width and precision up to the conversion letter.
            while chars.peek().is_some_and(|c| !c.is_ascii_alphabetic()) {
                chars.next();
            }
            chars.next();
            if let Some(a) = args.get(next) {
                out.push_str(a);
            }
            next += 1;
            used_any = true;
        }
        if !used_any || next >= args.len() || out.len() > 64 * 1024 {
            break;
        }
    }
    out
}

/// Whether `cmd` is `ls` printing the names of the working directory's entries and nothing
/// else: no operand but globs of names here, only options of [`LS_NAMES_ONLY`], no
/// redirect.
pub(crate) fn lists_working_directory_names(cmd: &SimpleCommand) -> bool {
    let (_, end) = crate::options::read_strict_flags(&cmd.args, &LS_NAMES_ONLY);
    // `ls *.log`: the glob expands to names of entries here (a directory's are listed by
    // name under a `dir:` header, still relative); a dot-name glob may take `..`.
    let names_here = cmd
        .args
        .iter()
        .enumerate()
        .skip(end)
        .all(|(i, a)| cmd.glob_args.contains(&i) && !a.contains('/') && !a.starts_with('.'));
    cmd.program_lower() == "ls"
        && names_here
        && cmd.writes.is_empty()
        && cmd.dynamic_args.is_empty()
        && !cmd.stdout_redirected
}

/// The roots of what `ls` lists when it prints names of the working directory's entries:
/// every entry (`./*`), or some of them when globs name them (`ls *.log`).
pub(crate) fn ls_listing_roots(cmd: &SimpleCommand) -> Option<Vec<String>> {
    lists_working_directory_names(cmd).then(|| {
        let every = cmd.glob_args.is_empty();
        vec![match every {
            true => crate::facts::find::EVERY_ENTRY.to_string(),
            false => ".".to_string(),
        }]
    })
}

/// The start paths of what a substitution's commands print, when that is a listing of
/// paths: a `find` printing whole paths or `ls` of the working directory's names, read
/// through filters that pass some of their lines (`$(ls -t | tail -n +6)`, `$(find . | grep
/// pyc)`). `start` is the index of `ran[0]` in the analysis, to check each filter reads the
/// element before it.
pub(crate) fn listing_roots(ran: &[SimpleCommand], start: usize) -> Option<Vec<String>> {
    let (first, filters) = ran.split_first()?;
    let mut roots = match ls_listing_roots(first) {
        Some(roots) => roots,
        None => find_listing_roots(first).flatten()?,
    };
    for (k, c) in filters.iter().enumerate() {
        let at = start + 1 + k;
        if c.stdin_from != Some(at - 1..at) || !passes_lines(c) {
            return None;
        }
        roots = narrowed(c, Some(roots))?;
    }
    Some(roots)
}

#[cfg(test)]
mod tests {
    use super::printf;

    #[test]
    fn printf_renders_arguments() {
        assert_eq!(printf("rm -rf /", &[]), "rm -rf /");
        assert_eq!(printf("%s\\n", &["rm -rf /".into()]), "rm -rf /\n");
        assert_eq!(
            printf("%s %s;", &["a".into(), "b".into(), "c".into()]),
            "a b;c ;"
        );
        assert_eq!(printf("100%%", &[]), "100%");
    }
}
