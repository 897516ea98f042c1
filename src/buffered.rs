//! A value read before the type it is for is known, as serde buffers it for an internally tagged
//! enum (the fields before the tag) and for `#[serde(flatten)]` (the fields the struct does not
//! name): the same reads, so the same values and the same messages ("invalid value: integer `-1`,
//! expected usize", "invalid type: map, expected f64", "expected any value"), in much less code
//! than serde's own buffer. Used by [`crate::experiment::StopRule`] and [`crate::scene::Settings`].
//!
//! [`Value`] holds what a self-describing format gives `deserialize_any` (serde's private
//! `Content`, without the kinds no format of ours produces); [`ValueDeserializer`] reads it back
//! as serde's `ContentDeserializer` does: numbers for floats and integers alike, `null` as `None`,
//! any other kind an "invalid type" naming it.

use serde::de::{
    self, value, DeserializeSeed, Deserializer, IntoDeserializer, Unexpected, Visitor,
};
use std::fmt;
use std::marker::PhantomData;

/// A buffered value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `null`, `undefined`, a unit.
    Unit,
    /// A boolean.
    Bool(bool),
    /// A negative (or, from some formats, any) integer.
    I64(i64),
    /// A non-negative integer.
    U64(u64),
    /// Any other number.
    F64(f64),
    /// A string.
    Str(String),
    /// Bytes.
    Bytes(Vec<u8>),
    /// A sequence.
    Seq(Vec<Value>),
    /// A map, its entries in order.
    Map(Vec<(Value, Value)>),
}

impl Value {
    /// What an "invalid type" message calls this value.
    fn unexpected(&self) -> Unexpected<'_> {
        match self {
            Value::Unit => Unexpected::Unit,
            Value::Bool(b) => Unexpected::Bool(*b),
            Value::I64(n) => Unexpected::Signed(*n),
            Value::U64(n) => Unexpected::Unsigned(*n),
            Value::F64(x) => Unexpected::Float(*x),
            Value::Str(s) => Unexpected::Str(s),
            Value::Bytes(b) => Unexpected::Bytes(b),
            Value::Seq(_) => Unexpected::Seq,
            Value::Map(_) => Unexpected::Map,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
}

impl<'de> de::Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

/// Reads any value into a [`Value`] ("expected any value" otherwise, as serde's buffer says).
struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::I64(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::U64(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::F64(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::Str(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::Str(v))
    }
    fn visit_bytes<E>(self, v: &[u8]) -> Result<Value, E> {
        Ok(Value::Bytes(v.to_vec()))
    }
    fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Value, E> {
        Ok(Value::Bytes(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Unit)
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element()? {
            out.push(v);
        }
        Ok(Value::Seq(out))
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(entry) = map.next_entry()? {
            out.push(entry);
        }
        Ok(Value::Map(out))
    }
}

/// Reads a [`Value`] back as serde's `ContentDeserializer` reads its buffer.
pub struct ValueDeserializer<E> {
    value: Value,
    error: PhantomData<E>,
}

impl<E> ValueDeserializer<E> {
    /// The deserializer of `value`.
    pub fn new(value: Value) -> Self {
        Self {
            value,
            error: PhantomData,
        }
    }

    /// The value.
    pub fn into_value(self) -> Value {
        self.value
    }
}

impl<E: de::Error> IntoDeserializer<'_, E> for Value {
    type Deserializer = ValueDeserializer<E>;
    fn into_deserializer(self) -> ValueDeserializer<E> {
        ValueDeserializer::new(self)
    }
}

impl<E: de::Error> ValueDeserializer<E> {
    fn invalid_type(&self, exp: &dyn de::Expected) -> E {
        E::invalid_type(self.value.unexpected(), exp)
    }

    /// A sequence or map visited, then checked to be used up (serde's messages on leftovers).
    fn visit_compound<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.value {
            Value::Seq(items) => {
                let mut seq = value::SeqDeserializer::new(items.into_iter());
                let out = visitor.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(out)
            }
            Value::Map(entries) => {
                let mut map = value::MapDeserializer::new(entries.into_iter());
                let out = visitor.visit_map(&mut map)?;
                map.end()?;
                Ok(out)
            }
            _ => Err(self.invalid_type(&visitor)),
        }
    }
}

impl<'de, E: de::Error> Deserializer<'de> for ValueDeserializer<E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.value {
            Value::Unit => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::I64(n) => visitor.visit_i64(n),
            Value::U64(n) => visitor.visit_u64(n),
            Value::F64(x) => visitor.visit_f64(x),
            Value::Str(s) => visitor.visit_string(s),
            Value::Bytes(b) => visitor.visit_byte_buf(b),
            Value::Seq(_) | Value::Map(_) => self.visit_compound(visitor),
        }
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.value {
            Value::F64(x) => visitor.visit_f64(x),
            Value::I64(_) | Value::U64(_) => self.deserialize_u64(visitor),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.value {
            Value::I64(n) => visitor.visit_i64(n),
            Value::U64(n) => visitor.visit_u64(n),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        self.deserialize_u64(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.value {
            Value::Unit => visitor.visit_unit(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.value {
            Value::Str(s) => visitor.visit_string(s),
            Value::Bytes(b) => visitor.visit_byte_buf(b),
            Value::U64(n) => visitor.visit_u64(n),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        self.visit_compound(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i128 u8 u16 u32 u128 f32 char str string bytes byte_buf unit unit_struct
        newtype_struct seq tuple tuple_struct map enum
    }
}

/// Reads the next value of `map` as a [`Value`] (a seed, so that no visitor type is added per
/// caller).
pub struct Buffer;

impl<'de> DeserializeSeed<'de> for Buffer {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

/// `T` read from `entries` as a struct, as serde's `flatten` reads it from the entries its
/// container did not name: those with a string key, in their order (`T` ignores the names it does
/// not know), with `T`'s own messages (duplicate fields, bad values) and defaults.
///
/// # Errors
/// `T`'s.
pub fn from_entries<'de, T: de::Deserialize<'de>, E: de::Error>(
    entries: Vec<(Value, Value)>,
) -> Result<T, E> {
    let named = entries
        .into_iter()
        .filter(|(k, _)| k.as_str().is_some())
        .collect();
    T::deserialize(ValueDeserializer::<E>::new(Value::Map(named)))
}
