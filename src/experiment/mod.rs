//! Learning-curve experiments: a sweep over an `α` grid × repetitions × algorithms — what it is
//! ([`params`]), running its cells ([`cells`]), combining them into rows ([`summary`]) — and
//! the trace of one cell's run step by step ([`trace()`]).
//!
//! Every cell `(α_k, r)` draws its own data from a generator seeded by `(seed, k, r)`, and every
//! algorithm of the cell trains on the same data. Cells are independent, so the sweep can be
//! split into chunks in any way (threads natively, Web Workers in the page) and gives the same
//! numbers however it is split: [`run_cells`] on any partition of `0..cells()`, then
//! [`summarize`], equals one [`run`].

mod cells;
mod params;
mod summary;
mod trace;
mod whole;

pub use cells::{cell_data, round_robin, run_cell_list, run_cells, CellResult, Outcome};
pub use params::{
    alpha_grid, parse_alpha, CurveParams, Labels, StopRule, MAX_N, MAX_REPS, MAX_SET_VALUES,
    MAX_WORK, SWEEP_EPOCHS,
};
pub use summary::{
    mean_sem, page_csv, series_csv, summarize, summarize_finished, summarize_so_far, Row,
    BASE_COLUMNS, CSV_HEADER,
};
pub use trace::{trace, trace_csv, trace_run, trace_with, RunTrace, TracePoint, TRACE_HEADER};

use crate::error::Result;

