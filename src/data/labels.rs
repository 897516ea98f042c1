//! A set's labels: ±1, or 0/1 as some course notes write them — one convention per set. A set
//! with both a 0 and a −1 is refused: 0 and −1 would both read as −1, so a file whose author
//! meant something else by one of them (a third class, a missing value) would be trained on
//! silently.

use crate::error::{mixed_labels, not_a_label};

/// Why a label was refused ([`Labels::read`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Refusal {
    /// Not one of −1, +1, 0, 1.
    NotALabel,
    /// A 0 after a −1 or a −1 after a 0: `other` is where the first label of the other
    /// convention was, `other_value` that label.
    Mixed {
        /// The place of the earlier label (the caller's numbering: a point or a line).
        other: usize,
        /// The earlier label, 0 or −1.
        other_value: f64,
    },
}

impl Refusal {
    /// The refusal of label `value` in words, the earlier label's place named `place`.
    pub fn message(self, value: f64, place: &str) -> String {
        match self {
            Self::NotALabel => not_a_label(value),
            Self::Mixed { other, other_value } => mixed_labels(value, place, other, other_value),
        }
    }
}

/// The labels of one set read in order: each mapped to ±1, the first label that mixes the
/// conventions refused with the place of the one it conflicts with.
#[derive(Debug, Default)]
pub struct Labels {
    /// The place of the first 0.
    zero: Option<usize>,
    /// The place of the first −1.
    minus: Option<usize>,
}

impl Labels {
    /// Label `y` at place `at` (a point's index or a file's line) as ±1: −1 and 0 to −1, +1 to
    /// +1.
    ///
    /// # Errors
    /// [`Refusal::NotALabel`] for any other value; [`Refusal::Mixed`] for a 0 when a −1 came
    /// before, or a −1 when a 0 came before.
    pub fn read(&mut self, at: usize, y: f64) -> Result<f64, Refusal> {
        let (mine, theirs, their_value) = if y == 1.0 {
            return Ok(1.0);
        } else if y == 0.0 {
            (&mut self.zero, self.minus, -1.0)
        } else if y == -1.0 {
            (&mut self.minus, self.zero, 0.0)
        } else {
            return Err(Refusal::NotALabel);
        };
        if let Some(other) = theirs {
            return Err(Refusal::Mixed {
                other,
                other_value: their_value,
            });
        }
        mine.get_or_insert(at);
        Ok(-1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(ys: &[f64]) -> Result<Vec<f64>, (usize, Refusal)> {
        let mut labels = Labels::default();
        ys.iter()
            .enumerate()
            .map(|(i, &y)| labels.read(i, y).map_err(|r| (i, r)))
            .collect()
    }

    #[test]
    fn one_convention_per_set() {
        assert_eq!(
            read_all(&[1.0, -1.0, -1.0, 1.0]),
            Ok(vec![1.0, -1.0, -1.0, 1.0])
        );
        assert_eq!(read_all(&[0.0, 1.0, 0.0]), Ok(vec![-1.0, 1.0, -1.0]));
        // 1 belongs to both conventions; −0.0 is 0
        assert_eq!(read_all(&[1.0, 1.0, -0.0]), Ok(vec![1.0, 1.0, -1.0]));
        assert_eq!(read_all(&[1.0, 2.0]), Err((1, Refusal::NotALabel)));
        // the first label of the second convention is refused, naming the first of the other
        let mixed = Refusal::Mixed {
            other: 1,
            other_value: 0.0,
        };
        assert_eq!(read_all(&[1.0, 0.0, 0.0, -1.0, 0.0]), Err((3, mixed)));
        let mixed = Refusal::Mixed {
            other: 0,
            other_value: -1.0,
        };
        assert_eq!(read_all(&[-1.0, 1.0, -1.0, 0.0]), Err((3, mixed)));
    }
}
