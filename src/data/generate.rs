//! Seeded data generators: student–teacher sets with Gaussian inputs.

use super::Dataset;
use crate::error::Result;
use crate::linalg::{dot, norm};
use crate::rng::gaussian_vec;

/// A teacher `w*` with Gaussian direction, scaled so that `|w*|² = N`.
pub fn teacher(dim: usize, rng: &mut impl rand::Rng) -> Vec<f64> {
    let mut w = gaussian_vec(dim, rng);
    let s = (dim as f64).sqrt() / norm(&w);
    for v in &mut w {
        *v *= s;
    }
    w
}

/// `P` inputs `ξ^μ ~ N(0, 1)^N` labelled by `S^μ = sign(w*·ξ^μ)` (+1 on the boundary, which has
/// probability zero); then each label flipped with probability `noise` (λ).
///
/// # Errors
/// [`crate::Error::OutOfRange`] if `noise ∉ [0, 1]`; see [`Dataset::from_row_major`].
pub fn teacher_set(
    p: usize,
    w_star: &[f64],
    noise: f64,
    rng: &mut impl rand::Rng,
) -> Result<Dataset> {
    if !(0.0..=1.0).contains(&noise) {
        return Err(crate::Error::OutOfRange {
            name: "label noise λ",
            value: noise,
            range: "[0, 1]",
        });
    }
    let dim = w_star.len();
    let xs = gaussian_vec(p * dim, rng);
    let ys = xs
        .chunks_exact(dim)
        .map(|x| {
            let s = if dot(w_star, x) >= 0.0 { 1.0 } else { -1.0 };
            if noise > 0.0 && rng.random::<f64>() < noise {
                -s
            } else {
                s
            }
        })
        .collect();
    Dataset::from_row_major(xs, dim, ys)
}

/// The page's generated presets: a seeded 2-D set of `P ≤` [`super::MAX_POINTS`] examples from
/// one generator seeded with `seed` — first the teacher (`|w*|² = 2`), then the inputs and labels
/// of [`teacher_set`]. Returns the set and the teacher.
///
/// # Errors
/// [`crate::Error::TooMany`] above [`super::MAX_POINTS`]; those of [`teacher_set`].
pub fn preset_2d(p: usize, seed: u64, noise: f64) -> Result<(Dataset, Vec<f64>)> {
    if p > super::MAX_POINTS {
        return Err(crate::Error::TooMany {
            got: p,
            max: super::MAX_POINTS,
        });
    }
    let mut rng = crate::rng::rng_from_seed(seed);
    let w_star = teacher(2, &mut rng);
    let data = teacher_set(p, &w_star, noise, &mut rng)?;
    Ok((data, w_star))
}

/// Example number `k` (0, 1, …) of a growing student–teacher set ("Add an example" on the page):
/// an input `ξ ~ N(0, 1)^N` with `N = w*.len()`, labelled `S = sign(w*·ξ − θ*)` (+1 on the
/// boundary), flipped with probability `noise` (λ). Its own generator is seeded from `(seed, k)`,
/// so the `k`-th example is the same whatever was added or deleted before it.
///
/// # Errors
/// [`crate::Error::OutOfRange`] if `noise ∉ [0, 1]`, the teacher is empty or not finite.
pub fn example(
    w_star: &[f64],
    theta_star: f64,
    noise: f64,
    seed: u64,
    k: u64,
) -> Result<(Vec<f64>, f64)> {
    if !(0.0..=1.0).contains(&noise) {
        return Err(crate::Error::OutOfRange {
            name: "label noise λ",
            value: noise,
            range: "[0, 1]",
        });
    }
    if w_star.is_empty() || !w_star.iter().chain([&theta_star]).all(|v| v.is_finite()) {
        return Err(crate::Error::OutOfRange {
            name: "teacher component",
            value: w_star
                .iter()
                .copied()
                .find(|v| !v.is_finite())
                .unwrap_or(theta_star),
            range: "finite numbers, at least one",
        });
    }
    // SplitMix64 expands the seed, so the streams of nearby (seed, k) are unrelated
    let mut rng = crate::rng::rng_from_seed(seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let x = gaussian_vec(w_star.len(), &mut rng);
    let s = if dot(w_star, &x) - theta_star >= 0.0 {
        1.0
    } else {
        -1.0
    };
    let flip = noise > 0.0 && rand::Rng::random::<f64>(&mut rng) < noise;
    Ok((x, if flip { -s } else { s }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn presets_are_bounded_and_seeded() {
        use super::preset_2d;
        let (a, wa) = preset_2d(50, 7, 0.0).unwrap();
        let (b, wb) = preset_2d(50, 7, 0.0).unwrap();
        assert_eq!(
            (a.features(), a.labels(), &wa),
            (b.features(), b.labels(), &wb)
        );
        assert!(
            (wa[0] * wa[0] + wa[1] * wa[1] - 2.0).abs() < 1e-12,
            "|w*|² = N = 2"
        );
        assert!(preset_2d(super::super::MAX_POINTS + 1, 1, 0.0).is_err());
        assert!(preset_2d(10, 1, 1.5).is_err());
    }

    use super::*;
    use crate::rng::rng_from_seed;

    #[test]
    fn teacher_norm_and_labels() {
        let mut rng = rng_from_seed(5);
        let t = teacher(20, &mut rng);
        assert!((dot(&t, &t) - 20.0).abs() < 1e-9);
        let d = teacher_set(50, &t, 0.0, &mut rng).unwrap();
        for mu in 0..d.len() {
            assert_eq!(d.y(mu), dot(&t, d.x(mu)).signum());
        }
    }

    #[test]
    fn seeded_and_reproducible() {
        let make = |seed| {
            let mut rng = rng_from_seed(seed);
            let t = teacher(3, &mut rng);
            teacher_set(10, &t, 0.2, &mut rng).unwrap()
        };
        assert_eq!(make(9), make(9));
        assert_ne!(make(9), make(10));
    }

    #[test]
    fn noise_flips_about_lambda() {
        let mut rng = rng_from_seed(1);
        let t = teacher(5, &mut rng);
        let d = teacher_set(20_000, &t, 0.1, &mut rng).unwrap();
        let flipped = (0..d.len())
            .filter(|&mu| d.y(mu) != dot(&t, d.x(mu)).signum())
            .count() as f64
            / d.len() as f64;
        // standard error √(0.1·0.9/20000) ≈ 0.0021: 4σ
        assert!((flipped - 0.1).abs() < 0.0085, "{flipped}");
    }
}
