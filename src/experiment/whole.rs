//! The whole-number fields of a sweep's parameters (`n`, `reps`, `updates`, `seed`) read from any
//! number a page or a notebook sends, so that a value that is not whole or out of range is refused
//! with the field's name, the value and its range — as the CLI refuses the same flag — and not
//! with serde's "invalid type: floating point `1.5`, expected usize".

use crate::train::settings::SETTINGS;
pub(super) use crate::train::whole::read;
use serde::de::{self, Deserializer, Visitor};
use std::fmt;

/// The range of the settings table's `key`: its ends as whole numbers and its text.
fn table(key: &str) -> (u64, u64, &'static str) {
    SETTINGS
        .iter()
        .find(|d| d.key == key)
        .and_then(|d| d.range)
        .map_or((0, u64::MAX, "[0, ∞)"), |r| {
            (r.min as u64, r.max as u64, r.text)
        })
}

/// `updates`, absent or `null` for none: the settings table's range.
pub fn updates<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    /// `None` for `null`, else the whole number.
    struct Optional;
    impl<'de> Visitor<'de> for Optional {
        type Value = Option<usize>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("updates: a whole number or null")
        }
        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            let (min, max, range) = table("updates");
            read(d, "updates", (min, max), range).map(|v| Some(v as usize))
        }
    }
    d.deserialize_option(Optional)
}

/// `seed`: the settings table's range.
pub fn seed<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let (min, max, range) = table("seed");
    read(d, "seed", (min, max), range)
}

#[cfg(test)]
mod tests {
    use crate::experiment::CurveParams;

    /// The page's sweep with `field` set to `value` (JSON), read.
    fn read(field: &str, value: &str) -> Result<CurveParams, String> {
        let mut json: serde_json::Value = serde_json::from_str(
            r#"{"n": 5, "alphas": [1], "reps": 2, "algorithms": ["hebb"], "epochs": 10,
                "seed": 1, "noise": 0, "labels": "teacher", "stop": {"kind": "epochs"}}"#,
        )
        .unwrap();
        json[field] = serde_json::from_str(value).unwrap();
        serde_json::from_str(&json.to_string()).map_err(|e| e.to_string())
    }

    #[test]
    fn whole_fields_name_their_range() {
        for (field, value, words) in [
            (
                "n",
                "1.5",
                "N must be a whole number in [1, 100000], got 1.5",
            ),
            ("n", "0", "N must be a whole number in [1, 100000], got 0"),
            (
                "reps",
                "100001",
                "repetitions must be a whole number in [1, 100000], got 100001",
            ),
            (
                "seed",
                "-1",
                "seed must be a whole number in [0, 18446744073709551615], got -1",
            ),
            (
                "updates",
                "2.5",
                "updates must be a whole number in [1, 18446744073709551615], got 2.5",
            ),
            (
                "updates",
                "0",
                "updates must be a whole number in [1, 18446744073709551615], got 0",
            ),
        ] {
            let err = read(field, value).unwrap_err();
            assert!(err.starts_with(words), "{field} = {value}: {err}");
        }
    }

    #[test]
    fn whole_values_are_taken_exactly() {
        assert_eq!(read("seed", "18446744073709551615").unwrap().seed, u64::MAX);
        assert_eq!(read("n", "100000.0").unwrap().n, 100_000);
        assert_eq!(read("updates", "null").unwrap().updates, None);
        assert_eq!(read("updates", "7").unwrap().updates, Some(7));
    }
}
