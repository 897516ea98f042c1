//! `perceptron-lab`'s settings checked as the page checks them: α grids the page refuses,
//! `--reps` beyond its range, the course reports' flag names, a stop the rule does not take, and
//! a sampled count that would take days. Each case is listed in tests/README.md.

mod common;

use common::cli::{cli, cli_refuses, file, run, run_within};
use std::fmt::Write as _;
use std::process::{Output, Stdio};
use std::time::Duration;

/// Long enough for a loaded machine; only a hang takes longer.
const HANG: Duration = Duration::from_secs(120);

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The α grids and repetitions the page refuses, refused with the range: a reversed range ran
/// downwards, an α whose P rounds to 0 became P = 1, `--reps 0` named 18446744073709551615.
#[test]
fn alpha_and_reps_are_refused_with_their_ranges() {
    let curve = ["curve", "--algorithm", "hebb", "--n", "20"];
    cli_refuses(
        &[&curve[..], &["--alpha", "10:0.1:4", "--reps", "1"]].concat(),
        "α stop must be a number in [10, ∞), got 0.1",
    );
    cli_refuses(
        &[&curve[..], &["--alpha", "0.01,1", "--reps", "1"]].concat(),
        "α = 0.01 gives P = round(αN) = 0 examples at N = 20: α must be in [0.025, ∞) (P ≥ 1)",
    );
    cli_refuses(
        &[
            "trace",
            "--algorithm",
            "hebb",
            "--n",
            "20",
            "--alpha",
            "0.02",
        ],
        "α must be in [0.025, ∞)",
    );
    // the edge: α = 1/(2N) is P = 1
    let rows = cli(&[&curve[..], &["--alpha", "0.025,10", "--reps", "1"]].concat());
    assert!(
        rows.lines().nth(1).unwrap().starts_with("hebb,20,1,0.025,"),
        "{rows}"
    );
    for reps in ["0", "100001"] {
        let err = cli_refuses(
            &[&curve[..], &["--alpha", "1", "--reps", reps]].concat(),
            "expected a whole number in [1, 100000]",
        );
        assert!(
            err.contains(&format!("'{reps}' for '--reps <REPS>'")),
            "{err}"
        );
    }
}

/// The course reports' names get a tip: `--lambda` is `--noise`, `--tmax` is `--updates`.
#[test]
fn the_reports_flag_names_get_a_tip() {
    let curve = ["curve", "--algorithm", "hebb", "--n", "20", "--alpha", "1"];
    let err = cli_refuses(
        &[&curve[..], &["--lambda", "0.1"]].concat(),
        "tip: label noise λ is --noise",
    );
    assert!(err.contains("unexpected argument '--lambda'"), "{err}");
    cli_refuses(
        &[&curve[..], &["--tmax=100"]].concat(),
        "tip: the step budget t_max is --updates T, or --epochs for T/P epochs",
    );
    let out = run(&[&curve[..], &["--tmax", "100"]].concat());
    assert_eq!(out.status.code(), Some(2));
}

/// In `train`, clap guesses by spelling (`--gamma` for `--lambda`, `--eta` for `--tmax`): the
/// output shows the course's tip alone, and the usage of `train` without the guessed flag; a
/// misspelt flag of our own keeps clap's guess.
#[test]
fn the_reports_flag_names_get_only_our_tip_in_train() {
    let data = file("tip.csv", "x1,x2,label\n1,0,1\n-1,0,-1\n");
    let d = data.to_str().unwrap();
    for (args, tip) in [
        (
            &["train", "--lambda", "0.1"][..],
            "label noise λ is --noise",
        ),
        (
            &[
                "train",
                "--algorithm",
                "minover",
                "--data",
                d,
                "--lambda",
                "0.1",
            ],
            "label noise λ is --noise",
        ),
        (
            &["train", "--tmax", "5"],
            "the step budget t_max is --updates T",
        ),
        (
            &["train", "--tmax=5"],
            "the step budget t_max is --updates T",
        ),
    ] {
        let err = cli_refuses(args, tip);
        assert_eq!(err.matches("tip:").count(), 1, "{err}");
        assert!(!err.contains("similar argument"), "{err}");
        assert!(!err.contains("--gamma") && !err.contains("--eta"), "{err}");
        assert!(
            err.contains(
                "Usage: perceptron-lab train [OPTIONS] --algorithm <ALGORITHM> --data <DATA>\n"
            ),
            "{err}"
        );
    }
    let err = cli_refuses(
        &["train", "--gama", "1"],
        "similar argument exists: '--gamma'",
    );
    assert_eq!(err.matches("tip:").count(), 1, "{err}");
}

