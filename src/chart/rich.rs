//! Sub- and superscripts in the charts' labels, written with carets as the chapter's notation is
//! typed (`κ_max`, `ε_g`, `C(P,N)/2^P`, `α_c`), drawn as the page's own canvases draw them
//! (`www/text/rich-text.js`): after `^` or `_` comes a group in braces, a run of letters and
//! digits, or one character, raised or lowered at its line's size (the page never draws a script
//! under the 18 px text floor of a hall, which the charts' text never exceeds).

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingAreaErrorKind, DrawingBackend, TextStyle};
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::FontTransform;

/// Where a piece of a label sits: on the line, raised (`^`) or lowered (`_`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// On the line.
    Line,
    /// A superscript.
    Up,
    /// A subscript.
    Down,
}

/// The pieces of `text`, in order: `C(P,N)/2^P` is `C(P,N)/2` on the line and `P` raised.
pub fn pieces(text: &str) -> Vec<(&str, Place)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(['^', '_']) {
        let shift = if rest[at..].starts_with('^') {
            Place::Up
        } else {
            Place::Down
        };
        let after = &rest[at + 1..];
        let (body, len) = match after.chars().next() {
            None => break, // a caret at the end is text
            Some('{') => match after.find('}') {
                Some(close) => (&after[1..close], close + 1),
                None => (after, after.len()),
            },
            Some(c) if c.is_ascii_alphanumeric() => {
                let end = after
                    .find(|c: char| !c.is_ascii_alphanumeric())
                    .unwrap_or(after.len());
                (&after[..end], end)
            }
            Some(c) if c.is_whitespace() => {
                // a caret before a space is text
                out.push((&rest[..=at], Place::Line));
                rest = after;
                continue;
            }
            Some(c) => (&after[..c.len_utf8()], c.len_utf8()),
        };
        if at > 0 {
            out.push((&rest[..at], Place::Line));
        }
        out.push((body, shift));
        rest = &after[len..];
    }
    if !rest.is_empty() {
        out.push((rest, Place::Line));
    }
    out
}

/// A piece's offset across the line, in pixels at `size`: raised or lowered as rich-text.js.
fn offset(shift: Place, size: f64) -> f64 {
    match shift {
        Place::Line => 0.0,
        Place::Up => -0.38 * size,
        Place::Down => 0.22 * size,
    }
}

/// The size `(width, height)` of `text` drawn in `font` with its scripts.
///
/// # Errors
/// The backend's.
pub fn size<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    font: &TextStyle,
) -> Result<(u32, u32), DrawingAreaErrorKind<DB::ErrorType>> {
    let mut width = 0;
    let mut height = 0;
    for (piece, _) in pieces(text) {
        let (w, h) = area.estimate_text_size(piece, font)?;
        width += w;
        height = height.max(h);
    }
    Ok((width, height))
}

/// Draws `text` with its scripts at `(x, y)`, anchored as `font` says on the line's left end
/// (the pieces follow each other to the right; a font turned a quarter counter-clockwise, as a
/// y axis's title, runs upwards from `(x, y)`).
///
/// # Errors
/// The backend's.
pub fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    font: &TextStyle,
    (x, y): (i32, i32),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let upwards = matches!(font.font.get_transform(), FontTransform::Rotate270);
    let size = font.font.get_size();
    let mut along = 0.0;
    for (piece, shift) in pieces(text) {
        let across = offset(shift, size);
        let (x, y) = (f64::from(x), f64::from(y));
        let at = if upwards {
            (x + across, y - along)
        } else {
            (x + along, y + across)
        };
        area.draw_text(piece, font, (at.0.round() as i32, at.1.round() as i32))?;
        along += f64::from(area.estimate_text_size(piece, font)?.0);
    }
    Ok(())
}

/// Whether `text` has a script (else plotters draws it as it is).
pub fn has_scripts(text: &str) -> bool {
    pieces(text).iter().any(|(_, place)| *place != Place::Line)
}

/// `area` with `title` drawn centred at its top `top` pixels down, as plotters' `titled` draws a
/// chart's caption; returns the area under it.
///
/// # Errors
/// The backend's.
pub fn titled<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    font: &TextStyle,
    top: i32,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    let (w, h) = size(area, title, font)?;
    let (w, h) = (
        i32::try_from(w).unwrap_or(i32::MAX),
        i32::try_from(h).unwrap_or(i32::MAX),
    );
    let pad = (h / 2).min(5);
    let width = i32::try_from(area.dim_in_pixel().0).unwrap_or(i32::MAX);
    let left_top = font.pos(Pos::new(HPos::Left, VPos::Top));
    draw(area, title, &left_top, ((width - w) / 2, top + pad))?;
    Ok(area.split_vertically(top + 2 * pad + h).1)
}

/// Draws a y axis's title `text` upwards where plotters puts it: its glyphs' tops at `left`
/// (the label area's left edge in `area`), centred on `plot`, the chart's plotting area.
///
/// # Errors
/// The backend's.
pub fn draw_y_title<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    plot: &DrawingArea<DB, Shift>,
    text: &str,
    font: &TextStyle,
    left: i32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (_, top) = area.get_base_pixel();
    let (_, plot_top) = plot.get_base_pixel();
    let plot_high = i32::try_from(plot.dim_in_pixel().1).unwrap_or(i32::MAX);
    let length = i32::try_from(size(area, text, font)?.0).unwrap_or(i32::MAX);
    let upwards = font
        .transform(FontTransform::Rotate270)
        .pos(Pos::new(HPos::Left, VPos::Top));
    draw(
        area,
        text,
        &upwards,
        (left, plot_top - top + plot_high / 2 + length / 2),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carets_split_a_label_into_its_scripts() {
        use Place::{Down, Line, Up};
        assert_eq!(
            pieces("Cover C(P,N)/2^P, N = 20"),
            [("Cover C(P,N)/2", Line), ("P", Up), (", N = 20", Line)]
        );
        assert_eq!(
            pieces("κ_max = 0.3 (exact)"),
            [("κ", Line), ("max", Down), (" = 0.3 (exact)", Line)]
        );
        assert_eq!(pieces("2^{P-1}"), [("2", Line), ("P-1", Up)]);
        assert_eq!(pieces("ε_g"), [("ε", Line), ("g", Down)]);
        assert_eq!(pieces("a ^ b_"), [("a ^", Line), (" b_", Line)]);
        assert_eq!(pieces("plain"), [("plain", Line)]);
    }
}
