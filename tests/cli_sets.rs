//! `perceptron-lab sets`: the sets it writes are the ones `curve` trains on — `train --algorithm
//! exact` on a written cell gives the κ that cell had in the curve's run — and bad arguments are
//! refused before anything is written.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_perceptron-lab"))
        .args(args)
        .output()
        .expect("the CLI runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("perceptron-lab-sets-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A column of a CSV text by its header name.
fn column(csv: &str, name: &str) -> Vec<String> {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let i = header.iter().position(|h| *h == name).unwrap();
    lines
        .map(|l| l.split(',').nth(i).unwrap().to_string())
        .collect()
}

/// The κ in `train`'s JSON.
fn train_kappa(file: &Path) -> f64 {
    let json: serde_json::Value = serde_json::from_str(&stdout(&cli(&[
        "train",
        "--algorithm",
        "exact",
        "--data",
        file.to_str().unwrap(),
    ])))
    .unwrap();
    json["kappa"].as_f64().unwrap()
}

/// Three cells, written with two repetitions each: their first repetition trained by `train
/// --algorithm exact` has the κ of a one-repetition `curve` with the same seed (a cell's set
/// depends on `(seed, k, r)` only, not on the number of repetitions), and the files hold the
/// stated number of examples with ±1 labels.
#[test]
fn exact_on_written_cells_gives_the_curves_kappa() {
    let dir = scratch("kappa");
    let (alpha, seed) = ("0.5,1.25,2", "11");
    let listing = stdout(&cli(&[
        "sets",
        "--n",
        "8",
        "--alpha",
        alpha,
        "--reps",
        "2",
        "--seed",
        seed,
        "--out",
        dir.to_str().unwrap(),
    ]));
    let curve = stdout(&cli(&[
        "curve",
        "--algorithm",
        "exact",
        "--n",
        "8",
        "--alpha",
        alpha,
        "--reps",
        "1",
        "--seed",
        seed,
    ]));
    let kappas: Vec<f64> = column(&curve, "kappa_mean")
        .iter()
        .map(|k| k.parse().unwrap())
        .collect();
    let ps = column(&curve, "p");
    let reps = column(&listing, "rep");
    let files = column(&listing, "data");
    let teachers = column(&listing, "teacher");
    assert_eq!(files.len(), 6);
    let firsts: Vec<usize> = (0..6).filter(|&i| reps[i] == "0").collect();
    assert_eq!(firsts.len(), 3);
    for (k, &i) in firsts.iter().enumerate() {
        let file = Path::new(&files[i]);
        assert!(
            file.file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .contains(&format!("-p{}-rep0", ps[k])),
            "{}",
            file.display()
        );
        let text = std::fs::read_to_string(file).unwrap();
        assert!(text.starts_with("x1,x2,x3,x4,x5,x6,x7,x8,label\n"));
        let p: usize = ps[k].parse().unwrap();
        assert_eq!(text.lines().count(), p + 1);
        assert!(text
            .lines()
            .skip(1)
            .all(|l| l.ends_with(",1") || l.ends_with(",-1")));
        let kappa = train_kappa(file);
        assert!(
            (kappa - kappas[k]).abs() <= 1e-12,
            "cell {k}: train {kappa}, curve {}",
            kappas[k]
        );
        let teacher = std::fs::read_to_string(&teachers[i]).unwrap();
        assert!(teacher.starts_with("w1,w2,w3,w4,w5,w6,w7,w8\n"));
        assert_eq!(teacher.lines().count(), 2);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Random labels have no teacher file; bad arguments are refused with the range and write
/// nothing.
#[test]
fn random_labels_and_refusals() {
    let dir = scratch("random");
    let d = dir.to_str().unwrap();
    let listing = stdout(&cli(&[
        "sets", "--n", "3", "--alpha", "1", "--reps", "2", "--labels", "random", "--out", d,
    ]));
    assert!(column(&listing, "teacher").iter().all(String::is_empty));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    let bad = scratch("bad");
    let out = cli(&[
        "sets",
        "--n",
        "3",
        "--alpha",
        "1",
        "--noise",
        "1.5",
        "--out",
        bad.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("label noise λ") && err.contains("[0, 1]"),
        "{err}"
    );
    assert!(!bad.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
