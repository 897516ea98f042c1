//! The Gibbs and Bayes students (`train::students`) against independent references: the arc and
//! the band of 2-D data by brute force over every example (no hulls), a rejection sampler of the
//! version space (uniform directions kept when they classify every example), the positive
//! orthant's exact law (`|g|` for a Gaussian `g`), the learning-curve theory of `N → ∞`
//! (`theory::gibbs_eps`, `bayes_eps`) and the exact optimum of maximal stability.
//!
//! Statistical checks use fixed seeds and say their tolerance: Kolmogorov–Smirnov tests at the
//! 1 % level (one-sample `D < 1.628/√n`, two-sample `D < 1.628 √((n+m)/(nm))`), means within a
//! stated number of standard errors plus, against `N → ∞` theory, a finite-`N` allowance.

mod common;

use common::{dataset, dot, max_stability_reference, norm, shifted};
use perceptron_lab::data::{generate, Dataset};
use perceptron_lab::experiment::{run_cells, CurveParams, Labels, StopRule};
use perceptron_lab::measure::Perceptron;
use perceptron_lab::rng::{gaussian_vec, rng_from_seed};
use perceptron_lab::scene::{self, Settings};
use perceptron_lab::theory::{bayes_eps, cover_eps, gibbs_eps};
use perceptron_lab::train::students::{
    bayes_point, samples, Sampler, BAYES_SAMPLES, BURN_IN, THIN,
};
use perceptron_lab::train::{self, Algorithm, Config, Mode, Stop};
use perceptron_lab::version_space::plane::Region;
use perceptron_lab::version_space::size as version_space_size;
use perceptron_lab::Error;
use std::f64::consts::{FRAC_PI_2, PI};

/// The Kolmogorov–Smirnov statistic of `xs` against the CDF `f`.
fn ks(xs: &mut [f64], f: impl Fn(f64) -> f64) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len() as f64;
    xs.iter()
        .enumerate()
        .map(|(i, &x)| {
            let c = f(x);
            (c - i as f64 / n).max((i + 1) as f64 / n - c)
        })
        .fold(0.0, f64::max)
}

/// The two-sample Kolmogorov–Smirnov statistic.
fn ks2(a: &mut [f64], b: &mut [f64]) -> f64 {
    a.sort_by(f64::total_cmp);
    b.sort_by(f64::total_cmp);
    let (n, m) = (a.len() as f64, b.len() as f64);
    let (mut i, mut j, mut d) = (0, 0, 0.0f64);
    while i < a.len() && j < b.len() {
        let x = a[i].min(b[j]);
        while i < a.len() && a[i] <= x {
            i += 1;
        }
        while j < b.len() && b[j] <= x {
            j += 1;
        }
        d = d.max((i as f64 / n - j as f64 / m).abs());
    }
    d
}

/// The 1 % critical value of the two-sample statistic.
fn ks2_critical(n: usize, m: usize) -> f64 {
    1.628 * ((n + m) as f64 / (n * m) as f64).sqrt()
}

/// `a` unwrapped to within `π` of `around`.
fn near(a: f64, around: f64) -> f64 {
    a - 2.0 * PI * ((a - around) / (2.0 * PI)).round()
}

/// Whether `(w, θ)` classifies every example strictly correctly.
fn in_version_space(p: &Perceptron, data: &Dataset) -> bool {
    (0..data.len()).all(|mu| (dot(&p.w, data.x(mu)) - p.theta) * data.y(mu) > 0.0)
}

/// A 2-D teacher set whose teacher points at `phi`.
fn teacher_at(seed: u64, p: usize, phi: f64) -> Dataset {
    let mut rng = rng_from_seed(seed);
    let t = [libm::cos(phi), libm::sin(phi)];
    generate::teacher_set(p, &t, 0.0, &mut rng).unwrap()
}

