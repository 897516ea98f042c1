//! [`super::StopRule`] read as serde's derive reads an internally tagged enum (`#[serde(tag =
//! "kind")]`): `kind` wherever it stands among the fields (or first of a sequence), the other
//! fields buffered ([`crate::buffered`]) until it is known, then read as the kind's fields. The same
//! reads and messages ("missing field `kind`", "unknown variant …", "invalid value: integer `-1`,
//! expected usize", …) without serde's buffer.

use crate::buffered::{Buffer, Value, ValueDeserializer};
use serde::de::{self, value, DeserializeSeed, Deserializer, Error as _, Visitor};
use serde::Deserialize;
use std::fmt;

/// The kinds, as serde names the variants.
const KINDS: &[&str] = &["epochs", "no-improvement", "gap", "angle"];

/// The fields of each kind, read by serde's derive as the variants' of `StopRule` (its messages
/// name `StopRule`): the shape of [`super::StopRule`], which its `Deserialize` maps back.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum StopRule {
    Epochs,
    NoImprovement,
    Gap {
        tolerance: f64,
    },
    Angle {
        tolerance: f64,
        #[serde(default)]
        block: Option<usize>,
    },
}

/// Reads a stop rule's kind and fields.
pub(super) fn read<'de, D: Deserializer<'de>>(d: D) -> Result<StopRule, D::Error> {
    let (kind, rest) = d.deserialize_any(Tagged)?;
    StopRule::deserialize(Variant::<D::Error> {
        kind: KINDS[kind],
        rest: ValueDeserializer::new(rest),
    })
}

/// The kind's index: a variant identifier.
struct Kind;

impl<'de> DeserializeSeed<'de> for Kind {
    type Value = usize;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for Kind {
    type Value = usize;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("variant identifier")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<usize, E> {
        KINDS
            .iter()
            .position(|k| *k == v)
            .ok_or_else(|| E::unknown_variant(v, KINDS))
    }
}

/// The kind and the other fields, as buffered.
struct Tagged;

impl<'de> Visitor<'de> for Tagged {
    type Value = (usize, Value);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("internally tagged enum StopRule")
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let kind = seq
            .next_element_seed(Kind)?
            .ok_or_else(|| A::Error::missing_field("kind"))?;
        Ok((
            kind,
            Buffer.deserialize(value::SeqAccessDeserializer::new(seq))?,
        ))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut kind = None;
        let mut rest = vec![];
        while let Some(key) = map.next_key_seed(Buffer)? {
            if key.as_str() == Some("kind") {
                if kind.is_some() {
                    return Err(A::Error::duplicate_field("kind"));
                }
                kind = Some(map.next_value_seed(Kind)?);
            } else {
                rest.push((key, map.next_value_seed(Buffer)?));
            }
        }
        let kind = kind.ok_or_else(|| A::Error::missing_field("kind"))?;
        Ok((kind, Value::Map(rest)))
    }
}

/// A kind and its buffered fields, read by [`StopRule`]' derive as its variant.
struct Variant<E> {
    kind: &'static str,
    rest: ValueDeserializer<E>,
}

impl<'de, E: de::Error> Deserializer<'de> for Variant<E> {
    type Error = E;
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_enum(self)
    }
    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option
        unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier
        ignored_any
    }
}

impl<'de, E: de::Error> de::EnumAccess<'de> for Variant<E> {
    type Error = E;
    type Variant = ValueDeserializer<E>;
    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), E> {
        let kind = seed.deserialize(de::value::BorrowedStrDeserializer::<E>::new(self.kind))?;
        Ok((kind, self.rest))
    }
}

impl<'de, E: de::Error> de::VariantAccess<'de> for ValueDeserializer<E> {
    type Error = E;

    /// A kind without fields ignores those of a map; a sequence must end after the kind.
    fn unit_variant(self) -> Result<(), E> {
        match self.into_value() {
            Value::Seq(items) => value::SeqDeserializer::<_, E>::new(items.into_iter()).end(),
            _ => Ok(()),
        }
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, E> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, E> {
        self.deserialize_any(visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        self.deserialize_any(visitor)
    }
}