/// The whole sweep in one thread.
///
/// # Errors
/// Those of [`CurveParams::validate`].
pub fn run(params: &CurveParams) -> Result<Vec<Row>> {
    let results = run_cells(params, 0..params.cells(), |_| {})?;
    summarize(params, &results)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params() -> CurveParams {
        CurveParams {
            n: 10,
            alphas: vec![0.5, 1.0, 2.5],
            reps: 4,
            algorithms: ["rosenblatt", "hebb", "minover", "adatron", "exact"]
                .iter()
                .map(|n| n.parse().unwrap())
                .collect(),
            epochs: 20.0,
            updates: None,
            seed: 3,
            noise: 0.0,
            labels: Labels::Teacher,
            stop: StopRule::Epochs,
            random_separability: true,
        }
    }

    /// Any split of the cells, in any order, gives the same rows as one run.
    #[test]
    fn chunking_does_not_change_the_numbers() {
        let p = params();
        let whole = run(&p).unwrap();
        let mut parts = run_cells(&p, 7..12, |_| {}).unwrap();
        parts.extend(run_cells(&p, 0..3, |_| {}).unwrap());
        parts.extend(run_cells(&p, 3..7, |_| {}).unwrap());
        assert_eq!(summarize(&p, &parts).unwrap(), whole);
        assert!(
            summarize(&p, &parts[1..]).is_err(),
            "a missing cell is an error"
        );
    }

    /// While a sweep runs: the rows of the α whose cells are all done, as the whole sweep has
    /// them; the others wait.
    #[test]
    fn finished_alphas_are_summarised_as_they_come() {
        let p = params();
        let whole = run(&p).unwrap();
        // cells 8..12 are α = 2.5 (reps 4), 4..6 half of α = 1
        let mut parts = run_cells(&p, 8..12, |_| {}).unwrap();
        parts.extend(run_cells(&p, 4..6, |_| {}).unwrap());
        let rows = summarize_finished(&p, &parts).unwrap();
        let expect: Vec<Row> = whole.iter().filter(|r| r.alpha == 2.5).cloned().collect();
        assert_eq!(rows, expect);
        assert!(summarize_finished(&p, &[]).unwrap().is_empty());
        parts.push(parts[0].clone());
        assert!(summarize_finished(&p, &parts).is_err(), "a cell twice");
    }

    #[test]
    fn parse_alpha_forms() {
        assert_eq!(parse_alpha("0.5:2:4").unwrap(), vec![0.5, 1.0, 1.5, 2.0]);
        assert_eq!(parse_alpha("1, 2,3").unwrap(), vec![1.0, 2.0, 3.0]);
        assert_eq!(parse_alpha("2:2:1").unwrap(), vec![2.0]);
        for bad in ["", "a", "1:2", "1:2:0", "0:1:3", "-1", "1:2:x"] {
            assert!(parse_alpha(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn p_rounds_and_is_at_least_one() {
        let p = CurveParams { n: 20, ..params() };
        assert_eq!(p.p(0.01), 1);
        assert_eq!(p.p(0.125), 3); // 2.5 rounds away from zero
        assert_eq!(p.p(10.0), 200);
    }

    #[test]
    fn mean_and_standard_error_by_hand() {
        let (m, s) = mean_sem([1.0, 2.0, 3.0, f64::NAN].into_iter());
        assert_eq!(m, 2.0);
        // s² = ((1)² + 0 + (1)²)/2 = 1, SEM = 1/√3
        assert!((s - 1.0 / 3f64.sqrt()).abs() < 1e-15);
        assert!(mean_sem(std::iter::empty()).0.is_nan());
    }

    /// Parameters saved before `updates` and the angle rule still parse (no budget); the new
    /// fields parse and are left out when absent.
    #[test]
    fn params_json_old_and_new() {
        let old = r#"{"n":10,"alphas":[1],"reps":1,"algorithms":["minover"],"epochs":1,"seed":1,
                "noise":0,"labels":"teacher","stop":{"kind":"epochs"}}"#;
        let p: CurveParams = serde_json::from_str(old).unwrap();
        assert_eq!(p.updates, None);
        assert!(!serde_json::to_string(&p).unwrap().contains("updates"));
        let new = old.replace(
            r#""stop":{"kind":"epochs"}"#,
            r#""updates":200,"stop":{"kind":"angle","tolerance":1e-4}"#,
        );
        let p: CurveParams = serde_json::from_str(&new).unwrap();
        assert_eq!(p.updates, Some(200));
        assert_eq!(
            p.stop,
            StopRule::Angle {
                tolerance: 1e-4,
                block: None
            }
        );
        let p = CurveParams {
            stop: StopRule::Angle {
                tolerance: 0.0,
                block: None,
            },
            ..params()
        };
        assert!(p.validate().unwrap_err().to_string().contains("angle"));
        let p = CurveParams {
            epochs: 20.0,
            updates: Some(0),
            seed: 3,
            ..params()
        };
        assert!(p.validate().unwrap_err().to_string().contains("updates"));
    }

    /// The one header is the design's eleven columns, the CLI's two, then the columns added at
    /// the end; every row has as many fields, and the page's CSV is the same.
    #[test]
    fn csv_columns() {
        assert_eq!(
            CSV_HEADER,
            format!(
                "{BASE_COLUMNS},valid_reps,separable_fraction,random_separable_fraction,\
                 separable_fraction_sem,converged_fraction,converged_fraction_sem"
            )
        );
        let rows = run(&params()).unwrap();
        for row in &rows {
            assert_eq!(row.to_csv().split(',').count(), 17);
        }
        assert!(page_csv(&rows).starts_with(&format!("{CSV_HEADER}\n")));
    }

    /// Round robin: every cell exactly once, every α once per round (the first `|α|` cells are
    /// repetition 0 of each α in order).
    #[test]
    fn round_robin_is_repetition_major() {
        let p = params();
        let order: Vec<usize> = (0..p.cells()).map(|i| round_robin(&p, i)).collect();
        assert_eq!(&order[..3], &[0, 4, 8]);
        assert_eq!(&order[3..6], &[1, 5, 9]);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..p.cells()).collect::<Vec<_>>());
    }

    /// While a round-robin sweep runs: every α reached, each over its repetitions so far — the
    /// rows of a sweep with those repetitions only (the cells are seeded by their index, and the
    /// first `r` repetitions of a sweep of `reps` are those of a sweep of `r`); all cells give
    /// the whole sweep's rows.
    #[test]
    fn rows_so_far_are_those_of_fewer_repetitions() {
        let p = params();
        let order: Vec<usize> = (0..p.cells()).map(|i| round_robin(&p, i)).collect();
        let all = run_cell_list(&p, &order, |_| {}).unwrap();
        assert_eq!(summarize_so_far(&p, &all).unwrap(), run(&p).unwrap());
        // two rounds: two repetitions of every α
        let two = summarize_so_far(&p, &all[..2 * p.alphas.len()]).unwrap();
        let fewer = CurveParams {
            reps: 2,
            ..params()
        };
        // a sweep of 2 repetitions numbers its cells k·2 + r: the same (k, r), the same seeds
        let expect: Vec<Row> = run(&fewer).unwrap();
        assert_eq!(two.len(), expect.len());
        for (a, b) in two.iter().zip(&expect) {
            assert_eq!(
                (a.alpha, a.reps, a.eps_g_mean, a.kappa_mean),
                (b.alpha, b.reps, b.eps_g_mean, b.kappa_mean)
            );
        }
        // one cell: its α only, over one repetition
        let one = summarize_so_far(&p, &all[1..2]).unwrap();
        assert!(one.iter().all(|r| r.alpha == 1.0 && r.reps == 1));
        assert_eq!(one.len(), p.algorithms.len());
    }

    #[test]
    fn bad_parameters_are_named() {
        let err = serde_json::from_str::<CurveParams>(
            r#"{"n":10,"alphas":[1],"reps":1,"algorithms":["nope"],"epochs":1,"seed":1,
                "noise":0,"labels":"teacher","stop":{"kind":"epochs"}}"#,
        )
        .unwrap_err();
        assert!(
            err.to_string().contains("unknown algorithm \"nope\""),
            "{err}"
        );
        let mut p = params();
        p.alphas = vec![1.0, f64::NAN];
        assert!(p.validate().unwrap_err().to_string().contains("α"));
        let mut p = params();
        p.n = 100_000;
        p.reps = 100_000;
        assert!(p.validate().unwrap_err().to_string().contains("sweep size"));
        p.reps = 100_001;
        let err = p.validate().unwrap_err().to_string();
        assert_eq!(err, "repetitions must be in [1, 100000], got 100001");
    }
}
