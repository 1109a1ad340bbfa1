//! Winning a won ending where no Flag can be dug out: the last enemy
//! movers hunted down (`eval.rs`).
//!
//! A side ahead whose Miners are gone cannot take a Flag walled in by
//! Bombs; it wins only by taking the opponent's last movable pieces, who
//! then cannot move. Search alone rarely sees that far: a lone piece
//! circles a lake ahead of its hunters for a thousand plies. So once the
//! opponent has at most [`MOP_MOVERS`] movable pieces left, each of them
//! (a *target*) costs it, and earns the hunting side, up to [`MOP`] raw
//! points:
//!
//! - **its room** ([`ROOM`] of it): the squares the target reaches before
//!   any *hunter* — a piece of the hunting side that beats it or trades
//!   with it — found by flooding out from the target and from the hunters
//!   together, one step at a time, over empty squares (lakes, Bombs and
//!   every other piece block both; a square both reach at once is the
//!   hunters'). The fewer squares it has, the more: `1 - room / ROOM_SPAN`.
//!   Hunters closing in from two sides, or pinning it against an edge, a
//!   lake or a Bomb, shrink its room; one following it around a lake does
//!   not — which is what a distance alone rewarded (tried and left out:
//!   docs/stratego-strength.md);
//! - **the nearest hunter's walk** to it ([`WALK`] of it), counted around
//!   lakes and pieces: `1 - steps / WALK_SPAN`, so hunters far away still
//!   come.
//!
//! A target already taken counts the full [`MOP`] (of the [`MOP_MOVERS`]
//! the term counts), so taking one never costs what hunting it earned.
//!
//! A side that hunts alone can rarely finish: a single chaser never
//! catches a piece going round a lake or a block, and with one mover a
//! side cannot even spend a tempo. So a *lone hunter* — a side whose
//! Miners are all captured while the opponent keeps a Bomb and a mover,
//! with at most one free mover left (movers shut in by their own Bombs
//! and Flag, as the position shows them, do not count) — keeps only
//! [`LONE`] of its lead (`eval.rs`): in the drawn handicap games the side
//! ahead had lost its second hunter, once stepping its Marshal beside a
//! piece as likely the Spy as not.
//!
//! Public facts only: a target's rank once revealed (an unrevealed
//! target that has moved counts as the strongest movable rank
//! its side's pool still holds; unmoved unrevealed pieces are not
//! targets), the hunters by the ranks the position shows — a view shows
//! its owner's own ranks, the opponent's only once revealed.

use super::battle::{battle, strength, BattleResult};
use super::bits::{bit, Squares};
use super::movegen::{neighbour, spread, LAND};
use super::position::Stratego;
use super::rank::{army, Rank, RANK_COUNT};
use super::square::Square;
use crate::game::Player;

/// Largest value of hunting down one target, in raw evaluation points (a
/// Marshal is 400).
pub const MOP: f64 = 400.0;

/// The hunt runs once the opponent has at most this many movers left.
pub const MOP_MOVERS: u32 = 3;

/// Share of [`MOP`] for the target's room.
pub const ROOM: f64 = 0.7;

/// Share of [`MOP`] for the nearest hunter's walk to the target.
pub const WALK: f64 = 0.3;

/// The share of its value (the squashed lead) a side ahead keeps when it
/// is a lone hunter ([`Stratego::lone_hunter`]).
pub const LONE: f64 = 0.5;

/// The most movers a side may have and still be a lone hunter (all but
/// one shut in by its own Bombs and Flag).
const LONE_MOVERS: u32 = 4;

/// Room (squares) at and beyond which a target counts as free.
pub const ROOM_SPAN: f64 = 40.0;

/// Walk (steps) at and beyond which a hunter counts as far.
pub const WALK_SPAN: f64 = 24.0;

/// The target's room and the nearest hunter's walk to it (steps to a
/// square beside it; `None` when no hunter gets there), flooding over
/// `free` (empty land squares) from the target's square `target` and the
/// hunters' squares `hunters` (module doc).
pub(crate) fn room_and_walk(target: usize, hunters: u128, free: u128) -> (u32, Option<u32>) {
    let (mut h, mut t) = (hunters, bit(target));
    let mut walk = None;
    let mut steps = 0;
    loop {
        steps += 1;
        let reach = spread(h);
        if walk.is_none() && reach & bit(target) != 0 {
            walk = Some(steps);
        }
        let h2 = h | (reach & free);
        let t2 = t | (spread(t) & free & !h2);
        // The target's room stops growing for good once a step adds
        // nothing to it (the hunters' squares only grow); with the walk
        // known too, the rest of the hunters' flood tells nothing more.
        if t2 == t && (h2 == h || walk.is_some()) {
            break;
        }
        (h, t) = (h2, t2);
    }
    (t.count_ones() - 1, walk)
}

