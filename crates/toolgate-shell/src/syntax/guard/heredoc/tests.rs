use super::{BodyText, MAX_BODY_OPEN_FRAMES, body_frames};
use crate::syntax::guard::{MAX_SUBSCRIPTS, check};

/// Texts whose heredoc body leaves frames open, in each way found to make brush-parser's word
/// parser backtrack (twelve units of any took from one second to minutes before the check):
/// each with how many frames one unit leaves open, and the text of `n` units.
fn open_bodies(n: usize) -> Vec<(usize, String)> {
    let body = |unit: &str| unit.repeat(n);
    vec![
        (1, format!("cat <<EOF\nx {}\nEOF\n", body("$(a "))),
        (2, format!("cat <<EOF\nx {}\nEOF\n", body("$((a "))),
        (1, format!("cat <<EOF\nx {}\nEOF\n", body("$[a "))),
        // A `}` inside an open subscript closes nothing.
        (2, format!("cat <<EOF\nx {}\nEOF\n", body("${a[x }y "))),
        (2, format!("cat <<EOF\nx {}\nEOF\n", body("$(a \""))),
        (2, format!("cat <<EOF\nx {}\nEOF\n", body("$(a ("))),
        (1, format!("cat <<EOF\n{}EOF\n", body("x $(a\n"))),
        (1, format!("cat <<EOF\nx {}\nEOF\n", body("$(a ) $(b "))),
        (4, format!("cat <<EOF\nx {}\nEOF\n", body("$(a \"($((b "))),
        (3, format!("cat <<EOF\nx {}\nEOF\n", body("$(a @(${a "))),
        (1, format!("x=$(cat <<EOF\nx {}\nEOF\n)\n", body("$(a "))),
        (
            1,
            format!("echo \"$(cat <<EOF\nx {}\nEOF\n)\"\n", body("$(a ")),
        ),
        // A quoted tag is not expanded, but inside `$(…)` the word parser reads it anyway.
        (1, format!("x=$(cat <<'EOF'\nx {}\nEOF\n)\n", body("$(a "))),
        (
            1,
            format!(
                "awk '{{print $1}}' <<EOF\nrm -rf x >{}\nEOF\n",
                body("$(giel ")
            ),
        ),
    ]
}

#[test]
fn bodies_leaving_many_frames_open_are_refused_before_parsing() {
    for (_, text) in open_bodies(12) {
        let refusal = check(&text).expect_err("refused");
        assert_eq!(refusal.0, crate::IndeterminateKind::ParseError);
        let a = crate::analyze(&text);
        assert!(a.indeterminate.is_some(), "{text:?} is indeterminate");
    }
    // The fuzzer's input (analyze, 12 s before the check): an awk heredoc over `$(` runs.
    let found = "awk '&&rint $1}' <<EOF\nrm -rf  x >$(giel  >$(giel baint($1}' <<EOF\nrm -rf  x >$(giel  >$(giel bash -rm -rf  x >$(giel  >$(giel bash -c aecho x >$(giel bash c aecho x >$(giel bash -cre arbash -csh -rm -rf  x >$(giel  >$(giel bash -c aecho x >$(giel bash c aecho x >$(giel bash -cre arbash -c/home/user\nEOF\n";
    assert!(check(found).is_err());
    // Its successor (14 s before the check): the same with a quote that hides the rest.
    let found = [
        r#"awk '&&rint $1}' <<EOF"#,
        r#"rm -rf  x >$(giel  >$(giel baint $1}' <<EOF"#,
        r#"rm -rf  x >$(giel  >$(giel bash -rm -rf  x >$(giel  >$(giel bash -c aecho x >$(giel bash c aecho x >$(giel bash -cre arbash -csh -rm -rf  x >$(giel  >$(giel bash -c aecho x >$(giel bash c aecho x >$(giel bash -cre arbaZZcod a+x CompecuteDZZZZZa1sum; find ate col printdho o otash drop stash@{0intdho o otash drop stash@{0}kre& git - eseryirecti | rmeDate col printdhoe& git - eseryirecti | rmeDate col printdho o otash drop stash@{0}kre& git - eseryirecti | rm -rf /hmn| hmod a+x - eseryirecti | rm -rf /hmn}kre& git - eseryirecti | rm -rf /hmnpath/to/foldeint0 | sort -z | xargs -0 stat -c '%n %a' | sh| hmod a+xseryirecti | rm -rf /hmn}kre& o otash drop stash@{0}kre& git - eseryirecti | rm -rf OF"#,
        r#"rm -rf  x >$(giel  >$(giel bash -rm -rf  x >$(giel  >$(giel bash -c aecho x >$(giel bash c aecho x >$(giel bash -cre arbash -csh -rm -rf  x >$(giel  >$(giel bash -c aecho x >$(giel bash c aecho x >$(giel bash -cre arbaZZcod a+x CompecuteDZZZZZa1sum; find ate col printdho o otash drop stash@{0intdho o otash drop stash@{0}kre& git - eseryirecti | rmeDate col printdhoe& git - eseryirecti | rmeDate col printdho o otash drop stash@{0}kre& git - eseryirecti | rm -rf /hmn| hmod a+x - eseryirecti | rm -rf /hmn}kre& git - eseryirecti | rm -rf /hmnpath/to/foldeint0 | sort -z | xargs -0 stat -c '%n %a' | sh| hmod a+xseryirecti | rm -rf /hmn}kre& o otash drop stash@{0}kre& git - eseryirecti | rm -/hsh -c/home/user"#,
        r#"EOF"#,
    ]
    .join("\n");
    assert!(check(&found).is_err());
}

