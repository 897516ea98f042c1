//! Names users type and read (page, CLI, CSV): kebab-case, and they never change. One macro gives
//! every named enum of the lab (the algorithms, the charts, the theory curves) the same parsing,
//! printing and serde form.

/// Implements `name()`, `Display`, `FromStr`, serde (as the name) and the list of names for an
/// enum with `ALL` (every value, in menu order) and a descriptor method (given third) with a `name` field.
macro_rules! named_enum {
    ($ty:ident, $kind:literal, $info:ident) => {
        impl $ty {
            /// The name users type and read.
            pub fn name(self) -> &'static str {
                self.$info().name
            }

            /// Every name, comma-separated (for help texts and error messages).
            pub fn names() -> String {
                Self::ALL.map(Self::name).join(", ")
            }

            /// The entry called `name`.
            ///
            /// # Errors
            /// [`crate::Error::Unknown`] naming the accepted names.
            pub fn from_name(name: &str) -> crate::Result<Self> {
                Self::ALL
                    .iter()
                    .copied()
                    .find(|v| v.name() == name)
                    .ok_or_else(|| crate::Error::Unknown {
                        kind: $kind,
                        name: name.to_string(),
                        expected: Self::names(),
                    })
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $ty {
            type Err = crate::Error;
            fn from_str(s: &str) -> crate::Result<Self> {
                Self::from_name(s)
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(
                &self,
                s: S,
            ) -> std::result::Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(
                d: D,
            ) -> std::result::Result<Self, D::Error> {
                let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                Self::from_name(&name).map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use named_enum;
