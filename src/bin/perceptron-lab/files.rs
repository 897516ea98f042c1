//! The files the subcommands read: the text of a file, bounded, and a data set's CSV.

use perceptron_lab::data::quote::escaped;
use perceptron_lab::data::{csv, Dataset};
use std::io::Read as _;
use std::path::Path;

/// The largest file read: 256 MiB, above any data file of [`perceptron_lab::data::MAX_POINTS`]
/// points that the rules handle in reasonable time.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// The text of the file at `path` (the error names it), read up to [`MAX_FILE_BYTES`]: a larger
/// file or an endless one (`/dev/zero`) is refused after reading one byte past the limit. A
/// leading UTF-8 byte-order mark is dropped, for every file read (data and model files).
pub fn read_text(path: &Path) -> Result<String, String> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", shown(path));
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "{} is larger than {} MiB, the most a file may hold",
            shown(path),
            MAX_FILE_BYTES >> 20
        ));
    }
    let mut text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "cannot read {}: not UTF-8 text (byte {})",
            shown(path),
            e.utf8_error().valid_up_to()
        )
    })?;
    // a UTF-8 byte-order mark, as some editors write it, is not part of the text
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// A file's name as a message shows it: control characters escaped, at most 200 characters
/// (`data::quote::escaped`), so that a name cannot forge a message line or reach the terminal as
/// an escape sequence.
pub fn shown(path: &Path) -> String {
    escaped(&path.to_string_lossy())
}

/// The data set of the CSV file at `path` (`data::csv::parse`; the error names the file).
pub fn read_data(path: &Path) -> Result<Dataset, String> {
    csv::parse(&read_text(path)?).map_err(|e| format!("{}: {e}", shown(path)))
}