#[test]
fn bodies_at_the_limit_are_parsed() {
    // At the limit (and below) the parser's time stays small, and what the body runs is seen.
    for (k, (per_unit, one)) in open_bodies(1).into_iter().enumerate() {
        let mut n = MAX_BODY_OPEN_FRAMES / per_unit;
        // `$[` frames are held to the subscripts' limit too.
        if one.contains("$[") {
            n = n.min(MAX_SUBSCRIPTS);
        }
        let (_, text) = open_bodies(n).swap_remove(k);
        assert!(check(&text).is_ok(), "{text:?} passes the check");
    }
}

#[test]
fn bodies_nesting_subscripts_deeply_are_refused() {
    // Closed or not, each subscript inside `${…}` multiplies the word parser's time (six took
    // 21 s in an expanding heredoc, four 63 ms).
    let nested = |n: usize| (0..n).fold("i".to_string(), |inner, k| format!("${{a{k}[{inner}]}}"));
    for (n, refused) in [(3, false), (4, true), (6, true)] {
        let text = format!("cat <<EOF\n{}\nEOF\n", nested(n));
        assert_eq!(check(&text).is_err(), refused, "{text:?}");
        let text = format!("x=$(cat <<'EOF'\n{}\nEOF\n)", nested(n));
        assert_eq!(check(&text).is_err(), refused, "{text:?}");
    }
    assert_eq!(
        body_frames(b"${a[${b[1]}]} ${c[2]}", BodyText::Heredoc).subscripts,
        2
    );
}

#[test]
fn everyday_heredocs_pass() {
    let texts = [
        // The pull-request body pattern: prose with apostrophes, parentheses and quotes.
        "gh pr create --title t --body \"$(cat <<'EOF'\n## Summary\n- Don't retry (closes #12)\n- It's \"fine\" :(\n\n## Test plan\n- [ ] run `make`\nEOF\n)\"",
        "git commit -m \"$(cat <<'EOF'\nFix the parser (it didn't close) :( :( :(\nEOF\n)\"",
        // A script in a quoted heredoc: unbalanced parentheses are its own business.
        "python3 <<'EOF'\nprint(\"(\" * 9)\nx = '$(a $(b $(c $(d $(e'\nEOF",
        // Closed substitutions, however many and however nested.
        "cat <<EOF > out.txt\nuser: $(whoami) at $(date +%s) in $(pwd)\n$(echo $(echo $(echo $(echo $(echo deep)))))\n$((1 + (2 * (3 + 4))))\n${HOME:-$(pwd)}\nEOF",
        "cat <<EOF\n\\$(not a substitution \\$(nor this \\$((this\nEOF",
        // A commit message as coding agents write it: apostrophes, parentheses, quotes.
        "git commit -m \"$(cat <<'EOF'\nFix the parser's handling of (nested) quotes\n\n- Don't retry when it's closed\n- Handle \"quoted\" text :)\n\nCo-Authored-By: Agent <agent@example.com>\nEOF\n)\"",
        // A script written through an expanding heredoc.
        "cat > deploy.sh <<EOF\n#!/bin/bash\nset -euo pipefail\nVERSION=$(git describe --tags)\nfor f in $(ls dist/*.tar.gz); do\n  echo \"uploading \\$f (version ${VERSION})\"\ndone\nEOF",
        "python3 <<EOF\nimport os\nprint(os.environ.get('HOME', '$(whoami)'), (1, (2, 3)))\nEOF",
    ];
    for text in texts {
        assert!(check(text).is_ok(), "{text:?} passes the check");
    }
}

