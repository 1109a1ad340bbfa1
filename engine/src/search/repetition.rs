//! Positions met again (play mode): a searcher kept across the moves of
//! one game remembers the positions it searched from that can come back
//! ([`Game::may_recur`]), and a line that returns to one scores a draw.
//!
//! Stratego has no repetition rule; a game where neither side makes
//! progress ends as a draw at the move limit, and that is where going
//! round in circles leads. Scoring a return as that draw is what chess
//! engines do with repetitions: the side ahead tries something else —
//! another hunter, another way to the Flag — instead of chasing a piece
//! round the same block for a thousand moves, and the side behind is glad
//! to repeat. Within one search the remembered set does not change, so a
//! position's value still depends on the position alone and the table
//! stays sound; the set grows only between searches.
//!
//! Exact mode remembers nothing (its values must be the expectimax
//! values), and a fresh searcher has nothing to remember but its root.

use crate::game::{Game, Status, Value};

use super::run::Run;
use super::trace::{NodeKind, Tracer};
use super::Evaluator;

/// The value of a position met again: the draw.
pub const REPEATED: Value = 0.0;

/// The keys of the positions searched from, sorted (a game has at most a
/// few thousand).
#[derive(Clone, Debug, Default)]
pub(crate) struct Seen {
    keys: Vec<u64>,
}

impl Seen {
    /// Remembers the search's `root` (play mode) if it can come back.
    pub fn remember<G: Game>(&mut self, root: &G) {
        if root.status() != Status::Decision || !root.may_recur() {
            return;
        }
        let key = root.hash();
        if let Err(i) = self.keys.binary_search(&key) {
            self.keys.insert(i, key);
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    #[inline]
    pub fn contains(&self, key: u64) -> bool {
        self.keys.binary_search(&key).is_ok()
    }

    pub fn clear(&mut self) {
        self.keys.clear();
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }
}

impl<G: Game, E: Evaluator<G>, T: Tracer<G>> Run<'_, G, E, T> {
    /// A decision node below the root at a position searched from before:
    /// scored [`REPEATED`] (counted and traced as a leaf). `None`
    /// otherwise.
    #[inline]
    pub(crate) fn repeated(
        &mut self,
        pos: &G,
        status: Status,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> Option<Value> {
        if ply == 0
            || self.sh.seen.is_empty()
            || status != Status::Decision
            || !pos.may_recur()
            || !self.sh.seen.contains(pos.hash())
        {
            return None;
        }
        self.stats.leaf_nodes += 1;
        self.tracer.enter(pos, NodeKind::Leaf, ply, 0, alpha, beta);
        self.tracer.exit(ply, REPEATED);
        Some(REPEATED)
    }
}
