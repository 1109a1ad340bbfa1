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
use super::position::{line_index, Dice, DiceMove, ANTI_LINE, DIAG_LINE, NO_ROLL};

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

/// The ordering score of one line through the square a checker would go
/// on, by board size, the mover's checkers and the opponent's checkers on
/// it: building on a line the opponent has not entered ((mine + 1)^2, or
/// 1,000,000 when the checker completes it), blocking one the mover has not
/// entered (theirs^2, or 100,000 when the opponent is one checker short).
static LINE_ORDER: [[[i32; 12]; 12]; 12] = {
    let mut t = [[[0i32; 12]; 12]; 12];
    let mut m = 1;
    while m < 12 {
        let mut mine = 0;
        while mine < 12 {
            let mut theirs = 0;
            while theirs < 12 {
                let mut score = 0;
                if theirs == 0 {
                    score += if mine + 1 == m {
                        1_000_000
                    } else {
                        (mine + 1) * (mine + 1)
                    };
                }
                if mine == 0 {
                    score += if theirs + 1 == m {
                        100_000
                    } else {
                        theirs * theirs
                    };
                }
                t[m as usize][mine as usize][theirs as usize] = score;
                theirs += 1;
            }
            mine += 1;
        }
        m += 1;
    }
    t
};

/// Scale of the squashing `10 d / (|d| + K)`: the checker difference at
/// which the evaluation reaches half the bound.
const SQUASH: f64 = 10.0;

/// The evaluation of a score difference `diff` (side to move minus
/// opponent, in twelfths of a checker): `10 d / (|d| + K)` with `d` the
/// difference in checkers (module doc).
const fn squash(diff: i32) -> Value {
    let d = diff as f64 / 12.0;
    10.0 * d / (d.abs() + SQUASH)
}

/// The largest score in twelfths: every checker of the largest board
/// (11x11) worth a whole checker.
const MAX_SCORE12: i32 = 12 * 121;

