//! Search settings: which chance-node algorithm runs and which enhancements
//! are switched on, so that every experiment of the references can be run as
//! an on/off comparison.
//!
//! Algorithm names (command line, saved settings, the web app):
//!
//! | name         | chance nodes                                                    |
//! |--------------|-----------------------------------------------------------------|
//! | `expectimax` | Star0: every outcome searched with the full window (Hsu F3.0')  |
//! | `star0.5`    | Star0.5: full-window children, cut I/II checked between children |
//! | `star1`      | Star1: cut I/II plus narrowed child windows (A_i, B_i)           |
//! | `star2`      | Star2: probe the first move of every outcome, then Star1 (h = 1) |
//! | `star2.5`    | Star2.5: probe the first `probe_factor` moves of every outcome, in `probing` order (cyclic or sequential), then Star1 |
//! | `staretc`    | StarETC: transposition-table bounds of every outcome first, then Star2.5 probing, then Star1 |
//!
//! Following Hsu's slides, Star2.5 is Star2 with a probing factor h and a
//! probing order; with h = 1 it equals Star2 and with h = 0 it equals Star1.
//! `star2` ignores `probe_factor` (always h = 1); `star2.5` and `staretc` use
//! it. StarETC needs `tt`; without a table it behaves like Star2.5.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::{ParseError, ParseErrorKind};

pub use super::multicut::MultiCut;
pub use super::probcut::{ChanceProbCut, ProbCutModel};

/// The chance-node procedure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ChanceAlgo {
    #[serde(rename = "expectimax")]
    Expectimax,
    #[serde(rename = "star0.5")]
    Star05,
    #[serde(rename = "star1")]
    Star1,
    #[serde(rename = "star2")]
    Star2,
    #[serde(rename = "star2.5")]
    Star25,
    #[serde(rename = "staretc")]
    StarEtc,
}

impl ChanceAlgo {
    /// Every algorithm, weakest first.
    pub const ALL: [ChanceAlgo; 6] = [
        ChanceAlgo::Expectimax,
        ChanceAlgo::Star05,
        ChanceAlgo::Star1,
        ChanceAlgo::Star2,
        ChanceAlgo::Star25,
        ChanceAlgo::StarEtc,
    ];

    /// The name used in text (`star0.5`, `staretc`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            ChanceAlgo::Expectimax => "expectimax",
            ChanceAlgo::Star05 => "star0.5",
            ChanceAlgo::Star1 => "star1",
            ChanceAlgo::Star2 => "star2",
            ChanceAlgo::Star25 => "star2.5",
            ChanceAlgo::StarEtc => "staretc",
        }
    }

    /// Whether the procedure has a probing phase.
    pub const fn probes(self) -> bool {
        matches!(
            self,
            ChanceAlgo::Star2 | ChanceAlgo::Star25 | ChanceAlgo::StarEtc
        )
    }
}

impl fmt::Display for ChanceAlgo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ChanceAlgo {
    type Err = ParseError;

    /// Accepts the names above, case-insensitively, and `star0` for
    /// expectimax.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        if lower == "star0" {
            return Ok(ChanceAlgo::Expectimax);
        }
        ChanceAlgo::ALL
            .into_iter()
            .find(|a| a.name() == lower)
            .ok_or_else(|| {
                ParseError::new(
                    ParseErrorKind::BadValue,
                    "chance algorithm",
                    format!(
                        "'{s}' is not one of expectimax, star0.5, star1, star2, star2.5, staretc"
                    ),
                )
            })
    }
}

/// The order of Star2.5 probes (Hsu): `Cyclic` probes the j-th move of every
/// outcome before the (j+1)-th of any; `Sequential` probes the first h moves
/// of one outcome before going to the next outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Probing {
    Cyclic,
    Sequential,
}

impl Probing {
    pub const fn name(self) -> &'static str {
        match self {
            Probing::Cyclic => "cyclic",
            Probing::Sequential => "sequential",
        }
    }
}

impl fmt::Display for Probing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Probing {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "cyclic" => Ok(Probing::Cyclic),
            "sequential" => Ok(Probing::Sequential),
            _ => Err(ParseError::new(
                ParseErrorKind::BadValue,
                "probing",
                format!("'{s}' is not one of cyclic, sequential"),
            )),
        }
    }
}

/// Transposition-table replacement scheme (Breuker et al.).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Replacement {
    /// Keep the entry with the deeper subtree (entries of an older search
    /// are always replaced).
    Deep,
    /// Always replace.
    Always,
    /// Two slots per bucket: one kept by depth, one always replaced.
    TwoTier,
}

