//! Text from a user's file or command line as a message shows it: control characters escaped
//! (a newline cannot forge a second message line, an escape sequence cannot reach the terminal)
//! and at most [`SHOWN_CHARS`] characters of it (a 100 MB header is not echoed whole).

/// The most characters of one value a message shows.
pub const SHOWN_CHARS: usize = 200;

/// `text` with its control characters escaped as Rust writes them (`\n`, `\t`, `\u{1b}`), cut
/// after [`SHOWN_CHARS`] characters with `…` and the whole length (`… (100000000 characters)`).
#[must_use]
pub fn escaped(text: &str) -> String {
    let (head, cut) = shown(text, false);
    head + &cut
}

/// `text` in double quotes, as [`escaped`] (a quote inside it written `\"`), the length of a cut
/// one after the closing quote.
#[must_use]
pub fn quoted(text: &str) -> String {
    let (head, cut) = shown(text, true);
    format!("\"{head}\"{cut}")
}

/// The first [`SHOWN_CHARS`] characters of `text` escaped (and its quotes, with `quotes`), and
/// what says the rest was cut (empty when nothing was).
fn shown(text: &str, quotes: bool) -> (String, String) {
    let mut head = String::new();
    let mut chars = text.chars();
    for c in chars.by_ref().take(SHOWN_CHARS) {
        if c.is_control() || (quotes && c == '"') {
            head.extend(c.escape_default());
        } else {
            head.push(c);
        }
    }
    let cut = if chars.next().is_some() {
        format!("… ({} characters)", text.chars().count())
    } else {
        String::new()
    };
    (head, cut)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_long_text_cut() {
        assert_eq!(quoted("x1"), "\"x1\"");
        assert_eq!(
            quoted("a\nb\u{1b}[31m\t\"c\""),
            r#""a\nb\u{1b}[31m\t\"c\"""#
        );
        assert_eq!(escaped("caf\u{e9}"), "café");
        let long = "7".repeat(1_000);
        let q = quoted(&long);
        assert_eq!(q, format!("\"{}\"… (1000 characters)", "7".repeat(200)));
        assert_eq!(escaped(&"é".repeat(201)).chars().count(), 200 + 18);
        assert_eq!(quoted(&"x".repeat(200)), format!("\"{}\"", "x".repeat(200)));
    }
}