/// Through the origin in 2-D: the arc from the examples' half circles directly (unwrapped around
/// the teacher, which is inside), the draws uniform on it (KS), the Bayes student its midpoint.
#[test]
fn draws_through_the_origin_are_uniform_on_the_arc() {
    let phi_t = 1.0;
    let data = teacher_at(3, 12, phi_t);
    let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
    for mu in 0..data.len() {
        let z = [data.y(mu) * data.x(mu)[0], data.y(mu) * data.x(mu)[1]];
        let a = near(libm::atan2(z[1], z[0]), phi_t);
        lo = lo.max(a - FRAC_PI_2);
        hi = hi.min(a + FRAC_PI_2);
    }
    assert!(lo < phi_t && phi_t < hi);
    let draws = samples(&data, Mode::Homogeneous, 4000, 7).unwrap();
    let mut phis: Vec<f64> = draws
        .iter()
        .map(|p| {
            assert!((norm(&p.w) - 1.0).abs() < 1e-12 && p.theta == 0.0);
            assert!(in_version_space(p, &data));
            near(libm::atan2(p.w[1], p.w[0]), phi_t)
        })
        .collect();
    assert!(phis.iter().all(|&f| lo < f && f < hi));
    let n = phis.len();
    let d = ks(&mut phis, |f| (f - lo) / (hi - lo));
    assert!(d < 1.628 / (n as f64).sqrt(), "KS D = {d}");
    let bayes = bayes_point(&data, Mode::Homogeneous, 1).unwrap();
    let mid = near(
        libm::atan2(bayes.perceptron.w[1], bayes.perceptron.w[0]),
        phi_t,
    );
    assert!(
        (mid - 0.5 * (lo + hi)).abs() < 1e-12,
        "{mid} vs {}",
        0.5 * (lo + hi)
    );
    assert_eq!(
        (bayes.samples, bayes.angle_se, bayes.theta_se, bayes.steps),
        (0, 0.0, 0.0, 0)
    );
    let size = version_space_size(&data, Mode::Homogeneous).unwrap();
    assert!((size - (hi - lo)).abs() < 1e-12);
}

/// With a threshold in 2-D: the band `min_{S=+1} ξ·u − max_{S=−1} ξ·u` by brute force on a grid
/// of 2·10⁵ angles (trapezoid; the band's edges are Lipschitz with constant `max |ξ|`, so the
/// integrals are good to about 10⁻⁹); every draw inside it, `φ` distributed as the band's length
/// (KS), `θ` uniform across it (KS on the relative height), the area and the Bayes student
/// (the centroid under `dφ dθ`) as integrated here.
#[test]
fn draws_with_a_threshold_are_uniform_in_the_band() {
    let data = shifted(&common::teacher_data(5, 2, 15, 0.0), 0.7);
    let exact = max_stability_reference(&data, Mode::Threshold).unwrap();
    let w = exact.perceptron.unwrap().w;
    let phi0 = libm::atan2(w[1], w[0]);
    let edges = |phi: f64| {
        let u = [libm::cos(phi), libm::sin(phi)];
        let (mut upper, mut lower) = (f64::INFINITY, f64::NEG_INFINITY);
        for mu in 0..data.len() {
            let h = dot(data.x(mu), &u);
            if data.y(mu) > 0.0 {
                upper = upper.min(h);
            } else {
                lower = lower.max(h);
            }
        }
        (lower, upper)
    };
    let m = 200_000;
    let grid: Vec<f64> = (0..=m)
        .map(|k| phi0 - PI + 2.0 * PI * k as f64 / m as f64)
        .collect();
    let step = 2.0 * PI / m as f64;
    let (mut cdf, mut area, mut m_phi, mut m_theta) = (vec![0.0], 0.0, 0.0, 0.0);
    let at = |phi: f64| {
        let (l, u) = edges(phi);
        if u > l {
            (u - l, phi * (u - l), 0.5 * (u * u - l * l))
        } else {
            (0.0, 0.0, 0.0)
        }
    };
    let mut prev = at(grid[0]);
    for &phi in &grid[1..] {
        let cur = at(phi);
        area += 0.5 * step * (prev.0 + cur.0);
        m_phi += 0.5 * step * (prev.1 + cur.1);
        m_theta += 0.5 * step * (prev.2 + cur.2);
        cdf.push(area);
        prev = cur;
    }
    let cdf_at = |phi: f64| {
        let x = (phi - grid[0]) / step;
        let k = (x.floor() as usize).min(m - 1);
        let f = x - k as f64;
        (cdf[k] * (1.0 - f) + cdf[k + 1] * f) / area
    };
    let draws = samples(&data, Mode::Threshold, 4000, 11).unwrap();
    let (mut phis, mut heights) = (vec![], vec![]);
    for p in &draws {
        assert!((norm(&p.w) - 1.0).abs() < 1e-12);
        assert!(in_version_space(p, &data), "{p:?}");
        let phi = near(libm::atan2(p.w[1], p.w[0]), phi0);
        let (l, u) = edges(phi);
        assert!(l < p.theta && p.theta < u);
        phis.push(phi);
        heights.push((p.theta - l) / (u - l));
    }
    let n = draws.len() as f64;
    let d_phi = ks(&mut phis, cdf_at);
    let d_height = ks(&mut heights, |h| h);
    assert!(d_phi < 1.628 / n.sqrt(), "KS D(φ) = {d_phi}");
    assert!(d_height < 1.628 / n.sqrt(), "KS D(height) = {d_height}");
    // the band's area in closed form (the sampler's pieces, on the scaled inputs) and as the
    // weight view's size (the same pieces, on the inputs as they are), against the trapezoid here
    let exact_area = Region::of(&data).unwrap().area();
    assert!(
        (exact_area - area).abs() < 1e-8 * area,
        "{exact_area} vs {area}"
    );
    let size = version_space_size(&data, Mode::Threshold).unwrap();
    assert!((size - area).abs() < 1e-6 * area, "{size} vs {area}");
    let bayes = bayes_point(&data, Mode::Threshold, 1).unwrap().perceptron;
    let phi_b = near(libm::atan2(bayes.w[1], bayes.w[0]), phi0);
    assert!(
        (phi_b - m_phi / area).abs() < 1e-8,
        "{phi_b} vs {}",
        m_phi / area
    );
    assert!((bayes.theta - m_theta / area).abs() < 1e-8);
}

