//! Dice settings: only the board size used by `start`.

use crate::config::{int_option, unknown_option, GameConfig};
use crate::error::OptionError;

use super::bitboard::{MAX_SIZE, MIN_SIZE};

/// Settings of Dice that the position text does not carry. The board size
/// only chooses the start position: a position text fixes its own size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceConfig {
    /// m, the board is m x m (3..=11).
    pub size: u8,
}

impl Default for DiceConfig {
    fn default() -> Self {
        DiceConfig { size: 5 }
    }
}

impl GameConfig for DiceConfig {
    fn options() -> &'static [(&'static str, &'static str)] {
        &[(
            "size",
            "board size m of the m x m board, 3..=11 (default 5)",
        )]
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "size" => {
                self.size = int_option(key, value, MIN_SIZE as i64, MAX_SIZE as i64)? as u8;
                Ok(())
            }
            _ => Err(unknown_option(key, "dice", Self::options())),
        }
    }
}
