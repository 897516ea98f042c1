//! The shape of each rule's marks (its `AlgorithmInfo::marker`): one per rule, fixed here, so that
//! a rule looks the same in every chart and in the page's weight view; the charts draw it
//! (`crate::chart::marker`).

use serde::Serialize;

/// A point's shape (the page's weight view draws the same ones: `www/views/weight/weight-paths.js`).
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// A disc.
    Circle,
    /// A square standing on its side.
    Square,
    /// A triangle pointing up.
    Triangle,
    /// A triangle pointing down.
    TriangleDown,
    /// A square standing on a corner.
    Diamond,
}