/// The version space by rejection: `w` uniform on the sphere, and with a threshold `θ` uniform
/// on `[−R, R]`, `R = max_μ |ξ^μ|` (every `θ` of the version space is inside: `upper(w) ≤ R`,
/// `lower(w) ≥ −R` for `|w| = 1`), kept when they classify every example: exactly uniform under
/// `dS(w)` or `dS(w) dθ`; `k` of them.
fn rejection(data: &Dataset, mode: Mode, k: usize, seed: u64) -> Vec<Perceptron> {
    use rand::Rng as _;
    let mut rng = rng_from_seed(seed);
    let n = data.dim();
    let r_max = (0..data.len())
        .map(|mu| norm(data.x(mu)))
        .fold(0.0, f64::max);
    let mut out = vec![];
    while out.len() < k {
        let v = gaussian_vec(n, &mut rng);
        let r = norm(&v);
        let theta = match mode {
            Mode::Threshold => r_max * (2.0 * rng.random::<f64>() - 1.0),
            Mode::Homogeneous => 0.0,
        };
        let p = Perceptron::new(v.iter().map(|x| x / r).collect(), theta);
        if in_version_space(&p, data) {
            out.push(p);
        }
    }
    out
}

/// A named statistic of a draw.
type Statistic<'a> = (&'a str, &'a dyn Fn(&Perceptron) -> f64);

