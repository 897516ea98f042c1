//! Counting the linearly separable labellings (dichotomies) of the examples at hand, beside
//! Cover's count for examples in general position (Cover's theorem; Biehl §3.4).
//!
//! Of the `2^P` labellings `S ∈ {±1}^P` of inputs `ξ^1 … ξ^P ∈ R^N`, those realised strictly
//! (`κ > 0`, the exact test's notion) by a perceptron `sign(w·ξ − θ)` are the regions into which
//! the examples' hyperplanes `w·ξ^μ = θ` cut weight space (Biehl Fig. 3.11): through the origin
//! the central arrangement of `P` hyperplanes in `R^N`, with a threshold that of the augmented
//! inputs `(ξ^μ, −1)` in `R^{N+1}`. For inputs in general position (every `min(P, N)` of the
//! vectors linearly independent) their number is Cover's
//! `C(P, N) = 2 Σ_{i=0}^{N−1} binom(P−1, i) = 2 c(P − 1, N − 1)` ([`cover_count`], [`cake_number`]);
//! with a threshold `C(P, N + 1)`. Degenerate inputs have fewer, and the count equals `C` iff the
//! inputs are in general position.
//!
//! - [`count`]: for 2-D (and 1-D) data, exactly and geometrically, without `2^P` tests: through
//!   the origin the arcs of the circle of directions, with a threshold the regions of the plane
//!   arrangement by Zaslavsky's theorem (derivations in `geometric.rs`), with the points that
//!   break general position ([`Degeneracy`]). `O(P log P)` through the origin and `O(P² log P)`
//!   with a threshold (the test `two_thousand_points` in `tests/dichotomies.rs` prints its
//!   times), so the page counts on every edit up to `P = 1 000` (`catalogue::LIMITS.count_points`,
//!   one main-thread task per edit); it grows as `P²` beyond.
//! - [`count_any`]: any `N` (the CLI): the geometric count where it applies, else one exact test
//!   per labelling while `P ≤ 20`, else an estimate from 20 000 sampled labellings with its
//!   standard error ([`Method`]).
//! - [`labellings`]: every separable labelling of a small set, each with its optimal perceptron.
//!
//! # References
//! - T. M. Cover, IEEE Trans. Electron. Comput. EC-14 (1965) 326–334.
//! - T. Zaslavsky, *Facing up to arrangements*, Mem. Amer. Math. Soc. 154 (1975).
//! - R. P. Stanley, *An introduction to hyperplane arrangements*, IAS/Park City (2004), Thm 2.5.
//! - M. Biehl, *The Shallow and the Deep*, §3.4.

mod brute_force;
mod cover;
mod directions;
mod geometric;
mod labellings;

pub use cover::{cake_number, cover_count};
pub use directions::{DIRECTION_TOL, SAME_POINT_TOL};
pub use geometric::COLLINEAR_MAX_P;
pub use labellings::{labellings, Labelling};

use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::train::Mode;
use serde::Serialize;

/// How a count was obtained.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// From the geometry of the arrangement (2-D and 1-D data): exact.
    Geometric,
    /// One exact separability test per labelling: exact.
    Exhaustive,
    /// Estimated from random labellings, with a standard error.
    Sampled,
}

/// Examples that break general position (indices from 0, increasing).
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Degeneracy {
    /// Through the origin: an example at the origin (no labelling is strictly separable).
    AtOrigin {
        /// The example.
        point: usize,
    },
    /// Coinciding examples (one hyperplane: their labels must agree).
    Duplicate {
        /// The examples.
        points: Vec<usize>,
    },
    /// Through the origin: `ξ` and `−ξ` (one hyperplane: their labels must differ); coinciding
    /// copies of either are listed too.
    Opposite {
        /// The examples.
        points: Vec<usize>,
    },
    /// Through the origin: examples on one line through the origin that are neither copies nor
    /// negatives of one another (all the examples on the line are listed).
    CollinearWithOrigin {
        /// The examples.
        points: Vec<usize>,
    },
    /// With a threshold: three or more distinct examples on one line (coinciding copies listed
    /// too).
    Collinear {
        /// The examples.
        points: Vec<usize>,
    },
}

