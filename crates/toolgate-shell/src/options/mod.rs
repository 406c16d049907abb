//! Option matching shared by wrappers and flag normalisation: short clusters (`-rf`), values
//! glued or separate (`-uroot`, `-u root`, `--user=root`, `--user root`), and GNU / git
//! abbreviated long options (`--rec` = `--recursive`, `--forc` = `--force`).

pub(crate) mod find;
mod forms;
pub(crate) mod normalize;

pub(crate) use forms::{
    read_strict_flags, slice_of, values_in, values_in_one_dash, with_attached_optional,
    with_long_only, with_old_style_bundle, with_one_dash_parameters, with_optional_choice,
};

pub(crate) use crate::knowledge::specs::Spec as OptionSpec;
use crate::knowledge::specs::Spec;
use crate::model::{Arg, SimpleCommand};
use std::borrow::Cow;

/// Launcher grammars (options that end option reading, glued values, `+x` options) and the
/// word reader every reading uses.
pub(crate) mod grammar;
pub(crate) use grammar::{Grammar, read_grammar, value_arg};

/// One option read by [`read_options`]: its spelling (`-u`, or `--user` with the full name
/// when an abbreviation was resolved) and its value.
#[derive(Debug, Clone)]
pub(crate) struct Opt {
    pub(crate) name: Cow<'static, str>,
    pub(crate) value: Option<String>,
}

/// Every `SIGN` + printable ASCII character pair, for [`short_name`].
const fn sign_pairs(sign: u8) -> [u8; 2 * 95] {
    let mut out = [0u8; 2 * 95];
    let mut i = 0;
    while i < 95 {
        out[2 * i] = sign;
        out[2 * i + 1] = 0x20 + i as u8;
        i += 1;
    }
    out
}

const DASH_PAIR_BYTES: [u8; 2 * 95] = sign_pairs(b'-');
const PLUS_PAIR_BYTES: [u8; 2 * 95] = sign_pairs(b'+');
const DASH_PAIRS: &str = match std::str::from_utf8(&DASH_PAIR_BYTES) {
    Ok(s) => s,
    Err(_) => panic!("ASCII pairs are UTF-8"),
};
const PLUS_PAIRS: &str = match std::str::from_utf8(&PLUS_PAIR_BYTES) {
    Ok(s) => s,
    Err(_) => panic!("ASCII pairs are UTF-8"),
};

/// The name of the short option `c` written after `sign` (`-` or `+`): `-x`. Borrowed from a
/// table for printable ASCII, so reading `-la` allocates no names.
pub(crate) fn short_name(sign: &str, c: char) -> Cow<'static, str> {
    let table = match sign {
        "-" => DASH_PAIRS,
        "+" => PLUS_PAIRS,
        _ => return Cow::Owned(format!("{sign}{c}")),
    };
    match u32::from(c).checked_sub(0x20).map(|i| i as usize) {
        Some(i) if i < 95 => Cow::Borrowed(&table[2 * i..2 * i + 2]),
        _ => Cow::Owned(format!("{sign}{c}")),
    }
}

/// The long names `written` stands for among `known`: the exact name, else the one name it
/// abbreviates. An ambiguous abbreviation stands for the shortest candidate when that one
/// prefixes all the others (`--forc` → `force`, not `force-with-lease`), else for every
/// candidate (the worst case counts). Empty when nothing matches.
pub(crate) fn resolve_long<'k>(written: &str, known: &[&'k str]) -> Vec<&'k str> {
    if let Some(exact) = known.iter().find(|k| **k == written) {
        return vec![exact];
    }
    if written.is_empty() {
        return Vec::new();
    }
    let mut candidates: Vec<&'k str> = known
        .iter()
        .copied()
        .filter(|k| k.starts_with(written))
        .collect();
    candidates.sort_unstable();
    candidates.dedup();
    if candidates.len() <= 1 {
        return candidates;
    }
    let shortest = candidates.iter().copied().min_by_key(|c| c.len());
    match shortest {
        Some(s) if candidates.iter().all(|c| c.starts_with(s)) => vec![s],
        _ => candidates,
    }
}

