//! CSV data: a header naming the inputs and the label (`x1,…,xN,label`; the page's 2-D points also
//! `x,y,label` in any column order), one example per line. Labels ±1 or 0/1. Every error names
//! its line.

use super::Dataset;
use crate::error::{Error, Result};
use std::fmt::Write as _;

/// Parses CSV text into a data set (any `N ≥ 1`).
///
/// The header names the columns: the one named `label` (case-insensitive, in any position) holds
/// the labels, every other column is an input, in header order. Blank lines and a UTF-8 BOM are
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

/// Parses CSV text of 2-D points for the page: the columns `x1,x2` (or `x,y`) and `label` are
/// used, in any order; any other column is ignored and named in the returned notices.
///
/// # Errors
/// As [`parse`], plus [`Error::Parse`] (line 1) when the header lacks an input column.
pub fn parse_2d(text: &str) -> Result<(Dataset, Vec<String>)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some((hline, header)) = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .find(|(_, l)| !l.is_empty())
    else {
        return parse(text).map(|d| (d, vec![]));
    };
    let names: Vec<String> = header.split(',').map(|s| s.trim().to_lowercase()).collect();
    let find = |options: &[&str]| names.iter().position(|n| options.contains(&n.as_str()));
    let (Some(cx), Some(cy), Some(cl)) = (find(&["x1", "x"]), find(&["x2", "y"]), find(&["label"]))
    else {
        return Err(Error::Parse {
            line: hline,
            message: format!("the header \"{header}\" needs columns x1,x2,label (or x,y,label)"),
        });
    };
    let ignored: Vec<&str> = names
        .iter()
        .enumerate()
        .filter(|(i, _)| ![cx, cy, cl].contains(i))
        .map(|(_, n)| n.as_str())
        .collect();
    let notices = if ignored.is_empty() {
        vec![]
    } else {
        vec![format!("ignored column(s): {}", ignored.join(", "))]
    };
    // keep only the three columns (fields keep their line numbers), then parse strictly
    let mut kept = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        if i + 1 < hline || line.trim().is_empty() {
            kept.push('\n');
            continue;
        }
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() != names.len() {
            return Err(Error::Parse {
                line: i + 1,
                message: format!("expected {} fields, found {}", names.len(), fields.len()),
            });
        }
        let _ = writeln!(kept, "{},{},{}", fields[cx], fields[cy], fields[cl]);
    }
    parse(&kept).map(|d| (d, notices))
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
    fn two_d_picks_its_columns_and_names_the_rest() {
        let (d, notes) = parse_2d("id,label,y,x,colour\n7,0,2,1,red\n8,1,-1,3,blue\n").unwrap();
        assert_eq!(d.x(0), &[1.0, 2.0]);
        assert_eq!(d.labels(), &[-1.0, 1.0]);
        assert_eq!(notes, vec!["ignored column(s): id, colour".to_string()]);
        let e = parse_2d("a,b,label\n1,2,1\n").unwrap_err().to_string();
        assert!(e.contains("needs columns x1,x2,label"), "{e}");
        let e = parse_2d("x,y,label\n1,2,1\n1,2\n").unwrap_err().to_string();
        assert_eq!(e, "line 3: expected 3 fields, found 2");
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
