//! The evaluation's two terms about where the game is going, added to
//! Schadd's material, square and information score (`eval.rs`):
//!
//! - **The drive to make progress.** Schadd's engine lowers its score by one
//!   point for every two moves without a capture, "so more risk is taken
//!   when nothing happens". Here the *lead* is lowered instead, so that the
//!   term stays zero-sum: a raw difference `D` (side to move minus opponent)
//!   becomes `D - s * tanh(D / 100)`, where `s` is one point for every two
//!   plies since the last attack, at most [`MAX_DRIVE`]. The side ahead
//!   gains up to `s` by bringing about a battle, so it probes and trades
//!   rather than shuffling beside the opponent's pieces; the side behind is
//!   content to wait, as it would be anyway. Close to equality the slope
//!   stays `1 - s/100 >= 0.6`, so positional differences still count.
//! - **Defending one's Flag.** An enemy piece on the move — revealed and
//!   movable, or hidden and seen moving — within [`REACH`] steps (Manhattan
//!   distance) of a Flag the evaluator knows costs the Flag's owner
//!   [`THREAT`] points by its distance `d` (up to 600, more than a
//!   Marshal: an intruder that reaches the Flag ends the game; these are
//!   twice our first values; the evaluation reads them as a chance of
//!   losing the game, 600 as 60%, so a side far ahead pays the more,
//!   `eval.rs`; a revealed Scout with an open line to the Flag is at
//!   distance 1, as it strikes next move) — unless the owner has a
//!   piece ready to meet it: a piece of known rank that beats it or trades
//!   with it — against an intruder of unknown rank, by the odds of it: the
//!   share of the movable ranks the intruder's pool still holds that the
//!   guard beats or trades with, which scales its relief (in the true
//!   game, where no rank is unaccounted for, one of Captain's strength or
//!   more meets it) — either beside the intruder with the owner to move (it
//!   takes it at once; with the intruder to move it may step on past the
//!   guard) or at most `d - 2` steps from the Flag and less than `d` from
//!   the intruder (between the two, not behind the Flag); a guard that
//!   stops it but stands elsewhere takes up to [`CHASE`] of the cost off,
//!   the more the closer it is to the intruder, so the nearest guard is
//!   drawn after an intruder step by step. A Flag whose every neighbour is
//!   one of its owner's Bombs fears only Miners: an intruder known not to
//!   be one costs nothing, an unknown one [`ENCLOSED`] of its cost, and
//!   any guard that stops a Miner (a Sergeant will do) meets it. Half the
//!   Flags that fell in the handicap match fell to a Miner digging
//!   through such a wall. So an
//!   intruder heading into the setup is met before it arrives, whoever is
//!   ahead, by a piece that can stop it, and a side that sends every piece
//!   forward leaves one at home.
//!   The evaluator knows a Flag only when its rank is visible in the
//!   position: its own in a view, both in the true game, never the
//!   opponent's hidden one, so the term reads nothing a view hides.

use super::battle::{battle, strength, BattleResult};
use super::bits::Squares;
use super::movegen::neighbour;
use super::position::Stratego;
use super::rank::{Rank, RANK_COUNT};
use super::square::{distance, steps, Square, SQUARES};
use crate::game::Player;

/// Largest drive, in raw evaluation points (a Scout is 10).
pub const MAX_DRIVE: u32 = 40;

/// Buckets of the quiet counter the evaluation tells apart: 0 ..= MAX_DRIVE.
pub const QUIET_BUCKETS: usize = MAX_DRIVE as usize + 1;

/// The evaluation bucket of `quiet` plies since the last attack: one point
/// of drive per two plies, capped.
#[inline]
pub fn quiet_bucket(quiet: u32) -> usize {
    (quiet / 2).min(MAX_DRIVE) as usize
}

/// Scale of the lead at which the drive reaches most of its size.
const DRIVE_SCALE: f64 = 100.0;

/// `d` with the drive of `quiet` plies applied (see the module doc).
#[inline]
pub fn apply_drive(d: f64, quiet: u32) -> f64 {
    let s = quiet_bucket(quiet) as f64;
    if s == 0.0 {
        d
    } else {
        d - s * tanh(d / DRIVE_SCALE)
    }
}

