//! Network egress: URL and host canonicalisation, host patterns, the egress decision.
//!
//! [`EgressPolicy::check_url`] follows SR-1 (`DESIGN.md`, "Egress semantics") with CIDR and
//! `host:port` patterns and the special-purpose (SSRF) protections added.

pub mod address;
pub mod echo_names;
pub mod homograph;
pub mod host;
pub mod method;
pub mod pattern;
mod pattern_set;
pub mod policy;
pub mod reason;
mod resolved;

pub use address::{SpecialDestination, special_class, special_destination};
pub use homograph::{Homograph, has_mixed_script_label, homograph};
pub use host::{CanonicalHost, HostError, canonicalize_host};
pub use method::{Method, MethodError};
pub use pattern::{HostPattern, PatternError, PatternKind};
pub use policy::{DEFAULT_SCHEMES, EgressPolicy};
pub use reason::{EgressDecision, EgressReason};
