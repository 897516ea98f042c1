//! The elementary functions the core calls as `f64` methods (`sin`, `exp`, `tanh`, …), with the
//! same bits as those methods on each target: natively the standard library's (the platform's C
//! library), on wasm32 the `libm` crate. There `f64::sin` and the like are `compiler_builtins`'
//! copy of that same `libm` code, which the core links anyway for its special functions
//! (`libm::erfc`, `libm::lgamma`, the version space's `libm::sin`): calling the crate instead keeps
//! one copy of each function in the page's module, not two.
//! `tests/wasm_api.rs` checks that both give the same bits in wasm. Plotters' `log`, `log10` and
//! `powf` stay `compiler_builtins`': plotters links them in any case.

macro_rules! unary {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[inline]
        #[must_use]
        pub fn $name(x: f64) -> f64 {
            #[cfg(target_arch = "wasm32")]
            {
                libm::$name(x)
            }
            #[cfg(not(target_arch = "wasm32"))]
            {
                x.$name()
            }
        }
    )*};
}

unary! {
    /// `sin x`.
    sin;
    /// `cos x`.
    cos;
    /// `eˣ`.
    exp;
    /// `tanh x`.
    tanh;
    /// `log₂ x`.
    log2;
    /// `sin⁻¹ x`.
    asin;
}

/// `ln(1 + x)` (`f64::ln_1p`).
#[inline]
#[must_use]
pub fn ln_1p(x: f64) -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        libm::log1p(x)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        x.ln_1p()
    }
}

/// The angle of `(x, y)` (`y.atan2(x)`).
#[inline]
#[must_use]
pub fn atan2(y: f64, x: f64) -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        libm::atan2(y, x)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        y.atan2(x)
    }
}

/// `(sin x, cos x)` (`f64::sin_cos`, which is the two calls).
#[inline]
#[must_use]
pub fn sin_cos(x: f64) -> (f64, f64) {
    (sin(x), cos(x))
}
