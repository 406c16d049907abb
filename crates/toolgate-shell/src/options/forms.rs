//! Option forms the reader meets through a rewrite or a narrower read: values read back as
//! slices of the arguments, an optional value glued to a short option (`sed -i.bak`, also
//! inside a cluster: `-ni.bak`), old-style bundles without a dash (`tar czf out.tgz dir`),
//! and programs whose unknown options are text (`echo -n` is an option, `echo -x` is text).

use super::{Opt, resolve_in_spec, with_two_dashes};
use crate::knowledge::specs::Spec;
use crate::model::Arg;

/// The values of the options spelled as one of `names` (`-o`, `--output`; the reader's
/// spelling, abbreviations resolved) in `args` read with `spec`, options and operands
/// interleaved up to `--`. Each value is a slice of the argument it was read from.
pub(crate) fn values_in<'a>(args: &'a [String], spec: &Spec, names: &[&str]) -> Vec<&'a str> {
    let read = super::read_all(&plain_words(args), 0, spec);
    read.opts
        .iter()
        .filter(|(_, o)| names.contains(&&*o.name))
        .filter_map(|(at, o)| {
            // The value is the option's word's tail, or the next word.
            let from = &args[*at..(at + 2).min(args.len())];
            slice_of(from, o.value.as_deref()?)
        })
        .collect()
}

/// [`values_in`] for a program that writes long options with one dash (`openssl genrsa -out
/// KEY`): the words read as [`with_two_dashes`] writes them, each value a slice of `args`.
pub(crate) fn values_in_one_dash<'a>(
    args: &'a [String],
    spec: &Spec,
    names: &[&str],
) -> Vec<&'a str> {
    let two: Vec<String> = with_two_dashes(plain_words(args))
        .into_iter()
        .map(|a| a.text)
        .collect();
    // A value is a whole word (or its tail), the same in both spellings.
    values_in(&two, spec, names)
        .into_iter()
        .filter_map(|v| slice_of(args, v))
        .collect()
}

/// `args` as words with nothing known about their quoting or expansion.
fn plain_words(args: &[String]) -> Vec<Arg> {
    args.iter()
        .map(|t| Arg {
            text: t.clone(),
            ..Arg::default()
        })
        .collect()
}

/// `text` as a slice of the last of `args` that ends with it (an option's value is a whole
/// argument or the end of one), so that a value read from rewritten arguments borrows from
/// the arguments as written.
pub(crate) fn slice_of<'a>(args: &'a [String], text: &str) -> Option<&'a str> {
    let a = args.iter().rev().find(|a| a.ends_with(text))?;
    Some(&a[a.len() - text.len()..])
}

/// `args` with the optional value of the short option `short` written as `--long=VALUE`
/// where it is glued to it (`-i.bak`, `-ni.bak` → `-n --in-place=.bak`), so that the reader
/// (whose spec lists `-i` as a flag) does not read the value as more flags. Clusters are read
/// with `spec`: a short option taking a value ends one (`-es/i/x/` is no `-i`). Up to `--`.
pub(crate) fn with_attached_optional(
    args: Vec<Arg>,
    spec: &Spec,
    short: char,
    long: &str,
) -> Vec<Arg> {
    let mut out = Vec::with_capacity(args.len());
    let mut words = args.into_iter();
    while let Some(a) = words.next() {
        if a.text == "--" {
            out.push(a);
            out.extend(words);
            break;
        }
        if let Some(l) = a.text.strip_prefix("--") {
            let separate_value = !l.contains('=') && resolve_in_spec(l, spec).1;
            out.push(a);
            if separate_value {
                out.extend(words.next());
            }
            continue;
        }
        let body = match a.text.strip_prefix('-') {
            Some(b) if !b.is_empty() => b.to_string(),
            _ => {
                out.push(a);
                continue;
            }
        };
        let mut glued = None;
        let mut takes_next = false;
        for (pos, c) in body.char_indices() {
            let rest = &body[pos + c.len_utf8()..];
            if c == short {
                glued = Some((&body[..pos], rest)).filter(|(_, v)| !v.is_empty());
                break;
            }
            if spec.short_val.contains(c) {
                takes_next = rest.is_empty();
                break;
            }
        }
        match glued {
            Some((before, value)) => {
                if !before.is_empty() {
                    out.push(Arg {
                        text: format!("-{before}"),
                        ..a.clone()
                    });
                }
                out.push(Arg {
                    text: format!("--{long}={value}"),
                    ..a
                });
            }
            None => {
                out.push(a);
                if takes_next {
                    out.extend(words.next());
                }
            }
        }
    }
    out
}

