//! Rules check budgets (DESIGN): typical call ≤ 5 µs median, 100 KB Write ≤ 1 ms,
//! 10,000 keyword rules vs 10 rules over 10 KB ≤ 3×.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;
use toolgate_core::Severity;
use toolgate_core::rules::{Constitution, Rule, RuleSet};

fn prose(len: usize) -> String {
    let words = [
        "the",
        "quick",
        "agent",
        "writes",
        "a",
        "config",
        "file",
        "with",
        "several",
        "values",
        "and",
        "comments",
        "about",
        "deployment",
        "steps",
        "for",
        "review",
    ];
    let mut s = String::with_capacity(len + 16);
    let mut i = 0;
    while s.len() < len {
        s.push_str(words[i % words.len()]);
        s.push(if i % 11 == 10 { '\n' } else { ' ' });
        i += 1;
    }
    s.truncate(len);
    s
}

fn keyword_rules(n: usize) -> RuleSet {
    let rules = (0..n)
        .map(|i| {
            let mut r = Rule::new(format!("K{i}"), "keyword rule", Severity::High);
            r.keywords = vec![format!("zq{i:05}marker")];
            r
        })
        .collect();
    RuleSet::new(rules).unwrap()
}

fn benches(c: &mut Criterion) {
    let toolgate = Constitution::toolgate().rule_set().unwrap();
    let bash = json!({"command": "git status && cargo test -p toolgate-core", "description": "Run the tests"});
    c.bench_function("typical Bash call vs toolgate", |b| {
        b.iter(|| toolgate.evaluate_tool_call(black_box("Bash"), black_box(&bash)))
    });
    // Non-ASCII text builds the folded view (UTS #39 skeletons); ASCII text never does.
    let cyrillic = json!({
        "file_path": "notes/привет.md",
        "content": "Привет, мир! Это заметка о развёртывании сервиса. ".repeat(4),
    });
    c.bench_function("non-ASCII Write (Cyrillic, 0.4 KB) vs toolgate", |b| {
        b.iter(|| toolgate.evaluate_tool_call(black_box("Write"), black_box(&cyrillic)))
    });
    let write_100k = json!({"file_path": "src/notes.md", "content": prose(100_000)});
    c.bench_function("100 KB Write vs toolgate", |b| {
        b.iter(|| toolgate.evaluate_tool_call(black_box("Write"), black_box(&write_100k)))
    });
    let text = prose(10_000);
    let ten = keyword_rules(10);
    let many = keyword_rules(10_000);
    c.bench_function("10 keyword rules over 10 KB", |b| {
        b.iter(|| ten.evaluate_text(black_box(&text)))
    });
    c.bench_function("10,000 keyword rules over 10 KB", |b| {
        b.iter(|| many.evaluate_text(black_box(&text)))
    });
    c.bench_function("build toolgate rule set", |b| {
        b.iter(|| Constitution::toolgate().rule_set().unwrap())
    });
}

criterion_group!(rules, benches);
criterion_main!(rules);
