//! toolgate's engine core: synchronous and free of I/O.
//!
//! - [`datastore`]: what SQL, Redis and MongoDB text would destroy;
//! - [`egress`]: URL and host canonicalisation, host patterns, the egress decision;
//! - [`inline_network`]: what inline interpreter code does on the network (hosts, reverse shells);
//! - [`packs`]: the catalog of command rule packs (names, ids, texts, default verdicts);
//! - [`path_class`]: where writes plant persistence and where secrets live;
//! - [`protected`]: the files a tool call must not write (Claude Code settings, toolgate's own);
//! - [`rules`]: the acgs-lite compatible rule model, tool-call rendering and matching;
//! - [`verdict`] and [`action`]: the answer types shared by every check.
#![forbid(unsafe_code)]

pub mod action;
pub mod datastore;
pub mod egress;
pub mod inline_network;
pub mod packs;
pub mod path_class;
pub mod protected;
pub mod rules;
pub mod verdict;

pub use action::{Severity, WorkflowAction};
pub use verdict::Verdict;
