//! `perceptron-lab` on hostile input: sizes that would not fit in memory, endless and
//! huge files, absurd thread counts, an output that closes early or is full, non-finite inputs,
//! negative numbers, and refusals that must print nothing to stdout. None may panic or abort;
//! each ends with a message naming the value and the valid range.

mod common;

use common::cli::{cli, cli_refuses, file, run, run_within};
use std::fmt::Write as _;
use std::process::{Output, Stdio};
use std::time::Duration;

/// Long enough for a loaded machine; only a hang takes longer.
const HANG: Duration = Duration::from_secs(60);

/// The exit code of a command line clap refuses (usage: a flag's value of the wrong kind).
const USAGE: i32 = 2;

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Fails unless `out` ended with exit code `code` and without a panic or an abort.
fn assert_ended(out: &Output, code: i32, args: &[&str]) {
    let err = stderr(out);
    assert_eq!(
        out.status.code(),
        Some(code),
        "perceptron-lab {args:?}: {err}"
    );
    assert!(!err.contains("panicked"), "perceptron-lab {args:?}: {err}");
}

/// A sweep or a trace whose set would not fit in memory is refused before anything is allocated
/// (it aborted with "memory allocation of 200000000000 bytes failed"), naming P × N and the
/// limit; exit code 1, nothing on stdout.
#[test]
fn sets_too_large_for_memory_are_refused() {
    let cases: [&[&str]; 3] = [
        &[
            "curve",
            "--algorithm",
            "minover",
            "--n",
            "5",
            "--alpha",
            "1e9",
            "--reps",
            "1",
        ],
        &[
            "trace",
            "--algorithm",
            "minover",
            "--n",
            "100000",
            "--alpha",
            "100",
        ],
        &[
            "curve",
            "--algorithm",
            "adatron",
            "--n",
            "2000",
            "--alpha",
            "500",
            "--reps",
            "1",
        ],
    ];
    for args in cases {
        let err = cli_refuses(args, "P × N");
        assert!(err.contains("at most 33554432 values (256 MiB)"), "{err}");
        // a trace runs one set, a sweep many (trace said "the sweep's largest set")
        let set = if args[0] == "trace" {
            "perceptron-lab: the run's set, P × N = 10000000 × 100000 at α = 100"
        } else {
            "perceptron-lab: the sweep's largest set, P × N = "
        };
        assert!(err.contains(set), "{err}");
        assert_ended(&run(args), 1, args);
    }
    let err = cli_refuses(cases[0], "5000000000 × 5");
    assert!(err.contains("200.0 GB"), "{err}");
}