/// The mean `(w̄, θ̄)` of draws scaled to `|w̄| = 1` (the centre of mass, module docs), and its
/// standard errors: of the direction of `w̄` (the angle) and of `θ̄`.
fn centre_of_mass(draws: &[Perceptron]) -> (Perceptron, f64, f64) {
    let k = draws.len() as f64;
    let n = draws[0].w.len();
    let mut w = vec![0.0; n];
    let mut theta = 0.0;
    for p in draws {
        for (a, b) in w.iter_mut().zip(&p.w) {
            *a += b / k;
        }
        theta += p.theta / k;
    }
    let r = norm(&w);
    let unit: Vec<f64> = w.iter().map(|v| v / r).collect();
    let (mut across, mut spread) = (0.0, 0.0);
    for p in draws {
        let d: Vec<f64> = p.w.iter().zip(&w).map(|(a, b)| a - b).collect();
        across += dot(&d, &d) - dot(&d, &unit).powi(2);
        spread += (p.theta - theta).powi(2);
    }
    let kk = k * (k - 1.0);
    (
        Perceptron::new(unit, theta / r),
        (across / kk).sqrt() / r,
        (spread / kk).sqrt() / r,
    )
}

/// The chain against rejection in 5 dimensions through the origin and in 3 with a threshold
/// (the cylinder's measure `dS(w) dθ`), on small sets where rejection keeps a few per cent:
/// two-sample KS on the overlap of `w` with the exact optimum's, on `w₁` and on `θ`; the Bayes
/// student against the centre of mass of the rejection draws, within 4 standard errors (its
/// stated ones and the reference's, added in quadrature).
#[test]
fn the_chain_samples_what_rejection_samples() {
    for (mode, n, p, seed) in [(Mode::Homogeneous, 5, 7, 21), (Mode::Threshold, 3, 6, 22)] {
        let data = match mode {
            Mode::Homogeneous => common::teacher_data(seed, n, p, 0.0),
            Mode::Threshold => shifted(&common::teacher_data(seed, n, p, 0.0), 0.5),
        };
        let reference = rejection(&data, mode, 3000, seed + 100);
        let chain = samples(&data, mode, 3000, seed + 200).unwrap();
        assert!(chain.iter().all(|q| in_version_space(q, &data)));
        assert!(chain.iter().all(|q| (norm(&q.w) - 1.0).abs() < 1e-12));
        let opt = max_stability_reference(&data, mode)
            .unwrap()
            .perceptron
            .unwrap();
        let o: Vec<f64> = opt.w.iter().map(|v| v / norm(&opt.w)).collect();
        let stats: [Statistic; 3] = [
            ("overlap", &|q| dot(&q.w, &o)),
            ("w_1", &|q| q.w[0]),
            ("θ", &|q| q.theta),
        ];
        for (name, f) in stats {
            if name == "θ" && mode == Mode::Homogeneous {
                continue;
            }
            let mut a: Vec<f64> = reference.iter().map(f).collect();
            let mut b: Vec<f64> = chain.iter().map(f).collect();
            let d = ks2(&mut a, &mut b);
            assert!(d < ks2_critical(3000, 3000), "{mode:?} {name}: KS D = {d}");
        }
        let (centre, ref_angle_se, ref_theta_se) = centre_of_mass(&reference);
        let bayes = bayes_point(&data, mode, seed).unwrap();
        assert_eq!(bayes.samples, BAYES_SAMPLES);
        assert!(in_version_space(&bayes.perceptron, &data));
        let angle = libm::acos(dot(&bayes.perceptron.w, &centre.w).clamp(-1.0, 1.0));
        let tolerance = 4.0 * libm::hypot(bayes.angle_se, ref_angle_se);
        assert!(
            angle < tolerance,
            "{mode:?}: Bayes {angle} rad from the rejection centre (σ_∠ = {}, reference {ref_angle_se})",
            bayes.angle_se
        );
        let dtheta = (bayes.perceptron.theta - centre.theta).abs();
        assert!(
            dtheta <= 4.0 * libm::hypot(bayes.theta_se, ref_theta_se),
            "{mode:?}: θ {} vs {} (σ {}, reference {ref_theta_se})",
            bayes.perceptron.theta,
            centre.theta,
            bayes.theta_se
        );
    }
}

