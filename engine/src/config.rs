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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::breakthrough::BreakthroughConfig;
    use crate::dice::DiceConfig;
    use crate::search::testing::RandomConfig;
    use crate::stratego::StrategoConfig;
    use crate::tree::TreeConfig;

    /// The kind and option of the error of `key=value` on a default
    /// configuration of `C`.
    fn error<C: GameConfig + Default>(key: &str, value: &str) -> (OptionErrorKind, String) {
        let e = C::default().set_option(key, value).unwrap_err();
        assert!(
            e.to_string().contains(key),
            "the message names the option: {e}"
        );
        (e.kind, e.option)
    }

    fn is<C: GameConfig + Default>(key: &str, value: &str, kind: OptionErrorKind) {
        assert_eq!(
            error::<C>(key, value),
            (kind, key.to_string()),
            "{key}={value}"
        );
    }

    #[test]
    fn every_game_types_its_option_errors() {
        use OptionErrorKind::{BadValue, OutOfRange, Unknown};
        // Stratego and Barrage.
        is::<StrategoConfig>("colour", "red", Unknown);
        is::<StrategoConfig>("variant", "chess", BadValue);
        is::<StrategoConfig>("max_plies", "many", BadValue);
        is::<StrategoConfig>("two_square_limit", "0", OutOfRange);
        is::<StrategoConfig>("max_plies", "100001", OutOfRange);
        // Breakthrough and ChanceBreakthrough.
        is::<BreakthroughConfig>("size", "8", Unknown);
        is::<BreakthroughConfig>("chance", "maybe", BadValue);
        is::<BreakthroughConfig>("rows", "x", BadValue);
        is::<BreakthroughConfig>("rows", "4", OutOfRange);
        is::<BreakthroughConfig>("cols", "9", OutOfRange);
        // Dice.
        is::<DiceConfig>("rows", "5", Unknown);
        is::<DiceConfig>("size", "five", BadValue);
        is::<DiceConfig>("size", "99", OutOfRange);
        // The tree game has no options; the random game's are ranged.
        is::<TreeConfig>("depth", "3", Unknown);
        is::<RandomConfig>("colour", "1", Unknown);
        is::<RandomConfig>("moves", "-", BadValue);
        is::<RandomConfig>("moves", "17", OutOfRange);
        // An unknown option lists the known ones.
        let e = DiceConfig::default().set_option("rows", "5").unwrap_err();
        assert!(e.detail.contains("known: size"), "{e}");
        let e = TreeConfig.set_option("depth", "3").unwrap_err();
        assert!(e.detail.contains("has no options"), "{e}");
        // Good values pass; a list stops at its first error, typed.
        let mut c = BreakthroughConfig::default();
        assert_eq!(c.set_options("rows=6, cols=7,chance=off"), Ok(()));
        assert_eq!((c.rows, c.cols, c.chance), (6, 7, false));
        let e = c.set_options("rows=6,cols").unwrap_err();
        assert_eq!(e.kind, OptionErrorKind::NotKeyValue);
        let e = c.set_options("rows=5,cols=99").unwrap_err();
        assert_eq!((e.kind, e.option.as_str()), (OutOfRange, "cols"));
    }
}
