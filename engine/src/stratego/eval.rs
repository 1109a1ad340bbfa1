//! The reference heuristic: Schadd's Stratego evaluation (ChanceProbCut
//! chapter, "Stratego Engine", Table 5.1), from the side to move's view.
//!
//! - Material with Table 5.1 values: Spy 100 (10 once the opponent's Marshal
//!   is captured), Scout 10, Miner 100*, Sergeant 20, Lieutenant 50,
//!   Captain 100, Major 140, Colonel 175, General 300, Marshal 400, Bomb 75.
//!   The Flag (1,000) is left out: both sides have theirs until the game is
//!   decided, and decided games are scored by the search, not here.
//! - Miner (*): the chapter lets it range from 10 to 200 depending on the
//!   bombs and the number of Miners left (after De Boer). Here: 10 when the
//!   opponent has no Bomb left, else 100 with three or more Miners, 150 with
//!   two, 200 with the last one.
//! - Square importance up to 50 points: movable pieces gain
//!   `50 * (rows advanced / 9)^2`, which both brings them closer to the
//!   opponent's Flag and keeps his pieces away from one's own. The Flag's
//!   square itself is not used, so that a view (where it is unknown) and the
//!   true game are scored alike.
//! - Hidden information: 30% of its value for each piece whose rank the
//!   opponent does not know.
//! - An unknown piece (in a view) counts the expected value over the pool of
//!   its colour (movable ranks only when it has moved), plus the 30% bonus.
//! - The non-capture counter: Schadd lowers the score by a point for every
//!   two moves without a capture; here the lead is lowered (`progress.rs`),
//!   and a Flag the evaluator knows is defended against intruders.
//! - Going for the Flag (`hunt.rs`): once the opponent's movable army
//!   thins out, a side's nearest Miner is pulled towards the opponent's
//!   likeliest Flag (up to 40 points).
//! - Left out: EBQS and the random factor (searches may add their own noise).
//!
//! - At a chance node (a pending battle) the board is scored as it stands,
//!   the attacker still on its square; searches expand chance nodes rather
//!   than evaluate them.
//!
//! The raw difference `D` is in Table 5.1 units (a Scout is 10). It is kept
//! exact for `|D| <= 500` and compressed smoothly beyond, so the result lies
//! strictly inside (-1000, 1000): `500 + 499 * (1 - exp(-(|D| - 500) / 499))`.

use super::bits::Squares;
use super::chance::Pool;
use super::position::{tally_slot, Stratego, TALLY_SLOTS, UNKNOWN_MOVED, UNKNOWN_UNMOVED};
use super::rank::{Rank, RANK_COUNT};
use super::square::SIZE;
use crate::game::{Player, Value};

/// Table 5.1 values (Miner and Spy are adjusted in [`Stratego::piece_values`]).
pub const TABLE_5_1: [i32; RANK_COUNT] = [400, 300, 175, 140, 100, 50, 20, 100, 10, 100, 75, 1000];

/// Share of a piece's value granted while its rank is hidden (30%).
const HIDDEN_BONUS: f64 = 0.3;

/// Maximum bonus for square importance.
const SQUARE_BONUS: f64 = 50.0;

/// Per colour and row: rows advanced from the colour's home row, over 9.
const ADVANCE: [[f64; SIZE]; 2] = {
    let mut t = [[0.0; SIZE]; 2];
    let mut row = 0;
    while row < SIZE {
        t[0][row] = row as f64 / 9.0;
        t[1][row] = (SIZE - 1 - row) as f64 / 9.0;
        row += 1;
    }
    t
};

/// Per colour and row: the square bonus of a piece that surely moves,
/// `1.0 * SQUARE_BONUS * adv * adv`. Computed at compile time with the
/// run-time operations in the same order (const evaluation of `f64`
/// arithmetic is IEEE exact, and `1.0 * x == x`), so a lookup gives the same
/// bits as the formula.
const MOVABLE_BONUS: [[f64; SIZE]; 2] = {
    let mut t = [[0.0; SIZE]; 2];
    let mut c = 0;
    while c < 2 {
        let mut row = 0;
        while row < SIZE {
            let adv = ADVANCE[c][row];
            t[c][row] = SQUARE_BONUS * adv * adv;
            row += 1;
        }
        c += 1;
    }
    t
};

/// Movability classes of a tally slot: offsets of their rows in the flat
/// per-row bonus table of [`SideTables`].
const NEVER_MOVES: usize = 0;
const SURELY_MOVES: usize = SIZE;
const MAYBE_MOVES: usize = 2 * SIZE;

