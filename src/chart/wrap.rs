//! Text broken into lines to a width, for the notes under a chart and a legend's long entries.

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingAreaErrorKind, DrawingBackend, TextStyle};

/// The `notes` broken into lines no wider than `width` pixels (greedily, at spaces).
pub(super) fn wrap<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    notes: &[String],
    font: &TextStyle,
    width: u32,
) -> Result<Vec<String>, DrawingAreaErrorKind<DB::ErrorType>> {
    let mut lines = Vec::new();
    for note in notes {
        let mut line = String::new();
        for word in note.split(' ') {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if !line.is_empty() && super::rich::size(area, &candidate, font)?.0 > width {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            } else {
                line = candidate;
            }
        }
        lines.push(line);
    }
    Ok(lines)
}
