//! The integration tests of this crate, as one test binary (one link instead of one per
//! file). Each module is one former test file.

mod datastore_proptest;
mod egress_agentguard;
mod egress_conformance;
mod egress_homograph;
mod egress_patterns;
mod egress_proptest;
mod egress_special_ranges;
mod rules_acgs_differences;
mod rules_fields;
mod rules_quickstart;
mod rules_render;
mod rules_render_acgs;
mod rules_secrets_corpus;