impl Stratego {
    /// The value of each rank for `colour`'s pieces in this position
    /// (Table 5.1 with the Spy and Miner rules, Flag 0).
    pub fn piece_values(&self, colour: Player) -> [f64; RANK_COUNT] {
        let mut v = [0.0; RANK_COUNT];
        for r in Rank::ALL {
            v[r.index()] = TABLE_5_1[r.index()] as f64;
        }
        v[Rank::Flag.index()] = 0.0;
        let opp = colour.other();
        if self.captured[opp.index()][Rank::Marshal.index()] > 0 {
            v[Rank::Spy.index()] = 10.0;
        }
        let opp_bombs_captured = self.captured[opp.index()][Rank::Bomb.index()];
        let opp_bombs_total = super::rank::army(self.config.variant)[Rank::Bomb.index()];
        let miners_left = self.pieces_left(colour, Rank::Miner);
        v[Rank::Miner.index()] = if opp_bombs_captured >= opp_bombs_total {
            10.0
        } else {
            match miners_left {
                0 | 1 => 200.0,
                2 => 150.0,
                _ => 100.0,
            }
        };
        v
    }

    /// Pieces of `rank` and `colour` not captured (on the board, known or not).
    fn pieces_left(&self, colour: Player, rank: Rank) -> u8 {
        super::rank::army(self.config.variant)[rank.index()]
            .saturating_sub(self.captured[colour.index()][rank.index()])
    }

    /// What `colour`'s pieces are worth in this position, per tally slot and
    /// row: everything of the score that does not depend on the board.
    fn side_tables(&self, colour: Player) -> SideTables {
        let values = self.piece_values(colour);
        // Per tally slot: the piece's value and whether it can move (it earns
        // the square bonus only then; an unmoved unknown may or may not).
        let mut value = [0.0; TALLY_SLOTS];
        let mut class = [NEVER_MOVES; TALLY_SLOTS];
        for r in Rank::ALL {
            value[r.index()] = values[r.index()];
            if r.is_movable() {
                class[r.index()] = SURELY_MOVES;
            }
        }
        // Per movability class and row (class offset + row): the square bonus.
        let mut bonus = [0.0; 3 * SIZE];
        bonus[SURELY_MOVES..SURELY_MOVES + SIZE].copy_from_slice(&MOVABLE_BONUS[colour.index()]);
        let tally = &self.tally[colour.index()];
        if tally[UNKNOWN_UNMOVED] > 0 || tally[UNKNOWN_MOVED] > 0 {
            let (all, moved, p_movable) = pool_means(&self.pool(colour), &values);
            value[UNKNOWN_UNMOVED] = all;
            class[UNKNOWN_UNMOVED] = MAYBE_MOVES;
            value[UNKNOWN_MOVED] = moved;
            class[UNKNOWN_MOVED] = SURELY_MOVES;
            for (b, adv) in bonus[MAYBE_MOVES..].iter_mut().zip(ADVANCE[colour.index()]) {
                *b = p_movable * SQUARE_BONUS * adv * adv;
            }
        }
        let hidden = value.map(|v| HIDDEN_BONUS * v);
        SideTables {
            value,
            hidden,
            class,
            bonus,
        }
    }