/// `tanh(x)` within 1e-4 (5e-6 for `|x| <= 3`): the [7/6] Padé
/// approximant, `±1` beyond `|x| = 5`. It runs at every evaluated leaf,
/// where the C library's `tanh` took a tenth of a Stratego search; odd and
/// nondecreasing like `tanh` (tested).
#[inline]
fn tanh(x: f64) -> f64 {
    if x.abs() >= 5.0 {
        return 1.0f64.copysign(x);
    }
    let x2 = x * x;
    let num = x * (135_135.0 + x2 * (17_325.0 + x2 * (378.0 + x2)));
    let den = 135_135.0 + x2 * (62_370.0 + x2 * (3_150.0 + x2 * 28.0));
    (num / den).clamp(-1.0, 1.0)
}

/// Cost to a Flag's owner of an enemy mover at distance 1 to [`REACH`].
pub const THREAT: [f64; REACH + 1] = [0.0, 600.0, 400.0, 260.0, 160.0, 90.0, 40.0];

/// Share of [`THREAT`] an intruder of unknown rank costs when the Flag is
/// walled in by Bombs (only a Miner gets through).
pub const ENCLOSED: f64 = 0.6;

/// The weakest guard that meets an intruder of unknown rank (Captain)
/// when its pool holds no movable rank to weigh (the true game).
const GUARD_FOR_UNKNOWN: u8 = 6;

/// Most of an intruder's cost a guard that stops it takes off by coming
/// after it ([`guard_relief`]), short of meeting it.
pub const CHASE: f64 = 0.5;

/// Steps from the intruder beyond which a chasing guard takes nothing off.
const CHASE_REACH: f64 = 10.0;

/// The share of an intruder's cost, `d` steps from the Flag, that a guard
/// able to stop it takes off, standing `to_flag` steps from the Flag and
/// `to_intruder` from the intruder: all of it when it meets the intruder
/// — beside it with the Flag's owner to move (`owner_moves`: it takes the
/// intruder first; with the intruder to move, it may step on towards the
/// Flag past the guard), or between it and the Flag: at most `d - 2` from
/// the Flag and less than `d` from the intruder; else up to [`CHASE`], the
/// more the closer it is to the intruder — so a guard still out of place
/// is drawn towards it step by step, rather than only once it arrives.
#[inline]
pub fn guard_relief(to_flag: usize, to_intruder: usize, d: usize, owner_moves: bool) -> f64 {
    if (to_intruder == 1 && owner_moves) || (to_flag + 2 <= d && to_intruder < d) {
        1.0
    } else {
        CHASE * (1.0 - (to_intruder as f64 - 1.0) / CHASE_REACH).max(0.0)
    }
}

/// Largest distance [`THREAT`] counts.
const REACH: usize = 6;