/// `args` with the long option `--long`, whose value is optional and one of `choices`,
/// written `--long=WORD` where the next word is one of them (git checkout's `--track
/// direct`), so that the reader (whose spec lists `--long` as a flag) reads the word as its
/// value, not as an operand. Up to `--`.
pub(crate) fn with_optional_choice(args: Vec<Arg>, long: &str, choices: &[&str]) -> Vec<Arg> {
    let long_word = format!("--{long}");
    super::rewrite_before_dashdash(args, |mut a, words| {
        if a.text == long_word
            && let Some(next) = words.next_if(|n| choices.contains(&n.text.as_str()))
        {
            a.text = format!("{long_word}={}", next.text);
        }
        a
    })
}

/// `args` as the reader reads a program whose parameters are written with one dash, in any
/// case, as a documented alias (`aliases`: short name → full name) or an unambiguous prefix
/// of a name `spec` knows (PowerShell: `-Command`, `-c`, `-NoProf`): each parameter word after
/// the program (`args[0]`) as `--name`; a prefix that may stand for several names as the
/// first of `worst` among them. One word for one word, so indices stay those of `args`.
pub(crate) fn with_one_dash_parameters(
    args: &[Arg],
    spec: &Spec,
    aliases: &[(&str, &str)],
    worst: &[&str],
) -> Vec<Arg> {
    let known: Vec<&str> = spec
        .long_val
        .iter()
        .chain(spec.long_flags)
        .copied()
        .collect();
    args.iter()
        .enumerate()
        .map(|(i, a)| {
            let lower = a.text.to_ascii_lowercase();
            let name = lower
                .strip_prefix('-')
                .filter(|n| i > 0 && !n.is_empty() && !n.starts_with('-'));
            let full = name.and_then(|n| {
                let alias = aliases.iter().find(|(al, _)| *al == n);
                alias.map(|(_, f)| f.to_string()).or_else(|| {
                    let names = super::resolve_long(n, &known);
                    let worst = worst.iter().find(|w| names.contains(w));
                    worst.map(|w| w.to_string()).or(match names.as_slice() {
                        [one] => Some(one.to_string()),
                        _ => None,
                    })
                })
            });
            match full {
                Some(f) => Arg {
                    text: format!("--{f}"),
                    ..a.clone()
                },
                None => a.clone(),
            }
        })
        .collect()
}

/// `args` with the long options of a program that also writes them with one dash, as
/// `getopt_long_only` reads them (nmap's `-script`, `-min-rate`, `-iL`), written with two so
/// that the reader reads them as long options: a one-dash word of two or more letters whose
/// name is a long option of `spec` or abbreviates one. Other words, and words after `--`, stay
/// as they are (`-sV`, `-p80`, `-T4` are short options with glued values).
pub(crate) fn with_long_only(mut args: Vec<Arg>, spec: &Spec) -> Vec<Arg> {
    let known: Vec<&str> = spec
        .long_val
        .iter()
        .chain(spec.long_flags.iter())
        .copied()
        .collect();
    for a in &mut args {
        if a.text == "--" {
            break;
        }
        let Some(word) = a.text.strip_prefix('-').filter(|w| !w.starts_with('-')) else {
            continue;
        };
        let name = word.split('=').next().unwrap_or(word);
        if name.chars().count() >= 2 && !super::resolve_long(name, &known).is_empty() {
            a.text = format!("-{}", a.text);
        }
    }
    args
}

