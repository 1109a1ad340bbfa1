//! Breakthrough settings: board size for `start`, the chance variant, and
//! the ply limit.

use crate::config::{int_option, unknown_option, GameConfig};
use crate::error::{OptionError, OptionErrorKind};

use super::bitboard::{MAX_DIM, MIN_DIM};

/// Settings of (Chance)Breakthrough that the position text does not carry.
///
/// `rows` and `cols` only choose the start position: a position text fixes
/// its own size. `chance` selects ChanceBreakthrough (the `roll` move) and
/// the game's name. `Default` is plain 8x8 `breakthrough`; use
/// [`BreakthroughConfig::chance_breakthrough`] for the chance game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BreakthroughConfig {
    pub rows: u8,
    pub cols: u8,
    pub chance: bool,
    /// The game is drawn once this many plies (turns) have been played.
    pub max_plies: u16,
}

impl Default for BreakthroughConfig {
    fn default() -> Self {
        BreakthroughConfig {
            rows: 8,
            cols: 8,
            chance: false,
            max_plies: 500,
        }
    }
}

impl BreakthroughConfig {
    /// Plain 8x8 Breakthrough, draw after 500 plies.
    pub fn breakthrough() -> Self {
        Self::default()
    }

    /// 8x8 ChanceBreakthrough, draw after 500 plies.
    pub fn chance_breakthrough() -> Self {
        BreakthroughConfig {
            chance: true,
            ..Self::default()
        }
    }

    /// The config for a game name (`breakthrough` or `chance-breakthrough`).
    pub fn for_name(name: &str) -> Option<Self> {
        match name {
            "breakthrough" => Some(Self::breakthrough()),
            "chance-breakthrough" => Some(Self::chance_breakthrough()),
            _ => None,
        }
    }
}

impl GameConfig for BreakthroughConfig {
    fn options() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "rows",
                "number of ranks of the start position, 5..=8 (default 8)",
            ),
            (
                "cols",
                "number of files of the start position, 5..=8 (default 8)",
            ),
            (
                "chance",
                "true for ChanceBreakthrough (the roll move), false for plain Breakthrough",
            ),
            (
                "max_plies",
                "the game is drawn after this many plies, 1..=65535 (default 500)",
            ),
        ]
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "rows" => self.rows = int_option(key, value, MIN_DIM as i64, MAX_DIM as i64)? as u8,
            "cols" => self.cols = int_option(key, value, MIN_DIM as i64, MAX_DIM as i64)? as u8,
            "max_plies" => self.max_plies = int_option(key, value, 1, u16::MAX as i64)? as u16,
            "chance" => {
                self.chance = match value {
                    "true" | "1" | "yes" | "on" => true,
                    "false" | "0" | "no" | "off" => false,
                    _ => {
                        return Err(OptionError::new(
                            OptionErrorKind::BadValue,
                            key,
                            format!("'{value}' is not true or false"),
                        ))
                    }
                }
            }
            _ => return Err(unknown_option(key, "breakthrough", Self::options())),
        }
        Ok(())
    }
}
