//! Stratego settings that the position text does not carry: the variant,
//! the two-squares limit and the ply limit.

use crate::config::{int_option, unknown_option, GameConfig};
use crate::error::{OptionError, OptionErrorKind};

/// Standard Stratego (40 pieces a side) or Barrage (8 pieces a side).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    #[default]
    Stratego,
    Barrage,
}

impl Variant {
    /// The game name: `stratego` or `barrage`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Stratego => "stratego",
            Variant::Barrage => "barrage",
        }
    }

    /// Parses `stratego` or `barrage`.
    pub fn parse(text: &str) -> Option<Variant> {
        match text {
            "stratego" => Some(Variant::Stratego),
            "barrage" => Some(Variant::Barrage),
            _ => None,
        }
    }
}

/// Rule settings of a Stratego game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StrategoConfig {
    pub variant: Variant,
    /// How many times in a row a piece may move between the same two squares
    /// (ISF: 3; the older rule used by Arts: 5).
    pub two_square_limit: u8,
    /// The game is drawn once this many plies have been played.
    pub max_plies: u32,
}

impl Default for StrategoConfig {
    fn default() -> Self {
        StrategoConfig {
            variant: Variant::Stratego,
            two_square_limit: 3,
            max_plies: 2000,
        }
    }
}

impl StrategoConfig {
    /// The default configuration of a variant.
    pub fn for_variant(variant: Variant) -> Self {
        StrategoConfig {
            variant,
            ..StrategoConfig::default()
        }
    }
}

/// Largest accepted two-squares limit (keeps the counter in the hash keys).
pub const MAX_TWO_SQUARE_LIMIT: u8 = 15;

impl GameConfig for StrategoConfig {
    fn options() -> &'static [(&'static str, &'static str)] {
        &[
            ("variant", "stratego (40 pieces) or barrage (8 pieces)"),
            (
                "two_square_limit",
                "moves in a row between the same two squares (3 = ISF, 5 = older rule), 1..=15",
            ),
            (
                "max_plies",
                "the game is drawn after this many plies (1..=100000)",
            ),
        ]
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "variant" => {
                self.variant = Variant::parse(value).ok_or_else(|| {
                    OptionError::new(
                        OptionErrorKind::BadValue,
                        key,
                        format!("'{value}' is not stratego or barrage"),
                    )
                })?;
            }
            "two_square_limit" => {
                self.two_square_limit =
                    int_option(key, value, 1, MAX_TWO_SQUARE_LIMIT as i64)? as u8;
            }
            "max_plies" => self.max_plies = int_option(key, value, 1, 100_000)? as u32,
            _ => return Err(unknown_option(key, "stratego", Self::options())),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options() {
        let mut c = StrategoConfig::default();
        c.set_options("variant=barrage, two_square_limit=5,max_plies=300")
            .unwrap();
        assert_eq!(c.variant, Variant::Barrage);
        assert_eq!(c.two_square_limit, 5);
        assert_eq!(c.max_plies, 300);
        let e = c.set_option("two_square_limit", "0").unwrap_err();
        assert_eq!(
            (e.kind, e.option.as_str()),
            (OptionErrorKind::OutOfRange, "two_square_limit")
        );
        let e = c.set_option("variant", "chess").unwrap_err();
        assert_eq!(
            (e.kind, e.option.as_str()),
            (OptionErrorKind::BadValue, "variant")
        );
        let e = c.set_option("colour", "red").unwrap_err();
        assert_eq!(e.kind, OptionErrorKind::Unknown);
    }
}
