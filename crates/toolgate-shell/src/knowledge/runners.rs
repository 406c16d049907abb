//! Project and package runners that run a command after a subcommand: `uv run`, `poetry run`,
//! `npm exec`, `bundle exec`, `conda run -n env`, `aws-vault exec PROFILE --`, `npx PKG`.
//!
//! Their options, global ones before the subcommand included (`uv --directory D run`), are
//! read with a spec from a short table (by the walker, with the one option reader); an option
//! this table does not know, written without `=`, may or may not take the next word, so the
//! command is not guessed.

use crate::knowledge::name_shapes::{NameShapes, name_shapes_of};
use crate::knowledge::specs::{self, Spec};

/// How one runner is read.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Runner {
    /// The program's basename.
    pub(crate) program: &'static str,
    /// The subcommands that run a command (empty: the command follows the options).
    pub(crate) subcommands: &'static [&'static str],
    /// Its options, global and the subcommand's: those that take a value, and the flags runners share
    /// ([`COMMON_LONG_FLAGS`], [`COMMON_SHORT_FLAGS`]).
    pub(crate) spec: Spec,
    /// Operands between the subcommand and the command (`direnv exec DIR`).
    pub(crate) operands_before: usize,
    /// The command follows the first `--` only; the operands before it are not the command
    /// (`mise exec node@20 -- CMD`, `tox exec -e py -- CMD`).
    pub(crate) after_dashdash: bool,
    /// Options after which the remaining words are the command (`nix develop -c CMD`);
    /// without one no command is given (an interactive shell).
    pub(crate) command_options: &'static [&'static str],
    /// The runner's own commands, when any other word in the subcommand's place runs as a
    /// package script or binary (`yarn rimraf dist` is `yarn run rimraf dist`). Empty: only
    /// `subcommands` run a command.
    pub(crate) builtins: &'static [&'static str],
    /// The runner's own words, before the command, are a command of their own that the
    /// packs read too (`launchctl submit` makes the command a job launchd keeps alive).
    pub(crate) also_a_command: bool,
}

const fn runner(
    program: &'static str,
    subcommands: &'static [&'static str],
    short_val: &'static str,
    long_val: &'static [&'static str],
) -> Runner {
    Runner {
        program,
        subcommands,
        spec: Spec::with_flags(short_val, long_val, COMMON_LONG_FLAGS),
        operands_before: 0,
        after_dashdash: false,
        command_options: &[],
        builtins: &[],
        also_a_command: false,
    }
}

const fn command_options(mut r: Runner, options: &'static [&'static str]) -> Runner {
    r.command_options = options;
    r
}

/// Short flags of the runner's own besides [`COMMON_SHORT_FLAGS`], with their long names.
const fn with_short_flags(mut r: Runner, flags: &'static [(char, &'static str)]) -> Runner {
    r.spec.short = flags;
    r
}

const fn also_a_command(mut r: Runner) -> Runner {
    r.also_a_command = true;
    r
}

const fn after_dashdash(mut r: Runner) -> Runner {
    r.after_dashdash = true;
    r
}

const fn builtins(mut r: Runner, commands: &'static [&'static str]) -> Runner {
    r.builtins = commands;
    r
}

/// yarn's own commands (1.x and later): any other word runs a script or binary (`yarn node
/// ARGS` runs node with them, so `node` is left out: it is the program).
const YARN_COMMANDS: &[&str] = &[
    "add",
    "audit",
    "autoclean",
    "bin",
    "cache",
    "check",
    "config",
    "constraints",
    "create",
    "dedupe",
    "dlx",
    "exec",
    "explain",
    "generate-lock-entry",
    "global",
    "help",
    "import",
    "info",
    "init",
    "install",
    "licenses",
    "link",
    "list",
    "login",
    "logout",
    "npm",
    "outdated",
    "owner",
    "pack",
    "patch",
    "patch-commit",
    "plugin",
    "policies",
    "publish",
    "rebuild",
    "remove",
    "run",
    "sdks",
    "search",
    "set",
    "stage",
    "tag",
    "team",
    "test",
    "unlink",
    "unplug",
    "up",
    "upgrade",
    "upgrade-interactive",
    "version",
    "versions",
    "why",
    "workspace",
    "workspaces",
];

const fn before(mut r: Runner, operands: usize) -> Runner {
    r.operands_before = operands;
    r
}

