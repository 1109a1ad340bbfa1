//! The chance model for pieces whose rank the viewer does not know (SPEC 1.1,
//! ChanceProbCut chapter "Stratego Engine").
//!
//! The *pool* of a colour is its army minus its pieces of known rank on the
//! board minus its captured pieces: the ranks still unaccounted for. An attack
//! on or by an unknown piece is a chance node whose outcomes are the ranks in
//! the pool, each weighted by how many of it are unaccounted for; a piece that
//! has moved (an attacker always has) cannot be a Bomb or the Flag.
//!
//! One refinement keeps views consistent during search: the unknown pieces
//! must still be able to take ranks from the pool, moved ones movable ranks.
//! With only two classes (moved / unmoved) this holds exactly when
//! `moved unknowns <= movable ranks in the pool` and
//! `unknowns <= pool size`. An outcome that would break it is left out
//! (e.g. an unmoved unknown cannot turn out to be the last movable rank while
//! another unknown has moved). When the pool is not tight this changes
//! nothing. The same test decides whether an unmoved unknown may move at all
//! and whether an unknown may make a Scout run.

use super::piece::Piece;
use super::position::{Stratego, UNKNOWN_MOVED, UNKNOWN_UNMOVED};
use super::rank::{army, Rank, RankCounts, RANK_COUNT};
use crate::game::Player;

/// The unaccounted ranks of one colour and its unknown pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pool {
    /// Unaccounted pieces per rank.
    pub counts: RankCounts,
    /// Sum of `counts`.
    pub total: u32,
    /// Sum of `counts` over movable ranks.
    pub movable: u32,
    /// Unknown pieces of this colour on the board.
    pub unknown: u32,
    /// Of those, the ones that have moved.
    pub unknown_moved: u32,
}

impl Pool {
    /// Whether an unknown piece (`moved` now) can have `rank` without making
    /// the rest impossible.
    #[inline]
    pub fn can_be(&self, moved: bool, rank: Rank) -> bool {
        if self.counts[rank.index()] == 0 {
            return false;
        }
        match (moved, rank.is_movable()) {
            (true, movable) => movable,
            (false, true) => self.unknown_moved < self.movable,
            (false, false) => true,
        }
    }

    /// Whether an unmoved unknown piece may move (it becomes a moved unknown).
    #[inline]
    pub fn unmoved_may_move(&self) -> bool {
        self.unknown_moved < self.movable
    }

    /// Whether an unknown piece may turn out to be a Scout by running.
    #[inline]
    pub fn may_run(&self, moved: bool) -> bool {
        self.can_be(moved, Rank::Scout)
    }
}

impl Stratego {
    /// The pool of `colour` (see the module doc). O(ranks): the pieces on
    /// the board are read from the position's tallies, not from the board.
    #[inline]
    pub fn pool(&self, colour: Player) -> Pool {
        let army = army(self.config.variant);
        let tally = &self.tally[colour.index()];
        let captured = &self.captured[colour.index()];
        let mut counts = [0; RANK_COUNT];
        let (mut total, mut movable) = (0, 0);
        for i in 0..RANK_COUNT {
            // Saturating, as a board scan taking one piece at a time would:
            // an inconsistent position (before the parser's checks) gives
            // zero, never an underflow.
            let n = army[i].saturating_sub(tally[i]).saturating_sub(captured[i]);
            counts[i] = n;
            total += n as u32;
            if Rank::from_index(i).is_movable() {
                movable += n as u32;
            }
        }
        let moved = tally[UNKNOWN_MOVED] as u32;
        Pool {
            counts,
            total,
            movable,
            unknown: tally[UNKNOWN_UNMOVED] as u32 + moved,
            unknown_moved: moved,
        }
    }

    /// The unknown piece of the pending battle, if any: its square's piece.
    fn pending_unknown(&self) -> Option<Piece> {
        let (from, to) = self.pending?;
        [from, to]
            .into_iter()
            .filter_map(|sq| self.board[sq.index()])
            .find(|p| p.rank().is_none())
    }

    /// The possible ranks of the pending battle's unknown piece with their
    /// weights (empty when there is no pending battle).
    pub fn rank_outcomes(&self, out: &mut Vec<(Rank, u32)>) {
        if self.blind_outcomes(out) {
            return;
        }
        out.clear();
        let Some(piece) = self.pending_unknown() else {
            return;
        };
        let pool = self.pool(piece.colour());
        for r in Rank::ALL {
            if pool.can_be(piece.has_moved(), r) {
                out.push((r, pool.counts[r.index()] as u32));
            }
        }
        if out.is_empty() {
            // Only reachable from a view that was inconsistent to begin with
            // (the parser refuses those): fall back to the whole pool so that
            // a chance node never has no outcome.
            for r in Rank::ALL {
                let n = pool.counts[r.index()] as u32;
                if n > 0 {
                    out.push((r, n));
                }
            }
        }
        if out.is_empty() {
            out.push((Rank::Scout, 1));
        }
    }
}
