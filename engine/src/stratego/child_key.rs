//! The evaluation's key of a child position, told without playing the
//! move: a search one decision from its leaves looks the leaf's value up
//! in its evaluation cache by it, and makes the position only when the
//! value is not there (`search/negamax.rs`, `leaf_by_key`). Half of a
//! Stratego search's leaves are found there, and each saves a copy of the
//! position, the move and the end-of-game check: 0.88 of the time on the
//! middle positions (`docs/engine-speed.md`, *A leaf's value before its
//! move is made*).

use super::hash;
use super::mv::Move;
use super::position::{moved_piece, Decided, Stratego};
use super::progress::{quiet_bucket, MAX_DRIVE};

impl Stratego {
    /// The part of [`Stratego::quiet_child_key`] common to the moves:
    /// `None` when a move onto an empty square might end the game, reach
    /// the ply limit or come to a position that may recur. Such a move
    /// changes the side to move and the plies since the last battle. The
    /// opponent, to move next, keeps every piece, tally and value, so
    /// whether he surely has a move (`Stratego::surely_has_a_move`) is
    /// the same before and after: when he does, the move cannot end the
    /// game.
    #[inline]
    pub fn quiet_child_key_base(&self) -> Option<u64> {
        let quiet = self.quiet.saturating_add(1);
        if self.decided != Decided::Open
            || self.pending.is_some()
            || self.blind.is_some()
            || self.ply + 1 >= self.config.max_plies
            || quiet_bucket(quiet) == MAX_DRIVE as usize
            || !self.surely_has_a_move(self.side.other())
        {
            return None;
        }
        Some(self.hash ^ hash::side_key() ^ hash::quiet_key(self.quiet) ^ hash::quiet_key(quiet))
    }

    /// [`Stratego::eval_key`] of the position after `mv`, without playing
    /// it, from `base` ([`Stratego::quiet_child_key_base`]): for a move
    /// onto an empty square that does not show a Scout (a run by a piece
    /// of unknown rank, which changes the pool and the values), `None`
    /// for any other. Of that key such a move changes, besides what
    /// `base` holds, only the mover's squares (its clues and the
    /// two-squares state are outside the key).
    #[inline]
    pub fn quiet_child_key(&self, base: u64, mv: Move) -> Option<u64> {
        if mv.is_blind() || self.board[mv.to.index()].is_some() {
            return None;
        }
        let mover = self.board[mv.from.index()]?;
        if mv.distance() > 1 {
            mover.rank()?;
        }
        let after = moved_piece(mover, mv);
        Some(base ^ hash::piece_key(mv.from, mover) ^ hash::piece_key(mv.to, after))
    }
}
