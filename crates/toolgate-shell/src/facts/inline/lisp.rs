//! Lisp forms that start a process from their arguments (`knowledge::code_calls::
//! LISP_PROCESS_FORMS`): `(call-process "rm" nil nil nil "-rf" "/")` in Emacs Lisp, `(sh "rm"
//! "-rf" "/")` in Clojure, `(sb-ext:run-program "/bin/rm" (list "-rf" "/"))` in Common Lisp.
//! Their argv, with an argument that is no string literal only known at run time.

use super::{InlineFindings, MAX_ARGV_CALLS, string_at};
use crate::knowledge::code_calls::LISP_PROCESS_FORMS;

/// One argument of a form: a string literal, a list of them (`(list "a" b)`, `'("a")`,
/// `["a"]`), or anything else.
enum Element {
    Str(String),
    List(Vec<Option<String>>),
    Other,
}

/// Reads the process forms in `chars` into `f`: the argv of each (program first) to
/// [`InlineFindings::argv_calls`], and a form whose program is no string literal (`(call-process
/// prog …)`) as one that runs a command only known at run time.
pub(crate) fn read_forms(chars: &[char], f: &mut InlineFindings) {
    let mut i = 0;
    while i < chars.len() && f.argv_calls.len() < MAX_ARGV_CALLS {
        match chars[i] {
            '"' => i = string_at(chars, i).1,
            '(' => {
                let (name, after) = symbol(chars, i + 1);
                let last = name.rsplit(['/', ':']).next().unwrap_or_default();
                // A Lisp form's name stands apart from its arguments (`(sh "ls")`, not R's
                // `(process(x))`).
                let form = LISP_PROCESS_FORMS
                    .iter()
                    .find(|f| f.name == last)
                    .filter(|_| chars.get(after).is_some_and(|c| c.is_whitespace()));
                if let Some(form) = form {
                    let (elements, _) = elements(chars, after, 0);
                    match argv(&elements, form.program, form.arguments) {
                        Some(argv) => f.argv_calls.push(argv),
                        None => f.runs_dynamic = true,
                    }
                }
                // Forms nest: the arguments are read again for the forms inside them.
                i = after;
            }
            _ => i += 1,
        }
    }
}

/// The argv of a form whose arguments are `elements`; `None` when its program is no string
/// literal (or missing).
fn argv(elements: &[Element], program: usize, arguments: usize) -> Option<Vec<Option<String>>> {
    let mut argv = match elements.get(program)? {
        Element::Str(p) => vec![Some(p.clone())],
        // `(uiop:run-program (list "rm" "-rf" "/"))`: the list is the whole argv.
        Element::List(list) if program + 1 == arguments && elements.len() == 1 => {
            return list.first().cloned().flatten().map(|_| list.clone());
        }
        _ => return None,
    };
    for e in elements.iter().skip(arguments) {
        match e {
            Element::Str(s) => argv.push(Some(s.clone())),
            Element::List(list) => argv.extend(list.iter().cloned()),
            Element::Other => argv.push(None),
        }
    }
    Some(argv)
}

/// The symbol at `i` (blanks skipped before it) and the index after it.
fn symbol(chars: &[char], mut i: usize) -> (String, usize) {
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    let start = i;
    while i < chars.len() && !chars[i].is_whitespace() && !matches!(chars[i], '(' | ')' | '"') {
        i += 1;
    }
    (chars[start..i].iter().collect(), i)
}

/// The elements of a form from `i` to its closing `)` (or the end), and the index after it.
/// Lists nest at most a few levels; deeper ones are `Other`.
fn elements(chars: &[char], mut i: usize, depth: usize) -> (Vec<Element>, usize) {
    let mut out = Vec::new();
    while i < chars.len() {
        let c = chars[i];
        match c {
            ')' | ']' => return (out, i + 1),
            '"' => {
                let (s, end) = string_at(chars, i);
                out.push(Element::Str(s));
                i = end;
            }
            '(' | '[' | '\'' if depth < 4 => {
                // `'("a" "b")`, `(list "a" "b")`, `["a" "b"]`: a list of literals.
                let open = if c == '\'' { i + 1 } else { i };
                if chars.get(open).is_none_or(|o| !matches!(o, '(' | '[')) {
                    let (_, end) = symbol(chars, i + 1);
                    out.push(Element::Other);
                    i = end.max(i + 1);
                    continue;
                }
                let mut start = open + 1;
                if chars[open] == '(' {
                    let (head, after) = symbol(chars, start);
                    if head == "list" || head == "vector" {
                        start = after;
                    } else if !head.is_empty() && c != '\'' {
                        // Another call: its value is only known at run time.
                        let (_, end) = elements(chars, after, depth + 1);
                        out.push(Element::Other);
                        i = end;
                        continue;
                    }
                }
                let (inner, end) = elements(chars, start, depth + 1);
                out.push(Element::List(
                    inner
                        .into_iter()
                        .map(|e| match e {
                            Element::Str(s) => Some(s),
                            _ => None,
                        })
                        .collect(),
                ));
                i = end;
            }
            c if c.is_whitespace() => i += 1,
            _ => {
                let (_, end) = symbol(chars, i);
                out.push(Element::Other);
                i = end.max(i + 1);
            }
        }
    }
    (out, i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calls(code: &str) -> Vec<Vec<Option<String>>> {
        read(code).argv_calls
    }

    fn read(code: &str) -> InlineFindings {
        let mut f = InlineFindings::default();
        read_forms(&code.chars().collect::<Vec<_>>(), &mut f);
        f
    }

    fn words(w: &[&str]) -> Vec<Option<String>> {
        w.iter().map(|s| Some(s.to_string())).collect()
    }

    #[test]
    fn process_forms_give_their_argv() {
        assert_eq!(
            calls(r#"(call-process "rm" nil nil nil "-rf" "/")"#),
            vec![words(&["rm", "-rf", "/"])]
        );
        assert_eq!(
            calls(r#"(start-process "x" "*x*" "rm" "-rf" "/")"#),
            vec![words(&["rm", "-rf", "/"])]
        );
        assert_eq!(
            calls(r#"(clojure.java.shell/sh "rm" "-rf" "/")"#),
            vec![words(&["rm", "-rf", "/"])]
        );
        assert_eq!(
            calls(r#"(sb-ext:run-program "/bin/rm" (list "-rf" "/"))"#),
            vec![words(&["/bin/rm", "-rf", "/"])]
        );
        assert_eq!(
            calls(r#"(uiop:run-program '("rm" "-rf" "/"))"#),
            vec![words(&["rm", "-rf", "/"])]
        );
        assert_eq!(
            calls(r#"(progn (process-lines "rm" "-rf" dir))"#),
            vec![vec![Some("rm".into()), Some("-rf".into()), None]]
        );
        assert!(calls(r#"(message "(call-process \"rm\")")"#).is_empty());
        // A program only known at run time runs a command only known then.
        let dynamic = read(r#"(call-process prog nil nil nil "-rf")"#);
        assert!(dynamic.argv_calls.is_empty() && dynamic.runs_dynamic);
        for code in [
            r#"(call-process "ls")"#,
            "(process(data))",
            r#"(message "(sh x)")"#,
        ] {
            assert!(!read(code).runs_dynamic, "{code}");
        }
    }
}
