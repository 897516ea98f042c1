//! The one catalogue of what the lab shows: its algorithms ([`Algorithm`], named and built by
//! [`crate::train`]; their presentation here), the learning-curve charts ([`Chart`]) and the
//! theory curves ([`TheoryCurve`]), each with one table of descriptors. The page reads the same
//! tables through `catalogue()` at the wasm boundary and builds its toggles, legends, palette,
//! explanations and link names from them. Adding a rule is its file with its `SPEC` and one line of
//! the `algorithms!` list in `train::algorithm`; a row in `algorithm_rows` gives it its own
//! label, colour and instruments (docs/ARCHITECTURE.md).
//!
//! Names are the ones users type and read (page, CLI, CSV): kebab-case, and they never change.

pub mod algorithm;
pub mod algorithm_rows;
pub mod chart;
pub mod settings;
pub mod shape;
pub mod status;
pub mod tables;
pub mod theory_curve;

pub use crate::train::{Algorithm, StepCost};
pub use algorithm::{AlgorithmInfo, Role, Setting};
pub use chart::{Chart, ChartInfo};
pub use shape::Shape;
pub use theory_curve::{Quantity, TheoryCurve, TheoryCurveInfo};

use serde::{Serialize, Serializer};

/// An sRGB colour; serialised as `"#RRGGBB"` (what the canvas and the legend take).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#RRGGBB`.
    pub fn hex(self) -> String {
        format!("#{:02X}{:02X}{:02X}", self.0, self.1, self.2)
    }
}

impl Serialize for Rgb {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.hex())
    }
}

/// The colour of the teacher `w*` wherever it is drawn (Tol's wine).
pub const TEACHER_COLOR: Rgb = Rgb(0x88, 0x22, 0x55);
/// The colour of the crosses on misclassified points under the exact optimum (Okabe–Ito
/// vermilion); the other rules cross in their own colour.
pub const ERROR_COLOR: Rgb = Rgb(0xD5, 0x5E, 0x00);

/// The text of every chart and view, drawn by the core (plotters) or by the page (its canvases):
/// one size and two inks, legible on a projection at a distance: at least 14 px, and
/// both inks with WCAG AA contrast (≥ 4.5:1) on the charts' white.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChartText {
    /// The size of every label (ticks, axis descriptions, legends, notes, the views' labels), in
    /// CSS px in normal mode.
    pub px: f64,
    /// A chart's caption, in CSS px.
    pub caption_px: f64,
    /// Projector mode's type is this many times as large.
    pub projector: f64,
    /// The ink of text (near black: 16:1 on white).
    #[cfg_attr(target_arch = "wasm32", tsify(type = "string"))]
    pub color: Rgb,
    /// The ink of secondary text: ticks, notes, captions of the views (7.5:1 on white).
    #[cfg_attr(target_arch = "wasm32", tsify(type = "string"))]
    pub muted: Rgb,
}

/// The values of [`ChartText`].
pub const CHART_TEXT: ChartText = ChartText {
    px: 14.0,
    caption_px: 16.0,
    projector: 1.5,
    color: Rgb(0x22, 0x22, 0x22),
    muted: Rgb(0x55, 0x55, 0x55),
};

/// Defaults and limits of the page's settings, read from the core that applies them.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// Certified relative gap at which MinOver and AdaTron stop in the data view.
    pub gap_tolerance: f64,
    /// Soft margin's default bound `γ`.
    pub gamma: f64,
    /// The range `[min, max]` of the page's logarithmic `γ` slider.
    pub gamma_range: [f64; 2],
    /// The lecture-notes perceptron's default learning rate `η`.
    pub notes_learning_rate: f64,
    /// Largest seed the page takes (seeds cross the boundary as 32-bit numbers).
    pub max_seed: u32,
    /// Most points a data set may have.
    pub max_points: usize,
    /// Largest `N` of a learning-curve sweep.
    pub max_curve_n: usize,
    /// Most repetitions per `α` of a learning-curve sweep (the page's field, the CLI's `--reps`).
    pub max_reps: usize,
    /// The epoch limit of a learning-curve sweep that sets none (the page's field, the CLI's
    /// `--epochs`, Python's `epochs`).
    pub sweep_epochs: f64,
    /// Most points whose separable labellings the page counts (on every edit; the geometric
    /// count costs `O(P² log P)`).
    pub count_points: usize,
    /// Most points whose separable labellings the page lists one by one (numbered in weight
    /// space; `2^P` exact separability tests).
    pub labelling_points: usize,
}

/// The values of [`Limits`] the core uses.
pub const LIMITS: Limits = Limits {
    gap_tolerance: crate::train::config::GAP_TOLERANCE,
    gamma: crate::train::adatron::GAMMA,
    gamma_range: crate::train::adatron::GAMMA_SLIDER,
    notes_learning_rate: crate::train::notes::NOTES_LEARNING_RATE,
    max_seed: u32::MAX,
    max_points: crate::data::MAX_POINTS,
    max_curve_n: crate::experiment::MAX_N,
    max_reps: crate::experiment::MAX_REPS,
    sweep_epochs: crate::experiment::SWEEP_EPOCHS,
    count_points: 1_000,
    labelling_points: 12,
};