/// `args` with an old-style bundle (a first word without a dash: `tar czf out.tgz dir`)
/// written as the options it stands for, each letter that takes a value (per `spec`)
/// followed by the next word after the bundle (`tar cfC out.tgz dir` → `-c -f out.tgz -C
/// dir`). Arguments that do not start with such a bundle are returned as they are.
pub(crate) fn with_old_style_bundle(args: Vec<Arg>, spec: &Spec) -> Vec<Arg> {
    let mut words = args.into_iter();
    let Some(first) = words.next() else {
        return Vec::new();
    };
    if first.text.is_empty()
        || first.text.starts_with('-')
        || !first.text.chars().all(|c| c.is_ascii_alphanumeric())
    {
        return std::iter::once(first).chain(words).collect();
    }
    let mut out = Vec::new();
    for c in first.text.chars() {
        out.push(Arg {
            text: format!("-{c}"),
            ..first.clone()
        });
        if spec.short_val.contains(c) {
            out.extend(words.next());
        }
    }
    out.extend(words);
    out
}

/// Reads the leading options of a program that takes only the short options `spec` names
/// and reads any other word, `--` included, as its first operand (`echo`, `find`): a word is
/// options when every letter after its dash is a flag of `spec.short` (`echo -ne`), or when
/// its first letter takes a value (`spec.short_val`: the rest of the word, else the next
/// word: `find -D tree`, `find -O3`). Returns the options and the index of the first operand.
pub(crate) fn read_strict_flags(args: &[String], spec: &Spec) -> (Vec<Opt>, usize) {
    let known = |c: char| spec.short.iter().any(|(s, _)| *s == c);
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(body) = args.get(i).and_then(|a| a.strip_prefix('-')) {
        let mut letters = body.chars();
        if let Some(c) = letters.next().filter(|c| spec.short_val.contains(*c)) {
            let rest = letters.as_str();
            let value = if rest.is_empty() {
                i += 1;
                args.get(i).cloned()
            } else {
                Some(rest.to_string())
            };
            out.push(Opt {
                name: crate::options::short_name("-", c),
                value,
            });
            i += 1;
            continue;
        }
        if body.is_empty() || !body.chars().all(known) {
            break;
        }
        out.extend(body.chars().map(|c| Opt {
            name: crate::options::short_name("-", c),
            value: None,
        }));
        i += 1;
    }
    (out, i.min(args.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(args: &[Arg]) -> Vec<&str> {
        args.iter().map(|a| a.text.as_str()).collect()
    }

    fn strings(ws: &[&str]) -> Vec<String> {
        ws.iter().map(|w| w.to_string()).collect()
    }

    const SPEC: Spec = Spec::with_flags("oCe", &["output", "output-dir"], &["verbose"]);

    #[test]
    fn values_are_slices_of_their_arguments() {
        let args = strings(&[
            "-sSLo",
            "out",
            "-Cdir",
            "--output=o2",
            "--outp",
            "o3",
            "-e",
            "-o",
            "x",
            "--",
            "-o",
            "y",
        ]);
        // `-e` takes `-o` as its value: `x` is an operand, and `--` ends the options.
        assert_eq!(
            values_in(&args, &SPEC, &["-o", "-C", "--output"]),
            ["out", "dir", "o2", "o3"]
        );
        assert_eq!(values_in(&args, &SPEC, &["-e"]), ["-o"]);
        assert!(values_in(&strings(&["--output"]), &SPEC, &["--output"]).is_empty());
    }

    #[test]
    fn glued_optional_values() {
        let sed = Spec::with_flags("ef", &["expression"], &["in-place"]);
        let args = with_attached_optional(
            Arg::words(&[
                "-i.bak",
                "-ni",
                "-nie",
                "-es/i/x/",
                "-e",
                "-ix",
                "--expression",
                "-iy",
                "f",
                "--",
                "-iz",
            ]),
            &sed,
            'i',
            "in-place",
        );
        assert_eq!(
            texts(&args),
            [
                "--in-place=.bak",
                "-ni",
                "-n",
                "--in-place=e",
                "-es/i/x/",
                "-e",
                "-ix",
                "--expression",
                "-iy",
                "f",
                "--",
                "-iz"
            ]
        );
    }

    #[test]
    fn optional_values_among_choices() {
        let args = with_optional_choice(
            Arg::words(&[
                "--track", "direct", "--track", "main", "--", "--track", "inherit",
            ]),
            "track",
            &["direct", "inherit"],
        );
        assert_eq!(
            texts(&args),
            [
                "--track=direct",
                "--track",
                "main",
                "--",
                "--track",
                "inherit"
            ]
        );
    }

    #[test]
    fn one_dash_parameters_in_any_case() {
        let spec = Spec::with_flags("", &["command", "configurationname"], &["noprofile"]);
        let args = with_one_dash_parameters(
            &Arg::words(&[
                "pwsh",
                "-NoProf",
                "-c",
                "x",
                "-Co",
                "-conf",
                "--",
                "-NoProfile",
            ]),
            &spec,
            &[("c", "command")],
            &["command"],
        );
        assert_eq!(
            texts(&args),
            [
                "pwsh",
                "--noprofile",
                "--command",
                "x",
                "--command",
                "--configurationname",
                "--",
                "--noprofile"
            ]
        );
    }

    #[test]
    fn one_dash_long_options() {
        let nmap = Spec::with_flags("op", &["iL", "script", "min-rate"], &["open"]);
        let args = with_long_only(
            Arg::words(&[
                "-iL",
                "t.txt",
                "-scr=x",
                "-min-rate",
                "5",
                "-p80",
                "-sV",
                "-o",
                "--",
                "-open",
            ]),
            &nmap,
        );
        assert_eq!(
            texts(&args),
            [
                "--iL",
                "t.txt",
                "--scr=x",
                "--min-rate",
                "5",
                "-p80",
                "-sV",
                "-o",
                "--",
                "-open"
            ]
        );
    }

    #[test]
    fn old_style_bundles() {
        let tar = Spec::values("fC", &["file"]);
        let args = with_old_style_bundle(Arg::words(&["cfC", "out.tgz", "dir", "src"]), &tar);
        assert_eq!(texts(&args), ["-c", "-f", "out.tgz", "-C", "dir", "src"]);
        let dashed = with_old_style_bundle(Arg::words(&["-czf", "a", "b"]), &tar);
        assert_eq!(texts(&dashed), ["-czf", "a", "b"]);
        assert!(with_old_style_bundle(Vec::new(), &tar).is_empty());
    }

    #[test]
    fn strict_flags_stop_at_any_other_word() {
        let echo = Spec {
            short: &[('n', "no-newline"), ('e', "escapes")],
            ..Spec::values("", &[])
        };
        let (opts, at) = read_strict_flags(&strings(&["-n", "-ne", "-x", "-n"]), &echo);
        assert_eq!(at, 2);
        assert_eq!(opts.len(), 3);
        assert_eq!(read_strict_flags(&strings(&["--", "-n"]), &echo).1, 0);
        assert_eq!(read_strict_flags(&strings(&["-", "a"]), &echo).1, 0);
        let find = Spec {
            short: &[('H', "H"), ('L', "L")],
            ..Spec::values("DO", &[])
        };
        let (opts, at) =
            read_strict_flags(&strings(&["-L", "-D", "tree", "-O3", "/", "-name"]), &find);
        assert_eq!(at, 4);
        assert_eq!(opts[1].value.as_deref(), Some("tree"));
        assert_eq!(opts[2].value.as_deref(), Some("3"));
        assert_eq!(read_strict_flags(&strings(&["-D"]), &find).1, 1);
    }
}
