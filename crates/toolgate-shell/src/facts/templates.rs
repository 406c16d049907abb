//! Templates: the lines a generator writes when they are fixed by the command's own text,
//! with `{}` where its input data goes (`find -printf`, `xargs echo`, `sed s///`,
//! `awk '{print …}'`), read strictly: anything these readers do not follow exactly (escaped
//! delimiters, flags that run or write, strings with quotes) is no template.

use super::pipes::{PLACEHOLDER, lists_files, reads_data};
use crate::SimpleCommand;
use crate::knowledge::specs::{AWK, SED, SED_EXPRESSION};
use crate::model::Stdin;
use crate::options::find::read_find;
use crate::options::{Scan, args_of, read_options};

/// awk's options a template may be read past: the field separator and variables.
const AWK_TEMPLATE_OPTIONS: &[&str] = &["-F", "--field-separator", "-v", "--assign"];

/// sed's options a template may be read with: quiet, regex syntax, one expression.
const SED_TEMPLATE_OPTIONS: &[&str] = &[
    "-n",
    "--quiet",
    "--silent",
    "-E",
    "-r",
    "--regexp-extended",
    "--posix",
    "-e",
    "--expression",
];

/// sed's options that print only what the script prints.
const SED_QUIET: &[&str] = &["-n", "--quiet", "--silent"];

/// awk's program text, written out on the command line (`-F SEP` and `-v NAME=VALUE` may
/// come first), and whether files to read follow it. `None` for a program from a file
/// (`-f`), another option, or words only known at run time.
pub(crate) fn awk_program(cmd: &SimpleCommand) -> Option<(&str, bool)> {
    let args = args_of(cmd, 0);
    let (opts, at) = read_options(&args, 0, &AWK);
    if !opts
        .iter()
        .all(|o| AWK_TEMPLATE_OPTIONS.contains(&&*o.name))
        || args.iter().take(at + 1).any(|a| a.dynamic)
    {
        return None;
    }
    let code = cmd.args.get(at)?;
    Some((code.as_str(), cmd.args.len() > at + 1))
}

/// Whether the known text of a template keeps data data: lines of data with no blank and no
/// character a shell or `xargs` gives a meaning (`sed 's/\.txt$//'` only cuts file names).
pub(crate) fn plain_text(template: &str) -> bool {
    template
        .replace(PLACEHOLDER, "")
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "._/+,=:@%-\n".contains(c))
}

/// The lines a generator writes when they are a template fixed by the command's own text,
/// with `{}` where input data goes, and whether those lines are data themselves (see
/// [`plain_text`]): `find … -printf FORMAT`, `xargs echo WORDS`, `sed 's/RE/REPLACEMENT/'`,
/// `awk '{printf FORMAT, …}'` / `awk '{print "a " $1}'`.
pub(crate) fn template(cmd: &SimpleCommand, input: Option<&Stdin>) -> Option<(String, bool, bool)> {
    let program = cmd.program_lower();
    // Whether each `{}` is one whole input item (a path stays that path).
    let mut whole = true;
    let text = match &*program {
        "find" => {
            let line = read_find(&cmd.args);
            let printf = line.named(&["-printf"]).next()?;
            let format = printf.value()?;
            if cmd.is_dynamic(printf.at + 1) || lists_files(cmd) {
                return None;
            }
            if line.primaries.iter().any(|p| p.runs_command()) {
                return None;
            }
            let format = crate::syntax::ansi_c::decode(format);
            whole = only_path_directives(&format);
            percent_directives(&format)
        }
        // `… | xargs echo mv {} {}.bak`: the words, input appended or in the placeholder.
        "echo" if cmd.args_from_input && reads_data(input) => {
            let words: Vec<&str> = cmd
                .args
                .iter()
                .enumerate()
                .filter(|(i, a)| {
                    !cmd.is_dynamic(*i) || cmd.rooted_args.contains(i) || a.contains(PLACEHOLDER)
                })
                .map(|(_, a)| a.as_str())
                .collect();
            if words.len() != cmd.args.len() {
                return None;
            }
            let mut line = words.join(" ");
            if !line.contains(PLACEHOLDER) {
                line.push(' ');
                line.push_str(PLACEHOLDER);
            }
            line
        }
        "sed" | "gsed" => {
            whole = false;
            sed_template(cmd, input)?
        }
        p if crate::knowledge::interpreters::is_awk(p) => {
            let (code, files) = awk_program(cmd)?;
            if !files && !reads_data(input) {
                return None;
            }
            let (text, fields_whole) = awk_template(code)?;
            whole = fields_whole;
            text
        }
        _ => return None,
    };
    let data = plain_text(&text);
    Some((text, data, whole))
}

/// One `s` command of sed, read with its escapes: `s|a\|b|c|g` is regex `a|b`.
struct SedSubstitution {
    regex: String,
    replacement: String,
    flags: String,
}

