//! Numerical tools for the theory curves: composite Gauss–Legendre quadrature and Brent's
//! bracketed root finder.
//!
//! # References
//! - M. Abramowitz, I. A. Stegun, *Handbook of Mathematical Functions* (1964), table 25.4
//!   (Gauss–Legendre abscissae and weights).
//! - R. P. Brent, *Algorithms for Minimization without Derivatives* (1973), ch. 4.

/// 10-point Gauss–Legendre rule on `[−1, 1]`: the positive abscissae `x_i` and their weights
/// `w_i` (the rule is symmetric). It integrates polynomials of degree ≤ 19 exactly.
const GL10: [(f64, f64); 5] = [
    (0.148_874_338_981_631_22, 0.295_524_224_714_752_87),
    (0.433_395_394_129_247_2, 0.269_266_719_309_996_35),
    (0.679_409_568_299_024_4, 0.219_086_362_515_982_04),
    (0.865_063_366_688_984_5, 0.149_451_349_150_580_6),
    (0.973_906_528_517_171_7, 0.066_671_344_308_688_14),
];

/// Number of nodes of one panel of [`panel_nodes`].
pub(crate) const NODES: usize = 10;

/// The nodes `t_j` and weights `w_j` of the 10-point Gauss–Legendre rule on `[a, b]`:
/// `∫_a^b f(t) dt ≈ Σ_j w_j f(t_j)`.
pub(crate) fn panel_nodes(a: f64, b: f64) -> [(f64, f64); NODES] {
    let mid = 0.5 * (a + b);
    let half = 0.5 * (b - a);
    let mut out = [(0.0, 0.0); NODES];
    for (i, &(x, w)) in GL10.iter().enumerate() {
        out[2 * i] = (mid - half * x, half * w);
        out[2 * i + 1] = (mid + half * x, half * w);
    }
    out
}

/// `∫_a^b f(t) dt` by the 10-point Gauss–Legendre rule on one panel.
pub(crate) fn gauss_legendre(f: &mut impl FnMut(f64) -> f64, a: f64, b: f64) -> f64 {
    panel_nodes(a, b).iter().map(|&(t, w)| w * f(t)).sum()
}

/// `∫_a^b f(t) dt` by the 10-point Gauss–Legendre rule on `panels` equal panels.
pub(crate) fn composite(mut f: impl FnMut(f64) -> f64, a: f64, b: f64, panels: usize) -> f64 {
    let h = (b - a) / panels as f64;
    (0..panels)
        .map(|k| {
            let lo = a + h * k as f64;
            let hi = if k + 1 == panels { b } else { lo + h };
            gauss_legendre(&mut f, lo, hi)
        })
        .sum()
}

/// A root of `f` in the bracket `[a, b]`, where `fa = f(a)` and `fb = f(b)` have opposite signs
/// (or one is zero), to within `tol + 4 ε_mach |x|` (Brent's method: inverse quadratic
/// interpolation safeguarded by bisection, so it never leaves the bracket).
pub(crate) fn brent(
    mut f: impl FnMut(f64) -> f64,
    mut a: f64,
    mut b: f64,
    mut fa: f64,
    mut fb: f64,
    tol: f64,
) -> f64 {
    if fa == 0.0 {
        return a;
    }
    if fb == 0.0 {
        return b;
    }
    debug_assert!((fa > 0.0) != (fb > 0.0), "brent: the root is not bracketed");
    let (mut c, mut fc) = (b, fb);
    let mut d = b - a;
    let mut e = d;
    for _ in 0..300 {
        if (fb > 0.0) == (fc > 0.0) {
            c = a;
            fc = fa;
            d = b - a;
            e = d;
        }
        if fc.abs() < fb.abs() {
            a = b;
            b = c;
            c = a;
            fa = fb;
            fb = fc;
            fc = fa;
        }
        let tol1 = 2.0 * f64::EPSILON * b.abs() + 0.5 * tol;
        let xm = 0.5 * (c - b);
        if xm.abs() <= tol1 || fb == 0.0 {
            return b;
        }
        if e.abs() >= tol1 && fa.abs() > fb.abs() {
            let s = fb / fa;
            let (mut p, mut q) = if a == c {
                (2.0 * xm * s, 1.0 - s)
            } else {
                let q = fa / fc;
                let r = fb / fc;
                (
                    s * (2.0 * xm * q * (q - r) - (b - a) * (r - 1.0)),
                    (q - 1.0) * (r - 1.0) * (s - 1.0),
                )
            };
            if p > 0.0 {
                q = -q;
            }
            p = p.abs();
            let min1 = 3.0 * xm * q - (tol1 * q).abs();
            let min2 = (e * q).abs();
            if 2.0 * p < min1.min(min2) {
                e = d;
                d = p / q;
            } else {
                d = xm;
                e = d;
            }
        } else {
            d = xm;
            e = d;
        }
        a = b;
        fa = fb;
        b += if d.abs() > tol1 { d } else { tol1.copysign(xm) };
        fb = f(b);
    }
    b
}