/// [`squash`] of every score difference from `-MAX_SCORE12` to
/// `MAX_SCORE12` (index `diff + MAX_SCORE12`), worked out when the engine
/// is compiled. The search evaluates at nearly every leaf, and the two
/// divisions, one waiting for the other, were about a tenth of a Dice
/// search's time (a profile of the 11x11 set at depth 4); a read of the
/// table (the differences met in a game are a few hundred entries of it)
/// is a few cycles. The compiler's constant evaluation rounds as the
/// processor does, so the values are the same bits as computed at the leaf
/// (tested for every entry), and the searches the same node for node.
static SQUASHED: [Value; 2 * MAX_SCORE12 as usize + 1] = {
    let mut t = [0.0; 2 * MAX_SCORE12 as usize + 1];
    let mut i = 0;
    while i < t.len() {
        t[i] = squash(i as i32 - MAX_SCORE12);
        i += 1;
    }
    t
};

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
    /// win test needs the same lines, so `play` visits them only once. The
    /// line counts ([`Dice::lines`]) say which lines are open; they are
    /// updated here too.
    #[inline]
    pub(super) fn update_scores(&mut self, p: Player, sq: u8) -> bool {
        let m = self.size;
        let opp = self.checkers[p.other().index()];
        let (r, c) = coords(m, sq);
        let on_diag = r == c;
        let on_anti = r + c == m - 1;
        let w = 12 / (2 + u32::from(on_diag) + u32::from(on_anti));
        let (mut gain, mut loss, mut completed) = (0u32, 0u32, false);
        let (mine, theirs) = self.lines.split_at_mut(1);
        let (own, other) = match p {
            Player::First => (&mut mine[0], &theirs[0]),
            Player::Second => (&mut theirs[0], &mine[0]),
        };
        // Line `slot` (squares `mask`) through the new checker.
        let mut line = |slot: usize, mask: u128| {
            let n = own[slot];
            if other[slot] == 0 {
                gain += w;
                completed |= u32::from(n) + 1 == u32::from(m);
            } else if n == 0 {
                loss += line_weight12(m, mask & opp);
            }
            own[slot] = n + 1;
        };
        let (row, col) = line_index(r, c);
        line(row, row_mask(m, r));
        line(col, col_mask(m, c));
        if on_diag {
            line(DIAG_LINE, diag_mask(m));
        }
        if on_anti {
            line(ANTI_LINE, anti_mask(m));
        }
        self.scores12[p.index()] += gain as u16;
        self.scores12[p.other().index()] -= loss as u16;
        completed
    }

    /// The evaluation of the chapter, from the side to move's point of view,
    /// strictly inside (-10, 10): `10 d / (|d| + 10)` of the score
    /// difference `d` in checkers (module doc), read from a table worked
    /// out at compile time.
    #[inline]
    pub fn evaluate(&self) -> Value {
        let me = i32::from(self.scores12[self.to_move.index()]);
        let them = i32::from(self.scores12[self.to_move.other().index()]);
        let diff = me - them;
        usize::try_from(diff + MAX_SCORE12)
            .ok()
            .and_then(|i| SQUASHED.get(i))
            .copied()
            .unwrap_or_else(|| squash(diff))
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
    #[inline(always)]
    fn line_scores(&self, mv: DiceMove, skip_rolled: bool) -> i32 {
        let m = self.size;
        let (r, c) = coords(m, mv.0);
        let own = &self.lines[self.to_move.index()];
        let opp = &self.lines[self.to_move.other().index()];
        let table = &LINE_ORDER[usize::from(m)];
        let add = |slot: usize| table[usize::from(own[slot])][usize::from(opp[slot])];
        let (row, col) = line_index(r, c);
        let first = self.to_move == Player::First;
        let mut score = 0;
        if !skip_rolled || first {
            score += add(row);
        }
        if !skip_rolled || !first {
            score += add(col);
        }
        if r == c {
            score += add(DIAG_LINE);
        }
        if r + c == m - 1 {
            score += add(ANTI_LINE);
        }
        score
    }

    /// Whether placing on `mv` completes a line of the side to move or
    /// blocks an opponent line one checker short: late move reductions
    /// leave such moves at full depth.
    pub fn is_forcing(&self, mv: DiceMove) -> bool {
        let m = self.size;
        let (r, c) = coords(m, mv.0);
        let own = &self.lines[self.to_move.index()];
        let opp = &self.lines[self.to_move.other().index()];
        let short = m - 1;
        let forcing = |slot: usize| {
            let (mine, theirs) = (own[slot], opp[slot]);
            (theirs == 0 && mine == short) || (mine == 0 && theirs == short)
        };
        let (row, col) = line_index(r, c);
        forcing(row)
            || forcing(col)
            || (r == c && forcing(DIAG_LINE))
            || (r + c == m - 1 && forcing(ANTI_LINE))
    }

    /// Sorts `moves` best first by [`Dice::move_order_score`] (no allocation;
    /// deterministic for a given input order).
    pub fn order_moves(&self, moves: &mut [DiceMove]) {
        moves.sort_unstable_by_key(|&mv| std::cmp::Reverse(self.move_order_score(mv)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::DiceConfig;
    use crate::game::Game;

    /// [`squash`] computed by the processor at run time, as the leaf did
    /// before the table (the table's entries come from the compiler).
    fn divided(diff: i32) -> Value {
        squash(std::hint::black_box(diff))
    }

    #[test]
    fn the_table_holds_the_very_bits_of_the_division() {
        for diff in -MAX_SCORE12..=MAX_SCORE12 {
            let i = (diff + MAX_SCORE12) as usize;
            assert_eq!(SQUASHED[i].to_bits(), divided(diff).to_bits(), "{diff}");
        }
        assert!(SQUASHED[0] > -10.0 && SQUASHED[SQUASHED.len() - 1] < 10.0);
    }

    #[test]
    fn positions_evaluate_as_the_division() {
        // The 11x11 set and every position one checker on from it.
        let set = include_str!("../../../assets/positions/dice-11x11.txt");
        let config = DiceConfig { size: 11 };
        let mut seen = 0;
        for line in set
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let pos = Dice::parse_position(&config, line).unwrap();
            let mut all = vec![pos];
            if pos.status() == crate::game::Status::Decision {
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                for m in moves {
                    let mut child = pos;
                    child.play(m);
                    all.push(child);
                }
            }
            for p in all {
                let me = i32::from(p.scores12[p.to_move.index()]);
                let them = i32::from(p.scores12[p.to_move.other().index()]);
                assert_eq!(p.evaluate().to_bits(), divided(me - them).to_bits());
                seen += 1;
            }
        }
        assert!(seen > 100, "{seen}");
    }
}
