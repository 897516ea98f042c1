//! CSV data: a header naming the inputs and the label (`x1,…,xN,label`; the page's 2-D points also
//! `x,y,label` in any column order), one example per line. Labels ±1 or 0/1, not both in one file. Fields may be quoted
//! (`"x","y","label"`, as R's `write.csv` writes them; its unnamed first column of row names is
//! then an ignored column of the page's points). Every error names its line.
//!
//! The fields of each line come from the `csv` crate (quotes, doubled quotes inside them); this file
//! gives them their meaning.

pub use super::columns::{columns, Columns};
use super::labels::Labels;
use super::quote::{escaped, quoted};
pub use super::reading::number;
use super::reading::{Reading, Std};
use super::Dataset;
use crate::error::{Error, Result};

/// One record: its line in the file and its fields, trimmed.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// Its line, 1-based.
    pub line: usize,
    /// Its fields, unquoted and trimmed.
    pub fields: Vec<String>,
}

/// The non-blank records of `text`, one per line, each with its line number, read lazily (line by
/// line, so that every message names the right line and a quoted field cannot span lines; one
/// line's fields at a time are held as text). A UTF-8 BOM and blank lines are skipped. [`parse`]
/// and [`parse_2d`] read their records here, and so does the CLI's `predict` (its inputs have no
/// label), each after [`check_size`].
///
/// Each item is [`Error::Parse`] for a line the CSV reader does not read as one record.
pub fn records(text: &str) -> impl Iterator<Item = Result<Record>> + '_ {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| record(i + 1, line))
}

/// The record of `line` (its number `number`).
fn record(number: usize, line: &str) -> Result<Record> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .trim(csv::Trim::All)
        .from_reader(line.as_bytes());
    let mut record = csv::StringRecord::new();
    let complete = reader.read_record(&mut record).is_ok_and(|read| read)
        && reader
            .read_record(&mut csv::StringRecord::new())
            .is_ok_and(|more| !more);
    if !complete {
        return Err(Error::Parse {
            line: number,
            message: format!(
                "{} is not one row of comma-separated fields",
                quoted(line.trim())
            ),
        });
    }
    Ok(Record {
        line: number,
        fields: record.iter().map(str::to_owned).collect(),
    })
}

/// The number of rows of `text` (its non-blank lines after the header), counted before any line is
/// parsed: a file of millions of rows is refused at once, not after reading them all.
///
/// # Errors
/// [`Error::TooMany`] above [`super::MAX_POINTS`] rows.
pub fn count_rows(text: &str) -> Result<usize> {
    let rows = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .count()
        .saturating_sub(1);
    if rows > super::MAX_POINTS {
        return Err(Error::TooMany {
            got: rows,
            max: super::MAX_POINTS,
        });
    }
    Ok(rows)
}

/// Checks the size of a file's set from its header, before any row is read: `n` inputs (at most
/// [`super::MAX_DIM`]) in each of `rows` rows, `P·N` values (at most [`super::MAX_VALUES`]).
///
/// # Errors
/// [`Error::Parse`] at the header's line `hline` for `N > MAX_DIM`; [`Error::TooLarge`] for
/// `P·N > MAX_VALUES`.
pub fn check_size(hline: usize, rows: usize, n: usize) -> Result<()> {
    if n > super::MAX_DIM {
        return Err(Error::Parse {
            line: hline,
            message: format!(
                "the header names {n} input columns: at most {} (N ≤ {}) are allowed",
                super::MAX_DIM,
                super::MAX_DIM
            ),
        });
    }
    let values = rows as f64 * n as f64;
    if values > super::MAX_VALUES as f64 {
        return Err(Error::TooLarge {
            what: format!("the file's set, P × N = {rows} × {n}"),
            values,
            max: super::MAX_VALUES,
        });
    }
    Ok(())
}

/// The header (the first record): its line, the text as written (for messages) and the column
/// names, lowercased by `reading`.
///
/// # Errors
/// [`Error::Parse`] for an empty file or a header that is not one row of fields.
pub fn header(
    first: Option<Result<Record>>,
    reading: &dyn Reading,
) -> Result<(usize, String, Vec<String>)> {
    let first = first.ok_or_else(|| Error::Parse {
        line: 1,
        message: "the file is empty: expected a header such as x1,x2,label".into(),
    })??;
    let names = first.fields.iter().map(|f| reading.lowercase(f)).collect();
    Ok((first.line, first.fields.join(","), names))
}