/// Resolves a long option against a spec: the full name (or the name as written when it is
/// not known) and whether it takes a value.
pub(super) fn resolve_in_spec<'w>(written: &'w str, spec: &OptionSpec) -> (Cow<'w, str>, bool) {
    // The name as written, when the spec knows it (nearly always): nothing to copy. The first
    // list that holds it decides, as in the resolution below.
    if spec.long_val.contains(&written) {
        return (Cow::Borrowed(written), true);
    }
    if spec.long_flags.contains(&written) {
        return (Cow::Borrowed(written), false);
    }
    // Nothing it abbreviates: the name as written, without a value.
    let mut known = spec.long_val.iter().chain(spec.long_flags.iter());
    if written.is_empty() || !known.any(|k| k.starts_with(written)) {
        return (Cow::Borrowed(written), false);
    }
    let known: Vec<&str> = spec
        .long_val
        .iter()
        .chain(spec.long_flags.iter())
        .copied()
        .collect();
    let names = resolve_long(written, &known);
    match names.as_slice() {
        [one] => (Cow::Owned(one.to_string()), spec.long_val.contains(one)),
        // Ambiguous between flags and value options: assume a value (skips less of nothing).
        [_, ..] => (
            Cow::Borrowed(written),
            names.iter().all(|n| spec.long_val.contains(n)),
        ),
        [] => (Cow::Borrowed(written), false),
    }
}

/// Reads options from `args[start..]` until the first operand (`--` is consumed). Returns the
/// options and the index of the first operand.
pub(crate) fn read_options(args: &[Arg], start: usize, spec: &OptionSpec) -> (Vec<Opt>, usize) {
    let mut out = Vec::new();
    let mut i = start;
    while i < args.len() {
        let w = args[i].text.as_str();
        if w == "--" {
            i += 1;
            break;
        }
        if !w.starts_with('-') || w.len() < 2 {
            break;
        }
        i += read_one(args, i, spec, |o| out.push(o));
    }
    (out, i.min(args.len()))
}

/// Every option and operand of `args[start..]` as [`read_all`] reads them.
#[derive(Debug, Clone, Default)]
pub(crate) struct Permuted {
    /// The options, in order, each with the index of the word it was read from (a short
    /// cluster gives several options of one word).
    pub(crate) opts: Vec<(usize, Opt)>,
    /// The indices of the operands, in order (those after `--` included).
    pub(crate) operands: Vec<usize>,
    /// The index of the `--` that ended the options, if one did.
    pub(crate) dashdash: Option<usize>,
}

/// One thing [`read_each`] read.
#[derive(Debug)]
pub(crate) enum Item {
    /// An option, with the index of the word it was read from (a short cluster gives
    /// several options of one word).
    Opt(usize, Opt),
    /// The index of an operand (those after `--` included).
    Operand(usize),
    /// The index of the `--` that ended the options.
    DashDash(usize),
}

/// Reads every option in `args[start..]`, operands interleaved (GNU argument permutation),
/// up to `--`; the words after `--` are operands. Gives what it reads to `each` in the order
/// of the words, so a caller that handles them one by one builds no lists.
pub(crate) fn read_each(args: &[Arg], start: usize, spec: &OptionSpec, mut each: impl FnMut(Item)) {
    let mut i = start;
    while i < args.len() {
        let w = args[i].text.as_str();
        if w == "--" {
            each(Item::DashDash(i));
            for k in i + 1..args.len() {
                each(Item::Operand(k));
            }
            break;
        }
        if !w.starts_with('-') || w.len() < 2 {
            each(Item::Operand(i));
            i += 1;
            continue;
        }
        let at = i;
        i += read_one(args, i, spec, |o| each(Item::Opt(at, o)));
    }
}

/// Reads every option in `args[start..]`, operands interleaved (GNU argument permutation),
/// up to `--`; the words after `--` are operands ([`read_each`], collected).
pub(crate) fn read_all(args: &[Arg], start: usize, spec: &OptionSpec) -> Permuted {
    let mut read = Permuted::default();
    read_each(args, start, spec, |item| match item {
        Item::Opt(at, o) => read.opts.push((at, o)),
        Item::Operand(k) => read.operands.push(k),
        Item::DashDash(i) => read.dashdash = Some(i),
    });
    read
}

