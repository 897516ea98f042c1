//! CSV data: a header naming the inputs and the label (`x1,…,xN,label`; for 2-D also
//! `x,y,label`), one example per line. Labels ±1 or 0/1. Every error names its line.

use super::Dataset;
use crate::error::{Error, Result};

/// Parses CSV text into a data set (any `N ≥ 1`).
///
/// The header must end in a column named `label` (case-insensitive, also `y`/`s` when the other
/// columns are `x1…xN`); the other columns are the inputs. Blank lines and a UTF-8 BOM are
/// ignored; `\r\n` line ends are accepted.
///
/// # Errors
/// [`Error::Parse`] naming the line and the problem (empty file, no label column, a wrong
/// number of fields, a value that is not a finite number, a label not in {−1, +1, 0, 1});
/// [`Error::TooMany`] above [`super::MAX_POINTS`] rows.
pub fn parse(text: &str) -> Result<Dataset> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty());
    let parse_err = |line, message: String| Error::Parse { line, message };
    let (hline, header) = lines.next().ok_or_else(|| {
        parse_err(
            1,
            "the file is empty: expected a header such as x1,x2,label".into(),
        )
    })?;
    let names: Vec<String> = header.split(',').map(|s| s.trim().to_lowercase()).collect();
    let label_col = names.iter().position(|n| n == "label").ok_or_else(|| {
        parse_err(
            hline,
            format!("the header \"{header}\" has no column named label (expected x1,…,xN,label)"),
        )
    })?;
    let dim = names.len() - 1;
    if dim == 0 {
        return Err(parse_err(hline, "the header names no input column".into()));
    }
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for (line, row) in lines {
        if ys.len() == super::MAX_POINTS {
            return Err(Error::TooMany {
                got: ys.len() + 1,
                max: super::MAX_POINTS,
            });
        }
        let fields: Vec<&str> = row.split(',').map(str::trim).collect();
        if fields.len() != names.len() {
            return Err(parse_err(
                line,
                format!("expected {} fields, found {}", names.len(), fields.len()),
            ));
        }
        for (c, f) in fields.iter().enumerate() {
            let v: f64 = f.parse().map_err(|_| {
                parse_err(
                    line,
                    format!("column {}: \"{f}\" is not a number", names[c]),
                )
            })?;
            if !v.is_finite() {
                return Err(parse_err(
                    line,
                    format!("column {}: {v} is not finite", names[c]),
                ));
            }
            if c == label_col {
                if super::normalize_label(v).is_none() {
                    return Err(parse_err(
                        line,
                        format!("label {v} is not one of −1, +1 (or 0, 1)"),
                    ));
                }
                ys.push(v);
            } else {
                xs.push(v);
            }
        }
    }
    Dataset::from_user(xs, dim, ys)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_any_dimension_and_0_1_labels() {
        let d = parse("\u{feff}x1,x2,x3,label\r\n1,2,3,1\r\n\r\n-1,0,0.5,0\n").unwrap();
        assert_eq!(d.dim(), 3);
        assert_eq!(d.labels(), &[1.0, -1.0]);
        assert_eq!(d.x(1), &[-1.0, 0.0, 0.5]);
        let d = parse("label,x\n-1,2\n").unwrap();
        assert_eq!((d.dim(), d.x(0), d.y(0)), (1, &[2.0][..], -1.0));
    }

    #[test]
    fn errors_name_the_line() {
        let msg = |t: &str| parse(t).unwrap_err().to_string();
        assert_eq!(
            msg(""),
            "line 1: the file is empty: expected a header such as x1,x2,label"
        );
        assert!(msg("a,b\n1,2\n").contains("no column named label"));
        assert_eq!(
            msg("x,label\n1,1\n2\n"),
            "line 3: expected 2 fields, found 1"
        );
        assert_eq!(
            msg("x,label\n1,1\nzz,1\n"),
            "line 3: column x: \"zz\" is not a number"
        );
        assert_eq!(
            msg("x,label\nNaN,1\n"),
            "line 2: column x: NaN is not finite"
        );
        assert!(msg("x,label\n1,2\n").starts_with("line 2: label 2"));
    }
}
