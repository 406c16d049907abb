//! The table of simple wrappers: programs that run another command given after their own
//! options (and sometimes a fixed number of operands: `chroot DIR`, `flock FILE`,
//! `timeout DURATION`). Wrappers with their own grammar (`sudo`, `env`, `su`, `xargs`,
//! `parallel`, `find`, shells …) are handled in `unwrap.rs`, their options read with the specs
//! in `specs/launchers.rs`.
//!
//! The table is in `table.rs` and `sandboxes.rs`, written with the builders of `builders.rs`.

mod builders;
mod sandboxes;
mod table;

use crate::knowledge::specs::Spec as OptionSpec;

/// The table: every row of `table.rs`, then those of `sandboxes.rs`.
pub(crate) const WRAPPERS: &[Wrapper] = &super::joined::<
    Wrapper,
    { table::GENERAL.len() + sandboxes::SANDBOXES_AND_WATCHERS.len() },
>(table::GENERAL, sandboxes::SANDBOXES_AND_WATCHERS);

/// Wrappers the running shell itself carries out, so that a builtin they run (`command
/// export d=x`) changes this shell; every other wrapper runs its command in another process
/// (`sudo export d=x` sets nothing here).
pub(crate) const SAME_SHELL_WRAPPERS: &[&str] = &["command", "builtin", "time", "noglob"];

/// `systemd-run`'s options that make it a timer: the command runs at its times, long after
/// this session (its row's [`Wrapper::schedules`], and the persistence pack's rule).
pub(crate) const SYSTEMD_RUN_TIMERS: &[&str] = &[
    "--on-active",
    "--on-boot",
    "--on-startup",
    "--on-unit-active",
    "--on-unit-inactive",
    "--on-calendar",
    "--on-timer-change",
    "--on-clock-change",
];

/// How one wrapper is read.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Wrapper {
    /// The program's basename.
    pub(crate) name: &'static str,
    /// Its options.
    pub(crate) spec: OptionSpec,
    /// Operands before the wrapped command (`chroot DIR`, `taskset MASK`).
    pub(crate) operands_before: usize,
    /// Options after which no command runs (the wrapper acts on a running process: `-p PID`).
    pub(crate) no_command: &'static [&'static str],
    /// Options whose value is a shell command string (`script -c`, `flock -c`, `sg -c`).
    pub(crate) script: &'static [&'static str],
    /// Options that change the working directory.
    pub(crate) chdir: &'static [&'static str],
    /// The words after the operands are one shell string (`sg GROUP 'cmd'`), not a command.
    pub(crate) rest_is_script: bool,
    /// Without a script option, the operands are not a command (`script FILE`).
    pub(crate) operands_are_data: bool,
    /// Options may follow operands (`nix-shell -p jq --run CMD`): all of them are read.
    pub(crate) options_anywhere: bool,
    /// Without a command the wrapper runs as a program of its own (`ssh-agent -s` starts the
    /// agent and prints its setup code for `eval "$(ssh-agent -s)"`).
    pub(crate) runs_alone: bool,
    /// The words after this one are the arguments of a shell it starts (`capsh --drop=… --
    /// -c CMD` runs `bash -c CMD`); without it, no command runs.
    pub(crate) shell_args_after: Option<&'static str>,
    /// Options with which the command runs later, on a schedule, not now (`systemd-run
    /// --on-calendar=…`): the wrapper is then a command of its own too, its options before
    /// the command, for the rule on scheduling.
    pub(crate) schedules: &'static [&'static str],
    /// Whether the command starts with this shell's exported variables.
    pub(crate) environment: Environment,
    /// Options that take more than one word (`bwrap --bind SRC DEST`), with how many; each
    /// is also in the spec as taking a value (its first word).
    pub(crate) multi_value: &'static [(&'static str, usize)],
}

/// What environment a wrapper gives the command it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Environment {
    /// This shell's exported variables.
    Passed,
    /// One of the wrapper's making (`doas`, `pkexec`, `run0`, `systemd-run`): none of this
    /// shell's variables.
    Cleared,
    /// None of this shell's variables when one of these options is given (`exec -c`).
    ClearedWith(&'static [&'static str]),
}

/// The table entry for a (lower-cased) program basename.
pub(crate) fn lookup(name: &str) -> Option<&'static Wrapper> {
    WRAPPERS.iter().find(|w| w.name == name)
}

#[cfg(test)]
mod tests;
