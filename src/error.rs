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
    #[error("point {index}: label {value} is not one of −1, +1 (or 0, 1)")]
    BadLabel {
        /// Index of the point (0-based).
        index: usize,
        /// The offending value.
        value: f64,
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
    /// the short one is below `2^−1022` of the long one's (issue 24).
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

/// The memory of `values` `f64` values, in words: `512 MiB`, `200 GB`.
fn bytes(values: f64) -> String {
    let b = values * 8.0;
    match b {
        b if b >= 1e12 => format!("{:.1} TB", b / 1e12),
        b if b >= 1e9 => format!("{:.1} GB", b / 1e9),
        b => format!("{} MiB", (b / f64::from(1u32 << 20)).ceil()),
    }
}

/// `v` to six significant digits, as a message writes a bound.
fn short(v: f64) -> f64 {
    format!("{v:.5e}").parse().unwrap_or(v)
}

/// `Result` with the crate's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
