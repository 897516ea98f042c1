//! Small dense vector helpers on `&[f64]`, written so that the compiler can vectorise them.

/// `a·b`. Panics in debug builds if the lengths differ.
#[inline]
pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    debug_assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

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

/// `y ← y + s·x`.
#[inline]
pub fn axpy(s: f64, x: &[f64], y: &mut [f64]) {
    debug_assert_eq!(x.len(), y.len());
    for (yi, xi) in y.iter_mut().zip(x) {
        *yi += s * xi;
    }
}

/// Index of the smallest element (the first of equal ones); 0 for an empty or all-NaN slice.
///
/// Written as a lane-wise minimum over chunks of 8 followed by a search for the value, so that
/// both passes vectorise; on the hot path of MinOver this is several times faster than one
/// branchy pass.
pub fn argmin(v: &[f64]) -> usize {
    let min = lane_min(
        v.chunks_exact(8)
            .map(|c| [c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]),
    )
    .min(
        v.chunks_exact(8)
            .remainder()
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min),
    );
    v.iter().position(|&x| x == min).unwrap_or(0)
}

/// Index of the smallest `v_i + offset_i` (the first of equal ones); 0 if none is finite.
/// With `offset_i ∈ {0, +∞}` this is the argmin over a fixed subset, e.g. one class.
pub fn argmin_offset(v: &[f64], offset: &[f64]) -> usize {
    debug_assert_eq!(v.len(), offset.len());
    let (vc, oc) = (v.chunks_exact(8), offset.chunks_exact(8));
    let tail = vc
        .remainder()
        .iter()
        .zip(oc.remainder())
        .map(|(a, b)| a + b)
        .fold(f64::INFINITY, f64::min);
    let min = lane_min(vc.zip(oc).map(|(a, b)| {
        [
            a[0] + b[0],
            a[1] + b[1],
            a[2] + b[2],
            a[3] + b[3],
            a[4] + b[4],
            a[5] + b[5],
            a[6] + b[6],
            a[7] + b[7],
        ]
    }))
    .min(tail);
    if !min.is_finite() {
        return 0;
    }
    v.iter()
        .zip(offset)
        .position(|(a, b)| a + b == min)
        .unwrap_or(0)
}

/// The minimum over chunks of 8, kept lane by lane so that it vectorises (NaN never wins).
#[inline]
fn lane_min(chunks: impl Iterator<Item = [f64; 8]>) -> f64 {
    let mut lanes = [f64::INFINITY; 8];
    for c in chunks {
        for (m, x) in lanes.iter_mut().zip(c) {
            *m = if x < *m { x } else { *m };
        }
    }
    lanes.into_iter().fold(f64::INFINITY, f64::min)
}

/// The angle between `a` and `b` in radians, `arccos(a·b / |a||b|)`, clamped to `[0, π]`;
/// `NaN` if either is the zero vector.
pub fn angle(a: &[f64], b: &[f64]) -> f64 {
    let d = norm(a) * norm(b);
    if d == 0.0 {
        return f64::NAN;
    }
    (dot(a, b) / d).clamp(-1.0, 1.0).acos()
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
