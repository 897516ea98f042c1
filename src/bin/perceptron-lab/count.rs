//! `count`: the separable labellings of a CSV file's inputs (`dichotomies::count_any`) against
//! Cover's `C(P, N)`, as JSON.

use crate::cli::{finite, note, read_data, whole, CliResult, Out};
use perceptron_lab::dichotomies::{count_any_with, CountParams, Degeneracy, Method};
use perceptron_lab::train::Mode;

#[derive(clap::Args)]
pub struct CountArgs {
    /// CSV file with header x1,…,xN,label (the labels are not used: every labelling counts).
    #[arg(long)]
    data: std::path::PathBuf,
    /// With a threshold θ (default: through the origin).
    #[arg(long)]
    threshold: bool,
    /// Random labellings tested where one test per labelling is too many (N ≥ 3, P > 20).
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
    let c = count_any_with(&data, Mode::from_threshold(a.threshold), &params)?;
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
