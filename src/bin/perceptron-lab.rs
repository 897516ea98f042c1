//! `perceptron-lab`: the lab's core on the command line — learning-curve sweeps on all cores,
//! training on a CSV file, and the theory curves.
//!
//! ```text
//! perceptron-lab curve --algorithm minover --n 20 --alpha 0.1:10:100 --reps 100 --epochs 100 --seed 1
//! perceptron-lab train --algorithm adatron --data points.csv [--threshold]
//! perceptron-lab theory --curve maxstab --alpha 0.5:10:20
//! perceptron-lab trace --algorithm minover --n 20 --alpha 5 --seed 1 --updates 5000 --every 100
//! perceptron-lab predict --model model.json --x 1,1,2
//! perceptron-lab count --data points.csv [--threshold]
//! ```

// The CLI is native only (clap, rayon, indicatif); a wasm build of the crate's targets gets an
// empty binary.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use clap::{Parser, Subcommand, ValueEnum};
    use indicatif::{ProgressBar, ProgressStyle};
    use perceptron_lab::catalogue::{Algorithm, TheoryCurve};
    use perceptron_lab::data::csv;
    use perceptron_lab::exact::max_stability;
    use perceptron_lab::experiment::{self, CurveParams, Labels, StopRule, CSV_HEADER};
    use perceptron_lab::measure::Perceptron;
    use perceptron_lab::theory;
    use perceptron_lab::train::{self, Config, Mode};
    use perceptron_lab::train::{Budget, Presentation};
    use rayon::prelude::*;
    use std::process::ExitCode;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[derive(Parser)]
    #[command(
        name = "perceptron-lab",
        version,
        about = "Perceptron Lab on the command line"
    )]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    #[derive(Subcommand)]
    enum Command {
        /// A learning-curve sweep: CSV on stdout, progress on stderr.
        Curve(CurveArgs),
        /// Trains one algorithm on a CSV file (header x1,…,xN,label) and prints JSON.
        Train(TrainArgs),
        /// A theory curve as CSV `curve,n,alpha,value`.
        Theory(TheoryArgs),
        /// One student–teacher run step by step: CSV `t,updates,kappa,kappa_upper,eps_g,train_error`.
        Trace(TraceArgs),
        /// A trained model (train's JSON) on inputs: one output per line.
        Predict(PredictArgs),
        /// Counts the linearly separable labellings of a CSV file's inputs against Cover's C(P, N): JSON.
        Count(CountArgs),
    }

    #[derive(clap::Args)]
    struct CurveArgs {
        #[arg(
            long = "algorithm",
            required = true,
            value_delimiter = ',',
            value_parser = parse_algorithm,
            help = format!("Algorithms (repeat the flag or give a comma list): {}", Algorithm::names())
        )]
        algorithms: Vec<Algorithm>,
        /// Input dimension N.
        #[arg(long)]
        n: usize,
        /// α grid: start:stop:count or a comma list.
        #[arg(long)]
        alpha: String,
        /// Repetitions per α.
        #[arg(long, default_value_t = 100)]
        reps: usize,
        /// Epoch limit of the iterative rules.
        #[arg(long, default_value_t = 100.0, conflicts_with = "updates")]
        epochs: f64,
        #[arg(long, help = UPDATES_HELP)]
        updates: Option<usize>,
        /// Seed of the sweep.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Label noise λ (teacher labels).
        #[arg(long, default_value_t = 0.0)]
        noise: f64,
        /// Teacher or random labels.
        #[arg(long, value_enum, default_value_t = LabelsArg::Teacher)]
        labels: LabelsArg,
        #[arg(long, default_value = "epochs", help = STOP_HELP)]
        stop: String,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
    }

    #[derive(Clone, Copy, ValueEnum)]
    enum LabelsArg {
        Teacher,
        Random,
    }

    impl From<LabelsArg> for Labels {
        fn from(a: LabelsArg) -> Self {
            match a {
                LabelsArg::Teacher => Labels::Teacher,
                LabelsArg::Random => Labels::Random,
            }
        }
    }

    #[derive(clap::Args)]
    struct TrainArgs {
        #[arg(long, value_parser = parse_algorithm, help = format!("One of: {}", Algorithm::names()))]
        algorithm: Algorithm,
        /// CSV file with header x1,…,xN,label (labels ±1 or 0/1).
        #[arg(long)]
        data: std::path::PathBuf,
        /// Learn a threshold θ (default: through the origin).
        #[arg(long)]
        threshold: bool,
        /// Epoch limit.
        #[arg(long, default_value_t = 1000.0, conflicts_with = "updates")]
        epochs: f64,
        #[arg(long, help = UPDATES_HELP)]
        updates: Option<usize>,
        /// Starting perceptron w1,…,wN[,θ] (θ needs --threshold); default: the rule's own start.
        #[arg(long, value_delimiter = ',', allow_hyphen_values = true)]
        init: Option<Vec<f64>>,
        /// Learning rate η (perceptron-notes, adaline, adaline-batch, logistic, logistic-squared,
        /// adaline-tanh).
        #[arg(long)]
        eta: Option<f64>,
        /// Rosenblatt's margin c ≥ 0: update when E = (w·ξ − θ)S ≤ c.
        #[arg(long)]
        margin: Option<f64>,
        /// Presentation order (rosenblatt, perceptron-notes, adaline, logistic, logistic-squared,
        /// adaline-tanh); default: the rule's own (cyclic; perceptron-notes random).
        #[arg(long, value_enum)]
        order: Option<OrderArg>,
        /// Stopping rule as in curve; default: the rule's own (MinOver and AdaTron at a certified
        /// gap of 10⁻³).
        #[arg(long)]
        stop: Option<String>,
        /// Seed of the random rules (random order, pocket, perceptron-notes' random start).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    }

    #[derive(Clone, Copy, ValueEnum)]
    enum OrderArg {
        Cyclic,
        Random,
    }

    /// What one step of the budget is, for `--updates`' help.
    const UPDATES_HELP: &str = "Step budget T instead of --epochs (T/P epochs): T steps of the rule. \
        MinOver: one update on the least stable example (every step is an update: the reports' t_max); \
        Rosenblatt, perceptron-notes, pocket, adaline, logistic, adaline-tanh: one presentation of an example (updating or not); \
        AdaTron, soft-margin: one coordinate step (a pair step with a threshold); \
        adaline-batch: one gradient step counts P; hebb: one pass, not cut";

    /// The stopping rules, for `--stop`'s help.
    const STOP_HELP: &str = "Stopping rule: epochs (the limit only), no-improvement (MinOver: κ not improved in P steps), \
        gap:TOL (MinOver, AdaTron: certified relative gap ≤ TOL), or angle:TOL[:T] \
        (any rule: stop at the first block of T steps, default T = P (one epoch), over which w turned by less than TOL radians)";

    #[derive(clap::Args)]
    struct TraceArgs {
        #[arg(long, value_parser = parse_algorithm, help = format!("One of the training rules: {}", Algorithm::names()))]
        algorithm: Algorithm,
        /// Input dimension N.
        #[arg(long)]
        n: usize,
        /// α = P/N of the set (the first repetition of `curve --alpha α` with the same seed).
        #[arg(long)]
        alpha: f64,
        /// Seed (as curve's).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Epoch limit.
        #[arg(long, default_value_t = 100.0, conflicts_with = "updates")]
        epochs: f64,
        #[arg(long, help = UPDATES_HELP)]
        updates: Option<usize>,
        /// A row every K steps (and at t = 0 and at the end).
        #[arg(long, default_value_t = 1)]
        every: usize,
        /// Label noise λ (teacher labels).
        #[arg(long, default_value_t = 0.0)]
        noise: f64,
        /// Teacher or random labels.
        #[arg(long, value_enum, default_value_t = LabelsArg::Teacher)]
        labels: LabelsArg,
        #[arg(long, default_value = "epochs", help = STOP_HELP)]
        stop: String,
    }

    #[derive(clap::Args)]
    struct PredictArgs {
        /// The model: train's JSON output ({algorithm, w, theta, …}).
        #[arg(long)]
        model: std::path::PathBuf,
        /// Inputs as CSV with a header x1,…,xN (a label column is ignored); one output per row.
        #[arg(long, conflicts_with = "x", required_unless_present = "x")]
        data: Option<std::path::PathBuf>,
        /// One input x1,…,xN.
        #[arg(long, value_delimiter = ',', allow_hyphen_values = true)]
        x: Option<Vec<f64>>,
    }

    #[derive(clap::Args)]
    struct CountArgs {
        /// CSV file with header x1,…,xN,label (the labels are not used: every labelling counts).
        #[arg(long)]
        data: std::path::PathBuf,
        /// With a threshold θ (default: through the origin).
        #[arg(long)]
        threshold: bool,
        /// Random labellings tested where one test per labelling is too many (N ≥ 3, P > 20).
        #[arg(long, default_value_t = 20_000)]
        samples: usize,
        /// Seed of the random labellings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    }

    #[derive(clap::Args)]
    struct TheoryArgs {
        #[arg(long, value_parser = parse_curve, help = format!("One of: {}", TheoryCurve::names()))]
        curve: TheoryCurve,
        /// α grid: start:stop:count or a comma list.
        #[arg(long)]
        alpha: String,
        /// N (required for the two cover curves; empty means N → ∞).
        #[arg(long)]
        n: Option<u64>,
    }

    /// Runs the command line.
    pub fn main() -> ExitCode {
        let cli = Cli::parse();
        let result = match cli.command {
            Command::Curve(a) => curve(a),
            Command::Train(a) => train(a),
            Command::Theory(a) => theory_cmd(a),
            Command::Trace(a) => trace_cmd(a),
            Command::Predict(a) => predict_cmd(a),
            Command::Count(a) => count_cmd(a),
        };
        match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("perceptron-lab: {e}");
                ExitCode::FAILURE
            }
        }
    }

    type CliResult = Result<(), Box<dyn std::error::Error>>;

    /// An algorithm by its catalogue name (the core's message for an unknown one).
    fn parse_algorithm(text: &str) -> Result<Algorithm, String> {
        text.parse()
            .map_err(|e: perceptron_lab::Error| e.to_string())
    }

    /// A theory curve by its catalogue name.
    fn parse_curve(text: &str) -> Result<TheoryCurve, String> {
        text.parse()
            .map_err(|e: perceptron_lab::Error| e.to_string())
    }

    fn parse_stop(text: &str) -> Result<StopRule, String> {
        let angle = |rest: &str| -> Option<StopRule> {
            let (tol, block) = match rest.split_once(':') {
                None => (rest, None),
                Some((tol, "P")) => (tol, None),
                Some((tol, t)) => (tol, Some(t.parse().ok()?)),
            };
            Some(StopRule::Angle {
                tolerance: tol.parse().ok()?,
                block,
            })
        };
        match text {
            "epochs" => Ok(StopRule::Epochs),
            "no-improvement" => Ok(StopRule::NoImprovement),
            _ => text
                .strip_prefix("gap:")
                .and_then(|t| t.parse().ok())
                .map(|tolerance| StopRule::Gap { tolerance })
                .or_else(|| text.strip_prefix("angle:").and_then(angle))
                .ok_or_else(|| {
                    format!(
                        "--stop \"{text}\": expected epochs, no-improvement, gap:TOL or angle:TOL[:T] (T a number of steps or P)"
                    )
                }),
        }
    }

    fn curve(a: CurveArgs) -> CliResult {
        let params = CurveParams {
            n: a.n,
            alphas: experiment::parse_alpha(&a.alpha)?,
            reps: a.reps,
            algorithms: a.algorithms,
            epochs: a.epochs,
            updates: a.updates,
            seed: a.seed,
            noise: a.noise,
            labels: a.labels.into(),
            stop: parse_stop(&a.stop)?,
            random_separability: false, // not in the CLI's columns
        };
        params.validate()?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(a.threads.unwrap_or(0))
            .build()?;
        let total = params.cells();
        let bar = ProgressBar::new(total as u64).with_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} cells  {elapsed_precise} (eta {eta})",
            )
            .expect("a valid template"),
        );
        let done = AtomicUsize::new(0);
        let results = pool.install(|| {
            (0..total)
                .into_par_iter()
                .map(|cell| {
                    let r = experiment::run_cells(&params, cell..cell + 1, |_| {});
                    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if d.is_multiple_of(16) || d == total {
                        bar.set_position(d as u64);
                    }
                    r
                })
                .collect::<Result<Vec<_>, _>>()
        })?;
        bar.finish_and_clear();
        let results: Vec<_> = results.into_iter().flatten().collect();
        println!("{CSV_HEADER}");
        for row in experiment::summarize(&params, &results)? {
            println!("{}", row.to_csv());
        }
        Ok(())
    }

    fn train(a: TrainArgs) -> CliResult {
        let text = std::fs::read_to_string(&a.data)
            .map_err(|e| format!("cannot read {}: {e}", a.data.display()))?;
        let data = csv::parse(&text).map_err(|e| format!("{}: {e}", a.data.display()))?;
        let mode = Mode::from_threshold(a.threshold);
        let out = if a.algorithm == Algorithm::Exact {
            if a.init.is_some()
                || a.eta.is_some()
                || a.margin.is_some()
                || a.order.is_some()
                || a.updates.is_some()
                || a.stop.is_some()
            {
                return Err("exact is not a training rule: --init, --eta, --margin, --order, --updates and --stop do not apply".into());
            }
            let e = max_stability(&data, mode)?;
            let p = e.perceptron.clone();
            serde_json::json!({
                "algorithm": a.algorithm,
                "threshold": a.threshold,
                "w": p.as_ref().map(|p| p.w.clone()),
                "theta": p.as_ref().map(|p| p.theta),
                "kappa": finite(e.kappa),
                "kappa_max_bound": finite(e.kappa),
                "converged": e.separable,
                "updates": 0,
                "epochs": 0,
                "separable": e.separable,
            })
        } else {
            let mut config = Config {
                max_epochs: Some(a.epochs),
                seed: a.seed,
                init: init_perceptron(a.init.as_deref(), data.dim(), a.threshold)?,
                learning_rate: a.eta,
                margin: a.margin,
                order: a.order.map(|o| match o {
                    OrderArg::Cyclic => Presentation::Cyclic,
                    OrderArg::Random => Presentation::Random,
                }),
                budget: Budget {
                    steps: a.updates,
                    angle: None,
                },
                ..Config::default()
            };
            if let Some(stop) = &a.stop {
                parse_stop(stop)?.apply(&mut config, data.len());
            }
            let fit = train::build(a.algorithm, &data, mode, &config)?.run();
            let separable = perceptron_lab::exact::is_separable(&data, mode)?;
            if !separable && !fit.converged {
                eprintln!(
                    "perceptron-lab: the data are not linearly separable{} (exact test); {} stopped: {}",
                    if a.threshold { "" } else { " through the origin" },
                    a.algorithm,
                    serde_json::to_value(fit.stop)?.as_str().unwrap_or("running")
                );
            }
            serde_json::json!({
                "algorithm": a.algorithm,
                "threshold": a.threshold,
                "w": fit.perceptron.w,
                "theta": fit.perceptron.theta,
                "kappa": finite(fit.kappa),
                "kappa_max_bound": fit.kappa_upper.and_then(finite),
                "converged": fit.converged,
                "updates": fit.updates,
                "epochs": fit.epochs,
                "stop": fit.stop,
                "errors": fit.errors,
                "separable": separable,
            })
        };
        println!("{}", serde_json::to_string_pretty(&out)?);
        Ok(())
    }

    /// The perceptron of `--init w1,…,wN[,θ]` for inputs of dimension `n`.
    fn init_perceptron(
        init: Option<&[f64]>,
        n: usize,
        threshold: bool,
    ) -> Result<Option<Perceptron>, String> {
        let Some(v) = init else { return Ok(None) };
        match v.len() {
            len if len == n => Ok(Some(Perceptron::new(v.to_vec(), 0.0))),
            len if len == n + 1 && threshold => {
                Ok(Some(Perceptron::new(v[..n].to_vec(), v[n])))
            }
            len if len == n + 1 => Err(format!(
                "--init has {len} values, w and θ: a threshold θ needs --threshold (through the origin give the {n} weights only)"
            )),
            len => Err(format!(
                "--init has {len} values; the data have N = {n} inputs: give w1,…,w{n} or w1,…,w{n},θ"
            )),
        }
    }

    fn trace_cmd(a: TraceArgs) -> CliResult {
        use std::io::Write as _;
        let params = CurveParams {
            n: a.n,
            alphas: vec![a.alpha],
            reps: 1,
            algorithms: vec![a.algorithm],
            epochs: a.epochs,
            updates: a.updates,
            seed: a.seed,
            noise: a.noise,
            labels: a.labels.into(),
            stop: parse_stop(&a.stop)?,
            random_separability: false,
        };
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        writeln!(out, "{}", experiment::TRACE_HEADER)?;
        let mut written = Ok(());
        experiment::trace_with(&params, a.algorithm, 0, a.every, |p| {
            if written.is_ok() {
                written = writeln!(out, "{}", p.to_csv());
            }
        })?;
        written?;
        out.flush()?;
        Ok(())
    }

    fn predict_cmd(a: PredictArgs) -> CliResult {
        let text = std::fs::read_to_string(&a.model)
            .map_err(|e| format!("cannot read {}: {e}", a.model.display()))?;
        let model: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not JSON: {e}", a.model.display()))?;
        let bad = |what: &str| format!("{}: {what}", a.model.display());
        let w: Vec<f64> = match model.get("w") {
            Some(serde_json::Value::Array(w)) => w
                .iter()
                .map(|v| v.as_f64().filter(|v| v.is_finite()))
                .collect::<Option<_>>()
                .ok_or_else(|| bad("\"w\" must hold finite numbers"))?,
            Some(serde_json::Value::Null) => {
                return Err(
                    bad("the model has no perceptron (\"w\" is null: not separable)").into(),
                )
            }
            _ => return Err(bad("no weight array \"w\" (expected train's JSON)").into()),
        };
        let theta = match model.get("theta") {
            None | Some(serde_json::Value::Null) => 0.0,
            Some(v) => v.as_f64().ok_or_else(|| bad("\"theta\" is not a number"))?,
        };
        let algorithm = match model.get("algorithm").and_then(|v| v.as_str()) {
            Some(name) => parse_algorithm(name).map_err(|e| bad(&e))?,
            None => Algorithm::Rosenblatt, // the ±1 convention of every rule but the notes'
        };
        let perceptron = Perceptron::new(w, theta);
        let n = perceptron.w.len();
        let inputs = match (&a.x, &a.data) {
            (Some(x), _) => vec![x.clone()],
            (None, Some(path)) => read_inputs(path)?,
            (None, None) => return Err("give --x or --data".into()),
        };
        for (i, x) in inputs.iter().enumerate() {
            if x.len() != n {
                return Err(format!(
                    "input {}: {} values, but the model has N = {n} weights",
                    i + 1,
                    x.len()
                )
                .into());
            }
            println!("{}", train::output(algorithm, &perceptron, x));
        }
        Ok(())
    }

    /// Inputs from CSV with a header naming the columns; a column named `label` is skipped.
    fn read_inputs(path: &std::path::Path) -> Result<Vec<Vec<f64>>, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut lines = text
            .trim_start_matches('\u{feff}')
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let Some((_, header)) = lines.next() else {
            return Err(format!(
                "{}: empty, expected a header x1,…,xN",
                path.display()
            ));
        };
        let names: Vec<String> = header.split(',').map(|c| c.trim().to_lowercase()).collect();
        let label = names.iter().position(|c| c == "label");
        let mut lines = lines.peekable();
        if lines.peek().is_none() {
            return Err(format!(
                "{}: the header {} is followed by no rows: the file has no inputs",
                path.display(),
                header.trim()
            ));
        }
        lines
            .map(|(i, line)| {
                let fields: Vec<&str> = line.split(',').map(str::trim).collect();
                if fields.len() != names.len() {
                    return Err(format!(
                        "{} line {}: expected {} fields, found {}",
                        path.display(),
                        i + 1,
                        names.len(),
                        fields.len()
                    ));
                }
                fields
                    .iter()
                    .enumerate()
                    .filter(|(c, _)| Some(*c) != label)
                    .map(|(_, f)| {
                        f.parse::<f64>()
                            .ok()
                            .filter(|v| v.is_finite())
                            .ok_or_else(|| {
                                format!(
                                    "{} line {}: \"{f}\" is not a number",
                                    path.display(),
                                    i + 1
                                )
                            })
                    })
                    .collect()
            })
            .collect()
    }

    /// JSON has no NaN or ∞: those become `null`.
    fn finite(v: f64) -> Option<f64> {
        v.is_finite().then_some(v)
    }

    fn theory_cmd(a: TheoryArgs) -> CliResult {
        let alphas = experiment::parse_alpha(&a.alpha)?;
        println!("curve,n,alpha,value");
        for alpha in alphas {
            let v = theory::curve_value(a.curve, alpha, a.n)?;
            let n = a.n.map_or(String::new(), |n| n.to_string());
            println!("{},{n},{alpha},{v}", a.curve);
        }
        Ok(())
    }

    /// `count`: the separable labellings of the file's inputs (`dichotomies::count_any`), as
    /// JSON `{separable, total, cover, general_position, method, std_error, p, n, cover_n,
    /// degeneracies}`.
    fn count_cmd(a: CountArgs) -> CliResult {
        use perceptron_lab::dichotomies::{count_any_with, CountParams, Degeneracy, Method};

        /// The JSON of `count`, keys in this order.
        #[derive(serde::Serialize)]
        struct CountJson {
            separable: serde_json::Value,
            total: serde_json::Value,
            cover: serde_json::Value,
            general_position: bool,
            method: Method,
            std_error: Option<f64>,
            p: usize,
            n: usize,
            cover_n: usize,
            degeneracies: Vec<Degeneracy>,
        }
        /// A whole number up to 2^53 as a JSON integer, other finite values as floats, ∞ as null.
        fn number(v: f64) -> serde_json::Value {
            if v.is_finite() && v.fract() == 0.0 && v.abs() <= 2f64.powi(53) {
                serde_json::Value::from(v as i64)
            } else {
                serde_json::Value::from(finite(v))
            }
        }

        let text = std::fs::read_to_string(&a.data)
            .map_err(|e| format!("cannot read {}: {e}", a.data.display()))?;
        let data = csv::parse(&text).map_err(|e| format!("{}: {e}", a.data.display()))?;
        let params = CountParams {
            samples: a.samples,
            seed: a.seed,
            ..CountParams::default()
        };
        let c = count_any_with(&data, Mode::from_threshold(a.threshold), &params)?;
        if c.method == Method::Sampled {
            eprintln!(
                "perceptron-lab: 2^{} labellings are too many to test one by one: estimated from {} random ones (seed {})",
                c.p,
                a.samples,
                a.seed
            );
            if c.separable == 0.0 {
                eprintln!(
                    "perceptron-lab: none was separable: the fraction is below about 3/{} (95 %), the count below about {:e}",
                    a.samples,
                    3.0 * c.total / a.samples as f64
                );
            }
        }
        let out = CountJson {
            separable: number(c.separable),
            total: number(c.total),
            cover: number(c.cover),
            general_position: c.general_position,
            method: c.method,
            std_error: c.std_error,
            p: c.p,
            n: data.dim(),
            cover_n: c.cover_n,
            degeneracies: c.degeneracies,
        };
        println!("{}", serde_json::to_string_pretty(&out)?);
        Ok(())
    }
}
