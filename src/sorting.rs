//! Sorting through one copy of the standard library's sort.
//!
//! Every `sort_by` with a closure of its own is a monomorphised copy of the standard library's
//! sort, kilobytes of WebAssembly each.
//! Here the comparison is a `&dyn Fn` on indices, so the sort itself is compiled once, and
//! [`sort_by`] only adds the few instructions that apply the permutation. Plain `usize` sorts
//! (`sort_unstable()`) share one copy of their own, and MinOver's window keeps its inlined
//! selection (a hot loop).

use std::cmp::Ordering;

/// Sorts `idx` by `cmp`, equal elements by index value: a total order, so the result does not
/// depend on the sort's stability (the elements of `idx` are distinct indices).
pub fn sort_indices(idx: &mut [usize], cmp: &dyn Fn(usize, usize) -> Ordering) {
    idx.sort_unstable_by(|&a, &b| cmp(a, b).then(a.cmp(&b)));
}

/// The indices `0..n` ordered by `cmp`, equal elements in increasing index (a stable sort's
/// permutation).
pub fn order(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..n).collect();
    sort_indices(&mut idx, cmp);
    idx
}

/// Sorts `v` by `cmp`, stably (as `slice::sort_by`).
pub fn sort_by<T>(v: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    let idx = order(v.len(), &|a, b| cmp(&v[a], &v[b]));
    let mut slots: Vec<Option<T>> = v.drain(..).map(Some).collect();
    v.extend(
        idx.into_iter()
            .map(|i| slots[i].take().expect("a permutation")),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stable_and_total() {
        let keys = [3.0, 1.0, 3.0, f64::NAN, -0.0, 0.0, 1.0];
        assert_eq!(
            order(keys.len(), &|a, b| keys[a].total_cmp(&keys[b])),
            vec![4, 5, 1, 6, 0, 2, 3]
        );
        let mut pairs = vec![(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (0, 'e')];
        sort_by(&mut pairs, |x, y| x.0.cmp(&y.0));
        assert_eq!(
            pairs,
            vec![(0, 'e'), (1, 'b'), (1, 'd'), (2, 'a'), (2, 'c')]
        );
        let mut idx = vec![5, 0, 9, 2, 7];
        sort_indices(&mut idx, &|a, b| (a % 2).cmp(&(b % 2)));
        assert_eq!(idx, vec![0, 2, 5, 7, 9]);
        let mut empty: Vec<f64> = vec![];
        sort_by(&mut empty, f64::total_cmp);
        assert!(empty.is_empty());
    }
}
