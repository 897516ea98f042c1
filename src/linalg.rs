//! Small dense vector helpers on `&[f64]`, written so that the compiler can vectorise them.

/// `|a|² = a·a`.
#[inline]
pub fn norm_sq(a: &[f64]) -> f64 {
    dot(a, a)
}

/// `|a|`.
#[inline]
pub fn norm(a: &[f64]) -> f64 {
    norm_sq(a).sqrt()
}

/// `|x|` without overflow or underflow of the squares: `m |x/m|` with `m = max_i |x_i|`.
pub fn safe_norm(x: &[f64]) -> f64 {
    let top = x.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    if top == 0.0 {
        return 0.0;
    }
    let scaled: Vec<f64> = x.iter().map(|v| v / top).collect();
    top * norm(&scaled)
}

/// `y ← y + s·x`.
#[inline]
pub fn axpy(s: f64, x: &[f64], y: &mut [f64]) {
    debug_assert_eq!(x.len(), y.len());
    for (yi, xi) in y.iter_mut().zip(x) {
        *yi += s * xi;
    }
}

/// `h_ν = w·z^ν` for every `ν`, the `z^ν` stored by coordinate: `columns[i P + ν] = z^ν_i` with
/// `P = h.len()`. Summed as [`dot`] sums fewer than its 8 lanes — left to right from `+0`,
/// `((0 + w_0 z^ν_0) + w_1 z^ν_1) + …` — so below 8 dimensions each `h_ν` has the bits of
/// `dot(w, z^ν)`; a step costs `P·N` multiply-adds vectorised across the examples (4 at a time)
/// in one pass, instead of `P` short dot products, each a loop of its own.
pub fn dot_columns(w: &[f64], columns: &[f64], h: &mut [f64]) {
    const L: usize = 4;
    let p = h.len();
    debug_assert!(w.len() < LANES && columns.len() == w.len() * p);
    if p == 0 {
        return;
    }
    let whole = p - p % L;
    for (k, hc) in h[..whole].chunks_exact_mut(L).enumerate() {
        let mut v = [0.0; L];
        for (&wi, column) in w.iter().zip(columns.chunks_exact(p)) {
            let c = &column[k * L..k * L + L];
            for l in 0..L {
                v[l] += wi * c[l];
            }
        }
        hc.copy_from_slice(&v);
    }
    for (nu, hv) in h.iter_mut().enumerate().skip(whole) {
        *hv = w
            .iter()
            .zip(columns.chunks_exact(p))
            .fold(0.0, |acc, (&wi, column)| acc + wi * column[nu]);
    }
}

/// The first `argmin_ν key(v_ν, a_ν, b_ν, c_ν)[j]` for `j = 0, 1`: two minima over keys made
/// from each element and its entries in three arrays alongside (e.g. a class's mask added to
/// the potential; a key may ignore an array). The keys are written into `scratch` (`2P`) in one
/// branch-free elementwise pass, then each half goes through [`argmin`]: both vectorise (a
/// running minimum with its position in one pass did not, in wasm). Ties go to the lowest
/// index, NaN keys are never chosen. On return `scratch[..P]` and `scratch[P..]` hold the two
/// keys (a caller may look for ties at the minimum). Panics if an array in `aux` is shorter than
/// `v`.
pub fn argmin2_by(
    v: &[f64],
    aux: [&[f64]; 3],
    key: impl Fn(f64, f64, f64, f64) -> [f64; 2],
    scratch: &mut Vec<f64>,
) -> [usize; 2] {
    let n = v.len();
    let [a, b, c] = aux.map(|x| &x[..n]);
    scratch.resize(2 * n, 0.0);
    let (k0, k1) = scratch.split_at_mut(n);
    let keys = k0.iter_mut().zip(k1.iter_mut()).zip(v).zip(a).zip(b).zip(c);
    for (((((k0, k1), &v), &a), &b), &c) in keys {
        [*k0, *k1] = key(v, a, b, c);
    }
    [argmin(k0), argmin(k1)]
}

/// The most dimensions [`dot_columns`] gives [`dot`]'s bits in (below [`dot`]'s lanes).
pub const COLUMNS_MAX_DIM: usize = LANES - 1;