/// Reads the words of a program whose options end at an option of its grammar (`python -m
/// MODULE ARGS`, `python -c CODE ARGS`) or at its first operand (`python script.py ARGS`):
/// its own options with `grammar`, then the words after them with `rest` (the options of
/// what it runs, as far as known). The ending option's value, when it is a word of its own,
/// is the first operand (the module or code it runs: `python -m django flush` has the
/// operands `django flush`).
pub(crate) fn read_launcher(args: &[Arg], grammar: &Grammar, rest: &OptionSpec) -> Permuted {
    let own = read_grammar(args, 0, grammar);
    let mut read = Permuted {
        opts: own.words.iter().copied().zip(own.opts).collect(),
        ..Permuted::default()
    };
    if own.dashdash {
        read.dashdash = own.end.checked_sub(1);
        read.operands.extend(own.end..args.len());
        return read;
    }
    read.operands.extend(own.ended_by.and_then(|e| e.value_at));
    let after = read_all(args, own.end, rest);
    read.opts.extend(after.opts);
    read.operands.extend(after.operands);
    read.dashdash = after.dashdash;
    read
}

/// Reads every option in `args[start..]`, operands interleaved (GNU argument permutation),
/// up to `--`. Returns the options and the indices of the operands.
pub(crate) fn read_permuted(
    args: &[Arg],
    start: usize,
    spec: &OptionSpec,
) -> (Vec<Opt>, Vec<usize>) {
    let read = read_all(args, start, spec);
    (
        read.opts.into_iter().map(|(_, o)| o).collect(),
        read.operands,
    )
}

/// Reads the option word at `args[i]`, each option to `out`; returns how many words it used.
pub(super) fn read_one(args: &[Arg], i: usize, spec: &OptionSpec, out: impl FnMut(Opt)) -> usize {
    grammar::read_word(args, i, &Grammar::plain(*spec), out).used
}

/// A word in Go's one-dash style (`-chdir=DIR`, `-auto-approve`) spelt with two dashes, as
/// the reader reads long options; `None` for anything else (`-h`, `-1`, `--x`, operands).
pub(crate) fn two_dashes(word: &str) -> Option<String> {
    let rest = word.strip_prefix('-')?;
    let mut chars = rest.chars();
    let long = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.next().is_some_and(|c| c != '=');
    long.then(|| format!("-{word}"))
}

/// `args` as the reader reads them for a program that writes long options with one dash
/// (see `knowledge::programs::single_dash_long`): `-name` becomes `--name` up to `--`.
pub(crate) fn with_two_dashes(mut args: Vec<Arg>) -> Vec<Arg> {
    for a in &mut args {
        if a.text == "--" {
            break;
        }
        if let Some(long) = two_dashes(&a.text) {
            a.text = long;
        }
    }
    args
}

/// `args` with an option whose value is optional written as `--long=VALUE` where it has one,
/// so that the reader (whose spec lists `--long` as a flag) reads it as the program does.
/// With `attached_only`, `-xVALUE` has a value and `-x WORD` does not (mysql's `-p`); else
/// `-x WORD` / `--long WORD` take `WORD` unless it starts with `-` (yargs). Up to `--`.
pub(crate) fn with_optional_values(
    args: Vec<Arg>,
    short: char,
    long: &str,
    attached_only: bool,
) -> Vec<Arg> {
    let short_word = format!("-{short}");
    let long_word = format!("--{long}");
    rewrite_before_dashdash(args, |mut a, words| {
        if let Some(value) = a.text.strip_prefix(&short_word)
            && !value.is_empty()
            && !a.text.starts_with("--")
        {
            a.text = format!("{long_word}={value}");
        } else if !attached_only
            && (a.text == short_word || a.text == long_word)
            && let Some(next) = words.next_if(|n| !n.text.starts_with('-'))
        {
            a.text = format!("{long_word}={}", next.text);
            a.dynamic |= next.dynamic;
            a.splits |= next.splits;
        }
        a
    })
}

/// The words still to be rewritten by [`rewrite_before_dashdash`].
pub(crate) type WordsAhead = std::iter::Peekable<std::vec::IntoIter<Arg>>;

/// `args` with each word before `--` replaced by what `step` makes of it; `step` may also
/// take the words after it (an option's separate value). `--` and what follows stay as they are.
pub(crate) fn rewrite_before_dashdash(
    args: Vec<Arg>,
    mut step: impl FnMut(Arg, &mut WordsAhead) -> Arg,
) -> Vec<Arg> {
    let mut out: Vec<Arg> = Vec::with_capacity(args.len());
    let mut words = args.into_iter().peekable();
    while let Some(a) = words.next() {
        if a.text == "--" {
            out.push(a);
            out.extend(words);
            break;
        }
        out.push(step(a, &mut words));
    }
    out
}

