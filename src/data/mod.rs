//! Data sets: `P` examples `ξ^μ ∈ R^N` with labels `S^μ = ±1`, stored row-major.

pub mod columns;
pub mod csv;
pub mod generate;
pub mod labels;
pub mod quote;
pub mod reading;

use crate::error::{Error, Result};

/// The most points a data set may hold (a guard against absurd input, not a memory limit).
pub const MAX_POINTS: usize = 10_000;

/// The most inputs `N` of a data set read from a file, and of a sweep's sets
/// (`experiment::MAX_N`): checked from a file's header before any row is read.
pub const MAX_DIM: usize = 100_000;

/// The most values `P·N` of one set (256 MiB of `f64`): a file's set, checked from its header and
/// row count before any row is read, and a sweep's cell (`experiment::MAX_SET_VALUES`).
pub const MAX_VALUES: usize = 1 << 25;

/// `P` examples `ξ^μ ∈ R^N` (row-major in `xs`) with labels `S^μ ∈ {−1, +1}`.
///
/// Built only through checked constructors: every coordinate is finite, every label is ±1,
/// `xs.len() == P·N`.
#[derive(Debug, Clone, PartialEq)]
pub struct Dataset {
    xs: Vec<f64>,
    dim: usize,
    ys: Vec<f64>,
}

