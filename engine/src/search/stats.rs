//! Typed search counters. The lab, the web panel and the tests read the same
//! fields; nothing here is a formatted string.

use std::ops::AddAssign;

use serde::{Deserialize, Serialize};

use super::trace::CutKind;

/// Cuts by the rule that made them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cuts {
    /// Beta cut-offs at decision nodes.
    pub alpha_beta: u64,
    /// Chance node cut-off I (lower bound >= beta) in the regular phase.
    pub star1_cut_i: u64,
    /// Chance node cut-off II (upper bound <= alpha) in the regular phase.
    pub star1_cut_ii: u64,
    /// A chance node cut during the Star2 / Star2.5 probing phase.
    pub star2_probe: u64,
    /// A chance node cut from the table bounds of its outcomes (StarETC).
    pub staretc: u64,
    /// ChanceProbCut: a chance node cut on estimated bounds (forward
    /// pruning; the returned bound is not proven).
    pub chance_probcut: u64,
    /// Multi-Cut: C of the first M reduced-depth searches failed high.
    pub multicut: u64,
    /// ProbCut at a decision node: its shallow search predicted a value
    /// outside the window (forward pruning; not proven).
    #[serde(default)]
    pub probcut: u64,
    /// Null-move pruning (play mode): a pass still left the node at beta
    /// or more (forward pruning; not proven).
    #[serde(default)]
    pub null_move: u64,
}

impl Cuts {
    /// All cuts together.
    pub fn total(&self) -> u64 {
        self.alpha_beta
            + self.star1_cut_i
            + self.star1_cut_ii
            + self.star2_probe
            + self.staretc
            + self.chance_probcut
            + self.multicut
            + self.probcut
            + self.null_move
    }
}

impl AddAssign for Cuts {
    fn add_assign(&mut self, o: Cuts) {
        self.alpha_beta += o.alpha_beta;
        self.star1_cut_i += o.star1_cut_i;
        self.star1_cut_ii += o.star1_cut_ii;
        self.star2_probe += o.star2_probe;
        self.staretc += o.staretc;
        self.chance_probcut += o.chance_probcut;
        self.multicut += o.multicut;
        self.probcut += o.probcut;
        self.null_move += o.null_move;
    }
}

/// What one search (or a sum of searches) did.
///
/// Node counting: every position the search visits is one node — a decision
/// node when its moves are generated (also each time a Star2 probe visits an
/// outcome's position), a chance node when its outcomes are generated, a
/// leaf when it is scored (terminal, depth 0, or a decision node without
/// moves). Table cuts count the node they cut at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    pub decision_nodes: u64,
    pub chance_nodes: u64,
    pub leaf_nodes: u64,
    pub tt_probes: u64,
    pub tt_hits: u64,
    pub tt_cuts: u64,
    pub cuts: Cuts,
    /// Star2 / Star2.5 / StarETC probe searches.
    pub probes: u64,
    /// Re-searches: PVS after a failed null-window search; in play mode
    /// also a late move searched again at full depth after its reduced
    /// search failed high, and a root searched again after it failed
    /// outside its aspiration window.
    pub researches: u64,
    /// Play mode: late moves searched first at a reduced depth.
    #[serde(default)]
    pub reductions: u64,
    /// Nodes of ChanceProbCut's shallow searches (also in the node totals).
    #[serde(default)]
    pub probcut_nodes: u64,
    /// Nodes of Multi-Cut's reduced-depth searches (also in the totals).
    #[serde(default)]
    pub multicut_nodes: u64,
    /// Nodes of ProbCut's shallow searches at decision nodes (also in the
    /// totals).
    #[serde(default)]
    pub decision_probcut_nodes: u64,
    /// Nodes of the null-move searches (also in the totals).
    #[serde(default)]
    pub null_move_nodes: u64,
    /// Leaves whose value was found in the evaluation cache by the key
    /// the game told before the move was made, so the position was never
    /// made (also in `leaf_nodes`).
    #[serde(default)]
    pub keyed_leaves: u64,
    /// Cuts re-searched and confirmed by `verify_cuts`.
    pub verified_cuts: u64,
    /// Deepest completed iteration.
    pub depth_reached: u32,
    pub time_ms: f64,
}

impl Stats {
    /// The cuts of every kind that happened, in the engine's order
    /// ([`CutKind`]; table cuts last), with their counts.
    pub fn cuts_by_kind(&self) -> impl Iterator<Item = (CutKind, u64)> {
        let c = &self.cuts;
        [
            (CutKind::AlphaBeta, c.alpha_beta),
            (CutKind::Star1CutI, c.star1_cut_i),
            (CutKind::Star1CutII, c.star1_cut_ii),
            (CutKind::Star2Probe, c.star2_probe),
            (CutKind::StarEtc, c.staretc),
            (CutKind::ChanceProbCut, c.chance_probcut),
            (CutKind::MultiCut, c.multicut),
            (CutKind::ProbCut, c.probcut),
            (CutKind::NullMove, c.null_move),
            (CutKind::Table, self.tt_cuts),
        ]
        .into_iter()
        .filter(|&(_, n)| n > 0)
    }

    /// All nodes.
    pub fn nodes(&self) -> u64 {
        self.decision_nodes + self.chance_nodes + self.leaf_nodes
    }

    /// Nodes per second, 0 when no time was measured.
    pub fn nodes_per_second(&self) -> f64 {
        if self.time_ms > 0.0 {
            self.nodes() as f64 * 1000.0 / self.time_ms
        } else {
            0.0
        }
    }
}

impl AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.decision_nodes += o.decision_nodes;
        self.chance_nodes += o.chance_nodes;
        self.leaf_nodes += o.leaf_nodes;
        self.tt_probes += o.tt_probes;
        self.tt_hits += o.tt_hits;
        self.tt_cuts += o.tt_cuts;
        self.cuts += o.cuts;
        self.probes += o.probes;
        self.researches += o.researches;
        self.reductions += o.reductions;
        self.probcut_nodes += o.probcut_nodes;
        self.multicut_nodes += o.multicut_nodes;
        self.decision_probcut_nodes += o.decision_probcut_nodes;
        self.null_move_nodes += o.null_move_nodes;
        self.keyed_leaves += o.keyed_leaves;
        self.verified_cuts += o.verified_cuts;
        self.depth_reached = self.depth_reached.max(o.depth_reached);
        self.time_ms += o.time_ms;
    }
}