fn sed_substitution(script: &str) -> Option<SedSubstitution> {
    let rest = script.trim().strip_prefix('s')?;
    let delimiter = rest.chars().next()?;
    if delimiter.is_alphanumeric() || delimiter == '\\' || delimiter.is_whitespace() {
        return None;
    }
    let mut parts = vec![String::new()];
    let mut chars = rest[delimiter.len_utf8()..].chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            let next = chars.next()?;
            if next != delimiter {
                parts.last_mut()?.push('\\');
            }
            parts.last_mut()?.push(next);
        } else if c == delimiter && parts.len() < 3 {
            parts.push(String::new());
        } else {
            parts.last_mut()?.push(c);
        }
    }
    let [regex, replacement, flags]: [String; 3] = parts.try_into().ok()?;
    Some(SedSubstitution {
        regex,
        replacement,
        flags,
    })
}

/// Regexes that match every line, so that no line passes through unchanged.
const MATCHES_EVERY_LINE: &[&str] = &[
    "^",
    "$",
    ".*",
    "^.*",
    ".*$",
    "^.*$",
    "\\(.*\\)",
    "^\\(.*\\)",
    "\\(.*\\)$",
    "^\\(.*\\)$",
    "(.*)",
    "^(.*)",
    "(.*)$",
    "^(.*)$",
];

/// The lines `sed [-n] [-E] 's/RE/REPLACEMENT/FLAGS' [FILE]` writes, as a template: the
/// replacement with data (`{}`) for the groups, `&`, and the parts of the line the regex
/// leaves (before it unless anchored with `^`, after it unless anchored with `$`), and a line
/// of data alone for lines that pass through unmatched, unless they come from a file (then
/// the file's lines run as the file would: `bash FILE`).
pub(crate) fn sed_template(cmd: &SimpleCommand, input: Option<&Stdin>) -> Option<String> {
    if !cmd.dynamic_args.is_empty() || !cmd.writes.is_empty() {
        return None;
    }
    let scan = Scan::read(&args_of(cmd, 0), &SED, false);
    if !scan
        .opts
        .iter()
        .all(|o| SED_TEMPLATE_OPTIONS.contains(&o.name.as_str()))
    {
        return None;
    }
    let quiet = scan.has(SED_QUIET);
    let mut expressions = scan.values(SED_EXPRESSION);
    let mut operands = scan.operands.iter();
    let script = match expressions.next() {
        Some(e) => e,
        None => operands.next()?,
    };
    let file = operands.next().map(|f| f.text.as_str());
    if expressions.next().is_some() || operands.next().is_some() {
        return None;
    }
    let sub = sed_substitution(&script.text)?;
    if !sub
        .flags
        .chars()
        .all(|c| matches!(c, 'g' | 'p' | 'I' | 'i') || c.is_ascii_digit())
    {
        return None;
    }
    let from_file = match file {
        Some(f) => !f.starts_with("/dev/") && !f.starts_with("/proc/") && f != "-",
        None => input.is_some_and(|s| s.from_file),
    };
    if !(from_file || (file.is_none() && reads_data(input))) {
        return None;
    }
    let mut replacement = String::new();
    let mut chars = sub.replacement.chars();
    while let Some(c) = chars.next() {
        match c {
            '&' => replacement.push_str(PLACEHOLDER),
            '\\' => match chars.next() {
                Some(d) if d.is_ascii_digit() => replacement.push_str(PLACEHOLDER),
                Some('n') => replacement.push('\n'),
                Some(other) => replacement.push(other),
                None => {}
            },
            c => replacement.push(c),
        }
    }
    // A regex anchored with `^` (or starting with `.*`, which matches from the start) leaves
    // nothing before the replacement; one ending with `$` (or `.*`) nothing after.
    let opening = sub.regex.trim_start_matches("\\(").trim_start_matches('(');
    let closing = sub.regex.trim_end_matches("\\)").trim_end_matches(')');
    let before = match opening.starts_with('^') || opening.starts_with(".*") {
        true => "",
        false => PLACEHOLDER,
    };
    let after = match (closing.ends_with('$') || closing.ends_with(".*"))
        && !closing.ends_with("\\$")
        && !closing.ends_with("\\.*")
    {
        true => "",
        false => PLACEHOLDER,
    };
    if quiet && !sub.flags.contains('p') {
        return Some(String::new());
    }
    let mut out = format!("{before}{replacement}{after}");
    if sub.flags.contains('g') {
        out = format!("{before}{replacement}{PLACEHOLDER}{replacement}{after}");
    }
    // Lines the regex does not match pass through: a file's lines run as the file would;
    // paths `find` lists in the working directory run as the project's files would
    // (`./x`: a path, never a bare name looked up in PATH); anything else is a line only
    // known at run time.
    let project_paths = input
        .and_then(|s| s.listed_roots.as_ref())
        .is_some_and(|roots| {
            roots.as_ref().is_some_and(|r| {
                r.iter().all(|p| {
                    (p == "." || p.contains('/'))
                        && !p.starts_with(['/', '~', '$', '-'])
                        && !p.split('/').any(|c| c == "..")
                })
            })
        });
    if !quiet && !from_file && !project_paths && !MATCHES_EVERY_LINE.contains(&sub.regex.as_str()) {
        out.push('\n');
        out.push_str(PLACEHOLDER);
    }
    Some(out)
}

