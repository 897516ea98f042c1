//! The theory curves (`crate::theory`), by name: what each gives, its legend label and colour.

use super::Rgb;
pub use crate::theory::TheoryCurve;
use serde::Serialize;

/// What a curve's value is.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Quantity {
    /// A generalisation error `ε_g`.
    EpsG,
    /// A stability `κ`.
    Kappa,
    /// A fraction of labellings.
    Fraction,
}

/// What the page and the CLI know of a theory curve.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TheoryCurveInfo {
    /// The name (`theory --curve`).
    pub name: &'static str,
    /// Legend label (`{n}` stands for N where the curve needs it).
    pub label: &'static str,
    /// What the value is.
    pub quantity: Quantity,
    /// Whether the curve is for a finite `N`, which must be given.
    pub needs_n: bool,
    /// Its colour in the charts.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "string"))]
    pub color: Rgb,
}

const fn row(
    curve: TheoryCurve,
    label: &'static str,
    quantity: Quantity,
    needs_n: bool,
    color: Rgb,
) -> TheoryCurveInfo {
    TheoryCurveInfo {
        name: curve.id().name,
        label,
        quantity,
        needs_n,
        color,
    }
}

/// The table, in the order of [`TheoryCurve::ALL`]. A rule's own curve is drawn in the rule's
/// colour (Hebb, and the Gibbs and Bayes students'), the maximal-stability curves in near-black beside the exact optimum's black
/// dots; the others in colours no algorithm has, so that no measured series and theory line of
/// different things look alike.
pub const TABLE: [TheoryCurveInfo; 8] = [
    row(
        TheoryCurve::Hebb,
        "Hebb (N→∞)",
        Quantity::EpsG,
        false,
        Rgb(0x56, 0xB4, 0xE9),
    ),
    row(
        TheoryCurve::Gibbs,
        "Gibbs (N→∞)",
        Quantity::EpsG,
        false,
        Rgb(0x22, 0x22, 0xEE),
    ),
    row(
        TheoryCurve::Bayes,
        "Bayes (N→∞)",
        Quantity::EpsG,
        false,
        Rgb(0x77, 0x55, 0xFF),
    ),
    row(
        TheoryCurve::Maxstab,
        "max. stability (N→∞)",
        Quantity::EpsG,
        false,
        Rgb(0x33, 0x33, 0x33),
    ),
    row(
        TheoryCurve::MaxstabKappa,
        "max. stability κ (N→∞)",
        Quantity::Kappa,
        false,
        Rgb(0x33, 0x33, 0x33),
    ),
    row(
        TheoryCurve::Gardner,
        "Gardner κ_max (N→∞)",
        Quantity::Kappa,
        false,
        Rgb(0xCC, 0x79, 0xA7),
    ),
    row(
        TheoryCurve::CoverEps,
        "Cover count, N = {n}",
        Quantity::EpsG,
        true,
        Rgb(0x99, 0x99, 0x99),
    ),
    row(
        TheoryCurve::CoverFraction,
        "Cover C(P,N)/2^P, N = {n}",
        Quantity::Fraction,
        true,
        Rgb(0xD5, 0x5E, 0x00),
    ),
];

impl TheoryCurve {
    /// Its row of [`TABLE`] (how the page and the CLI show it).
    pub fn info(self) -> &'static TheoryCurveInfo {
        &TABLE[self as usize]
    }

    /// The legend label for dimension `n`.
    pub fn label(self, n: usize) -> String {
        self.info().label.replace("{n}", &n.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theory_colours_name_their_rule_or_no_algorithm() {
        use crate::catalogue::Algorithm;
        for c in TheoryCurve::ALL {
            let owner = match c {
                TheoryCurve::Hebb => Some(Algorithm::Hebb),
                TheoryCurve::Gibbs => Some(Algorithm::Gibbs),
                TheoryCurve::Bayes => Some(Algorithm::Bayes),
                _ => None,
            };
            for a in Algorithm::ALL {
                let same = a.info().color == c.info().color;
                assert_eq!(same, owner == Some(a), "{c} and {a}");
            }
        }
    }

    #[test]
    fn the_table_is_in_the_order_of_the_enum() {
        for (k, c) in TheoryCurve::ALL.iter().enumerate() {
            assert_eq!(*c as usize, k);
        }
        let names: Vec<&str> = TABLE.iter().map(|r| r.name).collect();
        assert_eq!(TheoryCurve::names(), names.join(", "));
    }
}