/// An endless file is refused after 256 MiB instead of filling the memory, a file of too many
/// rows by their count instead of after parsing them: within seconds, with a clear message.
#[test]
fn endless_and_huge_files_are_refused() {
    for command in ["train", "count"] {
        let mut args = vec![command, "--data", "/dev/zero"];
        if command == "train" {
            args.extend(["--algorithm", "rosenblatt"]);
        }
        let out = run_within(&args, Stdio::piped(), HANG);
        assert_ended(&out, 1, &args);
        assert!(out.stdout.is_empty());
        assert!(
            stderr(&out).contains("/dev/zero is larger than 256 MiB, the most a file may hold"),
            "{}",
            stderr(&out)
        );
    }
    let model = file("model.json", r#"{"w": [1]}"#);
    let args = [
        "predict",
        "--model",
        model.to_str().unwrap(),
        "--data",
        "/dev/zero",
    ];
    let out = run_within(&args, Stdio::piped(), HANG);
    assert_ended(&out, 1, &args);
    assert!(stderr(&out).contains("larger than 256 MiB"));
    let rows = format!("x1,label\n{}", "1,1\n".repeat(10_001));
    let many = file("many.csv", &rows);
    cli_refuses(
        &[
            "train",
            "--algorithm",
            "hebb",
            "--data",
            many.to_str().unwrap(),
        ],
        "many.csv: 10001 points is too many: at most 10000 are allowed",
    );
}

/// `predict --data` counts its rows before parsing any (parsing a huge file first costs time and
/// memory out of all proportion to the refusal): a million rows whose last is not a number are
/// refused by their count, not by the bad row, which a parse would reach first; and the limit is
/// the data files' own.
#[test]
fn predict_refuses_too_many_rows_by_their_count() {
    let model = file("predict-model.json", r#"{"w": [1, 2]}"#);
    let rows = format!("x1,x2\n{}zz,1\n", "1,2\n".repeat(1_000_000));
    let many = file("predict-many.csv", &rows);
    let model = model.to_str().unwrap();
    let predict = |data: &std::path::Path| {
        [
            "predict",
            "--model",
            model,
            "--data",
            data.to_str().unwrap(),
        ]
        .map(str::to_owned)
    };
    let args = predict(&many);
    let args = args.each_ref().map(String::as_str);
    let out = run_within(&args, Stdio::piped(), HANG);
    assert_ended(&out, 1, &args);
    assert!(out.stdout.is_empty());
    assert!(
        stderr(&out)
            .contains("predict-many.csv: 1000001 points is too many: at most 10000 are allowed"),
        "{}",
        stderr(&out)
    );
    // at the limit every row is predicted
    let rows = format!("x1,x2,label\n{}", "1,-2,1\n".repeat(10_000));
    let most = file("predict-most.csv", &rows);
    let args = predict(&most);
    let printed = cli(&args.each_ref().map(String::as_str));
    assert_eq!(printed.lines().count(), 10_000);
    assert!(printed.lines().all(|line| line == "-1"), "{printed:.40}");
}

/// A file a million inputs wide (whose parsed row takes many times the file's size in memory) is
/// refused from its header, before its row is read, naming N and the limit: by train, count and predict alike.
#[test]
fn wide_files_are_refused_from_the_header() {
    let n = 1_000_000;
    let names: Vec<String> = (1..=n).map(|i| format!("x{i}")).collect();
    // the row's last value is not a number: a parse would stop there first
    let text = format!("{},label\n{}zz,1\n", names.join(","), "0,".repeat(n - 1));
    let wide = file("wide.csv", &text);
    let wide = wide.to_str().unwrap();
    let message = "wide.csv: line 1: the header names 1000000 input columns: at most 100000 (N ≤ 100000) are allowed";
    let model = file("wide-model.json", r#"{"w": [1, 2]}"#);
    let cases: [&[&str]; 3] = [
        &["train", "--algorithm", "hebb", "--data", wide],
        &["count", "--data", wide],
        &[
            "predict",
            "--model",
            model.to_str().unwrap(),
            "--data",
            wide,
        ],
    ];
    for args in cases {
        let out = run_within(args, Stdio::piped(), HANG);
        assert_ended(&out, 1, args);
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
}

/// A sweep that takes a moment (Hebb, N = 5, two α, three repetitions).
const SMALL_CURVE: [&str; 9] = [
    "curve",
    "--algorithm",
    "hebb",
    "--n",
    "5",
    "--alpha",
    "1,2",
    "--reps",
    "3",
];

/// `--threads` above the machine's cores runs as many as it has, says so on stderr, and prints
/// the same rows as the default.
#[test]
fn threads_are_capped_at_the_cores() {
    let curve = SMALL_CURVE;
    let out = run(&[&curve[..], &["--threads", "100000"]].concat());
    assert_ended(&out, 0, &curve);
    assert!(
        stderr(&out).contains("--threads 100000: this machine runs"),
        "{}",
        stderr(&out)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), cli(&curve));
    let out = run(&[&curve[..], &["--threads", "0"]].concat());
    assert_ended(&out, USAGE, &curve);
    assert!(stderr(&out).contains("[1, "), "{}", stderr(&out));
}

/// A note on a stderr that cannot be written (`2>/dev/full`) is lost, not the run: `--threads
/// 100000`'s note panicked with exit code 101.
#[cfg(target_os = "linux")]
#[test]
fn a_full_stderr_loses_the_note_not_the_run() {
    let curve = SMALL_CURVE;
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_perceptron-lab"))
        .args([&curve[..], &["--threads", "100000"]].concat())
        .stdin(Stdio::null())
        .stderr(Stdio::from(full))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), cli(&curve));
}

/// A sampled count none of whose labellings is separable bounds the count in words where 2^P is
/// beyond the floating-point range (P = 10 000, N = 3 said "the count below about inf").
#[test]
fn a_count_beyond_the_floating_point_range_is_written_out() {
    // 10 000 points on a fixed curve, labels alternating: no labelling drawn is separable
    let mut rows = String::new();
    for i in 0..10_000 {
        let t = f64::from(i) * 0.001;
        let label = 2 * (i % 2) - 1;
        writeln!(rows, "{},{},{},{label}", libm::cos(t), libm::sin(t), t).unwrap();
    }
    let data = file("count-many.csv", &format!("x1,x2,x3,label\n{rows}"));
    let args = ["count", "--data", data.to_str().unwrap(), "--samples", "10"];
    let out = run_within(&args, Stdio::piped(), HANG);
    assert_ended(&out, 0, &args);
    let err = stderr(&out);
    assert!(
        err.contains("none was separable: the fraction is below about 3/10 (95 %), the count below about 3 × 2^10000/10"),
        "{err}"
    );
    assert!(!err.contains("inf"), "{err}");
}

/// The subcommands whose output a reader may cut short, and one that fills more than a pipe.
fn outputs() -> Vec<Vec<String>> {
    let data = file("points.csv", "x1,x2,label\n1,0,1\n-1,0.5,-1\n0.5,1,1\n");
    let data = data.to_str().unwrap().to_owned();
    let args: [&[&str]; 4] = [
        &["train", "--algorithm", "minover", "--data", &data],
        &[
            "curve",
            "--algorithm",
            "hebb",
            "--n",
            "5",
            "--alpha",
            "0.2:4:40",
            "--reps",
            "2",
        ],
        &[
            "trace",
            "--algorithm",
            "rosenblatt",
            "--n",
            "5",
            "--alpha",
            "2",
            "--updates",
            "20000",
        ],
        &["theory", "--curve", "hebb", "--alpha", "0.1:10:5000"],
    ];
    args.iter()
        .map(|a| a.iter().map(|s| (*s).to_owned()).collect())
        .collect()
}

/// A reader that has gone (`| head -1`) ends the program quietly with exit code 0 (it panicked:
/// "failed printing to stdout: Broken pipe").
#[test]
fn a_closed_pipe_ends_quietly() {
    for args in outputs() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // the read end is dropped at once (`_`): no reader
        let (_, writer) = std::io::pipe().unwrap();
        let out = run_within(&args, Stdio::from(writer), HANG);
        assert_ended(&out, 0, &args);
        assert_eq!(stderr(&out), "", "{args:?}");
    }
}

