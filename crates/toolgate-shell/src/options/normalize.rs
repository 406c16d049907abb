//! Flag normalisation: clustered short flags expanded, long aliases mapped, option values
//! separated from operands, subcommands found (`git -C dir push -f` → `push`, `force`).

use crate::SimpleCommand;

use crate::knowledge::specs::{DOCKER_PULL, DOCKER_RUN, Spec, git_spec, spec_for};

/// Fills in `flags`, `subcommand` and `operands` of `cmd`.
pub fn normalize(cmd: &mut SimpleCommand) {
    let program = cmd.program_lower();
    let mut args = cmd.args.clone();
    if crate::knowledge::programs::single_dash_long(&program) {
        for a in args.iter_mut().take_while(|a| a.as_str() != "--") {
            if let Some(long) = crate::options::two_dashes(a) {
                *a = long;
            }
        }
    }
    match program.as_str() {
        "git" => git(cmd, &args),
        "find" => find(cmd, &args),
        "docker" | "podman" | "nerdctl" => docker(cmd, &args),
        "dd" | "dcfldd" => {
            cmd.operands = args.clone();
        }
        "pip" | "pip3" | "npm" | "yarn" | "pnpm" => {
            parse(cmd, &args, spec_for(&program), true);
        }
        _ => parse(cmd, &args, spec_for(&program), false),
    }
    assume_worst_for_dynamic_options(cmd, &program);
}

