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
//!   opponent has no Bomb left, else each Miner 116, 130, 147, 170 or 200
//!   with five, four, three, two or one left, so that every Miner lost
//!   costs more than the one before (60, 80, 100, 140, 200). Before, with
//!   100 each for three or more, 150 for two and 200 for the last, three
//!   Miners were worth what two were (300): the third-last was free to
//!   throw at a hidden piece, and in every draw of the handicap match the
//!   full side had lost all five, its opponent's Flag walled in by Bombs.
//! - Dominance: a rank stronger than every movable rank the opponent has
//!   left (a side's Marshal once the other's is gone) counts double — it
//!   fears only Bombs and the Spy, and thrown at an unmoved piece it risks
//!   more than its table value. In the handicap match (one side without
//!   its Marshal) the full side lost its Marshal in 46 of 200 games, 29
//!   times on a Bomb it attacked; with the bonus 19, 9 on Bombs. Behind a
//!   dominant rank, the side's rank equal to the opponent's strongest
//!   (the full side's General once the other's Marshal is gone) fears
//!   nothing but a trade: it counts one and a half times, so the side
//!   keeps a second guard rather than trade it away evenly (De Boer's
//!   values rise as the enemy's higher pieces go). In the 600-game
//!   handicap measure (seeds 21 and 22, 1,200 games) the full side scored
//!   91.0% against 89.3% without it, its Flag lost in 85 games against 98.
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
//!   and a Flag the evaluator knows is defended against intruders: the
//!   threat (`progress.rs`) is read as a chance of losing the game, applied
//!   to the squashed value, so it weighs the more the more a side is ahead.
//! - Trading down when ahead (ours): the raw difference is multiplied by
//!   `1 + 2 s`, `s` the share of both movable armies captured (0 at the
//!   start, 1 when only Bombs and Flags are left), so a trade of equal
//!   pieces raises the lead of the side ahead and lowers the side behind's
//!   hopes, as players trade when ahead. Zero-sum like the rest. In the
//!   handicap measure of issue 15 (the side with its Marshal against the
//!   side without, 600 games at 20,000 nodes a move with evaluation noise
//!   5, seed 21) the full side scored 82.2% without it, 84.8% with a weight
//!   of 1, 90.2% with 2 (kept) and 94.0% with 4 (but 20 games drawn by the
//!   move limit against 5 without, 9 with 2).
//! - Going for the Flag (`hunt.rs`): once the opponent's movable army
//!   thins out, a side's nearest Miner is pulled towards the opponent's
//!   likeliest Flag (up to 40 points).
//! - Hunting down the last movers (`mop_up.rs`): once the opponent has at
//!   most three movable pieces left, a side earns up to 400 points for
//!   each of them by how little room its hunters leave it and how near the
//!   nearest hunter walks, and the full 400 for each already taken — so a
//!   side ahead that cannot dig out a Flag walled in by Bombs corners the
//!   last enemy pieces instead of following them around a lake.
//! - Left out: EBQS and the random factor (searches may add their own noise).
//!
//! - At a chance node (a pending battle) the board is scored as it stands,
//!   the attacker still on its square; searches expand chance nodes rather
//!   than evaluate them.
//!
//! The raw difference `D` is in Table 5.1 units (a Scout is 10). It is kept
//! exact for `|D| <= 500` and compressed smoothly beyond, so that it lies
//! strictly inside (-1000, 1000): with `x = |D| - 500`,
//! `500 + 459 * (1 - exp(-x / 462.7)) + 40 * (1 - exp(-x / 5000))` — slope
//! 1 at 500 like the single exponential it replaced (`500 + 499 * (1 -
//! exp(-x / 499))`), and within 20 points of it up to 1,500, but with a
//! tail: that one reached 999.0 at a lead of 6,500 and 974.6 at 2,000, so
//! a side far ahead risked its Marshal (beside a piece as likely the Spy
//! as not) for a move's worth of position; the tail keeps 40 points for
//! the last stretch, so the same loss costs it 35.5 points instead of
//! 24.4.
//! - **A lone hunter** ([`Stratego::lone_hunter`], `mop_up.rs`): a side
//!   ahead whose Miners are all gone, facing a Bomb, with at most one free
//!   mover (one not shut in by its own Bombs and Flag) cannot corner the
//!   enemy's last movers — one chaser never catches a piece going round a
//!   lake — and most such games end drawn by the move limit. Its value
//!   `v` is halved ([`super::mop_up::LONE`]), so it keeps a second hunter
//!   rather than trade or risk it. Both measured together (the handicap
//!   match at 20,000 nodes with evaluation noise 5, 600 games, seed 21):
//!   the full side **90.9%** ± 2.3% (543 wins, 5 draws, 52 losses) against
//!   89.8% ± 2.4% (535, 7, 58) without (docs/stratego-strength.md).
//!
//! That value `v` then meets the threats to the two Flags: each side's
//! threat `t` (raw points, `progress.rs`) is a chance `p = min(t / 1000,
//! 0.9)` that it loses the game, so the result is `v - p_own (v + 1000) +
//! p_opp (1000 - v)` — still strictly inside (-1000, 1000). Before, the
//! threat was subtracted from `D` and so compressed with it: a side 900
//! points ahead felt an intruder beside its Flag at about half its cost,
//! though losing the Flag would cost it the most. In the handicap match
//! at 20,000 nodes (200 games, seed 11) the full side lost its Flag in 23
//! games instead of 32 and scored 85.0% instead of 82.0%.

