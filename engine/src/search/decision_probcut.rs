//! ProbCut at decision nodes (Buro 1995; Schadd, sections 5.2-5.3):
//! forward pruning at decision nodes off the principal variation, with the
//! regression models of ChanceProbCut.
//!
//! The models of `assets/params/chanceprobcut-<game>.json` relate the value
//! of a decision position at depth d to its value at depth d - R, in the
//! side to move's view: v_d ~ a v_(d-R) + b with residual deviation sigma.
//! At a non-PV decision node with d decisions left and a model (d, d - R),
//! Buro's two null-window searches of depth d - R ask whether
//!
//! * v_(d-R) >= (beta - b + t sigma) / a: then v_d >= beta is likely and
//!   the node returns beta (fail high);
//! * v_(d-R) <= (alpha - b - t sigma) / a: then v_d <= alpha is likely and
//!   the node returns alpha (fail low).
//!
//! A threshold outside (-U, U) skips its test: no shallow value can cross
//! it (or every one does, which says nothing about the position); so does
//! a window edge at +-U, where the estimate would become a claimed win or
//! loss. A model with a <= 0 is not used.
//!
//! The shallow search of the node is run move by move at the next ply over
//! the node's already ordered moves, as Multi-Cut does: with the null window
//! just below a threshold it fails high as soon as one move reaches it, and
//! with the null window just above one it fails low only when every move
//! stays at or below it. Null windows are one float wide (`next_down` /
//! `next_up`), as for PVS and Multi-Cut. When every move of the fail-high
//! test failed low, the highest of those fail-soft upper bounds may already
//! prove the fail-low test, which then needs no search of its own.

use crate::game::{Game, Step, Value};

use super::run::{Node, Run};
use super::trace::{CutKind, Tracer};
use super::Evaluator;

/// A ProbCut at a decision node: the value to return (the window bound
/// crossed) and, for a fail high, the move that proved it.
pub(crate) struct ProbCutResult<M> {
    pub value: Value,
    pub high: bool,
    pub best: Option<M>,
}

/// What a null-window shallow search over the moves found.
enum Scout<M> {
    /// This move's shallow value is above the window's lower edge.
    Above(M),
    /// Every move stayed at or below it; the highest (fail-soft) bound.
    Below(Value),
}

impl<G: Game, E: Evaluator<G>, T: Tracer<G>> Run<'_, G, E, T> {
    /// Tries ProbCut at a non-PV decision node with `depth` decisions left,
    /// window (alpha, beta) and ordered `moves`. Returns the cut when a
    /// shallow search predicts a value outside the window; `None` otherwise
    /// (also when the search was aborted: the caller checks).
    pub(crate) fn decision_probcut(
        &mut self,
        cx: &Node<G>,
        moves: &[G::Move],
    ) -> Option<ProbCutResult<G::Move>> {
        let (depth, alpha, beta) = (cx.depth, cx.alpha, cx.beta);
        let pc = self.cfg.probcut.as_ref()?;
        if !self.cfg.alpha_beta || !alpha.is_finite() || !beta.is_finite() {
            return None;
        }
        let m = pc.model_at(depth)?;
        let (a, b, spread, shallow) = (m.a, m.b, pc.t * m.sigma, m.shallow);
        if !(a > 0.0 && spread.is_finite() && spread >= 0.0) || shallow == 0 {
            return None;
        }
        let u = self.u;
        let inside = |x: Value| x > -u && x < u;
        let high = (beta - b + spread) / a;
        let low = (alpha - b - spread) / a;
        // A window edge at a bound would turn an estimate into a claimed
        // win or loss: no test there.
        let (try_high, try_low) = (beta < u && inside(high), alpha > -u && inside(low));
        if !try_high && !try_low {
            return None;
        }
        let before = self.stats.nodes();
        let result = self.probcut_tests(cx, shallow, (high, try_high), (low, try_low), moves);
        self.stats.decision_probcut_nodes += self.stats.nodes() - before;
        if self.aborted {
            return None;
        }
        let (high, best) = result?;
        let value = if high { beta } else { alpha };
        self.cut(cx, CutKind::ProbCut, value);
        Some(ProbCutResult { value, high, best })
    }

    /// The fail-high test at threshold `high` (if `try_high`), then the
    /// fail-low test at `low` (if `try_low`). Returns whether the node
    /// failed high or low, and the move that made it fail high.
    fn probcut_tests(
        &mut self,
        cx: &Node<G>,
        shallow: u32,
        (high, try_high): (Value, bool),
        (low, try_low): (Value, bool),
        moves: &[G::Move],
    ) -> Option<(bool, Option<G::Move>)> {
        if try_high {
            // v > high.next_down() is v >= high: no float lies between.
            match self.scout(cx, shallow, (high.next_down(), high), moves)? {
                Scout::Above(m) => return Some((true, Some(m))),
                // Every move's upper bound is already at or below `low`.
                Scout::Below(max) if try_low && max <= low => return Some((false, None)),
                Scout::Below(_) => {}
            }
        }
        if try_low {
            if let Scout::Below(_) = self.scout(cx, shallow, (low, low.next_up()), moves)? {
                return Some((false, None));
            }
        }
        None
    }

    /// The node's shallow search (`shallow` decisions, counting the move)
    /// with null window (wa, wb) in the node's view, one move at a time:
    /// stops at the first move whose value exceeds wa. `None` when aborted.
    fn scout(
        &mut self,
        cx: &Node<G>,
        shallow: u32,
        (wa, wb): (Value, Value),
        moves: &[G::Move],
    ) -> Option<Scout<G::Move>> {
        let mut max = f64::NEG_INFINITY;
        for &mv in moves {
            let mut child = cx.pos.clone();
            child.play(mv);
            let v = self.search_child(cx, Step::Move(mv), &child, shallow - 1, (wa, wb), false);
            if self.aborted {
                return None;
            }
            if v > wa {
                return Some(Scout::Above(mv));
            }
            max = max.max(v);
        }
        Some(Scout::Below(max))
    }
}