/// The data set of the `rows` after the header (`hline`, written `header`): column `label` the
/// labels, `inputs` the inputs in that order; every row must have as many fields as the header,
/// and there must be a row (a file without points is refused rather than read as the empty set:
/// the page keeps its points, the CLI stops, rather than go on with none).
fn rows(
    rows: impl Iterator<Item = Result<Record>>,
    (hline, header, names): (usize, &str, &[String]),
    label: usize,
    inputs: &[usize],
    reading: &dyn Reading,
) -> Result<Dataset> {
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    let mut seen = Labels::default();
    for record in rows {
        let Record { line, fields } = record?;
        let parse_err = |message: String| Error::Parse { line, message };
        if fields.len() != names.len() {
            return Err(parse_err(format!(
                "expected {} fields, found {}",
                names.len(),
                fields.len()
            )));
        }
        let value = |c: usize| -> Result<f64> {
            number(reading, &fields[c]).map_err(|e| parse_err(format!("column {}: {e}", names[c])))
        };
        for &c in inputs {
            xs.push(value(c)?);
        }
        let y = value(label)?;
        seen.read(line, y)
            .map_err(|refusal| parse_err(refusal.message(y, "line")))?;
        ys.push(y);
    }
    if ys.is_empty() {
        return Err(Error::Parse {
            line: hline,
            message: format!(
                "the header {} is followed by no rows: the file has no points",
                escaped(header)
            ),
        });
    }
    Dataset::from_user(xs, inputs.len(), ys)
}

/// Parses CSV text into a data set (any `N ≥ 1`).
///
/// The header names the columns: the one named `label` (case-insensitive, in any position) holds
/// the labels, every other column is an input, in header order. Blank lines and a UTF-8 BOM are
/// ignored; `\r\n` line ends and quoted fields are accepted.
///
/// # Errors
/// [`Error::Parse`] naming the line and the problem (empty file, no label column, a header and no
/// row after it — a file without points is refused rather than read as the empty set, as the page
/// refuses it —, a wrong number of fields, a value that is not a finite number, a label not in
/// {−1, +1, 0, 1}, a label of the other convention than an earlier line's, a −1 after a 0 or a 0
/// after a −1); [`Error::TooMany`] above [`super::MAX_POINTS`] rows (counted before any
/// line is parsed); those of [`check_size`] (from the header, before any row is read).
pub fn parse(text: &str) -> Result<Dataset> {
    let count = count_rows(text)?;
    let mut records = records(text);
    let (hline, header, names) = header(records.next(), &Std)?;
    let labelled = names.iter().any(|n| n == "label");
    check_size(hline, count, names.len() - usize::from(labelled))?;
    let Columns { label, inputs } = columns(hline, &header, &names, true)?;
    let label = label.expect("a label column, as asked");
    rows(records, (hline, &header, &names), label, &inputs, &Std)
}

/// Parses CSV text of 2-D points for the page: the columns `x1,x2` (or `x,y`) and `label` are
/// used, in any order; any other column is ignored and named in the returned notices (an unnamed
/// one, such as R's row names, as "(unnamed)").
///
/// # Errors
/// As [`parse`] ([`Error::TooMany`] before any line is parsed), plus [`Error::Parse`] (the header's line) when the header lacks an input column
/// or no row follows it (the page keeps its points rather than show none).
pub fn parse_2d(text: &str) -> Result<(Dataset, Vec<String>)> {
    parse_2d_with(text, &Std)
}