use super::piece::Piece;
use super::position::{tally_slot, Stratego, TALLY_SLOTS, UNKNOWN_MOVED, UNKNOWN_UNMOVED};
use super::rank::{Rank, RANK_COUNT};
use super::square::SIZE;
use crate::game::{Player, Value};

/// Table 5.1 values (Miner, Spy and dominant ranks are adjusted in
/// [`Stratego::piece_values`]).
pub const TABLE_5_1: [i32; RANK_COUNT] = [400, 300, 175, 140, 100, 50, 20, 100, 10, 100, 75, 1000];

/// What a piece stronger than every movable enemy piece left (the side's
/// last Marshal once the other's is gone) is worth, in times its value.
const DOMINANT_FACTOR: u16 = 2;

/// What a side's piece of the same rank as the enemy's strongest movable
/// rank is worth, in times its value, when the side also has a dominant
/// rank (numerator, denominator): it fears nothing but a trade.
const TIE_FACTOR: (u16, u16) = (3, 2);

/// Trading down when ahead: the lead is multiplied by `1 + TRADE_WEIGHT *
/// s`, `s` the share of both movable armies captured (module doc).
const TRADE_WEIGHT: f64 = 2.0;

/// Share of a piece's value granted while its rank is hidden (30%).
const HIDDEN_BONUS: f64 = 0.3;

/// Maximum bonus for square importance.
const SQUARE_BONUS: f64 = 50.0;

/// The square bonus of a movable piece is `SQUARE_BONUS * (a / 9)^2`, `a`
/// its rows advanced from its colour's home row: this much per unit of `a^2`.
const BONUS_PER_ADVANCE_SQ: f64 = SQUARE_BONUS / 81.0;

/// Movability of a piece's [`tally_slot`]: whether it earns the square
/// bonus for sure (a movable rank, or an unknown piece that has moved), by
/// the pool's share of movable ranks (an unknown piece that has not), or
/// never (Bomb, Flag).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Movability {
    Never,
    Surely,
    Maybe,
}

const MOVABILITY: [Movability; TALLY_SLOTS] = {
    let mut t = [Movability::Surely; TALLY_SLOTS];
    t[Rank::Bomb.index()] = Movability::Never;
    t[Rank::Flag.index()] = Movability::Never;
    t[UNKNOWN_UNMOVED] = Movability::Maybe;
    t
};

/// `piece`'s share of its colour's [`Stratego::advance`] sums on square
/// index `i`: `a^2` in the slot of its movability (`[surely, maybe]`).
#[inline]
pub(super) fn advance_share(piece: Piece, i: usize) -> [u32; 2] {
    let row = i / SIZE;
    let a = match piece.colour() {
        Player::First => row,
        Player::Second => SIZE - 1 - row,
    } as u32;
    match MOVABILITY[tally_slot(piece)] {
        Movability::Never => [0, 0],
        Movability::Surely => [a * a, 0],
        Movability::Maybe => [0, a * a],
    }
}

impl Stratego {
    /// The value of each rank for `colour`'s pieces in this position
    /// (Table 5.1 with the dominance, Spy and Miner rules, Flag 0).
    pub fn piece_values(&self, colour: Player) -> [f64; RANK_COUNT] {
        self.rank_values(colour).map(f64::from)
    }

