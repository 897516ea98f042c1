//! The [`Trainer`](super::Trainer) accessors that only read a field ([`accessors!`]).

/// [`Trainer`](super::Trainer) accessors that return the rule's fields, each named by the field
/// (or fields) it reads, in any order and any subset (the others are written by hand):
/// - `perceptron: (w, theta)`: `(w, θ)`, cloned;
/// - `embedding: x`: the embedding strengths `x^μ`;
/// - `certifies: field` (a `bool` field) or `certifies: false`;
/// - `data: data`: the data set;
/// - `progress: (steps, updates, stop)`: the three counters (one field may stand twice, as
///   `(steps, steps, stop)` for a rule whose every step is an update).
macro_rules! accessors {
    () => {};
    (perceptron: ($w:ident, $theta:ident), $($rest:tt)*) => {
        fn perceptron(&self) -> $crate::measure::Perceptron {
            $crate::measure::Perceptron::new(self.$w.clone(), self.$theta)
        }
        accessors!($($rest)*);
    };
    (embedding: $x:ident, $($rest:tt)*) => {
        fn embedding(&self) -> &[f64] {
            &self.$x
        }
        accessors!($($rest)*);
    };
    (certifies: false, $($rest:tt)*) => {
        fn certifies(&self) -> bool {
            false
        }
        accessors!($($rest)*);
    };
    (certifies: $certifies:ident, $($rest:tt)*) => {
        fn certifies(&self) -> bool {
            self.$certifies
        }
        accessors!($($rest)*);
    };
    (data: $data:ident, $($rest:tt)*) => {
        fn data(&self) -> &$crate::data::Dataset {
            &self.$data
        }
        accessors!($($rest)*);
    };
    (progress: ($steps:ident, $updates:ident, $stop:ident), $($rest:tt)*) => {
        fn progress(&self) -> (usize, usize, Option<$crate::train::Stop>) {
            (self.$steps, self.$updates, self.$stop)
        }
        accessors!($($rest)*);
    };
}
