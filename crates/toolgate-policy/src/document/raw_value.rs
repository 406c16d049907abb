//! The serde visitor the YAML and TOML readers share: any value, with each format's own node
//! and key types for what it holds, turned into a tree node.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use super::{Key, Node, Position, Value};

pub(super) enum RawValue<N> {
    Null,
    Bool(bool),
    Integer(i64),
    Float(f64),
    String(String),
    Sequence(Vec<N>),
    Mapping(Vec<(Key, N)>),
}

impl<N> RawValue<N> {
    pub(super) fn into_node(self, position: Position, convert: impl Fn(N) -> Node) -> Node {
        let value = match self {
            RawValue::Null => Value::Null,
            RawValue::Bool(b) => Value::Bool(b),
            RawValue::Integer(i) => Value::Integer(i),
            RawValue::Float(f) => Value::Float(f),
            RawValue::String(s) => Value::String(s),
            RawValue::Sequence(items) => Value::Sequence(items.into_iter().map(convert).collect()),
            RawValue::Mapping(entries) => {
                Value::Mapping(entries.into_iter().map(|(k, v)| (k, convert(v))).collect())
            }
        };
        Node { value, position }
    }

    pub(super) fn key_text(&self) -> String {
        match self {
            RawValue::Null => "null".into(),
            RawValue::Bool(b) => b.to_string(),
            RawValue::Integer(i) => i.to_string(),
            RawValue::Float(f) => f.to_string(),
            RawValue::String(s) => s.clone(),
            RawValue::Sequence(_) => "<list>".into(),
            RawValue::Mapping(_) => "<mapping>".into(),
        }
    }
}

pub(super) trait KeyOf<'de>: Deserialize<'de> {
    fn into_key(self) -> Key;
}

pub(super) trait NodeKind<'de>: Deserialize<'de> {
    type K: KeyOf<'de>;
}

impl<'de, N: NodeKind<'de>> Deserialize<'de> for RawValue<N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(RawVisitor(std::marker::PhantomData))
    }
}

struct RawVisitor<N>(std::marker::PhantomData<N>);

impl<'de, N: NodeKind<'de>> Visitor<'de> for RawVisitor<N> {
    type Value = RawValue<N>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(RawValue::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(RawValue::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(RawValue::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(RawValue::Integer(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(i64::try_from(v).map_or(RawValue::Float(v as f64), RawValue::Integer))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Self::Value, E> {
        Ok(i64::try_from(v).map_or(RawValue::Float(v as f64), RawValue::Integer))
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Self::Value, E> {
        Ok(i64::try_from(v).map_or(RawValue::Float(v as f64), RawValue::Integer))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(RawValue::Float(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(RawValue::String(v.to_string()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(RawValue::String(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<N>()? {
            items.push(item);
        }
        Ok(RawValue::Sequence(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries: Vec<(Key, N)> = Vec::new();
        while let Some(key) = map.next_key::<N::K>()? {
            let key = key.into_key();
            let value = map.next_value::<N>()?;
            entries.push((key, value));
        }
        Ok(RawValue::Mapping(entries))
    }
}
