//! Seeded, portable random numbers: the same seed gives the same numbers natively and in wasm.

mod ziggurat;
mod ziggurat_tables;

use rand::SeedableRng;

/// The generator used everywhere: xoshiro256++ (fast, portable, seedable).
pub type Rng = rand_xoshiro::Xoshiro256PlusPlus;

/// A generator from a 64-bit seed (expanded with SplitMix64, so nearby seeds give unrelated streams).
pub fn rng_from_seed(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// One standard Gaussian sample `t ~ N(0, 1)`: `rand_distr::StandardNormal`'s, with the same bits
/// natively and in wasm ([`ziggurat`]).
pub fn gaussian(rng: &mut impl rand::Rng) -> f64 {
    ziggurat::standard_normal(rng)
}

/// A vector of `n` independent standard Gaussian samples.
pub fn gaussian_vec(n: usize, rng: &mut impl rand::Rng) -> Vec<f64> {
    (0..n).map(|_| gaussian(rng)).collect()
}

/// A uniform number in `(0, 1]` (never 0, so that its logarithm is finite).
pub fn uniform_open0(rng: &mut impl rand::Rng) -> f64 {
    1.0 - rand::Rng::random::<f64>(rng)
}

/// `0..p`, shuffled (Fisher–Yates) when a generator is given.
pub fn permutation(p: usize, rng: Option<&mut Rng>) -> Vec<usize> {
    let mut v: Vec<usize> = (0..p).collect();
    if let Some(rng) = rng {
        for i in (1..p).rev() {
            v.swap(i, rand::Rng::random_range(rng, 0..=i));
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers() {
        let a = gaussian_vec(5, &mut rng_from_seed(3));
        let b = gaussian_vec(5, &mut rng_from_seed(3));
        let c = gaussian_vec(5, &mut rng_from_seed(4));
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    /// `rand_distr::StandardNormal`'s numbers, bit for bit, but where its tail takes the
    /// platform's logarithm (natively the C library's, which may differ from `libm`'s in the last
    /// bit): there within a few units in the last place. (In wasm, where both are `libm`'s, every
    /// sample is the same: tests/wasm_api.rs.)
    #[test]
    fn gaussian_draws_rand_distrs_numbers() {
        use rand::RngCore;
        use rand_distr::{Distribution, StandardNormal};
        let (mut ours, mut theirs) = (rng_from_seed(5), rng_from_seed(5));
        let mut tails = 0;
        for k in 0..1_000_000 {
            let (a, b): (f64, f64) = (gaussian(&mut ours), StandardNormal.sample(&mut theirs));
            if a.abs() > ziggurat_tables::R {
                tails += 1;
                assert!(
                    (a - b).abs() <= 8.0 * f64::EPSILON * a.abs(),
                    "sample {k}: {a} against {b}"
                );
            } else {
                assert_eq!(a.to_bits(), b.to_bits(), "sample {k}: {a} against {b}");
            }
        }
        // the same number of draws: the streams in step at the end
        assert_eq!(ours.next_u64(), theirs.next_u64());
        assert!(tails > 100, "{tails} samples in the tail");
    }

    #[test]
    fn gaussian_moments() {
        let mut rng = rng_from_seed(11);
        let n = 200_000;
        let xs = gaussian_vec(n, &mut rng);
        let mean = xs.iter().sum::<f64>() / n as f64;
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
        // standard errors: 1/√n ≈ 0.0022 for the mean, √(2/n) ≈ 0.0032 for the variance
        assert!(mean.abs() < 0.01, "mean {mean}");
        assert!((var - 1.0).abs() < 0.015, "variance {var}");
    }
}
