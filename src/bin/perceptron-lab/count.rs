//! `count`: the separable labellings of a CSV file's inputs (`dichotomies::count_any`) against
//! Cover's `C(P, N)`, as JSON.

use crate::args::whole;
use crate::files::read_data;
use crate::output::{finite, note, CliResult, Out};
use indicatif::{ProgressBar, ProgressStyle};
use perceptron_lab::dichotomies::{count_any_watched, CountParams, Degeneracy, Method};
use perceptron_lab::train::Mode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The longest sampled count `count` runs: one whose measured pace would take longer is refused
/// with the estimate.
const MAX_COUNT_TIME: Duration = Duration::from_secs(3600);

/// How long a sampled count runs before its pace is judged.
const MEASURED: Duration = Duration::from_secs(1);

#[derive(clap::Args)]
pub struct CountArgs {
    /// CSV file with header x1,…,xN,label (the labels are not used: every labelling counts).
    #[arg(long)]
    data: std::path::PathBuf,
    /// With a threshold θ (default: through the origin).
    #[arg(long)]
    threshold: bool,
    /// Random labellings tested where one test per labelling is too many (N ≥ 3, P > 20); their
    /// progress on stderr. A number the measured pace would take more than an hour to test is
    /// refused with the estimate.
    #[arg(long, default_value_t = 20_000, allow_negative_numbers = true, value_parser = whole(0, usize::MAX))]
    samples: usize,
    /// Seed of the random labellings.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    seed: u64,
}

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

/// A duration in words: `45 s`, `12 min`, `3.1 h`, `2.9 days`.
fn duration_text(d: Duration) -> String {
    match d.as_secs_f64() {
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7200.0 => format!("{:.0} min", s / 60.0),
        s if s < 172_800.0 => format!("{:.1} h", s / 3600.0),
        s => format!("{:.1} days", s / 86_400.0),
    }
}

/// A whole number up to 2^53 as a JSON integer, other finite values as floats, ∞ as null.
fn number(v: f64) -> serde_json::Value {
    if v.is_finite() && v.fract() == 0.0 && v.abs() <= 2f64.powi(53) {
        serde_json::Value::from(v as i64)
    } else {
        serde_json::Value::from(finite(v))
    }
}

/// Prints `{separable, total, cover, general_position, method, std_error, p, n, cover_n,
/// degeneracies}`; says on stderr when the count is estimated from random labellings.
pub fn run(a: CountArgs, out: &mut Out) -> CliResult {
    let data = read_data(&a.data)?;
    let params = CountParams {
        samples: a.samples,
        seed: a.seed,
        ..CountParams::default()
    };
    let bar = ProgressBar::new(a.samples as u64).with_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} random labellings  {elapsed_precise} (eta {eta})",
        )
        .expect("a valid template"),
    );
    let start = Instant::now();
    let too_long = Mutex::new(None);
    let watch = |done: usize| {
        bar.set_position(done as u64);
        let elapsed = start.elapsed();
        if elapsed < MEASURED || done >= a.samples {
            return true;
        }
        let estimate = elapsed.mul_f64(a.samples as f64 / done as f64);
        if estimate <= MAX_COUNT_TIME {
            return true;
        }
        let mut slot = too_long
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        slot.get_or_insert((estimate, done, elapsed));
        false
    };
    let counted = count_any_watched(&data, Mode::from_threshold(a.threshold), &params, &watch)?;
    bar.finish_and_clear();
    let Some(c) = counted else {
        let (estimate, done, elapsed) = too_long
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .expect("a count stopped for its time");
        // the most samples that fit in the time at the measured pace
        let most =
            (a.samples as f64 * MAX_COUNT_TIME.as_secs_f64() / estimate.as_secs_f64()) as u64;
        return Err(format!(
            "--samples {}: testing them would take about {} at the pace measured here ({done} random labellings in {:.1} s), longer than the {} a count may take: give --samples {most} or fewer",
            a.samples,
            duration_text(estimate),
            elapsed.as_secs_f64(),
            duration_text(MAX_COUNT_TIME)
        )
        .into());
    };
    if c.method == Method::Sampled {
        note(format_args!(
            "2^{} labellings are too many to test one by one: estimated from {} random ones (seed {})",
            c.p,
            a.samples,
            a.seed
        ));
        if c.separable == 0.0 {
            // 3·2^P/samples, written as such where 2^P is beyond the floating-point range
            let bound = 3.0 * c.total / a.samples as f64;
            let count = if bound.is_finite() {
                format!("{bound:e}")
            } else {
                format!("3 × 2^{}/{}", c.p, a.samples)
            };
            note(format_args!(
                "none was separable: the fraction is below about 3/{} (95 %), the count below about {count}",
                a.samples
            ));
        }
    }
    let json = CountJson {
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
    writeln!(out, "{}", serde_json::to_string_pretty(&json)?)?;
    Ok(())
}