impl Degeneracy {
    /// The examples involved.
    pub fn points(&self) -> &[usize] {
        match self {
            Degeneracy::AtOrigin { point } => std::slice::from_ref(point),
            Degeneracy::Duplicate { points }
            | Degeneracy::Opposite { points }
            | Degeneracy::CollinearWithOrigin { points }
            | Degeneracy::Collinear { points } => points,
        }
    }

    /// The order of the kinds among degeneracies with the same first example.
    fn rank(&self) -> u8 {
        match self {
            Degeneracy::AtOrigin { .. } => 0,
            Degeneracy::Duplicate { .. } => 1,
            Degeneracy::Opposite { .. } => 2,
            Degeneracy::CollinearWithOrigin { .. } => 3,
            Degeneracy::Collinear { .. } => 4,
        }
    }
}

/// The number of separable labellings of a set of inputs, beside Cover's count.
///
/// Counts are `f64`: exact integers up to `2^53` (the geometric count is at most `P² − P + 2`,
/// the exhaustive one at most `2^20`), a fractional estimate for [`Method::Sampled`], and `2^P`
/// and `C(P, N)` overflow any integer type long before `f64` does (`∞` above about `2^1024`,
/// `null` in JSON: `p` gives `total = 2^p` exactly).
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Count {
    /// The number of strictly separable labellings (an estimate for [`Method::Sampled`]).
    pub separable: f64,
    /// `2^P`.
    pub total: f64,
    /// Cover's `C(P, N')` with `N' = N` through the origin, `N + 1` with a threshold.
    pub cover: f64,
    /// Whether the inputs are in general position (then `separable == cover`). For
    /// [`Method::Sampled`] decided from every `N'`-subset when there are at most
    /// [`CountParams::subset_budget`] of them, else only from the [`Degeneracy`]s named.
    pub general_position: bool,
    /// The examples that break general position (the kinds listed in [`Degeneracy`]; in more than
    /// two dimensions higher-order degeneracies are not named, see `geometric.rs`).
    pub degeneracies: Vec<Degeneracy>,
    /// How `separable` was obtained.
    pub method: Method,
    /// The standard error of `separable` ([`Method::Sampled`] only).
    pub std_error: Option<f64>,
    /// `P`.
    pub p: usize,
    /// `N'`, the dimension of Cover's count: `N` through the origin, `N + 1` with a threshold.
    pub cover_n: usize,
}

impl Count {
    /// A count of `p` examples against `C(p, cover_n)`.
    fn new(
        p: usize,
        cover_n: usize,
        separable: f64,
        method: Method,
        general_position: bool,
        degeneracies: Vec<Degeneracy>,
    ) -> Self {
        Self {
            separable,
            total: cover::two_to_the(p),
            cover: cover_count(p as u64, cover_n as u64),
            general_position,
            degeneracies,
            method,
            std_error: None,
            p,
            cover_n,
        }
    }
}

/// `N'`: `N` through the origin, `N + 1` with a threshold.
fn cover_dim(data: &Dataset, mode: Mode) -> usize {
    match mode {
        Mode::Homogeneous => data.dim(),
        Mode::Threshold => data.dim() + 1,
    }
}

/// The set a count works on, with the same count: the set times `2^k` ([`Dataset::in_range`]),
/// where norms are in range; a set whose lengths span beyond that ([`Dataset::check_span`])
/// through the origin with each point scaled into range on its own
/// ([`Dataset::each_in_range`]: the count depends on the directions only).
///
/// # Errors
/// [`Error::Span`] for such a set with a threshold, where the points' offsets matter.
fn counted(data: &Dataset, mode: Mode) -> Result<std::borrow::Cow<'_, Dataset>> {
    match (data.check_span(), mode) {
        (Ok(()), _) => Ok(data.in_range().0),
        (Err(_), Mode::Homogeneous) => Ok(std::borrow::Cow::Owned(data.each_in_range())),
        (Err(span), Mode::Threshold) => Err(span),
    }
}

