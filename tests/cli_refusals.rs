//! `perceptron-lab` refuses clearly or answers correctly where it aborted or answered silently
//! wrong: a memory limit, `predict` beyond floating point, headers with columns that are not
//! inputs, names and values with control characters or of any length, a BOM (the settings:
//! tests/cli_settings.rs). Each case is listed in tests/README.md.

mod common;

use common::cli::{cli, cli_refuses, file, run, run_within};
use std::process::{Output, Stdio};
use std::time::Duration;

/// Long enough for a loaded machine; only a hang takes longer.
const HANG: Duration = Duration::from_secs(120);

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs the binary under `ulimit -v kib` (through `sh`; the limit must take, or `sh` fails).
#[cfg(target_os = "linux")]
fn run_limited(kib: u64, args: &[&str]) -> Output {
    let bin = env!("CARGO_BIN_EXE_perceptron-lab");
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(bin)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Under a memory limit a sweep whose set does not fit (one set of 5792 × 5792 values, 268 MB, and
/// the rule's copy of it) is refused with the size, exit code 1, nothing on stdout — not aborted by
/// "memory allocation … failed", exit code 134. Not vacuous: under the same limit a small sweep
/// runs, and without it the refused one does; the refusal can come only from an allocation the
/// limit refused.
#[cfg(target_os = "linux")]
#[test]
fn a_set_beyond_a_memory_limit_is_refused_with_its_size() {
    let big = [
        "curve",
        "--algorithm",
        "hebb",
        "--n",
        "5792",
        "--alpha",
        "1",
        "--reps",
        "1",
    ];
    let limit = 800 << 10; // 800 MiB: less than the run's set and its copies
    let out = run_limited(limit, &big);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let err = stderr(&out);
    assert!(
        err.contains("the sweep's largest set, P × N = 5792 × 5792: a run needs about 1.1 GB (4 copies of the set's 256 MiB), more than this process can allocate"),
        "{err}"
    );
    let small = [
        "curve",
        "--algorithm",
        "hebb",
        "--n",
        "200",
        "--alpha",
        "1",
        "--reps",
        "1",
    ];
    let out = run_limited(limit, &small);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // the same sweep with room for one cell and not two: one thread, the same rows
    let two = [
        "curve",
        "--algorithm",
        "hebb",
        "--n",
        "5792",
        "--alpha",
        "1",
        "--reps",
        "2",
        "--threads",
        "2",
    ];
    let limited = run_limited(1700 << 10, &two);
    assert_eq!(limited.status.code(), Some(0), "{}", stderr(&limited));
    let free = run(&two);
    assert_eq!(free.status.code(), Some(0), "{}", stderr(&free));
    assert_eq!(limited.stdout, free.stdout);
    if std::thread::available_parallelism().map_or(1, std::num::NonZero::get) >= 2 {
        assert!(
            stderr(&limited)
                .contains("holds 1 of the sweep's largest cells at once: running 1 threads"),
            "{}",
            stderr(&limited)
        );
    }
    // a trace of the same set, and train on a file under a tighter limit
    let trace = [
        "trace",
        "--algorithm",
        "hebb",
        "--n",
        "5792",
        "--alpha",
        "1",
    ];
    let out = run_limited(limit, &trace);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("the run's set, P × N = 5792 × 5792: a run needs about 1.1 GB"));
}

/// `predict` computes the sign of `w·x − θ` exactly (it printed 0 for `∞ − ∞`): `1e308·1e308 −
/// 1e308·5e307 = 5·10⁶¹⁵ > 0`, and `1e16 + 1 − 1e16 = 1 > 0` where floating point rounds to 0.
#[test]
fn predict_signs_exactly_at_any_scale() {
    let model = file("huge.json", r#"{"w": [1e308, -1e308]}"#);
    let model = model.to_str().unwrap();
    assert_eq!(
        cli(&["predict", "--model", model, "--x", "1e308,5e307"]),
        "1\n"
    );
    assert_eq!(
        cli(&["predict", "--model", model, "--x", "5e307,1e308"]),
        "-1\n"
    );
    let data = file("huge-inputs.csv", "x1,x2,label\n1e308,5e307,1\n1,1,-1\n");
    assert_eq!(
        cli(&[
            "predict",
            "--model",
            model,
            "--data",
            data.to_str().unwrap()
        ]),
        "1\n0\n"
    );
    let model = file("cancel.json", r#"{"w": [1, 1, 1]}"#);
    let model = model.to_str().unwrap();
    assert_eq!(
        cli(&["predict", "--model", model, "--x", "1e16,1,-1e16"]),
        "1\n"
    );
    // the notes' 0/1 outputs, and a threshold
    let notes = file(
        "notes.json",
        r#"{"algorithm": "perceptron-notes", "w": [1e308, -1e308], "threshold": true, "theta": 1}"#,
    );
    let notes = notes.to_str().unwrap();
    assert_eq!(
        cli(&["predict", "--model", notes, "--x", "1e308,5e307"]),
        "1\n"
    );
    assert_eq!(
        cli(&["predict", "--model", notes, "--x", "1e-310,0"]),
        "0\n"
    );
}

/// Every column of a data file is an input `x1…xN` or the label, each named once: a pandas
/// `to_csv()` file (an unnamed index column) trained a model one weight too wide, an `id` column
/// was an input, `x1,x1,label,label` trained with a label as an input. Now each is refused naming
/// the column, by train, count and predict alike.
#[test]
fn columns_that_are_not_inputs_are_refused_by_name() {
    let cases = [
        (
            "pandas.csv",
            ",x1,x2,label\n0,1.5,2,1\n1,-1,0.5,-1\n",
            "pandas.csv: line 1: column 1 (unnamed) is neither an input x1…xN nor label",
        ),
        (
            "id.csv",
            "id,x1,x2,label\n7,1.5,2,1\n8,-1,0.5,-1\n",
            "id.csv: line 1: column 1 \"id\" is neither an input x1…xN nor label",
        ),
        (
            "twice.csv",
            "x1,x1,label,label\n1,2,1,1\n-1,0,-1,-1\n",
            "twice.csv: line 1: column 1 \"x1\" and column 2 \"x1\" both name the input x1",
        ),
        (
            "labels.csv",
            "x1,x2,label,label\n1,2,1,1\n-1,0,-1,-1\n",
            "labels.csv: line 1: column 3 \"label\" and column 4 \"label\" both name the label",
        ),
    ];
    let model = file("cols-model.json", r#"{"w": [1, 2]}"#);
    for (name, text, message) in cases {
        let path = file(name, text);
        let path = path.to_str().unwrap();
        cli_refuses(
            &["train", "--algorithm", "minover", "--data", path],
            message,
        );
        cli_refuses(&["count", "--data", path], message);
        if name != "labels.csv" {
            cli_refuses(
                &[
                    "predict",
                    "--model",
                    model.to_str().unwrap(),
                    "--data",
                    path,
                ],
                message,
            );
        }
    }
    // the inputs in any order are read as x1, x2
    let swapped = file("swapped.csv", "label,x2,x1\n1,0,1\n-1,0,-1\n");
    let m: serde_json::Value = serde_json::from_str(&cli(&[
        "train",
        "--algorithm",
        "hebb",
        "--data",
        swapped.to_str().unwrap(),
    ]))
    .unwrap();
    // Hebb: w = (1/N) Σ S^μ ξ^μ = ((1 + 1)/2, 0)
    assert_eq!(m["w"], serde_json::json!([1.0, 0.0]));
}

/// A data file's labels are ±1 or 0/1, not both: a file with labels 1, 0 and −1 read both 0 and
/// −1 as −1 (a third class, or 0 for a missing value, trained on silently). Now `train` and
/// `count` refuse it naming the label's line, the earlier line of the other convention and the
/// two conventions; each convention alone trains the same model.
#[test]
fn labels_mixing_0_and_minus_1_are_refused() {
    let mixed = file(
        "mixed.csv",
        "x1,x2,label\n1,2,1\n-1,0,0\n0.5,1,1\n-2,-1,-1\n",
    );
    let mixed = mixed.to_str().unwrap();
    let message = "mixed.csv: line 5: label -1 mixes the two label conventions: line 3 has \
                   label 0, and a set's labels are either −1, +1 or 0, 1, not both";
    cli_refuses(
        &["train", "--algorithm", "minover", "--data", mixed],
        message,
    );
    cli_refuses(&["count", "--data", mixed], message);
    let models: Vec<String> = ["0", "-1"]
        .iter()
        .map(|negative| {
            let text = format!("x1,x2,label\n1,2,1\n-1,0,{negative}\n0.5,1,1\n-2,-1,{negative}\n");
            let one = file(&format!("one-convention{negative}.csv"), &text);
            cli(&[
                "train",
                "--algorithm",
                "hebb",
                "--data",
                one.to_str().unwrap(),
            ])
        })
        .collect();
    // Hebb: w = (1/N) Σ S^μ ξ^μ = ((1 + 1 + 0.5 + 2)/2, (2 + 0 + 1 + 1)/2)
    let m: serde_json::Value = serde_json::from_str(&models[0]).unwrap();
    assert_eq!(m["w"], serde_json::json!([2.25, 2.0]));
    assert_eq!(models[0], models[1]);
}

/// File names and values reach the terminal escaped and cut short: a name with a newline forged
/// a second message line, a 100 MB one-field header was echoed whole, a 200-million-digit value
/// was "inf is not finite".
#[test]
fn names_and_values_are_escaped_and_cut_short() {
    let forged = file(
        "x\nperceptron-lab: all is well\u{1b}[2J.csv",
        "x1,label\n1,1\nzz,1\n",
    );
    let out = run(&[
        "train",
        "--algorithm",
        "hebb",
        "--data",
        forged.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("x\\nperceptron-lab: all is well\\u{1b}[2J.csv: line 3: column x1: \"zz\" is not a number"),
        "{err}"
    );
    assert!(!err.contains('\u{1b}'));
    // a flag's value with control characters: clap's message and the parser's alike
    let out = run(&[
        "curve",
        "--algorithm",
        "hebb\u{1b}[2J\nx",
        "--n",
        "5",
        "--alpha",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(!err.contains('\u{1b}'), "{err}");
    assert!(
        err.contains("invalid value 'hebb\\u{1b}[2J\\nx' for '--algorithm <ALGORITHMS>': unknown algorithm \"hebb\\u{1b}[2J\\nx\""),
        "{err}"
    );
    // a header of one 100 MB field
    let header = file(
        "wide-field.csv",
        &format!("{}\n1\n", "h".repeat(100_000_000)),
    );
    let out = run_within(
        &["count", "--data", header.to_str().unwrap()],
        Stdio::piped(),
        HANG,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.len() < 1_000, "{} bytes", err.len());
    assert!(
        err.contains("has no column named label") && err.contains("… (100000000 characters)"),
        "{err}"
    );
    // a value of 200 million digits
    let digits = file(
        "digits.csv",
        &format!("x1,label\n{},1\n", "9".repeat(200_000_000)),
    );
    let out = run_within(
        &[
            "train",
            "--algorithm",
            "hebb",
            "--data",
            digits.to_str().unwrap(),
        ],
        Stdio::piped(),
        HANG,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.len() < 1_000, "{} bytes", err.len());
    assert!(
        err.contains("line 2: column x1: \"999") && err.contains("… (200000000 characters) is out of range: a number's magnitude is at most 1.7976931348623157e308"),
        "{err}"
    );
    assert!(!err.contains("inf"), "{err}");
}

/// A UTF-8 byte-order mark is accepted in every file: a model file with one was refused as "not
/// JSON"; data and `predict`'s inputs too.
#[test]
fn a_byte_order_mark_is_accepted_in_every_file() {
    let model = file("bom-model.json", "\u{feff}{\"w\": [1, -2]}");
    let model = model.to_str().unwrap();
    assert_eq!(cli(&["predict", "--model", model, "--x", "1,1"]), "-1\n");
    let inputs = file("bom-inputs.csv", "\u{feff}x1,x2\n3,1\n");
    assert_eq!(
        cli(&[
            "predict",
            "--model",
            model,
            "--data",
            inputs.to_str().unwrap()
        ]),
        "1\n"
    );
    let data = file("bom-data.csv", "\u{feff}x1,x2,label\n1,0,1\n-1,0.5,-1\n");
    let m: serde_json::Value = serde_json::from_str(&cli(&[
        "train",
        "--algorithm",
        "hebb",
        "--data",
        data.to_str().unwrap(),
    ]))
    .unwrap();
    // Hebb: w = (1/2)((1, 0) + (1, −0.5))
    assert_eq!(m["w"], serde_json::json!([1.0, -0.25]));
}
