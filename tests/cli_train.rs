//! `perceptron-lab train` and `predict` through the binary, on the lecture notes' exercises:
//! given initial weights, a learning rate, Rosenblatt's margin, the presentation order, the
//! model file, and the notes' output convention (1 iff `w·x > θ`, so a tie gives 0).

mod common;

use common::cli::{cli, cli_fails, cli_refuses, file, header_only_message};
use std::path::PathBuf;

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap()
}

fn vector(v: &serde_json::Value) -> Vec<f64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

fn assert_close(got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 1e-12, "{got:?} vs {want:?}");
    }
}

/// The notes' worked exercise: `w = (2.5, −3, 1.5)`, `θ = 2`, `x = (1, 1, 2)`, `t = 0`, `η = 0.1`.
/// `w·x = 2.5 − 3 + 3 = 2.5 > θ`, so `y = 1 ≠ t` and one update `w ← w − η x`, `θ ← θ + η` gives
/// `w = (2.4, −3.1, 1.3)`, `θ = 2.1`; then `w·x = 1.9 ≤ 2.1`, `y = 0 = t`: no more updates.
#[test]
fn the_notes_worked_exercise() {
    let data = file("exercise.csv", "x1,x2,x3,label\n1,1,2,0\n");
    let out = json(&cli(&[
        "train",
        "--algorithm",
        "perceptron-notes",
        "--data",
        data.to_str().unwrap(),
        "--threshold",
        "--init",
        "2.5,-3,1.5,2",
        "--eta",
        "0.1",
        "--order",
        "cyclic",
    ]));
    assert_close(&vector(&out["w"]), &[2.4, -3.1, 1.3]);
    assert!((out["theta"].as_f64().unwrap() - 2.1).abs() < 1e-12);
    assert_eq!(out["updates"], 1);
    assert_eq!(out["converged"], true);
    assert_eq!(out["algorithm"], "perceptron-notes");
    // the JSON is a model file: before the update the perceptron says 1, after it 0
    let model = file("model.json", &out.to_string());
    let predict = |model: &PathBuf| {
        cli(&[
            "predict",
            "--model",
            model.to_str().unwrap(),
            "--x",
            "1,1,2",
        ])
    };
    assert_eq!(predict(&model).trim(), "0");
    let before = file(
        "before.json",
        r#"{"algorithm": "perceptron-notes", "w": [2.5, -3, 1.5], "theta": 2}"#,
    );
    assert_eq!(predict(&before).trim(), "1");
}

/// A tie `w·x = θ` is output 0 in the notes: `predict` says 0, and training on the tie with
/// `t = 0` changes nothing, with `t = 1` makes one update (`w ← w + η x`, `θ ← θ − η`).
#[test]
fn a_tie_gives_output_zero() {
    let model = file(
        "tie.json",
        r#"{"algorithm": "perceptron-notes", "w": [1, 1], "theta": 2}"#,
    );
    let m = model.to_str().unwrap();
    assert_eq!(cli(&["predict", "--model", m, "--x", "1,1"]).trim(), "0");
    assert_eq!(cli(&["predict", "--model", m, "--x", "1,1.5"]).trim(), "1");
    let train = |label: &str| {
        let data = file(
            &format!("tie-{label}.csv"),
            &format!("x1,x2,label\n1,1,{label}\n"),
        );
        json(&cli(&[
            "train",
            "--algorithm",
            "perceptron-notes",
            "--data",
            data.to_str().unwrap(),
            "--threshold",
            "--init",
            "1,1,2",
            "--eta",
            "0.1",
        ]))
    };
    let zero = train("0");
    assert_eq!(zero["updates"], 0);
    assert_close(&vector(&zero["w"]), &[1.0, 1.0]);
    let one = train("1");
    assert_eq!(one["updates"], 1);
    assert_close(&vector(&one["w"]), &[1.1, 1.1]);
    assert!((one["theta"].as_f64().unwrap() - 1.9).abs() < 1e-12);
}

