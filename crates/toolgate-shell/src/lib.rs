//! Shell-aware command analysis for toolgate.
//!
//! [`analyze`] parses a command string (with brush-parser) into every simple command it would
//! run: through lists, pipelines, compound commands, functions, command and process
//! substitution, heredocs fed to shells, `bash -c` strings and `eval`, and through wrappers
//! (`sudo`, `env`, `xargs`, `timeout`, …). Words are unquoted, flags normalised into sets, and
//! the destinations (URLs, hosts) the commands would reach are collected. [`CommandRuleSet`]
//! matches command rules (the built-in destructive pack plus a policy's own) against the result.
//!
//! Anything that cannot be analysed with confidence (parse failure, parser panic, input too
//! large or nested too deep, a program name only known at run time) is reported as
//! [`Indeterminate`], which callers must never treat as an allow. Input brush-parser cannot
//! handle safely (nesting deeper than [`MAX_NESTING`], more than [`MAX_PAREN_RUN`] `(` in a row,
//! heredoc operators without a plain word, heredoc bodies leaving more than
//! [`MAX_BODY_OPEN_FRAMES`] substitutions open, NUL bytes) is refused before parsing by a linear
//! scan, because a crash or hang of the hook process would let the tool call through. Whatever
//! passes that scan is parsed under a work budget ([`PARSE_WORK_BASE`] plus
//! [`PARSE_WORK_PER_BYTE`] steps per byte, counted inside brush-parser: see
//! `vendor/brush-parser/PATCHES.md`), so no input can make a parse backtrack or loop for long; a
//! command that spends it all is [`IndeterminateKind::TooComplex`].
//!
//! Words are expanded the way bash would before matching: brace expansion (`{rm,-rf,/}`, at
//! most [`MAX_BRACE_WORDS`] words), ANSI-C quoting (`$'\x72m'`), and `((…))` / `$((…))` that
//! is not valid arithmetic is read as nested subshells. Code piped into a shell is analysed
//! when the producer's output is known (`echo 'rm -rf /' | sh`) and indeterminate otherwise.
//!
//! Interpreter one-liners (`python -c`, `perl -e`, `node -e`, `ruby -e`, `php -r`, `deno eval`,
//! `Rscript -e`, `julia -e`, `elixir -e`, … and code fed on stdin with `python -` or to
//! `tclsh`): the code is scanned for destructive file APIs (`shutil.rmtree`,
//! `os.remove`, `FileUtils.rm_rf`, `fs.rmSync`, …), and the code itself and every string literal
//! in it are analysed leniently as shell commands (parse failures there are ignored), so that
//! `os.system("rm -rf /")` or `` `rm -rf ~` `` is seen. URL string literals become destinations.
//! Argument-list calls (`subprocess.run(["rm","-rf","/"])`, `system("rm","-rf","/")`,
//! `spawnSync("rm",["-rf","/"])`) become commands. awk strings, sed `e` commands, `vim -c '!…'`
//! and PowerShell `-Command` are followed too, as are the jobs `at` and `batch` read on stdin
//! and the recipes of a makefile `make -f -` reads there.
//!
//! Database clients (`psql -c`, `mysql -e`, `sqlite3 DB 'SQL'`, `mongosh --eval`, `redis-cli
//! FLUSHALL`, and a heredoc or `echo … |` fed to any of them) have what they are given read by
//! `toolgate-core`'s data-loss reader into each command's `data_losses`, which the `databases`
//! rule pack matches. A client command that runs a shell command (psql `\!`) is indeterminate.
//!
//! # Layout
//!
//! The crate is layered; imports point down only, and only the walker recurses:
//!
//! 1. `model`: the types an analysis is made of ([`SimpleCommand`], [`Destination`],
//!    [`Indeterminate`], the walker's words, stdin and raw commands);
//! 2. `syntax`: the pre-parse guard and word expansion (quotes, braces, ANSI-C, arithmetic);
//! 3. `knowledge`: const tables with consistency tests: the program table (one row per
//!    program: classes, option spec, destination handler), option specs, wrappers, runners,
//!    interpreters, setup programs, git configuration keys;
//! 4. `options`: the one option reader, and flag normalisation built on it;
//! 5. `facts`: what one command does: destinations, writes, path classes, inline code,
//!    pipe output, the scripts it makes run;
//! 6. `walker`: the recursion over the syntax tree and the strings commands run;
//! 7. `rules`: command rules and the rule packs ([`CommandRuleSet`]).
#![forbid(unsafe_code)]

mod facts;
mod knowledge;
mod model;
mod options;
mod rules;
mod syntax;
mod walker;

pub use facts::paths::{PathClass, PathGroup};
pub use model::{
    CommandAnalysis, CommandContext, Destination, FlagSet, Indeterminate, IndeterminateKind,
    InlineNetwork, MAX_COMMAND_BYTES, MAX_COMMANDS, MAX_DEPTH, METHOD_AT_RUN_TIME, ProcessDir,
    SimpleCommand,
};
pub use rules::{
    CREDENTIAL_LOSS, CREDENTIAL_READ, CommandMatch, CommandRule, CommandRuleSet,
    PACKS_WITH_COMMAND_MATCHERS, PackMatch, RULES_MATCHED_BY_THE_ENGINE, SecretFlow,
    TOOL_CONFIG_RULE, credential_in_tree, credential_searched, credentials_shown, evaluate_packs,
    loses_credentials, package_config_sets_program, planted_files, secret_flows,
};
pub use syntax::braces::MAX_BRACE_WORDS;
pub use syntax::guard::{MAX_BODY_OPEN_FRAMES, MAX_NESTING, MAX_PAREN_RUN};
pub use syntax::program::{PARSE_WORK_BASE, PARSE_WORK_PER_BYTE, parse_work_budget};

/// Analyses a shell command. A panic inside the shell parser (brush-parser) is caught where
/// the parser is called and reported as [`IndeterminateKind::ParserPanic`]; a panic in
/// toolgate's own code is not caught here (it is a bug: tests and fuzzing must see it, and the
/// hook answers it with a deny). Everything parsed for one command, the strings it runs
/// included, shares one work budget; when it runs out the whole analysis is
/// [`IndeterminateKind::TooComplex`] and nothing of it is reported.
pub fn analyze(command: &str) -> CommandAnalysis {
    if command.len() > MAX_COMMAND_BYTES {
        return CommandAnalysis {
            indeterminate: Some(Indeterminate {
                kind: IndeterminateKind::TooLarge,
                reason: "the command is too large to analyse",
            }),
            ..CommandAnalysis::default()
        };
    }
    let analysis = syntax::program::within_parse_budget(command, || {
        let mut walker = walker::Walker::new();
        walker.script(command, &walker::Scope::top());
        walker.finish()
    });
    analysis.unwrap_or_else(|| CommandAnalysis {
        indeterminate: Some(Indeterminate {
            kind: IndeterminateKind::TooComplex,
            reason: "the command takes more parsing work than toolgate allows",
        }),
        ..CommandAnalysis::default()
    })
}
