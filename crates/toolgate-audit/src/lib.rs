//! toolgate's decision log.
//!
//! Every decision of the hook (any agent), of MCP `check_tool_call` and of the Python package
//! can be appended to one JSONL file named in the policy (`log:`, off by default;
//! `TOOLGATE_LOG` overrides). One [`Record`] per line; each line carries the SHA-256 of the
//! line before it, so an edited, removed or reordered line is found by [`verify`]. Many
//! processes append at once: each line is one write under an exclusive lock, and size-based
//! rotation carries the chain into the next file.
//!
//! Input values are never logged: a record holds the keyed hash (HMAC-SHA-256) of the input,
//! and, only with `log.store_input: redacted`, the input with every detected secret replaced.
//!
//! The crate is synchronous and starts no thread, so the one-shot hook process can use it.
#![forbid(unsafe_code)]

pub mod chain;
pub mod clock;
pub mod digest;
pub mod log;
pub mod machine;
pub mod otlp;
pub mod record;
pub mod redact;
pub mod writer;

pub use chain::{Broken, Follower, Verified, verify};
pub use log::{DecisionLog, ENV_VAR, LogConfig, Settled};
pub use record::{Record, surface};
pub use writer::{Appended, LogError};
