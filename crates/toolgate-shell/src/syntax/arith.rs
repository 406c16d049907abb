//! Telling arithmetic from commands: `((rm -rf /))` is not valid arithmetic, and shells
//! without an arithmetic command (dash, POSIX sh) run it as nested subshells.

/// Whether `expr` (the inside of `((…))` or `$((…))`) reads as a shell arithmetic expression.
/// Lenient where it does not matter (no type or range checks), strict about the shape: an
/// operand must follow every operator and operators must separate operands.
pub fn is_valid(expr: &str) -> bool {
    let b = expr.as_bytes();
    let mut want_operand = true;
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if want_operand {
            match c {
                b'(' => {
                    depth += 1;
                    i += 1;
                }
                b'+' | b'-' if b.get(i + 1) == Some(&c) => i += 2,
                b'+' | b'-' | b'!' | b'~' => i += 1,
                b'0'..=b'9' => {
                    // Decimal, octal, 0x hex and base#digits.
                    while i < b.len()
                        && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'#' | b'@' | b'_'))
                    {
                        i += 1;
                    }
                    want_operand = false;
                }
                b'$' | b'`' => {
                    let Some(end) = word_end(b, i) else {
                        return false;
                    };
                    i = end;
                    want_operand = false;
                }
                c if c.is_ascii_alphabetic() || c == b'_' => {
                    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                        i += 1;
                    }
                    if b.get(i) == Some(&b'[') {
                        let Some(end) = matching(b, i, b'[', b']') else {
                            return false;
                        };
                        i = end;
                    }
                    want_operand = false;
                }
                _ => return false,
            }
            continue;
        }
        // After an operand: a binary or postfix operator, or `)`.
        if c == b')' {
            if depth == 0 {
                return false;
            }
            depth -= 1;
            i += 1;
            continue;
        }
        if (c == b'+' || c == b'-') && b.get(i + 1) == Some(&c) {
            i += 2;
            continue;
        }
        let Some(len) = binary_operator(&b[i..]) else {
            return false;
        };
        i += len;
        want_operand = true;
    }
    depth == 0 && (!want_operand || b.iter().all(|c| c.is_ascii_whitespace()))
}