/// The positive orthant `{w_i > 0}` (the unit vectors `e_i`, labelled +1) in `N = 8`: its
/// uniform directions are `|g|/|g|` for a Gaussian `g`, whose law the chain's draws match
/// (two-sample KS on the cosine to the diagonal); its centre of mass is the diagonal
/// `(1, …, 1)/√N`, which the Bayes student finds within 4 of its standard errors, and those
/// errors are what independent repetitions scatter by (mean squared angle between 0.5 and 2
/// times the mean `σ_∠²` over 30 seeds).
#[test]
fn the_orthant_and_its_centre_of_mass() {
    let n = 8;
    let mut xs = vec![0.0; n * n];
    for i in 0..n {
        xs[i * n + i] = 1.0;
    }
    let data = dataset(&xs, n, &vec![1.0; n]);
    let diagonal = vec![1.0 / (n as f64).sqrt(); n];
    let cosine = |w: &[f64]| dot(w, &diagonal) / norm(w);
    let mut rng = rng_from_seed(31);
    let mut exact: Vec<f64> = (0..3000)
        .map(|_| {
            let g: Vec<f64> = gaussian_vec(n, &mut rng).iter().map(|x| x.abs()).collect();
            cosine(&g)
        })
        .collect();
    let mut chain: Vec<f64> = samples(&data, Mode::Homogeneous, 3000, 32)
        .unwrap()
        .iter()
        .map(|p| cosine(&p.w))
        .collect();
    let d = ks2(&mut exact, &mut chain);
    assert!(d < ks2_critical(3000, 3000), "KS D = {d}");
    let mut scatter = 0.0;
    let mut se2 = 0.0;
    let reps = 30;
    for seed in 0..reps {
        let b = bayes_point(&data, Mode::Homogeneous, seed).unwrap();
        let angle = libm::acos(cosine(&b.perceptron.w).clamp(-1.0, 1.0));
        assert!(
            angle < 4.0 * b.angle_se,
            "seed {seed}: {angle} rad from the diagonal, σ_∠ = {}",
            b.angle_se
        );
        scatter += angle * angle / f64::from(reps as u32);
        se2 += b.angle_se * b.angle_se / f64::from(reps as u32);
    }
    // σ_∠² is the error summed over the N − 1 directions across the centre, so it is the
    // expected square of the angle from the true centre
    let ratio = scatter / se2;
    assert!((0.5..2.0).contains(&ratio), "scatter/σ² = {ratio}");
}

/// Every draw classifies every example, in any dimension and mode (the chains of `N = 1`, 3,
/// 10, 25 through the origin, `N = 4` and 10 with a threshold; the exact gap of `N = 1` with a
/// threshold), and so does the Bayes student (the version space is convex), with `|w| = 1`.
#[test]
fn every_draw_satisfies_every_constraint() {
    for (mode, n, p, offset) in [
        (Mode::Homogeneous, 1, 5, 0.0),
        (Mode::Homogeneous, 3, 12, 0.0),
        (Mode::Homogeneous, 10, 30, 0.0),
        (Mode::Homogeneous, 25, 100, 0.0),
        (Mode::Threshold, 1, 6, 0.4),
        (Mode::Threshold, 4, 16, 0.6),
        (Mode::Threshold, 10, 40, -0.3),
    ] {
        let data = shifted(&common::teacher_data(n as u64, n, p, 0.0), offset);
        let sampler = Sampler::new(&data, mode, 1).unwrap();
        assert_eq!(
            sampler.is_exact(),
            n == 1 && mode == Mode::Threshold,
            "N = {n}"
        );
        for q in samples(&data, mode, 60, 5).unwrap() {
            assert!(in_version_space(&q, &data), "{mode:?}, N = {n}: {q:?}");
            assert!((norm(&q.w) - 1.0).abs() < 1e-12);
        }
        let b = bayes_point(&data, mode, 5).unwrap().perceptron;
        assert!(
            in_version_space(&b, &data),
            "{mode:?}, N = {n}: Bayes {b:?}"
        );
    }
}

