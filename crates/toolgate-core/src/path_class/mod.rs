//! Path classes beyond the protected files: where writing plants persistence
//! ([`persistence`]) and where secrets live ([`secrets`]). Both are typed const tables of
//! [`PathPattern`]s, matched lexically; the engine's file-tool check and the shell analysis
//! of writes and reads use the same tables.

pub mod git_config;
pub(crate) mod index;
pub mod pattern;
pub mod persistence;
pub mod secrets;

pub use pattern::{Anchor, PathPattern, PathView, component_matches};
pub use persistence::{PERSISTENCE_CLASSES, PersistenceClass, persistence_class};
pub use secrets::{SECRET_SOURCES, SecretSource, secret_source, secret_source_below};

#[cfg(test)]
mod prefilter_tests;
