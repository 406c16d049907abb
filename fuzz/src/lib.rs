//! What the fuzz targets share: the panic hook that tells a bug from a known parser panic.
#![forbid(unsafe_code)]

/// Source paths whose panics are known and caught where toolgate calls them: brush-parser
/// 0.4.0 panics on some inputs (`echo 99999999999999999999>&1`), and `toolgate_shell::analyze`
/// reports those commands as indeterminate. toolgate builds it from `vendor/brush-parser/`
/// (the registry's copy is named `brush-parser-0.4.0/`).
pub const TOLERATED_PANIC_SOURCES: &[&str] =
    &["vendor/brush-parser/", "brush-parser-", "brush_parser"];

/// Installs a panic hook that aborts the process (a crash libFuzzer reports and saves) on every
/// panic except those raised inside [`TOLERATED_PANIC_SOURCES`]. A panic that toolgate's own
/// `catch_unwind` guards would swallow (in `check_url`, the hook, the MCP server) is still a
/// crash here: those guards keep the answers fail-closed in production, and the fuzzer's job
/// is to show the bugs behind them.
pub fn abort_on_panics_outside_known_parsers() {
    std::panic::set_hook(Box::new(|info| {
        let file = info.location().map_or("", |l| l.file());
        if TOLERATED_PANIC_SOURCES.iter().any(|s| file.contains(s)) {
            return;
        }
        eprintln!("panic outside the known parser panics: {info}");
        std::process::abort();
    }));
}

/// The process environment the hook target decides in: an empty home and working directory
/// (so the built-in default policy applies), created once.
pub fn hook_environment() -> toolgate::policy::environment::ProcessEnvironment {
    let root = std::env::temp_dir().join(format!("toolgate-fuzz-{}", std::process::id()));
    let cwd = root.join("work");
    let home = root.join("home");
    let _ = std::fs::create_dir_all(&cwd);
    let _ = std::fs::create_dir_all(&home);
    toolgate::policy::environment::ProcessEnvironment {
        policy: None,
        cwd,
        home: Some(home),
    }
}
