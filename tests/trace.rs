//! Traces of one run (`perceptron-lab trace`, `experiment::trace`): the last row is what `train`
//! gives on the same set, rows come every K steps, the columns say what the rule has; and the
//! angle stopping rule stops at the first block where the angle falls below the tolerance.

mod common;

use common::cli::{cli, file};
use common::{dot, norm};
use perceptron_lab::experiment::{self, CurveParams, Labels, StopRule};
use perceptron_lab::train::{Config, Minover, Mode, Trainer};
use std::fmt::Write as _;

/// The trace's sweep: one `α`, one repetition, as the CLI's `trace` makes it.
fn single(
    n: usize,
    alpha: f64,
    seed: u64,
    epochs: f64,
    labels: Labels,
    stop: StopRule,
) -> CurveParams {
    CurveParams {
        n,
        alphas: vec![alpha],
        reps: 1,
        algorithms: vec!["minover".parse().unwrap()],
        epochs,
        updates: None,
        seed,
        noise: 0.0,
        labels,
        stop,
        random_separability: false,
    }
}

/// The CSV rows as lists of fields.
fn table(csv: &str) -> Vec<Vec<String>> {
    csv.lines()
        .skip(1)
        .map(|l| l.split(',').map(String::from).collect())
        .collect()
}

/// `ε_g = arccos(R)/π` from the definition.
fn eps_g(w: &[f64], teacher: &[f64]) -> f64 {
    libm::acos((dot(w, teacher) / (norm(w) * norm(teacher))).clamp(-1.0, 1.0))
        / std::f64::consts::PI
}