const RUNNERS: &[Runner] = &[
    runner(
        "uv",
        &["run"],
        "pw",
        &[
            "with",
            "python",
            "project",
            "directory",
            "package",
            "env-file",
            "extra",
            "group",
            "index",
            "from",
            "with-requirements",
            // Global options.
            "cache-dir",
            "config-file",
            "color",
            "python-preference",
        ],
    ),
    runner("uvx", &[], "pw", &["with", "python", "from", "index"]),
    runner("poetry", &["run"], "CP", &["directory", "project"]),
    runner(
        "pipx",
        &["run"],
        "i",
        &["spec", "python", "index-url", "pip-args"],
    ),
    runner("pdm", &["run"], "p", &["project"]),
    runner(
        "hatch",
        &["run"],
        "e",
        &["env", "data-dir", "cache-dir", "config"],
    ),
    runner("rye", &["run"], "", &["pyproject"]),
    runner("conda", &["run"], "np", &["name", "prefix", "cwd"]),
    runner("mamba", &["run"], "np", &["name", "prefix", "cwd"]),
    runner("micromamba", &["run"], "np", &["name", "prefix", "cwd"]),
    runner(
        "npm",
        &["exec", "x"],
        "pw",
        &[
            "package",
            "workspace",
            "prefix",
            "loglevel",
            "userconfig",
            "cache",
            "registry",
        ],
    ),
    runner("npx", &[], "p", &["package"]),
    // `yarn run NAME` runs a package script or, without one of that name, the package's
    // binary (`yarn run rimraf dist`): read as the program it names. So does `yarn NAME`
    // when NAME is no yarn command.
    builtins(
        runner("yarn", &["exec", "dlx", "run"], "p", &["package", "cwd"]),
        YARN_COMMANDS,
    ),
    runner("pnpm", &["exec", "dlx"], "CF", &["dir", "filter"]),
    runner("bunx", &[], "p", &["package"]),
    // `bun x CMD` is `bunx CMD`; bun's code options are read so `bun -e CODE` stays code.
    runner("bun", &["x"], "ep", &["eval", "print", "cwd", "config"]),
    runner("bundle", &["exec"], "", &["gemfile", "retry"]),
    before(runner("direnv", &["exec"], "", &[]), 1),
    runner(
        "op",
        &["run"],
        "",
        &["env-file", "account", "config", "session", "encoding"],
    ),
    // Doppler's options are those of its own row (`knowledge::specs::DOPPLER`).
    runner(
        "doppler",
        &["run"],
        specs::DOPPLER.short_val,
        specs::DOPPLER.long_val,
    ),
    before(
        runner(
            "aws-vault",
            &["exec"],
            "dt",
            &[
                "duration",
                "region",
                "mfa-token",
                "backend",
                "keychain",
                "prompt",
                "file-dir",
                "pass-dir",
                "pass-cmd",
                "pass-prefix",
            ],
        ),
        1,
    ),
    runner("dotenv", &[], "evc", &[]),
    runner(
        "dotenvx",
        &["run"],
        "fe",
        &["env-file", "env", "convention", "log-level"],
    ),
    runner("pipenv", &["run"], "", &["python"]),
    runner(
        "pixi",
        &["run", "exec"],
        "esc",
        &["environment", "manifest-path", "spec", "channel"],
    ),
    runner(
        "infisical",
        &["run"],
        "t",
        &["env", "path", "projectId", "token", "domain", "tags"],
    ),
    runner(
        "devbox",
        &["run"],
        "ce",
        &["config", "env", "env-file", "environment"],
    ),
    runner("asdf", &["exec"], "", &[]),
    runner("pyenv", &["exec"], "", &[]),
    runner("rbenv", &["exec"], "", &[]),
    runner("nodenv", &["exec"], "", &[]),
    runner(
        "volta",
        &["run"],
        "",
        &["node", "npm", "pnpm", "yarn", "env"],
    ),
    runner("fnm", &["exec"], "", &["using", "log-level", "arch"]),
    // `nix develop [FLAKE] -c CMD`, `nix shell PKG… --command CMD`.
    command_options(
        runner(
            "nix",
            &["develop", "shell"],
            "Lkui",
            &[
                "keep",
                "unset",
                "profile",
                "impure",
                "ignore-environment",
                "print-build-logs",
                "accept-flake-config",
                "refresh",
                "extra-experimental-features",
                "option",
            ],
        ),
        &["-c", "--command"],
    ),
    after_dashdash(runner("mise", &["exec", "x"], "Cj", &["cd", "jobs"])),
    // Containers, machines and dynos that run the command given after their name (judged
    // as if it ran here, the cautious reading).
    runner(
        "toolbox",
        &["run"],
        "cdr",
        &["container", "distro", "release", "preserve-fds"],
    ),
    before(
        runner("distrobox", &["enter"], "n", &["name", "additional-flags"]),
        1,
    ),
    before(
        runner("distrobox-enter", &[], "n", &["name", "additional-flags"]),
        1,
    ),
    before(
        runner(
            "lxc",
            &["exec"],
            "",
            &["env", "user", "group", "cwd", "mode", "project"],
        ),
        1,
    ),
    before(
        runner(
            "incus",
            &["exec"],
            "",
            &["env", "user", "group", "cwd", "mode", "project"],
        ),
        1,
    ),
    before(
        runner("multipass", &["exec"], "d", &["working-directory"]),
        1,
    ),
    before(runner("limactl", &["shell"], "", &["workdir", "shell"]), 1),
    runner(
        "heroku",
        &["run", "run:detached", "run:inside"],
        "aers",
        &["app", "env", "remote", "size", "type"],
    ),
    // `zellij [GLOBALS] run [OPTIONS] [--] CMD ARGS`: a pane runs the command. `-c` and `-d`
    // are flags of `run` but take values before it (`--config`, `--debug`... `-d` is a
    // flag there): read as taking one, a run-time command is not missed, only unreadable.
    with_short_flags(
        runner(
            "zellij",
            &["run"],
            "cdnxylsS",
            &[
                "cwd",
                "direction",
                "name",
                "height",
                "width",
                "pinned",
                "borderless",
                "session",
                "layout",
                "config",
                "config-dir",
                "data-dir",
                "max-panes",
            ],
        ),
        &[('f', "--floating"), ('i', "--in-place")],
    ),
    // `wsl [OPTIONS] [--exec|--] CMD ARGS` (from Windows): the command runs in a Linux
    // distribution, through its shell unless `-e`. Its management options take the
    // distribution they act on (`--unregister NAME`): then no command is given.
    wsl_runner("wsl"),
    wsl_runner("wsl.exe"),
    // `launchctl submit -l LABEL [-p PROG] [-o FILE] [-e FILE] -- CMD ARGS`: launchd runs the
    // command as a job (and restarts it).
    also_a_command(after_dashdash(runner(
        "launchctl",
        &["submit"],
        "lpoe",
        &[],
    ))),
    after_dashdash(runner(
        "tox",
        &["exec"],
        "ec",
        &["env", "conf", "root", "workdir"],
    )),
];

