//! Conformance with the dcg and cc-safety-net command corpora, run twice: with the built-in
//! destructive pack alone (the rule packs off) and with every rule pack on (the default).
//!
//! A case is "deny" for toolgate when a blocking rule matches, a pack rule matches (a pack's
//! review counts: the hook answers a review with a deny unless `hook.on_review: ask`), or the
//! analysis is indeterminate (toolgate never allows what it cannot analyse). Every
//! disagreement is listed with a class: some labels encode those tools' own choices (packs
//! for tools toolgate does not target, modes configured by environment variables, leniency on
//! unparseable input). The figures are recorded in BENCHMARKS.md.

use std::path::Path;

use toolgate_shell::{CommandContext, CommandRuleSet, analyze, evaluate_packs};

/// Which command rules run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Packs {
    /// The built-in destructive pack alone.
    Off,
    /// The built-in pack and every rule pack, with each rule's default verdict.
    On,
}

fn verdict(
    rules: &CommandRuleSet,
    command: &str,
    cx: &CommandContext,
    packs: Packs,
) -> (&'static str, String) {
    let a = analyze(command);
    let matches = rules.evaluate(&a, cx);
    let mut blocking: Vec<String> = matches
        .iter()
        .filter(|m| m.action.is_blocking())
        .map(|m| m.rule_id.clone())
        .collect();
    if packs == Packs::On {
        for m in evaluate_packs(&a, cx) {
            let (_, rule) = toolgate_core::packs::rule(m.rule_id).expect("a catalog rule");
            blocking.push(format!(
                "{} ({} {})",
                m.rule_id,
                m.pack,
                rule.verdict.as_str()
            ));
        }
    }
    if let Some(i) = &a.indeterminate {
        return ("deny", format!("indeterminate: {}", i.reason));
    }
    if blocking.is_empty() {
        ("allow", String::new())
    } else {
        ("deny", blocking.join(","))
    }
}

/// The `$TMPDIR` the corpora's cases run with: their labels take it to be a temporary
/// directory (`rm -rf $TMPDIR/build` passes).
const CORPUS_TMPDIR: &str = "/tmp";

/// Why toolgate's answer differs from the label, for the cases where that is a known choice.
fn known_reason(command: &str, expected: &str, why: &str) -> &'static str {
    if expected == "allow" && (why.contains(" deny)") || why.contains(" review)")) {
        return "a rule pack toolgate turns on by default (the label is for dcg's default packs, where it is a future pack)";
    }
    if expected == "allow" && why.starts_with("indeterminate: the command could not be parsed") {
        return "fails closed on unparseable input (the corpus tool is lenient)";
    }
    if expected == "allow" && why.contains("program name is only known at run time") {
        return "dynamic program name is indeterminate by design";
    }
    if expected == "allow" && why.contains("commands come from input") {
        return "commands read from stdin are indeterminate by design";
    }
    if expected == "allow"
        && why.contains("TG-CMD-RM-OUTSIDE-CWD")
        && command.starts_with("find . -exec rm")
    {
        return "find with nothing to narrow it lists every entry of the working directory, and a delete of each is `rm -rf ./*` (toolgate's choice)";
    }
    if expected == "allow" && why.contains("TG-CMD-RM-OUTSIDE-CWD") && !has_force(command) {
        return "rm -r outside the working directory is denied even without -f (toolgate's choice)";
    }
    if expected == "deny"
        && command.starts_with("git clean")
        && command.split_whitespace().any(|w| {
            w == "--dry-run" || (w.starts_with('-') && !w.starts_with("--") && w.contains('n'))
        })
    {
        return "git clean with -n is a dry run: it lists what would go and deletes nothing (toolgate's choice)";
    }
    if expected == "deny" && command.starts_with("cd /tmp && ") && command.contains("rm -rf foo") {
        return "after `cd /tmp &&` a relative delete is in the temp directory, which passes as `rm -rf /tmp/foo` does (toolgate's choice)";
    }
    if expected == "deny" && command.starts_with("TMPDIR=") && command.contains(" rm -rf $TMPDIR/")
    {
        return "a `NAME=value` prefix is in the command's environment, not its words: bash expands `$TMPDIR` to the value it had before (the corpus runs' /tmp), so the delete is in the temp directory";
    }
    if expected == "deny" && command.starts_with("echo yes | rm -rf &&") {
        return "rm without operands removes nothing";
    }
    if expected == "deny"
        && [
            "kubectl",
            "docker",
            "terraform",
            "npm",
            "git add",
            "xargs grep",
            "curl",
        ]
        .iter()
        .any(|p| command.contains(p))
    {
        return "label from a custom rule or pack toolgate does not target (git add, npm -g, kubectl …)";
    }
    "unclassified"
}

