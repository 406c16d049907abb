//! Records as OpenTelemetry logs: an OTLP `ExportLogsServiceRequest` in protobuf, with the
//! GenAI security (guardrail) attribute names.
//!
//! The protobuf is written by hand (a dozen fields of five messages), so this crate needs no
//! code generator. Field numbers are those of `opentelemetry/proto/{collector/logs,logs,
//! common,resource}/v1/*.proto`; the tests of the `toolgate` binary decode the output with the
//! official definitions (the `opentelemetry-proto` crate).

use crate::record::{HOST_ANSWER_NONE, Record};

/// `service.name` of the resource.
pub const SERVICE_NAME: &str = "toolgate";
/// The instrumentation scope name.
pub const SCOPE_NAME: &str = "toolgate.audit";
/// The event name of each log record.
pub const EVENT_NAME: &str = "toolgate.decision";

/// One record to export, with the SHA-256 of its line (so a collector can anchor the chain).
pub struct ExportItem<'a> {
    /// The record.
    pub record: &'a Record,
    /// SHA-256 of its line.
    pub line_sha256: &'a str,
}

/// OpenTelemetry's `gen_ai.security.decision.type` for a record: `deny` when the call was
/// stopped, `warn` when it went to a person or matched a warn rule, else `allow`.
pub fn decision_type(r: &Record) -> &'static str {
    let host = r.host_answer.as_deref().unwrap_or(HOST_ANSWER_NONE);
    if r.decision == "deny" || host == "deny" {
        "deny"
    } else if r.decision == "review" || host == "ask" || !r.warning_ids.is_empty() {
        "warn"
    } else {
        "allow"
    }
}

/// A low-cardinality reason (`gen_ai.security.decision.reason`): the checks that spoke
/// (`commands`, `egress`, …), or `none`.
pub fn decision_reason(r: &Record) -> String {
    let mut kinds: Vec<&str> = Vec::new();
    for c in &r.checks {
        if !kinds.contains(&c.check.as_str()) {
            kinds.push(&c.check);
        }
    }
    if kinds.is_empty() {
        "none".into()
    } else {
        kinds.join(",")
    }
}

/// An attribute value.
#[derive(Debug, Clone, PartialEq)]
pub enum AttrValue {
    /// A string.
    Str(String),
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// A list of strings.
    Strs(Vec<String>),
}

/// The attributes of one record, by OpenTelemetry name.
pub fn attributes(item: &ExportItem<'_>) -> Vec<(&'static str, AttrValue)> {
    use AttrValue::*;
    let r = item.record;
    let mut a: Vec<(&'static str, AttrValue)> = vec![
        ("gen_ai.operation.name", Str("apply_guardrail".into())),
        ("gen_ai.guardian.name", Str(SERVICE_NAME.into())),
        ("gen_ai.guardian.provider.name", Str(SERVICE_NAME.into())),
        ("gen_ai.guardian.version", Str(r.toolgate.version.clone())),
        (
            "gen_ai.security.decision.type",
            Str(decision_type(r).into()),
        ),
        ("gen_ai.security.decision.reason", Str(decision_reason(r))),
        ("gen_ai.security.target.type", Str(r.target_type.clone())),
        ("gen_ai.security.policy.id", Str(r.policy.id())),
        ("gen_ai.security.policy.name", Str(r.policy.id())),
    ];
    let mut opt = |k: &'static str, v: &Option<String>| {
        if let Some(v) = v {
            a.push((k, Str(v.clone())));
        }
    };
    opt("gen_ai.security.target.id", &r.tool_use_id);
    opt("gen_ai.security.policy.version", &r.policy.sha256);
    opt("gen_ai.security.content.input.hash", &r.input_hash);
    opt("gen_ai.conversation.id", &r.session_id);
    opt("gen_ai.agent.name", &r.agent);
    opt("gen_ai.tool.name", &r.tool);
    opt("gen_ai.tool.call.id", &r.tool_use_id);
    opt("user.name", &r.user);
    opt("toolgate.host_answer", &r.host_answer);
    a.push(("toolgate.decision", Str(r.decision.clone())));
    a.push(("toolgate.surface", Str(r.surface.clone())));
    a.push(("toolgate.decision_id", Str(r.decision_id.clone())));
    a.push((
        "toolgate.seq",
        Int(i64::try_from(r.seq).unwrap_or(i64::MAX)),
    ));
    a.push((
        "toolgate.latency_us",
        Int(i64::try_from(r.latency_us).unwrap_or(i64::MAX)),
    ));
    a.push(("toolgate.policy.usable", Bool(r.policy.usable)));
    a.push(("toolgate.prev_sha256", Str(r.prev_sha256.clone())));
    a.push(("toolgate.line_sha256", Str(item.line_sha256.to_string())));
    if !r.rule_ids.is_empty() {
        a.push(("toolgate.rule_ids", Strs(r.rule_ids.clone())));
    }
    if !r.warning_ids.is_empty() {
        a.push(("toolgate.warning_ids", Strs(r.warning_ids.clone())));
    }
    let classes: Vec<String> = r
        .destinations
        .iter()
        .filter(|d| !d.allowed)
        .map(|d| d.class.clone())
        .collect();
    if !classes.is_empty() {
        a.push(("toolgate.destination.denied_classes", Strs(classes)));
    }
    a
}

