//! Properties: a non-semantic respelling of a host never changes the decision, and deny always
//! wins over allow.

use proptest::prelude::*;
use toolgate_core::egress::{EgressPolicy, EgressReason, HostPattern};

fn policy(allow: &[String], deny: &[String]) -> EgressPolicy {
    let p = |l: &[String]| {
        l.iter()
            .map(|s| HostPattern::parse(s).unwrap())
            .collect::<Vec<_>>()
    };
    EgressPolicy::new(Some(p(allow)), p(deny), None, None)
}

/// An ordinary LDH label. Labels with hyphens in positions 3 and 4 (`xn--…` and the other
/// reserved forms) are excluded: those are IDNA-encoded or reserved, and an invalid one such as
/// `xn--a` is refused by URL parsing, which is the intended fail-closed outcome, not a respelling.
fn label() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9-]{0,10}[a-z0-9]"
        .prop_filter("not an IDNA-reserved label", |l| l.get(2..4) != Some("--"))
}

fn domain() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(label(), 1..4),
        prop::sample::select(vec!["com", "org", "dev", "io"]),
    )
        .prop_map(|(labels, tld)| format!("{}.{tld}", labels.join(".")))
}

/// Random ASCII case changes plus an optional trailing dot.
fn respell_domain(d: &str, mask: u64, dot: bool) -> String {
    let mut s: String = d
        .chars()
        .enumerate()
        .map(|(i, c)| {
            if mask >> (i % 64) & 1 == 1 {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .collect();
    if dot {
        s.push('.');
    }
    s
}

fn public_ipv4() -> impl Strategy<Value = [u8; 4]> {
    (1u8..=223, any::<u8>(), any::<u8>(), 1u8..=254)
        .prop_filter("public", |(a, b, _, _)| {
            !matches!(
                (*a, *b),
                (10, _)
                    | (127, _)
                    | (100, 64..=127)
                    | (169, 254)
                    | (172, 16..=31)
                    | (192, 168)
                    | (192, 0)
                    | (198, 18..=19)
                    | (198, 51)
                    | (203, 0)
                    | (192, 88)
            )
        })
        .prop_map(|(a, b, c, d)| [a, b, c, d])
}

fn ipv4_spellings(o: [u8; 4]) -> Vec<String> {
    let n = u32::from_be_bytes(o);
    vec![
        format!("{}.{}.{}.{}", o[0], o[1], o[2], o[3]),
        format!("{n}"),
        format!("0x{n:x}"),
        format!("0{:o}.{}.{}.{}", o[0], o[1], o[2], o[3]),
        format!("0x{:x}.0x{:x}.{}.{}", o[0], o[1], o[2], o[3]),
        format!("{}.{}", o[0], n & 0x00ff_ffff),
        format!("[::ffff:{}.{}.{}.{}]", o[0], o[1], o[2], o[3]),
        format!("[::ffff:{:x}:{:x}]", n >> 16, n & 0xffff),
        format!("[0:0:0:0:0:ffff:{}.{}.{}.{}]", o[0], o[1], o[2], o[3]),
        format!("{}.{}.{}.{}.", o[0], o[1], o[2], o[3]),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn domain_respelling_keeps_an_allow(d in domain(), mask in any::<u64>(), dot in any::<bool>(), sub in label()) {
        let p = policy(&[d.clone(), format!("*.{d}")], &[]);
        let exact = format!("https://{}/x", respell_domain(&d, mask, dot));
        prop_assert!(p.check_url(&exact, None).allowed, "{}", exact);
        let under = format!("https://{}.{}/", sub, respell_domain(&d, mask, dot));
        prop_assert!(p.check_url(&under, None).allowed, "{}", under);
        let pattern_respelt = policy(&[respell_domain(&d, mask, dot)], &[]);
        let plain = format!("https://{d}/");
        prop_assert!(pattern_respelt.check_url(&plain, None).allowed, "{}", plain);
    }

    #[test]
    fn ipv4_respelling_keeps_the_decision(o in public_ipv4(), deny in any::<bool>()) {
        let canonical = format!("{}.{}.{}.{}", o[0], o[1], o[2], o[3]);
        let p = if deny { policy(&["*".into()], std::slice::from_ref(&canonical)) } else { policy(std::slice::from_ref(&canonical), &[]) };
        for s in ipv4_spellings(o) {
            let d = p.check_url(&format!("http://{s}/"), None);
            prop_assert_eq!(d.allowed, !deny, "{} {:?}", s, d);
            prop_assert_eq!(d.host.as_deref(), Some(canonical.as_str()));
            // The pattern may be written in any spelling too.
            let q = if deny { policy(&["*".into()], std::slice::from_ref(&s)) } else { policy(std::slice::from_ref(&s), &[]) };
            let plain = format!("http://{canonical}/");
            prop_assert_eq!(q.check_url(&plain, None).allowed, !deny, "pattern {}", s);
        }
    }

    #[test]
    fn ipv6_bracket_and_compression_forms_agree(segs in prop::array::uniform8(any::<u16>()), zeros in 0usize..6) {
        let mut segs = segs;
        segs[0] = 0x2600 | (segs[0] & 0x00ff);
        for s in segs.iter_mut().skip(2).take(zeros) { *s = 0; }
        let addr = std::net::Ipv6Addr::from(segs);
        let compressed = addr.to_string();
        let full = segs.iter().map(|s| format!("{s:04X}")).collect::<Vec<_>>().join(":");
        let p = policy(std::slice::from_ref(&compressed), &[]);
        let q = policy(&[format!("[{full}]")], &[]);
        for url in [format!("http://[{compressed}]/"), format!("http://[{full}]/")] {
            prop_assert!(p.check_url(&url, None).allowed, "{}", url);
            prop_assert!(q.check_url(&url, None).allowed, "{}", url);
        }
    }

    #[test]
    fn deny_always_wins(d in domain(), sub in label(), port in prop::option::of(1u16..)) {
        let deny = match port { Some(p) => format!("{d}:{p}"), None => d.clone() };
        let p = policy(&[d.clone(), format!("*.{d}"), "*".into()], &[deny, format!("*.{sub}.{d}")]);
        let url = match port { Some(p) => format!("https://{d}:{p}/"), None => format!("https://{d}/") };
        prop_assert_eq!(p.check_url(&url, None).reason, EgressReason::DenylistMatch);
        let a = format!("https://{sub}.{d}/");
        let b = format!("https://x.{sub}.{d}./");
        prop_assert_eq!(p.check_url(&a, None).reason, EgressReason::DenylistMatch);
        prop_assert_eq!(p.check_url(&b, None).reason, EgressReason::DenylistMatch);
    }
}

#[test]
fn idna_unicode_and_punycode_agree() {
    for (unicode, puny) in [
        ("bücher.de", "xn--bcher-kva.de"),
        ("münchen.example", "xn--mnchen-3ya.example"),
        ("例え.jp", "xn--r8jz45g.jp"),
    ] {
        for (allow, url_host) in [
            (unicode, puny),
            (puny, unicode),
            (unicode, unicode),
            (puny, puny),
        ] {
            let p = policy(&[allow.to_string()], &[]);
            assert!(
                p.check_url(&format!("https://{url_host}/"), None).allowed,
                "{allow} / {url_host}"
            );
            let upper = url_host.to_uppercase();
            assert!(
                p.check_url(&format!("https://{upper}./"), None).allowed,
                "{allow} / {upper}"
            );
        }
    }
}

#[test]
fn an_invalid_punycode_label_is_refused_even_under_a_wildcard() {
    let p = policy(&["a0.com".into(), "*.a0.com".into()], &[]);
    let d = p.check_url("https://xn--a.a0.com/", None);
    assert!(!d.allowed, "{d:?}");
    assert!(p.check_url("https://xa.a0.com/", None).allowed);
}
