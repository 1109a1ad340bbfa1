//! A piece on the board, as one player (or the omniscient game) knows it.
//!
//! Packed in one non-zero byte so that `Option<Piece>` is one byte and a
//! board is a 100-byte array:
//! - bits 0–3: rank index `0..12`, or 12 when the rank is unknown to the viewer;
//! - bit 4: colour (0 Red = `Player::First`, 1 Blue = `Player::Second`);
//! - bit 5: *revealed*, the opponent knows the rank;
//! - bit 6: *moved*, the opponent has seen the piece move while its rank was
//!   hidden (so it is not a Bomb or the Flag). Once a piece is revealed the
//!   flag carries no information and is kept clear, so that equal knowledge
//!   gives equal bytes;
//! - bit 7: always set (makes the byte non-zero).

use std::num::NonZeroU8;

use super::rank::Rank;
use crate::game::Player;

const UNKNOWN: u8 = 12;
const COLOUR: u8 = 1 << 4;
const REVEALED: u8 = 1 << 5;
const MOVED: u8 = 1 << 6;
const PRESENT: u8 = 1 << 7;

/// [`Piece::knowledge_slot`] by [`Piece::code`]. Rank nibbles 13–15 never
/// occur; they get the unknown slots like 12.
const KNOWLEDGE_SLOT: [u8; 128] = {
    let mut t = [0; 128];
    let mut code = 0;
    while code < 128 {
        let r = (code & 0x0f) as u8;
        t[code] = if r < UNKNOWN {
            r
        } else if code as u8 & MOVED != 0 {
            UNKNOWN + 1
        } else {
            UNKNOWN
        };
        code += 1;
    }
    t
};

/// A piece: colour, rank if known, revealed and moved flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    /// A piece of `colour` with rank `rank` (`None` = unknown to the viewer).
    /// `moved` is ignored when `revealed` (see the module doc), and
    /// `revealed` when the rank is unknown (the opponent of the owner is the
    /// viewer then, and he would know it).
    pub fn new(colour: Player, rank: Option<Rank>, revealed: bool, moved: bool) -> Piece {
        let mut b = PRESENT | rank.map_or(UNKNOWN, |r| r as u8);
        if colour == Player::Second {
            b |= COLOUR;
        }
        if revealed && rank.is_some() {
            b |= REVEALED;
        } else if moved {
            b |= MOVED;
        }
        Piece(NonZeroU8::new(b).unwrap_or(NonZeroU8::MIN))
    }

    /// A known, unrevealed, unmoved piece (as set up).
    pub fn fresh(colour: Player, rank: Rank) -> Piece {
        Piece::new(colour, Some(rank), false, false)
    }

    #[inline]
    pub fn colour(self) -> Player {
        if self.0.get() & COLOUR != 0 {
            Player::Second
        } else {
            Player::First
        }
    }

    /// The rank, or `None` if the viewer does not know it.
    #[inline]
    pub fn rank(self) -> Option<Rank> {
        let r = self.0.get() & 0x0f;
        if r < UNKNOWN {
            Some(Rank::from_index(r as usize))
        } else {
            None
        }
    }

    #[inline]
    pub fn is_revealed(self) -> bool {
        self.0.get() & REVEALED != 0
    }

    #[inline]
    pub fn has_moved(self) -> bool {
        self.0.get() & MOVED != 0
    }

    /// What the viewer knows of the piece as one index `0..14`: the rank
    /// index when known, else 12 (unknown, unmoved) or 13 (unknown, moved).
    /// One lookup by the packed byte: the evaluation asks it for every piece.
    #[inline]
    pub fn knowledge_slot(self) -> usize {
        KNOWLEDGE_SLOT[self.code()] as usize
    }

    /// The packed byte without the always-set bit: `0..128`, a key index.
    #[inline]
    pub fn code(self) -> usize {
        (self.0.get() & !PRESENT) as usize
    }

    /// The same piece with its rank known and revealed (after a battle or a
    /// Scout run).
    #[inline]
    pub fn revealed_as(self, rank: Rank) -> Piece {
        Piece::new(self.colour(), Some(rank), true, false)
    }

    /// The same piece after a one-square move.
    #[inline]
    pub fn after_step(self) -> Piece {
        if self.is_revealed() {
            self
        } else {
            Piece(self.0 | MOVED)
        }
    }

    /// The same piece with its rank hidden from the viewer (moved flag kept).
    #[inline]
    pub fn hidden(self) -> Piece {
        Piece::new(self.colour(), None, false, self.has_moved())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        for colour in [Player::First, Player::Second] {
            for rank in Rank::ALL.iter().copied().map(Some).chain([None]) {
                for revealed in [false, true] {
                    for moved in [false, true] {
                        let p = Piece::new(colour, rank, revealed, moved);
                        assert_eq!(p.colour(), colour);
                        assert_eq!(p.rank(), rank);
                        assert_eq!(p.is_revealed(), revealed && rank.is_some());
                        assert_eq!(p.has_moved(), moved && !p.is_revealed());
                        assert!(p.code() < 128);
                        let slot = match rank {
                            Some(r) => r.index(),
                            None if moved => 13,
                            None => 12,
                        };
                        assert_eq!(p.knowledge_slot(), slot);
                    }
                }
            }
        }
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
    }
}
