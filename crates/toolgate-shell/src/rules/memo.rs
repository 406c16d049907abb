//! What several command rules ask about one command, read once (the operand classes and
//! the files it writes through its arguments).

use crate::facts::paths::{PathClass, classify};
use crate::model::{CommandContext, SimpleCommand};

/// What several rules ask about one command, read once: the operand classes by the operand
/// they start from (`rm` of root, of home, of system trees … ask for the same classes; the
/// first start asked about, nearly always the only one, is kept without a list), and the
/// files the command writes through its arguments (the block-device and protected-file
/// checks both read them).
#[derive(Default)]
pub(crate) struct CommandMemo<'c> {
    first: Option<(usize, Classes)>,
    more: Vec<(usize, Classes)>,
    modelled: Option<Option<Vec<&'c str>>>,
}

impl<'c> CommandMemo<'c> {
    /// [`crate::facts::writes::modelled_targets`] of `cmd`, the command this memo is for.
    pub(crate) fn modelled_targets(&mut self, cmd: &'c SimpleCommand) -> Option<&[&'c str]> {
        self.modelled
            .get_or_insert_with(|| crate::facts::writes::modelled_targets(cmd))
            .as_deref()
    }

    pub(super) fn classes(
        &mut self,
        cmd: &SimpleCommand,
        start: usize,
        cx: &CommandContext,
    ) -> &[PathClass] {
        match &self.first {
            None => {
                let first = self.first.insert((start, operand_classes(cmd, start, cx)));
                return first.1.as_slice();
            }
            Some((s, _)) if *s == start => {
                return self.first.as_ref().map_or(&[], |(_, c)| c.as_slice());
            }
            Some(_) => {}
        }
        let at = match self.more.iter().position(|(s, _)| *s == start) {
            Some(at) => at,
            None => {
                self.more.push((start, operand_classes(cmd, start, cx)));
                self.more.len() - 1
            }
        };
        self.more[at].1.as_slice()
    }
}

/// Most classes a [`Classes`] holds in place: a command nearly always has one to three
/// operands, and a list of its own for them was an allocation per command the rules asked.
const IN_PLACE: usize = 4;

/// Path classes in order: the first [`IN_PLACE`] in place, all of them in a list past that.
#[derive(Debug, Clone)]
pub(crate) struct Classes {
    len: usize,
    in_place: [PathClass; IN_PLACE],
    spilled: Vec<PathClass>,
}

impl Default for Classes {
    fn default() -> Self {
        Classes {
            len: 0,
            in_place: [PathClass::Unknown; IN_PLACE],
            spilled: Vec::new(),
        }
    }
}

impl Classes {
    /// Adds `c` at the end.
    pub(crate) fn push(&mut self, c: PathClass) {
        if self.spilled.is_empty() && self.len < IN_PLACE {
            self.in_place[self.len] = c;
            self.len += 1;
            return;
        }
        if self.spilled.is_empty() {
            self.spilled.extend_from_slice(&self.in_place[..self.len]);
        }
        self.spilled.push(c);
    }

    /// The classes, in the order they were added.
    pub(crate) fn as_slice(&self) -> &[PathClass] {
        if self.spilled.is_empty() {
            &self.in_place[..self.len]
        } else {
            &self.spilled
        }
    }
}

impl Extend<PathClass> for Classes {
    fn extend<I: IntoIterator<Item = PathClass>>(&mut self, iter: I) {
        for c in iter {
            self.push(c);
        }
    }
}

/// The classes of `cmd`'s operands from `start` on; input-supplied arguments count as unknown.
pub(crate) fn operand_classes(cmd: &SimpleCommand, start: usize, cx: &CommandContext) -> Classes {
    let roots: Vec<PathClass> = cmd
        .input_roots
        .iter()
        .map(|r| crate::facts::paths::root_class(r, cmd, cx))
        .collect();
    let mut out = Classes::default();
    for o in cmd.operands.iter().skip(start) {
        let at = cmd.args.iter().position(|a| a == o);
        if !roots.is_empty() && at.is_some_and(|i| cmd.rooted_args.contains(&i)) {
            out.extend(roots.iter().copied());
            continue;
        }
        let dynamic = at.is_some_and(|i| cmd.is_dynamic(i));
        out.push(classify(o, dynamic, cmd, cx));
    }
    if cmd.args_from_input {
        if roots.is_empty() {
            out.push(PathClass::Unknown);
        } else {
            out.extend(roots);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list answers as a vector does for every length up to three times what it holds
    /// in place, over a mix of classes.
    #[test]
    fn classes_hold_what_a_vector_holds() {
        let kinds = [
            PathClass::Root,
            PathClass::Home,
            PathClass::InsideCwd,
            PathClass::Unknown,
            PathClass::Temp,
        ];
        for n in 0..=3 * IN_PLACE {
            let mut list = Classes::default();
            let mut full = Vec::new();
            for i in 0..n {
                let c = kinds[i % kinds.len()];
                list.push(c);
                full.push(c);
                assert_eq!(list.as_slice(), full.as_slice(), "after {} of {n}", i + 1);
            }
            let mut extended = Classes::default();
            extended.extend(full.iter().copied());
            assert_eq!(extended.as_slice(), full.as_slice(), "{n} by extend");
        }
    }
}
