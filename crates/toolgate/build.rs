//! Links the `toolgate` binary as a position-dependent executable on Linux.
//!
//! The hook starts once per tool call, and a PIE of this size spends most of its start-up
//! applying ~19,000 relative relocations, which dirties about a hundred pages of
//! `.data.rel.ro`. Without PIE those are resolved at link time; measured with
//! `scripts/bench-hook`, the hook went from about 1.9x to 1.7x the start-up of `/bin/true`.
//! Libraries, stack, heap and mmap regions stay randomised; only the executable's own image
//! is at a fixed address. Set `TOOLGATE_PIE=1` when building to keep a PIE.

fn main() {
    println!("cargo:rerun-if-env-changed=TOOLGATE_PIE");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux");
    let keep_pie = std::env::var_os("TOOLGATE_PIE").is_some_and(|v| v == "1");
    if linux && !keep_pie {
        println!("cargo:rustc-link-arg-bin=toolgate=-no-pie");
    }
}