impl Stratego {
    /// What hunting down the opponent's last movers is worth to `colour`
    /// (module doc): zero until the opponent has at most [`MOP_MOVERS`]
    /// movable pieces left.
    #[inline]
    pub(crate) fn mop_up(&self, colour: Player) -> f64 {
        let left = self.material[colour.other().index()].movers_left();
        if left == 0 || left > MOP_MOVERS {
            return 0.0;
        }
        self.hunt_last_movers(colour, left)
    }

    /// Whether `colour` can hardly force a win: all its Miners are
    /// captured while the opponent keeps a Bomb (its Flag may be walled
    /// in), and it has at most one mover that is free — not shut in
    /// for good by its own Bombs and Flag as the position shows them —
    /// while the opponent still has a mover. One hunter cannot corner a
    /// piece that goes round a lake or a block, so such a lead is worth
    /// less than its material (module doc). Public facts and the
    /// position's own ranks only. A side with more than [`LONE_MOVERS`]
    /// movers is never taken for one (Arts' presets shut in at most two).
    #[inline]
    pub(crate) fn lone_hunter(&self, colour: Player) -> bool {
        let (c, o) = (colour.index(), colour.other().index());
        let movers = self.material[c].movers_left();
        if movers > LONE_MOVERS || movers == 0 {
            return false;
        }
        let full = army(self.config.variant);
        let (miner, bomb) = (Rank::Miner.index(), Rank::Bomb.index());
        if self.captured[c][miner] < full[miner]
            || self.captured[o][bomb] >= full[bomb]
            || self.material[o].movers_left() == 0
        {
            return false;
        }
        movers == 1 || self.shut_in_movers(colour) + 1 >= movers
    }

    /// `colour`'s pieces of known movable rank whose every neighbour is
    /// its own Bomb or Flag of known rank (or the edge or a lake).
    #[inline(never)]
    fn shut_in_movers(&self, colour: Player) -> u32 {
        let wall = |sq: Square| {
            self.board[sq.index()].is_some_and(|q| {
                q.colour() == colour && matches!(q.rank(), Some(Rank::Bomb | Rank::Flag))
            })
        };
        Squares::new(self.occ[colour.index()])
            .filter(|&s| {
                let Some(sq) = Square::new(s) else {
                    return false;
                };
                self.board[s]
                    .and_then(|p| p.rank())
                    .is_some_and(|r| r.is_movable())
                    && (0..4).all(|d| neighbour(sq, d).is_none_or(wall))
            })
            .count() as u32
    }