/// The variables an arithmetic expression (`((…))`, `$((…))`, `let`'s operands) assigns:
/// `d = 5`, `d += 1`, `a[i] <<= 2`, `d++`, `--d`. Each holds a number afterwards, known only
/// at run time.
pub fn assigned_names(expr: &str) -> Vec<&str> {
    let b = expr.as_bytes();
    let mut out: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'$' {
            i = dollar_end(b, i).unwrap_or(i + 1).max(i + 1);
            continue;
        }
        if c == b'`' {
            i = b[i + 1..]
                .iter()
                .position(|&c| c == b'`')
                .map_or(b.len(), |p| i + 1 + p + 1);
            continue;
        }
        if c.is_ascii_digit() {
            // A number (`0x1f`, `2#101`), not a name.
            while i < b.len()
                && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'#' | b'@' | b'_'))
            {
                i += 1;
            }
            continue;
        }
        if !(c.is_ascii_alphabetic() || c == b'_') {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        let name = &expr[start..i];
        // `++d`, `--d`.
        let before = expr[..start].trim_end().as_bytes();
        let mut assigned = before.ends_with(b"++") || before.ends_with(b"--");
        let mut j = i;
        if b.get(j) == Some(&b'[') {
            j = matching(b, j, b'[', b']').unwrap_or(b.len());
        }
        let after = expr[j..].trim_start().as_bytes();
        assigned |= after.starts_with(b"++") || after.starts_with(b"--");
        assigned |= after.first() == Some(&b'=') && after.get(1) != Some(&b'=');
        assigned |= ["+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "<<=", ">>="]
            .iter()
            .any(|op| after.starts_with(op.as_bytes()));
        if assigned && !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// The length of the binary operator at the start of `b`.
fn binary_operator(b: &[u8]) -> Option<usize> {
    const OPS: &[&str] = &[
        "<<=", ">>=", "**", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=",
        "%=", "&=", "^=", "|=", "+", "-", "*", "/", "%", "<", ">", "&", "^", "|", "=", "?", ":",
        ",",
    ];
    OPS.iter()
        .find(|op| b.starts_with(op.as_bytes()))
        .map(|op| op.len())
}

/// The end of an operand that starts with an expansion at `i`: the expansion and whatever
/// follows it without a blank (`$(date +%s)0`, `${x}1`, `` `wc -l <f` ``), one word that
/// the shell expands before the arithmetic is evaluated.
fn word_end(b: &[u8], mut i: usize) -> Option<usize> {
    loop {
        match b.get(i) {
            Some(b'$') => i = dollar_end(b, i)?,
            Some(b'`') => i = i + 1 + b[i + 1..].iter().position(|&c| c == b'`')? + 1,
            Some(c) if c.is_ascii_alphanumeric() || *c == b'_' => i += 1,
            _ => return Some(i),
        }
    }
}

/// The end of a `$name`, `${…}`, `$(…)` or `$((…))` operand starting at `i`.
fn dollar_end(b: &[u8], i: usize) -> Option<usize> {
    match b.get(i + 1) {
        Some(b'{') => matching(b, i + 1, b'{', b'}'),
        Some(b'(') => matching(b, i + 1, b'(', b')'),
        Some(c)
            if c.is_ascii_alphanumeric()
                || matches!(c, b'_' | b'#' | b'?' | b'$' | b'!' | b'@' | b'*' | b'-') =>
        {
            let mut j = i + 2;
            if c.is_ascii_alphabetic() || *c == b'_' {
                while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                    j += 1;
                }
            }
            Some(j)
        }
        _ => None,
    }
}

/// The index after the bracket matching the one at `i`.
fn matching(b: &[u8], i: usize, open: u8, close: u8) -> Option<usize> {
    let mut depth = 0usize;
    for (j, &c) in b.iter().enumerate().skip(i) {
        if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Some(j + 1);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{assigned_names, is_valid};

    #[test]
    fn assigned_names_are_the_targets_of_assignments_and_steps() {
        for (expr, names) in [
            ("d = 5", &["d"][..]),
            ("d++", &["d"]),
            ("--d", &["d"]),
            ("i++, j--", &["i", "j"]),
            ("a[i] <<= 2", &["a"]),
            ("x += y * 2", &["x"]),
            ("n = m = 1", &["n", "m"]),
            ("d == 5", &[]),
            ("d <= 5 && e >= 1 || f != 2", &[]),
            ("$d + 1", &[]),
            ("${d} = 1", &[]),
            ("16#ff + 0x1f", &[]),
            ("x ? y : z", &[]),
            ("`echo d=1` + 1", &[]),
        ] {
            assert_eq!(assigned_names(expr), names, "{expr}");
        }
    }

    #[test]
    fn arithmetic_and_commands() {
        for ok in [
            "",
            "1",
            "i++",
            "x = y + 1",
            "a[i] += 2",
            "(1 << 3) | 0x1f",
            "n > 0 ? n : -n",
            "$x * ${y} + $(id -u)",
            "i++, j--",
            "2#101 + 8#17",
            "!x && ~y",
            "-(-1)",
            "${RANDOM} % `wc -l < file` + 1",
            "$(date -f - +%s- <<< $'tomorrow 21:30\\nnow')0",
            "$x$y + 1",
        ] {
            assert!(is_valid(ok), "{ok}");
        }
        for bad in [
            "rm -rf /",
            "echo hi",
            "(1",
            "1)",
            "x y",
            "curl x | sh",
            "`rm -rf /` x",
            "$x rm -rf /",
            "`unclosed + 1",
        ] {
            assert!(!is_valid(bad), "{bad}");
        }
    }
}
