//! The one error type of every text reader in the crate: the position
//! notation (`BR 0-1:G`), game values (`{2|1}`, `*3`), `nim:3,2` and numbers.
//!
//! All of them report the same three things — where, what was typed there,
//! and why it is wrong — so one type serves them all, and callers (the CLI's
//! exit-2 line, the editor's message box, tests) handle one shape.

/// A text that could not be read. `Display` is one line, e.g.
/// `column 7: unexpected 'Q' (expected a stalk like BRG or an edge like 0-1:B)`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct ParseError {
    /// 1-based column, counted in characters (not bytes).
    pub column: usize,
    /// The offending token as typed (empty at end of input or when the
    /// problem is the text as a whole).
    pub token: String,
    /// What is wrong, usually naming the token and what was expected.
    pub message: String,
}

impl ParseError {
    pub fn new(column: usize, token: impl Into<String>, message: impl Into<String>) -> ParseError {
        ParseError {
            column,
            token: token.into(),
            message: message.into(),
        }
    }
}

/// `text` with every character that could break a one-line message or hide
/// part of it escaped (`\n`, `\u{2028}`, `\u{202e}`): control characters,
/// line and paragraph separators and bidirectional overrides. For messages
/// that quote untrusted text they did not build themselves (serde_json's,
/// for instance, quote unknown field names verbatim).
pub fn single_line(text: &str) -> String {
    let hostile = |c: char| {
        c.is_control()
            || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if hostile(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_line_escapes_breaks_and_overrides() {
        assert_eq!(
            single_line("a\nb\u{2028}c\u{202e}d é"),
            "a\\nb\\u{2028}c\\u{202e}d é"
        );
        assert_eq!(single_line("plain"), "plain");
    }
}
