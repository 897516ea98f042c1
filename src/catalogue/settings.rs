//! The run settings' table ([`crate::train::settings::SETTINGS`]) as the page receives it: each
//! setting's key, valid range and the words messages write it in, so that the page checks a value
//! against the same range and refuses it with the same message as the CLI and the Python package.

use crate::train::settings::{Descriptor, Kind, SETTINGS};
use crate::train::Algorithm;
use serde::Serialize;

/// One setting of the table.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SettingInfo {
    /// Its key (the CLI's flag without `--`).
    pub key: &'static str,
    /// `integer`, `number`, `numbers` or `choice`.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "string"))]
    pub kind: Kind,
    /// The lower end of its range (numbers only).
    pub min: Option<f64>,
    /// Whether `min` itself is refused.
    pub min_open: bool,
    /// The upper end (`None`: unbounded).
    pub max: Option<f64>,
    /// The range as messages write it, `(0, ∞)`.
    pub range: Option<&'static str>,
    /// The rules that take it.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Algorithm[]"))]
    pub rules: Vec<Algorithm>,
    /// One line of help.
    pub help: &'static str,
}

impl From<&Descriptor> for SettingInfo {
    fn from(d: &Descriptor) -> Self {
        Self {
            key: d.key,
            kind: d.kind,
            min: d.range.map(|r| r.min),
            min_open: d.range.is_some_and(|r| r.min_open),
            max: d.range.map(|r| r.max).filter(|m| m.is_finite()),
            range: d.range.map(|r| r.text),
            rules: Algorithm::rules().filter(|&a| d.rules.take(a)).collect(),
            help: d.help,
        }
    }
}

/// Every setting, in the table's order.
pub fn settings() -> Vec<SettingInfo> {
    SETTINGS.iter().map(SettingInfo::from).collect()
}
