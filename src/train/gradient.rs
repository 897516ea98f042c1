//! What the on-line gradient rules share: the Adalines (least squares on the local potentials,
//! [`super::adaline`]) and the sigmoid Adalines (a smooth unit and its cost,
//! [`super::logistic`]) read the same settings of the run's [`Config`] (`drive`); each adds
//! its own step `η` (`None`: the rule's stable default, see its module).

use super::online::Drive;
pub use super::run_state::{unresolved, Unresolved};
use super::Config;
use crate::error::Result;

/// The driver's share of the run's [`Config`]: the epoch limit, the relative gradient
/// `|∇E| / Σ_μ |ξ̃^μ|` at which the run has converged ([`super::Stop::Stationary`]; 0: run to the
/// limit), the order (a random order seeded by [`Config::seed`]; the batch Adaline sees all at
/// once) and the start (`None`: tabula rasa).
///
/// # Errors
/// Those of [`Config::epochs`].
pub(super) fn drive(config: &Config) -> Result<Drive> {
    Ok(Drive {
        max_epochs: config.epochs()?,
        tolerance: config.gradient_tolerance,
        shuffle: config.shuffle_seed(),
        init: config.init.clone(),
    })
}
