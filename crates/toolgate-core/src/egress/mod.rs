//! Network egress: URL and host canonicalisation, host patterns, the egress decision.
