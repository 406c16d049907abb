//! The option reader's word reading, and what a launcher's grammar adds to a spec:
//! options that end option reading (`python -c CODE`, `-m MOD`, `node -e CODE`: the words
//! after them are the program's own), short options whose value is only glued to them
//! (`perl -i.bak`, `xargs -i{}`) or only digits (`perl -l`, `-0777`), `+x` options (`bash +o
//! posix`) and a lone `-` that ends options (`sh -`): a [`Grammar`]. [`super::read_options`]
//! reads with a plain grammar: one reader for every program.

use super::Opt;
pub(crate) use crate::knowledge::specs::launchers::Grammar;
use crate::model::Arg;
use std::borrow::Cow;

/// The option that ended reading (one of [`Grammar::ends`]).
#[derive(Debug, Clone)]
pub(crate) struct Ending {
    /// The option and its value.
    pub(crate) opt: Opt,
    /// The index of its value's word when the value was the next word (not glued).
    pub(crate) value_at: Option<usize>,
}

/// What [`read_grammar`] read.
#[derive(Debug, Clone)]
pub(crate) struct Reading {
    /// The options, in order (an ending option last).
    pub(crate) opts: Vec<Opt>,
    /// The index of the word each of [`Reading::opts`] was read from.
    pub(crate) words: Vec<usize>,
    /// The index of the first word not read: the first operand, or the first word after an
    /// ending option and its value.
    pub(crate) end: usize,
    /// The option that ended reading, if one did.
    pub(crate) ended_by: Option<Ending>,
    /// Reading ended at `--` (or at `-` where that ends options): what follows is operands.
    pub(crate) dashdash: bool,
}

/// An option's value as an argument, with the run-time marks of the word that holds it
/// (the last of `words` that ends with it: `-cCODE`, or `CODE` after `-c`).
pub(crate) fn value_arg(words: &[Arg], value: &str) -> Arg {
    let from = words
        .iter()
        .rev()
        .find(|a| !value.is_empty() && a.text.ends_with(value));
    Arg {
        text: value.to_string(),
        ..from.cloned().unwrap_or_default()
    }
}

/// Reads options from `args[start..]` with `grammar` until the first operand, `--` or `-`
/// when it ends options (consumed), or an ending option.
pub(crate) fn read_grammar(args: &[Arg], start: usize, grammar: &Grammar) -> Reading {
    let mut opts = Vec::new();
    let mut words = Vec::new();
    let mut i = start;
    let mut ended_by = None;
    let mut dashdash = false;
    while i < args.len() {
        let w = args[i].text.as_str();
        if w == "--" || (w == "-" && grammar.dash_ends) {
            i += 1;
            dashdash = true;
            break;
        }
        let option = (w.starts_with('-') || (grammar.plus && w.starts_with('+'))) && w.len() >= 2;
        if !option {
            break;
        }
        let word = read_word(args, i, grammar, |o| opts.push(o));
        words.resize(opts.len(), i);
        i += word.used;
        if word.ended {
            ended_by = opts.last().map(|o| Ending {
                opt: o.clone(),
                value_at: word.value_at,
            });
            break;
        }
    }
    Reading {
        opts,
        words,
        end: i.min(args.len()),
        ended_by,
        dashdash,
    }
}

/// Whether the option letters `letters` hold `c`: an ASCII letter is looked for as a byte
/// (no UTF-8 sequence holds an ASCII byte), without a string searcher for a few bytes.
fn has_char(letters: &str, c: char) -> bool {
    match u8::try_from(c) {
        Ok(b) if b.is_ascii() => letters.as_bytes().contains(&b),
        _ => letters.contains(c),
    }
}

/// What reading one option word did.
pub(super) struct Word {
    /// Words used: 1, or 2 with a separate value.
    pub(super) used: usize,
    /// The index of the separate value's word.
    value_at: Option<usize>,
    /// An ending option was read.
    ended: bool,
}

