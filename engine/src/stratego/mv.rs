//! A Stratego move: from one square to another (a step, a Scout run, or an
//! attack — the board tells which). Searches with the opponent model also
//! know a *blind* move (`blind.rs`): an attack on one of the pieces the
//! attacker cannot tell apart, the one it hits left to chance; it is never
//! legal in a game.

use std::fmt;

use super::square::Square;

/// A move `from` → `to`, written `e4e5`; a blind attack is written `e4x?`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    /// The destination; `from` itself for a blind attack.
    pub to: Square,
    /// For a blind attack (`blind.rs`), the directions of its targets
    /// (bit `d` for direction `d` of `movegen::neighbour`); 0 for any
    /// other move.
    blind: u8,
}

/// The bit of a packed move that marks a blind attack (square indices
/// stay below 100, so bit 7 of the low byte is free; the rest of the low
/// byte holds the directions instead of `to`).
const BLIND_BIT: u16 = 0x80;

impl crate::game::PackedMove for Move {
    #[inline]
    fn pack(self) -> u16 {
        let low = if self.blind != 0 {
            BLIND_BIT | u16::from(self.blind)
        } else {
            self.to.index() as u16
        };
        (self.from.index() as u16) << 8 | low
    }
    #[inline]
    fn unpack(bits: u16) -> Option<Self> {
        let from = Square::new(usize::from(bits >> 8))?;
        if bits & BLIND_BIT != 0 {
            let directions = (bits & 0x0F) as u8;
            return (directions != 0).then(|| Move::blind(from, directions));
        }
        Some(Move::new(from, Square::new(usize::from(bits & 0x7F))?))
    }
}

impl Move {
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to, blind: 0 }
    }

    /// The blind attack of the piece on `from` on the first piece in each
    /// of `directions` (`blind.rs`; nonzero, bits below 4).
    pub(crate) const fn blind(from: Square, directions: u8) -> Move {
        Move {
            from,
            to: from,
            blind: directions,
        }
    }

    /// Whether this is a blind attack (never a legal move of a game).
    #[inline]
    pub fn is_blind(self) -> bool {
        self.blind != 0
    }

    /// The directions of a blind attack's targets (0 for any other move).
    #[inline]
    pub(crate) fn blind_directions(self) -> u8 {
        self.blind
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
        if self.blind != 0 {
            write!(f, "{}x?", self.from)
        } else {
            write!(f, "{}{}", self.from, self.to)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::PackedMove;

    #[test]
    fn moves_and_blind_attacks_pack_and_unpack() {
        let sq = |t| Square::parse(t).unwrap();
        for m in [
            Move::new(sq("a1"), sq("a2")),
            Move::new(sq("j10"), sq("j1")),
            Move::blind(sq("e4"), 0b0101),
            Move::blind(sq("j10"), 0b1111),
        ] {
            assert_eq!(Move::unpack(m.pack()), Some(m), "{m}");
        }
        let b = Move::blind(sq("e4"), 0b0011);
        assert!(b.is_blind() && !Move::new(sq("e4"), sq("e5")).is_blind());
        assert_ne!(b.pack(), Move::blind(sq("e4"), 0b0001).pack());
        assert_eq!(b.to_string(), "e4x?");
        // A blind bit without a direction is no move.
        assert_eq!(Move::unpack(0x80), None);
    }
}
