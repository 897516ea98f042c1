//! Whole numbers read from any number a page or a notebook sends (`1`, `1.0`, `-1`), so that a
//! value that is not whole or out of range is refused with the field's name, the value and its
//! range — as the CLI refuses the same flag, and as [`Error::NotWhole`](crate::Error::NotWhole)
//! says it — and not with serde's "invalid value: integer `-1`, expected u64". The run's
//! [`seed`](super::Config::seed) here; a sweep's fields in `experiment`.

use serde::de::{self, Deserializer, Visitor};
use std::fmt;

/// The range of a seed, every `u64`: the settings table's `seed` row and [`seed`] name it.
pub const SEED_RANGE: &str = "[0, 18446744073709551615]";

/// A whole number in `[min, max]`, named `name` (with its range `range`) in a refusal.
struct Whole {
    name: &'static str,
    min: u64,
    max: u64,
    range: &'static str,
}

impl Whole {
    fn refuse<E: de::Error>(&self, value: impl fmt::Display) -> E {
        E::custom(format!(
            "{} must be a whole number in {}, got {value}",
            self.name, self.range
        ))
    }
}

impl Visitor<'_> for Whole {
    type Value = u64;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}: a whole number in {}", self.name, self.range)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
        if (self.min..=self.max).contains(&v) {
            Ok(v)
        } else {
            Err(self.refuse(v))
        }
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
        match u64::try_from(v) {
            Ok(v) => self.visit_u64(v),
            Err(_) => Err(self.refuse(v)),
        }
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
        // exact below 2^53; a whole f64 beyond it is taken as the integer it is
        if v.fract() == 0.0 && v >= self.min as f64 && v <= self.max as f64 {
            Ok(v as u64)
        } else {
            Err(self.refuse(v))
        }
    }
}

/// Reads the field `name` as a whole number in `[min, max]`, refused with `range`.
///
/// # Errors
/// A value that is not a whole number in `[min, max]`: `{name} must be a whole number in
/// {range}, got {value}`.
pub fn read<'de, D: Deserializer<'de>>(
    d: D,
    name: &'static str,
    (min, max): (u64, u64),
    range: &'static str,
) -> Result<u64, D::Error> {
    d.deserialize_any(Whole {
        name,
        min,
        max,
        range,
    })
}

/// `seed`, a whole number in [`SEED_RANGE`].
///
/// # Errors
/// A value that is not: `seed must be a whole number in [0, 18446744073709551615], got -1`.
pub fn seed<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    read(d, "seed", (0, u64::MAX), SEED_RANGE)
}

#[cfg(test)]
mod tests {
    use crate::train::Config;

    /// A run's configuration with `seed` (JSON), read.
    fn seed(value: &str) -> Result<u64, String> {
        serde_json::from_str::<Config>(&format!(r#"{{"seed": {value}}}"#))
            .map(|c| c.seed)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_seed_out_of_range_is_named_with_its_range() {
        assert_eq!(seed("7"), Ok(7));
        assert_eq!(seed("7.0"), Ok(7));
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
        for value in ["-1", "1.5", "-0.5"] {
            let e = seed(value).unwrap_err();
            let want = "seed must be a whole number in [0, 18446744073709551615], got ";
            assert!(e.starts_with(want), "{e}");
        }
        assert!(seed("-1").unwrap_err().contains("got -1"));
        assert_eq!(serde_json::from_str::<Config>("{}").unwrap().seed, 1);
    }
}