/// The overlap with the teacher `R` of the chain's state, over 300 teacher sets at `N = 20`,
/// `α = 4`: at the start (the maximal-stability direction) it is well above its stationary
/// mean (by more than 5 standard errors: the check has power), after the burn-in it equals the
/// mean after twice the burn-in (paired difference within 3 standard errors).
#[test]
fn the_chain_forgets_its_start_within_the_burn_in() {
    let (n, p, sets) = (20, 80, 300);
    let (mut d0, mut d1) = (vec![], vec![]);
    for s in 0..sets {
        let mut rng = rng_from_seed(1000 + s);
        let t = generate::teacher(n, &mut rng);
        let data = generate::teacher_set(p, &t, 0.0, &mut rng).unwrap();
        let mut sampler = Sampler::new(&data, Mode::Homogeneous, s).unwrap();
        let r = |q: &Perceptron| dot(&q.w, &t) / (norm(&q.w) * norm(&t));
        let r0 = r(&sampler.draw(0));
        let r1 = r(&sampler.draw(BURN_IN));
        let r2 = r(&sampler.draw(BURN_IN));
        d0.push(r0 - r2);
        d1.push(r1 - r2);
    }
    let mean_se = |v: &[f64]| {
        let m = v.iter().sum::<f64>() / v.len() as f64;
        let var = v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (v.len() - 1) as f64;
        (m, (var / v.len() as f64).sqrt())
    };
    let (m0, s0) = mean_se(&d0);
    let (m1, s1) = mean_se(&d1);
    assert!(m0 > 5.0 * s0, "the start: R excess {m0} ± {s0}");
    assert!(
        m1.abs() < 3.0 * s1,
        "after the burn-in: R excess {m1} ± {s1}"
    );
}

/// States `THIN` trajectories apart are nearly uncorrelated: the autocorrelation of `R` at that
/// lag, about each chain's own mean, over 40 chains of 100 states at `N = 20`, `α = 4`, is below
/// 0.3 in magnitude (it would be near 1 if a trajectory barely moved).
#[test]
fn states_thin_apart_are_nearly_uncorrelated() {
    let (n, p) = (20, 80);
    let (mut num, mut den) = (0.0, 0.0);
    for s in 0..40 {
        let mut rng = rng_from_seed(2000 + s);
        let t = generate::teacher(n, &mut rng);
        let data = generate::teacher_set(p, &t, 0.0, &mut rng).unwrap();
        let mut sampler = Sampler::new(&data, Mode::Homogeneous, s).unwrap();
        sampler.draw(BURN_IN);
        let rs: Vec<f64> = (0..100)
            .map(|_| {
                let q = sampler.draw(THIN);
                dot(&q.w, &t) / norm(&t)
            })
            .collect();
        let m = rs.iter().sum::<f64>() / rs.len() as f64;
        num += rs.windows(2).map(|w| (w[0] - m) * (w[1] - m)).sum::<f64>();
        den += rs.iter().map(|r| (r - m).powi(2)).sum::<f64>();
    }
    let rho = num / den;
    assert!(rho.abs() < 0.3, "ρ = {rho}");
}

/// A sweep's per-cell `ε_g` of `gibbs`, `bayes` and `exact` (the learning-curve code the CLI and
/// the page run).
fn sweep(n: usize, alphas: &[f64], reps: usize, seed: u64) -> (CurveParams, Vec<[f64; 3]>) {
    let params = CurveParams {
        n,
        alphas: alphas.to_vec(),
        reps,
        algorithms: vec![Algorithm::Gibbs, Algorithm::Bayes, Algorithm::Exact],
        epochs: 1.0,
        updates: None,
        seed,
        noise: 0.0,
        labels: Labels::Teacher,
        stop: StopRule::Epochs,
        random_separability: false,
    };
    let cells = run_cells(&params, 0..params.cells(), |_| {}).unwrap();
    let eps = cells
        .iter()
        .map(|c| {
            [
                c.outcomes[0].eps_g,
                c.outcomes[1].eps_g,
                c.outcomes[2].eps_g,
            ]
        })
        .collect();
    (params, eps)
}