/// wsl's options that take a value (its management options take the distribution).
const WSL_VALUES: &[&str] = &[
    "distribution",
    "distribution-id",
    "user",
    "cd",
    "shell-type",
    "unregister",
    "terminate",
    "set-default",
    "set-version",
    "export",
    "import",
    "import-in-place",
    "install",
    "mount",
    "unmount",
    "manage",
];

/// wsl's long flags.
const WSL_FLAGS: &[&str] = &[
    "exec",
    "system",
    "list",
    "shutdown",
    "status",
    "update",
    "version",
    "help",
    "all",
    "running",
    "quiet",
    "verbose",
    "online",
    "debug-shell",
];

const fn wsl_runner(program: &'static str) -> Runner {
    let mut r = with_short_flags(runner(program, &[], "du", WSL_VALUES), &[('e', "--exec")]);
    r.spec.long_flags = WSL_FLAGS;
    r
}

/// The program names of the runners in the table.
#[cfg(test)]
pub(crate) fn runner_names() -> impl Iterator<Item = &'static str> {
    RUNNERS.iter().map(|r| r.program)
}

/// Short flags (no value) that runners share, unless a runner's spec reads a value for the
/// letter (`dotenv -v NAME=VALUE`); `-r` is pnpm's `--recursive`.
pub(crate) const COMMON_SHORT_FLAGS: &str = "qvsymhr";

/// Long flags (no value) that runners share.
pub(crate) const COMMON_LONG_FLAGS: &[&str] = &[
    "quiet",
    "verbose",
    "silent",
    "yes",
    "frozen",
    "locked",
    "no-sync",
    "isolated",
    "offline",
    "no-project",
    "all-extras",
    "no-install",
    "no-dev",
    "active",
    "bun",
    "module",
    "watch",
    "help",
    // pnpm's workspace flags (`pnpm -r exec tsc`, `pnpm --parallel exec …`).
    "recursive",
    "parallel",
    "stream",
    "no-bail",
    "workspace-root",
    "aggregate-output",
    "reverse",
];

/// The runner whose program is `program` (a lower-case basename).
pub(crate) fn lookup(program: &str) -> Option<&'static Runner> {
    if !RUNNER_SHAPES.may_hold(program) {
        return None;
    }
    RUNNERS.iter().find(|r| r.program == program)
}

