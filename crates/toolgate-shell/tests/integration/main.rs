//! The integration tests of this crate, as one test binary (one link instead of one per
//! file). Each module is one former test file.

mod analyze;
mod bypasses;
mod client_destinations;
mod conformance;
mod destinations;
mod flags_and_paths;
mod git_rules;
mod holes;
mod inline_code;
mod launchers;
mod layering;
mod limits;
mod never_panics;
mod one_option_reader;
mod option_specs;
mod outages;
mod parse_budget;
mod precision;
mod process_dir;
mod structure;
mod support;
mod templates;