/// Simulated learning curves at `N = 20` (400 sets per `α`) and `N = 40` (150 sets) against the
/// `N → ∞` theory: Gibbs within 3 standard errors plus a finite-`N` allowance of `1.6/N` of the
/// theory (the finite-size deviation falls like `1/N`, as the maximally stable perceptron's
/// does), Bayes within the same plus `1/(2K)` for its `K`-sample
/// estimate (module docs); the Bayes student generalises better than the maximally stable
/// perceptron on the same sets (paired difference above 3 standard errors). Cover's counting
/// estimate (Biehl eq. 3.52) counts every labelling once, not by its volume in weight space: it
/// is not this student's error (at `α = 1` it is ½, the Gibbs student's about ⅓).
#[test]
fn learning_curves_of_the_students() {
    for (n, reps, seed) in [(20, 400, 1), (40, 150, 2)] {
        let alphas = [1.0, 2.0, 4.0];
        let (params, eps) = sweep(n, &alphas, reps, seed);
        let allowance = 1.6 / n as f64;
        for (k, &alpha) in alphas.iter().enumerate() {
            let cells = &eps[k * reps..(k + 1) * reps];
            let stats = |f: &dyn Fn(&[f64; 3]) -> f64| {
                let v: Vec<f64> = cells.iter().map(f).collect();
                let m = v.iter().sum::<f64>() / v.len() as f64;
                let var = v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (v.len() - 1) as f64;
                (m, (var / v.len() as f64).sqrt())
            };
            let (gibbs, gibbs_se) = stats(&|c| c[0]);
            let (bayes, bayes_se) = stats(&|c| c[1]);
            let (gain, gain_se) = stats(&|c| c[2] - c[1]);
            let (tg, tb) = (gibbs_eps(alpha), bayes_eps(alpha));
            assert!(
                (gibbs - tg).abs() < 3.0 * gibbs_se + allowance * tg,
                "N = {n}, α = {alpha}: Gibbs {gibbs} ± {gibbs_se}, theory {tg}"
            );
            let bayes_allowance = allowance + 0.5 / BAYES_SAMPLES as f64;
            assert!(
                (bayes - tb).abs() < 3.0 * bayes_se + bayes_allowance * tb,
                "N = {n}, α = {alpha}: Bayes {bayes} ± {bayes_se}, theory {tb}"
            );
            assert!(
                gain > 3.0 * gain_se,
                "N = {n}, α = {alpha}: ε_g(max. stability) − ε_g(Bayes) = {gain} ± {gain_se}"
            );
            if alpha <= 2.0 {
                let cover = cover_eps(params.p(alpha) as u64, n as u64);
                assert!(gibbs < cover - 10.0 * gibbs_se, "{gibbs} vs Cover {cover}");
            }
        }
    }
}

/// Sets without a version space are refused with a clear error; in a sweep with noise they give
/// no value (fewer valid repetitions, no error); in the data view the students are shown absent
/// with why.
#[test]
fn sets_without_a_version_space() {
    let xor = dataset(
        &[1.0, 1.0, -1.0, -1.0, 1.0, -1.0, -1.0, 1.0],
        2,
        &[1.0, 1.0, -1.0, -1.0],
    );
    let origin = dataset(&[0.0, 0.0, 1.0, 0.5], 2, &[1.0, -1.0]);
    let empty = dataset(&[], 2, &[]);
    let one_class = dataset(&[1.0, 2.0, 3.0, 1.0], 2, &[1.0, 1.0]);
    let noisy = common::teacher_data(3, 10, 60, 0.3);
    for algorithm in [Algorithm::Gibbs, Algorithm::Bayes] {
        let build = |d: &Dataset, mode| train::build(algorithm, d, mode, &Config::default()).err();
        for mode in [Mode::Homogeneous, Mode::Threshold] {
            let e = build(&xor, mode).unwrap();
            assert!(matches!(e, Error::NotSeparable { .. }), "{e}");
            assert!(e.to_string().contains("version space is empty"), "{e}");
            assert_eq!(build(&empty, mode), Some(Error::Empty));
            assert!(matches!(
                build(&noisy, mode),
                Some(Error::NotSeparable { .. })
            ));
        }
        assert!(matches!(
            build(&origin, Mode::Homogeneous),
            Some(Error::NotSeparable { .. })
        ));
        assert!(build(&origin, Mode::Threshold).is_none());
        assert_eq!(
            build(&one_class, Mode::Threshold),
            Some(Error::OneClass { label: 1 })
        );
        let settings = Settings {
            algorithms: vec![algorithm],
            ..Settings::default()
        };
        let view = &scene::compute(&xor, &settings).unwrap().algorithms[0];
        assert_eq!(view.stop, Some(Stop::Stalled));
        assert!(
            view.status.starts_with("no version space"),
            "{}",
            view.status
        );
    }
    assert_eq!(version_space_size(&xor, Mode::Homogeneous).unwrap(), 0.0);
    assert_eq!(version_space_size(&xor, Mode::Threshold).unwrap(), 0.0);
    assert!(version_space_size(&one_class, Mode::Threshold)
        .unwrap()
        .is_infinite());
    let params = CurveParams {
        n: 10,
        alphas: vec![3.0],
        reps: 20,
        algorithms: vec![Algorithm::Gibbs, Algorithm::Bayes],
        epochs: 1.0,
        updates: None,
        seed: 4,
        noise: 0.2,
        labels: Labels::Teacher,
        stop: StopRule::Epochs,
        random_separability: false,
    };
    for row in perceptron_lab::experiment::run(&params).unwrap() {
        assert!(row.valid_reps < row.reps, "{row:?}");
        assert!(row.valid_reps == 0 || row.eps_g_mean.is_finite());
    }
}

