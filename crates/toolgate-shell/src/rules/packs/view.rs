//! A command's arguments as a matcher reads them ([`View`]): its options, read by the one
//! option reader with the program's spec, and its operands.

use crate::knowledge::cloud_clis::is_release_track;
use crate::knowledge::programs::{lookup, single_dash_long};
use crate::knowledge::specs::{NONE, Spec};
use crate::model::SimpleCommand;
use crate::options::{
    Grammar, Opt, args_of, read_grammar, read_launcher, read_permuted, with_two_dashes,
};
use crate::rules::glob_match_ci;

use super::Words;

/// A command's arguments as one matcher reads them: its options (global ones included) and
/// the indices of its operands (the subcommand path first).
pub(crate) struct View {
    /// The arguments (long options with two dashes for one-dash programs).
    args: Vec<crate::model::Arg>,
    /// Every option, in order.
    pub(crate) opts: Vec<Opt>,
    /// Indices into `args` of the operands, in order.
    operands: Vec<usize>,
}

impl View {
    /// Reads `cmd`: global options with the program's spec up to the first operand, the rest
    /// with `rest` (options may follow operands).
    pub(crate) fn read(cmd: &SimpleCommand, rest: Option<&Spec>) -> View {
        View::read_args(&cmd.program_lower(), args_of(cmd, 0), rest)
    }

    /// [`View::read`] of `cmd` without its argument at `skip`: a word the program takes
    /// apart from its options, which its spec would misread (`pkill -STOP`'s signal, whose
    /// `P` would take the next word as its value).
    pub(crate) fn read_without(cmd: &SimpleCommand, skip: usize) -> View {
        let mut args = args_of(cmd, 0);
        if skip < args.len() {
            args.remove(skip);
        }
        View::read_args(&cmd.program_lower(), args, None)
    }

    /// Reads the arguments `args` of `program` (see [`View::read`]).
    fn read_args(program: &str, mut args: Vec<crate::model::Arg>, rest: Option<&Spec>) -> View {
        let row = lookup(program);
        let global = row.map_or(&NONE, |p| p.options);
        if single_dash_long(program) {
            args = with_two_dashes(args);
        }
        if let Some(grammar) = row.and_then(|p| p.grammar) {
            let read = read_launcher(&args, grammar, rest.unwrap_or(&NONE));
            return View {
                args,
                opts: read.opts.into_iter().map(|(_, o)| o).collect(),
                operands: read.operands,
            };
        }
        let own = read_grammar(&args, 0, &Grammar::plain(*global));
        let (mut opts, end) = (own.opts, own.end);
        let mut operands = if own.dashdash {
            (end..args.len()).collect()
        } else {
            let (more, operands) = read_permuted(&args, end, rest.unwrap_or(global));
            opts.extend(more);
            operands
        };
        // `gcloud beta projects delete` is `gcloud projects delete` on another release
        // track: every matcher reads the command after the track.
        if let Some(&first) = operands.first()
            && !args[first].dynamic
            && is_release_track(program, &args[first].text)
        {
            operands.remove(0);
        }
        View {
            args,
            opts,
            operands,
        }
    }

    /// Whether an option spelled as one of `names` is given (`--x=false` is not).
    pub(crate) fn has(&self, names: &[&str]) -> bool {
        self.opts.iter().any(|o| {
            names.contains(&&*o.name)
                && !o
                    .value
                    .as_deref()
                    .is_some_and(|v| v.eq_ignore_ascii_case("false"))
        })
    }

    /// The value of the last option spelled as one of `names`.
    pub(crate) fn value(&self, names: &[&str]) -> Option<&str> {
        self.opts
            .iter()
            .rev()
            .find(|o| names.contains(&&*o.name))
            .and_then(|o| o.value.as_deref())
    }

    /// The values of every option spelled as one of `names`, in order.
    pub(crate) fn values<'a>(&'a self, names: &'a [&str]) -> impl Iterator<Item = &'a str> {
        self.opts
            .iter()
            .filter(|o| names.contains(&&*o.name))
            .filter_map(|o| o.value.as_deref())
    }

    /// The operands, as text.
    pub(crate) fn operands(&self) -> impl Iterator<Item = &str> {
        self.operands.iter().map(|&i| self.args[i].text.as_str())
    }

    /// Whether operand `n` is only known at run time.
    pub(crate) fn operand_dynamic(&self, n: usize) -> bool {
        self.operands.get(n).is_some_and(|&i| self.args[i].dynamic)
    }

    /// The operands after the first `skip`, as text.
    pub(super) fn operands_after(&self, skip: usize) -> Vec<&str> {
        self.operands().skip(skip).collect()
    }

    /// Whether some operand is only known at run time.
    pub(crate) fn any_operand_dynamic(&self) -> bool {
        self.operands.iter().any(|&i| self.args[i].dynamic)
    }

    /// The subcommand path: the operands up to the first only known at run time.
    pub(super) fn path_matches(&self, path: &[Words]) -> bool {
        path.iter().enumerate().all(|(n, step)| {
            !self.operand_dynamic(n)
                && self
                    .operands()
                    .nth(n)
                    .is_some_and(|w| step.iter().any(|g| glob_match_ci(g, w)))
        })
    }
}
