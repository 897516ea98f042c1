//! How the text of a data file becomes numbers and column names.
//!
//! The core reads with the standard library ([`Std`]: `f64::from_str`, `str::to_lowercase`). The
//! page's boundary reads with the browser's own conversions instead (`parseFloat`,
//! `toLowerCase`), which give the same results — decimal to `f64` correctly rounded, Unicode's
//! default lowercase — so that the page's module carries no second copy of the float parser's
//! power-of-five table and of the Unicode case tables (the download's size); `tests/wasm_api.rs`
//! checks the two against each other. Which strings are numbers is decided here, by [`literal`],
//! for every reader alike.

use super::quote::quoted;

/// Reads the fields of a data file.
pub trait Reading {
    /// `text` as an `f64` when it is a number in the syntax of `f64::from_str` (see [`literal`]),
    /// else `None`.
    fn number(&self, text: &str) -> Option<f64>;
    /// `text` in lowercase (Unicode's default case conversion).
    fn lowercase(&self, text: &str) -> String;
}

/// The standard library's reading.
pub struct Std;

impl Reading for Std {
    fn number(&self, text: &str) -> Option<f64> {
        text.parse().ok()
    }

    fn lowercase(&self, text: &str) -> String {
        text.to_lowercase()
    }
}

/// The finite number a field holds, read by `reading`.
///
/// # Errors
/// What is wrong with the field, shown quoted and cut short: not a number, NaN or infinite, or a
/// decimal beyond the range of `f64` (which reads as ±∞; a value of 200 million digits says so,
/// not "inf is not finite").
pub fn number(reading: &dyn Reading, field: &str) -> std::result::Result<f64, String> {
    let v = reading
        .number(field)
        .ok_or_else(|| format!("{} is not a number", quoted(field)))?;
    if v.is_finite() {
        Ok(v)
    } else if literal(field) == Some(Literal::Decimal) {
        Err(format!(
            "{} is out of range: a number's magnitude is at most {:e}",
            quoted(field),
            f64::MAX
        ))
    } else {
        Err(format!("{v} is not finite"))
    }
}

/// What a number literal is, by the grammar of `f64::from_str`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Literal {
    /// Digits with an optional point and exponent: `Digit+ | Digit+ '.' Digit* | Digit* '.' Digit+`,
    /// then optionally `[eE] Sign? Digit+`.
    Decimal,
    /// `inf` or `infinity` (any case), negative after a `-`.
    Infinite {
        /// After a `-`.
        negative: bool,
    },
    /// `nan` (any case).
    NaN,
}

/// The kind of number `text` is in the grammar of `f64::from_str` — `Sign? ('inf' | 'infinity' |
/// 'nan' | Number)` with the three words in any case —, or `None` when it is not one (no spaces,
/// no `_`, no hexadecimal).
#[must_use]
pub fn literal(text: &str) -> Option<Literal> {
    let (negative, body) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if ["inf", "infinity"]
        .iter()
        .any(|w| body.eq_ignore_ascii_case(w))
    {
        return Some(Literal::Infinite { negative });
    }
    if body.eq_ignore_ascii_case("nan") {
        return Some(Literal::NaN);
    }
    let bytes = body.as_bytes();
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let int = digits(0);
    let mut at = int;
    let mut frac = 0;
    if bytes.get(at) == Some(&b'.') {
        frac = digits(at + 1);
        at += 1 + frac;
    }
    if int + frac == 0 {
        return None;
    }
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        at += 1;
        if matches!(bytes.get(at), Some(b'+' | b'-')) {
            at += 1;
        }
        let exp = digits(at);
        if exp == 0 {
            return None;
        }
        at += exp;
    }
    (at == bytes.len()).then_some(Literal::Decimal)
}

#[cfg(test)]
mod tests {
    use super::{literal, Literal};

    /// `literal` accepts exactly what `f64::from_str` accepts, and names its infinities and NaN:
    /// every string of up to four characters over an alphabet of the grammar's symbols and a few
    /// others, and longer random ones.
    #[test]
    fn literal_is_the_standard_grammar() {
        let alphabet: Vec<char> = "0159.eE+-_ xinfatyNIAY".chars().collect();
        let check = |s: &str| {
            let std = s.parse::<f64>();
            match literal(s) {
                None => assert!(std.is_err(), "{s:?} is a number to std"),
                Some(Literal::Decimal) => {
                    let v = std.unwrap_or_else(|_| panic!("{s:?} is not a number to std"));
                    assert!(!v.is_nan(), "{s:?}");
                }
                Some(Literal::Infinite { negative }) => {
                    assert_eq!(
                        std,
                        Ok(if negative {
                            f64::NEG_INFINITY
                        } else {
                            f64::INFINITY
                        }),
                        "{s:?}"
                    );
                }
                Some(Literal::NaN) => assert!(std.is_ok_and(f64::is_nan), "{s:?}"),
            }
        };
        let mut layer = vec![String::new()];
        for _ in 0..4 {
            layer = layer
                .iter()
                .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
                .collect();
            for s in &layer {
                check(s);
            }
        }
        for word in [
            "inf",
            "Infinity",
            "-INF",
            "+infinity",
            "NaN",
            "-nan",
            "+NAN",
            "infinit",
            "nana",
        ] {
            check(word);
        }
        let mut x: u64 = 7;
        for _ in 0..100_000 {
            let s: String = (0..12)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    alphabet[(x % alphabet.len() as u64) as usize]
                })
                .collect();
            check(&s);
        }
    }
}