    /// [`Stratego::piece_values`] in whole numbers (up to 800), as the
    /// kept [`Material`] holds them.
    fn rank_values(&self, colour: Player) -> [u16; RANK_COUNT] {
        let mut v = TABLE_5_1.map(|x| x as u16);
        v[Rank::Flag.index()] = 0;
        let army = super::rank::army(self.config.variant);
        let left = |c: Player, i: usize| army[i] > self.captured[c.index()][i];
        let opp = colour.other();
        // A piece stronger than every movable enemy piece left fears only
        // Bombs (and the Spy): it is worth more than its rank's table value.
        let strongest = |c: Player| (0..Rank::Spy.index()).find(|&i| left(c, i));
        if let Some(top) = strongest(colour) {
            let theirs = strongest(opp).unwrap_or(Rank::Spy.index());
            for x in v.iter_mut().take(theirs).skip(top) {
                *x *= DOMINANT_FACTOR;
            }
            // Behind a dominant rank, the rank that only trades with the
            // enemy's best is unbeaten too: the side's second guard.
            if top < theirs && theirs < Rank::Spy.index() {
                v[theirs] = v[theirs] * TIE_FACTOR.0 / TIE_FACTOR.1;
            }
        }
        if self.captured[opp.index()][Rank::Marshal.index()] > 0 {
            v[Rank::Spy.index()] = 10;
        }
        let opp_bombs_captured = self.captured[opp.index()][Rank::Bomb.index()];
        let miner = Rank::Miner.index();
        let miners_left = army[miner].saturating_sub(self.captured[colour.index()][miner]);
        v[miner] = if opp_bombs_captured >= army[Rank::Bomb.index()] {
            10
        } else {
            match miners_left {
                0 | 1 => 200,
                2 => 170,
                3 => 147,
                4 => 130,
                _ => 116,
            }
        };
        v
    }

    /// Works out both colours' [`Material`] again: after a battle, a reveal
    /// or a wholesale change (`recount`), the only times it changes.
    pub(crate) fn refresh_material(&mut self) {
        for colour in [Player::First, Player::Second] {
            let material = Material::new(self, colour);
            self.material[colour.index()] = material;
        }
    }

    /// `colour`'s material, square and information score (module doc):
    /// from the counts `set` keeps per tally slot and the sums of squared
    /// rows advanced, and the piece values and pool sums kept in
    /// [`Material`], so its cost does not grow with the number of pieces
    /// (it runs at every leaf of a search).
    fn side_score(&self, colour: Player) -> f64 {
        let c = colour.index();
        let material = &self.material[c];
        let (tally, unrevealed) = (&self.tally[c], &self.unrevealed[c]);
        let worth = |slot: usize, value: f64| {
            value * (f64::from(tally[slot]) + HIDDEN_BONUS * f64::from(unrevealed[slot]))
        };
        let mut score = f64::from(material.known) + HIDDEN_BONUS * f64::from(material.hidden);
        let [surely, maybe] = self.advance[c];
        let mut advance = f64::from(surely);
        if tally[UNKNOWN_UNMOVED] > 0 || tally[UNKNOWN_MOVED] > 0 {
            let (all, moved, p_movable) = material.pool_means();
            score += worth(UNKNOWN_UNMOVED, all) + worth(UNKNOWN_MOVED, moved);
            advance += p_movable * f64::from(maybe);
        }
        score + BONUS_PER_ADVANCE_SQ * advance
    }

    /// The raw evaluation difference (side to move minus opponent): the
    /// material + position + information score of each colour plus its
    /// pull towards the opponent's Flag (`hunt.rs`) and its hunt for the
    /// opponent's last movers (`mop_up.rs`), raw units, weighted
    /// up as the armies thin out (trading down, module doc), with the
    /// drive to make progress applied (`progress.rs`). The threats to the
    /// Flags come after squashing ([`Stratego::evaluate`]).
    pub fn raw_eval(&self) -> f64 {
        let score =
            |colour: Player| self.side_score(colour) + self.flag_hunt(colour) + self.mop_up(colour);
        let d = score(self.side) - score(self.side.other());
        let [a, b] = self.material.map(|m| m.movable_captured());
        let d = d * (1.0 + TRADE_WEIGHT * (a + b) / 2.0);
        super::progress::apply_drive(d, self.quiet)
    }

