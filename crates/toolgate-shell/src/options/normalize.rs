//! Flag normalisation: the options the one option reader reads, named as rules write them
//! (clustered short flags expanded, long aliases and abbreviations mapped), option values
//! separated from operands, subcommands found (`git -C dir push -f` → `push`, `force`).

use std::borrow::Cow;

use crate::SimpleCommand;
use crate::model::Arg;

use crate::knowledge::programs::lookup;
use crate::knowledge::specs::{
    DOCKER_GLOBAL, DOCKER_PULL, DOCKER_RUN, GIT_CHECKOUT_OPTIONAL_CHOICES, GIT_GLOBAL, NONE, Spec,
    git_spec, spec_for,
};
use crate::options::{
    Item, Opt, Permuted, args_of, read_each, read_launcher, read_options, with_optional_choice,
};

/// Fills in `flags`, `subcommand` and `operands` of `cmd`.
pub fn normalize(cmd: &mut SimpleCommand) {
    let args = args_of(cmd, 0);
    normalize_args(cmd, Cow::Owned(args));
}

/// [`normalize`] with `cmd`'s arguments already at hand: `args` are [`args_of`]`(cmd, 0)`
/// or the walker's words they were made from (the same texts and run-time marks, which is
/// all the option reader reads), so they need not be copied again.
pub(crate) fn normalize_args(cmd: &mut SimpleCommand, args: Cow<'_, [Arg]>) {
    // The name is set aside while the flags are filled in (nothing below reads
    // `cmd.program`), so its lower case is borrowed, not copied, when it has no capital.
    let name = std::mem::take(&mut cmd.program);
    let program = match name.bytes().any(|b| b.is_ascii_uppercase()) {
        true => Cow::Owned(name.to_ascii_lowercase()),
        false => Cow::Borrowed(name.as_str()),
    };
    normalize_program(cmd, &program, args);
    drop(program);
    cmd.program = name;
}

/// [`normalize_args`] of a command whose program, in lower case, is `program`.
fn normalize_program(cmd: &mut SimpleCommand, program: &str, args: Cow<'_, [Arg]>) {
    let mut args = args;
    // The program's row, asked for once (its options, grammar and dash style).
    let row = lookup(program);
    let spec = row.map_or(&NONE, |p| p.options);
    if row.is_some_and(|p| p.single_dash_long) {
        args = Cow::Owned(crate::options::with_two_dashes(args.into_owned()));
    }
    match program {
        "git" => git(cmd, &args),
        "find" => find(cmd, &args),
        "docker" | "podman" | "nerdctl" => docker(cmd, &args),
        "dd" | "dcfldd" => {
            cmd.operands = args.iter().map(|a| a.text.clone()).collect();
        }
        "pip" | "pip3" | "npm" | "yarn" | "pnpm" => {
            read(cmd, &args, spec, true);
        }
        _ => match row.and_then(|p| p.grammar) {
            // `python -m MODULE ARGS`: the words after the module are the module's.
            Some(grammar) => {
                let reading = read_launcher(&args, grammar, &NONE);
                record(cmd, &args, &grammar.spec, &reading, false);
            }
            None => read(cmd, &args, spec, false),
        },
    }
    assume_worst_for_dynamic_options(cmd, program);
    if let Some((_, flags)) = crate::knowledge::specs::RECURSIVE_DELETERS
        .iter()
        .find(|(name, _)| *name == program)
    {
        for f in *flags {
            cmd.flags.insert(*f);
        }
    }
}

/// An operand that starts with a run-time part (`$X`, `"$@"`, `$(cat f)`) may expand to
/// options: for programs whose flags decide whether they destroy data, the worst flags are
/// assumed (`X=-rf; rm $X /` is a recursive forced delete).
fn assume_worst_for_dynamic_options(cmd: &mut SimpleCommand, program: &str) {
    // The subcommand compared ignoring case, without a lower-case copy.
    let sub = |names: &[&str]| {
        cmd.subcommand
            .as_deref()
            .is_some_and(|s| names.iter().any(|n| s.eq_ignore_ascii_case(n)))
    };
    let worst: &[&str] = match program {
        "rm" => &["recursive", "force"],
        "chmod" | "chown" | "chgrp" => &["recursive"],
        "git" if sub(&["push", "clean", "checkout", "worktree"]) => &["force"],
        "git" if sub(&["switch"]) => &["force", "discard-changes"],
        "git" if sub(&["reset"]) => &["hard"],
        "git" if sub(&["branch"]) => &["delete-force"],
        _ => return,
    };
    // A run-time operand that may be an option: unquoted it can be options and targets at
    // once (`rm $X`); quoted it is one word, dangerous only beside another operand
    // (`rm "$X" /`). `rm -f "$tmp"` alone cannot gain `-r` and a target.
    let dynamic_option = cmd.operands.iter().any(|o| {
        o.starts_with(['$', '`'])
            && !names_a_system_directory(o, cmd)
            && cmd.dynamic_args.iter().any(|&i| {
                cmd.args.get(i).is_some_and(|a| a == o)
                    && (cmd.split_args.contains(&i) || cmd.operands.len() > 1)
            })
    });
    if dynamic_option {
        for f in worst {
            cmd.flags.insert(*f);
        }
    }
}

