//! Homograph hosts are denied whether a WebFetch or a shell command names them, and
//! single-script IDNs are not; a secret spelled with confusables is caught in a Write.

use std::sync::Arc;

use serde_json::json;
use toolgate_core::Verdict;
use toolgate_engine::{DestinationSource, Guard, ToolCallDecision};
use toolgate_policy::Policy;

fn guard() -> Guard {
    Guard::new(Arc::new(Policy::builtin()))
}

fn homograph_check(d: &ToolCallDecision, source: DestinationSource) -> bool {
    d.destinations
        .iter()
        .any(|c| c.source == source && !c.allowed && c.reason == "homograph_host")
}

#[test]
fn a_homograph_is_denied_through_webfetch_and_curl() {
    let g = guard();
    for host in [
        "g\u{43e}\u{43e}gle.com",
        "xn--ggle-55da.com",
        "micr\u{3bf}soft.com",
        "\u{430}\u{440}\u{440}\u{4cf}\u{435}.com",
    ] {
        let url = format!("https://{host}/login");
        let d = g.check_tool_call("WebFetch", &json!({"url": url, "prompt": "read it"}));
        assert_eq!(d.decision, Verdict::Deny, "WebFetch {host}: {}", d.reason);
        assert!(
            homograph_check(&d, DestinationSource::WebFetch),
            "WebFetch {host}: {:?}",
            d.destinations
        );
        assert!(d.reason.contains("homograph_host"), "{}", d.reason);

        let d = g.check_tool_call("Bash", &json!({"command": format!("curl -s {url}")}));
        assert_eq!(d.decision, Verdict::Deny, "curl {host}: {}", d.reason);
        assert!(
            homograph_check(&d, DestinationSource::Command),
            "curl {host}: {:?}",
            d.destinations
        );

        let d = g.check_tool_call("Bash", &json!({"command": format!("ssh deploy@{host}")}));
        assert_eq!(d.decision, Verdict::Deny, "ssh {host}: {}", d.reason);
    }
}

#[test]
fn single_script_idns_pass_through_webfetch_and_curl() {
    let g = guard();
    for host in [
        "пример.рф",
        "bücher.de",
        "東京abc.jp",
        "παράδειγμα.ελ",
        "example.com",
    ] {
        let url = format!("https://{host}/");
        let d = g.check_tool_call("WebFetch", &json!({"url": url, "prompt": "read it"}));
        assert!(
            d.decision < Verdict::Review,
            "WebFetch {host}: {}",
            d.reason
        );
        let d = g.check_tool_call("Bash", &json!({"command": format!("curl -s {url}")}));
        assert!(d.decision < Verdict::Review, "curl {host}: {}", d.reason);
    }
}
