//! `perceptron-lab curve` through the binary: what its averages average (`valid_reps`,
//! `separable_fraction`, counted here with the exact separability test on the same seeded sets),
//! the step budget `--updates T` against `--epochs T/P`, and the angle stopping rule.

mod common;

use common::cli::{self, cli, cli_fails};
use perceptron_lab::exact::max_stability;
use perceptron_lab::experiment::{self, CurveParams, Labels, StopRule};
use perceptron_lab::train::Mode;
use std::collections::HashMap;

/// The CSV rows as maps from column name to text.
fn rows(csv: &str) -> Vec<HashMap<String, String>> {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|l| {
            header
                .iter()
                .zip(l.split(','))
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

fn num(row: &HashMap<String, String>, col: &str) -> f64 {
    row[col].parse().unwrap()
}

/// The sweep the command line runs (what decides the cells' sets: N, α, reps, seed, λ, labels).
fn sweep(
    n: usize,
    alphas: &[f64],
    reps: usize,
    seed: u64,
    noise: f64,
    labels: Labels,
) -> CurveParams {
    CurveParams {
        n,
        alphas: alphas.to_vec(),
        reps,
        algorithms: vec!["exact".parse().unwrap()],
        epochs: 5.0,
        updates: None,
        seed,
        noise,
        labels,
        stop: StopRule::Epochs,
        random_separability: false,
    }
}

/// The existing columns keep their names and order; `valid_reps` and `separable_fraction` came
/// after the design's eleven, the page's `random_separable_fraction`, the SEM of the separable
/// fraction and the converged fraction with its SEM after them (docs/cli.md).
#[test]
fn header_keeps_the_columns_and_appends_at_the_end() {
    let csv = cli(&[
        "curve",
        "--algorithm",
        "hebb",
        "--n",
        "5",
        "--alpha",
        "1",
        "--reps",
        "2",
    ]);
    assert_eq!(
        csv.lines().next().unwrap(),
        "algorithm,n,p,alpha,reps,eps_g_mean,eps_g_sem,kappa_mean,kappa_sem,train_error_mean,\
         updates_mean,valid_reps,separable_fraction,random_separable_fraction,\
         separable_fraction_sem,converged_fraction,converged_fraction_sem"
    );
    for line in csv.lines() {
        assert_eq!(line.split(',').count(), 17, "{line}");
    }
}

/// With random labels (and with noisy teacher labels), `exact` has a perceptron on the separable
/// sets only: its `valid_reps` is their number, counted here with the exact test on the sets the
/// sweep draws, `separable_fraction` that number over `reps` (in every algorithm's row), the
/// iterative rules' `valid_reps` all repetitions, and `exact`'s `κ` mean the mean of the exact
/// `κ_max` over the separable sets only.
#[test]
fn valid_reps_and_separable_fraction_count_the_separable_sets() {
    for (labels, noise, alphas, name) in [
        (Labels::Random, 0.0, [1.0, 2.0, 3.0], "random"),
        (Labels::Teacher, 0.2, [1.0, 3.0, 6.0], "teacher"),
    ] {
        let (n, reps, seed) = (10, 30, 5);
        let alpha_arg = alphas.map(|a| a.to_string()).join(",");
        let csv = cli(&[
            "curve",
            "--algorithm",
            "exact,minover",
            "--n",
            "10",
            "--alpha",
            &alpha_arg,
            "--reps",
            "30",
            "--seed",
            "5",
            "--epochs",
            "5",
            "--labels",
            name,
            "--noise",
            &noise.to_string(),
            "--threads",
            "2",
        ]);
        let rows = rows(&csv);
        let params = sweep(n, &alphas, reps, seed, noise, labels);
        let mut some_dropped = false;
        for (k, &alpha) in alphas.iter().enumerate() {
            let kappas: Vec<Option<f64>> = (0..reps)
                .map(|r| {
                    let (data, _) = experiment::cell_data(&params, k * reps + r).unwrap();
                    let e = max_stability(&data, Mode::Homogeneous).unwrap();
                    e.separable.then_some(e.kappa)
                })
                .collect();
            let separable: Vec<f64> = kappas.iter().flatten().copied().collect();
            some_dropped |= separable.len() < reps;
            let row = |algo: &str| {
                rows.iter()
                    .find(|r| r["algorithm"] == algo && num(r, "alpha") == alpha)
                    .unwrap()
            };
            let (exact, minover) = (row("exact"), row("minover"));
            assert_eq!(num(exact, "reps"), reps as f64);
            assert_eq!(
                num(exact, "valid_reps"),
                separable.len() as f64,
                "{name} α = {alpha}"
            );
            assert_eq!(num(minover, "valid_reps"), reps as f64);
            let fraction = separable.len() as f64 / reps as f64;
            assert_eq!(
                num(exact, "separable_fraction"),
                fraction,
                "{name} α = {alpha}"
            );
            assert_eq!(num(minover, "separable_fraction"), fraction);
            if separable.is_empty() {
                assert_eq!(exact["kappa_mean"], "NaN");
            } else {
                let mean = separable.iter().sum::<f64>() / separable.len() as f64;
                assert!(
                    (num(exact, "kappa_mean") - mean).abs() <= 1e-9 * mean.abs().max(1.0),
                    "{name} α = {alpha}: κ mean {} over the separable sets, expected {mean}",
                    exact["kappa_mean"]
                );
            }
        }
        assert!(
            some_dropped,
            "{name}: the test needs sets that are not separable"
        );
    }
}

/// Noise-free teacher data are separable by construction: fraction 1, every repetition valid.
#[test]
fn teacher_sets_are_all_separable() {
    let csv = cli(&[
        "curve",
        "--algorithm",
        "exact,rosenblatt",
        "--n",
        "8",
        "--alpha",
        "0.5,4",
        "--reps",
        "6",
        "--epochs",
        "20",
    ]);
    for row in rows(&csv) {
        assert_eq!(row["valid_reps"], "6");
        assert_eq!(row["separable_fraction"], "1");
    }
}

/// The page's CSV is the CLI's, byte for byte, when the CLI also tests the random labellings
/// (`--random-separability`, which the page always does): one column list, one formatting.
#[test]
fn page_csv_is_the_clis() {
    let mut params = sweep(8, &[1.0, 3.0], 12, 2, 0.0, Labels::Teacher);
    params.algorithms = vec!["exact".parse().unwrap(), "rosenblatt".parse().unwrap()];
    (params.epochs, params.seed) = (5.0, 2);
    params.random_separability = true;
    let page = experiment::page_csv(&experiment::run(&params).unwrap());
    let args = [
        "curve",
        "--algorithm",
        "exact,rosenblatt",
        "--n",
        "8",
        "--alpha",
        "1,3",
        "--reps",
        "12",
        "--seed",
        "2",
        "--epochs",
        "5",
    ];
    let with = [&args[..], &["--random-separability"][..]].concat();
    assert_eq!(page, cli(&with));
    // without the flag the column is there, NaN: the other columns are the same
    let plain = cli(&args);
    for (p, c) in page.lines().zip(plain.lines()).skip(1) {
        let p: Vec<&str> = p.split(',').collect();
        let c: Vec<&str> = c.split(',').collect();
        assert_eq!(c[13], "NaN");
        assert_eq!((&p[..13], &p[14..]), (&c[..13], &c[14..]));
    }
}

/// `--updates T` is `--epochs T/P` wherever the two coincide: at each `α` of the same grid (the
/// sets are seeded by the `α`'s index, so the grid is kept and one row compared), for every
/// iterative rule. Rosenblatt counts whole epochs under `--epochs`, so `T/P` is whole here
/// (`T = 200`, `P = 10, 20, 50, 100`); MinOver also at fractional epochs (`T = 20`, `T = 70`).
#[test]
fn updates_equal_epochs_t_over_p() {
    let alphas = [0.5, 1.0, 2.5, 5.0];
    let ps = [10, 20, 50, 100];
    let run = |algorithms: &str, limit: (&str, String)| {
        let csv = cli(&[
            "curve",
            "--algorithm",
            algorithms,
            "--n",
            "20",
            "--alpha",
            "0.5,1,2.5,5",
            "--reps",
            "5",
            "--seed",
            "3",
            "--noise",
            "0.1",
            limit.0,
            &limit.1,
            "--threads",
            "1",
        ]);
        csv.lines().skip(1).map(String::from).collect::<Vec<_>>()
    };
    let all =
        "rosenblatt,minover,adatron,hebb,pocket,perceptron-notes,adaline,adaline-batch,logistic";
    for (algorithms, t) in [(all, 200), ("minover", 20), ("minover", 70)] {
        let budget = run(algorithms, ("--updates", t.to_string()));
        let mut compared = 0;
        for (&alpha, &p) in alphas.iter().zip(&ps) {
            let epochs = f64::from(t) / f64::from(p);
            let by_epochs = run(algorithms, ("--epochs", epochs.to_string()));
            for (b, e) in budget.iter().zip(&by_epochs) {
                if e.split(',').nth(3).unwrap().parse::<f64>().unwrap() == alpha {
                    assert_eq!(b, e, "T = {t}, α = {alpha} (P = {p}, {epochs} epochs)");
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 4 * algorithms.split(',').count());
        if algorithms == "minover" {
            // MinOver's every step is an update: the budget is its number of updates
            for row in &budget {
                assert_eq!(row.split(',').nth(10).unwrap(), t.to_string());
            }
        }
    }
}

/// `--stop angle:TOL` ends MinOver's runs before the epoch limit once `w` turns by less than
/// TOL per epoch (or per T steps, `angle:TOL:T`); a bad rule is named, and `--epochs` and
/// `--updates` exclude each other.
#[test]
fn angle_stop_ends_runs_early() {
    let run = |stop: &str| {
        let csv = cli(&[
            "curve",
            "--algorithm",
            "minover",
            "--n",
            "10",
            "--alpha",
            "2",
            "--reps",
            "4",
            "--epochs",
            "200",
            "--stop",
            stop,
        ]);
        num(&rows(&csv)[0], "updates_mean")
    };
    let limit = run("epochs");
    assert_eq!(limit, 200.0 * 20.0);
    assert!(run("angle:1e-3") < limit);
    assert!(run("angle:1e-3:P") < limit);
    assert!(run("angle:3e-3:40") < limit);
    let curve = [
        "curve",
        "--algorithm",
        "minover",
        "--n",
        "5",
        "--alpha",
        "1",
    ];
    assert!(cli_fails(&[&curve[..], &["--stop", "angle:x"]].concat()).contains("angle:TOL[:T]"));
    let both = cli::run(&[&curve[..], &["--epochs", "3", "--updates", "10"]].concat());
    assert!(
        !both.status.success(),
        "--epochs and --updates exclude each other"
    );
}

/// `curve --algorithm gibbs,bayes`: the usual columns; with noise the students have a value on
/// the separable sets only (their `valid_reps` is `exact`'s), never a training error, their
/// chain lengths as updates; the numbers do not depend on the thread count and are the library's
/// sweep (which the page's workers run).
#[test]
fn gibbs_and_bayes_students_in_a_curve() {
    let args = |threads: &'static str| {
        vec![
            "curve",
            "--algorithm",
            "gibbs,bayes,exact",
            "--n",
            "8",
            "--alpha",
            "1,3",
            "--reps",
            "12",
            "--seed",
            "3",
            "--noise",
            "0.1",
            "--threads",
            threads,
        ]
    };
    let csv = cli(&args("2"));
    assert_eq!(csv, cli(&args("1")));
    let rows = rows(&csv);
    assert_eq!(rows.len(), 6);
    let mut params = sweep(8, &[1.0, 3.0], 12, 3, 0.1, Labels::Teacher);
    params.algorithms = ["gibbs", "bayes", "exact"]
        .iter()
        .map(|a| a.parse().unwrap())
        .collect();
    params.epochs = 100.0; // the CLI's default (the students ignore it)
    let library = experiment::run(&params).unwrap();
    for alpha in [1.0, 3.0] {
        let row = |algo: &str| {
            rows.iter()
                .find(|r| r["algorithm"] == algo && num(r, "alpha") == alpha)
                .unwrap()
        };
        for algo in ["gibbs", "bayes"] {
            let r = row(algo);
            assert_eq!(
                r["valid_reps"],
                row("exact")["valid_reps"],
                "{algo} α = {alpha}"
            );
            if r["valid_reps"] != "0" {
                assert_eq!(num(r, "train_error_mean"), 0.0);
                assert!(num(r, "kappa_mean") > 0.0);
            }
            let lib = library
                .iter()
                .find(|l| l.algorithm.name() == algo && l.alpha == alpha)
                .unwrap();
            assert_eq!(
                r["eps_g_mean"],
                lib.eps_g_mean.to_string(),
                "{algo} α = {alpha}"
            );
        }
        let (b, g) = (
            perceptron_lab::train::students::BURN_IN,
            perceptron_lab::train::students::BAYES_SAMPLES,
        );
        if row("gibbs")["valid_reps"] == "12" {
            assert_eq!(num(row("gibbs"), "updates_mean"), b as f64);
            let thin = perceptron_lab::train::students::THIN;
            assert_eq!(
                num(row("bayes"), "updates_mean"),
                (b + (g - 1) * thin) as f64
            );
        }
    }
    assert!(
        rows.iter().any(|r| r["valid_reps"] != "12"),
        "some sets are not separable"
    );
}