/// Whether an `rm` in `command` is given a force flag (`-f`, `-rf`, `--force`).
fn has_force(command: &str) -> bool {
    command
        .split_whitespace()
        .any(|w| w == "--force" || (w.starts_with('-') && !w.starts_with("--") && w.contains('f')))
}

struct Tally {
    deny_total: usize,
    deny_caught: usize,
    allow_total: usize,
    allow_passed: usize,
    unclassified: usize,
}

impl Tally {
    fn agreed(&self) -> usize {
        self.deny_caught + self.allow_passed
    }

    fn total(&self) -> usize {
        self.deny_total + self.allow_total
    }
}

/// Runs `cases` with the packs off and on; prints both figures, every disagreement of the
/// run with the packs on and every case whose answer the packs change, each with its reason.
/// Returns the two tallies (off, on).
fn run(
    name: &str,
    cases: &[(String, String, String)],
    cx: &CommandContext,
    set_reason: Option<&'static str>,
) -> (Tally, Tally) {
    let rules = CommandRuleSet::builtin();
    let mut tallies = Vec::new();
    let mut answers: Vec<Vec<(&'static str, String)>> = Vec::new();
    for packs in [Packs::Off, Packs::On] {
        let mut t = Tally {
            deny_total: 0,
            deny_caught: 0,
            allow_total: 0,
            allow_passed: 0,
            unclassified: 0,
        };
        let mut got_all = Vec::new();
        for (id, command, expected) in cases {
            let (got, why) = verdict(&rules, command, cx, packs);
            if expected == "deny" {
                t.deny_total += 1;
                t.deny_caught += usize::from(got == "deny");
            } else {
                t.allow_total += 1;
                t.allow_passed += usize::from(got == "allow");
            }
            if got != expected {
                let reason = set_reason.unwrap_or_else(|| known_reason(command, expected, &why));
                if reason == "unclassified" {
                    t.unclassified += 1;
                }
                if packs == Packs::On {
                    println!(
                        "  [{name}] {id}: expected {expected}, got {got} ({why}) — {reason}: {command:?}"
                    );
                }
            }
            got_all.push((got, why));
        }
        tallies.push(t);
        answers.push(got_all);
    }
    for (i, (id, command, expected)) in cases.iter().enumerate() {
        let (off, on) = (&answers[0][i], &answers[1][i]);
        if off.0 != on.0 {
            println!(
                "  [{name}] {id}: packs change {} to {} ({}), expected {expected}: {command:?}",
                off.0, on.0, on.1
            );
        }
    }
    let on = tallies.pop().expect("packs on");
    let off = tallies.pop().expect("packs off");
    for (label, t) in [("packs off", &off), ("packs on", &on)] {
        println!(
            "{name} ({label}): agree {}/{} ({:.1}%); deny caught {}/{} ({:.1}%), allow passed {}/{} ({:.1}%)",
            t.agreed(),
            t.total(),
            pct(t.agreed(), t.total()),
            t.deny_caught,
            t.deny_total,
            pct(t.deny_caught, t.deny_total),
            t.allow_passed,
            t.allow_total,
            pct(t.allow_passed, t.allow_total)
        );
    }
    (off, on)
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        100.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

#[test]
fn dcg_corpus() {
    let Some(path) = toolgate_corpora::corpus("dcg-command-corpus/cases.jsonl") else {
        return;
    };
    let mut cases = Vec::new();
    let mut raw_hook = 0;
    for v in toolgate_corpora::read_jsonl(&path) {
        let Some(command) = v["command"].as_str() else {
            raw_hook += 1;
            continue;
        };
        cases.push((
            v["id"].as_str().unwrap_or("").to_string(),
            command.to_string(),
            v["expected"].as_str().unwrap_or("").to_string(),
        ));
    }
    println!("dcg: {raw_hook} raw hook-input cases counted apart (hook JSON, not commands)");
    assert_eq!(raw_hook, 4);
    // The corpora's labels take `$TMPDIR` to be a temporary directory: set, as on macOS.
    let cx = CommandContext::new(None, Some(Path::new("/home/user")))
        .with_tmpdir(Some(Path::new(CORPUS_TMPDIR)));
    let (off, t) = run("dcg", &cases, &cx, None);
    assert_eq!(
        off.unclassified, 0,
        "every disagreement has a known reason (packs off)"
    );
    assert!(pct(off.deny_caught, off.deny_total) >= 99.0);
    assert!(pct(off.allow_passed, off.allow_total) >= 98.0);
    assert!(pct(t.deny_caught, t.deny_total) >= 99.0);
    // 97%, not 98%: four of dcg's "allow" labels are its future packs (docker system prune,
    // docker system prune -a, kubectl delete namespace, kubectl delete all --all), which
    // toolgate's packs stop.
    assert!(pct(t.allow_passed, t.allow_total) >= 97.0);
    assert_eq!(t.unclassified, 0, "every disagreement has a known reason");
}

#[test]
fn cc_safety_net_corpus() {
    let Some(path) = toolgate_corpora::corpus("cc-safety-net-cases/cases.jsonl") else {
        return;
    };
    let mut plain = Vec::new();
    let mut with_cwd = Vec::new();
    let mut env_dependent = Vec::new();
    for v in toolgate_corpora::read_jsonl(&path) {
        let case = (
            v["id"].as_str().unwrap_or("").to_string(),
            v["command"].as_str().unwrap_or("").to_string(),
            v["expected"].as_str().unwrap_or("").to_string(),
        );
        if v["env_dependent"].as_bool() == Some(true) {
            env_dependent.push(case);
        } else if v["needs_cwd_or_extra_args"].as_bool() == Some(true) {
            with_cwd.push(case);
        } else {
            plain.push(case);
        }
    }
    // Self-contained cases: the working directory is not known (as upstream runs them).
    let no_cwd = CommandContext::new(None, Some(Path::new("/home/user")))
        .with_tmpdir(Some(Path::new(CORPUS_TMPDIR)));
    let (off, t) = run("cc-safety-net", &plain, &no_cwd, None);
    assert_eq!(
        off.unclassified, 0,
        "every disagreement has a known reason (packs off)"
    );
    let cx = CommandContext::new(
        Some(Path::new("/home/user/project")),
        Some(Path::new("/home/user")),
    )
    .with_tmpdir(Some(Path::new(CORPUS_TMPDIR)));
    assert!(pct(t.deny_caught, t.deny_total) >= 99.0);
    // 92.9%, not 95%: three upstream "allow" labels are `rm -r` outside the working
    // directory without -f, and one `find . -exec rm -f {} \;` with nothing to narrow what
    // it deletes, which toolgate denies by design (listed above with their reasons).
    assert!(pct(t.allow_passed, t.allow_total) >= 92.9);
    assert_eq!(t.unclassified, 0, "every disagreement has a known reason");
    let (_, c) = run("cc-safety-net (needs cwd, cwd given)", &with_cwd, &cx, None);
    // 68%, not 80%: two upstream "deny" labels delete in the temp directory after `cd /tmp`,
    // and four take a `TMPDIR=X` prefix for the value of `$TMPDIR` in the same command's
    // words, which bash expands before the prefix applies (listed above with their reasons).
    assert!(pct(c.deny_caught, c.deny_total) >= 68.0);
    assert!(pct(c.allow_passed, c.allow_total) >= 100.0);
    assert_eq!(c.unclassified, 0, "every disagreement has a known reason");
    // Env-dependent cases encode SAFETY_NET_* modes; reported, not asserted beyond a floor.
    let (_, e) = run(
        "cc-safety-net (env-dependent, reported apart)",
        &env_dependent,
        &cx,
        Some(
            "label depends on SAFETY_NET_* modes (strict/paranoid/worktree) toolgate does not have",
        ),
    );
    assert!(e.deny_total + e.allow_total == env_dependent.len());
}

/// dcg's per-pack fixtures (`upstream/tests/fixtures/{destructive,safe}_commands.yaml`):
/// `(dcg pack, command)` pairs. The files are one mapping of pack ids to lists of
/// `- command: "…"` items (double- or single-quoted YAML scalars), read line by line.
fn dcg_pack_fixtures(file: &str) -> Option<Vec<(String, String)>> {
    let path = toolgate_corpora::corpus(&format!(
        "dcg-command-corpus/upstream/tests/fixtures/{file}"
    ))?;
    let text = std::fs::read_to_string(path).expect("fixture file");
    let mut pack = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(name) = line
            .strip_suffix(':')
            .filter(|n| !n.starts_with([' ', '#']))
        {
            pack = name.to_string();
        } else if let Some(value) = line.trim_start().strip_prefix("- command: ") {
            out.push((pack.clone(), yaml_scalar(value)));
        }
    }
    Some(out)
}

/// A quoted YAML scalar on one line: `"…"` with backslash escapes, `'…'` with `''`.
fn yaml_scalar(value: &str) -> String {
    let value = value.trim();
    if let Some(inner) = value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')) {
        return inner.replace("''", "'");
    }
    let Some(inner) = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) else {
        return value.to_string();
    };
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            },
            (c, false) => out.push(c),
        }
    }
    out
}

