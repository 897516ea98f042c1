//! What every subcommand writes to and returns, and the notes on stderr.

use std::fmt::Write as _;
use std::io::Write;

/// The most characters of one note: the values a message names are cut to 200 each where it is
/// written (`data::quote`); this bounds what they are written into (a core message naming a
/// model file's value, say).
const MAX_NOTE_CHARS: usize = 2_000;

/// Writes `perceptron-lab: ` and `text` to stderr, a line: control characters escaped (no value
/// forges a second line or reaches the terminal as an escape sequence), at most
/// [`MAX_NOTE_CHARS`] characters. A stderr that cannot be written (`2>/dev/full`) loses the note,
/// not the run (`eprintln!` would panic).
pub fn note(text: std::fmt::Arguments) {
    let _ = writeln!(
        std::io::stderr(),
        "perceptron-lab: {}",
        tidy(&text.to_string())
    );
}

/// `text` as a message line: control characters escaped, at most [`MAX_NOTE_CHARS`] characters
/// (then `… (N characters)`).
pub fn tidy(text: &str) -> String {
    let mut line = String::new();
    for c in text.chars().take(MAX_NOTE_CHARS) {
        if c.is_control() {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
    }
    if text.chars().nth(MAX_NOTE_CHARS).is_some() {
        let _ = write!(line, "… ({} characters)", text.chars().count());
    }
    line
}

/// What a subcommand returns: its error is printed after `perceptron-lab: `, with exit code 1.
/// An [`std::io::Error`] is the output's (see [`crate::cli::main`]): subcommands read files through
/// [`crate::files::read_text`], whose errors are text.
pub type CliResult = Result<(), Box<dyn std::error::Error>>;

/// The output every subcommand writes to (stdout, buffered).
pub type Out<'a> = dyn Write + 'a;

/// JSON has no NaN or ∞: those become `null`.
pub fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}