/// Whether operand `o` is a system directory variable (or a path under it) with no other
/// run-time part, and the command does not give that variable a value of its own (its
/// environment holds the assignments of the script before it).
fn names_a_system_directory(o: &str, cmd: &SimpleCommand) -> bool {
    use crate::knowledge::variables::{SYSTEM_DIRECTORIES, leading_variable};
    leading_variable(o).is_some_and(|(name, rest)| {
        SYSTEM_DIRECTORIES.contains(&name)
            && (rest.is_empty() || rest.starts_with('/'))
            && !rest.contains(['$', '`'])
            && !cmd.script_sets(name)
    })
}

/// The long option names `written` stands for: itself, or (for programs that accept
/// abbreviations) the names it abbreviates (`rec` → `recursive`).
fn long_names_meant(written: &str, spec: &Spec) -> Vec<String> {
    if !spec.abbreviate {
        return vec![written.to_string()];
    }
    let known: Vec<&'static str> = spec
        .long_flags
        .iter()
        .chain(spec.long_val.iter())
        .copied()
        .chain(spec.long.iter().map(|(a, _)| *a))
        .chain(spec.short.iter().map(|(_, n)| *n))
        .collect();
    let names = crate::options::resolve_long(written, &known);
    if names.is_empty() {
        vec![written.to_string()]
    } else {
        names.into_iter().map(str::to_string).collect()
    }
}