/// The toolgate pack (or built-in rule) that covers what a dcg pack guards, if any.
fn toolgate_counterpart(dcg_pack: &str) -> Option<&'static str> {
    match dcg_pack {
        "storage.s3" => Some("cloud"),
        "platform.github" => Some("hosting"),
        "remote.rsync" => Some("built-in (rsync --delete into a critical directory)"),
        "cicd.gitlab_ci" | "cicd.circleci" | "cicd.jenkins" => Some("hosting"),
        p if p.starts_with("secrets.") => Some("secrets"),
        p if p.starts_with("messaging.") => Some("messaging"),
        p if p.starts_with("backup.") => Some("backups"),
        p if p.starts_with("search.") => Some("databases (search engines' HTTP APIs)"),
        _ => None,
    }
}

#[test]
fn dcg_pack_fixtures_with_packs_off_and_on() {
    let (Some(destructive), Some(safe)) = (
        dcg_pack_fixtures("destructive_commands.yaml"),
        dcg_pack_fixtures("safe_commands.yaml"),
    ) else {
        return;
    };
    assert!(
        destructive.len() >= 200 && safe.len() >= 200,
        "fixtures read"
    );
    let rules = CommandRuleSet::builtin();
    let cx = CommandContext::new(
        Some(Path::new("/home/user/project")),
        Some(Path::new("/home/user")),
    )
    .with_tmpdir(Some(Path::new(CORPUS_TMPDIR)));
    let mut caught = [0usize; 2];
    let mut passed = [0usize; 2];
    let mut covered = [[0usize; 2]; 2];
    let mut covered_total = 0usize;
    // Safe commands of dcg's secret packs that print a secret to the terminal: reviewed by
    // toolgate's choice (dcg judges destruction only; a printed secret reaches the model).
    let mut printed_secrets = 0usize;
    for (n, packs) in [Packs::Off, Packs::On].into_iter().enumerate() {
        for (pack, command) in &destructive {
            let (got, why) = verdict(&rules, command, &cx, packs);
            caught[n] += usize::from(got == "deny");
            let counterpart = toolgate_counterpart(pack);
            if counterpart.is_some() {
                covered[n][0] += usize::from(got == "deny");
                covered_total += usize::from(n == 0);
            }
            if packs == Packs::On && got != "deny" {
                let reason = match counterpart {
                    Some(p) => format!("toolgate's {p} does not deny this"),
                    None => "dcg pack toolgate does not have".to_string(),
                };
                println!(
                    "  [dcg packs] {pack}: expected deny, got allow ({why}) — {reason}: {command:?}"
                );
            }
        }
        for (pack, command) in &safe {
            let (got, why) = verdict(&rules, command, &cx, packs);
            passed[n] += usize::from(got == "allow");
            if toolgate_counterpart(pack).is_some() {
                covered[n][1] += usize::from(got == "allow");
            }
            if packs == Packs::On && got != "allow" {
                let chosen = why.contains("TG-EXFIL-SECRET-STORE-READ")
                    && toolgate_counterpart(pack).is_some();
                printed_secrets += usize::from(chosen);
                let reason = if chosen {
                    " — a secret printed into the conversation is reviewed (toolgate's choice; dcg judges destruction only)"
                } else {
                    ""
                };
                println!(
                    "  [dcg packs] {pack}: expected allow, got deny ({why}){reason}: {command:?}"
                );
            }
        }
    }
    let covered_safe = safe
        .iter()
        .filter(|(p, _)| toolgate_counterpart(p).is_some())
        .count();
    for (n, label) in ["packs off", "packs on"].into_iter().enumerate() {
        println!(
            "dcg pack fixtures ({label}): destructive denied {}/{} ({:.1}%), safe allowed {}/{} ({:.1}%); \
             dcg packs toolgate covers (storage.s3, platform.github, remote.rsync, secrets.*, messaging.*, backup.*, search.*, cicd.gitlab_ci, cicd.circleci, cicd.jenkins): destructive denied {}/{} ({:.1}%), safe allowed {}/{} ({:.1}%)",
            caught[n],
            destructive.len(),
            pct(caught[n], destructive.len()),
            passed[n],
            safe.len(),
            pct(passed[n], safe.len()),
            covered[n][0],
            covered_total,
            pct(covered[n][0], covered_total),
            covered[n][1],
            covered_safe,
            pct(covered[n][1], covered_safe),
        );
    }
    // The packs add denials and take none away.
    assert!(caught[1] >= caught[0] && covered[1][0] > covered[0][0]);
    // Read-only commands of the packs toolgate covers stay allowed, but for those that print a
    // secret to the terminal.
    println!(
        "dcg pack fixtures (packs on): {printed_secrets} safe commands print a secret and are reviewed by choice"
    );
    assert_eq!(
        covered[1][1] + printed_secrets,
        covered_safe,
        "a safe command of a covered pack is denied"
    );
}
