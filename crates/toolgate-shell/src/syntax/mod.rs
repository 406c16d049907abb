//! Syntax guards and word expansion: the pre-parse guard that keeps input brush-parser cannot
//! handle safely away from it, and the expansions bash applies to words before a command
//! runs (quote removal, brace expansion, ANSI-C quoting, arithmetic).

pub(crate) mod ansi_c;
pub(crate) mod arith;
pub(crate) mod braces;
pub(crate) mod guard;
pub(crate) mod plain;
pub(crate) mod program;
pub(crate) mod tcl;
pub(crate) mod words;