/// Index of the smallest element (the first of equal ones); 0 for an empty or all-NaN slice.
///
/// Written so that it vectorises: natively one pass keeping a running minimum and where it was
/// seen per lane (8 lanes); in wasm, where that is slower, a lane-wise minimum and then a search
/// for its first position. Both give the same index.
pub fn argmin(v: &[f64]) -> usize {
    if cfg!(target_arch = "wasm32") {
        argmin_two_pass(v)
    } else {
        argmin_one_pass(v)
    }
}

/// [`argmin`] as a lane-wise minimum, then the first position holding it.
fn argmin_two_pass(v: &[f64]) -> usize {
    let mut lanes = [f64::INFINITY; LANES];
    for c in v.chunks_exact(LANES) {
        for (m, &x) in lanes.iter_mut().zip(c) {
            *m = if x < *m { x } else { *m };
        }
    }
    let mut min = f64::INFINITY;
    for &x in lanes.iter().chain(v.chunks_exact(LANES).remainder()) {
        if x < min {
            min = x;
        }
    }
    v.iter().position(|&x| x == min).unwrap_or(0)
}

/// [`argmin`] in one pass with per-lane positions.
fn argmin_one_pass(v: &[f64]) -> usize {
    let whole = v.len() - v.len() % LANES;
    argmin_lanes(
        v.chunks_exact(LANES).map(|c| std::array::from_fn(|l| c[l])),
        v[whole..].iter().copied(),
        whole,
    )
}

/// `y ← y + s·x`, then [`argmin`]`(y)`, in one pass over `y` that keeps a running minimum per
/// lane (4 lanes), followed by a search for the first position of the minimum in the lanes that
/// hold it: MinOver's whole step. Gives the same `y` as [`axpy`] and the same index as [`argmin`]
/// (the first of equal values; 0 if no element is below `+∞`).
#[inline]
pub fn axpy_argmin(s: f64, x: &[f64], y: &mut [f64]) -> usize {
    const L: usize = 4;
    debug_assert_eq!(x.len(), y.len());
    let whole = y.len() - y.len() % L;
    let mut min = [f64::INFINITY; L];
    for (yc, xc) in y.chunks_exact_mut(L).zip(x.chunks_exact(L)) {
        for l in 0..L {
            let v = yc[l] + s * xc[l];
            yc[l] = v;
            min[l] = if v < min[l] { v } else { min[l] };
        }
    }
    let mut best = min
        .iter()
        .fold(f64::INFINITY, |m, &v| if v < m { v } else { m });
    let mut tail_best = None;
    for (i, (yv, &xv)) in y[whole..].iter_mut().zip(&x[whole..]).enumerate() {
        *yv += s * xv;
        if *yv < best {
            (best, tail_best) = (*yv, Some(whole + i));
        }
    }
    if let Some(i) = tail_best {
        return i; // strictly below every lane's minimum
    }
    if best == f64::INFINITY {
        return 0;
    }
    // the first position holding `best`, searched only in the lanes whose minimum it is
    (0..L)
        .filter(|&l| min[l] == best)
        .filter_map(|l| {
            y[l..whole]
                .iter()
                .step_by(L)
                .position(|&v| v == best)
                .map(|c| c * L + l)
        })
        .min()
        .unwrap_or(0)
}

/// Index of the smallest `v_i + offset_i` (the first of equal ones); 0 if none is finite.
/// With `offset_i ∈ {0, +∞}` this is the argmin over a fixed subset, e.g. one class.
pub fn argmin_offset(v: &[f64], offset: &[f64]) -> usize {
    debug_assert_eq!(v.len(), offset.len());
    let whole = v.len() - v.len() % LANES;
    argmin_lanes(
        v.chunks_exact(LANES)
            .zip(offset.chunks_exact(LANES))
            .map(|(a, b)| std::array::from_fn(|l| a[l] + b[l])),
        v[whole..].iter().zip(&offset[whole..]).map(|(a, b)| a + b),
        whole,
    )
}

const LANES: usize = 8;

