//! The crate's one error type.

/// Everything that can go wrong in the core, with a message that names the value and what was expected.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// A number is outside its allowed range.
    #[error("{name} must be in {range}, got {value}")]
    OutOfRange {
        /// What the number is.
        name: &'static str,
        /// The value given.
        value: f64,
        /// The allowed range, in words.
        range: &'static str,
    },
    /// A number that must be whole is not, or is outside its range.
    #[error("{name} must be a whole number in {range}, got {value}")]
    NotWhole {
        /// What the number is.
        name: &'static str,
        /// The value given.
        value: f64,
        /// The allowed range, in words.
        range: &'static str,
    },
    /// The feature array does not have `rows × dim` entries.
    #[error("expected {expected} feature values (rows × dim), got {got}")]
    Shape {
        /// `rows × dim`.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// A coordinate is NaN or infinite.
    #[error("point {index}: coordinate {coord} is {value}, not a finite number")]
    NotFinite {
        /// Index of the point (0-based).
        index: usize,
        /// Index of the coordinate (0-based).
        coord: usize,
        /// The offending value.
        value: f64,
    },
    /// A label is not one of −1, +1, 0, 1.
    #[error("point {index}: {}", not_a_label(*value))]
    BadLabel {
        /// Index of the point (0-based).
        index: usize,
        /// The offending value.
        value: f64,
    },
    /// Labels of both conventions, a 0 and a −1, in one set (`data::labels`).
    #[error("point {index}: {}", mixed_labels(*value, "point", *other, *other_value))]
    MixedLabels {
        /// Index of the point (0-based).
        index: usize,
        /// Its label.
        value: f64,
        /// Index of the first point of the other convention.
        other: usize,
        /// That point's label.
        other_value: f64,
    },
    /// Too many points.
    #[error("{got} points is too many: at most {max} are allowed")]
    TooMany {
        /// The number given.
        got: usize,
        /// The limit.
        max: usize,
    },
    /// The data set has no points.
    #[error("the data set is empty: add at least one point")]
    Empty,
    /// The data set has points of one class only where two are needed.
    #[error("all points have label {label:+}: with a threshold the margin is unbounded; add a point of the other class")]
    OneClass {
        /// The label every point has.
        label: i8,
    },
    /// The data are not linearly separable, so an algorithm that needs separability has no answer.
    #[error("the data set is not linearly separable{detail}")]
    NotSeparable {
        /// Extra detail, starting with a separator (may be empty).
        detail: String,
    },
    /// A parse error in user-provided text.
    #[error("line {line}: {message}")]
    Parse {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A size that would need more memory than is allowed, refused before anything is allocated.
    #[error("{what}: {values} values would need {} of memory; at most {max} values ({}) are allowed", bytes(*.values), bytes(*.max as f64))]
    TooLarge {
        /// What the size is, with the values it comes from.
        what: String,
        /// The number of `f64` values it would hold.
        values: f64,
        /// The most values allowed.
        max: usize,
    },
    /// Text that does not read as the value it should be (a setting written by hand).
    #[error("{name} \"{text}\": {expected}")]
    BadText {
        /// What the text should be.
        name: &'static str,
        /// The text given.
        text: String,
        /// What was expected instead, in words.
        expected: String,
    },
    /// A number above a bound that depends on the data set (a learning rate's stability bound).
    #[error("{name} must be in (0, {}) for this data set ({why}), got {value}", short(*.bound))]
    AboveBound {
        /// What the number is.
        name: &'static str,
        /// The value given.
        value: f64,
        /// The bound for this data set (exclusive).
        bound: f64,
        /// The bound's formula, in words.
        why: &'static str,
    },
    /// An `α` whose sets would hold no example: `P = round(αN) < 1`.
    #[error("α = {alpha} gives P = round(αN) = 0 examples at N = {n}: α must be in [{}, ∞) (P ≥ 1)", 0.5 / *.n as f64)]
    NoExamples {
        /// The `α` given.
        alpha: f64,
        /// The input dimension.
        n: usize,
    },
    /// A setting the rule does not take, refused by name rather than ignored.
    #[error("{rule} does not take the setting {setting}; the rules that do: {rules}")]
    NotTaken {
        /// The setting's key.
        setting: &'static str,
        /// The rule given.
        rule: &'static str,
        /// The rules that take it.
        rules: String,
    },
    /// An unknown name (algorithm, curve, …).
    #[error("unknown {kind} \"{name}\"; expected one of: {expected}")]
    Unknown {
        /// What kind of name.
        kind: &'static str,
        /// The name given.
        name: String,
        /// The accepted names.
        expected: String,
    },
    /// A set whose points' lengths span more than floating point holds: the squared length of
    /// the short one is below `2^−1022` of the long one's. Raised only where an
    /// answer needs those squares together and cannot be represented without them: the exact
    /// optimum with a far point in front of the short ones (`exact/scales.rs`), the count with a
    /// threshold (`dichotomies`), and AdaTron's and the soft margin's pair steps with a threshold
    /// (their strengths `x^μ ∝ 1/|ξ^μ|²` would be `10⁶⁰⁰`). Every rule trains through the
    /// origin on such a set.
    #[error("point {index}'s length {norm:e} is {:e} of point {largest}'s {largest_norm:e}: the set spans more than the floating-point range allows (its squared lengths cannot be computed together), and the answer depends on both", norm / largest_norm)]
    Span {
        /// The short point (0-based).
        index: usize,
        /// Its length `|ξ|`.
        norm: f64,
        /// The longest point (0-based).
        largest: usize,
        /// Its length.
        largest_norm: f64,
    },
}

/// The rule a set's labels follow, in words, for the refusals.
pub const LABEL_CONVENTIONS: &str = "a set's labels are either −1, +1 or 0, 1, not both";

/// The refusal of label `value`, which is none of −1, +1, 0, 1.
pub fn not_a_label(value: f64) -> String {
    format!("label {value} is not one of −1, +1 (or 0, 1)")
}

/// The refusal of label `value` that mixes the conventions, `other_value` being the label of the
/// other convention at `place` `other` (a point, a line).
pub fn mixed_labels(value: f64, place: &str, other: usize, other_value: f64) -> String {
    format!(
        "label {value} mixes the two label conventions: {place} {other} has label {other_value}, \
         and {LABEL_CONVENTIONS}"
    )
}

/// The memory of `values` `f64` values, in words: `512 MiB`, `200 GB`.
#[must_use]
pub fn bytes(values: f64) -> String {
    let b = values * 8.0;
    match b {
        b if b >= 1e12 => format!("{:.1} TB", b / 1e12),
        b if b >= 1e9 => format!("{:.1} GB", b / 1e9),
        b => format!("{} MiB", (b / f64::from(1u32 << 20)).ceil()),
    }
}

/// `v` rounded to six significant digits and written as `{}` writes that number: `0.0125`,
/// `4.79167`, `1250000` (a subnormal with those six digits, where `{}` would write fewer:
/// the same number). `{:.5e}` gives the digits; placing its decimal point here, instead of
/// parsing it back into an `f64`, keeps the float parser's tables out of the page's module.
fn short(v: f64) -> String {
    let scientific = format!("{v:.5e}");
    let Some((mantissa, exponent)) = scientific.split_once('e') else {
        return scientific; // inf, NaN
    };
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let (sign, mantissa) = mantissa
        .strip_prefix('-')
        .map_or(("", mantissa), |m| ("-", m));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_end_matches('0');
    if digits.is_empty() {
        return format!("{sign}0");
    }
    // the digits d₀d₁… stand for d₀.d₁… × 10^exponent
    let point = exponent + 1;
    let len = i32::try_from(digits.len()).unwrap_or(i32::MAX);
    let plain = if point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else if point >= len {
        format!("{digits}{}", "0".repeat((point - len) as usize))
    } else {
        let (int, frac) = digits.split_at(point as usize);
        format!("{int}.{frac}")
    };
    format!("{sign}{plain}")
}

/// `Result` with the crate's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::short;

    /// `short` writes what parsing `{:.5e}` back into an `f64` and writing it with `{}` gives,
    /// on values across the whole range, signs, zeros, integers and the non-finite ones.
    #[test]
    fn short_is_the_parsed_rounding() {
        let reference = |v: f64| match format!("{v:.5e}").parse::<f64>() {
            Ok(r) => format!("{r}"),
            Err(_) => format!("{v}"),
        };
        let mut values = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.0125,
            4.791_666,
            1_250_000.0,
            123_456.5,
            999_999.5,
            9.999_995,
            1e21,
            1e-7,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            values.push(f64::from_bits(x));
            values.push((x % 10_000_000) as f64 / 1000.0);
        }
        for v in values {
            if v != 0.0 && v.abs() < f64::MIN_POSITIVE {
                // a subnormal has fewer digits than six: the same number, written with them
                assert_eq!(
                    short(v).parse::<f64>(),
                    reference(v).parse::<f64>(),
                    "{v:e}"
                );
            } else {
                assert_eq!(short(v), reference(v), "{v:e}");
            }
        }
    }
}