/// The other rules output `sign(w·x − θ)`: ±1, and 0 on the boundary; `--data` gives one output
/// per row in order, a `label` column ignored; a model without `algorithm` uses ±1.
#[test]
fn predict_outputs_signs_for_the_other_rules() {
    let model = file(
        "signs.json",
        r#"{"algorithm": "rosenblatt", "w": [1, -2], "theta": 0.5}"#,
    );
    let inputs = file("inputs.csv", "x1,label,x2\n3,1,1\n1,0,1\n2.5,1,1\n");
    let out = cli(&[
        "predict",
        "--model",
        model.to_str().unwrap(),
        "--data",
        inputs.to_str().unwrap(),
    ]);
    // w·x − θ = 0.5, −1.5, 0
    assert_eq!(out.lines().collect::<Vec<_>>(), ["1", "-1", "0"]);
    let bare = file("bare.json", r#"{"w": [1, -2]}"#);
    assert_eq!(
        cli(&["predict", "--model", bare.to_str().unwrap(), "--x", "-1,-1"]).trim(),
        "1"
    );
    let e = cli_fails(&["predict", "--model", bare.to_str().unwrap(), "--x", "1,2,3"]);
    assert!(e.contains("N = 2"), "{e}");
    let none = file(
        "none.json",
        r#"{"algorithm": "exact", "w": null, "theta": null}"#,
    );
    let e = cli_fails(&["predict", "--model", none.to_str().unwrap(), "--x", "1,2"]);
    assert!(e.contains("no perceptron"), "{e}");
}

/// Rosenblatt with margin `c`, by hand: `N = 2`, one example `ξ = (1, 0)`, `S = +1`, rate `1/N`.
/// With `c = 0.6`: `E = 0 → w = (0.5, 0)`, `E = 0.5 ≤ c → w = (1, 0)`, `E = 1 > c`: two updates.
/// Without a margin one update reaches `E = 0.5 > 0`.
#[test]
fn rosenblatt_margin_by_hand() {
    let data = file("margin.csv", "x1,x2,label\n1,0,1\n");
    let d = data.to_str().unwrap();
    let with = json(&cli(&[
        "train",
        "--algorithm",
        "rosenblatt",
        "--data",
        d,
        "--margin",
        "0.6",
    ]));
    assert_eq!(with["updates"], 2);
    assert_close(&vector(&with["w"]), &[1.0, 0.0]);
    let without = json(&cli(&["train", "--algorithm", "rosenblatt", "--data", d]));
    assert_eq!(without["updates"], 1);
    assert_close(&vector(&without["w"]), &[0.5, 0.0]);
    // from a given start: w = (−1, 0) needs three updates to reach E = 0.5 > 0
    let from = json(&cli(&[
        "train",
        "--algorithm",
        "rosenblatt",
        "--data",
        d,
        "--init",
        "-1,0",
    ]));
    assert_eq!(from["updates"], 3);
    assert_close(&vector(&from["w"]), &[0.5, 0.0]);
}

/// The presentation order reaches the rule: cyclic Rosenblatt on `ξ¹ = (1, 0), ξ² = (0, 1)`, both
/// `S = +1`, updates on `ξ¹` first; a random order with some seed starts with `ξ²` (the first
/// update's example decides `w` after one update, read with `--updates 1`).
#[test]
fn order_reaches_the_rule() {
    let data = file("order.csv", "x1,x2,label\n1,0,1\n0,1,1\n");
    let d = data.to_str().unwrap();
    let first = |order: &str, seed: &str| {
        let out = json(&cli(&[
            "train",
            "--algorithm",
            "rosenblatt",
            "--data",
            d,
            "--order",
            order,
            "--seed",
            seed,
            "--updates",
            "1",
        ]));
        assert_eq!(out["stop"], "limit");
        vector(&out["w"])
    };
    assert_close(&first("cyclic", "1"), &[0.5, 0.0]);
    let starts: Vec<Vec<f64>> = (1..=20).map(|s| first("random", &s.to_string())).collect();
    assert!(starts.iter().any(|w| w == &[0.0, 0.5]));
    assert!(starts.iter().any(|w| w == &[0.5, 0.0]));
}

/// A step budget in `train`: MinOver makes exactly `T` updates (each step is one).
#[test]
fn train_with_a_step_budget() {
    let data = file("budget.csv", "x1,x2,label\n1,0.2,1\n-1,0.1,-1\n0.5,-1,1\n");
    let out = json(&cli(&[
        "train",
        "--algorithm",
        "minover",
        "--data",
        data.to_str().unwrap(),
        "--updates",
        "7",
        "--stop",
        "epochs",
    ]));
    assert_eq!(out["updates"], 7);
    assert_eq!(out["stop"], "limit");
}

/// Options a rule does not take, and malformed starts, are refused with a message that says why.
#[test]
fn bad_training_options_are_named() {
    let data = file("bad.csv", "x1,x2,label\n1,0,1\n0,1,-1\n");
    let d = data.to_str().unwrap();
    let e = cli_fails(&[
        "train",
        "--algorithm",
        "minover",
        "--data",
        d,
        "--margin",
        "1",
    ]);
    assert!(e.contains("margin") && e.contains("rosenblatt"), "{e}");
    let e = cli_fails(&[
        "train",
        "--algorithm",
        "rosenblatt",
        "--data",
        d,
        "--eta",
        "1",
    ]);
    assert!(e.contains("perceptron-notes"), "{e}");
    let e = cli_fails(&[
        "train",
        "--algorithm",
        "adatron",
        "--data",
        d,
        "--init",
        "1,0",
    ]);
    assert!(e.contains("adatron does not take the setting init"), "{e}");
    let e = cli_fails(&[
        "train",
        "--algorithm",
        "rosenblatt",
        "--data",
        d,
        "--init",
        "1,2,3,4",
    ]);
    assert!(e.contains("N = 2"), "{e}");
    let e = cli_fails(&[
        "train",
        "--algorithm",
        "rosenblatt",
        "--data",
        d,
        "--init",
        "1,2,3",
    ]);
    assert!(e.contains("--threshold"), "{e}");
    let e = cli_fails(&["train", "--algorithm", "exact", "--data", d, "--eta", "1"]);
    assert!(e.contains("not a training rule"), "{e}");
}

/// `exact` is not a training rule: every training flag given is refused and named, `--epochs`
/// and `--seed` (which have defaults) too, even at their default values; without them it solves.
#[test]
fn exact_refuses_every_training_flag_given() {
    let data = file("exact-flags.csv", "x1,x2,label\n1,0,1\n-1,0,-1\n0,1,1\n");
    let d = data.to_str().unwrap();
    let exact = ["train", "--algorithm", "exact", "--data", d];
    for extra in [
        &["--epochs", "1000"][..],
        &["--epochs", "5"],
        &["--seed", "1"],
        &["--seed", "7"],
        &["--eta", "1"],
        &["--updates", "10"],
    ] {
        let e = cli_refuses(&[&exact[..], extra].concat(), "not a training rule");
        assert!(
            e.contains(&format!("do not apply (given: {})", extra[0])),
            "{e}"
        );
        assert!(e.contains("--epochs and --seed do not apply"), "{e}");
    }
    let e = cli_refuses(
        &[&exact[..], &["--seed", "2", "--epochs", "3"]].concat(),
        "(given: --epochs, --seed)",
    );
    assert!(
        e.starts_with("perceptron-lab: exact is not a training rule"),
        "{e}"
    );
    let model = json(&cli(&exact));
    assert_eq!(model["algorithm"], "exact");
    // the other rules still take both, and their defaults apply without them
    let given = json(&cli(&[
        "train",
        "--algorithm",
        "pocket",
        "--data",
        d,
        "--seed",
        "1",
        "--epochs",
        "1000",
    ]));
    let defaults = json(&cli(&["train", "--algorithm", "pocket", "--data", d]));
    assert_eq!(given, defaults);
}

/// A CSV with a header and no rows holds no points: `train` (and `predict --data`) refuse it with
/// a message naming the file, exit non-zero and print nothing, as the page refuses it — the
/// header can be quoted (R's `write.csv`), the file can end in blank lines.
#[test]
fn a_header_without_rows_is_refused() {
    let data = file("header-only.csv", "\"x1\",\"x2\",\"label\"\n\n");
    cli_refuses(
        &[
            "train",
            "--algorithm",
            "minover",
            "--data",
            data.to_str().unwrap(),
        ],
        &header_only_message(&data),
    );
    let model = file(
        "model-empty.json",
        r#"{"algorithm": "minover", "w": [1, 0], "theta": 0}"#,
    );
    let err = cli_fails(&[
        "predict",
        "--model",
        model.to_str().unwrap(),
        "--data",
        file("inputs-empty.csv", "x1,x2\n").to_str().unwrap(),
    ]);
    assert!(
        err.contains("inputs-empty.csv") && err.contains("no rows"),
        "{err}"
    );
}

/// The gradient rules' stops mean what they say (on the Iris preset, class-sorted, cyclic,
/// with θ): sequential Adaline at its default η circles and is not
/// converged; `--stop epochs` runs the tanh Adaline from its far start every epoch asked for,
/// and the model carries the gradient where it stopped.
#[test]
fn gradient_rules_say_whether_they_converged() {
    let iris = PathBuf::from("www/data/iris-setosa-versicolor.csv");
    let iris = iris.to_str().unwrap();
    let adaline = json(&cli(&[
        "train",
        "--algorithm",
        "adaline",
        "--data",
        iris,
        "--threshold",
    ]));
    assert_eq!(adaline["stop"], "cycling");
    assert_eq!(adaline["converged"], false);
    assert!(adaline["gradient"].as_f64().unwrap() > 1e-6);
    let tanh = json(&cli(&[
        "train",
        "--algorithm",
        "adaline-tanh",
        "--data",
        iris,
        "--threshold",
        "--stop",
        "epochs",
        "--epochs",
        "300",
    ]));
    assert_eq!(tanh["stop"], "limit");
    assert_eq!(tanh["epochs"], 300.0);
    assert!(tanh["gradient"].as_f64().unwrap() > 0.0);
}