/// Lane-wise running minimum with the chunk where it was seen, then the `tail` values (indices
/// from `whole`); ties go to the lowest index.
#[inline]
fn argmin_lanes(
    chunks: impl Iterator<Item = [f64; LANES]>,
    tail: impl Iterator<Item = f64>,
    whole: usize,
) -> usize {
    let mut min = [f64::INFINITY; LANES];
    let mut at = [0u64; LANES];
    for (k, c) in chunks.enumerate() {
        for l in 0..LANES {
            let better = c[l] < min[l];
            min[l] = if better { c[l] } else { min[l] };
            at[l] = if better { k as u64 } else { at[l] };
        }
    }
    let (mut best, mut best_i) = (f64::INFINITY, 0usize);
    for l in 0..LANES {
        let i = at[l] as usize * LANES + l;
        if min[l] < best || (min[l] == best && i < best_i) {
            (best, best_i) = (min[l], i);
        }
    }
    for (i, x) in tail.enumerate() {
        if x < best {
            (best, best_i) = (x, whole + i);
        }
    }
    best_i
}

/// The angle between `a` and `b` in radians, `arccos(a·b / |a||b|)`, clamped to `[0, π]`;
/// `NaN` if either is the zero vector.
pub fn angle(a: &[f64], b: &[f64]) -> f64 {
    let d = norm(a) * norm(b);
    if d == 0.0 {
        return f64::NAN;
    }
    // libm's acos: the same bits natively and in wasm (the platform's libm may differ by an ulp)
    libm::acos((dot(a, b) / d).clamp(-1.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_norm_axpy_angle() {
        assert_eq!(dot(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]), 32.0);
        assert_eq!(norm(&[3.0, 4.0]), 5.0);
        let mut y = vec![1.0, 1.0];
        axpy(2.0, &[1.0, -1.0], &mut y);
        assert_eq!(y, vec![3.0, -1.0]);
        assert!((angle(&[1.0, 0.0], &[0.0, 2.0]) - std::f64::consts::FRAC_PI_2).abs() < 1e-15);
        assert!(angle(&[0.0, 0.0], &[1.0, 0.0]).is_nan());
    }

    /// Against the obvious loop, on random vectors with many ties and some NaN.
    #[test]
    fn argmin_matches_a_plain_loop() {
        use rand::Rng as _;
        let mut rng = crate::rng::rng_from_seed(4);
        for len in 0..70 {
            for _ in 0..20 {
                let v: Vec<f64> = (0..len)
                    .map(|_| {
                        if rng.random::<f64>() < 0.05 {
                            f64::NAN
                        } else {
                            f64::from(rng.random_range(0..6))
                        }
                    })
                    .collect();
                let off: Vec<f64> = (0..len)
                    .map(|_| {
                        if rng.random::<bool>() {
                            0.0
                        } else {
                            f64::INFINITY
                        }
                    })
                    .collect();
                let plain = |w: &[f64]| {
                    let mut best = (0, f64::INFINITY);
                    for (i, &x) in w.iter().enumerate() {
                        if x < best.1 {
                            best = (i, x);
                        }
                    }
                    best.0
                };
                assert_eq!(argmin(&v), plain(&v), "{v:?}");
                assert_eq!(argmin_two_pass(&v), plain(&v), "{v:?}");
                assert_eq!(argmin_one_pass(&v), plain(&v), "{v:?}");
                let shifted: Vec<f64> = v.iter().zip(&off).map(|(a, b)| a + b).collect();
                assert_eq!(argmin_offset(&v, &off), plain(&shifted), "{v:?} {off:?}");
                let negated: Vec<f64> = v.iter().map(|x| -x).collect();
                assert_eq!(
                    argmin2_by(
                        &v,
                        [&off, &off, &off],
                        |x, o, _, _| [x + o, -x],
                        &mut vec![]
                    ),
                    [plain(&shifted), plain(&negated)],
                    "{v:?} {off:?}"
                );
            }
        }
    }

    /// The fused step equals `axpy` then `argmin`, ties, NaN and tails included.
    #[test]
    fn axpy_argmin_is_axpy_then_argmin() {
        use rand::Rng as _;
        let mut rng = crate::rng::rng_from_seed(9);
        for len in 0..70 {
            for _ in 0..30 {
                let mut pick = |hi: i32| {
                    if rng.random::<f64>() < 0.03 {
                        f64::NAN
                    } else {
                        f64::from(rng.random_range(-2..hi))
                    }
                };
                let h: Vec<f64> = (0..len).map(|_| pick(5)).collect();
                let g: Vec<f64> = (0..len).map(|_| pick(3)).collect();
                let (mut a, mut b) = (h.clone(), h);
                let i = axpy_argmin(0.5, &g, &mut a);
                axpy(0.5, &g, &mut b);
                assert_eq!(format!("{a:?}"), format!("{b:?}"));
                assert_eq!(i, argmin(&b), "{b:?}");
            }
        }
        let mut inf = vec![f64::INFINITY; 9];
        assert_eq!(axpy_argmin(1.0, &[0.0; 9], &mut inf), 0);
    }

    #[test]
    fn argmin_finds_the_first_smallest() {
        let v: Vec<f64> = (0..37).map(|i| f64::from((i * 7) % 37)).collect();
        assert_eq!(argmin(&v), 0);
        let mut w = vec![3.0; 37];
        w[33] = -1.0;
        w[35] = -1.0;
        assert_eq!(argmin(&w), 33);
        w[5] = -2.0;
        assert_eq!(argmin(&w), 5);
        assert_eq!(argmin(&[]), 0);
        assert_eq!(argmin(&[f64::NAN, 2.0, 1.0]), 2);
        let inf = f64::INFINITY;
        let v: Vec<f64> = (0..21).map(|i| f64::from(i % 5)).collect();
        let mut off = vec![inf; 21];
        off[13] = 0.0;
        off[17] = 0.0;
        assert_eq!(argmin_offset(&v, &off), 17); // 13 % 5 = 3 > 17 % 5 = 2
        assert_eq!(argmin_offset(&v, &[inf; 21]), 0);
    }
}

/// `a·b` as `Σ_l Σ_k a_{8k+l} b_{8k+l}`: eight interleaved partial sums, added pairwise at the
/// end, then the leftover elements (below 8 elements: the plain left-to-right sum). A
/// left-to-right sum waits for one addition per element; these sums vectorise (natively,
/// and with `simd128` in wasm), and round the same way on every platform.
/// Panics in debug builds if the lengths differ.
#[inline]
pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    debug_assert_eq!(a.len(), b.len());
    let (ca, cb) = (a.chunks_exact(LANES), b.chunks_exact(LANES));
    let tail: f64 = ca
        .remainder()
        .iter()
        .zip(cb.remainder())
        .map(|(x, y)| x * y)
        .sum();
    let mut acc = [0.0; LANES];
    for (x, y) in ca.zip(cb) {
        for l in 0..LANES {
            acc[l] += x[l] * y[l];
        }
    }
    ((acc[0] + acc[4]) + (acc[2] + acc[6])) + ((acc[1] + acc[5]) + (acc[3] + acc[7])) + tail
}

