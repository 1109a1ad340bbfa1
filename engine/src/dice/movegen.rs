//! Dice move and roll generation: bit iteration over one line.

use crate::game::Player;

use super::bitboard::player_line;
use super::position::{Dice, DiceMove, DiceRoll, Outcome, NO_ROLL};

impl Dice {
    /// The squares of line `i` of the side to move's kind (a column for the
    /// columns player, a row for the rows player).
    #[inline]
    pub fn roll_line(&self, i: u8) -> u128 {
        player_line(self.size, self.to_move == Player::First, i)
    }

    /// Empty squares of the rolled line, lowest square index first.
    #[inline]
    pub(super) fn generate_moves(&self, out: &mut Vec<DiceMove>) {
        out.clear();
        if self.roll == NO_ROLL || self.outcome != Outcome::Ongoing {
            return;
        }
        let mut bb = self.roll_line(self.roll) & !self.occupied();
        while bb != 0 {
            out.push(DiceMove(bb.trailing_zeros() as u8));
            bb &= bb - 1;
        }
    }

    /// The side to move's lines with an empty square, weight 1 each: a full
    /// line is re-rolled, so it is never an outcome.
    #[inline]
    pub(super) fn generate_rolls(&self, out: &mut Vec<(DiceRoll, u32)>) {
        out.clear();
        if self.roll != NO_ROLL || self.outcome != Outcome::Ongoing {
            return;
        }
        let empty = !self.occupied();
        for i in 0..self.size {
            if self.roll_line(i) & empty != 0 {
                out.push((DiceRoll(i), 1));
            }
        }
    }
}
