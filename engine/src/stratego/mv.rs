//! A Stratego move: from one square to another (a step, a Scout run, or an
//! attack — the board tells which).

use std::fmt;

use super::square::Square;

/// A move `from` → `to`, written `e4e5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl crate::game::PackedMove for Move {
    #[inline]
    fn pack(self) -> u16 {
        (self.from.index() as u16) << 8 | self.to.index() as u16
    }
    #[inline]
    fn unpack(bits: u16) -> Option<Self> {
        Some(Move::new(
            Square::new(usize::from(bits >> 8))?,
            Square::new(usize::from(bits & 0xFF))?,
        ))
    }
}

impl Move {
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Number of squares travelled (moves are orthogonal).
    #[inline]
    pub fn distance(self) -> usize {
        self.from.file().abs_diff(self.to.file())
            + self.from.rank_index().abs_diff(self.to.rank_index())
    }

    /// Parses `e4e5` (no legality check); `None` if malformed.
    pub fn parse(text: &str) -> Option<Move> {
        // The second square starts at the second letter.
        let split = text
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_alphabetic())
            .map(|(i, _)| i)?;
        let (a, b) = text.split_at(split);
        Some(Move::new(Square::parse(a)?, Square::parse(b)?))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}
