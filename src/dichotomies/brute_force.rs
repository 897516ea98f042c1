//! Counting by separability tests: one exact test per labelling ([`exhaustive`]), an estimate
//! from random labellings ([`sampled`]), and the check of general position over every subset of
//! `N` inputs.
//!
//! A labelling `S` and its negation `−S` are separable together (`w → −w`, `θ → −θ`), so the
//! exhaustive count tests the `2^{P−1}` labellings with `S^P = +1` and doubles.
//!
//! Natively the tests run on all cores (rayon); in WebAssembly one after the other. Either way
//! the result does not depend on the number of threads (the sampled labellings come from one
//! seeded stream per chunk of [`SAMPLE_CHUNK`]).

use crate::data::Dataset;
use crate::exact;
use crate::rng::rng_from_seed;
use crate::train::Mode;
use rand::Rng as _;

/// Labellings per seeded stream of the sampled estimate.
pub const SAMPLE_CHUNK: usize = 500;

/// Labellings per parallel task of the exhaustive count.
const EXHAUSTIVE_CHUNK: u64 = 256;

/// `Σ_{i<n} f(i)`, on all cores natively.
fn sum_over(n: u64, f: impl Fn(u64) -> u64 + Sync + Send) -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        (0..n).into_par_iter().map(f).sum()
    }
    #[cfg(target_arch = "wasm32")]
    {
        (0..n).map(f).sum()
    }
}

/// The labels of labelling number `m` of `p` examples: `S^μ = −1` iff bit `μ` of `m` is set.
pub(super) fn labels_of(m: u64, p: usize) -> Vec<f64> {
    (0..p)
        .map(|mu| if m >> mu & 1 == 1 { -1.0 } else { 1.0 })
        .collect()
}

/// `data`'s inputs with other labels.
pub(super) fn relabelled(data: &Dataset, labels: Vec<f64>) -> Dataset {
    Dataset::from_row_major(data.features().to_vec(), data.dim(), labels)
        .expect("the inputs of a valid data set, labels ±1")
}

/// Whether `labels` on `data`'s inputs are strictly separable in `mode` (the exact test; with a
/// threshold one class alone is separable). `data` must not be empty.
fn separable(data: &Dataset, mode: Mode, labels: Vec<f64>) -> bool {
    exact::is_separable(&relabelled(data, labels), mode).expect("a non-empty data set")
}

/// The number of strictly separable labellings of `data`'s inputs by `2^{P−1}` exact tests
/// (`P ≤ 63`); 1 for no data.
pub(super) fn exhaustive(data: &Dataset, mode: Mode) -> u64 {
    let p = data.len();
    if p == 0 {
        return 1;
    }
    assert!(p < 64, "2^P labellings for P = {p}");
    let half = 1u64 << (p - 1); // S^P = +1: bit P−1 clear
    let chunks = half.div_ceil(EXHAUSTIVE_CHUNK);
    let count = sum_over(chunks, |c| {
        let start = c * EXHAUSTIVE_CHUNK;
        let end = (start + EXHAUSTIVE_CHUNK).min(half);
        (start..end)
            .filter(|&m| separable(data, mode, labels_of(m, p)))
            .count() as u64
    });
    2 * count
}

/// The estimate of the number of separable labellings from `samples` uniformly random
/// labellings (seeded) and its standard error: `2^P f̂` and `2^P √(f̂(1 − f̂)/n)` for the fraction
/// `f̂` of the `n` samples found separable (0 and 0 when none is). `∞` when `2^P` overflows
/// (`P ≥ 1024`) and some sample is separable. `watch` is told the labellings tested so far after
/// each test; when it answers `false` the count stops and is `None`.
pub(super) fn sampled(
    data: &Dataset,
    mode: Mode,
    samples: usize,
    seed: u64,
    watch: &super::Watch,
) -> Option<(f64, f64)> {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let p = data.len();
    if p == 0 {
        return Some((1.0, 0.0));
    }
    let chunks = samples.div_ceil(SAMPLE_CHUNK) as u64;
    let (done, stopped) = (AtomicUsize::new(0), AtomicBool::new(false));
    let hits = sum_over(chunks, |c| {
        if stopped.load(Ordering::Relaxed) {
            return 0;
        }
        let n = SAMPLE_CHUNK.min(samples - c as usize * SAMPLE_CHUNK);
        let mut rng = rng_from_seed(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(c));
        let mut hits = 0;
        for _ in 0..n {
            let labels = (0..p)
                .map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 })
                .collect();
            hits += u64::from(separable(data, mode, labels));
            if !watch(done.fetch_add(1, Ordering::Relaxed) + 1) {
                stopped.store(true, Ordering::Relaxed);
            }
            if stopped.load(Ordering::Relaxed) {
                break;
            }
        }
        hits
    });
    if stopped.load(Ordering::Relaxed) {
        return None;
    }
    if hits == 0 {
        return Some((0.0, 0.0));
    }
    let f = hits as f64 / samples as f64;
    let total = super::cover::two_to_the(p);
    Some((total * f, total * (f * (1.0 - f) / samples as f64).sqrt()))
}

