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
}