/// A bracket `(lo, g(lo), hi, g(hi))` with `g(lo) > 0 ≥ g(hi)` for a function with `g(x) > 0`
/// near 0 and `g(x_max) < 0`, searched from `x0 ∈ (0, x_max]` by doubling upwards or halving
/// downwards (halving stops at `1e-12`, doubling at `x_max`).
pub(crate) fn bracket_from_above(
    mut g: impl FnMut(f64) -> f64,
    x0: f64,
    x_max: f64,
) -> (f64, f64, f64, f64) {
    let mut x = x0.min(x_max);
    let mut gx = g(x);
    if gx > 0.0 {
        loop {
            let y = (2.0 * x).min(x_max);
            let gy = g(y);
            if gy <= 0.0 || y >= x_max {
                return (x, gx, y, gy);
            }
            (x, gx) = (y, gy);
        }
    }
    loop {
        let y = 0.5 * x;
        let gy = g(y);
        if gy > 0.0 || y < 1e-12 {
            return (y, gy, x, gx);
        }
        (x, gx) = (y, gy);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gauss_legendre_is_exact_on_polynomials_up_to_degree_19() {
        // ∫_{−1}^{2} t^k dt = (2^{k+1} − (−1)^{k+1}) / (k+1).
        for k in 0..=19 {
            let exact = (2f64.powi(k + 1) - (-1f64).powi(k + 1)) / f64::from(k + 1);
            let got = gauss_legendre(&mut |t: f64| t.powi(k), -1.0, 2.0);
            assert!(
                (got - exact).abs() <= 1e-13 * exact.abs().max(1.0),
                "k = {k}: {got} vs {exact}"
            );
        }
        // Degree 20 is not integrated exactly: the rule has exactly 10 nodes.
        let got = gauss_legendre(&mut |t: f64| t.powi(20), -1.0, 1.0);
        assert!((got - 2.0 / 21.0).abs() > 1e-8);
    }

    #[test]
    fn weights_sum_to_the_interval_length() {
        let s: f64 = panel_nodes(0.5, 3.0).iter().map(|&(_, w)| w).sum();
        assert!((s - 2.5).abs() < 1e-15);
    }

    #[test]
    fn composite_integrates_the_gaussian_to_one() {
        let phi = |t: f64| libm::exp(-0.5 * t * t) / (2.0 * std::f64::consts::PI).sqrt();
        let got = composite(phi, -12.0, 12.0, 24);
        assert!((got - 1.0).abs() < 1e-14, "{got}");
    }

    #[test]
    fn bracket_from_above_brackets_from_either_side() {
        let g = |x: f64| 0.3 - x;
        for x0 in [1e-3, 0.2, 0.3, 0.5, 1.5] {
            let (lo, g_lo, hi, g_hi) = bracket_from_above(g, x0, 1.5);
            assert!(
                lo < 0.3 && 0.3 <= hi && g_lo > 0.0 && g_hi <= 0.0,
                "x0 = {x0}"
            );
        }
    }

    #[test]
    fn brent_finds_simple_roots() {
        let f = |x: f64| x * x - 2.0;
        let r = brent(f, 0.0, 2.0, f(0.0), f(2.0), 1e-15);
        assert!((r - 2f64.sqrt()).abs() < 1e-15);
        let g = |x: f64| libm::cos(x) - x;
        let r = brent(g, 0.0, 1.0, g(0.0), g(1.0), 1e-15);
        assert!((r - 0.739_085_133_215_160_6).abs() < 1e-15);
        // A step: Brent falls back to bisection and still converges.
        let s = |x: f64| if x < 0.3 { -1.0 } else { 1.0 };
        let r = brent(s, 0.0, 1.0, -1.0, 1.0, 1e-12);
        assert!((r - 0.3).abs() < 1e-11);
    }
}