impl fmt::Display for Replacement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Replacement::Deep => "deep",
            Replacement::Always => "always",
            Replacement::TwoTier => "twotier",
        })
    }
}

impl FromStr for Replacement {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "deep" => Ok(Replacement::Deep),
            "always" => Ok(Replacement::Always),
            "twotier" | "two-tier" => Ok(Replacement::TwoTier),
            _ => Err(ParseError::new(
                ParseErrorKind::BadValue,
                "replacement",
                format!("'{s}' is not one of deep, always, twotier"),
            )),
        }
    }
}

/// How a search uses what the searcher already knows.
///
/// * `Exact` (the default): a table entry's value is used only when it was
///   searched to exactly the remaining depth, so every exact configuration
///   returns the fixed-depth expectimax value. The mode of the agreement
///   tests, the lecture and `bench`'s reductions.
/// * `Play`: deeper entries are used too (the usual engine practice: a
///   value searched deeper is better, though the root value then mixes
///   depths), for a [`Searcher`](super::Searcher) kept across the moves of
///   one game, whose table, history and killers carry over from move to
///   move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SearchMode {
    #[default]
    Exact,
    Play,
}

impl SearchMode {
    pub const fn name(self) -> &'static str {
        match self {
            SearchMode::Exact => "exact",
            SearchMode::Play => "play",
        }
    }

    /// Whether a table entry of `stored` depth may give a value at
    /// `depth`.
    #[inline]
    pub const fn usable(self, stored: u32, depth: u32) -> bool {
        match self {
            SearchMode::Exact => stored == depth,
            SearchMode::Play => stored >= depth,
        }
    }
}

impl fmt::Display for SearchMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SearchMode {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "exact" => Ok(SearchMode::Exact),
            "play" => Ok(SearchMode::Play),
            _ => Err(ParseError::new(
                ParseErrorKind::BadValue,
                "mode",
                format!("'{s}' is not one of exact, play"),
            )),
        }
    }
}

/// What a unit of search depth is.
///
/// * `Decisions` (the default): depth counts decisions only; a chance node
///   passes its depth on to its outcomes (as Arts counts, and as `perft`
///   does). A search of depth d sees d moves on every line.
/// * `Plies`: every node uses one unit, chance nodes too, as Schadd's
///   Algorithms 5.1/5.2 decrement depth at both node kinds; his "depth 9"
///   is a search of depth 9 in these units. A line through k chance nodes
///   sees d - k moves; a chance node at depth 1 has its outcomes scored by
///   the evaluator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DepthUnits {
    #[default]
    Decisions,
    Plies,
}

impl DepthUnits {
    pub const fn name(self) -> &'static str {
        match self {
            DepthUnits::Decisions => "decisions",
            DepthUnits::Plies => "plies",
        }
    }

    /// The depth left at the outcomes of a chance node with `depth` left
    /// (at least 1: a chance node at depth 0 is a leaf).
    #[inline]
    pub const fn below_chance(self, depth: u32) -> u32 {
        match self {
            DepthUnits::Decisions => depth,
            DepthUnits::Plies => depth.saturating_sub(1),
        }
    }
}

impl fmt::Display for DepthUnits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DepthUnits {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "decisions" => Ok(DepthUnits::Decisions),
            "plies" => Ok(DepthUnits::Plies),
            _ => Err(ParseError::new(
                ParseErrorKind::BadValue,
                "depth units",
                format!("'{s}' is not one of decisions, plies"),
            )),
        }
    }
}

/// Which of Hsu's incremental Star1 formulas compute the child windows
/// (A_i, B_i) and the bounds (m_i, M_i) when no probe information exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Star1Formula {
    /// Uniform formulas (1)-(6) when all weights are equal, the integer
    /// weight (GCD) formulas (13)-(18) otherwise.
    Auto,
    /// The general-probability formulas (7)-(12) always.
    General,
}

