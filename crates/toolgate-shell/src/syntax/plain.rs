//! Plain commands: one simple command of plain words (`ls -la`, `cargo test -p foo`,
//! `rm -rf build/`), read without the full shell parser.
//!
//! Most commands an agent runs are plain, and brush-parser's general grammar costs more than
//! the rest of their analysis (it tries every word as an assignment, a redirection and a
//! reserved word). A text qualifies only when nothing in it can mean more than a word: no
//! quoting, expansion, operator, redirection, comment, assignment or reserved word. Anything
//! else goes to the parser. The walker takes such a text's words as the one simple command
//! they are, without building a tree; the tree those words make is the one brush-parser
//! builds for the same text, apart from source locations (a test checks this on every
//! qualifying command of the real-world corpus, and a walker test that both routes give the
//! same analysis).

#[cfg(test)]
use brush_parser::ast;

/// The longest text read as plain: longer texts are rare and go to the parser.
const MAX_PLAIN_LEN: usize = 512;

/// Words that mean something else at the start of a command (reserved words and the
/// characters the parser reads as grouping or negation).
const RESERVED_FIRST: &[&str] = &[
    "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for",
    "in", "function", "select", "time", "coproc", "{", "}", "!", "[[", "]]",
];

/// Whether `b` can stand in a plain word: it has no meaning to the shell inside a word
/// (quotes, `$`, backslash, operators, redirections, `#`, grouping, `=`, glob brackets and
/// braces and every control or non-ASCII byte are left to the parser).
const fn plain_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'_' | b'-' | b'.' | b'/' | b',' | b':' | b'@' | b'%' | b'+' | b'*' | b'?' | b'~'
        )
}

/// For each byte: whether it is a plain byte, a space or a tab (what a plain text is made
/// of), looked up rather than compared byte by byte against every kind.
const PLAIN_TEXT_BYTES: [bool; 256] = {
    let mut out = [false; 256];
    let mut b = 0;
    while b < 256 {
        out[b] = plain_byte(b as u8) || b == b' ' as usize || b == b'\t' as usize;
        b += 1;
    }
    out
};

/// The words of `text`, when `text` is one simple command of plain words separated by spaces
/// or tabs (the program first); `None` sends the text to the parser. Words hold no `{`, so
/// no brace expansion applies to them.
pub(crate) fn plain_words(text: &str) -> Option<impl Iterator<Item = &str>> {
    if text.len() > MAX_PLAIN_LEN {
        return None;
    }
    if !text.bytes().all(|b| PLAIN_TEXT_BYTES[usize::from(b)]) {
        return None;
    }
    let words = Words { text, at: 0 };
    let first = words.clone().next()?;
    if RESERVED_FIRST.contains(&first) {
        return None;
    }
    Some(words)
}

/// The words of a plain text: the runs of bytes between spaces and tabs (found by bytes; a
/// plain text is ASCII).
#[derive(Clone)]
struct Words<'t> {
    text: &'t str,
    /// Where the next word's search starts.
    at: usize,
}

impl<'t> Iterator for Words<'t> {
    type Item = &'t str;

    fn next(&mut self) -> Option<&'t str> {
        let bytes = self.text.as_bytes();
        let blank = |b: u8| b == b' ' || b == b'\t';
        while self.at < bytes.len() && blank(bytes[self.at]) {
            self.at += 1;
        }
        let start = self.at;
        while self.at < bytes.len() && !blank(bytes[self.at]) {
            self.at += 1;
        }
        (self.at > start).then(|| &self.text[start..self.at])
    }
}