/// The flag names rules match for `opt`, read from the word `written`, each given to `add`:
/// a short option by its long name in `spec` (`-f` → `force`) or as written (`-x`); a long
/// option by the names it stands for, aliases mapped (`--quiet` → `silent`).
fn flag_names(opt: &Opt, written: &str, spec: &Spec, mut add: impl FnMut(Cow<'static, str>)) {
    let Some(long) = written
        .strip_prefix("--")
        .filter(|_| opt.name.starts_with("--"))
    else {
        let c = opt.name.chars().nth(1);
        let name = spec.short.iter().find(|(s, _)| Some(*s) == c);
        return add(name.map_or_else(|| opt.name.clone(), |(_, n)| Cow::Borrowed(*n)));
    };
    let name = long.split_once('=').map_or(long, |(n, _)| n);
    let alias = |n: &str| spec.long.iter().find(|(a, _)| *a == n).map(|(_, m)| *m);
    // The names an abbreviation may stand for, as `long_names_meant` reads them.
    let known = || {
        spec.long_flags
            .iter()
            .chain(spec.long_val.iter())
            .copied()
            .chain(spec.long.iter().map(|(a, _)| *a))
            .chain(spec.short.iter().map(|(_, n)| *n))
    };
    // A name known exactly, or one that abbreviates nothing, stands for itself (borrowed
    // from the spec when the spec names it).
    let exact = known().find(|k| *k == name);
    if !spec.abbreviate || exact.is_some() || !known().any(|k| k.starts_with(name)) {
        return add(match (alias(name), exact) {
            (Some(m), _) => Cow::Borrowed(m),
            (None, Some(k)) => Cow::Borrowed(k),
            (None, None) => Cow::Owned(name.to_string()),
        });
    }
    for n in long_names_meant(name, spec) {
        add(alias(&n).map_or(Cow::Owned(n), Cow::Borrowed));
    }
}

/// Reads `args` with `spec` (options and operands interleaved, as the one reader reads them)
/// into `cmd`'s flags and operands; `--` is recorded as the flag `--`. With `subcommand`,
/// the first operand before `--` becomes the subcommand. Each option and operand is recorded
/// as it is read (no lists of them are built): as [`record`] records a reading, since the
/// flags are a set and an operand's place before or after `--` is known when it is read.
fn read(cmd: &mut SimpleCommand, args: &[Arg], spec: &Spec, subcommand: bool) {
    let mut dashdash = None;
    read_each(args, 0, spec, |item| match item {
        Item::Opt(at, opt) => record_opt(cmd, &opt, &args[at].text, spec),
        Item::DashDash(d) => {
            dashdash = Some(d);
            cmd.flags.insert("--");
        }
        Item::Operand(k) => record_operand(cmd, &args[k].text, k, dashdash, subcommand),
    });
}

/// Records what the reader read of `args` into `cmd` (see [`read`]); `spec` names options.
fn record(
    cmd: &mut SimpleCommand,
    args: &[Arg],
    spec: &Spec,
    reading: &Permuted,
    subcommand: bool,
) {
    for (at, opt) in &reading.opts {
        record_opt(cmd, opt, &args[*at].text, spec);
    }
    if reading.dashdash.is_some() {
        cmd.flags.insert("--");
    }
    for &k in &reading.operands {
        record_operand(cmd, &args[k].text, k, reading.dashdash, subcommand);
    }
}

/// Records the flag names of `opt`, read from the word `written`.
fn record_opt(cmd: &mut SimpleCommand, opt: &Opt, written: &str, spec: &Spec) {
    flag_names(opt, written, spec, |name| cmd.flags.insert(name));
}

/// Records the operand `w`, the word at `k`, given where `--` was (if it came before).
fn record_operand(
    cmd: &mut SimpleCommand,
    w: &str,
    k: usize,
    dashdash: Option<usize>,
    subcommand: bool,
) {
    // `git push origin +main`: a refspec that forces its update.
    if w.starts_with('+') && w.len() > 1 && cmd.subcommand.as_deref() == Some("push") {
        cmd.flags.insert("force-refspec");
    }
    let before_dashdash = dashdash.is_none_or(|d| k < d);
    if subcommand && cmd.subcommand.is_none() && before_dashdash {
        cmd.subcommand = Some(w.to_string());
    } else {
        cmd.operands.push(w.to_string());
    }
}

/// git: global options (`-C DIR`, `-c K=V`) before the subcommand, then the subcommand's.
fn git(cmd: &mut SimpleCommand, args: &[Arg]) {
    let (_, i) = read_options(args, 0, &GIT_GLOBAL);
    let Some(sub) = args.get(i) else { return };
    let sub_lower = sub.text.to_ascii_lowercase();
    cmd.subcommand = Some(sub.text.clone());
    let rest = &args[i + 1..];
    if sub_lower == "checkout" {
        let mut rest = rest.to_vec();
        for (long, choices) in GIT_CHECKOUT_OPTIONAL_CHOICES {
            rest = with_optional_choice(rest, long, choices);
        }
        read(cmd, &rest, git_spec(&sub_lower), false);
        if cmd.flags.contains("--") {
            cmd.flags.insert("pathspec");
        }
        return;
    }
    read(cmd, rest, git_spec(&sub_lower), false);
}

fn find(cmd: &mut SimpleCommand, args: &[Arg]) {
    let args: Vec<String> = args.iter().map(|a| a.text.clone()).collect();
    let line = crate::options::find::read_find(&args);
    for o in &line.options {
        cmd.flags.insert(o.name[1..].to_string());
    }
    for p in &line.primaries {
        cmd.flags.insert(p.name[1..].to_string());
        if p.runs_command()
            && let Some(prog) = p.command.first()
        {
            cmd.flags.insert(format!(
                "{}:{}",
                &p.name[1..],
                crate::syntax::words::basename(prog)
            ));
        }
    }
    cmd.operands.extend(args[line.starts].iter().cloned());
}

/// docker, podman, nerdctl: global options (`-H HOST`, `--context C`), the subcommand
/// (`image pull` and `container run` as `pull` and `run`), then its options.
fn docker(cmd: &mut SimpleCommand, args: &[Arg]) {
    let (_, i) = read_options(args, 0, &DOCKER_GLOBAL);
    let Some(sub) = args.get(i) else { return };
    cmd.subcommand = Some(sub.text.clone());
    let mut rest = &args[i + 1..];
    // `docker image pull`, `docker container run`.
    if matches!(sub.text.as_str(), "image" | "container") && !rest.is_empty() {
        cmd.subcommand = Some(rest[0].text.clone());
        rest = &rest[1..];
    }
    let spec = match cmd.subcommand.as_deref() {
        Some("run" | "create") => &DOCKER_RUN,
        _ => &DOCKER_PULL,
    };
    read(cmd, rest, spec, false);
}

/// The normalised name of a flag as a rule writes it: `--force` → `force`, `-f` → the
/// program's long name for it (`force` for `rm`), else `-f`; bare names stay as they are.
pub fn canonical_flag<'f>(program: &str, subcommand: Option<&str>, flag: &'f str) -> Cow<'f, str> {
    if let Some(long) = flag.strip_prefix("--") {
        return Cow::Borrowed(long.split('=').next().unwrap_or(long));
    }
    if let Some(short) = flag.strip_prefix('-') {
        let mut chars = short.chars();
        if let (Some(c), None) = (chars.next(), chars.clone().next()) {
            let spec = if program == "git" {
                git_spec(subcommand.unwrap_or(""))
            } else {
                spec_for(program)
            };
            return spec
                .short
                .iter()
                .find(|(s, _)| *s == c)
                .map_or(Cow::Borrowed(flag), |(_, n)| Cow::Borrowed(*n));
        }
        return Cow::Borrowed(short);
    }
    Cow::Borrowed(flag)
}

