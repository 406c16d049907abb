//! The one door to brush-parser's program parser (and so to its tokenizer).

use std::borrow::Cow;

use brush_parser::{ParserOptions, ast};

use super::words::parser_call;

/// The parsing work every analysis may spend, in brush-parser's budget steps (one character or
/// token read, one literal tried). The largest of the 39,129 real-world corpus commands spends
/// about 12,000; scripts spend 10 to 20 per byte.
pub const PARSE_WORK_BASE: u64 = 1 << 16;

/// The parsing work an analysis may spend for each byte of its command, on top of
/// [`PARSE_WORK_BASE`]. Dense one-liners spend up to about 130 per byte; a command that needs
/// more makes brush-parser backtrack (its word parser's time can grow exponentially with the
/// length of some inputs) or loop, and is refused.
pub const PARSE_WORK_PER_BYTE: u64 = 256;

/// Runs `analysis` (everything that parses `command` and the strings it runs) under the
/// parsing work budget; `None` when the budget ran out, since brush-parser may then have
/// returned a wrong reading as well as an error.
pub(crate) fn within_parse_budget<R>(command: &str, analysis: impl FnOnce() -> R) -> Option<R> {
    let steps = parse_work_budget(command.len());
    let (result, spent) = brush_parser::budget::with_budget(steps, analysis);
    (!spent.exhausted).then_some(result)
}

/// The parsing work an analysis of a command of `bytes` bytes may spend:
/// [`PARSE_WORK_BASE`] plus [`PARSE_WORK_PER_BYTE`] for each byte.
pub fn parse_work_budget(bytes: usize) -> u64 {
    let bytes = u64::try_from(bytes).unwrap_or(u64::MAX);
    PARSE_WORK_BASE.saturating_add(bytes.saturating_mul(PARSE_WORK_PER_BYTE))
}

/// Parses `text` as a program, catching a panic inside brush-parser (`None`).
///
/// The text is parsed with a newline after it, which changes no command (a script's last
/// line may end with one or not). It keeps the tokenizer out of a loop without end: at the end
/// of input, a heredoc whose tag reads as empty and whose body line never began (`<<""`, or a
/// `<<` followed by blanks where brush-parser reads it inside `$((…))`) makes brush-parser 0.4
/// match the empty tag again and again, queueing a token each time until memory runs out.
/// After a newline the body has begun and the empty tag ends it once. A text ending in an
/// escaping `\` is left as it is: the newline would join the backslash as a line
/// continuation and bring the loop back, while without it brush-parser stops on the escape.
pub(crate) fn parse_program(
    text: &str,
    options: &ParserOptions,
) -> Option<Result<ast::Program, brush_parser::ParseError>> {
    let trailing_backslashes = text.len() - text.trim_end_matches('\\').len();
    let text: Cow<'_, str> = if trailing_backslashes % 2 == 1 || text.ends_with('\n') {
        Cow::Borrowed(text)
    } else {
        let mut terminated = String::with_capacity(text.len() + 1);
        terminated.push_str(text);
        terminated.push('\n');
        Cow::Owned(terminated)
    };
    parser_call(|| brush_parser::Parser::new(text.as_bytes(), options).parse_program())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_heredoc_tag_at_the_end_ends_without_a_loop() {
        let options = ParserOptions::default();
        // Each made brush-parser's tokenizer queue tokens without end when parsed as it stands
        // (the fuzzer's input first; the guard, which reads `$((` here as a shift, lets it by).
        for text in ["\"$(()$(())<<\t\t\"\"i)\"\t", "$(()$(())<<\t\t\"\"i)"] {
            assert!(parse_program(text, &options).is_some(), "{text:?}");
        }
        // Everyday texts parse the same with or without a newline at the end.
        for text in [
            "ls -la",
            "cat <<EOF\nx\nEOF",
            "echo $((1<<2)) # shift",
            "git commit -m \"$(cat <<'EOF'\nmsg\nEOF\n)\"",
        ] {
            let bare = parser_call(|| {
                brush_parser::Parser::new(text.as_bytes(), &options).parse_program()
            });
            let ended = parse_program(text, &options);
            assert_eq!(
                format!("{:?}", bare.map(|p| p.map(|p| p.complete_commands.len()))),
                format!("{:?}", ended.map(|p| p.map(|p| p.complete_commands.len()))),
                "{text:?}"
            );
        }
    }
}
