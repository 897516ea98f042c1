//! The storage assignment's preset (docs/cli.md's `curve --labels random --algorithm
//! rosenblatt` lines, `www/curves/assignments.js`'s `storage-N`) through the binary: the fraction of
//! separable sets `Q_ls(α)` against Cover's `C(P, N)/2^P` at every `α` and `N`, Rosenblatt's
//! success fraction within its epoch budget never above it, and the standard-error columns.

mod common;

use common::cli::cli;
use perceptron_lab::theory;
use std::collections::HashMap;

/// The preset's `N`, and the rest of its command line.
const DIMENSIONS: [&str; 3] = ["20", "40", "100"];
const ARGS: [&str; 13] = [
    "curve",
    "--algorithm",
    "rosenblatt",
    "--labels",
    "random",
    "--alpha",
    "0.1:4:40",
    "--reps",
    "100",
    "--epochs",
    "100",
    "--seed",
    "1",
];

/// The CSV's rows as maps from column name to value.
fn rows(csv: &str) -> Vec<HashMap<String, f64>> {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|l| {
            header
                .iter()
                .zip(l.split(','))
                .filter_map(|(h, v)| Some((h.to_string(), v.parse().ok()?)))
                .collect()
        })
        .collect()
}

#[test]
fn separable_fraction_is_covers_and_rosenblatt_succeeds_on_separable_sets_only() {
    for n in DIMENSIONS {
        let csv = cli(&[&ARGS[..], &["--n", n][..]].concat());
        let header = csv.lines().next().unwrap();
        for column in [
            "separable_fraction_sem",
            "converged_fraction",
            "converged_fraction_sem",
        ] {
            assert!(header.split(',').any(|c| c == column), "{column}");
        }
        let rows = rows(&csv);
        assert_eq!(rows.len(), 40);
        let mut converged_below_one = 0;
        for r in &rows {
            let (p, reps) = (r["p"] as u64, r["reps"]);
            let q = theory::separable_fraction(p, r["n"] as u64);
            // the binomial standard error of the mean of `reps` verdicts, at least 10⁻³ where
            // Cover's fraction is (numerically) 0 or 1
            let se = (q * (1.0 - q) / reps).sqrt().max(1e-3);
            let f = r["separable_fraction"];
            assert!(
                (f - q).abs() <= 3.0 * se,
                "N = {n}, P = {p}: separable {f}, Cover {q} (± {se})"
            );
            // the column's SEM is that of the 0/1 verdicts: √(f(1−f)/(reps − 1))
            let sem = (f * (1.0 - f) / (reps - 1.0)).sqrt();
            assert!((r["separable_fraction_sem"] - sem).abs() < 1e-12, "{sem}");
            let c = r["converged_fraction"];
            assert!(
                c <= f,
                "N = {n}, P = {p}: Rosenblatt reached zero errors on {c}, only {f} separable"
            );
            let sem = (c * (1.0 - c) / (reps - 1.0)).sqrt();
            assert!((r["converged_fraction_sem"] - sem).abs() < 1e-12, "{sem}");
            converged_below_one += usize::from(c < 1.0 && c > 0.0);
        }
        // the transition is in the grid: some α with some runs failing, not all
        assert!(converged_below_one > 0, "N = {n}");
    }
}
