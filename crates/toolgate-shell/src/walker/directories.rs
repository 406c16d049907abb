//! The directory each command runs in, as far as the text tells: whether a `cd` came before
//! it, and whether every one descended into the working directory (`cd app`, `cd
//! /home/me/proj/web`), so relative paths can still be judged.

use super::{Scope, Walker};
use crate::facts::paths::{DirectoryChange, directory_change, directory_target};
use crate::model::SimpleCommand;

impl Walker {
    /// Gives `cmd` what the directory changes before it tell (`cwd_changed`,
    /// `cwd_descended`, `cwd_jumps`, `cwd_path`).
    pub(super) fn mark_working_directory(&self, cmd: &mut SimpleCommand) {
        // A wrapper's own directory option (`sudo -D DIR`, `env -C DIR`) is no descent.
        let own_chdir = cmd.cwd_changed;
        cmd.cwd_changed |= self.cwd_changed;
        cmd.cwd_descended = cmd.cwd_changed && !own_chdir && self.cwd_descends;
        if cmd.cwd_descended {
            cmd.cwd_jumps.clone_from(&self.cwd_jumps);
            cmd.cwd_path.clone_from(&self.cwd_path);
        }
        if cmd.cwd_changed && !own_chdir && !self.pwd_defined {
            cmd.cwd_target.clone_from(&self.cwd_target);
            cmd.cwd_certain = self.cwd_confirmed == Some(self.cwd_changes);
        }
    }

    /// One `a && b || c` list of pipelines, following which directory changes surely
    /// happened before each ([`SimpleCommand::cwd_certain`]) and which variables are
    /// known.
    pub(super) fn and_or_list(&mut self, list: &brush_parser::ast::AndOrList, scope: &Scope) {
        let changes_before = self.cwd_changes;
        // Every pipeline so far was joined by `&&` and changed directory only as a
        // plain `cd`: the next one runs only where those changes happened.
        let mut chained = self.cwd_confirmed == Some(changes_before);
        // Variables: a pipeline after one joined by the same operator runs only where that
        // one ran (`a && b && c`: `c` after `b`); after a change of operator it may follow
        // any before it (`a && b || c`: `c` after `a` or `b`). Any may be the last to run.
        let mut exits: Option<super::variables::Variables> = None;
        let mut previous_and: Option<bool> = None;
        let mut mixed = false;
        for (k, (op, pipeline)) in list.iter().enumerate() {
            if k > 0 {
                let and = matches!(op, brush_parser::ast::PipelineOperator::And);
                mixed |= previous_and.is_some_and(|p| p != and);
                previous_and = Some(and);
                let exits = exits.get_or_insert_with(|| self.variables.clone());
                if mixed {
                    self.variables.clone_from(exits);
                }
                chained &= and;
                if chained {
                    self.cwd_confirmed = Some(self.cwd_changes);
                } else if self.cwd_changes != changes_before {
                    self.cwd_confirmed = None;
                }
            }
            let (changes, start) = (self.cwd_changes, self.out.commands.len());
            self.pipeline(pipeline, scope);
            if let Some(exits) = &mut exits {
                exits.join(&self.variables);
            }
            if self.cwd_changes != changes && !self.plain_directory_change(pipeline, start) {
                chained = false;
            }
        }
        if let Some(exits) = exits {
            self.variables = exits;
        }
        // The next item runs whether this one's changes happened or not.
        if self.cwd_changes != changes_before {
            self.cwd_confirmed = None;
        }
    }

    /// Whether `pipeline`, whose commands start at index `start`, is one plain directory
    /// change and nothing else (`cd build`; not `! cd x`, `cd x | …`, `(cd x)`, `bash -c
    /// 'cd x'`, `cd "$(…)"`): when it succeeds, its change happened.
    pub(super) fn plain_directory_change(
        &self,
        pipeline: &brush_parser::ast::Pipeline,
        start: usize,
    ) -> bool {
        !pipeline.bang
            && matches!(
                pipeline.seq.as_slice(),
                [brush_parser::ast::Command::Simple(_)]
            )
            && matches!(&self.out.commands[start..], [c] if matches!(c.program_lower().as_ref(), "cd" | "pushd"))
    }

    /// Follows a `cd`, `pushd` or `popd` for the commands after it.
    pub(super) fn follow_directory_change(&mut self, cmd: &SimpleCommand) {
        self.cwd_changed = true;
        self.cwd_changes += 1;
        self.cwd_target = directory_target(cmd, self.cwd_target.as_deref());
        match directory_change(cmd) {
            DirectoryChange::Descent(into) => {
                self.cwd_path = Some(match self.cwd_path.take() {
                    Some(dir) => format!("{dir}/{into}"),
                    None => into,
                });
            }
            DirectoryChange::Jump(to) => {
                self.cwd_path = Some(to.clone());
                self.cwd_jumps.push(to);
            }
            DirectoryChange::Elsewhere => {
                self.cwd_descends = false;
                self.cwd_path = None;
            }
        }
    }
}
