//! The builders and class sets the program table's rows are written with.

use super::{Class, Destinations, Program};
use crate::knowledge::specs::launchers::Grammar;
use crate::knowledge::specs::{self as specs, Spec};
use Class::*;

pub(super) const fn row(
    name: &'static str,
    classes: &'static [Class],
    options: &'static Spec,
) -> Program {
    Program {
        name,
        classes,
        options,
        grammar: None,
        destinations: None,
        versioned: false,
        single_dash_long: false,
    }
}

pub(super) const fn reaches(mut p: Program, d: Destinations) -> Program {
    p.destinations = Some(d);
    p
}

/// A row whose options are read with a grammar whose options end reading (`python -m`).
pub(super) const fn ends_options(mut p: Program, grammar: &'static Grammar) -> Program {
    p.options = &grammar.spec;
    p.grammar = Some(grammar);
    p
}

pub(super) const fn versioned(mut p: Program) -> Program {
    p.versioned = true;
    p
}

pub(super) const fn single_dash_long(mut p: Program) -> Program {
    p.single_dash_long = true;
    p
}

pub(super) const NONE: &Spec = &specs::NONE;
pub(super) const WEB: &[Class] = &[Downloader, NetworkClient];
pub(super) const NET: &[Class] = &[NetworkClient];
pub(super) const PKG: &[Class] = &[PackageManager, NetworkClient];
pub(super) const SHELL: &[Class] = &[Shell];
pub(super) const CODE: &[Class] = &[Interpreter];
pub(super) const READ: &[Class] = &[Reader];
pub(super) const WRAP: &[Class] = &[Wrapper];
pub(super) const RUN: &[Class] = &[Runner];
pub(super) const DISK: &[Class] = &[DiskTool];
pub(super) const WRITE: &[Class] = &[Writer];
pub(super) const ADMIN: &[Class] = &[Admin];
/// A machine or container tool that also runs a command in it (`lxc exec C CMD`).
pub(super) const ADMIN_RUN: &[Class] = &[Admin, Runner];
pub(super) const DB: &[Class] = &[Database];
pub(super) const ADMIN_DB: &[Class] = &[Admin, Database];
pub(super) const LOOKUP: &[Class] = &[NameLookup];
pub(super) const SENDS: &[Class] = &[Sender];
pub(super) const AGENT: &[Class] = &[CodingAgent];
