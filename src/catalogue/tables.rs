//! The tables `perceptron-lab list` prints and the docs include: the algorithms (name, what each
//! optimises, its rule, when it stops) and the run settings ([`crate::train::settings`]), as CSV
//! or as a Markdown table.

use crate::train::settings::{DefaultValue, Descriptor, SETTINGS};
use crate::train::Algorithm;

/// How a table is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// RFC 4180 CSV with a header line.
    Csv,
    /// A Markdown (GitHub) table.
    Md,
}

/// `rows` under `header` in `format`, each line ending in `\n`.
fn write(format: Format, header: &[&str], rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    let line = |out: &mut String, cells: &[String]| match format {
        Format::Csv => {
            let cells: Vec<String> = cells.iter().map(|c| csv_cell(c)).collect();
            out.push_str(&cells.join(","));
            out.push('\n');
        }
        Format::Md => {
            let cells: Vec<String> = cells.iter().map(|c| c.replace('|', "\\|")).collect();
            out.push_str("| ");
            out.push_str(&cells.join(" | "));
            out.push_str(" |\n");
        }
    };
    let header: Vec<String> = header.iter().map(ToString::to_string).collect();
    line(&mut out, &header);
    if format == Format::Md {
        out.push('|');
        out.push_str(&"---|".repeat(header.len()));
        out.push('\n');
    }
    for row in rows {
        line(&mut out, row);
    }
    out
}

/// A CSV cell, quoted where it holds a comma, a quote or a line break.
fn csv_cell(c: &str) -> String {
    if c.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", c.replace('"', "\"\""))
    } else {
        c.to_string()
    }
}

/// Every algorithm: `name,optimises,rule,stops`, in menu order.
pub fn algorithms(format: Format) -> String {
    let rows: Vec<Vec<String>> = Algorithm::ALL
        .iter()
        .map(|a| {
            let i = a.info();
            let name = match format {
                Format::Csv => i.name.to_string(),
                Format::Md => format!("`{}`", i.name),
            };
            vec![name, i.optimises.into(), i.rule.into(), i.stops.into()]
        })
        .collect();
    write(format, &["name", "optimises", "rule", "stops"], &rows)
}

/// A number of the settings table: `∞`/`inf` for infinity.
fn number(v: f64, format: Format) -> String {
    match (v.is_infinite(), format) {
        (true, Format::Csv) => "inf".into(),
        (true, Format::Md) => "∞".into(),
        (false, _) if v >= 1e15 => format!("{}", v as u64),
        (false, _) => v.to_string(),
    }
}

/// One setting's row.
fn setting_row(d: &Descriptor, format: Format) -> Vec<String> {
    let default = match (d.default, d.unit) {
        (DefaultValue::Value(v), unit) if !unit.is_empty() => {
            format!("{} {unit}", number(v, format))
        }
        _ => d.default_text(),
    };
    let (min, max) = d.range.map_or((String::new(), String::new()), |r| {
        let min = number(r.min, format);
        let min = if r.min_open { format!(">{min}") } else { min };
        (min, number(r.max, format))
    });
    let key = match format {
        Format::Csv => d.key.to_string(),
        Format::Md => format!("`--{}`", d.key),
    };
    vec![
        key,
        d.kind.name().into(),
        default,
        min,
        max,
        d.rule_names(),
        d.help.into(),
    ]
}

/// The run settings: `key,type,default,min,max,rules,help` (`>0` in `min`: 0 itself excluded).
pub fn settings(format: Format) -> String {
    let rows: Vec<Vec<String>> = SETTINGS.iter().map(|d| setting_row(d, format)).collect();
    write(
        format,
        &["key", "type", "default", "min", "max", "rules", "help"],
        &rows,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_cells_are_quoted_where_needed() {
        assert_eq!(csv_cell("a"), "a");
        assert_eq!(csv_cell("a, b"), "\"a, b\"");
        assert_eq!(csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
    }

    #[test]
    fn tables_have_a_line_per_entry() {
        assert_eq!(
            algorithms(Format::Csv).lines().count(),
            1 + Algorithm::ALL.len()
        );
        assert_eq!(
            algorithms(Format::Md).lines().count(),
            2 + Algorithm::ALL.len()
        );
        let csv = settings(Format::Csv);
        assert_eq!(csv.lines().count(), 1 + SETTINGS.len());
        assert!(csv.starts_with("key,type,default,min,max,rules,help\n"));
        assert!(csv.contains("\nepochs,number,1000 epochs,>0,inf,\"rosenblatt, minover, "));
    }
}
