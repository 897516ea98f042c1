//! A rule is its file and its spec: a rule written here, in the test and nowhere in the crate,
//! is built, checked and trained through [`train::build_spec`] alone, with the settings, budget
//! and summary every shipped rule gets; and a rule added to a copy of the crate as its file and
//! one entry of the `algorithms!` list runs in the CLI's `train` and appears in `list
//! algorithms` (the page lists it plainly, from the same catalogue).

use perceptron_lab::data::Dataset;
use perceptron_lab::linalg::{axpy, dot, norm};
use perceptron_lab::train::{
    self, Budget, Config, Mode, Optional, RunState, Spec, Step, StepCost, Stop, Takes, Trainer,
};
use perceptron_lab::Result;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The normalised perceptron: on an error (`E^μ ≤ 0`) `w ← w + η S^μ ξ^μ/|ξ^μ|`, cyclic, through
/// the origin; stops after an epoch without errors or at the epoch limit. Its run (data, `w`,
/// `x^μ`, counters, stop) is a [`RunState`], which the `Trainer` accessors read.
struct Normalised {
    state: RunState,
    eta: f64,
    max_steps: usize,
    errors_this_epoch: usize,
}

impl Trainer for Normalised {
    fn advance(&mut self) -> Step {
        let st = &mut self.state;
        let p = st.data.len();
        let mu = st.steps % p;
        let mut updated = false;
        if st.stop.is_none() {
            let s = st.data.y(mu);
            if dot(&st.w, st.data.x(mu)) * s <= 0.0 {
                let a = self.eta / norm(st.data.x(mu));
                axpy(a * s, st.data.x(mu), &mut st.w);
                st.x[mu] += a;
                st.updates += 1;
                self.errors_this_epoch += 1;
                updated = true;
            }
            st.steps += 1;
            if st.steps.is_multiple_of(p) {
                if self.errors_this_epoch == 0 {
                    st.stop = Some(Stop::NoErrors);
                } else if st.steps >= self.max_steps {
                    st.stop = Some(Stop::Limit);
                }
                self.errors_this_epoch = 0;
            }
        }
        Step {
            example: updated.then_some(mu),
            partner: None,
            updated,
            stop: st.stop,
        }
    }
    fn run_state(&self) -> &RunState {
        &self.state
    }
}

fn build(data: &Dataset, _mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(Normalised {
        state: RunState::new(data, vec![0.0; data.dim()], 0.0, false),
        eta: config.learning_rate.unwrap_or(1.0),
        max_steps: (config.epochs()? * data.len() as f64) as usize,
        errors_this_epoch: 0,
    }))
}

const SPEC: Spec = Spec::new("normalised", StepCost::Presentation, build)
    .taking(Takes::of(&[Optional::LearningRate]));

/// Four separable points through the origin (w = (1, 1) separates them with margin).
fn points() -> Dataset {
    Dataset::from_row_major(
        vec![2.0, 1.0, 1.0, 3.0, -1.0, -2.0, -3.0, 0.5],
        2,
        vec![1.0, 1.0, -1.0, -1.0],
    )
    .unwrap()
}

#[test]
fn a_rule_from_its_spec_alone_trains_to_its_stop() {
    let data = points();
    let config = Config {
        learning_rate: Some(0.5),
        ..Config::default()
    };
    let fit = train::build_spec(&SPEC, &data, Mode::Homogeneous, &config)
        .unwrap()
        .run();
    assert_eq!(fit.stop, Some(Stop::NoErrors));
    assert!(fit.converged);
    // every example on its side, counted here from w, not from the rule's own counters
    for mu in 0..data.len() {
        let e = dot(&fit.perceptron.w, data.x(mu)) * data.y(mu);
        assert!(e > 0.0, "example {mu}: E = {e}");
    }
    assert_eq!(fit.errors, 0);
    // its embedding strengths x^μ (η/|ξ^μ| per update) give w = Σ x^μ S^μ ξ^μ
    let mut w = vec![0.0; 2];
    for mu in 0..data.len() {
        axpy(fit.embedding[mu] * data.y(mu), data.x(mu), &mut w);
    }
    for (a, b) in w.iter().zip(&fit.perceptron.w) {
        assert!((a - b).abs() < 1e-12, "{w:?} vs {:?}", fit.perceptron.w);
    }
    assert!(fit.updates > 0 && fit.epochs >= 1.0);
}

#[test]
fn the_spec_decides_which_settings_it_takes_and_the_budget_ends_it() {
    let data = points();
    // it takes no margin: refused, naming the rule and the rules that take one
    let config = Config {
        margin: Some(0.5),
        ..Config::default()
    };
    let err = train::build_spec(&SPEC, &data, Mode::Homogeneous, &config)
        .err()
        .expect("a margin is refused");
    let text = err.to_string();
    assert!(
        text.contains("margin") && text.contains("normalised") && text.contains("rosenblatt"),
        "{text}"
    );
    // a step budget ends it exactly there, as it ends every rule
    let config = Config {
        learning_rate: Some(1e-3),
        budget: Budget {
            steps: Some(3),
            angle: None,
        },
        ..Config::default()
    };
    let fit = train::build_spec(&SPEC, &data, Mode::Homogeneous, &config)
        .unwrap()
        .run();
    assert_eq!((fit.steps, fit.stop), (3, Some(Stop::Limit)));
}