/// The number of strictly separable labellings of 2-D (or 1-D) inputs in `mode`, exactly and
/// geometrically (`geometric.rs`): through the origin twice the number of distinct lines through
/// the origin spanned by the examples (0 if one is at the origin); with a threshold
/// `2 + 2 Σ_L (m_L − 1)` over the lines `L` of the plane carrying `m_L ≥ 2` distinct examples.
/// The data's own labels are ignored. No examples: 1.
///
/// Cost: `O(P log P)` through the origin, `O(P² log P)` with a threshold.
///
/// # Errors
/// [`Error::OutOfRange`] for `N > 2` (use [`count_any`]).
pub fn count(data: &Dataset, mode: Mode) -> Result<Count> {
    if data.dim() > 2 {
        return Err(Error::OutOfRange {
            name: "dimension N of the geometric count",
            value: data.dim() as f64,
            range: "{1, 2} (count_any counts in any dimension)",
        });
    }
    let (separable, degeneracies) = geometric::count_low_dim(&*counted(data, mode)?, mode);
    Ok(Count::new(
        data.len(),
        cover_dim(data, mode),
        separable as f64,
        Method::Geometric,
        degeneracies.is_empty(),
        degeneracies,
    ))
}

/// How [`count_any_with`] counts where the geometry does not apply.
#[derive(Debug, Clone, PartialEq)]
pub struct CountParams {
    /// Up to this `P`, one exact test per labelling (`2^{P−1}` tests); at most 32.
    pub max_exhaustive_p: usize,
    /// Above it, this many random labellings are tested.
    pub samples: usize,
    /// The seed of the random labellings.
    pub seed: u64,
    /// With [`Method::Sampled`], general position is checked on every `N'`-subset of the inputs
    /// when there are at most this many.
    pub subset_budget: u64,
}

impl Default for CountParams {
    fn default() -> Self {
        Self {
            max_exhaustive_p: 20,
            samples: 20_000,
            seed: 1,
            subset_budget: 2_000_000,
        }
    }
}

/// [`count_any_with`] with the default [`CountParams`]: exhaustive up to `P = 20`, else 20 000
/// samples.
///
/// # Errors
/// As [`count_any_with`].
pub fn count_any(data: &Dataset, mode: Mode) -> Result<Count> {
    count_any_with(data, mode, &CountParams::default())
}

/// The number of strictly separable labellings of inputs in any dimension: [`count`] for
/// `N ≤ 2`; else, for `P ≤ max_exhaustive_p`, one exact test per labelling
/// (`exact::max_stability(…).separable` on the relabelled inputs; a labelling and its negation
/// are tested once), with `general_position` iff the count equals Cover's (the regions of a
/// central arrangement reach `C(P, N')` only in general position); else the estimate
/// `2^P · (fraction of separable random labellings)` with its standard error. Natively the tests
/// run on all cores.
///
/// Cost: `2^{P−1}` tests, exponential in `P`, or `samples` tests.
///
/// # Errors
/// [`Error::OutOfRange`] for `max_exhaustive_p > 32` or `samples = 0`.
pub fn count_any_with(data: &Dataset, mode: Mode, params: &CountParams) -> Result<Count> {
    Ok(count_any_watched(data, mode, params, &|_| true)?.expect("a count no watch stops"))
}

/// Told the random labellings tested so far (a sampled count's progress); answers whether to go
/// on.
pub type Watch<'a> = dyn Fn(usize) -> bool + Sync + 'a;