/// Per square: the squares `lo` to `hi` steps from it.
const fn within(lo: usize, hi: usize) -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut b = 0;
        while b < SQUARES {
            let d = distance(a, b);
            if d >= lo && d <= hi {
                t[a] |= 1u128 << b;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// Per square: the squares within [`REACH`] steps of it (itself excluded).
static NEAR: [u128; SQUARES] = within(1, REACH);

/// Per square: the squares from which a guard takes anything off an
/// intruder there ([`guard_relief`] is zero from `CHASE_REACH + 1` steps
/// on, and its "between" case needs fewer than [`REACH`] steps).
static WITHIN_CHASE: [u128; SQUARES] = within(0, CHASE_REACH as usize);

/// Per rank of a guard (dense index): the movable ranks it beats or trades
/// with, one bit per dense index; none for Bombs and the Flag.
static STOPS: [u16; RANK_COUNT] = {
    let mut t = [0u16; RANK_COUNT];
    let mut g = 0;
    while g < RANK_COUNT {
        let mut i = 0;
        while i < RANK_COUNT {
            let (gr, ir) = (Rank::from_index(g), Rank::from_index(i));
            if gr.is_movable()
                && ir.is_movable()
                && !matches!(battle(gr, ir), BattleResult::DefenderWins)
            {
                t[g] |= 1 << i;
            }
            i += 1;
        }
        g += 1;
    }
    t
};

impl Stratego {
    /// The square of `colour`'s Flag when the position shows its rank.
    #[inline]
    fn known_flag(&self, colour: Player) -> Option<usize> {
        let sq = self.flag_sq[colour.index()];
        (sq != super::position::NO_FLAG).then_some(sq as usize)
    }

    /// Per rank of a guard: the chance that it beats or trades with a
    /// piece of `intruders` that has moved and whose rank is unknown, by
    /// the movable ranks `intruders`' pool still holds; `None` when the
    /// pool holds none (the true game, where no rank is unaccounted for:
    /// then [`GUARD_FOR_UNKNOWN`] decides).
    fn guard_odds(&self, intruders: Player) -> Option<[f64; RANK_COUNT]> {
        let pool = self.pool(intruders);
        if pool.movable == 0 {
            return None;
        }
        let mut odds = [0.0; RANK_COUNT];
        for (o, &stops) in odds.iter_mut().zip(&STOPS) {
            let mut rest = stops;
            let mut stopped = 0u32;
            while rest != 0 {
                stopped += u32::from(pool.counts[rest.trailing_zeros() as usize]);
                rest &= rest - 1;
            }
            *o = f64::from(stopped) / f64::from(pool.movable);
        }
        Some(odds)
    }

    /// What the enemy pieces near `colour`'s known Flag cost it (module
    /// doc); zero when the Flag is not known.
    #[inline]
    pub(crate) fn flag_threat(&self, colour: Player) -> f64 {
        let Some(flag) = self.known_flag(colour) else {
            return 0.0;
        };
        let enemy = self.occ[colour.other().index()] & NEAR[flag];
        if enemy == 0 {
            return 0.0;
        }
        self.intruders_threat(colour, flag, enemy)
    }

    /// Whether a Scout on `from` reaches `to` in one move: the two share a
    /// file or a row, walked as move generation walks a run (the land
    /// neighbours, so no lake), every square before `to` empty.
    fn open_line(&self, from: Square, to: Square) -> bool {
        use std::cmp::Ordering::{Equal, Greater, Less};
        // Directions as in `movegen::neighbour`: up, right, down, left.
        let dir = match (
            to.file().cmp(&from.file()),
            to.rank_index().cmp(&from.rank_index()),
        ) {
            (Equal, Greater) => 0,
            (Greater, Equal) => 1,
            (Equal, Less) => 2,
            (Less, Equal) => 3,
            _ => return false,
        };
        let mut at = from;
        while let Some(next) = neighbour(at, dir) {
            if next == to {
                return true;
            }
            if self.board[next.index()].is_some() {
                return false;
            }
            at = next;
        }
        false
    }

    /// [`Stratego::flag_threat`] of the enemy pieces `enemy` near `colour`'s
    /// Flag on `flag`: kept out of line, so that the leaves with no enemy
    /// piece near a known Flag pay only for the tests above.
    #[inline(never)]
    fn intruders_threat(&self, colour: Player, flag: usize, enemy: u128) -> f64 {
        let Some(flag_sq) = Square::new(flag) else {
            return 0.0;
        };
        let walled = (0..4).all(|d| {
            neighbour(flag_sq, d).is_none_or(|n| {
                self.board[n.index()]
                    .is_some_and(|p| p.colour() == colour && p.rank() == Some(Rank::Bomb))
            })
        });
        let owner_moves = self.side == colour;
        // Worked out at the first intruder of unknown rank.
        let mut unknown_odds = None;
        let mut threat = 0.0;
        for i in Squares::new(enemy) {
            let Some(p) = self.board[i] else { continue };
            // Only what the Flag's owner can know of the intruder counts:
            // its rank once revealed, else that it has moved.
            let rank = p.rank().filter(|_| p.is_revealed());
            let on_the_move = match rank {
                Some(r) => r.is_movable(),
                None => p.has_moved(),
            };
            if !on_the_move {
                continue;
            }
            let share = match (walled, rank) {
                (false, _) => 1.0,
                (true, Some(Rank::Miner)) => 1.0,
                (true, Some(_)) => continue,
                (true, None) => ENCLOSED,
            };
            // A revealed Scout with an open line to the Flag strikes it
            // next move, wherever it stands on the line.
            let strikes = rank == Some(Rank::Scout)
                && Square::new(i).is_some_and(|sq| self.open_line(sq, flag_sq));
            let d = if strikes { 1 } else { steps(flag, i) };
            // Behind a wall of Bombs only a Miner matters, so a guard that
            // stops a Miner stops the intruder, whatever it is.
            let against = if walled { Some(Rank::Miner) } else { rank };
            let odds = match against {
                None => *unknown_odds.get_or_insert_with(|| self.guard_odds(colour.other())),
                Some(_) => None,
            };
            // The chance that guard `g` stops the intruder: 1 or 0 against a
            // known rank; against an unknown one, the share of the movable
            // ranks the intruder may have that it beats or trades with.
            let stops = |g: usize| -> f64 {
                let Some(gr) = self.board[g].and_then(|q| q.rank()) else {
                    return 0.0;
                };
                if !gr.is_movable() {
                    return 0.0;
                }
                match (against, &odds) {
                    (Some(r), _) => {
                        f64::from(u8::from(battle(gr, r) != BattleResult::DefenderWins))
                    }
                    (None, Some(odds)) => odds[gr.index()],
                    (None, None) => f64::from(u8::from(strength(gr) >= GUARD_FOR_UNKNOWN)),
                }
            };
            // The best guard's relief: only pieces within the chase's reach
            // take anything off, and none takes off more than all of it.
            let mut relief = 0.0;
            for g in Squares::new(self.occ[colour.index()] & WITHIN_CHASE[i]) {
                let p = stops(g);
                if p > 0.0 {
                    relief =
                        (p * guard_relief(steps(flag, g), steps(g, i), d, owner_moves)).max(relief);
                    if relief >= 1.0 {
                        break;
                    }
                }
            }
            threat += share * THREAT[d] * (1.0 - relief);
        }
        threat
    }
}

#[cfg(test)]
mod tests {
    use super::super::square::SIZE;
    use super::*;
    use crate::stratego::{squash, StrategoConfig};

    fn barrage(text: &str) -> Stratego {
        let config = StrategoConfig::for_variant(super::super::config::Variant::Barrage);
        Stratego::parse(&config, text).unwrap()
    }

    #[test]
    fn the_drive_lowers_a_lead_and_is_zero_sum() {
        assert_eq!(apply_drive(250.0, 0), 250.0);
        assert_eq!(apply_drive(250.0, 1), 250.0);
        let later = apply_drive(250.0, 60);
        assert!(later < 250.0 - 29.0 && later > 250.0 - 30.0, "{later}");
        assert_eq!(apply_drive(-250.0, 60), -later);
        assert_eq!(apply_drive(0.0, 500), 0.0);
        // Capped at MAX_DRIVE, and a gradient near equality survives.
        assert_eq!(apply_drive(400.0, 1000), apply_drive(400.0, 2 * MAX_DRIVE));
        assert!(apply_drive(10.0, 1000) > apply_drive(5.0, 1000));
    }

    #[test]
    fn the_fast_tanh_is_close_odd_and_nondecreasing() {
        let mut last = -1.0;
        for i in -8000..=8000 {
            let x = i as f64 / 1000.0;
            let t = tanh(x);
            let tol = if x.abs() <= 3.0 { 5e-6 } else { 1e-4 };
            assert!(
                (t - x.tanh()).abs() <= tol,
                "tanh({x}) = {t}, want {}",
                x.tanh()
            );
            assert_eq!(tanh(-x), -t);
            assert!(t >= last, "not monotone at {x}");
            last = t;
        }
    }

    #[test]
    fn no_guard_beyond_the_chase_takes_anything_off() {
        // What lets `flag_threat` look only at WITHIN_CHASE.
        for d in 1..=REACH {
            for to_flag in 0..=2 * SIZE {
                for owner_moves in [false, true] {
                    assert!(guard_relief(to_flag, CHASE_REACH as usize, d, owner_moves) > 0.0);
                    for far in CHASE_REACH as usize + 1..=2 * SIZE {
                        assert_eq!(guard_relief(to_flag, far, d, owner_moves), 0.0);
                    }
                }
            }
        }
        assert_eq!(WITHIN_CHASE[0].count_ones(), 64);
    }

    #[test]
    fn near_holds_the_squares_within_reach() {
        // a1 (index 0): 2 + 3 + 4 + 5 + 6 + 7 = 27 squares within six steps.
        assert_eq!(NEAR[0].count_ones(), 27);
        // e5 (index 44): as many as a count square by square gives.
        let naive = (0..SQUARES)
            .filter(|&b| (1..=REACH).contains(&distance(44, b)))
            .count();
        assert_eq!(NEAR[44].count_ones() as usize, naive);
        assert_eq!(NEAR[44] & (1 << 44), 0);
    }

    #[test]
    fn an_intruder_near_a_known_flag_costs_its_owner() {
        // Red's Flag on a1, a revealed Blue Scout two steps away (c1),
        // Red's Marshal on e1 (four steps: too far to meet it, two steps
        // behind it: chasing), Blue's Flag far.
        let pos = barrage("bF9/10/10/10/10/10/10/10/10/rF1B91r15 r");
        assert_eq!(guard_relief(4, 2, 2, true), 0.45);
        // The Scout's line to the Flag is open (b1 empty): it strikes next
        // move, as if beside it.
        assert_eq!(pos.flag_threat(Player::First), THREAT[1] * 0.55);
        // Off the line (c2: three steps) it counts by its steps.
        let off = barrage("bF9/10/10/10/10/10/10/10/2B97/rF3r15 r");
        assert_eq!(
            off.flag_threat(Player::First),
            THREAT[3] * (1.0 - guard_relief(4, 3, 3, true))
        );
        // Beside the Scout (d1) the Marshal can take it at once: met.
        let beside = barrage("bF9/10/10/10/10/10/10/10/10/rF1B9r16 r");
        assert_eq!(beside.flag_threat(Player::First), 0.0);
        // Not with the Scout to move: it may go on past the Marshal.
        let its_move = barrage("bF9/10/10/10/10/10/10/10/10/rF1B9r16 b");
        assert_eq!(
            its_move.flag_threat(Player::First),
            THREAT[1] * (1.0 - CHASE)
        );
        // A hidden piece that has not moved is still in its setup: no
        // intruder. One seen moving is, by its steps (it may be no Scout).
        let unmoved = barrage("bF9/10/10/10/10/10/10/10/10/rF1b91r15 r");
        assert_eq!(unmoved.flag_threat(Player::First), 0.0);
        let moved = barrage("bF9/10/10/10/10/10/10/10/10/rF1b91r15 r moved:c1");
        assert_eq!(moved.flag_threat(Player::First), THREAT[2] * 0.55);
        // With the Marshal on b1, between the Flag and a Scout three steps
        // away (d1), the Scout is met; with the Marshal on a2 and the Scout
        // two steps away (c1) it still counts.
        let guarded = barrage("bF9/10/10/10/10/10/10/10/10/rFr11B96 r");
        assert_eq!(guarded.flag_threat(Player::First), 0.0);
        let close = barrage("bF9/10/10/10/10/10/10/10/r19/rF1B97 r");
        assert_eq!(
            close.flag_threat(Player::First),
            THREAT[1] * (1.0 - guard_relief(1, 3, 1, true))
        );
        // A guard two steps away does not stop a Scout three steps away on
        // an open line.
        let late = barrage("bF9/10/10/10/10/10/10/r19/10/rF2B96 r");
        assert_eq!(
            late.flag_threat(Player::First),
            THREAT[1] * (1.0 - guard_relief(2, 5, 1, true))
        );
        // Nor does a guard behind the Flag: the Flag on b1, the Marshal on
        // a1, the Scout on f1 (four steps from the Flag, five from the
        // Marshal).
        let behind = barrage("bF9/10/10/10/10/10/10/10/10/r1rF3B94 r");
        assert_eq!(
            behind.flag_threat(Player::First),
            THREAT[1] * (1.0 - guard_relief(1, 5, 1, true))
        );
        // The chase draws the guard in: each step closer takes more off,
        // nothing from ten steps away.
        assert!(guard_relief(1, 4, 4, true) > guard_relief(1, 5, 4, true));
        assert_eq!(guard_relief(9, 11, 4, true), 0.0);
        assert_eq!(guard_relief(1, 3, 4, true), 1.0);
        // A guard must be able to stop the intruder: a Scout does not stop
        // a revealed General, a General does.
        let weak = barrage("bF9/10/10/10/10/10/10/10/10/rFr91B26 r");
        assert_eq!(weak.flag_threat(Player::First), THREAT[3]);
        let strong = barrage("bF9/10/10/10/10/10/10/10/10/rFr21B26 r");
        assert_eq!(strong.flag_threat(Player::First), 0.0);
        // A hidden one is met by the odds its pool gives: of the five
        // movable Barrage pieces not on the board (no captures listed),
        // the Scout stops the other Scout and the Spy.
        let hidden = barrage("bF9/10/10/10/10/10/10/10/10/rFr91b96 r moved:d1");
        assert_eq!(hidden.flag_threat(Player::First), THREAT[3] * (1.0 - 0.4));
        assert_eq!(pos.flag_threat(Player::Second), 0.0);
        // In Red's view Blue's Flag is unknown: no term for it, and Red's
        // own is still defended.
        let view = pos.view_for(Player::First);
        assert_eq!(view.flag_threat(Player::Second), 0.0);
        assert_eq!(view.flag_threat(Player::First), THREAT[1] * 0.55);
        // In Blue's view Red's Flag is hidden: Blue cannot score it.
        assert_eq!(pos.view_for(Player::Second).flag_threat(Player::First), 0.0);
    }

    #[test]
    fn a_side_ahead_pays_more_for_the_same_intruder() {
        // The revealed Scout two steps from Red's Flag threatens the same
        // in both; Red is about even against Blue's Marshal in one, far
        // ahead without it in the other.
        let even = barrage("bF8B1/10/10/10/10/10/10/10/10/rF1B91r15 r");
        let ahead = barrage("bF9/10/10/10/10/10/10/10/10/rF1B91r15 r");
        let threat = even.flag_threat(Player::First);
        assert!(threat > 0.0);
        assert_eq!(ahead.flag_threat(Player::First), threat);
        let v = |p: &Stratego| squash(p.raw_eval());
        let cost = |p: &Stratego| v(p) - p.evaluate();
        assert!(v(&even).abs() < 200.0, "{}", v(&even));
        assert!(v(&ahead) > v(&even) + 300.0, "{}", v(&ahead));
        // The threat is a chance threat / 1000 of falling to -1000.
        let p = threat / 1000.0;
        assert!((cost(&even) - p * (v(&even) + 1000.0)).abs() < 1e-9);
        assert!((cost(&ahead) - p * (v(&ahead) + 1000.0)).abs() < 1e-9);
        assert!(
            cost(&ahead) > 1.25 * cost(&even),
            "{} {}",
            cost(&ahead),
            cost(&even)
        );
        // Blue, to move in the same position, gains what Red loses.
        let blue = barrage("bF9/10/10/10/10/10/10/10/10/rF1B91r15 b");
        assert!((blue.evaluate() + ahead.evaluate()).abs() < 1e-9);
    }

    #[test]
    fn a_flag_walled_in_by_bombs_fears_only_miners() {
        let stratego = |text: &str| Stratego::parse(&StrategoConfig::default(), text).unwrap();
        // Red's Flag a1, Bombs a2 and b1; a revealed Blue piece on c1.
        let general = stratego("bF9/10/10/10/10/10/10/10/rB9/rFrBB27 r");
        assert_eq!(general.flag_threat(Player::First), 0.0);
        let miner = stratego("bF9/10/10/10/10/10/10/10/rB9/rFrBB87 r");
        assert_eq!(miner.flag_threat(Player::First), THREAT[2]);
        let unknown =
            stratego("bF9/10/10/10/10/10/10/10/rB9/rFrBb87 r moved:c1").view_for(Player::First);
        assert_eq!(unknown.flag_threat(Player::First), ENCLOSED * THREAT[2]);
        // Behind the wall a guard need only stop a Miner: a Sergeant beside
        // the hidden intruder (Red to move) meets it, though it would not
        // meet an unknown piece in the open.
        let sergeant =
            stratego("bF9/10/10/10/10/10/10/10/rB1r77/rFrBb87 r moved:c1").view_for(Player::First);
        assert_eq!(sergeant.flag_threat(Player::First), 0.0);
        // In the open it meets the hidden intruder only by the odds that
        // it beats or trades with it: of the 33 movable pieces of Blue's
        // pool, the 4 Sergeants, 5 Miners, 8 Scouts and the Spy.
        let open_sergeant =
            stratego("bF9/10/10/10/10/10/10/10/rB1r77/rF1b87 r moved:c1").view_for(Player::First);
        let odds = 18.0 / 33.0;
        assert_eq!(
            open_sergeant.flag_threat(Player::First),
            THREAT[2] * (1.0 - odds)
        );
        // With b1 empty the Flag is open again.
        let open = stratego("bF9/10/10/10/10/10/10/10/rB9/rF1B27 r");
        assert_eq!(open.flag_threat(Player::First), THREAT[2]);
    }

    #[test]
    fn a_guard_meets_a_hidden_intruder_by_the_odds_of_its_pool() {
        let stratego = |text: &str| Stratego::parse(&StrategoConfig::default(), text).unwrap();
        // Red's Flag a1, a hidden Blue piece that has moved on c1, Red's
        // guard on c2 beside it (Red to move): the guard's relief is the
        // share of Blue's movable pool it beats or trades with.
        let view = |guard: char| {
            stratego(&format!(
                "bF9/10/10/10/10/10/10/10/2r{guard}7/rF1b87 r moved:c1"
            ))
            .view_for(Player::First)
        };
        let odds = view('1').guard_odds(Player::Second).unwrap();
        // 33 movable pieces: the Marshal meets them all, the General all
        // but the Marshal, a Scout only the 8 Scouts and the Spy, the Spy
        // the Marshal (it strikes first) and the other Spy.
        assert_eq!(odds[Rank::Marshal.index()], 1.0);
        assert_eq!(odds[Rank::General.index()], 32.0 / 33.0);
        assert_eq!(odds[Rank::Scout.index()], 9.0 / 33.0);
        assert_eq!(odds[Rank::Spy.index()], 2.0 / 33.0);
        assert_eq!(odds[Rank::Bomb.index()], 0.0);
        for (guard, rank) in [
            ('1', Rank::Marshal),
            ('5', Rank::Captain),
            ('9', Rank::Scout),
        ] {
            let pos = view(guard);
            let want = THREAT[2] * (1.0 - odds[rank.index()]);
            assert!(
                (pos.flag_threat(Player::First) - want).abs() < 1e-12,
                "{guard}"
            );
        }
        // With no movable rank unaccounted for (the true game: every piece
        // is on the board or captured) a Captain or more meets a hidden
        // intruder, as before the pool was read.
        let captured = "b1b2b3b3b4b4b4b5b5b5b5b6b6b6b6b7b7b7b7b8b8b8b8b9b9b9b9b9b9b9b9bS";
        let truth = stratego(&format!(
            "bF9/10/10/10/10/10/10/10/2r57/rF1b87 r {captured} moved:c1"
        ));
        assert_eq!(truth.guard_odds(Player::Second), None);
        assert_eq!(truth.flag_threat(Player::First), 0.0);
    }
}
