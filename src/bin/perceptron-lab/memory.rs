//! The memory a run needs, asked for before it allocates: a run the process cannot hold (a memory
//! limit such as `ulimit -v`) is refused with its size rather than aborted by a failed allocation.

/// Copies of a set of `P·N` values that a run holds at its peak, rounded up: the set, the rule's
/// own copy, and a rule's working arrays (MinOver's, AdaTron's, the soft margin's, the exact
/// optimum's rows), with a margin over the peaks docs/cli.md gives ("Memory").
pub const SET_COPIES: usize = 4;

/// Whether this process can allocate `bytes` now: reserved fallibly and freed at once. A memory
/// limit (`ulimit -v`) refuses it; an overcommitting system grants it without touching it.
fn can_allocate(bytes: f64) -> bool {
    bytes < isize::MAX as f64 && Vec::<u8>::new().try_reserve_exact(bytes as usize).is_ok()
}

/// How many runs on sets of `values` (`P·N`) can be held at once, at most `workers` (halved until
/// they fit), so that a run is refused with its size rather than aborted by a failed allocation.
///
/// # Errors
/// When not even one fits: the `set`'s name, its size and the memory a run needs.
pub fn workers_that_fit(values: f64, workers: usize, set: &str) -> Result<usize, String> {
    let copies = SET_COPIES as f64;
    let mut k = workers.max(1);
    loop {
        if can_allocate(values * 8.0 * copies * k as f64) {
            return Ok(k);
        }
        if k == 1 {
            return Err(format!(
                "{set}: a run needs about {} ({SET_COPIES} copies of the set's {}), more than this process can allocate (a memory limit such as ulimit -v?): choose a smaller set",
                perceptron_lab::error::bytes(values * copies),
                perceptron_lab::error::bytes(values)
            ));
        }
        k /= 2;
    }
}
