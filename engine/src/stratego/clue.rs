//! What a hidden piece has shown by how it moved: the evidence of the
//! opponent model (`model.rs`).
//!
//! Every clue is read from public facts only — which squares a piece moved
//! between, and the ranks of *revealed* pieces around it — so the true game
//! and both players' views carry the same clues, and a clue never tells a
//! hidden rank. Two facts are kept per piece, while its own rank is hidden:
//!
//! - **bold**: the strongest revealed enemy piece it stepped next to, or
//!   stood beside when that piece had just stepped next to it (it had moved
//!   before, so it could have stepped away). A piece that does so likely
//!   beats that enemy.
//! - **shy**: the weakest revealed enemy piece it stepped away from. A piece
//!   that flees likely loses to that enemy.
//!
//! Strengths are the battle strengths of `battle.rs` (Spy 1, Scout 2, ...,
//! Marshal 10), one nibble each; 0 is "nothing seen". A battle or a Scout run
//! reveals the piece, and its clue is dropped (its rank says more).

use super::battle::strength;
use super::bits::bit;
use super::movegen::{neighbour, spread};
use super::piece::Piece;
use super::position::Stratego;
use super::rank::Rank;
use super::square::Square;
use crate::game::Player;

/// The behaviour evidence of one piece (see the module doc). `Clue::NONE`
/// for a piece that has shown nothing, or whose rank is revealed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clue(u8);

impl Clue {
    /// Nothing seen.
    pub const NONE: Clue = Clue(0);

    /// A clue with the strongest enemy faced (`bold`) and the weakest fled
    /// from (`shy`), as battle strengths 1..=10 (0: none).
    pub fn new(bold: u8, shy: u8) -> Clue {
        Clue((bold.min(10)) | (shy.min(10) << 4))
    }

    /// The strongest revealed enemy it stepped next to or stood beside.
    #[inline]
    pub fn bold(self) -> Option<Rank> {
        rank_of_strength(self.0 & 0x0f)
    }

    /// The weakest revealed enemy it stepped away from.
    #[inline]
    pub fn shy(self) -> Option<Rank> {
        rank_of_strength(self.0 >> 4)
    }

    /// The packed byte (a key index: `0..256`).
    #[inline]
    pub fn code(self) -> usize {
        self.0 as usize
    }

    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// This clue after facing `enemy` boldly.
    fn faced(self, enemy: Rank) -> Clue {
        let s = strength(enemy);
        if s > self.0 & 0x0f {
            Clue((self.0 & 0xf0) | s)
        } else {
            self
        }
    }

    /// This clue after fleeing from `enemy`.
    fn fled(self, enemy: Rank) -> Clue {
        let s = strength(enemy);
        let shy = self.0 >> 4;
        if shy == 0 || s < shy {
            Clue((self.0 & 0x0f) | (s << 4))
        } else {
            self
        }
    }
}

/// The movable rank of battle strength `s` (1 = Spy .. 10 = Marshal).
fn rank_of_strength(s: u8) -> Option<Rank> {
    match s {
        1 => Some(Rank::Spy),
        2..=10 => Some(Rank::from_index(10 - s as usize)),
        _ => None,
    }
}

/// A revealed movable enemy of `colour` on `sq`: its rank.
#[inline]
fn revealed_enemy(pos: &Stratego, sq: Square, colour: Player) -> Option<Rank> {
    let p = pos.board[sq.index()]?;
    if p.colour() == colour || !p.is_revealed() {
        return None;
    }
    p.rank().filter(|r| r.is_movable())
}

/// Whether `a` and `b` are orthogonal neighbours.
#[inline]
fn adjacent(a: Square, b: Square) -> bool {
    (0..4).any(|d| neighbour(a, d) == Some(b))
}

impl Stratego {
    /// The clue of the piece on `sq` (none for an empty square).
    #[inline]
    pub fn clue_at(&self, sq: Square) -> Clue {
        self.clues[sq.index()]
    }

    /// Sets the clue of `sq`, keeping the hash.
    pub(crate) fn set_clue(&mut self, sq: Square, clue: Clue) {
        let old = self.clues[sq.index()];
        if old != clue {
            self.unread_key ^= super::hash::clue_key(sq, old) ^ super::hash::clue_key(sq, clue);
            self.clues[sq.index()] = clue;
        }
    }

    /// Updates the clues for a one-square move of `mover` (hidden, not an
    /// attack) from `from` to `to`, before the board changes: what the
    /// mover showed, and what the pieces beside the opponent's last-moved
    /// piece showed by standing.
    pub(crate) fn note_step(&mut self, mover: Piece, from: Square, to: Square) {
        let side = mover.colour();
        let mut clue = self.clues[from.index()];
        // Only enemy pieces beside `from` or `to` can change the clue: most
        // steps have none, and skip the two walks round the squares.
        let beside = spread(bit(from.index()) | bit(to.index()));
        if beside & self.occ[side.other().index()] == 0 {
            self.set_clue(from, Clue::NONE);
            self.set_clue(to, clue);
            self.note_standing(side, Some(from));
            return;
        }
        for d in 0..4 {
            if let Some(n) = neighbour(from, d) {
                if n != to && !adjacent(n, to) {
                    if let Some(e) = revealed_enemy(self, n, side) {
                        clue = clue.fled(e);
                    }
                }
            }
            if let Some(n) = neighbour(to, d) {
                if n != from {
                    if let Some(e) = revealed_enemy(self, n, side) {
                        clue = clue.faced(e);
                    }
                }
            }
        }
        self.set_clue(from, Clue::NONE);
        self.set_clue(to, clue);
        self.note_standing(side, Some(from));
    }

    /// The side `side` has moved (the piece that moved stood on `moved`,
    /// if any): each of its hidden pieces that had moved before and stands
    /// beside the revealed enemy piece that just stepped next to it, and
    /// did not step away, faced it.
    pub(crate) fn note_standing(&mut self, side: Player, moved: Option<Square>) {
        let Some(last) = self.two[side.other().index()] else {
            return;
        };
        let Some(enemy) = revealed_enemy(self, last.to, side) else {
            return;
        };
        for d in 0..4 {
            let Some(n) = neighbour(last.to, d) else {
                continue;
            };
            if Some(n) == moved || n == last.from {
                continue;
            }
            let Some(p) = self.board[n.index()] else {
                continue;
            };
            if p.colour() == side && !p.is_revealed() && p.has_moved() {
                let c = self.clues[n.index()].faced(enemy);
                self.set_clue(n, c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_keep_the_strongest_faced_and_the_weakest_fled() {
        let c = Clue::NONE.faced(Rank::Captain).faced(Rank::Scout);
        assert_eq!(c.bold(), Some(Rank::Captain));
        let c = c.faced(Rank::Marshal);
        assert_eq!(c.bold(), Some(Rank::Marshal));
        assert_eq!(c.shy(), None);
        let c = c.fled(Rank::General).fled(Rank::Major).fled(Rank::Colonel);
        assert_eq!(c.shy(), Some(Rank::Major));
        assert_eq!(c.bold(), Some(Rank::Marshal));
        assert_eq!(Clue::NONE.fled(Rank::Spy).shy(), Some(Rank::Spy));
        for s in 1..=10 {
            let r = rank_of_strength(s).unwrap();
            assert_eq!(strength(r), s);
        }
    }
}
