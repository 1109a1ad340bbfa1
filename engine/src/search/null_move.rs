//! Null-move pruning (play mode; Beal 1989, Goetsch and Campbell 1990, as
//! every chess engine uses it): a side whose position is so good that even
//! passing leaves it at beta or more need not look at its moves.
//!
//! At a decision node off the principal variation with at least R + 2
//! decisions left and a static value of at least beta, the side to move
//! passes ([`Game::null_move`]) and the opponent searches the position
//! R + 1 decisions shallower than the node (one for the pass, R more) with
//! a null window at beta. A result still at least beta cuts the node: it
//! returns that bound, stored in the table as a lower bound only. Two
//! passes never follow each other, and the game refuses a pass where it
//! could hide a zugzwang (Stratego: a side with at most three movers
//! left). R = 2 ends the reduced search with the same side to move as the
//! full one would, so the evaluation's swing between the two sides'
//! turns (the reason late move reductions reduce by two) does not decide
//! the test.
//!
//! Exact mode never passes: its values are the expectimax values.

use crate::game::{Game, Value};

use super::run::{Node, Run};
use super::trace::{CutKind, NodeKind, Tracer};
use super::Evaluator;

impl<G: Game, E: Evaluator<G>, T: Tracer<G>> Run<'_, G, E, T> {
    /// Tries a null move at decision node `cx` (its window the table's
    /// narrowing of the node's): the bound to return when the pass still
    /// reached beta, `Some(0.0)` when the search was aborted meanwhile.
    pub(crate) fn null_move_cut(&mut self, cx: &Node<G>) -> Option<Value> {
        let r = self.cfg.null_move_reduction()?;
        let (beta, ply) = (cx.beta, cx.ply);
        if cx.pv || ply == 0 || ply > 127 || cx.depth < r + 2 || !beta.is_finite() || beta >= self.u
        {
            return None;
        }
        // Never right after a pass: the two would only lose two moves.
        if self.null_plies & (1 << (ply - 1)) != 0 {
            return None;
        }
        if self.evaluate(cx.pos) < beta {
            return None;
        }
        let passed = cx.pos.null_move()?;
        let before = self.stats.nodes();
        self.null_plies |= 1 << ply;
        let depth = cx.depth - 1 - r;
        let s = Self::sign(cx.pos, &passed);
        let (ca, cb) = Self::child_window(s, beta.next_down(), beta);
        self.next_pv = false;
        let v = s * self.node(&passed, depth, ca, cb, ply + 1);
        self.null_plies &= !(1 << ply);
        self.stats.null_move_nodes += self.stats.nodes() - before;
        if self.aborted {
            return Some(0.0);
        }
        if v < beta {
            return None;
        }
        // A won position stays a bound below U: the pass proved no win.
        let v = v.min(self.u.next_down());
        self.stats.decision_nodes += 1;
        self.tracer
            .enter(cx.pos, NodeKind::Decision, ply, cx.depth, cx.alpha, beta);
        self.cut(cx, CutKind::NullMove, v);
        // Stored as the bound it claims, never as exact.
        self.tt_store(cx.pos.hash(), (false, cx.depth), (v, self.u), None);
        self.tracer.exit(ply, v);
        Some(v)
    }
}
