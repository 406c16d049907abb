//! GNU sed runs shell commands: `e command`, and `s/…/…/e` runs the pattern space after the
//! substitution. Those are found in sed scripts given on the command line.

use crate::knowledge::specs::{SED, SED_EXPRESSION, SED_SCRIPT_FILE};
use crate::model::Arg;
use crate::options::{Scan, with_attached_optional};

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

/// The scripts given to sed (`args[0]` is the program): `-e`/`--expression` values, or the
/// first operand when there are none and no `-f`/`--file`. `-i[SUFFIX]` glues its suffix
/// (`-ie` keeps backups in `FILEe`; it gives no expression).
pub(crate) fn scripts(args: &[Arg]) -> Vec<String> {
    let words = with_attached_optional(
        args.get(1..).unwrap_or_default().to_vec(),
        &SED,
        'i',
        "in-place",
    );
    let scan = Scan::read(&words, &SED, false);
    let mut out: Vec<String> = scan
        .values(SED_EXPRESSION)
        .map(|v| v.text.clone())
        .collect();
    if out.is_empty() && !scan.has(SED_SCRIPT_FILE) {
        out.extend(scan.operands.first().map(|v| v.text.clone()));
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
    use super::{runs, scripts};
    use crate::model::Arg;

    fn sed(words: &[&str]) -> Vec<String> {
        let args: Vec<Arg> = std::iter::once("sed")
            .chain(words.iter().copied())
            .map(|w| Arg {
                text: w.to_string(),
                ..Arg::default()
            })
            .collect();
        scripts(&args)
    }

    #[test]
    fn finds_the_scripts_given() {
        assert_eq!(sed(&["-n", "1e id", "f"]), ["1e id"]);
        assert_eq!(sed(&["-ne", "1e id", "-e", "p", "f"]), ["1e id", "p"]);
        assert_eq!(sed(&["--expr=1e id", "f"]), ["1e id"]);
        // `-ie`: the suffix `e`, not an expression; the script is the operand.
        assert_eq!(sed(&["-ie", "1e id", "f"]), ["1e id"]);
        assert_eq!(sed(&["-nie", "1e id", "f"]), ["1e id"]);
        // `-l N` takes a value: the script is the operand after it.
        assert_eq!(sed(&["-l", "5", "1e id", "f"]), ["1e id"]);
        assert_eq!(sed(&["-s", "f", "-e", "1e id"]), ["1e id"]);
        assert!(sed(&["-f", "script.sed", "f"]).is_empty());
        assert!(sed(&["--file=script.sed", "f"]).is_empty());
        assert_eq!(sed(&["--", "1e id", "f"]), ["1e id"]);
    }

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
