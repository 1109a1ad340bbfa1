//! Dice evaluation (Schadd et al., "Dice Engine") and static move ordering.
//!
//! The chapter's evaluation "counts the number of checkers which can be used
//! for forming lines of size m. Checkers which are fully blocked by the
//! opponent are not counted. Partially blocked checkers get a lower value."
//! We make that precise: a line is *usable* by a player while it holds no
//! opponent checker, and a checker is worth the fraction of the lines through
//! it (row, column, and the long diagonals it lies on) that are usable. So a
//! checker with every line open is worth 1, a fully blocked one 0.
//!
//! The difference d (side to move minus opponent, in checkers) is mapped
//! into the open interval (-10, 10) by `10 d / (|d| + 10)`: monotone, about
//! one point per checker near 0, and never reaching the bound (|d| <= 121).
//! The chapter's random factor (1/10 checker) is left out: a heuristic here
//! is a pure function of the position; match code can add noise itself.

use crate::game::{Player, Value};

use super::bitboard::{anti_mask, col_mask, diag_mask, full_mask, row_mask};
use super::position::{Dice, DiceMove};

/// Scale of the squashing `10 d / (|d| + K)`: the checker difference at
/// which the evaluation reaches half the bound.
const SQUASH: f64 = 10.0;

impl Dice {
    /// Twelve times the usable-checker score of `p` (twelfths keep the 1/2,
    /// 1/3 and 1/4 weights of squares on 2, 3 or 4 lines exact).
    pub fn usable_score12(&self, p: Player) -> u32 {
        let m = self.size;
        let own = self.checkers[p.index()];
        let opp = self.checkers[p.other().index()];
        let diags = diag_mask(m) | anti_mask(m);
        let deg4 = diag_mask(m) & anti_mask(m);
        let deg3 = diags & !deg4;
        let deg2 = full_mask(m) & !diags;
        let (own2, own3, own4) = (own & deg2, own & deg3, own & deg4);
        let line = |mask: u128| -> u32 {
            if mask & opp != 0 {
                return 0;
            }
            6 * (mask & own2).count_ones()
                + 4 * (mask & own3).count_ones()
                + 3 * (mask & own4).count_ones()
        };
        let mut total = line(diag_mask(m)) + line(anti_mask(m));
        for i in 0..m {
            total += line(row_mask(m, i)) + line(col_mask(m, i));
        }
        total
    }

    /// The evaluation of the chapter, from the side to move's point of view,
    /// strictly inside (-10, 10).
    pub fn evaluate(&self) -> Value {
        let me = self.usable_score12(self.to_move) as f64;
        let them = self.usable_score12(self.to_move.other()) as f64;
        let d = (me - them) / 12.0;
        10.0 * d / (d.abs() + SQUASH)
    }

    /// A static ordering score for placing a checker of the side to move on
    /// `mv`: completing a line first, then blocking an opponent line that is
    /// one short, then building on open lines and blocking open enemy lines.
    pub fn move_order_score(&self, mv: DiceMove) -> i32 {
        let m = self.size;
        let sq = mv.0;
        let (r, c) = (sq / m, sq % m);
        let own = self.checkers[self.to_move.index()];
        let opp = self.checkers[self.to_move.other().index()];
        let mut score = 0i32;
        let mut add = |mask: u128| {
            let mine = (mask & own).count_ones() as i32;
            let theirs = (mask & opp).count_ones() as i32;
            if theirs == 0 {
                score += if mine == m as i32 - 1 {
                    1_000_000
                } else {
                    (mine + 1) * (mine + 1)
                };
            }
            if mine == 0 {
                score += if theirs == m as i32 - 1 {
                    100_000
                } else {
                    theirs * theirs
                };
            }
        };
        add(row_mask(m, r));
        add(col_mask(m, c));
        if r == c {
            add(diag_mask(m));
        }
        if r + c == m - 1 {
            add(anti_mask(m));
        }
        score
    }

    /// Sorts `moves` best first by [`Dice::move_order_score`] (no allocation;
    /// deterministic for a given input order).
    pub fn order_moves(&self, moves: &mut [DiceMove]) {
        moves.sort_unstable_by_key(|&mv| std::cmp::Reverse(self.move_order_score(mv)));
    }
}
