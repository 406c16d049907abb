//! Host pattern spelling and relations: 6to4 subnets, canonical IPv6 ranges, bracketed
//! CIDR errors, the IP forms of `*`, and overlap between patterns.

use toolgate_core::egress::{HostPattern, PatternError};

fn show(s: &str) -> String {
    match HostPattern::parse(s) {
        Ok(p) => p.to_string(),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn overlap() {
    let p = |s: &str| HostPattern::parse(s).unwrap();
    assert!(p("*").overlaps(&p("10.0.0.1")));
    assert!(p("a.example.com").overlaps(&p("*.example.com")));
    assert!(p("*.example.com").overlaps(&p("*.a.example.com")));
    assert!(p("10.0.0.0/8").overlaps(&p("10.1.0.0/16")));
    assert!(p("10.1.0.0/16").overlaps(&p("10.1.2.3")));
    assert!(p("x.com").overlaps(&p("x.com:443")));
    assert!(!p("x.com:80").overlaps(&p("x.com:443")));
    assert!(!p("*.example.com").overlaps(&p("example.org")));
    assert!(!p("10.0.0.0/8").overlaps(&p("11.0.0.1")));
    assert!(!p("*.example.com").overlaps(&p("10.0.0.1")));
}

#[test]
fn six_to_four_subnets_read_as_their_ipv4_site() {
    assert_eq!(show("2002:7f00:1::/48"), "127.0.0.1/32");
    assert_eq!(show("2002:7f00:1:5::/64"), "127.0.0.1/32");
    assert_eq!(show("2002:808:808:1::/64"), "8.8.8.8/32");
    assert_eq!(show("2002::/16"), "0.0.0.0/0");
    assert_eq!(show("2002:a00::/24"), "10.0.0.0/8");
    let p = HostPattern::parse("2002:808:808:1::/64").unwrap();
    assert!(p.covers(&HostPattern::parse("[2002:808:808:1::5]").unwrap()));
    assert!(p.is_noncanonical());
}

#[test]
fn ipv6_ranges_are_spelled_canonically() {
    let canonical = |s: &str| HostPattern::parse(s).is_ok_and(|p| !p.is_noncanonical());
    assert!(canonical("fd00::/8"));
    assert!(canonical("[fd00::/8]:443"));
    assert!(canonical("10.0.0.0/8"));
    assert!(canonical("[::1]:8080"));
    assert!(!canonical("FD00::/8"));
    assert!(!canonical("fd00:0:0::/8"));
    assert!(!canonical("[fd00::/8]"));
    assert!(!canonical("fd00::1/8"));
    assert!(!canonical("FD00::1"));
    assert!(!canonical("[FD00::1]:443"));
    assert_eq!(show("[FD00:0::/8]:443"), "[fd00::/8]:443");
    assert_eq!(show("FE80::/10"), "fe80::/10");
}

#[test]
fn bracketed_address_before_a_prefix_length_is_an_error_with_a_hint() {
    let e = HostPattern::parse("[fd00::]/8").unwrap_err();
    assert!(matches!(e, PatternError::BracketedCidr { .. }), "{e:?}");
    assert!(e.hint().contains("write `fd00::/8`"), "{}", e.hint());
    let e = HostPattern::parse("[fd00::]/8:443").unwrap_err();
    assert!(e.hint().contains("write `[fd00::/8]:443`"), "{}", e.hint());
}

#[test]
fn ip_forms_of_any_exempt_nothing() {
    for s in [
        "0.0.0.0/0",
        "::/0",
        "2002::/16",
        "64:ff9b::/96",
        "::ffff:0:0/96",
    ] {
        let p = HostPattern::parse(s).unwrap();
        assert!(p.is_any() && !p.is_specific(), "{s}");
    }
    assert!(HostPattern::parse("10.1.0.0/16").unwrap().is_specific());
}