/// The trace's last row is `train`'s result on the same set (written to CSV, read back by
/// `train`): steps, updates, `κ`, the certified bound, the training error, and `ε_g` from `train`'s
/// `w` and the teacher.
#[test]
fn last_row_equals_train_on_the_same_set() {
    for (algorithm, limit) in [
        ("minover", ["--epochs", "7"]),
        ("adatron", ["--epochs", "7"]),
        ("rosenblatt", ["--epochs", "50"]),
        ("minover", ["--updates", "130"]),
    ] {
        let trace = cli(&[
            "trace",
            "--algorithm",
            algorithm,
            "--n",
            "12",
            "--alpha",
            "3",
            "--seed",
            "4",
            limit[0],
            limit[1],
            "--every",
            "25",
        ]);
        let rows = table(&trace);
        let last = rows.last().unwrap();
        let params = single(12, 3.0, 4, 7.0, Labels::Teacher, StopRule::Epochs);
        let (data, teacher) = experiment::cell_data(&params, 0).unwrap();
        let mut csv = String::from("x1,x2,x3,x4,x5,x6,x7,x8,x9,x10,x11,x12,label\n");
        for mu in 0..data.len() {
            let x: Vec<String> = data.x(mu).iter().map(f64::to_string).collect();
            writeln!(csv, "{},{}", x.join(","), data.y(mu)).unwrap();
        }
        let path = file(&format!("{algorithm}-{}.csv", limit[0]), &csv);
        let out: serde_json::Value = serde_json::from_str(&cli(&[
            "train",
            "--algorithm",
            algorithm,
            "--data",
            path.to_str().unwrap(),
            limit[0],
            limit[1],
            "--stop",
            "epochs",
        ]))
        .unwrap();
        let what = format!("{algorithm} {}", limit.join(" "));
        let steps = (out["epochs"].as_f64().unwrap() * data.len() as f64).round();
        assert_eq!(last[0].parse::<f64>().unwrap(), steps, "{what}: t");
        assert_eq!(last[1], out["updates"].to_string(), "{what}: updates");
        assert_eq!(
            last[2].parse::<f64>().unwrap(),
            out["kappa"].as_f64().unwrap(),
            "{what}: κ"
        );
        match out["kappa_max_bound"].as_f64() {
            Some(u) => assert_eq!(last[3].parse::<f64>().unwrap(), u, "{what}: bound"),
            None => assert_eq!(last[3], "", "{what}: no bound"),
        }
        let errors = out["errors"].as_f64().unwrap();
        assert_eq!(
            last[5].parse::<f64>().unwrap(),
            errors / data.len() as f64,
            "{what}"
        );
        let w: Vec<f64> = out["w"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        let e = last[4].parse::<f64>().unwrap();
        assert!((e - eps_g(&w, &teacher)).abs() < 1e-12, "{what}: ε_g {e}");
        if limit[0] == "--updates" {
            assert_eq!(last[0], "130");
        }
    }
}

/// Rows at `t = 0`, every K steps and at the end; the bound only where the rule certifies one
/// (MinOver from tabula rasa yes, Adaline no), `ε_g` only for teacher labels.
#[test]
fn rows_every_k_steps_and_empty_columns() {
    let rows = table(&cli(&[
        "trace",
        "--algorithm",
        "minover",
        "--n",
        "10",
        "--alpha",
        "2",
        "--epochs",
        "3",
        "--every",
        "7",
    ]));
    let ts: Vec<usize> = rows.iter().map(|r| r[0].parse().unwrap()).collect();
    let mut want: Vec<usize> = (0..=60).step_by(7).collect();
    want.push(60);
    assert_eq!(ts, want);
    assert_eq!(rows[0][1], "0");
    assert_eq!(
        rows[0][3], "inf",
        "no embedding strength yet: the bound is +∞"
    );
    assert!(rows.iter().all(|r| !r[3].is_empty() && !r[4].is_empty()));
    let adaline = table(&cli(&[
        "trace",
        "--algorithm",
        "adaline",
        "--n",
        "10",
        "--alpha",
        "2",
        "--epochs",
        "2",
        "--labels",
        "random",
    ]));
    assert!(adaline.iter().all(|r| r[3].is_empty() && r[4].is_empty()));
    assert_eq!(adaline.len(), 41, "t = 0, 1, …, 40");
}

/// The angle rule stops at the first block of `T` steps over which `w` turned by less than the
/// tolerance: MinOver stepped here without the rule, the angle between `w` at the block ends
/// computed from its definition `arccos(w·w' / |w||w'|)`, and the first block below the tolerance
/// found; the trace with `--stop angle:TOL[:T]` ends exactly there, and its `κ` is that of `w`
/// there.
#[test]
fn angle_stop_is_at_the_first_block_below_the_tolerance() {
    for (tolerance, block) in [(2e-3, None), (1e-3, None), (1e-3, Some(13))] {
        let stop = StopRule::Angle { tolerance, block };
        let params = single(10, 2.5, 9, 400.0, Labels::Teacher, stop);
        let (data, _) = experiment::cell_data(&params, 0).unwrap();
        let p = data.len();
        let t = block.unwrap_or(p);
        let config = Config {
            gap_tolerance: 0.0,
            max_epochs: Some(400.0),
            ..Config::default()
        };
        let mut m = Minover::new(&data, Mode::Homogeneous, &config).unwrap();
        let mut start = m.perceptron().w;
        let mut expected = None;
        for k in 1..=(400 * p / t) {
            for _ in 0..t {
                m.step();
            }
            let w = m.perceptron().w;
            if norm(&start) > 0.0 {
                let angle =
                    libm::acos((dot(&start, &w) / (norm(&start) * norm(&w))).clamp(-1.0, 1.0));
                assert!(
                    (angle - tolerance).abs() > 1e-6 * tolerance,
                    "block {k}: angle {angle} too close to the tolerance to decide"
                );
                if angle < tolerance {
                    expected = Some((k * t, m.fit().kappa));
                    break;
                }
            }
            start = w;
        }
        let (steps, kappa) = expected.expect("the angle falls below the tolerance");
        assert!(steps > t, "the test needs a run that does not stop at once");
        let spec = match block {
            None => format!("angle:{tolerance}"),
            Some(b) => format!("angle:{tolerance}:{b}"),
        };
        let rows = table(&cli(&[
            "trace",
            "--algorithm",
            "minover",
            "--n",
            "10",
            "--alpha",
            "2.5",
            "--seed",
            "9",
            "--epochs",
            "400",
            "--stop",
            &spec,
            "--every",
            "1000000",
        ]));
        let last = rows.last().unwrap();
        assert_eq!(
            last[0],
            steps.to_string(),
            "{spec}: stopped at t = {}",
            last[0]
        );
        assert_eq!(last[2].parse::<f64>().unwrap(), kappa, "{spec}");
        // in-process, the same
        let points = experiment::trace(&params, "minover".parse().unwrap(), 0, 1_000_000).unwrap();
        assert_eq!(points.last().unwrap().t, steps);
    }
}