/// Everything that selects how the search runs.
///
/// `Default` is the strongest exact setup: StarETC with probe factor 1
/// (Arts, Table 6.9: h = 1 prunes most with good move ordering), cyclic
/// probing, alpha-beta, a 16 MB Deep transposition table, history, killers,
/// static ordering and iterative deepening. PVS is off by default: with
/// real-valued evaluations and chance nodes its null-window re-searches cost
/// more than they save on the random test trees (see the search tests).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchConfig {
    pub chance: ChanceAlgo,
    /// Star2.5 / StarETC probing factor h (moves probed per outcome).
    pub probe_factor: u32,
    pub probing: Probing,
    /// Window cuts at decision nodes, and windows passed to chance nodes.
    /// Off: every node is searched with an infinite window (plain
    /// expectimax when `chance` is `expectimax`).
    pub alpha_beta: bool,
    pub tt: bool,
    pub tt_mb: usize,
    pub tt_replacement: Replacement,
    /// Exact (table values only at exactly the remaining depth, so that
    /// every algorithm returns the expectimax value; the default) or play
    /// (deeper entries too). See [`SearchMode`].
    pub mode: SearchMode,
    /// What a unit of depth is: decisions (the default) or plies, chance
    /// nodes counted too (Schadd's units). See [`DepthUnits`].
    pub depth_units: DepthUnits,
    pub history: bool,
    pub killers: bool,
    pub pvs: bool,
    pub iterative: bool,
    /// Order moves by [`crate::Game::move_order_hint`] (as
    /// [`SearchConfig::move_hint`] says) and chance outcomes by decreasing
    /// weight.
    pub static_ordering: bool,
    /// Whether the static ordering uses the move hint: `None` (the default)
    /// as the game says ([`crate::Game::HINT_BY_DEFAULT`]), `Some` to
    /// choose (the lab's `hint` and `nohint` flags).
    pub move_hint: Option<bool>,
    /// Debug: re-search every cut with plain expectimax and assert that the
    /// returned bound is sound. Exponential; for tests and small searches.
    pub verify_cuts: bool,
    pub star1_formula: Star1Formula,
    /// Call the progress callback about every this many nodes (0: only
    /// after each iteration).
    pub progress_nodes: u64,
    /// Forward pruning at chance nodes (Schadd's ChanceProbCut). `None`:
    /// off, the search stays exact. Applies with alpha-beta and any chance
    /// algorithm but expectimax.
    pub chance_probcut: Option<ChanceProbCut>,
    /// Forward pruning at expected CUT and ALL decision nodes (Multi-Cut,
    /// Winands et al. 2005 as Arts used it). `None`: off.
    pub multicut: Option<MultiCut>,
    /// Play mode only (ignored in exact mode): late move reductions at
    /// decision nodes. From the `lmr_from`-th move on (0-based, in the
    /// picker's order) and with at least `lmr_depth` units left (and never
    /// fewer than 4), a quiet move ([`crate::Game::is_tactical`] false) is
    /// searched first with a null window at alpha two units shallower, and
    /// again at full depth only when that search fails high. Two, not one:
    /// a search one decision shorter ends with the other side to move, and
    /// without a quiescence search the evaluation swings with that parity
    /// (in ChanceBreakthrough it failed high nearly every time and cost
    /// five times the nodes). docs/engine-speed.md has the figures.
    pub lmr: bool,
    pub lmr_from: u32,
    pub lmr_depth: u32,
    /// Play mode only (ignored in exact mode): aspiration windows at the
    /// root. From the second iteration on the root is searched with a
    /// window of `aspiration` x U on either side of the last iteration's
    /// value, and again with the failed side opened when the value falls
    /// outside. `0`: off.
    pub aspiration: f64,
    /// Play mode only (ignored in exact mode): null-move pruning with
    /// reduction R (`0`: off). At a non-PV decision node with at least
    /// R + 2 decisions left whose static value is at least beta, the side
    /// to move passes ([`crate::Game::null_move`]) and the opponent
    /// searches R + 1 decisions shallower with a null window at beta; a
    /// result still at least beta cuts the node. Never twice in a row, and
    /// only where the game allows a pass (Stratego: not in a battle, and
    /// not for a side with at most three movers left, where zugzwang is
    /// real). R = 2 keeps the horizon's parity, as late move reductions'
    /// two units do (`null_move.rs`).
    pub null_move: u32,
    /// Play mode only (ignored in exact mode): a quiescence search of up
    /// to this many plies at the horizon, over the game's certain captures
    /// ([`crate::Game::certain_captures`]), standing pat on the static
    /// value (`0`: off).
    pub quiescence: u32,
    /// Forward pruning at non-PV decision nodes: Buro's ProbCut with the
    /// same regression models as ChanceProbCut (the same parameter file,
    /// its own `t`). `None`: off. Applies with alpha-beta, at the remaining
    /// depths in `depths` that have a model (d, d - r).
    pub probcut: Option<ChanceProbCut>,
    /// Search the game's opponent model instead of the plain counts:
    /// chance outcomes from [`crate::Game::modelled_outcomes`] and moves
    /// from [`crate::Game::modelled_moves`] (Stratego: ranks weighted by
    /// behaviour and setup habits, and an opponent that cannot see the
    /// searching side's hidden ranks). It changes the tree, not the
    /// algorithm: every exact algorithm still returns the expectimax value
    /// of the modelled tree. Off in [`SearchConfig::default`], so that the
    /// papers' figures are those of the counts.
    pub opponent_model: bool,
    /// Search threads (lazy SMP, `smp.rs`): 1 (the default) searches
    /// alone; more run helper threads on the same root, sharing the
    /// transposition table, and the deepest iteration any thread completes
    /// is the result. Native builds only: WebAssembly searches with one
    /// thread whatever this says. With more than one the search is no
    /// longer repeatable (the threads race), though in exact mode every
    /// value is still the expectimax value.
    pub threads: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            chance: ChanceAlgo::StarEtc,
            probe_factor: 1,
            probing: Probing::Cyclic,
            alpha_beta: true,
            tt: true,
            tt_mb: 16,
            tt_replacement: Replacement::Deep,
            mode: SearchMode::Exact,
            depth_units: DepthUnits::Decisions,
            history: true,
            killers: true,
            pvs: false,
            iterative: true,
            static_ordering: true,
            move_hint: None,
            verify_cuts: false,
            star1_formula: Star1Formula::Auto,
            progress_nodes: 1 << 16,
            chance_probcut: None,
            multicut: None,
            probcut: None,
            lmr: false,
            lmr_from: 3,
            lmr_depth: 3,
            aspiration: 0.0,
            null_move: 0,
            quiescence: 0,
            opponent_model: false,
            threads: 1,
        }
    }
}