/// Whether any of `opts` is spelled as one of `names`.
pub(crate) fn has(opts: &[Opt], names: &[&str]) -> bool {
    opts.iter().any(|o| names.contains(&&*o.name))
}

/// The value of the last of `opts` spelled as one of `names`.
pub(crate) fn value_of<'o>(opts: &'o [Opt], names: &[&str]) -> Option<&'o str> {
    opts.iter()
        .rev()
        .find(|o| names.contains(&&*o.name))
        .and_then(|o| o.value.as_deref())
}

/// One argument (or option value) and whether it is only known at run time.
#[derive(Debug, Clone)]
pub(crate) struct Value {
    /// The unquoted text (run-time parts keep their source text).
    pub(crate) text: String,
    /// Part of it is only known at run time.
    pub(crate) dynamic: bool,
    /// A run-time value known to stay one word (double-quoted, not `"$@"`): a static
    /// `scheme://host/` before its run-time part names the destination. False when unsure.
    pub(crate) one_word: bool,
}

/// One option as written (`-x`, `--proxy`) with its value, if it takes one.
#[derive(Debug, Clone)]
pub(crate) struct ScanOpt {
    /// The spelling: `-x` or `--proxy`.
    pub(crate) name: String,
    /// The value, attached or in the next argument.
    pub(crate) value: Option<Value>,
}

/// A command's arguments read with a [`Spec`]: its options and its operands.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scan {
    /// Options, in order.
    pub(crate) opts: Vec<ScanOpt>,
    /// Operands, in order.
    pub(crate) operands: Vec<Value>,
    /// With `stop_at_operand`: the index in the arguments of the first operand.
    pub(crate) stop: Option<usize>,
    /// The index in the arguments just after the `--` that ended the options, if one did.
    pub(crate) after_dashdash: Option<usize>,
}

impl Scan {
    /// Reads `args` with `spec`. With `stop_at_operand`, options end at the first operand (as
    /// for `ssh host cmd`): that operand is the only one read, and [`Scan::stop`] says where.
    pub(crate) fn read(args: &[Arg], spec: &Spec, stop_at_operand: bool) -> Scan {
        let mut scan = Scan::default();
        let mut i = 0;
        while i < args.len() {
            let (opts, end) = crate::options::read_options(args, i, spec);
            let consumed = &args[i..end];
            let dashdash = end > i
                && args[end - 1].text == "--"
                && opts.last().is_none_or(|o| o.value.as_deref() != Some("--"));
            for o in opts {
                let value = o.value.map(|text| {
                    // `--url="https://h/$X"`: the value is the tail of one argument.
                    let from = consumed.iter().rev().find(|a| a.text.ends_with(&text));
                    Value {
                        dynamic: from.is_some_and(|a| a.dynamic) || text.contains(['$', '`']),
                        one_word: from.is_some_and(|a| !a.splits),
                        text,
                    }
                });
                scan.opts.push(ScanOpt {
                    name: o.name.into_owned(),
                    value,
                });
            }
            let to_value = |a: &Arg| Value {
                text: a.text.clone(),
                dynamic: a.dynamic,
                one_word: !a.splits,
            };
            if dashdash {
                scan.after_dashdash = Some(end);
            }
            if dashdash || stop_at_operand {
                if stop_at_operand {
                    scan.stop = (end < args.len()).then_some(end);
                    scan.operands.extend(args.get(end).map(to_value));
                } else {
                    scan.operands.extend(args[end..].iter().map(to_value));
                }
                break;
            }
            let Some(a) = args.get(end) else { break };
            scan.operands.push(to_value(a));
            i = end + 1;
        }
        scan
    }

    /// The values of the options spelled as one of `names`, in order.
    pub(crate) fn values<'s>(&'s self, names: &'s [&str]) -> impl Iterator<Item = &'s Value> {
        self.opts
            .iter()
            .filter(|o| names.contains(&&*o.name))
            .filter_map(|o| o.value.as_ref())
    }

    /// Whether an option spelled as one of `names` was given.
    pub(crate) fn has(&self, names: &[&str]) -> bool {
        self.opts.iter().any(|o| names.contains(&&*o.name))
    }
}

