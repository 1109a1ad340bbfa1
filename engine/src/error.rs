//! Error types of the notations, of move input, of game options and of
//! game names.
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

/// What is wrong with a game option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OptionErrorKind {
    /// An item of an option list is not `key=value`.
    NotKeyValue,
    /// The game has no such option.
    Unknown,
    /// The value is not of the option's type (a number, true/false, ...).
    BadValue,
    /// The value is outside the option's range.
    OutOfRange,
}

/// A game option (`key=value`) that cannot be set. `option` names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    pub kind: OptionErrorKind,
    /// The option's key (or the whole item when it is not `key=value`).
    pub option: String,
    pub detail: String,
}

impl OptionError {
    pub fn new(
        kind: OptionErrorKind,
        option: impl Into<String>,
        detail: impl Into<String>,
    ) -> Self {
        OptionError {
            kind,
            option: option.into(),
            detail: detail.into(),
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option '{}': {}", self.option, self.detail)
    }
}

impl std::error::Error for OptionError {}

/// A game name that is not one of starcut's games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame {
    pub name: String,
}

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = crate::registry::GameKind::ALL
            .iter()
            .map(|k| k.name())
            .collect();
        write!(
            f,
            "unknown game '{}' (games: {})",
            self.name,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownGame {}
