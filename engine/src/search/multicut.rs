//! Multi-Cut (Björnsson and Marsland 2001; at ALL nodes too, Winands et al.
//! 2005, as Arts used it in Stratego, thesis section 4.10): forward pruning
//! at decision nodes off the principal variation.
//!
//! Before a non-PV decision node with `d >= min_depth` decisions left is
//! searched in full, its first M moves (in search order) are searched to
//! the reduced depth `d - 1 - R` with a null window at beta. When at least
//! C of them fail high the node returns beta without a full search. A node
//! is on the principal variation when it is the root, the first move of a
//! PV decision node, or an outcome of a PV chance node; every other node is
//! an expected CUT or ALL node, where Winands' variant prunes.

use serde::{Deserialize, Serialize};

use crate::game::{Game, Step, Value};

use super::run::{Node, Run};
use super::trace::{CutKind, Tracer};
use super::Evaluator;

/// Multi-Cut settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MultiCut {
    /// Moves searched at reduced depth (M).
    pub m: u32,
    /// Fail-highs needed to cut (C).
    pub c: u32,
    /// Depth reduction (R): the moves are searched to d - 1 - R.
    pub r: u32,
    /// Only at nodes with at least this many decisions left.
    pub min_depth: u32,
}

impl Default for MultiCut {
    /// M = 10, C = 3, R = 2 from depth 4 on: Winands et al.'s
    /// setting for Lines of Action and one of those Arts tried.
    fn default() -> Self {
        MultiCut {
            m: 10,
            c: 3,
            r: 2,
            min_depth: 4,
        }
    }
}

impl<G: Game, E: Evaluator<G>, T: Tracer<G>> Run<'_, G, E, T> {
    /// Tries a Multi-Cut at a non-PV decision node whose moves are already
    /// ordered. Returns beta when C of the first M reduced searches reach
    /// it.
    pub(crate) fn multi_cut(&mut self, cx: &Node<G>, moves: &[G::Move]) -> Option<Value> {
        let (depth, beta) = (cx.depth, cx.beta);
        let mc = self.cfg.multicut?;
        if !self.cfg.alpha_beta
            || depth < mc.min_depth.max(1)
            || depth < 1 + mc.r
            || !beta.is_finite()
            || beta >= self.u
        {
            return None;
        }
        let reduced = depth - 1 - mc.r;
        let m = (mc.m as usize).min(moves.len());
        let need = mc.c as usize;
        if need == 0 || need > m {
            return None;
        }
        // A null window just below beta: the cheapest search that tells
        // whether a move reaches beta.
        let below = beta.next_down();
        let before = self.stats.nodes();
        let mut high = 0;
        for (i, &mv) in moves.iter().take(m).enumerate() {
            // Not enough moves left to reach C.
            if high + (m - i) < need {
                break;
            }
            let mut child = cx.pos.clone();
            child.play(mv);
            let v = self.search_child(cx, Step::Move(mv), &child, reduced, (below, beta), false);
            if self.aborted {
                break;
            }
            if v >= beta {
                high += 1;
                if high >= need {
                    break;
                }
            }
        }
        self.stats.multicut_nodes += self.stats.nodes() - before;
        if self.aborted || high < need {
            return None;
        }
        self.cut(&cx.with_window(below, beta), CutKind::MultiCut, beta);
        Some(beta)
    }
}
