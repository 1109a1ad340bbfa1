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
//! Both players' scores live in the position and `play` updates them from
//! the 2 to 4 lines through the new checker, so evaluating is a subtraction
//! (the search evaluates at almost every leaf; a from-scratch count cost
//! about five times the rest of a node).
//!
//! The difference d (side to move minus opponent, in checkers) is mapped
//! into the open interval (-10, 10) by `10 d / (|d| + 10)`: monotone, about
//! one point per checker near 0, and never reaching the bound (|d| <= 121).
//! The chapter's random factor (1/10 checker) is left out: a heuristic here
//! is a pure function of the position; match code can add noise itself.

use crate::game::{Player, Value};

use super::bitboard::{anti_mask, col_mask, coords, diag_mask, row_mask};
use super::position::{Dice, DiceMove, NO_ROLL};

/// The summed weight (in twelfths) of the checkers `bits` on one line: 6 for
/// a square on 2 lines, 4 on 3 lines (one diagonal), 3 on 4 (the centre).
#[inline]
fn line_weight12(m: u8, bits: u128) -> u32 {
    if bits == 0 {
        return 0;
    }
    let (diag, anti) = (diag_mask(m), anti_mask(m));
    6 * bits.count_ones()
        - 2 * (bits & (diag | anti)).count_ones()
        - u32::from(bits & diag & anti != 0)
}

/// Scale of the squashing `10 d / (|d| + K)`: the checker difference at
/// which the evaluation reaches half the bound.
const SQUASH: f64 = 10.0;

impl Dice {
    /// Twelve times the usable-checker score of `p` (twelfths keep the 1/2,
    /// 1/3 and 1/4 weights of squares on 2, 3 or 4 lines exact), as kept
    /// incrementally by `play`.
    #[inline]
    pub fn usable_score12(&self, p: Player) -> u32 {
        self.scores12[p.index()] as u32
    }

    /// Both players' scores computed from scratch (parsing uses it; tests
    /// compare it with the incremental [`Dice::usable_score12`]).
    ///
    /// Summed per line: the score is the sum, over the lines a player can
    /// still use, of the weights of his checkers on them, where a checker on
    /// d lines weighs 12/d.
    pub fn usable_scores12(&self) -> [u32; 2] {
        let m = self.size;
        let [c, r] = self.checkers;
        let mut out = [0u32; 2];
        let mut add = |line: u128| {
            if line & r == 0 {
                out[0] += line_weight12(m, line & c);
            }
            if line & c == 0 {
                out[1] += line_weight12(m, line & r);
            }
        };
        for i in 0..m {
            add(row_mask(m, i));
            add(col_mask(m, i));
        }
        add(diag_mask(m));
        add(anti_mask(m));
        out
    }

    /// Updates the kept scores for `p` placing a checker on `sq` (called
    /// before the checker is set). Only the 2 to 4 lines through `sq` change:
    /// `p` gains the new checker's weight on each line it can still use, and
    /// a line that held no `p` checker is now lost to the opponent, who
    /// loses the weight of his checkers on it.
    ///
    /// Returns whether the checker completes one of those lines for `p`: the
    /// win test needs the same lines, so `play` visits them only once.
    #[inline]
    pub(super) fn update_scores(&mut self, p: Player, sq: u8) -> bool {
        let m = self.size;
        let own = self.checkers[p.index()];
        let opp = self.checkers[p.other().index()];
        let after = own | crate::bitset::bit(usize::from(sq));
        let (r, c) = coords(m, sq);
        let on_diag = r == c;
        let on_anti = r + c == m - 1;
        let w = 12 / (2 + u32::from(on_diag) + u32::from(on_anti));
        let (mut gain, mut loss, mut completed) = (0u32, 0u32, false);
        let mut line = |mask: u128| {
            if mask & opp == 0 {
                gain += w;
                completed |= after & mask == mask;
            } else if mask & own == 0 {
                loss += line_weight12(m, mask & opp);
            }
        };
        line(row_mask(m, r));
        line(col_mask(m, c));
        if on_diag {
            line(diag_mask(m));
        }
        if on_anti {
            line(anti_mask(m));
        }
        self.scores12[p.index()] += gain as u16;
        self.scores12[p.other().index()] -= loss as u16;
        completed
    }

    /// The evaluation of the chapter, from the side to move's point of view,
    /// strictly inside (-10, 10).
    #[inline]
    pub fn evaluate(&self) -> Value {
        let me = self.scores12[self.to_move.index()] as f64;
        let them = self.scores12[self.to_move.other().index()] as f64;
        let d = (me - them) / 12.0;
        10.0 * d / (d.abs() + SQUASH)
    }

    /// A static ordering score for placing a checker of the side to move on
    /// `mv`: completing a line first, then blocking an opponent line that is
    /// one short, then building on open lines and blocking open enemy lines.
    pub fn move_order_score(&self, mv: DiceMove) -> i32 {
        self.line_scores(mv, false)
    }

    /// [`Dice::move_order_score`] less the rolled line's share, the same
    /// for every move of the roll (they all lie on it): the same order of
    /// a decision node's moves for about half the work. The search's hint.
    #[inline]
    pub fn roll_order_score(&self, mv: DiceMove) -> i32 {
        self.line_scores(mv, self.roll != NO_ROLL)
    }

    /// The ordering score summed over the lines through `mv`, the line of
    /// the player's roll (its column for the first player, its row for the
    /// second) left out when `skip_rolled`.
    #[inline]
    fn line_scores(&self, mv: DiceMove, skip_rolled: bool) -> i32 {
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
        let first = self.to_move == Player::First;
        if !skip_rolled || first {
            add(row_mask(m, r));
        }
        if !skip_rolled || !first {
            add(col_mask(m, c));
        }
        if r == c {
            add(diag_mask(m));
        }
        if r + c == m - 1 {
            add(anti_mask(m));
        }
        score
    }

    /// Whether placing on `mv` completes a line of the side to move or
    /// blocks an opponent line one checker short: late move reductions
    /// leave such moves at full depth.
    pub fn is_forcing(&self, mv: DiceMove) -> bool {
        let m = self.size;
        let (r, c) = coords(m, mv.0);
        let own = self.checkers[self.to_move.index()];
        let opp = self.checkers[self.to_move.other().index()];
        let short = u32::from(m) - 1;
        let forcing = |mask: u128| {
            let (mine, theirs) = ((mask & own).count_ones(), (mask & opp).count_ones());
            (theirs == 0 && mine == short) || (mine == 0 && theirs == short)
        };
        forcing(row_mask(m, r))
            || forcing(col_mask(m, c))
            || (r == c && forcing(diag_mask(m)))
            || (r + c == m - 1 && forcing(anti_mask(m)))
    }

    /// Sorts `moves` best first by [`Dice::move_order_score`] (no allocation;
    /// deterministic for a given input order).
    pub fn order_moves(&self, moves: &mut [DiceMove]) {
        moves.sort_unstable_by_key(|&mv| std::cmp::Reverse(self.move_order_score(mv)));
    }
}
