//! Homograph host names through `check_url` and `check_host`: mixed-script labels and
//! whole-script look-alikes are denied with `homograph_host`, in Unicode and in punycode;
//! single-script IDNs pass; only an allow entry naming the host exactly admits one.

use toolgate_core::egress::{EgressPolicy, EgressReason, HostPattern};

fn policy(allow: &[&str]) -> EgressPolicy {
    EgressPolicy::new(
        Some(
            allow
                .iter()
                .map(|p| HostPattern::parse(p).unwrap())
                .collect(),
        ),
        vec![],
        None,
        None,
    )
}

const HOMOGRAPHS: &[&str] = &[
    "\u{430}pple.com",                         // Cyrillic а + Latin
    "g\u{43e}\u{43e}gle.com",                  // Cyrillic о
    "paypa\u{4cf}.com",                        // Cyrillic palochka
    "micr\u{3bf}soft.com",                     // Greek ο
    "api.\u{43e}penai.com",                    // in a lower label
    "\u{430}\u{440}\u{440}\u{4cf}\u{435}.com", // all Cyrillic, reads `apple`
];

const LEGITIMATE: &[&str] = &[
    "пример.рф",
    "яндекс.рф",
    "παράδειγμα.ελ",
    "bücher.de",
    "東京abc.jp",
    "ドメイン名例.jp",
    "example.com",
];

#[test]
fn homographs_are_denied_in_unicode_and_punycode() {
    let p = policy(&["*"]);
    for host in HOMOGRAPHS {
        let ascii = idna::domain_to_ascii(host).unwrap();
        assert!(ascii.contains("xn--"), "{host}");
        for url in [
            format!("https://{host}/login"),
            format!("https://{ascii}/login"),
        ] {
            let d = p.check_url(&url, None);
            assert!(!d.allowed, "{url}");
            assert_eq!(d.reason, EgressReason::HomographHost, "{url}");
        }
        let d = p.check_host(host, Some(443));
        assert_eq!(d.reason, EgressReason::HomographHost, "{host}");
        let d = p.check_host(&ascii, None);
        assert_eq!(d.reason, EgressReason::HomographHost, "{ascii}");
    }
    // Without an allow list the homograph is still named.
    let none = EgressPolicy::new(None, vec![], None, None);
    assert_eq!(
        none.check_url("https://g\u{43e}\u{43e}gle.com/", None)
            .reason,
        EgressReason::HomographHost
    );
    assert_eq!(EgressReason::HomographHost.as_str(), "homograph_host");
}

#[test]
fn single_script_idns_are_allowed() {
    let p = policy(&["*"]);
    for host in LEGITIMATE {
        let d = p.check_url(&format!("https://{host}/"), None);
        assert!(d.allowed, "{host}: {:?}", d.reason);
        let d = p.check_host(host, None);
        assert!(d.allowed, "{host}: {:?}", d.reason);
    }
}

#[test]
fn only_an_exact_allow_entry_admits_a_homograph() {
    let host = "g\u{43e}\u{43e}gle.com";
    let ascii = idna::domain_to_ascii(host).unwrap();
    // A wildcard over its parent does not admit it.
    let wildcard = policy(&["*.com"]);
    assert_eq!(
        wildcard
            .check_url(&format!("https://{ascii}/"), None)
            .reason,
        EgressReason::HomographHost
    );
    // Naming it exactly (in either spelling) does: the user meant this name.
    for written in [host, ascii.as_str()] {
        let exact = policy(&[written]);
        let d = exact.check_url(&format!("https://{host}/"), None);
        assert!(d.allowed, "{written}: {:?}", d.reason);
    }
    // A deny entry still wins and is reported as such.
    let deny = EgressPolicy::new(
        Some(vec![HostPattern::parse("*").unwrap()]),
        vec![HostPattern::parse(&ascii).unwrap()],
        None,
        None,
    );
    assert_eq!(
        deny.check_url(&format!("https://{host}/"), None).reason,
        EgressReason::DenylistMatch
    );
}