/// An operand that starts with a run-time part (`$X`, `"$@"`, `$(cat f)`) may expand to
/// options: for programs whose flags decide whether they destroy data, the worst flags are
/// assumed (`X=-rf; rm $X /` is a recursive forced delete).
fn assume_worst_for_dynamic_options(cmd: &mut SimpleCommand, program: &str) {
    let sub = cmd.subcommand.as_deref().map(str::to_ascii_lowercase);
    let worst: &[&str] = match (program, sub.as_deref()) {
        ("rm", _) => &["recursive", "force"],
        ("chmod" | "chown" | "chgrp", _) => &["recursive"],
        ("git", Some("push" | "clean" | "checkout" | "worktree")) => &["force"],
        ("git", Some("switch")) => &["force", "discard-changes"],
        ("git", Some("reset")) => &["hard"],
        ("git", Some("branch")) => &["delete-force"],
        _ => return,
    };
    // A run-time operand that may be an option: unquoted it can be options and targets at
    // once (`rm $X`); quoted it is one word, dangerous only beside another operand
    // (`rm "$X" /`). `rm -f "$tmp"` alone cannot gain `-r` and a target.
    let dynamic_option = cmd.operands.iter().any(|o| {
        o.starts_with(['$', '`'])
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

/// Generic option parsing. With `subcommand`, the first operand becomes the subcommand.
fn parse(cmd: &mut SimpleCommand, args: &[String], spec: &Spec, subcommand: bool) {
    let mut i = 0;
    let mut only_operands = false;
    while i < args.len() {
        let w = args[i].as_str();
        if only_operands || w == "-" || !w.starts_with('-') {
            if w.starts_with('+') && w.len() > 1 && cmd.subcommand.as_deref() == Some("push") {
                cmd.flags.insert("force-refspec");
            }
            if subcommand && cmd.subcommand.is_none() && !only_operands {
                cmd.subcommand = Some(w.to_string());
            } else {
                cmd.operands.push(w.to_string());
            }
            i += 1;
            continue;
        }
        if w == "--" {
            cmd.flags.insert("--");
            only_operands = true;
            i += 1;
            continue;
        }
        if let Some(long) = w.strip_prefix("--") {
            let (name, has_value) = match long.split_once('=') {
                Some((n, _)) => (n, true),
                None => (long, false),
            };
            let names = long_names_meant(name, spec);
            for n in &names {
                let mapped = spec
                    .long
                    .iter()
                    .find(|(a, _)| a == n)
                    .map(|(_, m)| *m)
                    .unwrap_or(n);
                cmd.flags.insert(mapped);
            }
            if !has_value && names.len() == 1 && spec.long_val.contains(&names[0].as_str()) {
                i += 1;
            }
            i += 1;
            continue;
        }
        // A short cluster.
        let body = &w[1..];
        let mut skip_next = false;
        for (pos, c) in body.char_indices() {
            let name = spec
                .short
                .iter()
                .find(|(s, _)| *s == c)
                .map(|(_, n)| n.to_string())
                .unwrap_or_else(|| format!("-{c}"));
            cmd.flags.insert(name);
            if spec.short_val.contains(c) {
                skip_next = body[pos + c.len_utf8()..].is_empty();
                break;
            }
        }
        i += if skip_next { 2 } else { 1 };
    }
}

fn git(cmd: &mut SimpleCommand, args: &[String]) {
    // Global options before the subcommand.
    let mut i = 0;
    while i < args.len() {
        let w = args[i].as_str();
        if matches!(
            w,
            "-C" | "-c"
                | "--git-dir"
                | "--work-tree"
                | "--namespace"
                | "--config-env"
                | "--super-prefix"
        ) {
            i += 2;
        } else if w == "--" {
            i += 1;
            break;
        } else if w.starts_with('-') {
            i += 1;
        } else {
            break;
        }
    }
    let Some(sub) = args.get(i) else { return };
    let sub_lower = sub.to_ascii_lowercase();
    cmd.subcommand = Some(sub.clone());
    let rest = &args[i + 1..];
    if sub_lower == "checkout" {
        // `--track` and `--recurse-submodules` take an optional separate value.
        let mut filtered = Vec::with_capacity(rest.len());
        let mut j = 0;
        while j < rest.len() {
            filtered.push(rest[j].clone());
            let next = rest.get(j + 1).map(|s| s.as_str());
            if (rest[j] == "--track" && matches!(next, Some("direct" | "inherit")))
                || (rest[j] == "--recurse-submodules"
                    && matches!(next, Some("checkout" | "on-demand")))
            {
                j += 1;
            }
            j += 1;
        }
        parse(cmd, &filtered, git_spec(&sub_lower), false);
        if cmd.flags.contains("--") {
            cmd.flags.insert("pathspec");
        }
        return;
    }
    parse(cmd, rest, git_spec(&sub_lower), false);
}

fn find(cmd: &mut SimpleCommand, args: &[String]) {
    let line = crate::options::find::read_find(args);
    for o in &line.options {
        cmd.flags.insert(&o.name[1..]);
    }
    for p in &line.primaries {
        cmd.flags.insert(&p.name[1..]);
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

fn docker(cmd: &mut SimpleCommand, args: &[String]) {
    let mut i = 0;
    while i < args.len() {
        let w = args[i].as_str();
        if matches!(
            w,
            "-H" | "--host" | "-c" | "--context" | "--config" | "-l" | "--log-level"
        ) {
            i += 2;
        } else if w.starts_with('-') {
            i += 1;
        } else {
            break;
        }
    }
    let Some(sub) = args.get(i) else { return };
    cmd.subcommand = Some(sub.clone());
    let mut rest = &args[i + 1..];
    // `docker image pull`, `docker container run`.
    if matches!(sub.as_str(), "image" | "container") && !rest.is_empty() {
        cmd.subcommand = Some(rest[0].clone());
        rest = &rest[1..];
    }
    let spec = match cmd.subcommand.as_deref() {
        Some("run" | "create") => &DOCKER_RUN,
        _ => &DOCKER_PULL,
    };
    parse(cmd, rest, spec, false);
}

/// The normalised name of a flag as a rule writes it: `--force` → `force`, `-f` → the
/// program's long name for it (`force` for `rm`), else `-f`; bare names stay as they are.
pub fn canonical_flag(program: &str, subcommand: Option<&str>, flag: &str) -> String {
    if let Some(long) = flag.strip_prefix("--") {
        return long.split('=').next().unwrap_or(long).to_string();
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
                .map(|(_, n)| n.to_string())
                .unwrap_or_else(|| flag.to_string());
        }
        return short.to_string();
    }
    flag.to_string()
}
