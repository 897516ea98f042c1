//! The meaning of a data file's header: which column is the label and which are the inputs
//! `x1, …, xN`; any other column, and a name written twice, refused by name.

use super::quote::quoted;
use crate::error::{Error, Result};

/// The columns of a header read by [`columns`].
#[derive(Debug, Clone, PartialEq)]
pub struct Columns {
    /// The column named `label`.
    pub label: Option<usize>,
    /// The input columns in the order `x1, …, xN`.
    pub inputs: Vec<usize>,
}

/// The meaning of a header's columns (`names`, lowercased): one `label` and the inputs `x1, …,
/// xN` in any order (for `N ≤ 2` also the page's `x`, `y`). Any other column — a spreadsheet's
/// unnamed row index, an `id` — is refused by name, as is a name written twice, rather than read
/// as one more input; with `label_required` a header without `label` is refused too.
///
/// # Errors
/// [`Error::Parse`] at the header's line `hline` naming the column and what is expected.
pub fn columns(
    hline: usize,
    header: &str,
    names: &[String],
    label_required: bool,
) -> Result<Columns> {
    let bad = |message: String| Error::Parse {
        line: hline,
        message,
    };
    let shown = |c: usize| {
        if names[c].is_empty() {
            format!("column {} (unnamed)", c + 1)
        } else {
            format!("column {} {}", c + 1, quoted(&names[c]))
        }
    };
    let label = names.iter().position(|n| n == "label");
    if label.is_none() && label_required {
        return Err(bad(format!(
            "the header {} has no column named label (expected x1,…,xN,label)",
            quoted(header)
        )));
    }
    // the input number of each column (1-based), or 0 for the label, and the first column of each
    let mut slots: Vec<(usize, usize)> = Vec::with_capacity(names.len());
    let mut first = std::collections::HashMap::new();
    for (c, name) in names.iter().enumerate() {
        let slot = match name.as_str() {
            "label" => 0,
            "x" => 1,
            "y" => 2,
            _ => name
                .strip_prefix('x')
                .filter(|d| !d.starts_with('0') && d.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|d| d.parse::<usize>().ok())
                .ok_or_else(|| {
                    bad(format!(
                        "{} is neither an input x1…xN nor label: remove it (a row index, an id) or rename it",
                        shown(c)
                    ))
                })?,
        };
        if let Some(&before) = first.get(&slot) {
            let what = if slot == 0 {
                "label".to_owned()
            } else {
                format!("input x{slot}")
            };
            return Err(bad(format!(
                "{} and {} both name the {what}: each column must be named once",
                shown(before),
                shown(c)
            )));
        }
        first.insert(slot, c);
        slots.push((c, slot));
    }
    let n = slots.len() - usize::from(label.is_some());
    if n == 0 {
        return Err(bad("the header names no input column".into()));
    }
    let mut inputs = vec![usize::MAX; n];
    for &(c, s) in &slots {
        if s == 0 {
            continue;
        }
        if s > n || (names[c].len() == 1 && n > 2) {
            return Err(bad(format!(
                "{} does not fit {n} inputs: name them x1…x{n}{}",
                shown(c),
                if n <= 2 { " (or x, y)" } else { "" }
            )));
        }
        inputs[s - 1] = c;
    }
    Ok(Columns { label, inputs })
}

#[cfg(test)]
mod tests {
    use super::super::csv::parse;

    #[test]
    fn every_column_is_an_input_or_the_label_once() {
        let msg = |t: &str| parse(t).unwrap_err().to_string();
        // inputs in any order, read as x1, x2, …
        let d = parse("x2,label,x1\n3,1,4\n").unwrap();
        assert_eq!((d.dim(), d.x(0)), (2, &[4.0, 3.0][..]));
        assert_eq!(
            msg("x1,x1,label,label\n1,2,1,1\n"),
            "line 1: column 1 \"x1\" and column 2 \"x1\" both name the input x1: each column must be named once"
        );
        assert!(msg("x1,label,label\n1,1,1\n").contains("both name the label"));
        assert!(msg("x,x1,label\n1,1,1\n").contains("both name the input x1"));
        // pandas' to_csv() index column, an id column
        assert_eq!(
            msg(",x1,x2,label\n0,1,2,1\n"),
            "line 1: column 1 (unnamed) is neither an input x1…xN nor label: remove it (a row index, an id) or rename it"
        );
        assert!(msg("id,x1,label\n7,1,1\n").starts_with("line 1: column 1 \"id\" is neither"));
        assert!(msg("x1,x3,label\n1,1,1\n")
            .contains("column 2 \"x3\" does not fit 2 inputs: name them x1…x2 (or x, y)"));
        assert!(msg("x,x2,x3,label\n1,1,1,1\n").contains("does not fit 3 inputs"));
        assert!(msg("x01,label\n1,1\n").contains("\"x01\" is neither"));
        // a name with a control character or of any length is shown escaped and cut short
        let long = format!("{},label\n1,1\n", "\u{1b}".repeat(1_000_000));
        let e = msg(&long);
        assert!(
            e.len() < 2_000 && e.contains("\\u{1b}") && !e.contains('\u{1b}'),
            "{e:.300}"
        );
        assert!(e.contains("… (1000000 characters)"), "{e:.300}");
    }
}
