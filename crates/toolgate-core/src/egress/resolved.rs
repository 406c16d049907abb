//! Decisions an enforcing proxy needs beyond a URL check: an opaque tunnel to `host:port`, and
//! an address a name resolved to.
//!
//! A proxy checks the literal name first ([`EgressPolicy::check_tunnel`] or
//! [`EgressPolicy::check_url`]), resolves it once, then checks every address with
//! [`EgressPolicy::check_resolved`] and dials only an address that passed. A name that
//! resolves to a special-purpose address (loopback, private, link-local, metadata…) is refused
//! unless the policy names it by an exact allow entry **and** admits the address itself (an
//! exact address entry, or a range inside the address's own special block): `*`, `*.domain`
//! and `0.0.0.0/0` never let a public-looking name reach an internal address.

use std::net::IpAddr;

use super::address::special_destination;
use super::host::{CanonicalHost, canonicalize_host};
use super::pattern_set::Exemption;
use super::policy::EgressPolicy;
use super::reason::{EgressDecision, EgressReason};

/// The method a policy's `methods` list must name for opaque tunnels to be opened.
const TUNNEL_METHOD: &str = "CONNECT";

fn port_fits(entry: Option<u16>, port: Option<u16>) -> bool {
    entry.is_none() || (port.is_some() && entry == port)
}

impl EgressPolicy {
    /// Decides an opaque tunnel (HTTP `CONNECT`, SOCKS5 `CONNECT`) to `host:port`: the host
    /// rules of [`EgressPolicy::check_host`], and the policy's `methods`. The methods used
    /// inside a tunnel cannot be seen, so a policy that lists methods without `CONNECT` refuses
    /// tunnels (`method_blocked`); a policy that lists none permits them. Schemes do not apply.
    /// A panic inside (a bug) is caught and answered with a deny.
    pub fn check_tunnel(&self, host: &str, port: u16) -> EgressDecision {
        let Some(c) = self.compiled() else {
            return EgressDecision::deny(EgressReason::InvalidPolicy, None);
        };
        let d = self.check_host(host, Some(port));
        if !d.allowed {
            return d;
        }
        let listed = c.methods.as_ref().is_none_or(|list| {
            list.iter()
                .any(|m| m.as_str().eq_ignore_ascii_case(TUNNEL_METHOD))
        });
        if listed {
            return d;
        }
        EgressDecision {
            allowed: false,
            reason: EgressReason::MethodBlocked,
            detail: Some(TUNNEL_METHOD.to_string()),
            ..d
        }
    }

    /// Decides whether `addr`, an address the name `host` resolved to, may be dialled for
    /// `host:port`. The name must pass [`EgressPolicy::check_host`]; then the address must not
    /// match a deny entry; and a special-purpose address needs both an exact allow entry for
    /// the name and an allow entry that admits the address (its exact address, or a range
    /// inside its own special block), each on a fitting port. Addresses that embed IPv4
    /// (mapped, NAT64, 6to4…) are judged as that IPv4 address. A `host` that is itself an
    /// address is judged as an address literal (its resolution is itself).
    /// A panic inside (a bug) is caught and answered with a deny.
    pub fn check_resolved(&self, host: &str, port: Option<u16>, addr: IpAddr) -> EgressDecision {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.check_resolved_inner(host, port, addr)
        }))
        .unwrap_or_else(|_| {
            EgressDecision::deny(EgressReason::InvalidHost, "internal error".to_string())
        })
    }

    fn check_resolved_inner(&self, host: &str, port: Option<u16>, addr: IpAddr) -> EgressDecision {
        let Some(c) = self.compiled() else {
            return EgressDecision::deny(EgressReason::InvalidPolicy, None);
        };
        let mut d = self.check_host(host, port);
        if !d.allowed {
            return d;
        }
        let address = CanonicalHost::from_ip(addr);
        let name = match canonicalize_host(host) {
            Ok(n @ CanonicalHost::Domain(_)) => n,
            // An address literal resolves to itself: it was judged as a host above.
            Ok(literal) if literal == address => return d,
            _ => {
                d.allowed = false;
                d.reason = EgressReason::InvalidHost;
                d.detail = Some("the address is not the literal host".to_string());
                return d;
            }
        };
        let mut denied_by: Option<u32> = None;
        c.deny.for_each_match(&address, |e| {
            let port_ok = e.port.is_none() || port.is_none() || e.port == port;
            if port_ok && denied_by.is_none_or(|f| e.index < f) {
                denied_by = Some(e.index);
            }
        });
        if let Some(i) = denied_by {
            d.allowed = false;
            d.reason = EgressReason::DenylistMatch;
            d.detail = Some(format!(
                "{name} resolves to an address that matches {}",
                c.deny.patterns[i as usize]
            ));
            return d;
        }
        let Some(special) = special_destination(&address) else {
            return d;
        };
        let (mut name_exact, mut address_admitted) = (false, false);
        if let Some(allow) = &c.allow {
            allow.for_each_match(&name, |e| {
                name_exact |= e.exempt == Exemption::Exact && port_fits(e.port, port);
            });
            allow.for_each_match(&address, |e| {
                address_admitted |= e.exempt.admits(&special) && port_fits(e.port, port);
            });
        }
        if name_exact && address_admitted {
            return d;
        }
        d.allowed = false;
        d.reason = EgressReason::PrivateAddress;
        d.detail = Some(format!("{name} resolves to a {}", special.class));
        d
    }
}