/// A full device (`> /dev/full`) is an error with a clear message and exit code 1 (it panicked
/// with exit code 101).
#[cfg(target_os = "linux")]
#[test]
fn a_full_device_is_an_error() {
    for args in outputs() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = run_within(&args, Stdio::from(full), HANG);
        assert_ended(&out, 1, &args);
        assert!(
            stderr(&out).contains("perceptron-lab: cannot write the output: No space left"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

/// `predict` refuses non-finite inputs by name (`--x 1,NaN` printed 0), and a model with a
/// threshold whose θ is null (it was read as θ = 0).
#[test]
fn predict_refuses_non_finite_inputs_and_a_missing_threshold() {
    let model = file("plain.json", r#"{"w": [1, 2]}"#);
    let model = model.to_str().unwrap();
    for x in ["1,NaN", "inf,1", "1,-inf"] {
        let args = ["predict", "--model", model, "--x", x];
        let err = cli_refuses(&args, "for '--x <X>': expected a finite number");
        assert!(err.contains(&x.split(',').find(|v| *v != "1").unwrap().to_string()));
        assert_ended(&run(&args), USAGE, &args);
    }
    let data = file("inputs.csv", "x1,x2\n1,2\n1,inf\n");
    cli_refuses(
        &[
            "predict",
            "--model",
            model,
            "--data",
            data.to_str().unwrap(),
        ],
        "inputs.csv line 3: inf is not finite",
    );
    let bad = file(
        "no-theta.json",
        r#"{"w": [1, 2], "threshold": true, "theta": null}"#,
    );
    let bad = bad.to_str().unwrap();
    cli_refuses(
        &["predict", "--model", bad, "--x", "1,2"],
        "no-theta.json: \"threshold\" is true but \"theta\" is null or absent",
    );
    // the exact optimum of a set that is not separable has no perceptron at all: as before
    let none = file(
        "none.json",
        r#"{"w": null, "threshold": true, "theta": null}"#,
    );
    cli_refuses(
        &["predict", "--model", none.to_str().unwrap(), "--x", "1,2"],
        "no perceptron",
    );
    assert_eq!(
        cli(&["predict", "--model", model, "--x", "-1,0.25"]).trim(),
        "-1"
    );
}

/// Negative numbers reach the value's own check, which names the flag, the value and the range
/// (they were taken for flags: "unexpected argument '-1' found"); a number of the wrong kind
/// says the range too (`--n 1e9`: "invalid digit found in string"); `--alpha` no longer says
/// "line 1".
#[test]
fn numbers_are_refused_with_the_flag_and_the_range() {
    let curve = ["curve", "--algorithm", "hebb", "--reps", "1"];
    let cases: [(&[&str], i32, &[&str]); 7] = [
        (
            &["--n", "5", "--alpha", "1", "--seed", "-1"],
            USAGE,
            &["'-1' for '--seed <SEED>'", "[0, 18446744073709551615]"],
        ),
        (
            &["--n", "1e9", "--alpha", "1"],
            USAGE,
            &["'1e9' for '--n <N>'", "[1, 100000]"],
        ),
        (
            &["--n", "-5", "--alpha", "1"],
            USAGE,
            &["'-5' for '--n <N>'", "[1, 100000]"],
        ),
        (
            &["--n", "5", "--alpha", "-1"],
            USAGE,
            &["'-1' for '--alpha <ALPHA>'", "α = -1 is not in (0, ∞)"],
        ),
        (
            &["--n", "5", "--alpha", "x"],
            USAGE,
            &["'x' for '--alpha <ALPHA>'", "\"x\" is not a number"],
        ),
        (
            &["--n", "5", "--alpha", "1", "--epochs", "-1"],
            1,
            &["epochs must be in (0, ∞), got -1"],
        ),
        (
            &["--n", "5", "--alpha", "1", "--noise", "-0.5"],
            1,
            &["label noise λ must be in [0, 1], got -0.5"],
        ),
    ];
    for (extra, code, messages) in cases {
        let args = [&curve[..], extra].concat();
        let out = run(&args);
        assert_ended(&out, code, &args);
        assert!(out.stdout.is_empty());
        let err = stderr(&out);
        assert!(!err.contains("line 1"), "{err}");
        for m in messages {
            assert!(err.contains(m), "{args:?}: {err}");
        }
    }
    let data = file("two.csv", "x1,x2,label\n1,0,1\n-1,0.5,-1\n");
    let train = [
        "train",
        "--algorithm",
        "rosenblatt",
        "--data",
        data.to_str().unwrap(),
    ];
    let err = cli_refuses(&[&train[..], &["--margin", "-1"]].concat(), "margin");
    assert!(err.contains("-1"), "{err}");
    cli_refuses(
        &[&train[..], &["--seed", "-3"]].concat(),
        "'-3' for '--seed <SEED>'",
    );
    cli_refuses(
        &[&train[..], &["--epochs", "-1"]].concat(),
        "epochs must be in (0, ∞), got -1",
    );
    cli_refuses(
        &[&train[..], &["--updates", "0"]].concat(),
        "'0' for '--updates <UPDATES>'",
    );
    let trace = [
        "trace",
        "--algorithm",
        "minover",
        "--n",
        "5",
        "--alpha",
        "-2",
    ];
    cli_refuses(&trace, "α must be in (0, ∞), got -2");
}

/// A subnormal input (`1e-320`) is read and solved: the exact optimum's κ_max is the input itself
/// (it said "point 0: coordinate 0 is inf", naming neither file nor line).
#[test]
fn a_subnormal_input_is_solved() {
    let data = file("subnormal.csv", "x1,label\n1e-320,1\n");
    let data = data.to_str().unwrap();
    let model: serde_json::Value =
        serde_json::from_str(&cli(&["train", "--algorithm", "exact", "--data", data])).unwrap();
    assert_eq!(model["kappa"].as_f64(), Some(1e-320));
    assert_eq!(model["separable"], true);
    cli(&["train", "--algorithm", "rosenblatt", "--data", data]);
}

/// A subcommand that fails prints nothing to stdout first (theory and trace printed the CSV
/// header and then failed).
#[test]
fn refusals_print_nothing() {
    cli_refuses(
        &["theory", "--curve", "cover-eps", "--alpha", "1,2"],
        "--curve cover-eps needs --n, the dimension N (a whole number ≥ 1)",
    );
    // N = 0 says the same (it said "must be in {1, 2, 3, …}, got 0")
    cli_refuses(
        &[
            "theory",
            "--curve",
            "cover-fraction",
            "--alpha",
            "1",
            "--n",
            "0",
        ],
        "--curve cover-fraction needs --n, the dimension N (a whole number ≥ 1), got --n 0",
    );
    let trace = ["trace", "--n", "5", "--alpha", "1"];
    cli_refuses(
        &[&trace[..], &["--algorithm", "exact"]].concat(),
        "unknown training rule \"exact\"",
    );
    cli_refuses(
        &[&trace[..], &["--algorithm", "minover", "--every", "0"]].concat(),
        "'0' for '--every <EVERY>'",
    );
    cli_refuses(
        &[&trace[..], &["--algorithm", "minover", "--stop", "gap:-1"]].concat(),
        "gap tolerance must be in (0, ∞), got -1",
    );
    let rows = cli(&[&trace[..], &["--algorithm", "minover", "--epochs", "1"]].concat());
    assert!(
        rows.starts_with("t,updates,kappa,kappa_upper,eps_g,train_error\n0,0,"),
        "{rows}"
    );
}