    /// A key of everything [`Stratego::evaluate`] reads: the Zobrist key
    /// less the two-squares counters, which only move generation reads,
    /// and the behaviour clues, which only the opponent model reads. Two
    /// positions that differ only in those, as the same pieces reached by
    /// moves in another order often do, share their evaluation
    /// (`search/eval_cache.rs`). The position keeps it apart from the
    /// rest of the key, so it is read, not computed.
    #[inline]
    pub fn eval_key(&self) -> u64 {
        self.hash
    }

    /// The heuristic value strictly inside (-1000, 1000) (see module doc):
    /// the squashed raw difference `v` (halved when the side ahead is a
    /// lone hunter, `mop_up.rs`), then each side's Flag threat read
    /// as the chance `p` (threat / 1,000, at most 0.9) of losing the game:
    /// `v - p_own (v + 1000) + p_opp (1000 - v)`, so that a side far ahead
    /// guards its Flag the more, having the more to lose.
    pub fn evaluate(&self) -> Value {
        let v = squash(self.raw_eval());
        let (me, you) = (self.side, self.side.other());
        let v = if (v > 0.0 && self.lone_hunter(me)) || (v < 0.0 && self.lone_hunter(you)) {
            v * super::mop_up::LONE
        } else {
            v
        };
        let p = |colour: Player| {
            let t = self.flag_threat(colour);
            if t == 0.0 {
                0.0
            } else {
                (t / 1000.0).min(0.9)
            }
        };
        let (own, opp) = (p(self.side), p(self.side.other()));
        v - own * (v + 1000.0) + opp * (1000.0 - v)
    }
}

/// What a colour's pieces are worth in a position: the values of its ranks
/// and the sums behind its pool's mean values, and the share of its
/// movable army captured (the Flag hunt's phase). They change only with
/// captures and reveals, so the position keeps them
/// ([`Stratego::refresh_material`]) instead of working them out at every
/// leaf. All whole numbers, and the quotients the evaluation reads
/// (the pool's means, the share captured) worked out from them once and
/// kept as their bits: the evaluation reads exactly the values it would
/// compute, without a division at every leaf.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Material {
    /// [`Stratego::piece_values`] (whole numbers up to 800).
    values: [u16; RANK_COUNT],
    /// The pieces of movable rank in the pool.
    count_movable: u32,
    /// The colour's movable pieces captured, of its army's movable pieces.
    movable_captured: u32,
    movable_army: u32,
    /// Over its pieces of known rank on the board: the sum of their
    /// values, and of the values of those still unrevealed (what the
    /// information bonus counts). Unlike the rest these change with the
    /// tallies, so `set` keeps them too ([`Material::count`]); the
    /// evaluation reads them at every leaf.
    known: u32,
    hidden: u32,
    /// [`Material::pool_means`] and [`Material::movable_captured`], as
    /// `f64` bits (so that the struct stays `Eq` and `Hash`).
    means: [u64; 3],
    captured_share: u64,
}

impl Material {
    fn new(pos: &Stratego, colour: Player) -> Material {
        let c = colour.index();
        let values = pos.rank_values(colour);
        let army = super::rank::army(pos.config.variant);
        let (tally, unrevealed, captured) = (&pos.tally[c], &pos.unrevealed[c], &pos.captured[c]);
        let mut m = Material {
            values,
            ..Material::default()
        };
        // Over the pool: the sum of values and the count of pieces, over
        // all its ranks and over its movable ranks.
        let (mut value_all, mut count_all, mut value_movable) = (0, 0, 0);
        for (i, &v) in values.iter().enumerate() {
            let v = u32::from(v);
            // The pool (`Stratego::pool`): saturating, so an inconsistent
            // position (before the parser's checks) counts zero.
            let n = u32::from(army[i].saturating_sub(tally[i]).saturating_sub(captured[i]));
            value_all += n * v;
            count_all += n;
            if Rank::from_index(i).is_movable() {
                value_movable += n * v;
                m.count_movable += n;
                m.movable_army += u32::from(army[i]);
                m.movable_captured += u32::from(captured[i]);
            }
            m.known += u32::from(tally[i]) * v;
            m.hidden += u32::from(unrevealed[i]) * v;
        }
        let mean = |s: u32, n: u32| {
            if n > 0 {
                f64::from(s) / f64::from(n)
            } else {
                0.0
            }
        };
        m.means = [
            mean(value_all, count_all),
            mean(value_movable, m.count_movable),
            mean(m.count_movable, count_all),
        ]
        .map(f64::to_bits);
        m.captured_share = mean(m.movable_captured, m.movable_army).to_bits();
        m
    }