#[cfg(test)]
mod tests {
    use std::net::IpAddr;

    use crate::egress::{EgressPolicy, EgressReason, HostPattern, Method};

    fn pats(l: &[&str]) -> Vec<HostPattern> {
        l.iter().map(|s| HostPattern::parse(s).unwrap()).collect()
    }

    fn policy(allow: &[&str], deny: &[&str]) -> EgressPolicy {
        EgressPolicy::new(Some(pats(allow)), pats(deny), None, None)
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn resolved(p: &EgressPolicy, host: &str, port: u16, addr: &str) -> EgressReason {
        let d = p.check_resolved(host, Some(port), ip(addr));
        assert_eq!(d.allowed, d.reason == EgressReason::MatchedAllowlist);
        d.reason
    }

    #[test]
    fn public_addresses_of_an_allowed_name_pass() {
        let p = policy(&["*.example.com"], &[]);
        assert_eq!(
            resolved(&p, "api.example.com", 443, "93.184.215.14"),
            EgressReason::MatchedAllowlist
        );
        assert_eq!(
            resolved(
                &p,
                "api.example.com",
                443,
                "2606:2800:21f:cb07:6820:80da:af6b:8b2c"
            ),
            EgressReason::MatchedAllowlist
        );
    }

    #[test]
    fn the_name_is_checked_first() {
        let p = policy(&["*.example.com"], &["bad.example.com"]);
        assert_eq!(
            resolved(&p, "other.org", 443, "93.184.215.14"),
            EgressReason::NotInAllowlist
        );
        assert_eq!(
            resolved(&p, "bad.example.com", 443, "93.184.215.14"),
            EgressReason::DenylistMatch
        );
    }

    #[test]
    fn special_addresses_need_the_exact_name_and_the_address_block() {
        for (allow, expect) in [
            (&["*"][..], EgressReason::PrivateAddress),
            (&["*.corp.example"][..], EgressReason::PrivateAddress),
            (
                &["*.corp.example", "10.0.0.0/8"][..],
                EgressReason::PrivateAddress,
            ),
            (&["reg.corp.example"][..], EgressReason::PrivateAddress),
            (
                &["reg.corp.example", "0.0.0.0/0"][..],
                EgressReason::PrivateAddress,
            ),
            (
                &["reg.corp.example", "10.9.0.0/16"][..],
                EgressReason::PrivateAddress,
            ),
            (
                &["reg.corp.example", "10.1.2.3"][..],
                EgressReason::MatchedAllowlist,
            ),
            (
                &["reg.corp.example", "10.1.0.0/16"][..],
                EgressReason::MatchedAllowlist,
            ),
            (
                &["reg.corp.example", "10.0.0.0/8"][..],
                EgressReason::MatchedAllowlist,
            ),
            (
                &["reg.corp.example:443", "10.0.0.0/8:443"][..],
                EgressReason::MatchedAllowlist,
            ),
            (
                &["reg.corp.example:443", "10.0.0.0/8:80"][..],
                EgressReason::PrivateAddress,
            ),
        ] {
            let p = policy(allow, &[]);
            assert_eq!(
                resolved(&p, "reg.corp.example", 443, "10.1.2.3"),
                expect,
                "{allow:?}"
            );
        }
    }

    #[test]
    fn loopback_metadata_and_embedded_forms_are_special() {
        let p = policy(&["*", "app.example"], &[]);
        for addr in [
            "127.0.0.1",
            "127.0.0.2",
            "::1",
            "::ffff:127.0.0.1",
            "169.254.169.254",
            "::ffff:a9fe:a9fe",
            "64:ff9b::a00:1",
            "2002:a00:1::1",
            "fd00:ec2::254",
            "0.0.0.0",
            "fe80::1",
        ] {
            assert_eq!(
                resolved(&p, "app.example", 443, addr),
                EgressReason::PrivateAddress,
                "{addr}"
            );
        }
        // Loopback is admitted by its own address, not by the metadata range or another block.
        let p = policy(&["app.example", "127.0.0.1"], &[]);
        assert_eq!(
            resolved(&p, "app.example", 8080, "127.0.0.1"),
            EgressReason::MatchedAllowlist
        );
        assert_eq!(
            resolved(&p, "app.example", 8080, "::ffff:127.0.0.1"),
            EgressReason::MatchedAllowlist
        );
        assert_eq!(
            resolved(&p, "app.example", 8080, "127.0.0.2"),
            EgressReason::PrivateAddress
        );
        let p = policy(&["app.example", "169.254.0.0/16"], &[]);
        assert_eq!(
            resolved(&p, "app.example", 80, "169.254.169.254"),
            EgressReason::PrivateAddress
        );
    }

    #[test]
    fn deny_ranges_apply_to_resolved_addresses() {
        let p = policy(&["*"], &["93.184.0.0/16"]);
        assert_eq!(
            resolved(&p, "www.example.com", 443, "93.184.215.14"),
            EgressReason::DenylistMatch
        );
        assert_eq!(
            resolved(&p, "www.example.com", 443, "::ffff:93.184.215.14"),
            EgressReason::DenylistMatch
        );
        let p = policy(&["*"], &["93.184.0.0/16:80"]);
        assert_eq!(
            resolved(&p, "www.example.com", 443, "93.184.215.14"),
            EgressReason::MatchedAllowlist
        );
        let p = policy(&["app.example", "10.0.0.0/8"], &["10.0.0.5"]);
        assert_eq!(
            resolved(&p, "app.example", 443, "10.0.0.5"),
            EgressReason::DenylistMatch
        );
    }

    #[test]
    fn address_literals_resolve_to_themselves_only() {
        let p = policy(&["10.0.0.0/8"], &[]);
        assert_eq!(
            resolved(&p, "10.1.2.3", 22, "10.1.2.3"),
            EgressReason::MatchedAllowlist
        );
        assert_eq!(
            resolved(&p, "10.1.2.3", 22, "10.1.2.4"),
            EgressReason::InvalidHost
        );
        assert_eq!(
            resolved(&p, "[::ffff:10.1.2.3]", 22, "10.1.2.3"),
            EgressReason::MatchedAllowlist
        );
    }

    #[test]
    fn an_invalid_policy_refuses_everything() {
        let p = EgressPolicy::invalid();
        assert_eq!(
            resolved(&p, "example.com", 443, "93.184.215.14"),
            EgressReason::InvalidPolicy
        );
        assert_eq!(
            p.check_tunnel("example.com", 443).reason,
            EgressReason::InvalidPolicy
        );
    }

    #[test]
    fn tunnels_follow_host_rules_and_the_methods_list() {
        let p = policy(&["example.com:443"], &[]);
        assert!(p.check_tunnel("example.com", 443).allowed);
        assert_eq!(
            p.check_tunnel("example.com", 22).reason,
            EgressReason::PortNotAllowed
        );
        assert_eq!(
            p.check_tunnel("127.0.0.1", 443).reason,
            EgressReason::PrivateAddress
        );
        let with = |methods: &[&str]| {
            EgressPolicy::new(
                Some(pats(&["example.com"])),
                vec![],
                Some(methods.iter().map(|m| Method::parse(m).unwrap()).collect()),
                None,
            )
        };
        let d = with(&["GET", "HEAD"]).check_tunnel("example.com", 443);
        assert_eq!(d.reason, EgressReason::MethodBlocked);
        assert!(!d.allowed);
        assert_eq!(d.host.as_deref(), Some("example.com"));
        assert!(
            with(&["GET", "connect"])
                .check_tunnel("example.com", 443)
                .allowed
        );
        let deny_first = EgressPolicy::new(
            Some(pats(&["example.com"])),
            pats(&["example.com"]),
            Some(vec![Method::parse("GET").unwrap()]),
            None,
        );
        assert_eq!(
            deny_first.check_tunnel("example.com", 443).reason,
            EgressReason::DenylistMatch
        );
    }
}