/// [`parse_2d`] with the numbers and column names read by `reading` (the page's boundary passes
/// the browser's conversions: [`super::reading`]).
///
/// # Errors
/// As [`parse_2d`].
pub fn parse_2d_with(text: &str, reading: &dyn Reading) -> Result<(Dataset, Vec<String>)> {
    count_rows(text)?;
    let mut records = records(text);
    let (hline, header, names) = header(records.next(), reading)?;
    let find = |options: &[&str]| names.iter().position(|n| options.contains(&n.as_str()));
    let (Some(cx), Some(cy), Some(cl)) = (find(&["x1", "x"]), find(&["x2", "y"]), find(&["label"]))
    else {
        return Err(Error::Parse {
            line: hline,
            message: format!(
                "the header {} needs columns x1,x2,label (or x,y,label)",
                quoted(&header)
            ),
        });
    };
    let ignored: Vec<&str> = names
        .iter()
        .enumerate()
        .filter(|(i, _)| ![cx, cy, cl].contains(i))
        .map(|(_, n)| {
            if n.is_empty() {
                "(unnamed)"
            } else {
                n.as_str()
            }
        })
        .collect();
    let notices = if ignored.is_empty() {
        vec![]
    } else {
        vec![format!("ignored column(s): {}", ignored.join(", "))]
    };
    // an empty set would replace the page's points with nothing: refused by `rows`
    rows(records, (hline, &header, &names), cl, &[cx, cy], reading).map(|d| (d, notices))
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
        // too many rows: refused by their count, before the first bad one is parsed
        let many = format!(
            "x,label\n{}",
            "zz,1\n\n".repeat(super::super::MAX_POINTS + 1)
        );
        assert_eq!(
            msg(&many),
            "10001 points is too many: at most 10000 are allowed"
        );
        let many = format!(
            "x,y,label\n{}",
            "1,1,1\n".repeat(super::super::MAX_POINTS + 1)
        );
        assert!(parse_2d(&many).is_err());
        // a header and no rows: refused, by the CLI's reader as by the page's
        assert_eq!(
            msg("x1,x2,x3,label\n\n"),
            "line 1: the header x1,x2,x3,label is followed by no rows: the file has no points"
        );
        let e = parse_2d("\n\"x\",\"y\",\"label\"\n")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "line 2: the header x,y,label is followed by no rows: the file has no points"
        );
        assert!(
            msg("x,label\n\"1,1\n").starts_with("line 2: "),
            "{}",
            msg("x,label\n\"1,1\n")
        );
    }

    #[test]
    fn numbers_beyond_the_range_say_so() {
        let digits = "9".repeat(400);
        let e = parse(&format!("x1,label\n{digits},1\n"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("line 2: column x1: \"999"), "{e}");
        assert!(e.ends_with("… (400 characters) is out of range: a number's magnitude is at most 1.7976931348623157e308"), "{e}");
        assert!(parse("x1,label\n-1e309,1\n")
            .unwrap_err()
            .to_string()
            .contains("\"-1e309\" is out of range"));
        assert_eq!(
            parse("x1,label\ninf,1\n").unwrap_err().to_string(),
            "line 2: column x1: inf is not finite"
        );
    }

    #[test]
    fn sizes_are_checked_from_the_header() {
        use super::super::{MAX_DIM, MAX_VALUES};
        assert!(check_size(1, 10_000, 2).is_ok());
        assert!(check_size(1, 1, MAX_DIM).is_ok());
        assert!(check_size(1, MAX_VALUES / 1000, 1000).is_ok());
        assert_eq!(
            check_size(3, 1, MAX_DIM + 1).unwrap_err().to_string(),
            "line 3: the header names 100001 input columns: at most 100000 (N ≤ 100000) are allowed"
        );
        let e = check_size(1, MAX_VALUES / 1000 + 1, 1000)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("the file's set, P × N = 33555 × 1000: 33555000 values")
                && e.ends_with("at most 33554432 values (256 MiB) are allowed"),
            "{e}"
        );
        // a wide header is refused before its rows: the bad value is never reached
        let names: Vec<String> = (1..=MAX_DIM + 1).map(|i| format!("x{i}")).collect();
        let wide = format!("{},label\nzz\n", names.join(","));
        assert!(parse(&wide)
            .unwrap_err()
            .to_string()
            .starts_with("line 1: the header names 100001 input columns"));
    }

    #[test]
    fn quoted_fields_as_r_writes_them() {
        // R's write.csv: quoted names, a first unnamed column of quoted row names
        let (d, notes) =
            parse_2d("\"\",\"x\",\"y\",\"label\"\r\n\"1\",1.5,2,1\r\n\"2\",-1,0.5,0\r\n").unwrap();
        assert_eq!(d.x(0), &[1.5, 2.0]);
        assert_eq!(d.x(1), &[-1.0, 0.5]);
        assert_eq!(d.labels(), &[1.0, -1.0]);
        assert_eq!(notes, vec!["ignored column(s): (unnamed)".to_string()]);
        let d = parse("\"x1\",\"x2\",\"label\"\n\"3\",\"1\",\"1\"\n").unwrap();
        assert_eq!((d.x(0), d.y(0)), (&[3.0, 1.0][..], 1.0));
    }
}