/// The same seed gives the same numbers; the catalogue's rules are the functions' answers: the
/// `gibbs` rule's perceptron is the first of `samples`, the `bayes` rule's is `bayes_point`'s;
/// they stop with `Sampled` after one step in 2-D and after the burn-in (Gibbs) or burn-in and
/// `K` thinned samples (Bayes) in `N` dimensions. A step budget does not cut the chain.
#[test]
fn rules_are_the_functions_and_seeded() {
    let cases = [
        (common::teacher_data(7, 2, 20, 0.0), Mode::Homogeneous),
        (
            shifted(&common::teacher_data(8, 2, 20, 0.0), 0.5),
            Mode::Threshold,
        ),
        (common::teacher_data(9, 12, 40, 0.0), Mode::Homogeneous),
        (
            shifted(&common::teacher_data(10, 6, 30, 0.0), 0.5),
            Mode::Threshold,
        ),
    ];
    for (data, mode) in &cases {
        let config = Config {
            seed: 42,
            ..Config::default()
        };
        let gibbs = train::build(Algorithm::Gibbs, data, *mode, &config)
            .unwrap()
            .run();
        let bayes = train::build(Algorithm::Bayes, data, *mode, &config)
            .unwrap()
            .run();
        let first = &samples(data, *mode, 3, 42).unwrap()[0];
        assert_eq!(&gibbs.perceptron, first);
        assert_eq!(
            bayes.perceptron,
            bayes_point(data, *mode, 42).unwrap().perceptron
        );
        assert_eq!(
            samples(data, *mode, 3, 42).unwrap(),
            samples(data, *mode, 3, 42).unwrap()
        );
        assert_ne!(
            samples(data, *mode, 3, 42).unwrap(),
            samples(data, *mode, 3, 43).unwrap()
        );
        assert_eq!(gibbs.stop, Some(Stop::Sampled));
        assert!(gibbs.converged && gibbs.errors == 0 && bayes.errors == 0);
        let chain = data.dim() > 2;
        assert_eq!(gibbs.steps, if chain { BURN_IN } else { 1 });
        assert_eq!(
            bayes.steps,
            if chain {
                BURN_IN + (BAYES_SAMPLES - 1) * THIN
            } else {
                1
            }
        );
        let budgeted_config = train::Config {
            budget: train::Budget {
                steps: Some(2),
                angle: None,
            },
            ..config.clone()
        };
        let budgeted = train::build(Algorithm::Gibbs, data, *mode, &budgeted_config)
            .unwrap()
            .run();
        assert_eq!(budgeted.perceptron, gibbs.perceptron);
    }
}