/// Copies the directory `from` into `to`, recursively.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Replaces the one occurrence of `old` in the file at `path` by `new`.
fn replace_once(path: &Path, old: &str, new: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert_eq!(
        text.matches(old).count(),
        1,
        "{old:?} in {}",
        path.display()
    );
    std::fs::write(path, text.replace(old, new)).unwrap();
}

/// A copy of the crate with the rule of `tests/throwaway/normalised_hebb.rs` added as a rule is
/// added: its file (with its `mod` line) and one entry of the `algorithms!` list. Returns the
/// copy's CLI, built.
fn cli_with_a_new_rule() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let copy =
        std::env::temp_dir().join(format!("perceptron-lab-throwaway-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy);
    std::fs::create_dir_all(&copy).unwrap();
    for file in ["Cargo.toml", "Cargo.lock"] {
        std::fs::copy(root.join(file), copy.join(file)).unwrap();
    }
    for dir in ["src", "examples"] {
        copy_dir(&root.join(dir), &copy.join(dir));
    }
    let train = copy.join("src/train");
    std::fs::write(
        train.join("normalised_hebb.rs"),
        include_str!("throwaway/normalised_hebb.rs"),
    )
    .unwrap();
    replace_once(
        &train.join("mod.rs"),
        "pub mod hebb;\n",
        "pub mod hebb;\npub mod normalised_hebb;\n",
    );
    replace_once(
        &train.join("algorithm.rs"),
        "    Exact => EXACT,\n}",
        "    Exact => EXACT,\n    /// The normalised Hebb sum.\n    NormalisedHebb => super::normalised_hebb::SPEC,\n}",
    );
    // its own target directory, kept between runs (the test's own build holds the crate's)
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), PathBuf::from)
        .join("throwaway-rule");
    let built = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["build", "--offline", "--quiet", "--bin", "perceptron-lab"])
        .current_dir(&copy)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "the copy with the new rule does not build:\n{}",
        String::from_utf8_lossy(&built.stderr)
    );
    std::fs::remove_dir_all(&copy).unwrap();
    target.join("debug/perceptron-lab")
}

/// Runs `cli` with `args`; its exit status, stdout and stderr.
fn run(cli: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(cli).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn one_entry_puts_a_new_rule_in_the_clis_train_and_list() {
    let cli = cli_with_a_new_rule();
    let data = points();
    let file = std::env::temp_dir().join(format!(
        "perceptron-lab-throwaway-{}.csv",
        std::process::id()
    ));
    let mut csv = String::from("x1,x2,label\n");
    for mu in 0..data.len() {
        let x = data.x(mu);
        writeln!(csv, "{},{},{}", x[0], x[1], data.y(mu)).unwrap();
    }
    std::fs::write(&file, csv).unwrap();
    let path = file.to_str().unwrap();

    // trained by the CLI: w = (1/N) Σ S^μ ξ^μ/|ξ^μ|, summed here
    let (ok, out, err) = run(
        &cli,
        &["train", "--algorithm", "normalised-hebb", "--data", path],
    );
    assert!(ok, "{err}");
    let model: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mut want = vec![0.0; 2];
    for mu in 0..data.len() {
        axpy(data.y(mu) / (2.0 * norm(data.x(mu))), data.x(mu), &mut want);
    }
    let got: Vec<f64> = model["w"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    for (a, b) in got.iter().zip(&want) {
        assert!((a - b).abs() < 1e-12, "{got:?} vs {want:?}");
    }
    assert_eq!(model["algorithm"], "normalised-hebb");
    assert_eq!(model["stop"], "one-pass", "{out}");
    assert_eq!(model["updates"], 4);

    // a setting it does not take is refused by name, as for every rule
    let (ok, _, err) = run(
        &cli,
        &[
            "train",
            "--algorithm",
            "normalised-hebb",
            "--data",
            path,
            "--margin",
            "0.5",
        ],
    );
    assert!(
        !ok && err.contains("margin") && err.contains("normalised-hebb"),
        "{err}"
    );
    std::fs::remove_file(&file).unwrap();

    // listed with its texts (a CSV field with a comma is quoted), after the shipped algorithms
    let (ok, out, err) = run(&cli, &["list", "algorithms", "--format", "csv"]);
    assert!(ok, "{err}");
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with(
            "normalised-hebb,\"nothing: it adds every example once, scaled to unit length\","
        ),
        "{out}"
    );
}
