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
    const LANES: usize = 8;
    let mut lanes = [f64::INFINITY; LANES];
    let chunks = v.chunks_exact(LANES);
    let rest = chunks.remainder();
    for c in chunks {
        for (m, &x) in lanes.iter_mut().zip(c) {
            *m = if x < *m { x } else { *m };
        }
    }
    let mut min = f64::INFINITY;
    for &x in lanes.iter().chain(rest) {
        if x < min {
            min = x;
        }
    }
    v.iter().position(|&x| x == min).unwrap_or(0)
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
    }
}