/// Whether every directive of a `-printf` format is `%p` (the whole path).
pub(crate) fn only_path_directives(format: &str) -> bool {
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            continue;
        }
        match chars.find(|c| c.is_ascii_alphabetic() || *c == '%') {
            Some('p' | '%') => {}
            _ => return false,
        }
    }
    true
}

/// find's `-printf` directives (`%p`, `%h`, `%f`, `%-10s` …) as placeholders.
pub(crate) fn percent_directives(format: &str) -> String {
    let mut out = String::new();
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
        while chars.peek().is_some_and(|c| !c.is_ascii_alphabetic()) {
            chars.next();
        }
        // `%T@`, `%Tk`: one more letter or sign.
        if matches!(chars.next(), Some('T' | 'A' | 'C')) {
            chars.next();
        }
        out.push_str(PLACEHOLDER);
    }
    out
}

/// The line an awk program prints when it is one `print`/`printf` of literals and fields:
/// `{printf "sox %s %s\n", $0, $0".wav"}`, `{print "mv " $1 " " $2}`; and whether every
/// field it prints is the whole input line (`$0`), so a path stays that path.
pub(crate) fn awk_template(code: &str) -> Option<(String, bool)> {
    let body = code.trim().strip_prefix('{')?.strip_suffix('}')?.trim();
    if body.contains([';', '{', '}', '|', '>']) {
        return None;
    }
    if let Some(rest) = body.strip_prefix("printf") {
        let rest = rest.trim_start().trim_start_matches('(').trim_start();
        let format = rest.strip_prefix('"')?;
        let end = format.find('"')?;
        if format[..end].ends_with('\\') {
            return None;
        }
        // The arguments fill the conversions: only fields, joined with plain words.
        let mut whole = true;
        let mut args = format[end + 1..].trim().trim_end_matches(')').split(',');
        if !args.next()?.trim().is_empty() {
            return None;
        }
        for arg in args {
            let (text, fields_whole) = awk_expression(arg)?;
            if !plain_text(&text) {
                return None;
            }
            whole &= fields_whole && text == PLACEHOLDER;
        }
        let text = percent_directives(&crate::syntax::ansi_c::decode(&format[..end]));
        return Some((text, whole));
    }
    let rest = body.strip_prefix("print")?;
    if rest.trim().is_empty() {
        return Some((PLACEHOLDER.to_string(), true));
    }
    let mut out = String::new();
    let mut whole = true;
    for item in rest.split(',') {
        let (text, fields_whole) = awk_expression(item)?;
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&text);
        whole &= fields_whole;
    }
    Some((out, whole))
}

/// An awk expression of string literals and fields written next to each other
/// (`"mv " $1 ".bak"`), as text with `{}` for each field; and whether every field is `$0`.
fn awk_expression(expr: &str) -> Option<(String, bool)> {
    let mut out = String::new();
    let mut whole = true;
    let mut chars = expr.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let mut literal = String::new();
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => {
                            literal.push('\\');
                            literal.push(chars.next()?);
                        }
                        d => literal.push(d),
                    }
                }
                out.push_str(&crate::syntax::ansi_c::decode(&literal));
            }
            '$' => {
                let mut field = String::new();
                while let Some(d) = chars.next_if(|d| d.is_ascii_alphanumeric() || *d == '_') {
                    field.push(d);
                }
                if field.is_empty() {
                    return None;
                }
                whole &= field == "0";
                out.push_str(PLACEHOLDER);
            }
            c if c.is_whitespace() => {}
            _ => return None,
        }
    }
    Some((out, whole))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(line: &str) -> SimpleCommand {
        crate::analyze(line).commands.remove(0)
    }

    #[test]
    fn awk_programs_after_separator_and_variables() {
        let cmd = first("awk -F , --assign=x=1 -v y=2 '{print $1}' f");
        assert_eq!(awk_program(&cmd), Some(("{print $1}", true)));
        let cmd = first("awk -F: '{print $1}'");
        assert_eq!(awk_program(&cmd), Some(("{print $1}", false)));
        assert_eq!(awk_program(&first("awk -f prog.awk f")), None);
        assert_eq!(awk_program(&first("awk -i inplace '{print}' f")), None);
        assert_eq!(awk_program(&first("awk -F \"$SEP\" '{print $1}' f")), None);
    }

    #[test]
    fn sed_templates_read_their_options() {
        let from_file = Stdin {
            from_file: true,
            ..Stdin::default()
        };
        let template = |line: &str| sed_template(&first(line), Some(&from_file));
        assert!(template("sed --quiet -E -e 's/a/b/p'").is_some());
        assert!(template("sed -nE 's/a/b/p'").is_some());
        // More than one expression, an in-place edit, a script file: no template.
        assert!(template("sed -e 's/a/b/' -e 's/c/d/'").is_none());
        assert!(template("sed -i 's/a/b/' f").is_none());
        assert!(template("sed -f x.sed").is_none());
        assert!(template("sed 's/a/b/' f g").is_none());
    }
}