/// [`count_any_with`], telling `watch` the progress of a sampled count: the random
/// labellings after each test; `None` when `watch` stopped it (the CLI's
/// progress bar, and its refusal of a count that would take too long).
///
/// # Errors
/// As [`count_any_with`].
pub fn count_any_watched(
    data: &Dataset,
    mode: Mode,
    params: &CountParams,
    watch: &Watch,
) -> Result<Option<Count>> {
    if params.max_exhaustive_p > 32 {
        return Err(Error::OutOfRange {
            name: "max_exhaustive_p",
            value: params.max_exhaustive_p as f64,
            range: "0..=32",
        });
    }
    if params.samples == 0 {
        return Err(Error::OutOfRange {
            name: "samples",
            value: 0.0,
            range: "≥ 1",
        });
    }
    if data.dim() <= 2 {
        return count(data, mode).map(Some);
    }
    let data = counted(data, mode)?;
    let data = &*data;
    let p = data.len();
    let cover_n = cover_dim(data, mode);
    let degeneracies = geometric::degeneracies(data, mode);
    if p <= params.max_exhaustive_p {
        let separable = brute_force::exhaustive(data, mode) as f64;
        let general = degeneracies.is_empty() && separable == cover_count(p as u64, cover_n as u64);
        return Ok(Some(Count::new(
            p,
            cover_n,
            separable,
            Method::Exhaustive,
            general,
            degeneracies,
        )));
    }
    let Some((estimate, std_error)) =
        brute_force::sampled(data, mode, params.samples, params.seed, watch)
    else {
        return Ok(None);
    };
    let general = degeneracies.is_empty()
        && brute_force::general_position_by_subsets(data, mode, params.subset_budget)
            .unwrap_or(true);
    let mut c = Count::new(p, cover_n, estimate, Method::Sampled, general, degeneracies);
    c.std_error = Some(std_error);
    Ok(Some(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(xs: &[f64], dim: usize) -> Dataset {
        Dataset::from_row_major(xs.to_vec(), dim, vec![1.0; xs.len() / dim]).unwrap()
    }

    #[test]
    fn hand_counted_sets() {
        // four points in general position: 2P = 8 through the origin, P² − P + 2 = 14 with θ
        let d = data(&[1.0, 0.2, -0.3, 1.0, -1.0, -0.5, 0.4, -1.0], 2);
        let c = count(&d, Mode::Homogeneous).unwrap();
        assert_eq!((c.separable, c.cover, c.total), (8.0, 8.0, 16.0));
        assert!(c.general_position && c.degeneracies.is_empty());
        assert_eq!(count(&d, Mode::Threshold).unwrap().separable, 14.0);
        // (1,1), (2,2), (−1.5,−1.5): one line through the origin (2 arcs); with θ three
        // collinear points (2·3 = 6 of 8)
        let d = data(&[1.0, 1.0, 2.0, 2.0, -1.5, -1.5], 2);
        let c = count(&d, Mode::Homogeneous).unwrap();
        assert_eq!(c.separable, 2.0);
        assert_eq!(
            c.degeneracies,
            vec![Degeneracy::CollinearWithOrigin {
                points: vec![0, 1, 2]
            }]
        );
        let c = count(&d, Mode::Threshold).unwrap();
        assert_eq!((c.separable, c.cover), (6.0, 8.0));
        assert_eq!(
            c.degeneracies,
            vec![Degeneracy::Collinear {
                points: vec![0, 1, 2]
            }]
        );
        // no examples: one (empty) labelling
        let empty = data(&[], 2);
        assert_eq!(count(&empty, Mode::Threshold).unwrap().separable, 1.0);
        assert!(count(&data(&[1.0, 2.0, 3.0], 3), Mode::Threshold).is_err());
    }

    #[test]
    fn serialized_shape() {
        let d = data(&[0.0, 0.0, 1.0, 0.0, 1.0, 0.0], 2);
        let c = count(&d, Mode::Homogeneous).unwrap();
        let json = serde_json::to_value(&c).unwrap();
        assert_eq!(json["separable"], 0.0);
        assert_eq!(json["generalPosition"], false);
        assert_eq!(json["method"], "geometric");
        assert_eq!(json["stdError"], serde_json::Value::Null);
        assert_eq!(
            json["degeneracies"],
            serde_json::json!([
                {"kind": "at-origin", "point": 0},
                {"kind": "duplicate", "points": [1, 2]},
            ])
        );
    }
}
