//! Unit tests of policy document parsing (positions, formats, depth limits).

use super::*;

fn pos(line: u32, column: u32) -> Position {
    Position { line, column }
}

#[test]
fn yaml_positions() {
    let doc = parse_document("network:\n  allow: [\"a.com\", b.com]\n", Format::Yaml).unwrap();
    let network = doc.get("network").unwrap();
    let (key, allow) = &network.as_mapping().unwrap()[0];
    assert_eq!(key.name, "allow");
    assert_eq!(key.position, pos(2, 3));
    let items = allow.as_sequence().unwrap();
    assert_eq!(items[0].as_str(), Some("a.com"));
    assert_eq!(items[1].position, pos(2, 20));
}

#[test]
fn json_positions() {
    let doc = parse_document(
        "{\n  \"allow\": [\"a.com\",\n    \"b.com\"]\n}",
        Format::Json,
    )
    .unwrap();
    let items = doc.get("allow").unwrap().as_sequence().unwrap();
    assert_eq!(items[1].as_str(), Some("b.com"));
    assert_eq!(items[1].position.line, 3);
}

#[test]
fn toml_positions() {
    let doc = parse_document("[network]\nallow = [\"a.com\", \"b.com\"]\n", Format::Toml).unwrap();
    let network = doc.get("network").unwrap();
    let items = network.get("allow").unwrap().as_sequence().unwrap();
    assert_eq!(items[1].position, pos(2, 19));
    assert_eq!(network.as_mapping().unwrap()[0].0.position, pos(2, 1));
}

#[test]
fn syntax_errors_have_positions() {
    let e = parse_document("a: [1, 2\n", Format::Yaml).unwrap_err();
    assert!(e.position.is_known(), "{e:?}");
    let e = parse_document("{\"a\": }", Format::Json).unwrap_err();
    assert_eq!(e.position.line, 1);
    let e = parse_document("a = \n", Format::Toml).unwrap_err();
    assert!(e.position.is_known(), "{e:?}");
}

#[test]
fn yaml_scalars_keep_types() {
    let doc = parse_document("a: no\nb: 3\nc: true\nd: ~\ne: '3'\n", Format::Yaml).unwrap();
    assert_eq!(doc.get("b").unwrap().value, Value::Integer(3));
    assert_eq!(doc.get("c").unwrap().value, Value::Bool(true));
    assert_eq!(doc.get("d").unwrap().value, Value::Null);
    assert_eq!(doc.get("e").unwrap().value, Value::String("3".into()));
}

#[test]
fn deep_nesting_is_refused() {
    let deep = "[".repeat(100) + &"]".repeat(100);
    assert!(parse_document(&deep, Format::Json).is_err());
}
