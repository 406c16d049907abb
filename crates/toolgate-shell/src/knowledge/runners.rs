//! Project and package runners that run a command after a subcommand: `uv run`, `poetry run`,
//! `npm exec`, `bundle exec`, `conda run -n env`, `aws-vault exec PROFILE --`, `npx PKG`.
//!
//! Their options are read from a short table; an option this table does not know, written
//! without `=`, may or may not take the next word, so the command is not guessed.

/// How one runner is read.
struct Runner {
    /// The program's basename.
    program: &'static str,
    /// The subcommands that run a command (empty: the command follows the options).
    subcommands: &'static [&'static str],
    /// Options that take a value as the next word.
    value_options: &'static [&'static str],
    /// Operands between the subcommand and the command (`direnv exec DIR`).
    operands_before: usize,
}

const fn runner(
    program: &'static str,
    subcommands: &'static [&'static str],
    value_options: &'static [&'static str],
) -> Runner {
    Runner {
        program,
        subcommands,
        value_options,
        operands_before: 0,
    }
}

const fn before(mut r: Runner, operands: usize) -> Runner {
    r.operands_before = operands;
    r
}

const RUNNERS: &[Runner] = &[
    runner(
        "uv",
        &["run"],
        &[
            "--with",
            "--python",
            "-p",
            "--project",
            "--directory",
            "--package",
            "--env-file",
            "--extra",
            "--group",
            "--index",
            "--from",
            "-w",
            "--with-requirements",
        ],
    ),
    runner(
        "uvx",
        &[],
        &["--with", "--python", "-p", "--from", "--index", "-w"],
    ),
    runner(
        "poetry",
        &["run"],
        &["-C", "--directory", "-P", "--project"],
    ),
    runner(
        "pipx",
        &["run"],
        &["--spec", "--python", "--index-url", "-i", "--pip-args"],
    ),
    runner("pdm", &["run"], &["-p", "--project"]),
    runner("hatch", &["run"], &[]),
    runner("rye", &["run"], &["--pyproject"]),
    runner(
        "conda",
        &["run"],
        &["-n", "--name", "-p", "--prefix", "--cwd"],
    ),
    runner(
        "mamba",
        &["run"],
        &["-n", "--name", "-p", "--prefix", "--cwd"],
    ),
    runner(
        "micromamba",
        &["run"],
        &["-n", "--name", "-p", "--prefix", "--cwd"],
    ),
    runner(
        "npm",
        &["exec", "x"],
        &["--package", "-p", "-w", "--workspace"],
    ),
    runner("npx", &[], &["--package", "-p"]),
    runner("yarn", &["exec", "dlx"], &["-p", "--package"]),
    runner("pnpm", &["exec", "dlx"], &["-C", "--dir", "--filter", "-F"]),
    runner("bunx", &[], &["-p", "--package"]),
    runner("bundle", &["exec"], &["--gemfile"]),
    before(runner("direnv", &["exec"], &[]), 1),
    runner("op", &["run"], &["--env-file", "--account"]),
    runner(
        "doppler",
        &["run"],
        &["-p", "--project", "-c", "--config", "--token"],
    ),
    before(
        runner(
            "aws-vault",
            &["exec"],
            &["-d", "--duration", "--region", "-t", "--mfa-token"],
        ),
        1,
    ),
    runner("dotenv", &[], &["-e", "-v", "-c"]),
];

/// The program names of the runners in the table.
#[cfg(test)]
pub(crate) fn runner_names() -> impl Iterator<Item = &'static str> {
    RUNNERS.iter().map(|r| r.program)
}

/// Flags (no value) that runners share.
const COMMON_FLAGS: &[&str] = &[
    "-q",
    "--quiet",
    "-v",
    "--verbose",
    "-s",
    "--silent",
    "-y",
    "--yes",
    "--frozen",
    "--locked",
    "--no-sync",
    "--isolated",
    "--offline",
    "--no-project",
    "--all-extras",
    "--no-install",
    "--no-dev",
    "--active",
    "--bun",
    "-m",
    "--module",
    "--watch",
    "-h",
    "--help",
];

/// What a runner heading the words does.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum RunnerStep {
    /// The command starts at this word index.
    CommandAt(usize),
    /// An option the table does not know stands before the command.
    Unreadable,
}

/// For `words` headed by a runner (`words[0]` is its program), where its command starts.
/// `None` when the program is no runner or the subcommand runs no command (`npm install`).
pub(crate) fn runner_step(program: &str, words: &[&str]) -> Option<RunnerStep> {
    let runner = RUNNERS.iter().find(|r| r.program == program)?;
    let mut i = 1;
    if !runner.subcommands.is_empty() {
        // Global options before the subcommand are not modelled: only `runner SUB …`.
        let sub = words.get(i)?;
        if !runner.subcommands.contains(sub) {
            return None;
        }
        i += 1;
    }
    let mut operands = runner.operands_before;
    while let Some(w) = words.get(i) {
        if *w == "--" {
            i += 1;
            break;
        }
        if w.len() > 1 && w.starts_with('-') {
            if w.contains('=') {
                i += 1;
                continue;
            }
            if runner.value_options.contains(w) {
                i += 2;
                continue;
            }
            if COMMON_FLAGS.contains(w) {
                i += 1;
                continue;
            }
            // A flag the table knows nothing of: it may take the next word as its value.
            return Some(RunnerStep::Unreadable);
        }
        if operands > 0 {
            operands -= 1;
            i += 1;
            continue;
        }
        break;
    }
    Some(RunnerStep::CommandAt(i.min(words.len())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runners() {
        let at = |w: &[&str]| runner_step(w[0], w);
        assert_eq!(
            at(&["uv", "run", "rm", "-rf"]),
            Some(RunnerStep::CommandAt(2))
        );
        assert_eq!(
            at(&["conda", "run", "-n", "base", "rm"]),
            Some(RunnerStep::CommandAt(4))
        );
        assert_eq!(
            at(&["aws-vault", "exec", "prof", "--", "rm"]),
            Some(RunnerStep::CommandAt(4))
        );
        assert_eq!(at(&["npx", "rimraf", "/"]), Some(RunnerStep::CommandAt(1)));
        assert_eq!(
            at(&["uv", "run", "--frozen", "x"]),
            Some(RunnerStep::CommandAt(3))
        );
        assert_eq!(
            at(&["uv", "run", "--odd", "x"]),
            Some(RunnerStep::Unreadable)
        );
        assert_eq!(at(&["npm", "install", "x"]), None);
        assert_eq!(at(&["ls", "run"]), None);
    }
}
