//! `train`: one algorithm on a CSV file, the [`Model`] as JSON on stdout.

use crate::args::{number, parse_algorithm, setting_help, setting_long_help, updates_help, whole};
use crate::files::read_data;
use crate::memory::workers_that_fit;
use crate::model::Model;
use crate::output::{finite, note, CliResult, Out};
use crate::stops::{check_stop, parse_stop};
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::data::Dataset;
use perceptron_lab::exact::{is_separable, max_stability};
use perceptron_lab::optimum;
use perceptron_lab::scene::{status, OptimumView, Settings};
use perceptron_lab::train::config::GAMMA;
use perceptron_lab::train::{self, settings, Config, Fit, Mode, Presentation, Stop};

#[derive(clap::Args)]
pub struct TrainArgs {
    #[arg(long, value_parser = parse_algorithm, help = format!("One of: {}", Algorithm::names()))]
    algorithm: Algorithm,
    /// CSV file with header x1,…,xN,label (labels ±1 or 0/1, not both).
    #[arg(long)]
    data: std::path::PathBuf,
    /// Learn a threshold θ (default: through the origin).
    #[arg(long)]
    threshold: bool,
    // The run settings: `None` unless given (the rule's or the table's default applies; `exact`
    // refuses them given); their help is their row of the settings table.
    #[arg(long, help = setting_help("epochs"), long_help = setting_long_help("epochs"), conflicts_with = "updates", allow_negative_numbers = true, value_parser = number)]
    epochs: Option<f64>,
    #[arg(long, help = setting_help("updates"), long_help = updates_help(), allow_negative_numbers = true, value_parser = whole(1, usize::MAX))]
    updates: Option<usize>,
    #[arg(long, help = setting_help("init"), long_help = setting_long_help("init"), value_delimiter = ',', allow_hyphen_values = true, value_parser = number)]
    init: Option<Vec<f64>>,
    #[arg(long, help = setting_help("eta"), long_help = setting_long_help("eta"), allow_negative_numbers = true, value_parser = number)]
    eta: Option<f64>,
    #[arg(long, help = setting_help("gamma"), long_help = setting_long_help("gamma"), allow_negative_numbers = true, value_parser = number)]
    gamma: Option<f64>,
    #[arg(long, help = setting_help("margin"), long_help = setting_long_help("margin"), allow_negative_numbers = true, value_parser = number)]
    margin: Option<f64>,
    #[arg(long, help = setting_help("order"), long_help = setting_long_help("order"), value_enum)]
    order: Option<OrderArg>,
    /// Stopping rule as in curve; default: the rule's own (MinOver and AdaTron at a certified
    /// gap of 10⁻³).
    #[arg(long)]
    stop: Option<String>,
    #[arg(long, help = setting_help("seed"), long_help = setting_long_help("seed"), allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    seed: Option<u64>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum OrderArg {
    Cyclic,
    Random,
}

/// Trains (or solves, for `exact`) and prints the model.
pub fn run(a: TrainArgs, out: &mut Out) -> CliResult {
    let data = read_data(&a.data)?;
    workers_that_fit(
        data.len() as f64 * data.dim() as f64,
        1,
        &format!("the file's set, P × N = {} × {}", data.len(), data.dim()),
    )?;
    let mode = Mode::from_threshold(a.threshold);
    let model = if a.algorithm == Algorithm::Exact {
        exact(&a, &data, mode)?
    } else {
        trained(&a, &data, mode)?
    };
    writeln!(out, "{}", serde_json::to_string_pretty(&model)?)?;
    Ok(())
}