    /// A piece of tally slot `slot` comes on the board (`on`) or leaves
    /// it: the sums of known ranks' values follow (the unknown slots have
    /// no value of their own: the pool's means price them).
    #[inline]
    pub(crate) fn count(&mut self, slot: usize, unrevealed: bool, on: bool) {
        if let Some(&v) = self.values.get(slot) {
            let (v, h) = (u32::from(v), u32::from(unrevealed) * u32::from(v));
            if on {
                self.known += v;
                self.hidden += h;
            } else {
                self.known -= v;
                self.hidden -= h;
            }
        }
    }

    /// Mean value over the whole pool, over its movable ranks, and the
    /// share of movable ranks in it.
    #[inline]
    fn pool_means(&self) -> (f64, f64, f64) {
        let [all, movable, share] = self.means.map(f64::from_bits);
        (all, movable, share)
    }

    /// The pieces of movable rank in the colour's pool.
    #[inline]
    pub(crate) fn movable_in_pool(&self) -> u32 {
        self.count_movable
    }

    /// The colour's movable pieces still in the game (public: its army
    /// less what was captured).
    #[inline]
    pub(crate) fn movers_left(&self) -> u32 {
        self.movable_army - self.movable_captured
    }

    /// The share of the colour's movable army captured (0 to 1).
    #[inline]
    pub(crate) fn movable_captured(&self) -> f64 {
        f64::from_bits(self.captured_share)
    }
}

/// The share of the compressed range (500 to 999) kept for the tail of
/// [`squash`]: the last points a lead earns past a few thousand.
const TAIL: f64 = 40.0;

/// The tail's scale (raw points).
const TAIL_SPAN: f64 = 5000.0;

/// The main exponential's scale, so that the slope at 500 is 1.
const HEAD_SPAN: f64 = (499.0 - TAIL) / (1.0 - TAIL / TAIL_SPAN);

/// Exact up to 500, then compressed toward (but never reaching) 999, by
/// two exponentials (module doc). The exponential is [`crate::exp::exp`]:
/// the same bits natively and in the browser, so that the lab and the
/// browser search the same tree.
pub fn squash(d: f64) -> f64 {
    if !d.is_finite() {
        return 0.0;
    }
    let a = d.abs();
    let v = if a <= 500.0 {
        a
    } else {
        let x = a - 500.0;
        500.0
            + (499.0 - TAIL) * (1.0 - crate::exp::exp(-x / HEAD_SPAN))
            + TAIL * (1.0 - crate::exp::exp(-x / TAIL_SPAN))
    };
    v.min(999.0).copysign(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advance_shares_count_rows_from_the_home_row_by_movability() {
        use super::super::piece::Piece;
        let marshal = |c| Piece::new(c, Some(Rank::Marshal), false, false);
        // Row 3 is three rows up for Red, six for Blue.
        assert_eq!(advance_share(marshal(Player::First), 35), [9, 0]);
        assert_eq!(advance_share(marshal(Player::Second), 35), [36, 0]);
        let bomb = Piece::new(Player::First, Some(Rank::Bomb), false, false);
        assert_eq!(advance_share(bomb, 95), [0, 0]);
        let unknown = Piece::new(Player::Second, None, false, false);
        assert_eq!(advance_share(unknown, 5), [0, 81]);
        assert_eq!(advance_share(unknown.after_step(), 5), [81, 0]);
        // 50 points on the far row.
        assert_eq!(BONUS_PER_ADVANCE_SQ * 81.0, SQUARE_BONUS);
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
        // Slope 1 at 500 (continuous with the exact part) ...
        assert!((squash(501.0) - 501.0).abs() < 2e-3);
        // ... and a lead of 6,500 still tells a Marshal's loss (module doc).
        let loss = squash(6500.0) - squash(2000.0);
        assert!(loss > 35.0 && loss < 36.0, "{loss}");
    }
}