/// The program brush-parser would build for `text`, when `text` is one simple command of
/// plain words separated by spaces or tabs; `None` sends the text to the parser. The walker
/// reads such a text as [`plain_words`]; this tree is what a test compares with the parser's.
#[cfg(test)]
pub(crate) fn plain_program(text: &str) -> Option<ast::Program> {
    let mut words = plain_words(text)?;
    let first = words.next()?;
    let word = |w: &str| ast::Word {
        value: w.to_string(),
        loc: None,
    };
    let suffix: Vec<ast::CommandPrefixOrSuffixItem> = words
        .map(|w| ast::CommandPrefixOrSuffixItem::Word(word(w)))
        .collect();
    let simple = ast::SimpleCommand {
        prefix: None,
        word_or_name: Some(word(first)),
        suffix: (!suffix.is_empty()).then_some(ast::CommandSuffix(suffix)),
    };
    let pipeline = ast::Pipeline {
        timed: None,
        bang: false,
        seq: vec![ast::Command::Simple(simple)],
    };
    let list = ast::CompoundList(vec![ast::CompoundListItem(
        ast::AndOrList {
            first: pipeline,
            additional: Vec::new(),
        },
        ast::SeparatorOperator::Sequence,
    )]);
    Some(ast::Program {
        complete_commands: vec![list],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Debug` text of a tree without its source locations (`loc: Some(…)` → `loc: None`).
    fn without_locations(tree: &str) -> String {
        let mut out = String::with_capacity(tree.len());
        let mut rest = tree;
        while let Some(at) = rest.find("loc: Some(") {
            out.push_str(&rest[..at]);
            out.push_str("loc: None");
            let mut depth = 0usize;
            let mut end = rest.len();
            for (i, c) in rest[at + "loc: ".len()..].char_indices() {
                match c {
                    '(' | '{' => depth += 1,
                    ')' | '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = at + "loc: ".len() + i + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            rest = &rest[end..];
        }
        out.push_str(rest);
        out
    }

    /// The parser's tree for `text`, as the walker's parser options build it.
    fn parsed(text: &str) -> Option<String> {
        // The walker's parser options (`Walker::options`).
        let options = brush_parser::ParserOptions::default();
        let program = brush_parser::Parser::new(text.as_bytes(), &options)
            .parse_program()
            .ok()?;
        Some(without_locations(&format!("{program:?}")))
    }

    fn agrees(text: &str) -> Result<bool, String> {
        let Some(plain) = plain_program(text) else {
            return Ok(false);
        };
        let plain = format!("{plain:?}");
        match parsed(text) {
            Some(tree) if tree == plain => Ok(true),
            Some(tree) => Err(format!("{text:?}\n  plain:  {plain}\n  parser: {tree}")),
            None => Err(format!("{text:?}: the parser refuses it")),
        }
    }

    #[test]
    fn plain_commands_are_the_trees_the_parser_builds() {
        for text in [
            "ls -la",
            "rm -rf build/",
            "  cargo\ttest -p foo  ",
            "git log --oneline -5",
            "ls *.rs src/?.rs ~/x",
            "kill %1",
            "x",
            "npm run build:prod -- --watch",
        ] {
            assert_eq!(agrees(text), Ok(true), "{text}");
        }
    }

    /// The walker reads a plain text without the guard: every text of up to three bytes of
    /// the plain bytes, spaces and tabs, and every plain command of the three corpora,
    /// passes it.
    /// The byte splitter gives the words splitting at spaces and tabs and dropping empty
    /// pieces gives, for every text of up to five bytes of `a`, space and tab.
    #[test]
    fn plain_words_are_the_pieces_between_blanks() {
        let mut texts = vec![String::new()];
        for _ in 0..5 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| ["a", " ", "\t"].map(|c| format!("{t}{c}")))
                .collect();
            texts.extend(longer);
        }
        texts.push("ls -la  x\t\ty ".to_string());
        for text in &texts {
            let split: Vec<&str> = text.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
            let words: Vec<&str> = Words { text, at: 0 }.collect();
            assert_eq!(words, split, "{text:?}");
        }
    }

    #[test]
    fn the_byte_table_is_the_plain_bytes_spaces_and_tabs() {
        for b in 0..=255u8 {
            let expected = plain_byte(b) || b == b' ' || b == b'\t';
            assert_eq!(PLAIN_TEXT_BYTES[usize::from(b)], expected, "{b}");
        }
    }

    #[test]
    fn every_plain_text_passes_the_guard() {
        let alphabet: Vec<u8> = (0..=255u8)
            .filter(|&b| plain_byte(b) || b == b' ' || b == b'\t')
            .collect();
        let mut texts: Vec<String> = Vec::new();
        for a in &alphabet {
            for b in &alphabet {
                for c in &alphabet {
                    texts.push(String::from_utf8(vec![*a, *b, *c]).expect("ASCII"));
                }
            }
        }
        texts.extend(toolgate_corpora::shell_commands());
        let mut plain = 0;
        for text in &texts {
            if plain_words(text).is_some() {
                plain += 1;
                assert_eq!(crate::syntax::guard::check(text), Ok(()), "{text:?}");
            }
        }
        assert!(plain > 100_000, "only {plain} plain texts");
    }

    #[test]
    fn anything_that_can_mean_more_than_a_word_goes_to_the_parser() {
        for text in [
            "",
            "   ",
            "echo $HOME",
            "echo 'a b'",
            "echo \"a\"",
            "a=b ls",
            "ls a=b",
            "ls; rm -rf /",
            "ls | sh",
            "ls && rm x",
            "ls > f",
            "ls < f",
            "ls & rm x",
            "echo `id`",
            "echo a\\ b",
            "ls # comment",
            "ls\nrm -rf /",
            "{ rm -rf /; }",
            "if x",
            "time rm -rf /",
            "! rm x",
            "for x",
            "ls [ab]",
            "echo {a,b}",
            "ls (x)",
            "ls é",
            "ls \u{0}",
        ] {
            assert!(plain_program(text).is_none(), "{text:?}");
        }
    }

    #[test]
    fn every_plain_command_of_the_real_world_corpus_is_the_parsers_tree() {
        let Some(path) = toolgate_corpora::corpus("realworld-shell/commands.jsonl") else {
            return;
        };
        let (mut plain, mut total) = (0, 0);
        let mut disagreements = Vec::new();
        for row in toolgate_corpora::read_jsonl(&path) {
            let Some(text) = row["command"].as_str() else {
                continue;
            };
            total += 1;
            match agrees(text) {
                Ok(true) => plain += 1,
                Ok(false) => {}
                Err(e) => disagreements.push(e),
            }
        }
        println!("plain commands read without the parser: {plain} of {total}");
        assert!(
            plain > 1000,
            "only {plain} plain commands: the corpus changed?"
        );
        assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
    }
}
