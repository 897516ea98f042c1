//! A rule is its file and its spec: a rule written here, in the test and nowhere in the crate,
//! is built, checked and trained through [`train::build_spec`] alone, with the settings, budget
//! and summary every shipped rule gets. (The page would need one more row: its presentation in
//! the catalogue.)

use perceptron_lab::data::Dataset;
use perceptron_lab::linalg::{axpy, dot, norm};
use perceptron_lab::train::{
    self, Budget, Config, Mode, RunState, Spec, Step, StepCost, Stop, Takes, Trainer,
};
use perceptron_lab::Result;

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

const SPEC: Spec =
    Spec::new("normalised", StepCost::Presentation, build).taking(Takes::NOTHING.learning_rate());

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