/// The vectors whose general position Cover's theorem asks for: `ξ^μ` through the origin, the
/// augmented `(ξ^μ, −1)` with a threshold.
fn cover_vectors(data: &Dataset, mode: Mode) -> Vec<Vec<f64>> {
    (0..data.len())
        .map(|mu| {
            let mut v = data.x(mu).to_vec();
            if mode == Mode::Threshold {
                v.push(-1.0);
            }
            v
        })
        .collect()
}

/// Whether every `k = min(P, N)` of the vectors of [`cover_vectors`] (`N` their dimension) are
/// linearly independent: the Gram determinant of each `k`-subset exceeds
/// `10⁻²⁰ Π |v|²` (the squared volume they span, relative to its Hadamard bound). `None` when
/// there are more than `budget` subsets to check.
pub(super) fn general_position_by_subsets(data: &Dataset, mode: Mode, budget: u64) -> Option<bool> {
    let v = cover_vectors(data, mode);
    let p = v.len();
    if p == 0 {
        return Some(true);
    }
    let k = p.min(v[0].len());
    if binomial(p as u64, k as u64).is_none_or(|b| b > budget) {
        return None;
    }
    let mut subset: Vec<usize> = (0..k).collect();
    loop {
        if !independent(&v, &subset) {
            return Some(false);
        }
        // next k-subset in lexicographic order
        let Some(i) = (0..k).rev().find(|&i| subset[i] < p - k + i) else {
            return Some(true);
        };
        subset[i] += 1;
        for j in i + 1..k {
            subset[j] = subset[j - 1] + 1;
        }
    }
}

/// `binom(n, k)`, or `None` above `u64::MAX`.
fn binomial(n: u64, k: u64) -> Option<u64> {
    let k = k.min(n - k);
    let mut b: u128 = 1;
    for i in 0..k {
        b = b * u128::from(n - i) / u128::from(i + 1);
        if b > u128::from(u64::MAX) {
            return None;
        }
    }
    Some(b as u64)
}

/// Whether the vectors `v[i]`, `i ∈ subset`, are linearly independent (Gram determinant against
/// `10⁻²⁰ Π |v_i|²`, by Gaussian elimination with partial pivoting).
fn independent(v: &[Vec<f64>], subset: &[usize]) -> bool {
    let k = subset.len();
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let mut g: Vec<f64> = Vec::with_capacity(k * k);
    for &a in subset {
        for &b in subset {
            g.push(dot(&v[a], &v[b]));
        }
    }
    let bound: f64 = (0..k).map(|i| g[i * k + i]).product();
    if bound == 0.0 {
        return false;
    }
    let mut det = 1.0;
    for col in 0..k {
        let pivot = (col..k)
            .max_by(|&a, &b| g[a * k + col].abs().total_cmp(&g[b * k + col].abs()))
            .expect("a row at least");
        if g[pivot * k + col] == 0.0 {
            return false;
        }
        if pivot != col {
            for j in 0..k {
                g.swap(pivot * k + j, col * k + j);
            }
        }
        let d = g[col * k + col];
        det *= d;
        for r in col + 1..k {
            let f = g[r * k + col] / d;
            for j in col..k {
                g[r * k + j] -= f * g[col * k + j];
            }
        }
    }
    det.abs() > 1e-20 * bound
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_of_a_square() {
        // four corners of a square with a threshold: no three collinear (general position);
        // with the centre added, the diagonals carry three points
        let sq = Dataset::from_row_major(
            vec![0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0],
            2,
            vec![1.0; 4],
        )
        .unwrap();
        assert_eq!(
            general_position_by_subsets(&sq, Mode::Threshold, 100),
            Some(true)
        );
        // through the origin (0, 0) is at the origin
        assert_eq!(
            general_position_by_subsets(&sq, Mode::Homogeneous, 100),
            Some(false)
        );
        let mut xs = sq.features().to_vec();
        xs.extend([0.5, 0.5]);
        let five = Dataset::from_row_major(xs, 2, vec![1.0; 5]).unwrap();
        assert_eq!(
            general_position_by_subsets(&five, Mode::Threshold, 100),
            Some(false)
        );
        assert_eq!(general_position_by_subsets(&five, Mode::Threshold, 9), None);
        assert_eq!(binomial(5, 3), Some(10));
        assert_eq!(binomial(64, 32), Some(1_832_624_140_942_590_534));
        assert_eq!(binomial(100, 50), None);
    }
}