    /// [`Stratego::mop_up`] once the opponent has `left` movers, 1 to
    /// [`MOP_MOVERS`]: kept out of line, so that a leaf where the hunt is
    /// not on (most of a game's) pays only for the test above.
    #[inline(never)]
    fn hunt_last_movers(&self, colour: Player, left: u32) -> f64 {
        let opp = colour.other();
        let (c, o) = (colour.index(), opp.index());
        // The strongest movable rank the opponent may hold unrevealed,
        // worked out at the first hidden target.
        let mut pool_top = None;
        let free = LAND & !(self.occ[0] | self.occ[1]);
        let mut total = MOP * f64::from(MOP_MOVERS - left);
        // The hunting side's pieces of each rank the position shows,
        // gathered once for all the targets.
        let mut by_rank = [0u128; RANK_COUNT];
        for g in Squares::new(self.occ[c]) {
            if let Some(r) = self.board[g].and_then(|q| q.rank()) {
                by_rank[r.index()] |= bit(g);
            }
        }
        // Unmoved unrevealed pieces and revealed Bombs are never targets.
        for t in Squares::new(self.occ[o] & !(self.still[o] | self.shown_bombs[o])) {
            let Some(p) = self.board[t] else { continue };
            let target = match p.rank().filter(|_| p.is_revealed()) {
                Some(r) if r.is_movable() => Some(r),
                Some(_) => continue,
                None if p.has_moved() => None,
                None => continue,
            };
            let top = match target {
                Some(_) => None,
                None => *pool_top.get_or_insert_with(|| {
                    let pool = self.pool(opp);
                    (0..=Rank::Spy.index())
                        .filter(|&i| pool.counts[i] > 0)
                        .map(|i| strength(Rank::from_index(i)))
                        .max()
                }),
            };
            let beats = |g: Rank| {
                g.is_movable()
                    && match target {
                        Some(r) => battle(g, r) != BattleResult::DefenderWins,
                        None => top.is_some_and(|top| strength(g) >= top),
                    }
            };
            let hunters = Rank::ALL
                .into_iter()
                .filter(|&g| beats(g))
                .fold(0u128, |set, g| set | by_rank[g.index()]);
            if hunters == 0 {
                continue;
            }
            let (room, walk) = room_and_walk(t, hunters, free);
            let room = (1.0 - f64::from(room) / ROOM_SPAN).max(0.0);
            let walk = walk.map_or(0.0, |w| (1.0 - f64::from(w) / WALK_SPAN).max(0.0));
            total += MOP * (ROOM * room + WALK * walk);
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::stratego::{Square, StrategoConfig, Variant};

    fn barrage(text: &str) -> Stratego {
        Stratego::parse_position(&StrategoConfig::for_variant(Variant::Barrage), text).unwrap()
    }

    fn sq(name: &str) -> usize {
        Square::parse(name).unwrap().index()
    }

    fn set(names: &[&str]) -> u128 {
        names.iter().fold(0, |s, n| s | bit(sq(n)))
    }

    #[test]
    fn the_room_is_what_the_target_reaches_first() {
        // Empty board, target on a1, one hunter on c1: the rest of the
        // a-file is the target's (ties go to the hunter); the hunter steps
        // to b1, beside it: a walk of one step plus the attack, 2.
        let free = |occupied: u128| LAND & !occupied;
        let (t, h) = (sq("a1"), set(&["c1"]));
        assert_eq!(room_and_walk(t, h, free(bit(t) | h)), (9, Some(2)));
        // A second hunter on a3 shuts it in.
        let h2 = set(&["c1", "a3"]);
        assert_eq!(room_and_walk(t, h2, free(bit(t) | h2)), (0, Some(2)));
        // A hunter beside it walks one step.
        let h3 = set(&["b1"]);
        assert_eq!(room_and_walk(t, h3, free(bit(t) | h3)).1, Some(1));
        // Walled in by other pieces: the hunter never gets there, and the
        // target's room is its pocket.
        let wall = set(&["c1", "c2", "a3", "b3"]);
        let h4 = set(&["j10"]);
        assert_eq!(room_and_walk(t, h4, free(bit(t) | h4 | wall)), (3, None));
    }

    #[test]
    fn the_last_movers_are_hunted_and_cornered() {
        // Blue's last two movers, revealed Scouts on a2 and j10; Red's
        // Marshal on d1; everything else captured (so Blue's third-last
        // mover counts as taken).
        let lost = "r2r8r9r9rSb1b2b8bS";
        let far = barrage(&format!(
            "bFbB7B9/10/10/10/10/10/10/10/B99/rFrB1R16 r {lost}"
        ));
        let free = LAND & !(far.occ[0] | far.occ[1]);
        let value = |target: &str| {
            let (room, walk) = room_and_walk(sq(target), set(&["d1"]), free);
            let walk = 1.0 - f64::from(walk.unwrap()) / WALK_SPAN;
            MOP * (ROOM * (1.0 - f64::from(room) / ROOM_SPAN).max(0.0) + WALK * walk)
        };
        let want = MOP + value("a2") + value("j10");
        assert!((far.mop_up(Player::First) - want).abs() < 1e-9);
        // The Scouts beat nothing Red has: Blue earns only for the two of
        // Red's last three movers already taken.
        assert_eq!(far.mop_up(Player::Second), 2.0 * MOP);
        // The Marshal beside the Scout on a2 earns more, and taking it
        // more still: a target taken counts in full.
        let near = barrage(&format!("bFbB7B9/10/10/10/10/10/10/R19/B99/rFrB8 r {lost}"));
        let taken = barrage(&format!(
            "bFbB7B9/10/10/10/10/10/10/10/R19/rFrB8 b {lost}b9"
        ));
        let (f, n, t) = (
            far.mop_up(Player::First),
            near.mop_up(Player::First),
            taken.mop_up(Player::First),
        );
        assert!(f < n && n < t, "{f} {n} {t}");
        // With three Blue movers left, the hunt is on; with four, not yet.
        let three = barrage("bFbBb9bS6/10/10/10/10/10/10/10/B99/rFrB1R16 r r2r8r9r9rSb1b2b8");
        assert!(three.mop_up(Player::First) > 0.0);
        let four = barrage("bFbBb9bSb85/10/10/10/10/10/10/10/B99/rFrB1R16 r r2r8r9r9rSb1b2");
        assert_eq!(four.mop_up(Player::First), 0.0);
    }

    #[test]
    fn a_lone_hunter_is_told_apart() {
        // Red's last mover a Marshal, its Miner gone; Blue keeps its Bomb
        // and two Scouts.
        let one = barrage("bFbB7B9/10/10/10/10/10/10/10/B99/rFrB1R16 r r2r8r9r9rSb1b2b8bS");
        assert!(one.lone_hunter(Player::First));
        // Blue's two Scouts are both free: not a lone hunter.
        assert!(!one.lone_hunter(Player::Second));
        // A General shut in by Red's own Bomb and Flag does not count...
        let shut = barrage("bFbB7B9/10/10/10/10/10/10/B99/rB9/r2rF1R16 r r8r9r9rSb1b2b8bS");
        assert!(shut.lone_hunter(Player::First));
        // ... where Blue cannot see its rank, nor a free one.
        assert!(!shut.view_for(Player::Second).lone_hunter(Player::First));
        let free = barrage("bFbB7B9/10/10/10/10/10/10/B99/10/r2rF1R1rB5 r r8r9r9rSb1b2b8bS");
        assert!(!free.lone_hunter(Player::First));
        // With a Miner left, or no Bomb left to Blue, the Flag can be had.
        let miner = barrage("bFbB7B9/10/10/10/10/10/10/10/B99/rFrBr8R16 r r2r9r9rSb1b2b8bS");
        assert!(!miner.lone_hunter(Player::First));
        let no_bomb = barrage("bF8B9/10/10/10/10/10/10/10/B99/rFrB1R16 r r2r8r9r9rSb1b2b8bSbB");
        assert!(!no_bomb.lone_hunter(Player::First));
        // A lone hunter far ahead keeps half its value (no Flag threat
        // here: the Scouts are far from Red's Flag and off its lines).
        let calm = barrage("bFbB7B9/10/10/10/10/4B95/10/10/10/rFrB1R16 r r2r8r9r9rSb1b2b8bS");
        assert!(calm.lone_hunter(Player::First));
        let v = calm.evaluate();
        let raw = crate::stratego::squash(calm.raw_eval());
        assert!(raw > 0.0 && (v - raw * LONE).abs() < 1e-9, "{v} {raw}");
    }

    #[test]
    fn two_movers_shut_in_leave_a_lone_hunter() {
        // A drawn handicap game (600-game measure, game 340): Red's
        // Captain b1 and Major a2 stand inside the Bombs round its Flag,
        // its General i3 hunts alone; Blue keeps a Colonel and a Miner.
        let stratego = |text: &str| {
            Stratego::parse_position(&StrategoConfig::for_variant(Variant::Stratego), text).unwrap()
        };
        let lost = "r1r3r3r4r4r5r5r5r6r6r6r6r7r7r7r7r8r8r8r8r8r9r9r9r9r9r9r9r9rSrBrBrB\
                    b1b2b3b4b4b4b5b5b5b5b6b6b6b6b7b7b7b7b8b8b8b8b9b9b9b9b9b9b9b9bSbB";
        let board = "2BB7/1BBbFBB6/2bB7/4BB5/5B84/10/10/RB7R21";
        let shut = stratego(&format!("{board}/r4RB7b3/rFr5RB7 r {lost}"));
        assert_eq!(shut.material[0].movers_left(), 3);
        assert!(shut.lone_hunter(Player::First));
        // The Captain let out (c1 empty instead of a Bomb): two hunters.
        let out = stratego(&format!("{board}/r4RB7b3/rFr58 r rB{lost}"));
        assert!(!out.lone_hunter(Player::First));
    }
}
