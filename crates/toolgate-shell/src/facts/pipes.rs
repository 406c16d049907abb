//! What one pipeline element writes to the next one's stdin, when that is known statically:
//! `echo 'rm -rf /' | bash` runs `rm -rf /`; `some_prog | bash` runs something unknown.

use crate::SimpleCommand;
use crate::model::Stdin;

/// The output of a producer, as the next element's stdin. Unknown output is `dynamic`.
pub fn producer_output(cmd: &SimpleCommand, own_stdin: Option<&Stdin>, downloads: bool) -> Stdin {
    let unknown = Stdin {
        text: String::new(),
        expand: false,
        dynamic: true,
        from_download: downloads,
        from_file: false,
        template: false,
    };
    if downloads {
        return unknown;
    }
    if let Some(text) = template(cmd) {
        return Stdin {
            text,
            dynamic: false,
            template: true,
            ..unknown
        };
    }
    if !cmd.dynamic_args.is_empty() {
        return unknown;
    }
    let known = |text: String| Stdin {
        text,
        expand: false,
        dynamic: false,
        from_download: false,
        from_file: false,
        template: false,
    };
    match cmd.program_lower().as_str() {
        "echo" => {
            let mut args = cmd.args.as_slice();
            let mut escapes = false;
            while let Some(first) = args.first() {
                let flags = first
                    .strip_prefix('-')
                    .filter(|f| !f.is_empty() && f.chars().all(|c| matches!(c, 'n' | 'e' | 'E')));
                let Some(flags) = flags else { break };
                escapes |= flags.contains('e');
                args = &args[1..];
            }
            let text = args.join(" ");
            known(if escapes {
                crate::syntax::ansi_c::decode(&text)
            } else {
                text
            })
        }
        "printf" => match cmd.args.as_slice() {
            [] => known(String::new()),
            [flag, ..] if flag == "-v" => known(String::new()),
            [dashes, format, rest @ ..] if dashes == "--" => known(printf(format, rest)),
            [format, rest @ ..] => known(printf(format, rest)),
        },
        "cat" if cmd.args.iter().all(|a| a == "-") => match own_stdin {
            Some(s) if !s.dynamic && !s.from_download => known(s.text.clone()),
            _ => unknown,
        },
        // `cat script.sh | bash` runs the file, as `bash script.sh` does.
        "cat"
            if !cmd.args.is_empty()
                && cmd.args.iter().all(|a| {
                    !a.starts_with('-') && !a.starts_with("/dev/") && !a.starts_with("/proc/")
                }) =>
        {
            Stdin {
                from_file: true,
                template: false,
                ..unknown
            }
        }
        "true" | ":" | "false" => known(String::new()),
        _ => unknown,
    }
}

/// The placeholder that stands for input data in a template.
pub(crate) const PLACEHOLDER: &str = "{}";

/// The lines a generator writes when they are a template fixed by the command's own text,
/// with `{}` where input data goes: `find … -printf FORMAT`, `xargs echo WORDS`,
/// `sed 's/RE/REPLACEMENT/'`, `awk '{printf FORMAT, …}'` / `awk '{print "a " $1}'`.
fn template(cmd: &SimpleCommand) -> Option<String> {
    let program = cmd.program_lower();
    match program.as_str() {
        "find" => {
            let at = cmd.args.iter().position(|a| a == "-printf")?;
            let format = cmd.args.get(at + 1)?;
            if cmd.is_dynamic(at + 1) {
                return None;
            }
            Some(percent_directives(&crate::syntax::ansi_c::decode(format)))
        }
        // `… | xargs echo mv {} {}.bak`: the words, input appended or in the placeholder.
        "echo" if cmd.args_from_input => {
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
            Some(line)
        }
        "sed" | "gsed" if cmd.args.len() <= 3 && cmd.dynamic_args.is_empty() => {
            let script = cmd.args.iter().find(|a| a.starts_with('s'))?;
            let mut parts = script[1..].split(script[1..].chars().next()?);
            parts.next();
            let replacement = parts.nth(1)?;
            let mut out = String::new();
            let mut chars = replacement.chars().peekable();
            while let Some(c) = chars.next() {
                match c {
                    '&' => out.push_str(PLACEHOLDER),
                    '\\' => match chars.next() {
                        Some(d) if d.is_ascii_digit() => out.push_str(PLACEHOLDER),
                        Some(other) => out.push(other),
                        None => {}
                    },
                    c => out.push(c),
                }
            }
            Some(out)
        }
        p if crate::knowledge::interpreters::is_awk(p)
            && cmd.dynamic_args.iter().all(|&i| i > 0) =>
        {
            let code = cmd.operands.first()?;
            awk_template(code)
        }
        _ => None,
    }
}

/// find's `-printf` directives (`%p`, `%h`, `%f`, `%-10s` …) as placeholders.
fn percent_directives(format: &str) -> String {
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
/// `{printf "sox %s %s\n", $0, $0".wav"}`, `{print "mv " $1 " " $2}`.
fn awk_template(code: &str) -> Option<String> {
    let body = code.trim().strip_prefix('{')?.strip_suffix('}')?.trim();
    if body.contains([';', '{', '}', '|', '>']) {
        return None;
    }
    if let Some(rest) = body.strip_prefix("printf") {
        let rest = rest.trim_start().trim_start_matches('(').trim_start();
        let format = rest.strip_prefix('"')?;
        let end = format.find('"')?;
        return Some(percent_directives(&crate::syntax::ansi_c::decode(
            &format[..end],
        )));
    }
    let rest = body.strip_prefix("print")?;
    let mut out = String::new();
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                for d in chars.by_ref() {
                    if d == '"' {
                        break;
                    }
                    out.push(d);
                }
            }
            '$' => {
                while chars
                    .peek()
                    .is_some_and(|d| d.is_ascii_alphanumeric() || *d == '_')
                {
                    chars.next();
                }
                out.push_str(PLACEHOLDER);
            }
            ',' => out.push(' '),
            c if c.is_whitespace() => {}
            _ => return None,
        }
    }
    Some(out)
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
