//! What one pipeline element writes to the next one's stdin, when that is known statically:
//! `echo 'rm -rf /' | bash` runs `rm -rf /`; `some_prog | bash` runs something unknown.

use crate::SimpleCommand;
use crate::unwrap::Stdin;

/// The output of a producer, as the next element's stdin. Unknown output is `dynamic`.
pub fn producer_output(cmd: &SimpleCommand, own_stdin: Option<&Stdin>, downloads: bool) -> Stdin {
    let unknown = Stdin {
        text: String::new(),
        expand: false,
        dynamic: true,
        from_download: downloads,
        from_file: false,
    };
    if downloads || !cmd.dynamic_args.is_empty() {
        return unknown;
    }
    let known = |text: String| Stdin {
        text,
        expand: false,
        dynamic: false,
        from_download: false,
        from_file: false,
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
                crate::ansi_c::decode(&text)
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
                ..unknown
            }
        }
        "true" | ":" | "false" => known(String::new()),
        _ => unknown,
    }
}

/// Renders a printf format: escapes decoded, every conversion replaced by the next argument
/// (the format is reused while arguments remain, as printf does).
fn printf(format: &str, args: &[String]) -> String {
    let format = crate::ansi_c::decode(format);
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
