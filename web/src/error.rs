//! The app's own error type: what went wrong, by kind, with the words the
//! page shows. Errors the engine reports (a malformed position, an illegal
//! move) arrive as their own text inside the kind that fits.

use std::fmt;

/// What kind of input was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WebErrorKind {
    /// A game option the game does not have, or a value out of range.
    BadOption,
    /// A position, record or setup that does not parse or replay.
    BadGame,
    /// A move or chance outcome that cannot be played here.
    IllegalStep,
    /// A saved game or a share link that cannot be read.
    BadLink,
    /// The stored list of games cannot be read.
    BadLibrary,
    /// A lecture tree, example or exercise that cannot be shown.
    BadLecture,
    /// A search the worker cannot run.
    BadJob,
}

/// A refused input: its kind and what was wrong, in words for the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebError {
    pub kind: WebErrorKind,
    pub detail: String,
}

impl WebError {
    pub fn new(kind: WebErrorKind, detail: impl Into<String>) -> WebError {
        WebError {
            kind,
            detail: detail.into(),
        }
    }

    /// The same error with `context` in front of its words ("link field
    /// 'record': …").
    pub fn context(self, context: impl fmt::Display) -> WebError {
        WebError {
            kind: self.kind,
            detail: format!("{context}: {}", self.detail),
        }
    }
}

impl fmt::Display for WebError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

impl std::error::Error for WebError {}

/// `Result` with a [`WebError`].
pub type WebResult<T> = Result<T, WebError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_are_the_detail_and_context_goes_in_front() {
        let e =
            WebError::new(WebErrorKind::BadLink, "not UTF-8 text").context("link field 'record'");
        assert_eq!(e.to_string(), "link field 'record': not UTF-8 text");
        assert_eq!(e.kind, WebErrorKind::BadLink);
    }
}