/// Everything the catalogue holds, as the page receives it.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    /// Every algorithm, in the order of the menus.
    pub algorithms: Vec<&'static AlgorithmInfo>,
    /// The learning-curve charts, in the order of the panel.
    pub charts: Vec<&'static ChartInfo>,
    /// The theory curves.
    pub theory_curves: Vec<&'static TheoryCurveInfo>,
    /// The teacher's colour.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "string"))]
    pub teacher_color: Rgb,
    /// The colour of misclassification crosses under the exact optimum.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "string"))]
    pub error_color: Rgb,
    /// The charts' and the views' text.
    pub chart_text: ChartText,
    /// Defaults and limits of the settings.
    pub limits: Limits,
    /// The run settings' table: keys, ranges and the words of their messages.
    pub settings: Vec<settings::SettingInfo>,
}

/// The whole catalogue.
pub fn catalogue() -> Catalogue {
    Catalogue {
        algorithms: Algorithm::ALL.iter().map(|a| a.info()).collect(),
        charts: Chart::ALL.iter().map(|c| c.info()).collect(),
        theory_curves: TheoryCurve::ALL.iter().map(|c| c.info()).collect(),
        teacher_color: TEACHER_COLOR,
        error_color: ERROR_COLOR,
        chart_text: CHART_TEXT,
        limits: LIMITS,
        settings: settings::settings(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG's contrast ratio of `c` against white.
    fn contrast_on_white(c: Rgb) -> f64 {
        let lin = |v: u8| {
            let s = f64::from(v) / 255.0;
            if s <= 0.03928 {
                s / 12.92
            } else {
                libm::pow((s + 0.055) / 1.055, 2.4)
            }
        };
        let l = 0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2);
        1.05 / (l + 0.05)
    }

    /// The charts' text is legible at a distance: 14 px or more, both inks with AA contrast.
    /// A rule's page setting is a row of the run settings' table that the rule takes.
    #[test]
    fn rule_settings_are_rows_of_the_table() {
        for a in Algorithm::ALL {
            let Some(setting) = a.info().setting else {
                continue;
            };
            let row = crate::train::settings::setting(setting.table).unwrap();
            assert!(row.rules.take(a), "{a} takes {}", setting.table);
            assert!(row.range.is_some(), "{} has a range", setting.table);
        }
    }

    #[test]
    fn chart_text_is_legible() {
        assert!((contrast_on_white(Rgb(0x77, 0x77, 0x77)) - 4.48).abs() < 0.01);
        const { assert!(CHART_TEXT.px >= 14.0 && CHART_TEXT.caption_px >= CHART_TEXT.px) };
        const { assert!(CHART_TEXT.projector * CHART_TEXT.px >= 18.0) };
        for ink in [CHART_TEXT.color, CHART_TEXT.muted] {
            assert!(contrast_on_white(ink) >= 4.5, "{}", ink.hex());
        }
    }

    #[test]
    fn hex_is_upper_case_with_hash() {
        assert_eq!(Rgb(0xE6, 0x9F, 0x00).hex(), "#E69F00");
        assert_eq!(Rgb(0, 0, 0).hex(), "#000000");
    }

    /// Every rule setting's default and slider range are keys of the limits the page receives,
    /// and a range is `0 < min < default < max` (its slider is logarithmic).
    #[test]
    fn settings_name_their_limits() {
        let limits = serde_json::to_value(LIMITS).unwrap();
        for a in Algorithm::ALL {
            let Some(s) = a.info().setting else { continue };
            let default = limits[s.limit].as_f64().unwrap();
            if let Some(range) = s.range {
                let r = &limits[range];
                let (lo, hi) = (r[0].as_f64().unwrap(), r[1].as_f64().unwrap());
                assert!(0.0 < lo && lo < default && default < hi, "{a:?}: {r}");
            }
        }
    }

    #[test]
    fn names_round_trip_through_serde_and_from_str() {
        for a in Algorithm::ALL {
            let json = serde_json::to_string(&a).unwrap();
            assert_eq!(json, format!("\"{}\"", a.name()));
            assert_eq!(serde_json::from_str::<Algorithm>(&json).unwrap(), a);
            assert_eq!(a.name().parse::<Algorithm>().unwrap(), a);
        }
        for c in Chart::ALL {
            assert_eq!(c.name().parse::<Chart>().unwrap(), c);
        }
        for c in TheoryCurve::ALL {
            assert_eq!(c.name().parse::<TheoryCurve>().unwrap(), c);
        }
        let err = serde_json::from_str::<Algorithm>("\"nope\"").unwrap_err();
        assert!(
            err.to_string().contains("unknown algorithm \"nope\""),
            "{err}"
        );
    }
}
