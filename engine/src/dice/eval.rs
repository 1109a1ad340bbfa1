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

use super::bitboard::{anti_mask, col_mask, coords, diag_mask, row_mask};
use super::position::{Dice, DiceMove};

/// Scale of the squashing `10 d / (|d| + K)`: the checker difference at
/// which the evaluation reaches half the bound.
const SQUASH: f64 = 10.0;

impl Dice {
    /// Twelve times the usable-checker score of `p` (twelfths keep the 1/2,
    /// 1/3 and 1/4 weights of squares on 2, 3 or 4 lines exact).
    pub fn usable_score12(&self, p: Player) -> u32 {
        self.usable_scores12()[p.index()]
    }

    /// [`Dice::usable_score12`] of both players in one pass.
    ///
    /// Summed per line class rather than per line: with `rows` the union of
    /// a player's usable rows (and likewise columns and diagonals), a
    /// checker's usable-line count is how many of those unions contain it,
    /// so the score takes a few popcounts instead of one per line.
    pub fn usable_scores12(&self) -> [u32; 2] {
        let m = self.size;
        let [c, r] = self.checkers;
        let (diag, anti) = (diag_mask(m), anti_mask(m));
        // Usable rows / columns of each player: lines without enemy checkers.
        let (mut rows, mut cols) = ([0u128; 2], [0u128; 2]);
        let mut row = row_mask(m, 0);
        let mut col = col_mask(m, 0);
        for _ in 0..m {
            rows[0] |= if row & r == 0 { row } else { 0 };
            rows[1] |= if row & c == 0 { row } else { 0 };
            cols[0] |= if col & r == 0 { col } else { 0 };
            cols[1] |= if col & c == 0 { col } else { 0 };
            row <<= m;
            col <<= 1;
        }
        let on_both = diag & anti;
        let on_one = (diag | anti) & !on_both;
        let mut out = [0u32; 2];
        for (i, (own, opp)) in [(c, r), (r, c)].into_iter().enumerate() {
            let diags =
                (if diag & opp == 0 { diag } else { 0 }) | (if anti & opp == 0 { anti } else { 0 });
            let own2 = own & !(diag | anti);
            let own3 = own & on_one;
            // A square on one diagonal is counted once by the diagonal union.
            let mut total = 6 * ((own2 & rows[i]).count_ones() + (own2 & cols[i]).count_ones())
                + 4 * ((own3 & rows[i]).count_ones()
                    + (own3 & cols[i]).count_ones()
                    + (own3 & diags).count_ones());
            // The centre of an odd board lies on both diagonals (weight 1/4).
            let centre = own & on_both;
            if centre != 0 {
                let lines = u32::from(rows[i] & centre != 0)
                    + u32::from(cols[i] & centre != 0)
                    + u32::from(diag & opp == 0)
                    + u32::from(anti & opp == 0);
                total += 3 * lines;
            }
            out[i] = total;
        }
        out
    }

    /// The evaluation of the chapter, from the side to move's point of view,
    /// strictly inside (-10, 10).
    pub fn evaluate(&self) -> Value {
        let scores = self.usable_scores12();
        let me = scores[self.to_move.index()] as f64;
        let them = scores[self.to_move.other().index()] as f64;
        let d = (me - them) / 12.0;
        10.0 * d / (d.abs() + SQUASH)
    }

    /// A static ordering score for placing a checker of the side to move on
    /// `mv`: completing a line first, then blocking an opponent line that is
    /// one short, then building on open lines and blocking open enemy lines.
    pub fn move_order_score(&self, mv: DiceMove) -> i32 {
        let m = self.size;
        let sq = mv.0;
        let (r, c) = coords(m, sq);
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