/// The exact optimum of maximal stability as a model (no training options apply).
fn exact(a: &TrainArgs, data: &Dataset, mode: Mode) -> Result<Model, Box<dyn std::error::Error>> {
    let given: Vec<&str> = [
        ("--init", a.init.is_some()),
        ("--eta", a.eta.is_some()),
        ("--gamma", a.gamma.is_some()),
        ("--margin", a.margin.is_some()),
        ("--order", a.order.is_some()),
        ("--updates", a.updates.is_some()),
        ("--stop", a.stop.is_some()),
        ("--epochs", a.epochs.is_some()),
        ("--seed", a.seed.is_some()),
    ]
    .into_iter()
    .filter_map(|(flag, given)| given.then_some(flag))
    .collect();
    if !given.is_empty() {
        return Err(format!(
            "exact is not a training rule: --init, --eta, --gamma, --margin, --order, --updates, --stop, --epochs and --seed do not apply (given: {})",
            given.join(", ")
        )
        .into());
    }
    let e = max_stability(data, mode)?;
    Ok(Model {
        algorithm: a.algorithm,
        converged: e.separable,
        epochs: 0.into(),
        errors: None,
        gradient: None,
        kappa: finite(e.kappa),
        kappa_max_bound: finite(e.kappa),
        optimum: None,
        separable: e.separable,
        stop: None,
        theta: e.perceptron.as_ref().map(|p| p.theta),
        threshold: a.threshold,
        updates: 0,
        w: e.perceptron.map(|p| p.w),
    })
}

/// The rule trained to its stop as a model; says on stderr when the data are not separable and
/// the rule did not converge, or when it stopped at its limit before its own stop (the readout's
/// words for it).
fn trained(a: &TrainArgs, data: &Dataset, mode: Mode) -> Result<Model, Box<dyn std::error::Error>> {
    let fit = fit(a, data, mode)?;
    let separable = is_separable(data, mode)?;
    if separable && fit.stop == Some(Stop::Limit) {
        let settings = Settings {
            run: Config {
                gamma: a.gamma.unwrap_or(GAMMA),
                ..Config::default()
            },
            ..Settings::default()
        };
        note(format_args!(
            "{} stopped at its limit before its own stop ({}){}",
            a.algorithm,
            status(a.algorithm, &fit, fit.epochs, &settings, separable),
            // more epochs do not bring a point beyond the steps' reach within it
            if fit.unresolved.is_none() {
                "; a larger --epochs or --updates lets it go on"
            } else {
                ""
            }
        ));
    }
    if !separable && !fit.converged {
        note(format_args!(
            "the data are not linearly separable{} (exact test); {} stopped: {}",
            if a.threshold {
                ""
            } else {
                " through the origin"
            },
            a.algorithm,
            serde_json::to_value(fit.stop)?
                .as_str()
                .unwrap_or("running")
        ));
    }
    let optimum = a.algorithm.spec().objective.map(|o| {
        let o = o.with_gamma(a.gamma.unwrap_or(GAMMA));
        let reference = optimum::optimum(o, data, mode, separable);
        OptimumView::new(&reference, o, &fit.perceptron, data, mode)
    });
    Ok(Model {
        algorithm: a.algorithm,
        converged: fit.converged,
        epochs: serde_json::Number::from_f64(fit.epochs).ok_or("the epochs are not finite")?,
        errors: Some(fit.errors),
        gradient: fit.gradient.and_then(finite),
        kappa: finite(fit.kappa),
        kappa_max_bound: fit.kappa_upper.and_then(finite),
        optimum,
        separable,
        stop: fit.stop,
        theta: Some(fit.perceptron.theta),
        threshold: a.threshold,
        updates: fit.updates,
        w: Some(fit.perceptron.w),
    })
}

/// The run of the arguments' rule and configuration on `data`.
fn fit(a: &TrainArgs, data: &Dataset, mode: Mode) -> Result<Fit, Box<dyn std::error::Error>> {
    let given = settings::Given {
        epochs: a.epochs,
        updates: a.updates.map(|u| u as f64),
        init: a.init.clone(),
        eta: a.eta,
        gamma: a.gamma,
        margin: a.margin,
        order: a.order.map(|o| match o {
            OrderArg::Cyclic => Presentation::Cyclic,
            OrderArg::Random => Presentation::Random,
        }),
        seed: a.seed.map(|s| s as f64),
    };
    let mut config = given.config(a.algorithm, data.dim(), a.threshold)?;
    // the seed itself: above 2⁵³ its `f64` in `Given` (for the check) is not the number given
    if let Some(seed) = a.seed {
        config.seed = seed;
    }
    if let Some(text) = &a.stop {
        let stop = parse_stop(text)?;
        check_stop(a.algorithm, stop, text)?;
        stop.apply(&mut config, data.len());
    }
    Ok(train::build(a.algorithm, data, mode, &config)?.run())
}