/// The arguments of `cmd` as [`Arg`]s, with their run-time marks, from `start` on.
pub(crate) fn args_of(cmd: &SimpleCommand, start: usize) -> Vec<Arg> {
    cmd.args
        .iter()
        .enumerate()
        .skip(start)
        .map(|(i, a)| Arg {
            text: a.clone(),
            dynamic: cmd.is_dynamic(i),
            splits: cmd.split_args.contains(&i),
            ..Arg::default()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviations_resolve() {
        let known = ["recursive", "force", "no-preserve-root", "preserve-root"];
        assert_eq!(resolve_long("rec", &known), ["recursive"]);
        assert_eq!(resolve_long("fo", &known), ["force"]);
        assert_eq!(resolve_long("no-preserve-r", &known), ["no-preserve-root"]);
        assert!(resolve_long("x", &known).is_empty());
        let push = ["force", "force-with-lease", "force-if-includes"];
        assert_eq!(resolve_long("forc", &push), ["force"]);
        assert_eq!(resolve_long("force-w", &push), ["force-with-lease"]);
        let two = ["delete", "dry-run"];
        assert_eq!(resolve_long("d", &two), ["delete", "dry-run"]);
    }

    #[test]
    fn one_dash_long_options() {
        assert_eq!(two_dashes("-chdir=infra").as_deref(), Some("--chdir=infra"));
        assert_eq!(
            two_dashes("-auto-approve").as_deref(),
            Some("--auto-approve")
        );
        for not in ["-h", "-1", "-9x", "--all", "x", "-", "-x=1"] {
            assert_eq!(two_dashes(not), None, "{not}");
        }
        let args = with_two_dashes(Arg::words(&["-chdir", "d", "destroy", "--", "-target"]));
        let texts: Vec<&str> = args.iter().map(|a| a.text.as_str()).collect();
        assert_eq!(texts, ["--chdir", "d", "destroy", "--", "-target"]);
    }

    #[test]
    fn options_end_at_a_module() {
        let python = crate::knowledge::specs::launchers::PYTHON;
        let args = Arg::words(&["python", "-Im", "pip", "install", "-i", "u"]);
        let r = read_grammar(&args, 1, &python);
        let module = r.ended_by.as_ref().and_then(|e| e.opt.value.as_deref());
        assert_eq!((module, r.end), (Some("pip"), 3));
        let args = Arg::words(&["python", "-W", "ignore", "-mpip", "-i", "u"]);
        let r = read_grammar(&args, 1, &python);
        let module = r.ended_by.as_ref().and_then(|e| e.opt.value.as_deref());
        assert_eq!((module, r.end), (Some("pip"), 4));
        let (_, end) = read_options(&args, 1, &python.spec);
        assert_eq!(end, 5, "read_options reads on, past `-mpip`");
    }

    #[test]
    fn a_launcher_s_words_after_its_ending_option_are_operands() {
        let python = crate::knowledge::specs::launchers::PYTHON;
        let none = OptionSpec::values("", &[]);
        let args = Arg::words(&["python", "-W", "x", "-m", "mod", "a", "-v", "--", "-q"]);
        let read = read_launcher(&args[1..], &python, &none);
        let names: Vec<(usize, &str)> = read.opts.iter().map(|(at, o)| (*at, &*o.name)).collect();
        assert_eq!(names, [(0, "-W"), (2, "-m"), (5, "-v")]);
        assert_eq!((read.operands, read.dashdash), (vec![3, 4, 7], Some(6)));
        let args = Arg::words(&["-mmod", "a"]);
        assert_eq!(read_launcher(&args, &python, &none).operands, [1]);
        let args = Arg::words(&["-u", "--", "-x"]);
        let read = read_launcher(&args, &python, &none);
        assert_eq!((read.operands, read.dashdash), (vec![2], Some(1)));
    }

    #[test]
    fn long_values_by_prefix() {
        let spec = OptionSpec::with_flags("u", &["user", "chdir"], &["login"]);
        let args = Arg::words(&["sudo", "--chd", "/tmp", "-uroot", "rm"]);
        let (opts, end) = read_options(&args, 1, &spec);
        assert_eq!(end, 4);
        assert_eq!(opts[0].name, "--chdir");
        assert_eq!(opts[0].value.as_deref(), Some("/tmp"));
        assert_eq!(value_of(&opts, &["-u"]), Some("root"));
        let args = Arg::words(&["su", "root", "--log", "-c", "x", "y"]);
        let (opts, operands) = read_permuted(&args, 1, &spec);
        assert!(has(&opts, &["--login", "-c"]));
        assert_eq!(operands, [1, 4, 5]);
    }
}
