//! The readout's words for why a rule stopped (the texts are the catalogue's,
//! [`crate::catalogue::status`]).

use super::Settings;
use crate::catalogue::status::{generic, unresolved, StatusContext};
use crate::train::{Algorithm, Fit};

/// Why `algorithm` stopped, in words for the readout (`limit`: its epoch limit): its catalogue
/// row's own words for the stop, else the text every rule shares.
pub fn status(
    algorithm: Algorithm,
    fit: &Fit,
    limit: f64,
    settings: &Settings,
    separable: bool,
) -> String {
    let Some(stop) = fit.stop else {
        return "settling: still training".into();
    };
    let context = StatusContext {
        fit,
        stop,
        limit,
        gamma: settings.run.gamma,
        gap_tolerance: settings.run.gap_tolerance,
        gradient_tolerance: settings.run.gradient_tolerance,
        separable,
    };
    unresolved(&context)
        .or_else(|| algorithm.info().status.and_then(|own| own(&context)))
        .unwrap_or_else(|| generic(&context))
}