/// The `ExportLogsServiceRequest` for `items`: one resource per host name, one scope.
pub fn export_request(items: &[ExportItem<'_>], observed_unix_nano: u64) -> Vec<u8> {
    let mut hosts: Vec<Option<&str>> = Vec::new();
    for item in items {
        let h = item.record.host_name.as_deref();
        if !hosts.contains(&h) {
            hosts.push(h);
        }
    }
    let mut out = Vec::new();
    for host in hosts {
        let mut resource = Vec::new();
        key_value(
            &mut resource,
            1,
            "service.name",
            &AttrValue::Str(SERVICE_NAME.into()),
        );
        if let Some(h) = host {
            key_value(&mut resource, 1, "host.name", &AttrValue::Str(h.into()));
        }
        let mut scope = Vec::new();
        string(&mut scope, 1, SCOPE_NAME);
        string(&mut scope, 2, env!("CARGO_PKG_VERSION"));
        let mut scope_logs = Vec::new();
        message(&mut scope_logs, 1, &scope);
        for item in items
            .iter()
            .filter(|i| i.record.host_name.as_deref() == host)
        {
            message(&mut scope_logs, 2, &log_record(item, observed_unix_nano));
        }
        let mut resource_logs = Vec::new();
        message(&mut resource_logs, 1, &resource);
        message(&mut resource_logs, 2, &scope_logs);
        message(&mut out, 1, &resource_logs);
    }
    out
}

fn log_record(item: &ExportItem<'_>, observed_unix_nano: u64) -> Vec<u8> {
    let r = item.record;
    let mut m = Vec::new();
    let time = crate::clock::parse_rfc3339_millis(&r.ts).map_or(0, |ms| ms * 1_000_000);
    fixed64(&mut m, 1, time);
    // SeverityNumber: WARN (13) for a stopped call, INFO2 (10) for a warning, INFO (9).
    let (severity, text) = match decision_type(r) {
        "deny" => (13, "WARN"),
        "warn" => (10, "INFO2"),
        _ => (9, "INFO"),
    };
    varint_field(&mut m, 2, severity);
    string(&mut m, 3, text);
    let mut body = Vec::new();
    any_value(&mut body, &AttrValue::Str(r.reason.clone()));
    message(&mut m, 5, &body);
    for (k, v) in attributes(item) {
        key_value(&mut m, 6, k, &v);
    }
    fixed64(&mut m, 11, observed_unix_nano);
    string(&mut m, 12, EVENT_NAME);
    m
}

fn key_value(out: &mut Vec<u8>, field: u32, key: &str, value: &AttrValue) {
    let mut kv = Vec::new();
    string(&mut kv, 1, key);
    let mut v = Vec::new();
    any_value(&mut v, value);
    message(&mut kv, 2, &v);
    message(out, field, &kv);
}

/// The fields of an `AnyValue` (its oneof).
fn any_value(out: &mut Vec<u8>, value: &AttrValue) {
    match value {
        AttrValue::Str(s) => string(out, 1, s),
        AttrValue::Bool(b) => varint_field(out, 2, u64::from(*b)),
        AttrValue::Int(i) => varint_field(out, 3, *i as u64),
        AttrValue::Strs(items) => {
            let mut array = Vec::new();
            for s in items {
                let mut v = Vec::new();
                string(&mut v, 1, s);
                message(&mut array, 1, &v);
            }
            message(out, 5, &array);
        }
    }
}

fn tag(out: &mut Vec<u8>, field: u32, wire: u8) {
    varint(out, (u64::from(field) << 3) | u64::from(wire));
}

fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn varint_field(out: &mut Vec<u8>, field: u32, v: u64) {
    tag(out, field, 0);
    varint(out, v);
}

fn fixed64(out: &mut Vec<u8>, field: u32, v: u64) {
    tag(out, field, 1);
    out.extend_from_slice(&v.to_le_bytes());
}

fn bytes_field(out: &mut Vec<u8>, field: u32, b: &[u8]) {
    tag(out, field, 2);
    varint(out, b.len() as u64);
    out.extend_from_slice(b);
}

fn string(out: &mut Vec<u8>, field: u32, s: &str) {
    bytes_field(out, field, s.as_bytes());
}

fn message(out: &mut Vec<u8>, field: u32, m: &[u8]) {
    bytes_field(out, field, m);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_and_tags_follow_protobuf() {
        let mut v = Vec::new();
        varint(&mut v, 300);
        assert_eq!(v, [0xac, 0x02]);
        let mut v = Vec::new();
        string(&mut v, 1, "hi");
        assert_eq!(v, [0x0a, 2, b'h', b'i']);
        let mut v = Vec::new();
        fixed64(&mut v, 11, 1);
        assert_eq!(v, [0x59, 1, 0, 0, 0, 0, 0, 0, 0]);
        let mut v = Vec::new();
        varint_field(&mut v, 3, -1i64 as u64);
        assert_eq!(v.len(), 11);
    }

    #[test]
    fn decision_types() {
        let mut r = Record {
            decision: "review".into(),
            host_answer: Some("deny".into()),
            ..Record::default()
        };
        assert_eq!(decision_type(&r), "deny");
        r.host_answer = Some("ask".into());
        assert_eq!(decision_type(&r), "warn");
        r.decision = "no_decision".into();
        r.host_answer = Some("none".into());
        assert_eq!(decision_type(&r), "allow");
        r.warning_ids = vec!["W".into()];
        assert_eq!(decision_type(&r), "warn");
    }
}
