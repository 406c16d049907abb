//! `check_url` against a 1,000-pattern policy (exact names, wildcards, CIDRs, host:port),
//! for allowed and denied URLs. Budget: ≤ 1 µs per check.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use toolgate_core::egress::{EgressPolicy, HostPattern};

fn big_policy() -> EgressPolicy {
    let mut allow = Vec::new();
    for i in 0..500 {
        allow.push(format!("api{i}.service{}.example.com", i % 17));
    }
    for i in 0..300 {
        allow.push(format!("*.tenant{i}.example.net"));
    }
    for i in 0..100 {
        allow.push(format!("10.{}.{}.0/24", i / 10, i % 10));
    }
    for i in 0..50 {
        allow.push(format!("host{i}.example.org:8443"));
    }
    let mut deny = Vec::new();
    for i in 0..50 {
        deny.push(format!("*.blocked{i}.example.net"));
    }
    let p = |l: Vec<String>| {
        l.iter()
            .map(|s| HostPattern::parse(s).unwrap())
            .collect::<Vec<_>>()
    };
    EgressPolicy::new(Some(p(allow)), p(deny), None, None)
}

fn bench(c: &mut Criterion) {
    let policy = big_policy();
    let cases = [
        (
            "allowed_exact",
            "https://api250.service12.example.com/v1/chat",
            true,
        ),
        (
            "allowed_wildcard",
            "https://a.b.tenant150.example.net/x?y=1",
            true,
        ),
        ("allowed_cidr", "http://10.5.5.9/metrics", true),
        ("allowed_port", "https://host7.example.org:8443/", true),
        (
            "denied_not_in_allowlist",
            "https://unknown.example.com/",
            false,
        ),
        ("denied_denylist", "https://x.blocked7.example.net/", false),
        (
            "denied_private",
            "http://169.254.169.254/latest/meta-data/",
            false,
        ),
        ("denied_mapped_ipv6", "http://[::ffff:127.0.0.1]/", false),
    ];
    for (name, url, allowed) in cases {
        assert_eq!(policy.check_url(url, None).allowed, allowed, "{name}");
        c.bench_function(&format!("check_url/{name}"), |b| {
            b.iter(|| policy.check_url(black_box(url), black_box(None)))
        });
    }
}

/// Reference point: the WHATWG parse alone, which every check includes.
fn url_parse_reference(c: &mut Criterion) {
    let builtin = EgressPolicy::builtin();
    c.bench_function("reference/builtin_policy_allowed", |b| {
        b.iter(|| {
            builtin.check_url(
                black_box("https://api250.service12.example.com/v1/chat"),
                black_box(None),
            )
        })
    });
    c.bench_function("reference/url_parse_only", |b| {
        b.iter(|| url::Url::parse(black_box("https://api250.service12.example.com/v1/chat")))
    });
}

criterion_group!(benches, bench, url_parse_reference);
criterion_main!(benches);