/// The shapes of the runners' names: most programs are refused without a scan.
const RUNNER_SHAPES: NameShapes = name_shapes_of!(RUNNERS, |row| row.program);

impl Runner {
    /// Whether the option `name` (`-p`, `--project`, as the reader spells it) is one the table
    /// knows. A long option the spec does not know has a value only when written with it
    /// (`--odd=1`): `has_value` says it takes no word, so it is readable too.
    pub(crate) fn knows(&self, name: &str, has_value: bool) -> bool {
        self.spec.knows(name, has_value, COMMON_SHORT_FLAGS)
    }
}

/// npm packages whose program is not named like the package (`npx @anthropic-ai/claude-code`
/// runs `claude`), as `(package, program)`.
pub(crate) const PACKAGE_PROGRAMS: &[(&str, &str)] = &[
    ("@anthropic-ai/claude-code", "claude"),
    ("@google/gemini-cli", "gemini"),
    ("@qwen-code/qwen-code", "qwen"),
    ("@github/copilot", "copilot"),
    ("@openai/codex", "codex"),
    ("opencode-ai", "opencode"),
    ("firebase-tools", "firebase"),
    ("netlify-cli", "netlify"),
    ("aws-cdk", "cdk"),
];

/// The program a package a runner fetches and runs is, when its word names it otherwise: a
/// version pinned (`prisma@5.0.0`, `@openai/codex@latest`, `alembic==1.13`), or a package whose program has
/// another name ([`PACKAGE_PROGRAMS`]). `None` when the word is the program already, a path,
/// or only known at run time.
pub(crate) fn package_program(word: &str) -> Option<&'static str> {
    if word.starts_with(['.', '/', '~', '$', '-']) {
        return None;
    }
    // `@scope/name@version`, `name@version`: the version after the name's own `@`.
    let (scope, rest) = match word.strip_prefix('@') {
        Some(scoped) => {
            let (scope, name) = scoped.split_once('/')?;
            (Some(scope), name)
        }
        None => (None, word),
    };
    if rest.contains('/') {
        return None;
    }
    // npm's `name@version`, pip's `name==1.0`, `name>=1`, `name[extra]`.
    let name = rest
        .split(['@', '=', '<', '>', '~', '!', '['])
        .next()
        .unwrap_or(rest);
    let package = match scope {
        Some(scope) => format!("@{scope}/{name}"),
        None => name.to_string(),
    };
    if let Some((_, program)) = PACKAGE_PROGRAMS.iter().find(|(p, _)| *p == package) {
        return Some(program);
    }
    // Only a pinned version changes the name; the program is then the package's own name,
    // when the program table knows it.
    (name != rest)
        .then(|| crate::knowledge::programs::table_name(name))
        .flatten()
}

/// What a runner heading the words does.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum RunnerStep {
    /// The command starts at this word index.
    CommandAt(usize),
    /// An option the table does not know stands before the command.
    Unreadable,
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_package_word_names_its_program() {
        for (word, program) in [
            ("prisma@5.0.0", Some("prisma")),
            ("@anthropic-ai/claude-code", Some("claude")),
            ("@anthropic-ai/claude-code@2.1.0", Some("claude")),
            ("@openai/codex@latest", Some("codex")),
            ("firebase-tools", Some("firebase")),
            ("alembic==1.13", Some("alembic")),
            ("alembic[tz]>=1", Some("alembic")),
            // The program already, unknown, a path, a scope with a path, run-time.
            ("prisma", None),
            ("left-pad@1.3.0", None),
            ("./bin/x@1", None),
            ("@scope/a/b", None),
            ("$PKG", None),
        ] {
            assert_eq!(package_program(word), program, "{word}");
        }
        for (package, program) in PACKAGE_PROGRAMS {
            assert!(
                crate::knowledge::programs::table_name(program).is_some(),
                "{package}"
            );
        }
    }

    use super::*;

    #[test]
    fn runner_options_are_known_by_their_spec() {
        let uv = lookup("uv").expect("uv");
        assert!(uv.knows("--with", false) && uv.knows("-p", false));
        assert!(uv.knows("--frozen", false) && uv.knows("-q", false));
        assert!(!uv.knows("--odd", false) && uv.knows("--odd", true));
        assert!(!uv.knows("-x", false));
        // dotenv's `-v` takes a value; the shared flag letter does not hide it.
        assert!(lookup("dotenv").is_some_and(|d| d.spec.short_val.contains('v')));
        assert!(lookup("ls").is_none());
    }
}