#[test]
fn frames_are_counted_as_the_word_parser_reads_them() {
    let open = |body: &str, text| body_frames(body.as_bytes(), text).open;
    // Heredoc text: quotes are literal outside substitutions, real inside.
    assert_eq!(open("it's \"(\" $(a", BodyText::Heredoc), 1);
    assert_eq!(open("$(echo \")\"", BodyText::Heredoc), 1);
    assert_eq!(open("$(echo ')'", BodyText::Heredoc), 1);
    assert_eq!(open("$(echo \")\")", BodyText::Heredoc), 0);
    assert_eq!(open("$(( (1) + 2 ))", BodyText::Heredoc), 0);
    assert_eq!(open("$[ 1 + $[2] ] $[3", BodyText::Heredoc), 1);
    assert_eq!(open("${a:-$(b}", BodyText::Heredoc), 2);
    assert_eq!(open("`a $(b", BodyText::Heredoc), 2);
    assert_eq!(open("\\$(a \\`b", BodyText::Heredoc), 0);
    // Command text: quotes count everywhere, and a lone `'` is a plain character.
    assert_eq!(open("don't (", BodyText::Command), 1);
    assert_eq!(open("\"(\" (", BodyText::Command), 1);
    assert_eq!(open("\"a", BodyText::Command), 1);
    assert_eq!(open("'a ( b' c", BodyText::Command), 0);
    // Quotes as plain characters: what is read after a frame is given up.
    assert_eq!(open("$(a ' $(b $(c '", BodyText::QuotesLiteral), 3);
    assert_eq!(open("$(a ' $(b $(c '", BodyText::Heredoc), 1);
    assert_eq!(open("$(echo \")\"", BodyText::QuotesLiteral), 0);
}

#[test]
fn many_dollar_double_parens_that_are_not_arithmetic_are_refused() {
    use crate::syntax::guard::MAX_ARITH_FALLBACKS;
    // The fuzzer's input (analyze, 15 s in the fuzzing build; one heredoc body took 2.5 s in
    // release) came down to a run of `$((a[) b)`: each is tried as arithmetic to the end of
    // the body before it is read as `$( (a[) b )`, and the time doubles with each.
    let unit = "$((a[) b) ";
    let at_limit = format!("cat <<EOF\nx {}\nEOF\n", unit.repeat(MAX_ARITH_FALLBACKS));
    assert!(check(&at_limit).is_ok());
    // Parsed (and found not to be shell: `(a[) b` is a syntax error), not refused as too deep.
    let kind = crate::analyze(&at_limit).indeterminate.map(|i| i.kind);
    assert_eq!(kind, Some(crate::IndeterminateKind::ParseError));
    let over = format!(
        "cat <<EOF\nx {}\nEOF\n",
        unit.repeat(MAX_ARITH_FALLBACKS + 1)
    );
    assert_eq!(
        check(&over).map_err(|e| e.0),
        Err(crate::IndeterminateKind::TooDeep)
    );
    let command = format!("echo \"{}\"", unit.repeat(MAX_ARITH_FALLBACKS + 1));
    assert_eq!(
        check(&command).map_err(|e| e.0),
        Err(crate::IndeterminateKind::TooDeep)
    );
    // A subshell first inside `$(…)`, and arithmetic with parentheses, stay ordinary.
    for text in [
        "out=$((cd src && make) 2>&1)",
        "echo $(( (a + b) * 2 )) $((x))",
        "cat <<EOF\nbuilt: $((cd src && make) 2>&1)\nsum: $(( (1+2) * 3 ))\nEOF\n",
    ] {
        assert!(check(text).is_ok(), "{text:?}");
        assert!(crate::analyze(text).indeterminate.is_none(), "{text:?}");
    }
}
