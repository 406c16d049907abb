//! One tool-call decision in process (all three checks) on the built-in default policy.
//! Budgets (DESIGN.md): typical call ≤ 5 µs median; 100 KB `Write` ≤ 1 ms.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;
use toolgate_engine::Guard;
use toolgate_policy::Policy;

fn decisions(c: &mut Criterion) {
    let guard = Guard::new(Arc::new(Policy::builtin()));
    let cases = [
        (
            "bash_ls",
            "Bash",
            json!({"command": "ls -la", "description": "List files"}),
        ),
        ("bash_rm_build", "Bash", json!({"command": "rm -rf build/"})),
        (
            "bash_pipeline",
            "Bash",
            json!({"command": "git status && cargo test -p foo 2>&1 | tail -5"}),
        ),
        ("read", "Read", json!({"file_path": "/work/p/src/main.rs"})),
        (
            "web_fetch",
            "WebFetch",
            json!({"url": "https://docs.rs/regex/latest/regex/", "prompt": "Summarise the API"}),
        ),
        (
            "mcp_nested",
            "mcp__deploy__run_job",
            json!({"job": "billing", "dryRun": false, "params": {"region": "eu-west-1", "replicas": 3}}),
        ),
        (
            "write_1kb",
            "Write",
            json!({"file_path": "/work/p/README.md", "content": "toolgate checks every tool call. ".repeat(32)}),
        ),
        (
            "write_100kb",
            "Write",
            json!({"file_path": "/work/p/big.txt", "content": "The quick brown fox jumps over the lazy dog. ".repeat(2300)}),
        ),
    ];
    let mut group = c.benchmark_group("decision");
    for (name, tool, input) in &cases {
        group.bench_function(*name, |b| {
            b.iter(|| black_box(guard.check_tool_call(black_box(tool), black_box(input))))
        });
    }
    group.finish();
}

criterion_group!(benches, decisions);
criterion_main!(benches);
