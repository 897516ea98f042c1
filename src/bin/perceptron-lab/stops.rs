//! `--stop`: its syntax, its help, and which rules take each stopping rule (a rule that does not
//! take it is refused in `train` and `trace`; `curve` notes which of its rules it applies to).

use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::data::quote::quoted;
use perceptron_lab::experiment::StopRule;

/// The training rules that take `stop`, comma-separated.
fn takers(stop: StopRule) -> String {
    Algorithm::rules()
        .filter(|&a| a.takes_stop(stop))
        .map(Algorithm::name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Refuses `--stop` for a rule that does not take it (it was ignored, silently), naming the rule
/// and the rules that do, in the words of the core's refusal of a setting (`--gamma`).
///
/// # Errors
/// `--stop TEXT: unknown rule for --stop KIND "RULE"; expected one of: …`.
pub fn check_stop(a: Algorithm, stop: StopRule, text: &str) -> Result<(), String> {
    if a.takes_stop(stop) {
        return Ok(());
    }
    Err(format!(
        "--stop {}: unknown rule for --stop {} \"{a}\"; expected one of: {}",
        quoted(text),
        stop.kind_name(),
        takers(stop)
    ))
}

/// `curve`'s note on a shared `--stop` that some of its rules do not take: which rules it applies
/// to and which run to their limit instead (`None` when every rule takes it).
pub fn stop_note(algorithms: &[Algorithm], stop: StopRule, text: &str) -> Option<String> {
    let (takes, not): (Vec<Algorithm>, Vec<Algorithm>) = algorithms
        .iter()
        .filter(|&&a| a != Algorithm::Exact)
        .partition(|&&a| a.takes_stop(stop));
    if not.is_empty() {
        return None;
    }
    let names = |v: &[Algorithm]| v.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ");
    Some(format!(
        "--stop {text} applies to {}; not to {} (no {} stop: the epoch limit or --updates ends their runs)",
        if takes.is_empty() {
            "none of the rules".to_owned()
        } else {
            names(&takes)
        },
        names(&not),
        stop.kind_name()
    ))
}

/// `--stop`'s help: the stopping rules and the rules that take each ([`Algorithm::takes_stop`]).
pub fn stop_help() -> String {
    let gap = StopRule::Gap { tolerance: 1.0 };
    let certified = Algorithm::rules()
        .filter(|&a| a.info().certifies_bound)
        .map(Algorithm::name)
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "Stopping rule: epochs (the limit only), no-improvement ({}: κ not improved in P steps), \
         gap:TOL ({}; certified relative gap ≤ TOL for {certified}, the others at their own optimum), or angle:TOL[:T] \
         (any rule: stop at the first block of T steps, default T = P (one epoch), over which w turned by less than TOL radians). \
         A rule that does not take the stop is refused in train and trace; in curve the stop applies to the rules that take it (a note says which)",
        takers(StopRule::NoImprovement),
        takers(gap),
    )
}

/// A stopping rule as `--stop` writes it (see [`stop_help`]).
pub fn parse_stop(text: &str) -> Result<StopRule, String> {
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
                    "--stop {}: expected epochs, no-improvement, gap:TOL or angle:TOL[:T] (T a number of steps or P)",
                    quoted(text)
                )
            }),
    }
}
