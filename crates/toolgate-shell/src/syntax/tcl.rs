//! Tcl's words, as expect reads a script: commands end at a newline or `;` outside braces and
//! quotes; a word is `{…}` (literal, braces nest), `"…"` (substitutions inside) or a run of
//! other characters. Enough to find the commands an expect script runs (`spawn`, `exec`,
//! `system`) and to hand them to the shell analysis with the same word boundaries.

/// One Tcl word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TclWord {
    /// Its text, without the braces or quotes around it.
    pub(crate) text: String,
    /// Written in braces or quotes: one word whatever it holds.
    pub(crate) quoted: bool,
    /// Holds a substitution (`$var`, `[cmd]`) Tcl makes at run time (never in braces).
    pub(crate) substituted: bool,
}

impl TclWord {
    /// The word as one shell word with the same meaning: literal text single-quoted, a word
    /// with a run-time substitution as a run-time shell word, a bare word as it is (so
    /// `exec`'s `|`, `<` and `>` stay operators).
    pub(crate) fn as_shell(&self) -> String {
        if self.substituted {
            "\"$TCL_SUBSTITUTION\"".to_string()
        } else if self.quoted {
            format!("'{}'", self.text.replace('\'', "'\\''"))
        } else {
            self.text.clone()
        }
    }
}

/// The commands of `script`, each its words.
pub(crate) fn commands(script: &str) -> Vec<Vec<TclWord>> {
    let chars: Vec<char> = script.chars().collect();
    let mut out = Vec::new();
    let mut words: Vec<TclWord> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' || c == ';' {
            if !words.is_empty() {
                out.push(std::mem::take(&mut words));
            }
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let (word, next) = match c {
            '{' => braced(&chars, i),
            '"' => quoted(&chars, i),
            _ => bare(&chars, i),
        };
        words.push(word);
        i = next;
    }
    if !words.is_empty() {
        out.push(words);
    }
    out
}

/// `{…}` from `start`: the text up to the matching brace (nested ones included).
fn braced(chars: &[char], start: usize) -> (TclWord, usize) {
    let mut depth = 0usize;
    let mut i = start;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        i += 1;
    }
    let end = i.min(chars.len());
    let text: String = chars[start + 1..end].iter().collect();
    let word = TclWord {
        text,
        quoted: true,
        substituted: false,
    };
    (word, (end + 1).min(chars.len()))
}

/// `"…"` from `start`: the text up to the closing quote (a backslash keeps the character
/// after it); `$` and `[` inside substitute.
fn quoted(chars: &[char], start: usize) -> (TclWord, usize) {
    let mut i = start + 1;
    let mut text = String::new();
    while i < chars.len() && chars[i] != '"' {
        if chars[i] == '\\' && i + 1 < chars.len() {
            i += 1;
        }
        text.push(chars[i]);
        i += 1;
    }
    let substituted = text.contains(['$', '[']);
    let word = TclWord {
        text,
        quoted: true,
        substituted,
    };
    (word, (i + 1).min(chars.len()))
}

/// A bare word from `start`: up to whitespace or a command end (a `[…]` inside it included).
fn bare(chars: &[char], start: usize) -> (TclWord, usize) {
    let mut i = start;
    let mut brackets = 0usize;
    while i < chars.len() {
        match chars[i] {
            '[' => brackets += 1,
            ']' => brackets = brackets.saturating_sub(1),
            '\\' => i += 1,
            c if brackets == 0 && (c.is_whitespace() || c == ';') => break,
            _ => {}
        }
        i += 1;
    }
    let end = i.min(chars.len());
    let text: String = chars[start..end].iter().collect();
    let substituted = text.contains(['$', '[']);
    let word = TclWord {
        text,
        quoted: false,
        substituted,
    };
    (word, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(script: &str) -> Vec<Vec<String>> {
        commands(script)
            .into_iter()
            .map(|c| c.into_iter().map(|w| w.text).collect())
            .collect()
    }

    #[test]
    fn commands_and_words() {
        assert_eq!(
            texts("spawn bash -c {rm -rf /}; expect eof"),
            [
                vec!["spawn", "bash", "-c", "rm -rf /"],
                vec!["expect", "eof"]
            ]
        );
        assert_eq!(
            texts("spawn sh -c {a; {b}}\nsend \"x;y\\r\""),
            // A backslash keeps the character after it (`\r` reads as `r`): word boundaries
            // are all that matter here.
            [vec!["spawn", "sh", "-c", "a; {b}"], vec!["send", "x;yr"]]
        );
        assert_eq!(
            texts("exec ls | wc -l"),
            [vec!["exec", "ls", "|", "wc", "-l"]]
        );
        assert_eq!(
            texts("set x [exec id; uname]"),
            [vec!["set", "x", "[exec id; uname]"]]
        );
    }

    #[test]
    fn substitutions_and_shell_words() {
        let c = commands("spawn $cmd {a b} \"$x\" [pwd] plain it's");
        let words: Vec<(bool, bool)> = c[0].iter().map(|w| (w.quoted, w.substituted)).collect();
        assert_eq!(
            words,
            [
                (false, false),
                (false, true),
                (true, false),
                (true, true),
                (false, true),
                (false, false),
                (false, false)
            ]
        );
        assert_eq!(c[0][2].as_shell(), "'a b'");
        assert_eq!(c[0][1].as_shell(), "\"$TCL_SUBSTITUTION\"");
        let q = commands("{it's}");
        assert_eq!(q[0][0].as_shell(), "'it'\\''s'");
    }

    #[test]
    fn unbalanced_input_ends_without_panicking() {
        for s in ["{", "{{a}", "\"", "\"a\\", "[", "a\\", "}", "{a\\"] {
            let _ = commands(s);
        }
    }
}