impl Dataset {
    /// A data set from row-major features and labels; labels 0/1 (as in some course notes) are
    /// mapped to −1/+1.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] if `dim == 0`; [`Error::Shape`] if `xs.len() != ys.len()·dim`;
    /// [`Error::NotFinite`] for NaN or ±∞;
    /// [`Error::BadLabel`] for a label not in {−1, +1, 0, 1};
    /// [`Error::MixedLabels`] for labels with both a 0 and a −1 ([`labels::Labels`]).
    pub fn from_row_major(xs: Vec<f64>, dim: usize, ys: Vec<f64>) -> Result<Self> {
        if dim == 0 {
            return Err(Error::OutOfRange {
                name: "dimension N",
                value: 0.0,
                range: "N ≥ 1",
            });
        }
        if xs.len() != ys.len() * dim {
            return Err(Error::Shape {
                expected: ys.len() * dim,
                got: xs.len(),
            });
        }
        if let Some(i) = xs.iter().position(|v| !v.is_finite()) {
            return Err(Error::NotFinite {
                index: i / dim,
                coord: i % dim,
                value: xs[i],
            });
        }
        let mut seen = labels::Labels::default();
        let ys = ys
            .iter()
            .enumerate()
            .map(|(index, &y)| {
                seen.read(index, y).map_err(|refusal| match refusal {
                    labels::Refusal::NotALabel => Error::BadLabel { index, value: y },
                    labels::Refusal::Mixed { other, other_value } => Error::MixedLabels {
                        index,
                        value: y,
                        other,
                        other_value,
                    },
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Self { xs, dim, ys })
    }

    /// [`Dataset::from_row_major`] for data a user typed, dragged or imported: also refuses more
    /// than [`MAX_POINTS`] points.
    ///
    /// # Errors
    /// [`Error::TooMany`] above [`MAX_POINTS`], and those of [`Dataset::from_row_major`].
    pub fn from_user(xs: Vec<f64>, dim: usize, ys: Vec<f64>) -> Result<Self> {
        if ys.len() > MAX_POINTS {
            return Err(Error::TooMany {
                got: ys.len(),
                max: MAX_POINTS,
            });
        }
        Self::from_row_major(xs, dim, ys)
    }

    /// Number of examples `P`.
    pub fn len(&self) -> usize {
        self.ys.len()
    }

    /// Whether there are no examples.
    pub fn is_empty(&self) -> bool {
        self.ys.is_empty()
    }

    /// Input dimension `N`.
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// Load `α = P/N`.
    pub fn alpha(&self) -> f64 {
        self.len() as f64 / self.dim as f64
    }

    /// Example `ξ^μ`.
    pub fn x(&self, mu: usize) -> &[f64] {
        &self.xs[mu * self.dim..(mu + 1) * self.dim]
    }

    /// Label `S^μ ∈ {−1, +1}`.
    pub fn y(&self, mu: usize) -> f64 {
        self.ys[mu]
    }

    /// All labels.
    pub fn labels(&self) -> &[f64] {
        &self.ys
    }

    /// All features, row-major.
    pub fn features(&self) -> &[f64] {
        &self.xs
    }

    /// `z^μ = S^μ ξ^μ`, row-major: the homogeneous problem is `w·z^μ > 0` for all `μ`.
    pub fn signed_rows(&self) -> Vec<f64> {
        self.xs
            .chunks_exact(self.dim)
            .zip(&self.ys)
            .flat_map(|(x, &y)| x.iter().map(move |v| v * y))
            .collect()
    }

    /// Whether both labels occur.
    pub fn has_both_classes(&self) -> bool {
        self.ys.iter().any(|&y| y > 0.0) && self.ys.iter().any(|&y| y < 0.0)
    }

    /// `max_μ |ξ^μ|²`.
    ///
    /// Overflows to `+∞` (or underflows to 0) far from 1: the algorithms run on
    /// [`Dataset::in_range`].
    pub fn max_norm_sq(&self) -> f64 {
        self.xs
            .chunks_exact(self.dim)
            .map(crate::linalg::norm_sq)
            .fold(0.0, f64::max)
    }
}

/// The largest coordinates, `max |ξ_i^μ|`, at which the algorithms run on a set as it is: outside
/// `[1/SAFE_MAGNITUDE, SAFE_MAGNITUDE]` they run on [`Dataset::in_range`]. Within it squared
/// norms, Gram matrices and the rules' sums of `P·N` products stay far from over- and underflow.
pub const SAFE_MAGNITUDE: f64 = 1e100;

impl Dataset {
    /// `k` such that the set times `2^k` has `max |ξ_i^μ| ∈ [2^−½, 2^½]`, or 0 when
    /// `max |ξ_i^μ|` is within [`SAFE_MAGNITUDE`] (or every coordinate is 0): the one global
    /// rescaling every algorithm shares. A power of two scales every number exactly, and a
    /// single factor keeps the geometry (stabilities scale by `2^k`, directions do not change).
    pub fn scale_exponent(&self) -> i32 {
        let max_abs = max_abs(&self.xs);
        if (1.0 / SAFE_MAGNITUDE..=SAFE_MAGNITUDE).contains(&max_abs) {
            0
        } else {
            exponent_to_one(max_abs)
        }
    }

    /// The set with every coordinate times `2^k` (`libm::scalbn`: exact, but for coordinates
    /// below `2^−1074` after scaling, which round to 0).
    #[must_use]
    pub fn scaled_pow2(&self, k: i32) -> Self {
        Self {
            xs: self.xs.iter().map(|&v| libm::scalbn(v, k)).collect(),
            dim: self.dim,
            ys: self.ys.clone(),
        }
    }

    /// The set on which the algorithms compute, and its exponent: the set itself with `k = 0`, or
    /// the set times `2^k` with `k` = [`Dataset::scale_exponent`]. A result with units is scaled
    /// back by `2^−k` ([`unscale`]): `κ`, `θ`, lengths.
    pub fn in_range(&self) -> (std::borrow::Cow<'_, Self>, i32) {
        match self.scale_exponent() {
            0 => (std::borrow::Cow::Borrowed(self), 0),
            k => (std::borrow::Cow::Owned(self.scaled_pow2(k)), k),
        }
    }
}

impl Dataset {
    /// The set with each point times its own power of two, `2^k_μ` bringing its largest
    /// coordinate near 1 (points at the origin stay there): the same directions exactly, every
    /// length in `[2^−½, 2^½·√N]`. What depends on the points' directions alone (separability and
    /// Cover's count through the origin) is the same for it.
    #[must_use]
    pub fn each_in_range(&self) -> Self {
        let xs = self
            .xs
            .chunks(self.dim)
            .flat_map(|x| {
                let k = exponent_to_one(max_abs(x));
                x.iter().map(move |&v| libm::scalbn(v, k))
            })
            .collect();
        Self {
            xs,
            dim: self.dim,
            ys: self.ys.clone(),
        }
    }

    /// `|ξ^μ|` computed without over- or underflow (the point scaled by a power of two first).
    pub fn norm(&self, mu: usize) -> f64 {
        let x = self.x(mu);
        let k = exponent_to_one(max_abs(x));
        let sq: f64 = x.iter().map(|&v| libm::scalbn(v, k).powi(2)).sum();
        unscale(sq.sqrt(), k)
    }

    /// Checks that the points' lengths can be computed together: every non-zero `|ξ^μ|` is at
    /// least `2^−511` of the longest, so that with the longest near 1 ([`Dataset::in_range`])
    /// every squared length is a normal number. The geometry of a set beyond that (a point at
    /// `1e300` beside one at 1) is refused rather than answered wrongly.
    ///
    /// # Errors
    /// [`Error::Span`] naming the shortest non-zero point and the longest.
    pub fn check_span(&self) -> Result<()> {
        self.check_span_within(511)
    }

    /// Checks that every non-zero `|ξ^μ|` is at least `2^−bits` of the longest.
    /// [`Dataset::check_span`] is `bits = 511`; [`SPAN_BITS`] is what a rule stepping along unit
    /// directions needs (with the longest near 1, `1/|ξ^μ|` finite: AdaTron through the origin,
    /// the gradient rules), beyond which the short points, brought near the long one's scale,
    /// round to the origin.
    ///
    /// # Errors
    /// [`Error::Span`] naming the shortest non-zero point and the longest.
    pub fn check_span_within(&self, bits: i32) -> Result<()> {
        if self.span_surely_within(bits) {
            return Ok(());
        }
        self.span_by_norms(bits)
    }

    /// [`Dataset::check_span_within`] from every length computed without over- or underflow
    /// ([`Dataset::norm`]).
    fn span_by_norms(&self, bits: i32) -> Result<()> {
        let norms: Vec<f64> = (0..self.len()).map(|mu| self.norm(mu)).collect();
        let Some((largest, &largest_norm)) =
            norms.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1))
        else {
            return Ok(());
        };
        let short = norms
            .iter()
            .enumerate()
            .filter(|(_, &r)| r > 0.0)
            .min_by(|a, b| a.1.total_cmp(b.1));
        match short {
            Some((index, &norm)) if norm < libm::scalbn(largest_norm, -bits) => Err(Error::Span {
                index,
                norm,
                largest,
                largest_norm,
            }),
            _ => Ok(()),
        }
    }

    /// [`Dataset::check_span_within`]'s answer where it is surely `Ok` without scaling a point:
    /// every squared length `ξ·ξ` (one pass, summed in order: no power-of-two scaling per coordinate
    /// as in [`Dataset::norm`]) is zero for a point at the origin or a normal number in
    /// `[2^−900, 2^900]` (no squared coordinate that counts overflowed or underflowed), and the
    /// shortest is at least `2^(2 − 2 bits)` of the longest: its length at least `2^(1 − bits)`,
    /// twice the bound, which no rounding of the sums (relative `~N·2^−53`) can undo. `false`
    /// leaves the decision, and the error's values, to the exact test. A squared bound that
    /// underflows to 0 is below every squared length here, as the exact bound is.
    fn span_surely_within(&self, bits: i32) -> bool {
        let (lo, hi) = (2f64.powi(-900), 2f64.powi(900));
        let (mut shortest, mut longest) = (f64::INFINITY, 0.0_f64);
        for x in self.xs.chunks_exact(self.dim.max(1)) {
            let sq: f64 = x.iter().map(|v| v * v).sum();
            if sq == 0.0 {
                if x.iter().any(|&v| v != 0.0) {
                    return false;
                }
                continue;
            }
            if !(lo..=hi).contains(&sq) {
                return false;
            }
            shortest = shortest.min(sq);
            longest = longest.max(sq);
        }
        longest == 0.0 || shortest >= libm::scalbn(longest, 2 - 2 * bits)
    }
}

/// The span of lengths, in powers of two, the rules stepping along unit directions take
/// ([`Dataset::check_span_within`]): with the longest length near 1 the shortest is above
/// `2^−1000`, its reciprocal finite and its coordinates not rounded to 0.
pub const SPAN_BITS: i32 = 1000;

/// `max_i |x_i|` (0 for no numbers).
pub fn max_abs(x: &[f64]) -> f64 {
    x.iter().fold(0.0f64, |m, v| m.max(v.abs()))
}

/// The `k` for which `2^k m` is within `[2^−½, 2^½)` (0 for `m = 0`): the power of two that
/// brings numbers of largest magnitude `m` near 1, exactly.
pub fn exponent_to_one(m: f64) -> i32 {
    if m == 0.0 {
        0
    } else {
        -(libm::log2(m).round() as i32)
    }
}

/// A length `v` of the set times `2^k` ([`Dataset::in_range`]) in the set's own units: `v·2^−k`
/// (exact but for over- or underflow, which saturate to ±∞ or round to 0).
pub fn unscale(v: f64, k: i32) -> f64 {
    libm::scalbn(v, -k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checked_construction() {
        let d = Dataset::from_row_major(vec![1.0, 2.0, 3.0, 4.0], 2, vec![1.0, 0.0]).unwrap();
        assert_eq!(d.len(), 2);
        assert_eq!(d.x(1), &[3.0, 4.0]);
        assert_eq!(d.labels(), &[1.0, -1.0]);
        assert_eq!(d.signed_rows(), vec![1.0, 2.0, -3.0, -4.0]);
        assert!(d.has_both_classes());
        assert_eq!(d.max_norm_sq(), 25.0);
    }

    #[test]
    fn bad_input_is_named() {
        let e = Dataset::from_row_major(vec![1.0, f64::NAN], 2, vec![1.0]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "point 0: coordinate 1 is NaN, not a finite number"
        );
        let e = Dataset::from_row_major(vec![1.0, 2.0], 2, vec![2.0]).unwrap_err();
        assert!(e.to_string().contains("label 2"));
        let e = Dataset::from_row_major(vec![1.0, 2.0, 3.0], 2, vec![1.0]).unwrap_err();
        assert!(matches!(
            e,
            Error::Shape {
                expected: 2,
                got: 3
            }
        ));
        let e = Dataset::from_row_major(vec![], 0, vec![]).unwrap_err();
        assert!(matches!(e, Error::OutOfRange { .. }));
        let n = MAX_POINTS + 1;
        let e = Dataset::from_user(vec![0.5; n], 1, vec![1.0; n]).unwrap_err();
        assert!(matches!(e, Error::TooMany { .. }));
    }

    /// The span check's unscaled shortcut gives the answer of the lengths computed one by one
    /// (the same error, naming the same points and lengths), on sets whose two points' scales
    /// run over the whole range of doubles, around both bounds, with points at the origin and
    /// subnormal or huge coordinates; and it is the path taken on ordinary data.
    #[test]
    fn span_shortcut_answers_as_the_lengths_do() {
        let exps: Vec<i32> = (-1074..=1023)
            .step_by(37)
            .chain([
                -1074, -1022, -600, -511, -510, -450, -449, -257, -256, -255, -254,
            ])
            .chain([0, 254, 255, 256, 257, 449, 450, 511, 512, 1023])
            .collect();
        let mut checked = 0;
        for &a in &exps {
            for &b in &exps {
                for zero in [false, true] {
                    let (x, y) = (libm::scalbn(1.5, a), libm::scalbn(0.75, b));
                    let mut xs = vec![x, -x / 3.0, y / 5.0, y];
                    if zero {
                        xs.extend([0.0, 0.0]);
                    }
                    let labels = vec![1.0; xs.len() / 2];
                    let d = Dataset::from_row_major(xs, 2, labels).unwrap();
                    for bits in [511, SPAN_BITS] {
                        assert_eq!(
                            format!("{:?}", d.check_span_within(bits)),
                            format!("{:?}", d.span_by_norms(bits)),
                            "2^{a} and 2^{b}, bits {bits}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000);
        let ordinary: Vec<f64> = (0..40).map(|i| f64::from(i % 7) - 2.5).collect();
        let d = Dataset::from_row_major(ordinary, 4, vec![1.0; 10]).unwrap();
        assert!(d.span_surely_within(511) && d.span_surely_within(SPAN_BITS));
        let spread =
            Dataset::from_row_major(vec![1e200, 0.0, 0.0, 1e-200], 2, vec![1.0; 2]).unwrap();
        assert!(!spread.span_surely_within(511) && spread.check_span().is_err());
    }
}