#[cfg(test)]
mod dot_tests {
    use super::*;

    /// Exact on integers (no rounding), for every length around the lane count.
    #[test]
    fn dot_is_exact_on_integers() {
        for len in 0..40 {
            let a: Vec<f64> = (0..len).map(|i| f64::from(i % 7) - 3.0).collect();
            let b: Vec<f64> = (0..len).map(|i| f64::from((i * 5) % 11) - 4.0).collect();
            let naive: f64 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
            assert_eq!(dot(&a, &b), naive, "len {len}");
        }
    }

    /// The column-wise potentials have the bits of `dot` per row below 8 dimensions, signed
    /// zeros included, on random values with exact cancellations.
    #[test]
    fn dot_columns_has_the_bits_of_dot() {
        use rand::Rng as _;
        let mut rng = crate::rng::rng_from_seed(11);
        for dim in 1..=COLUMNS_MAX_DIM {
            for p in [0, 1, 5, 33] {
                let mut pick = || match rng.random_range(0..4) {
                    0 => 0.0,
                    1 => -0.0,
                    2 => f64::from(rng.random_range(-3..4)),
                    _ => rng.random::<f64>() - 0.5,
                };
                let rows: Vec<f64> = (0..p * dim).map(|_| pick()).collect();
                let w: Vec<f64> = (0..dim).map(|_| pick()).collect();
                let columns: Vec<f64> = (0..dim)
                    .flat_map(|i| rows.chunks_exact(dim).map(move |r| r[i]))
                    .collect();
                let mut h = vec![f64::NAN; p];
                dot_columns(&w, &columns, &mut h);
                for (hv, row) in h.iter().zip(rows.chunks_exact(dim)) {
                    assert_eq!(hv.to_bits(), dot(&w, row).to_bits(), "{w:?} {row:?}");
                }
            }
        }
    }
}
