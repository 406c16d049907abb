//! The one door to brush-parser's program parser (and so to its tokenizer).

use brush_parser::{ParserOptions, ast};

use super::words::parser_call;

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
    if trailing_backslashes % 2 == 1 || text.ends_with('\n') {
        return parser_call(|| brush_parser::Parser::new(text.as_bytes(), options).parse_program());
    }
    let mut terminated = String::with_capacity(text.len() + 1);
    terminated.push_str(text);
    terminated.push('\n');
    parser_call(|| brush_parser::Parser::new(terminated.as_bytes(), options).parse_program())
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
