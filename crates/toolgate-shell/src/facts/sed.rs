//! GNU sed runs shell commands: `e command`, and `s/…/…/e` runs the pattern space after the
//! substitution. Those are found in sed scripts given on the command line.

use crate::model::Arg;

/// The commands a sed script runs.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SedRuns {
    /// `e command`: the command text.
    pub commands: Vec<String>,
    /// `s///e` replacements: the command templates (the input fills them in at run time).
    pub templates: Vec<String>,
    /// A bare `e` or `s///e`: what runs depends on the input.
    pub from_input: bool,
}

/// The scripts given to sed: `-e`/`--expression` values, or the first operand.
pub(crate) fn scripts(args: &[Arg]) -> Vec<String> {
    let mut out = Vec::new();
    let mut first_operand = None;
    let mut has_file = false;
    let mut i = 1;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "--" {
            first_operand = first_operand.or(args.get(i + 1).map(|a| a.text.clone()));
            break;
        }
        if let Some(v) = t.strip_prefix("--expression=") {
            out.push(v.to_string());
        } else if t == "--expression" {
            out.extend(args.get(i + 1).map(|a| a.text.clone()));
            i += 1;
        } else if t == "--file" || t.starts_with("--file=") {
            has_file = true;
            i += usize::from(t == "--file");
        } else if t == "--line-length" {
            i += 1;
        } else if t.starts_with("--") {
        } else if let Some(body) = t.strip_prefix('-').filter(|b| !b.is_empty()) {
            for (pos, c) in body.char_indices() {
                let rest = &body[pos + c.len_utf8()..];
                match c {
                    'e' | 'f' | 'l' => {
                        let value = if rest.is_empty() {
                            i += 1;
                            args.get(i).map(|a| a.text.clone())
                        } else {
                            Some(rest.to_string())
                        };
                        match c {
                            'e' => out.extend(value),
                            'f' => has_file = true,
                            _ => {}
                        }
                        break;
                    }
                    // `-i[SUFFIX]`: the rest is the suffix.
                    'i' => break,
                    _ => {}
                }
            }
        } else if first_operand.is_none() {
            first_operand = Some(t.to_string());
        }
        i += 1;
    }
    if out.is_empty() && !has_file {
        out.extend(first_operand);
    }
    out
}

/// Reads `script` and collects what it runs.
pub fn runs(script: &str) -> SedRuns {
    let b: Vec<char> = script.chars().collect();
    let mut r = SedRuns::default();
    let mut i = 0;
    while i < b.len() {
        // Address part.
        loop {
            match b.get(i) {
                Some(c) if c.is_whitespace() || matches!(c, ';' | '{' | '}' | '!') => i += 1,
                Some(c) if c.is_ascii_digit() || matches!(c, '$' | ',' | '~' | '+') => i += 1,
                Some('/') => i = delimited(&b, i + 1, '/').1,
                Some('\\') if i + 1 < b.len() => i = delimited(&b, i + 2, b[i + 1]).1,
                _ => break,
            }
        }
        let Some(&cmd) = b.get(i) else { break };
        i += 1;
        match cmd {
            's' | 'y' => {
                let Some(&delim) = b.get(i) else { break };
                let (_, after_regex) = delimited(&b, i + 1, delim);
                let (replacement, after) = delimited(&b, after_regex, delim);
                i = after;
                let flags_end = (i..b.len())
                    .find(|&k| matches!(b[k], ';' | '\n' | '}' | 'w' | 'W'))
                    .unwrap_or(b.len());
                let flags: String = b[i..flags_end].iter().collect();
                if cmd == 's' && flags.contains('e') {
                    r.from_input = true;
                    r.templates.push(replacement);
                }
                i = if matches!(b.get(flags_end), Some('w' | 'W')) {
                    line_end(&b, flags_end)
                } else {
                    flags_end
                };
            }
            'e' => {
                let end = line_end(&b, i);
                let text: String = b[i..end].iter().collect();
                if text.trim().is_empty() {
                    r.from_input = true;
                } else {
                    r.commands.push(text.trim().to_string());
                }
                i = end;
            }
            // Text, file names, labels and comments run to the end of the line.
            'a' | 'i' | 'c' | 'r' | 'R' | 'w' | 'W' | '#' | ':' | 'b' | 't' | 'T' => {
                i = line_end(&b, i);
            }
            _ => {}
        }
    }
    r
}

/// The text up to the unescaped `delim` from `i`, and the index after the delimiter.
fn delimited(b: &[char], mut i: usize, delim: char) -> (String, usize) {
    let mut s = String::new();
    while i < b.len() && b[i] != delim {
        if b[i] == '\\' && i + 1 < b.len() {
            if b[i + 1] != delim {
                s.push('\\');
            }
            i += 1;
        }
        s.push(b[i]);
        i += 1;
    }
    (s, (i + 1).min(b.len()))
}

fn line_end(b: &[char], i: usize) -> usize {
    (i..b.len()).find(|&k| b[k] == '\n').unwrap_or(b.len())
}

#[cfg(test)]
mod tests {
    use super::runs;

    #[test]
    fn finds_what_sed_runs() {
        assert_eq!(runs("1e rm -rf /").commands, ["rm -rf /"]);
        let r = runs("s/.*/rm -rf \\//e");
        assert!(r.from_input);
        assert_eq!(r.templates, ["rm -rf /"]);
        assert!(runs("e").from_input);
        let plain = runs("s/a/b/g; /x/d; y/abc/xyz/; 3a text e here");
        assert!(plain.commands.is_empty() && !plain.from_input);
        assert!(!runs("s/e/E/w out.txt").from_input);
        assert_eq!(runs("/foo/ e touch x").commands, ["touch x"]);
    }
}
