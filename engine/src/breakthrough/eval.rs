//! (Chance)Breakthrough evaluation (Schadd et al., "ChanceBreakthrough
//! Engine") and static move ordering.
//!
//! 200 points per piece plus 50 points per row of the most advanced piece
//! (rows counted from the own back rank), side to move minus opponent,
//! clamped into (-1500, 1500) as the chapter bounds it. The chapter's random
//! factor (5 points) is left out: a heuristic here is a pure function.

use crate::game::{Player, Value};

use super::position::{Breakthrough, BreakthroughMove};

const PIECE: i32 = 200;
const ROW: i32 = 50;
/// Largest heuristic magnitude: one point inside the bound.
const CLAMP: i32 = 1499;

impl Breakthrough {
    /// How many rows `p`'s most advanced piece is from `p`'s back rank.
    pub fn advancement(&self, p: Player) -> u8 {
        let bb = self.pieces[p.index()];
        if bb == 0 {
            return 0;
        }
        match p {
            Player::First => (63 - bb.leading_zeros()) as u8 >> 3,
            Player::Second => self.rows - 1 - (bb.trailing_zeros() as u8 >> 3),
        }
    }

    /// The unclamped material + progress score of `p`.
    pub fn score(&self, p: Player) -> i32 {
        PIECE * self.pieces[p.index()].count_ones() as i32 + ROW * self.advancement(p) as i32
    }

    /// The chapter's evaluation from the side to move's point of view,
    /// strictly inside (-1500, 1500).
    pub fn evaluate(&self) -> Value {
        let d = self.score(self.to_move) - self.score(self.to_move.other());
        d.clamp(-CLAMP, CLAMP) as Value
    }

    /// A static ordering score: a step onto the far rank first, then
    /// captures, then steps by how far forward they land; `roll` scores by
    /// the material balance (it is more attractive when behind).
    pub fn move_order_score(&self, mv: BreakthroughMove) -> i32 {
        let p = self.to_move;
        match mv {
            BreakthroughMove::Step { from: _, to } => {
                let progress = self.progress(to);
                if progress == self.rows as i32 - 1 {
                    return 1_000_000;
                }
                (if self.captures(to) { 10_000 } else { 0 }) + progress
            }
            BreakthroughMove::Roll => {
                let mine = self.pieces[p.index()].count_ones() as i32;
                let theirs = self.pieces[p.other().index()].count_ones() as i32;
                if theirs > mine {
                    5_000
                } else {
                    -1
                }
            }
        }
    }

    /// Whether `mv` is sharp: a capture, a step to the last two ranks (a
    /// win, or a threat of one) or a roll (a gamble on chance). Late move
    /// reductions leave such moves at full depth.
    pub fn is_sharp(&self, mv: BreakthroughMove) -> bool {
        match mv {
            BreakthroughMove::Step { from: _, to } => {
                self.progress(to) >= self.rows as i32 - 2 || self.captures(to)
            }
            BreakthroughMove::Roll => true,
        }
    }

    /// How many rows square `to` lies ahead of the side to move's home row.
    #[inline]
    fn progress(&self, to: u8) -> i32 {
        let row = (to >> 3) as i32;
        if self.to_move == Player::First {
            row
        } else {
            self.rows as i32 - 1 - row
        }
    }

    /// Whether a step of the side to move to `to` captures.
    #[inline]
    fn captures(&self, to: u8) -> bool {
        self.pieces[self.to_move.other().index()] & (1u64 << to) != 0
    }

    /// Sorts `moves` best first by [`Breakthrough::move_order_score`] (no
    /// allocation; deterministic for a given input order).
    pub fn order_moves(&self, moves: &mut [BreakthroughMove]) {
        moves.sort_unstable_by_key(|&mv| std::cmp::Reverse(self.move_order_score(mv)));
    }
}