/// Reads the option word at `args[i]` (`-x…`, `+x…` or `--name[=value]`), giving each
/// option it holds to `out` in order (a caller that handles them one by one needs no list).
pub(super) fn read_word(
    args: &[Arg],
    i: usize,
    grammar: &Grammar,
    mut out: impl FnMut(Opt),
) -> Word {
    let spec = &grammar.spec;
    let w = args[i].text.as_str();
    let next = || args.get(i + 1).map(|a| a.text.clone());
    let separate = |ended: bool| Word {
        used: 2,
        value_at: (i + 1 < args.len()).then_some(i + 1),
        ended,
    };
    let attached = |ended: bool| Word {
        used: 1,
        value_at: None,
        ended,
    };
    if let Some(long) = w.strip_prefix("--") {
        let (written, value) = match long.bytes().position(|b| b == b'=') {
            Some(at) => (&long[..at], Some(long[at + 1..].to_string())),
            None => (long, None),
        };
        let (name, takes_value) = super::resolve_in_spec(written, spec);
        let name: Cow<'static, str> = Cow::Owned(["--", &name].concat());
        let ended = grammar.ends.contains(&&*name);
        if value.is_none() && takes_value {
            out(Opt {
                name,
                value: next(),
            });
            return separate(ended);
        }
        out(Opt { name, value });
        return attached(ended);
    }
    let sign = &w[..1];
    let body = &w[1..];
    // Words after this one taken by `next_word` options of the cluster (`bash -oc pipefail`).
    let mut taken = 0;
    let word_at = |k: usize| args.get(k).map(|a| a.text.clone());
    let done = |taken: usize, separate_value: bool, ended: bool| {
        let extra = usize::from(separate_value);
        let last = i + taken + extra;
        Word {
            used: 1 + taken + extra,
            value_at: (separate_value && last < args.len()).then_some(last),
            ended,
        }
    };
    let mut chars = body.char_indices().peekable();
    while let Some((pos, c)) = chars.next() {
        let name = super::short_name(sign, c);
        let rest = &body[pos + c.len_utf8()..];
        let ended = grammar.ends.contains(&&*name);
        if has_char(grammar.next_word, c) {
            taken += 1;
            out(Opt {
                name,
                value: word_at(i + taken),
            });
            if ended {
                return done(taken, false, true);
            }
            continue;
        }
        if has_char(spec.short_val, c) {
            let only_ending = !rest.is_empty()
                && ended
                && rest
                    .chars()
                    .all(|r| grammar.ends.contains(&&*super::short_name(sign, r)));
            if rest.is_empty() || only_ending {
                out(Opt {
                    name,
                    value: word_at(i + taken + 1),
                });
                return done(taken, true, ended);
            }
            out(Opt {
                name,
                value: Some(rest.to_string()),
            });
            return done(taken, false, ended);
        }
        if has_char(grammar.glued, c) {
            out(Opt {
                name,
                value: (!rest.is_empty()).then(|| rest.to_string()),
            });
            return done(taken, false, ended);
        }
        if has_char(grammar.glued_digits, c) {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            for _ in 0..digits.len() {
                chars.next();
            }
            out(Opt {
                name,
                value: (!digits.is_empty()).then_some(digits),
            });
        } else {
            out(Opt { name, value: None });
        }
        if ended {
            return done(taken, false, true);
        }
    }
    done(taken, false, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::specs::Spec;

    fn names(r: &Reading) -> Vec<String> {
        r.opts
            .iter()
            .map(|o| match &o.value {
                Some(v) => format!("{}={v}", o.name),
                None => o.name.to_string(),
            })
            .collect()
    }

    /// python's grammar: `-c` and `-m` end its options.
    const PYTHON: Grammar = crate::knowledge::specs::launchers::PYTHON;

    #[test]
    fn option_letters_are_found_as_contains_finds_them() {
        for letters in ["", "a", "oO", "eEI", "iMmx", "l0", "é", "aé-"] {
            for c in [
                'a', 'O', 'x', '0', '-', 'é', 'è', '\u{7f}', '\u{80}', '\u{e9}',
            ] {
                assert_eq!(has_char(letters, c), letters.contains(c), "{letters} {c}");
            }
        }
    }

    #[test]
    fn an_ending_option_ends_reading_with_its_value() {
        let args = Arg::words(&["python", "-Bc", "code", "-x", "arg"]);
        let r = read_grammar(&args, 1, &PYTHON);
        assert_eq!(names(&r), ["-B", "-c=code"]);
        assert_eq!(r.end, 3);
        let ending = r.ended_by.expect("ended");
        assert_eq!(ending.opt.name, "-c");
        assert_eq!(ending.value_at, Some(2));
        let args = Arg::words(&["python", "-W", "ignore", "-cprint(1)", "-v"]);
        let r = read_grammar(&args, 1, &PYTHON);
        assert_eq!(names(&r), ["-W=ignore", "-c=print(1)"]);
        assert_eq!(r.end, 4);
        assert_eq!(r.ended_by.and_then(|e| e.value_at), None);
        // No ending option: reading stops at the script, as `read_options` does.
        let args = Arg::words(&["python", "-u", "x.py", "-c", "y"]);
        let r = read_grammar(&args, 1, &PYTHON);
        assert_eq!((names(&r), r.end), (vec!["-u".to_string()], 2));
        assert!(r.ended_by.is_none());
    }

    #[test]
    fn a_cluster_of_ending_options_takes_the_next_word() {
        let node = Grammar::plain(Spec::values("epr", &["eval", "print"]))
            .ending(&["-e", "-p", "--eval", "--print"]);
        let args = Arg::words(&["node", "-pe", "code", "x"]);
        let r = read_grammar(&args, 1, &node);
        assert_eq!(names(&r), ["-p=code"]);
        assert_eq!(r.end, 3);
        let args = Arg::words(&["node", "--eval=code", "x"]);
        let r = read_grammar(&args, 1, &node);
        assert_eq!((names(&r), r.end), (vec!["--eval=code".to_string()], 2));
        let args = Arg::words(&["node", "-r", "dotenv/config", "--print", "code"]);
        let r = read_grammar(&args, 1, &node);
        assert_eq!(names(&r), ["-r=dotenv/config", "--print=code"]);
        assert_eq!(r.ended_by.and_then(|e| e.value_at), Some(4));
    }

    #[test]
    fn glued_values_and_glued_digits() {
        let perl = Grammar::plain(Spec::values("eEI", &[]))
            .ending(&["-e", "-E"])
            .glued("iMmx", "l0");
        let args = Arg::words(&["perl", "-wle", "code", "f"]);
        let r = read_grammar(&args, 1, &perl);
        assert_eq!(names(&r), ["-w", "-l", "-e=code"]);
        let args = Arg::words(&["perl", "-0777", "-i.bak", "-Mstrict", "-pe", "code"]);
        let r = read_grammar(&args, 1, &perl);
        assert_eq!(
            names(&r),
            ["-0=777", "-i=.bak", "-M=strict", "-p", "-e=code"]
        );
        assert_eq!(r.end, 6);
        // Alone, a glued-only option takes no word.
        let args = Arg::words(&["perl", "-i", "-p", "x.pl"]);
        let r = read_grammar(&args, 1, &perl);
        assert_eq!((names(&r), r.end), (vec!["-i".into(), "-p".into()], 3));
    }

    #[test]
    fn shells_read_plus_options_and_a_lone_dash() {
        let sh = Grammar::plain(Spec::values("oO", &["rcfile", "init-file"]))
            .shell()
            .next_word("oO");
        let args = Arg::words(&["bash", "-eo", "pipefail", "+O", "extglob", "-c", "cmd"]);
        let r = read_grammar(&args, 1, &sh);
        assert_eq!(names(&r), ["-e", "-o=pipefail", "+O=extglob", "-c"]);
        assert_eq!(r.end, 6);
        let args = Arg::words(&["sh", "-x", "-", "a"]);
        let r = read_grammar(&args, 1, &sh);
        assert_eq!((r.end, r.dashdash), (3, true));
        // A value `--` is no end of options.
        let args = Arg::words(&["bash", "-o", "--", "x"]);
        let r = read_grammar(&args, 1, &sh);
        assert_eq!((r.end, r.dashdash), (3, false));
        // Without the shell rules `+x` is an operand and `-` too.
        // bash's `-o` takes the next word wherever it stands in its cluster.
        let args = Arg::words(&["bash", "-oc", "pipefail", "cmd"]);
        let r = read_grammar(&args, 1, &sh);
        assert_eq!(
            (names(&r), r.end),
            (vec!["-o=pipefail".into(), "-c".into()], 3)
        );
        let args = Arg::words(&["bash", "-oOx", "errexit", "extglob", "cmd"]);
        let r = read_grammar(&args, 1, &sh);
        assert_eq!(names(&r), ["-o=errexit", "-O=extglob", "-x"]);
        assert_eq!(r.end, 4);
        let plain = Grammar::plain(sh.spec);
        let args = Arg::words(&["sh", "-x", "-", "a"]);
        assert_eq!(read_grammar(&args, 1, &plain).end, 2);
        let args = Arg::words(&["x", "+O", "y"]);
        assert_eq!(read_grammar(&args, 1, &plain).end, 1);
    }
}
