//! Cutting a polyline to a band of `y` (Liang–Barsky), so that a curve leaving a plot's range
//! is not drawn outside it.

/// A point of a line `(x, y)`.
pub(super) type Point = (f64, f64);

/// The parts of a polyline inside `lo ≤ y ≤ hi`, cut where it crosses the bounds (so that a
/// curve leaving the range is not drawn outside the plot).
pub(super) fn clip(points: &[(f64, f64)], lo: f64, hi: f64) -> Vec<Vec<(f64, f64)>> {
    let mut parts = Vec::new();
    let mut current = Vec::new();
    if let Some(&first) = points.first() {
        if (lo..=hi).contains(&first.1) {
            current.push(first);
        }
    }
    for w in points.windows(2) {
        match clip_segment(w[0], w[1], lo, hi) {
            Some((start, end, whole_end)) => {
                if current.is_empty() {
                    current.push(start);
                }
                current.push(end);
                if !whole_end {
                    parts.push(std::mem::take(&mut current));
                }
            }
            None => {
                if !current.is_empty() {
                    parts.push(std::mem::take(&mut current));
                }
            }
        }
    }
    if !current.is_empty() {
        parts.push(current);
    }
    parts
}

/// The part of the segment `a–b` inside `lo ≤ y ≤ hi` (Liang–Barsky in `y`): its start, its
/// end and whether that end is `b`; `None` if it lies outside.
fn clip_segment(a: Point, b: Point, lo: f64, hi: f64) -> Option<(Point, Point, bool)> {
    let dy = b.1 - a.1;
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    if dy == 0.0 {
        if a.1 < lo || a.1 > hi {
            return None;
        }
    } else {
        let (ta, tb) = ((lo - a.1) / dy, (hi - a.1) / dy);
        t0 = t0.max(ta.min(tb));
        t1 = t1.min(ta.max(tb));
        if t0 > t1 {
            return None;
        }
    }
    let at = |t: f64| {
        if t <= 0.0 {
            a
        } else if t >= 1.0 {
            b
        } else {
            (a.0 + (b.0 - a.0) * t, a.1 + dy * t)
        }
    };
    Some((at(t0), at(t1), t1 >= 1.0))
}