/// `--stop` for a rule that does not take it is refused by name in train and trace (Rosenblatt
/// ignored `gap:1e-3` silently); in curve it applies to the rules that take it, a note saying
/// which, and Rosenblatt's rows are those of the epoch limit.
#[test]
fn a_stop_the_rule_does_not_take_is_refused_by_name() {
    let data = file("stop.csv", "x1,x2,label\n1,0,1\n-1,0.5,-1\n0.5,1,1\n");
    let data = data.to_str().unwrap();
    let train = ["train", "--data", data, "--algorithm"];
    cli_refuses(
        &[&train[..], &["rosenblatt", "--stop", "gap:1e-3"]].concat(),
        "--stop \"gap:1e-3\": unknown rule for --stop gap \"rosenblatt\"; expected one of: minover, adatron, adaline",
    );
    cli_refuses(
        &[&train[..], &["adatron", "--stop", "no-improvement"]].concat(),
        "unknown rule for --stop no-improvement \"adatron\"; expected one of: minover",
    );
    cli(&[&train[..], &["minover", "--stop", "gap:1e-3"]].concat());
    cli(&[&train[..], &["adaline", "--stop", "gap:1e-3"]].concat());
    cli(&[&train[..], &["rosenblatt", "--stop", "angle:1e-3"]].concat());
    cli_refuses(
        &[
            "trace",
            "--algorithm",
            "rosenblatt",
            "--n",
            "20",
            "--alpha",
            "1",
            "--stop",
            "gap:1e-3",
        ],
        "unknown rule for --stop gap \"rosenblatt\"",
    );
    let curve = ["curve", "--n", "20", "--alpha", "1,2", "--reps", "2"];
    let out = run(&[
        &curve[..],
        &["--algorithm", "rosenblatt,minover", "--stop", "gap:1e-3"],
    ]
    .concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--stop gap:1e-3 applies to minover; not to rosenblatt"),
        "{}",
        stderr(&out)
    );
    let rows = String::from_utf8(out.stdout).unwrap();
    let alone = cli(&[&curve[..], &["--algorithm", "rosenblatt"]].concat());
    let rosenblatt = |t: &str| {
        t.lines()
            .filter(|l| l.starts_with("rosenblatt,"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(rosenblatt(&rows), rosenblatt(&alone));
    assert_eq!(rosenblatt(&rows).len(), 2);
}

/// A sampled count whose measured pace would take far beyond an hour is refused with the
/// estimate and the most samples that fit (`--samples 10¹²` ran on, with no end in sight);
/// whatever the machine, 10¹² exact tests do not fit in an hour.
#[test]
fn a_count_that_would_take_days_is_refused_with_the_estimate() {
    let mut rows = String::new();
    for i in 0..40 {
        let t = f64::from(i) * 0.3;
        writeln!(
            rows,
            "{},{},{},{}",
            libm::cos(t),
            libm::sin(t),
            t,
            2 * (i % 2) - 1
        )
        .unwrap();
    }
    let data = file("count-long.csv", &format!("x1,x2,x3,label\n{rows}"));
    let args = [
        "count",
        "--data",
        data.to_str().unwrap(),
        "--samples",
        "1000000000000",
    ];
    let out = run_within(&args, Stdio::piped(), HANG);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let err = stderr(&out);
    assert!(
        err.contains("--samples 1000000000000: testing them would take about ")
            && err.contains("days at the pace measured here")
            && err.contains("longer than the 60 min a count may take: give --samples "),
        "{err}"
    );
    // a count that fits runs to its end
    let json: serde_json::Value = serde_json::from_str(&cli(&[
        "count",
        "--data",
        data.to_str().unwrap(),
        "--samples",
        "200",
    ]))
    .unwrap();
    assert_eq!(json["method"], "sampled");
}