    /// The raw evaluation difference (side to move minus opponent): the
    /// material + position + information score of each colour plus its
    /// pull towards the opponent's Flag (`hunt.rs`) less the threat to its
    /// Flag, raw units, with the drive to make progress
    /// applied (`progress.rs`).
    ///
    /// Hot: it runs at every leaf of a search. Everything that depends only
    /// on a piece's `tally_slot` and row is tabulated once per colour, so
    /// the per-piece work is a few lookups and three additions, without
    /// branches. Each colour's terms are added one by one in square order,
    /// as a plain loop over its pieces would, so that the floating-point
    /// result never depends on how the loop is organised; the two colours'
    /// sums are independent chains walked side by side in one pass, which
    /// lets the processor overlap their additions. Where such a loop adds
    /// nothing (a revealed piece's hidden bonus, an immovable piece's square
    /// bonus) this one adds `+0.0`, which leaves the score's bits unchanged:
    /// the score starts at `+0.0` and every term is `>= 0`, so it is never
    /// `-0.0`.
    pub fn raw_eval(&self) -> f64 {
        let tables = [
            self.side_tables(Player::First),
            self.side_tables(Player::Second),
        ];
        let term = |t: &SideTables, i: usize, score: &mut f64| {
            let Some(&Some(p)) = self.board.get(i) else {
                return;
            };
            let slot = tally_slot(p);
            *score += t.value[slot];
            *score += if p.is_revealed() { 0.0 } else { t.hidden[slot] };
            *score += t.bonus[t.class[slot] + i / SIZE];
        };
        let (mut first, mut second) = (
            Squares::new(self.occ[Player::First.index()]),
            Squares::new(self.occ[Player::Second.index()]),
        );
        let mut score = [0.0f64; 2];
        let [s0, s1] = &mut score;
        loop {
            match (first.next(), second.next()) {
                (Some(a), Some(b)) => {
                    term(&tables[0], a, s0);
                    term(&tables[1], b, s1);
                }
                (Some(a), None) => {
                    term(&tables[0], a, s0);
                    first.for_each(|a| term(&tables[0], a, s0));
                    break;
                }
                (None, Some(b)) => {
                    term(&tables[1], b, s1);
                    second.for_each(|b| term(&tables[1], b, s1));
                    break;
                }
                (None, None) => break,
            }
        }
        for colour in [Player::First, Player::Second] {
            score[colour.index()] += self.flag_hunt(colour);
            score[colour.index()] -= self.flag_threat(colour);
        }
        let d = score[self.side.index()] - score[self.side.other().index()];
        super::progress::apply_drive(d, self.quiet)
    }

    /// The heuristic value strictly inside (-1000, 1000) (see module doc).
    pub fn evaluate(&self) -> Value {
        squash(self.raw_eval())
    }
}

/// One colour's per-slot and per-row score tables (see
/// [`Stratego::raw_eval`]).
struct SideTables {
    value: [f64; TALLY_SLOTS],
    hidden: [f64; TALLY_SLOTS],
    class: [usize; TALLY_SLOTS],
    bonus: [f64; 3 * SIZE],
}

/// Mean value over the whole pool, over its movable ranks, and the share of
/// movable ranks in it.
fn pool_means(pool: &Pool, values: &[f64; RANK_COUNT]) -> (f64, f64, f64) {
    let (mut s_all, mut n_all, mut s_mov, mut n_mov) = (0.0, 0.0, 0.0, 0.0);
    for r in Rank::ALL {
        let n = pool.counts[r.index()] as f64;
        s_all += n * values[r.index()];
        n_all += n;
        if r.is_movable() {
            s_mov += n * values[r.index()];
            n_mov += n;
        }
    }
    let mean = |s: f64, n: f64| if n > 0.0 { s / n } else { 0.0 };
    (mean(s_all, n_all), mean(s_mov, n_mov), mean(n_mov, n_all))
}

/// Exact up to 500, then compressed toward (but never reaching) 999.
pub fn squash(d: f64) -> f64 {
    if !d.is_finite() {
        return 0.0;
    }
    let a = d.abs();
    let v = if a <= 500.0 {
        a
    } else {
        500.0 + 499.0 * (1.0 - (-(a - 500.0) / 499.0).exp())
    };
    v.min(999.0).copysign(d)
}

#[cfg(test)]
mod tests {
    use super::super::square::SQUARES;
    use super::*;

    #[test]
    fn square_tables_equal_the_formula_bit_for_bit() {
        for (c, colour) in [Player::First, Player::Second].into_iter().enumerate() {
            for i in 0..SQUARES {
                let row = i / 10;
                let adv = match colour {
                    Player::First => row,
                    Player::Second => 9 - row,
                } as f64
                    / 9.0;
                assert_eq!(ADVANCE[c][row].to_bits(), adv.to_bits());
                let m: f64 = std::hint::black_box(1.0);
                let runtime = m * SQUARE_BONUS * adv * adv;
                assert_eq!(MOVABLE_BONUS[c][row].to_bits(), runtime.to_bits());
            }
        }
    }

    #[test]
    fn squash_is_monotone_and_bounded() {
        let mut last = -1000.0;
        for i in -100..=100 {
            let d = i as f64 * 100.0;
            let v = squash(d);
            assert!(v > -1000.0 && v < 1000.0);
            assert!(v >= last);
            last = v;
        }
        assert_eq!(squash(123.0), 123.0);
        assert_eq!(squash(-500.0), -500.0);
        assert!(squash(1e12) < 1000.0);
    }
}
