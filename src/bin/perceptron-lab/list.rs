//! `list`: the algorithms' catalogue or the run settings' table, as CSV or Markdown (the docs'
//! tables are this output: `make docs-tables`).

use crate::output::{CliResult, Out};
use perceptron_lab::catalogue::tables::{self, Format};

#[derive(clap::Args)]
pub struct ListArgs {
    /// What to list.
    #[arg(value_enum)]
    what: What,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Csv)]
    format: FormatArg,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum What {
    /// Every algorithm: name,optimises,rule,stops.
    Algorithms,
    /// The run settings: key,type,default,min,max,rules,help.
    Settings,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum FormatArg {
    Csv,
    Md,
}

/// Prints the table.
pub fn run(a: ListArgs, out: &mut Out) -> CliResult {
    let format = match a.format {
        FormatArg::Csv => Format::Csv,
        FormatArg::Md => Format::Md,
    };
    let text = match a.what {
        What::Algorithms => tables::algorithms(format),
        What::Settings => tables::settings(format),
    };
    out.write_all(text.as_bytes())?;
    Ok(())
}