#[cfg(test)]
mod tests {
    /// The subcommand, flags and operands of the one command in `line`.
    fn normalized(line: &str) -> (Option<String>, Vec<String>, Vec<String>) {
        let analysis = crate::analyze(line);
        let [cmd] = analysis.commands.as_slice() else {
            panic!("one command: {line}");
        };
        let flags = cmd.flags.iter().map(str::to_string).collect();
        (cmd.subcommand.clone(), flags, cmd.operands.clone())
    }

    #[test]
    fn git_and_docker_global_options_come_before_the_subcommand() {
        let (sub, flags, operands) =
            normalized("git -C dir -c a=b --git-dir x push --forc origin +main");
        assert_eq!(sub.as_deref(), Some("push"));
        assert_eq!(flags, ["force", "force-refspec"]);
        assert_eq!(operands, ["origin", "+main"]);
        let (sub, flags, operands) = normalized("git checkout --track direct -b x -- origin/x");
        assert_eq!(sub.as_deref(), Some("checkout"));
        assert_eq!(flags, ["--", "-b", "pathspec", "track"]);
        assert_eq!(operands, ["origin/x"]);
        let (sub, _, operands) = normalized("docker --tlscacert ca.pem -H h image pull -a img");
        assert_eq!(
            (sub.as_deref(), operands),
            (Some("pull"), vec!["img".into()])
        );
    }

    #[test]
    fn short_letters_take_long_names_and_abbreviations_resolve() {
        let (_, flags, operands) = normalized("rm --rec -fv -- -x");
        assert_eq!(flags, ["--", "force", "recursive", "verbose"]);
        assert_eq!(operands, ["-x"]);
        let (sub, flags, operands) = normalized("pip install -r req.txt --index-url u pkg");
        assert_eq!(sub.as_deref(), Some("install"));
        assert!(flags.contains(&"index-url".to_string()), "{flags:?}");
        assert_eq!(operands, ["pkg"]);
    }

    /// `read` records each option and operand as the reader reads it; `record` records a
    /// whole reading: both record the same flags, subcommand and operands, for the
    /// arguments of every command of the real-world, dcg and cc-safety-net corpora and of
    /// generated words, read with the program's spec (and git's subcommand specs), with and
    /// without a subcommand.
    #[test]
    fn reading_word_by_word_records_what_a_whole_reading_records() {
        use super::*;
        use crate::knowledge::specs::git_spec;
        let mut lines: Vec<String> = Vec::new();
        lines.extend(toolgate_corpora::shell_commands());
        let words = [
            "-",
            "--",
            "-rf",
            "--rec",
            "--force=x",
            "x",
            "+main",
            "-n",
            "1",
            "-vn2",
        ];
        for program in ["rm", "git push", "pip", "npm", "curl", "tar", "cp"] {
            for a in words {
                for b in words {
                    for c in words {
                        lines.push(format!("{program} {a} {b} {c}"));
                    }
                }
            }
        }
        let mut compared = 0usize;
        for line in &lines {
            for cmd in crate::analyze(line).commands {
                let args = args_of(&cmd, 0);
                let program = cmd.program.to_ascii_lowercase();
                let mut specs = vec![spec_for(&program)];
                if let Some(sub) = &cmd.subcommand {
                    specs.push(git_spec(&sub.to_ascii_lowercase()));
                }
                for spec in specs {
                    for subcommand in [false, true] {
                        let mut each = SimpleCommand::default();
                        read(&mut each, &args, spec, subcommand);
                        let mut whole = SimpleCommand::default();
                        record(
                            &mut whole,
                            &args,
                            spec,
                            &crate::options::read_all(&args, 0, spec),
                            subcommand,
                        );
                        assert_eq!(
                            (&each.flags, &each.subcommand, &each.operands),
                            (&whole.flags, &whole.subcommand, &whole.operands),
                            "{line:?}"
                        );
                        compared += 1;
                    }
                }
            }
        }
        println!("option readings recorded word by word and whole alike: {compared}");
        assert!(compared > 4000, "only {compared} readings compared");
    }

    #[test]
    fn a_module_ends_python_options() {
        let (_, flags, operands) = normalized("python3 -W ignore -m django flush -v 3");
        assert_eq!(flags, ["-W", "-m", "-v"]);
        assert_eq!(operands, ["django", "flush", "3"]);
        let (_, flags, operands) = normalized("python -u script.py -c x");
        assert_eq!(flags, ["-c", "-u"]);
        assert_eq!(operands, ["script.py", "x"]);
    }
}
