//! Game settings that the position text does not carry.

use crate::error::{OptionError, OptionErrorKind};

/// A game's configuration, settable by `key=value` options from the command
/// line, the web app and saved games.
pub trait GameConfig {
    /// The option names this game understands, each with a one-line help.
    fn options() -> &'static [(&'static str, &'static str)];

    /// Sets one option.
    ///
    /// # Errors
    /// An unknown option ([`OptionErrorKind::Unknown`]), a value of the
    /// wrong type ([`OptionErrorKind::BadValue`]) or out of range
    /// ([`OptionErrorKind::OutOfRange`]), naming the option.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// Sets every option of a `key=value,key=value` list.
    ///
    /// # Errors
    /// An item that is not `key=value`, an unknown option or a bad value,
    /// naming the option.
    fn set_options(&mut self, list: &str) -> Result<(), OptionError> {
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = item.split_once('=').ok_or_else(|| {
                OptionError::new(OptionErrorKind::NotKeyValue, item, "expected key=value")
            })?;
            let key = key.trim();
            self.set_option(key, value.trim())?;
        }
        Ok(())
    }
}

/// The error of an option `key` the game does not have; `known` lists the
/// game's options for the message.
pub fn unknown_option(key: &str, game: &str, known: &[(&str, &str)]) -> OptionError {
    let detail = if known.is_empty() {
        format!("{game} has no options")
    } else {
        let names: Vec<_> = known.iter().map(|(k, _)| *k).collect();
        format!("unknown option for {game} (known: {})", names.join(", "))
    };
    OptionError::new(OptionErrorKind::Unknown, key, detail)
}

/// Parses an integer option within `lo..=hi`, naming the option on error.
///
/// # Errors
/// A value that is not a whole number, or outside `lo..=hi`.
pub fn int_option(key: &str, value: &str, lo: i64, hi: i64) -> Result<i64, OptionError> {
    let v: i64 = value.parse().map_err(|_| {
        OptionError::new(
            OptionErrorKind::BadValue,
            key,
            format!("'{value}' is not a whole number"),
        )
    })?;
    if v < lo || v > hi {
        return Err(OptionError::new(
            OptionErrorKind::OutOfRange,
            key,
            format!("{v} is outside {lo}..={hi}"),
        ));
    }
    Ok(v)
}