impl SearchConfig {
    /// Plain expectimax: no window anywhere, no table, no ordering. The
    /// reference every other setup must agree with.
    pub fn expectimax() -> Self {
        SearchConfig {
            chance: ChanceAlgo::Expectimax,
            alpha_beta: false,
            tt: false,
            history: false,
            killers: false,
            pvs: false,
            iterative: false,
            static_ordering: false,
            ..SearchConfig::default()
        }
    }

    /// Only `chance` and alpha-beta, every other enhancement off: the setup
    /// of the worked examples, where children are searched in given order.
    pub fn bare(chance: ChanceAlgo) -> Self {
        SearchConfig {
            chance,
            alpha_beta: true,
            ..SearchConfig::expectimax()
        }
    }

    /// The default configuration in play mode: for a searcher kept across
    /// the moves of a game.
    pub fn play() -> Self {
        SearchConfig {
            mode: SearchMode::Play,
            ..SearchConfig::default()
        }
    }

    /// Whether late move reductions apply: play mode with `lmr` on and
    /// alpha-beta.
    pub fn reduces(&self) -> bool {
        self.mode == SearchMode::Play && self.lmr && self.alpha_beta
    }

    /// The null move's reduction R when null-move pruning applies: play
    /// mode with alpha-beta and `null_move` set.
    pub fn null_move_reduction(&self) -> Option<u32> {
        (self.mode == SearchMode::Play && self.alpha_beta && self.null_move > 0)
            .then_some(self.null_move)
    }

    /// The quiescence search's plies when it applies: play mode with
    /// alpha-beta and `quiescence` set.
    pub fn quiescence_plies(&self) -> Option<u32> {
        (self.mode == SearchMode::Play && self.alpha_beta && self.quiescence > 0)
            .then_some(self.quiescence)
    }

    /// The aspiration half-width as a fraction of U, when aspiration
    /// windows apply (play mode, alpha-beta, iterative deepening).
    pub fn aspiration_width(&self) -> Option<f64> {
        (self.mode == SearchMode::Play
            && self.alpha_beta
            && self.iterative
            && self.aspiration > 0.0
            && self.aspiration.is_finite())
        .then_some(self.aspiration)
    }

    /// Whether a forward-pruning technique is on (the result may then
    /// differ from expectimax).
    pub fn forward_pruning(&self) -> bool {
        self.chance_probcut.is_some() || self.multicut.is_some() || self.probcut.is_some()
    }

    /// Whether every value this configuration finds (and stores in the
    /// table) is an expectimax value or a sound bound on one: exact mode
    /// without forward pruning.
    pub fn exact_values(&self) -> bool {
        self.mode == SearchMode::Exact && !self.forward_pruning()
    }

    /// The helper threads a search runs beside its own: `threads - 1`,
    /// none on WebAssembly (no threads there).
    pub fn helper_threads(&self) -> usize {
        if cfg!(target_arch = "wasm32") {
            0
        } else {
            self.threads.saturating_sub(1) as usize
        }
    }

    /// The probing factor actually used by the chance algorithm.
    pub fn effective_probe_factor(&self) -> u32 {
        match self.chance {
            ChanceAlgo::Star2 => 1,
            ChanceAlgo::Star25 | ChanceAlgo::StarEtc => self.probe_factor,
            _ => 0,
        }
    }
}
