//! toolgate's engine core: synchronous and free of I/O.
//!
//! - [`egress`]: URL and host canonicalisation, host patterns, the egress decision;
//! - [`protected`]: the files a tool call must not write (Claude Code settings, toolgate's own);
//! - [`rules`]: the acgs-lite compatible rule model, tool-call rendering and matching;
//! - [`verdict`] and [`action`]: the answer types shared by every check.
#![forbid(unsafe_code)]

pub mod action;
pub mod egress;
pub mod protected;
pub mod rules;
pub mod verdict;

pub use action::{Severity, WorkflowAction};
pub use verdict::Verdict;
