//! The const builders the table of wrappers is written with: [`plain`] makes a wrapper of a
//! name and its options only, [`before`], [`no_command`], [`script`], [`chdir`], [`schedules`] and [`environment`] each set
//! one more field, and [`spec`] and [`NO_OPTIONS`] give the options.

use crate::knowledge::specs::Spec as OptionSpec;

use super::{Environment, Wrapper};

pub(super) const fn spec(
    short_val: &'static str,
    long_val: &'static [&'static str],
    long_flags: &'static [&'static str],
) -> OptionSpec {
    OptionSpec::with_flags(short_val, long_val, long_flags)
}

pub(super) const fn plain(name: &'static str, spec: OptionSpec) -> Wrapper {
    Wrapper {
        name,
        spec,
        operands_before: 0,
        no_command: &[],
        script: &[],
        chdir: &[],
        rest_is_script: false,
        operands_are_data: false,
        options_anywhere: false,
        runs_alone: false,
        shell_args_after: None,
        schedules: &[],
        environment: Environment::Passed,
        multi_value: &[],
    }
}

pub(super) const fn before(mut w: Wrapper, operands: usize) -> Wrapper {
    w.operands_before = operands;
    w
}

pub(super) const fn no_command(mut w: Wrapper, opts: &'static [&'static str]) -> Wrapper {
    w.no_command = opts;
    w
}

pub(super) const fn script(mut w: Wrapper, opts: &'static [&'static str]) -> Wrapper {
    w.script = opts;
    w
}

pub(super) const fn chdir(mut w: Wrapper, opts: &'static [&'static str]) -> Wrapper {
    w.chdir = opts;
    w
}

pub(super) const fn schedules(mut w: Wrapper, opts: &'static [&'static str]) -> Wrapper {
    w.schedules = opts;
    w
}

/// The wrapper starts the command with an environment of its own making (`Cleared`), or does
/// with one of some options (`ClearedWith`).
pub(super) const fn environment(mut w: Wrapper, environment: Environment) -> Wrapper {
    w.environment = environment;
    w
}

/// Options that take more than one word (`bwrap --bind SRC DEST`), with how many.
pub(super) const fn multi_value(
    mut w: Wrapper,
    options: &'static [(&'static str, usize)],
) -> Wrapper {
    w.multi_value = options;
    w
}

pub(super) const NO_OPTIONS: OptionSpec = spec("", &[], &[]);
