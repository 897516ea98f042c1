//! The charts of the learning-curve panel, in the order the panel shows and exports them.

use crate::named::named_enum;
use serde::Serialize;

/// A learning-curve chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    serde(rename_all = "kebab-case")
)]
pub enum Chart {
    /// Generalisation error `ε_g(α)`.
    Eps,
    /// Stability `κ(α)`.
    Kappa,
    /// Training error against `α`.
    TrainError,
    /// Fraction of linearly separable sets against `α` (Cover).
    Separable,
}

/// What the page knows of a chart.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChartInfo {
    /// The name (the canvas is `lc-chart-{name}`).
    pub name: &'static str,
    /// What it plots, for the canvas's accessible label.
    pub description: &'static str,
}

/// The table, in the order of [`Chart::ALL`].
pub const TABLE: [ChartInfo; 4] = [
    ChartInfo {
        name: "eps",
        description: "generalisation error against α",
    },
    ChartInfo {
        name: "kappa",
        description: "stability against α",
    },
    ChartInfo {
        name: "train-error",
        description: "training error against α",
    },
    ChartInfo {
        name: "separable",
        description: "fraction of separable sets against α",
    },
];

impl Chart {
    /// Every chart, in the order of the panel.
    pub const ALL: [Chart; 4] = [
        Chart::Eps,
        Chart::Kappa,
        Chart::TrainError,
        Chart::Separable,
    ];

    /// Its row of [`TABLE`].
    pub fn info(self) -> &'static ChartInfo {
        &TABLE[self as usize]
    }
}

named_enum!(Chart, "chart", info);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_order_of_the_enum() {
        for (k, c) in Chart::ALL.iter().enumerate() {
            assert_eq!(*c as usize, k);
        }
        let names: Vec<&str> = TABLE.iter().map(|r| r.name).collect();
        assert_eq!(Chart::names(), names.join(", "));
    }
}
