//! The theory curves by name ([`TheoryCurve`]); how the page shows them is the catalogue's.

use crate::named::named_enum;

/// A theory curve of [`crate::theory::curve_value`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TheoryCurve {
    /// `ε_g` of the Hebb rule (`N → ∞`).
    Hebb,
    /// `ε_g` of Gibbs learning (`N → ∞`).
    Gibbs,
    /// `ε_g` of the Bayes-optimal student (`N → ∞`).
    Bayes,
    /// `ε_g` of the maximally stable perceptron (`N → ∞`).
    Maxstab,
    /// The optimal stability `κ` of the maximally stable perceptron (`N → ∞`).
    MaxstabKappa,
    /// Gardner's `κ_max(α)` for random labels (`N → ∞`).
    Gardner,
    /// Cover's counting estimate of `ε_g` (finite `N`).
    CoverEps,
    /// Cover's separable fraction `C(P, N)/2^P` (finite `N`).
    CoverFraction,
}

/// A curve's name, as users type it (`theory --curve`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurveId {
    /// The name.
    pub name: &'static str,
}

const IDS: [CurveId; 8] = [
    CurveId { name: "hebb" },
    CurveId { name: "gibbs" },
    CurveId { name: "bayes" },
    CurveId { name: "maxstab" },
    CurveId {
        name: "maxstab-kappa",
    },
    CurveId { name: "gardner" },
    CurveId { name: "cover-eps" },
    CurveId {
        name: "cover-fraction",
    },
];

impl TheoryCurve {
    /// Every curve.
    pub const ALL: [TheoryCurve; 8] = [
        TheoryCurve::Hebb,
        TheoryCurve::Gibbs,
        TheoryCurve::Bayes,
        TheoryCurve::Maxstab,
        TheoryCurve::MaxstabKappa,
        TheoryCurve::Gardner,
        TheoryCurve::CoverEps,
        TheoryCurve::CoverFraction,
    ];

    /// Its name ([`CurveId`]).
    pub const fn id(self) -> &'static CurveId {
        &IDS[self as usize]
    }
}

named_enum!(TheoryCurve, "theory curve", id);
