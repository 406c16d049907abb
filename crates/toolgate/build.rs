//! Links the `toolgate` binary (the hook and the CLI) as a position-dependent executable on
//! Linux; `toolgate-server` (the MCP server and any other long-running server) stays a PIE.
//!
//! The hook starts once per tool call. A PIE of the hook's size applies about 17,000 relative
//! relocations at start (vtables, string tables and panic locations of its dependencies),
//! dirtying about 80 pages of `.data.rel.ro`: measured with `scripts/bench-hook`, that takes the
//! hook from about 1.6x to about 2x the start-up of `/bin/true`, the edge of its budget (figures
//! in BENCHMARKS.md; packing the relocations as RELR did not help). Libraries, stack, heap and
//! mmap regions stay randomised; only the hook binary's own image is at a fixed address, in a
//! process that reads one input and exits. The servers, which run long and read untrusted
//! input for their whole life, are PIEs. Set `TOOLGATE_PIE=1` when building to make `toolgate`
//! a PIE too.

fn main() {
    println!("cargo:rerun-if-env-changed=TOOLGATE_PIE");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux");
    let keep_pie = std::env::var_os("TOOLGATE_PIE").is_some_and(|v| v == "1");
    if linux && !keep_pie {
        println!("cargo:rustc-link-arg-bin=toolgate=-no-pie");
    }
}
