//! Error types of the notations and of move input.
//!
//! Parse errors (the text is not a well-formed position) are distinct from
//! illegal-move errors (the text names a move that cannot be played here).
//! Both name what was wrong; neither is ever a panic.

use std::fmt;

/// What went wrong while parsing a position or a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The text (or a required field) is empty.
    Empty,
    /// A field that must be present is missing.
    MissingField,
    /// There are more fields than the notation has.
    ExtraField,
    /// A character that the field does not allow.
    BadCharacter,
    /// A row or rank has the wrong number of squares, or there are too many
    /// or too few rows.
    BadLength,
    /// A field's value is out of range or not one of the allowed words.
    BadValue,
    /// The fields parse but contradict each other or the rules (too many
    /// pieces of a rank, a piece on a lake, a roll on a full line, ...).
    Inconsistent,
}

/// A malformed position or record. `field` names the part of the text at
/// fault (`"board"`, `"rank 7"`, `"side to move"`, `"roll"`, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub kind: ParseErrorKind,
    pub field: String,
    pub detail: String,
}

impl ParseError {
    pub fn new(kind: ParseErrorKind, field: impl Into<String>, detail: impl Into<String>) -> Self {
        ParseError {
            kind,
            field: field.into(),
            detail: detail.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.detail)
    }
}

impl std::error::Error for ParseError {}

/// A move or chance outcome that is malformed or cannot be played here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The offending token, as given.
    pub token: String,
    /// Why it was refused.
    pub reason: String,
}

impl IllegalMove {
    pub fn new(token: impl Into<String>, reason: impl Into<String>) -> Self {
        IllegalMove {
            token: token.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}': {}", self.token, self.reason)
    }
}

impl std::error::Error for IllegalMove {}
