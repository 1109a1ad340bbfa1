//! The chance-node search: expectimax and the *-minimax family (Star0.5,
//! Star1, Star2, Star2.5, StarETC) with alpha-beta, PVS, transposition
//! table, history and killer heuristics, static ordering and iterative
//! deepening, each switchable in [`SearchConfig`].
//!
//! Semantics: depth counts decisions only (chance nodes do not use depth,
//! as in perft and Arts); values are `f64` game units from the side to
//! move's point of view, a child's value negated when its side to move
//! differs; terminal positions score exactly `terminal_value` (±U or 0); a
//! non-terminal node at depth 0 is scored by the [`Evaluator`]. With every
//! forward pruning off, every algorithm returns the plain expectimax value
//! (see [`verify::reference_value`]).
//!
//! ```
//! use starcut::search::{SearchConfig, Searcher};
//! use starcut::tree::TreeGame;
//! let pos = TreeGame::parse("bound 10\nmax(3 chance(1*min(4 8) 1*min(-2 6)))").unwrap();
//! let mut s = Searcher::new(SearchConfig::default());
//! let r = s.search_depth(&pos, 3);
//! assert_eq!(r.value, 3.0);
//! ```

mod chance;
pub mod clock;
pub mod config;
mod decision_probcut;
pub mod doubt;
mod eval_cache;
mod huge_pages;
mod iterative;
pub mod multicut;
mod negamax;
mod null_move;
pub mod ordering;
pub mod probcut;
mod quiescence;
pub mod regression;
mod repetition;
mod run;
mod smp;
pub mod stats;
pub mod testing;
pub mod trace;
pub mod tt;
pub mod verify;

use serde::{Deserialize, Serialize};

use crate::game::{Game, Step, Value};

#[cfg(not(target_arch = "wasm32"))]
pub use clock::StdClock;
pub use clock::{Clock, FixedClock, ManualClock};
pub use config::{
    ChanceAlgo, ChanceProbCut, DepthUnits, MultiCut, ProbCutModel, Probing, Replacement,
    SearchConfig, SearchMode, Star1Formula,
};
pub use stats::{Cuts, Stats};
pub use trace::{CutKind, NoTrace, NodeKind, RecordingTracer, TraceEvent, Tracer};

use run::{Run, Shared};
use tt::TransTable;

/// A static evaluation, from the side to move's point of view, strictly
/// inside (-U, U). `Sync`: the search threads share it
/// ([`SearchConfig::threads`]).
pub trait Evaluator<G: Game>: Sync {
    fn evaluate(&self, pos: &G) -> Value;

    /// A key of everything [`Evaluator::evaluate`] reads of `pos`: two
    /// positions with the same key must get the same value, so that the
    /// search can keep the values by key and evaluate a position met
    /// again by another move order only once. `None` (the default): the
    /// values are not kept.
    #[inline]
    fn key(&self, _pos: &G) -> Option<u64> {
        None
    }

    /// The part of [`Evaluator::child_key`] common to every move of
    /// `pos` ([`Game::child_key_base`]). `None` (the default): the
    /// children are always made before their values are looked up. An
    /// evaluator that gives one reads no more of a child than its key
    /// covers: a child whose value is not kept is made with
    /// [`Game::play_keyed_leaf`] and scored.
    #[inline]
    fn child_key_base(&self, _pos: &G) -> Option<u64> {
        None
    }

    /// [`Evaluator::key`] of the position after move `mv` of `pos`, from
    /// `base` ([`Evaluator::child_key_base`]; asked only when that gave
    /// one): by default the game's own ([`Game::child_heuristic_key`]),
    /// right for an evaluator whose key is the game's.
    #[inline]
    fn child_key(&self, pos: &G, base: u64, mv: G::Move) -> Option<u64> {
        pos.child_heuristic_key(base, mv)
    }
}

/// The game's own [`Game::heuristic`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DefaultEval;

impl<G: Game> Evaluator<G> for DefaultEval {
    #[inline]
    fn evaluate(&self, pos: &G) -> Value {
        pos.heuristic()
    }

    #[inline]
    fn key(&self, pos: &G) -> Option<u64> {
        pos.heuristic_key()
    }

    #[inline]
    fn child_key_base(&self, pos: &G) -> Option<u64> {
        pos.child_key_base()
    }
}

/// When a search stops.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Limits {
    /// Decisions to look ahead (the last iteration with iterative deepening).
    pub depth: u32,
    /// Time budget in milliseconds, measured with the search's clock from
    /// the moment the search starts.
    pub deadline_ms: Option<f64>,
    /// Node budget.
    pub max_nodes: Option<u64>,
}

impl Limits {
    /// Only a depth.
    pub fn depth(depth: u32) -> Self {
        Limits {
            depth,
            deadline_ms: None,
            max_nodes: None,
        }
    }
}

/// A progress report: after every completed iteration, and about every
/// `SearchConfig::progress_nodes` nodes.
#[derive(Clone, Debug)]
pub struct Progress<'a, G: Game> {
    /// The iteration running (or just completed).
    pub depth: u32,
    pub stats: Stats,
    /// The best root move so far (last completed iteration, or the running
    /// one before any completed, or in play mode a move of the running
    /// iteration that beat the last completed best there: `deepened`).
    pub best: Option<G::Move>,
    pub value: Option<Value>,
    /// `best` and `value` come from the running iteration, as
    /// [`SearchResult::deepened`] would if the search stopped now.
    pub deepened: bool,
    /// The principal variation of the last completed iteration (empty
    /// before the first completes), borrowed from the searcher's buffer.
    pub pv: &'a [Step<G::Move, G::Outcome>],
    pub iteration_complete: bool,
}

/// One completed iteration of iterative deepening.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IterationInfo {
    pub depth: u32,
    pub value: Value,
    /// The best move in the game's notation (`None` at a chance root).
    pub best: Option<String>,
    /// Nodes searched so far (all iterations).
    pub nodes: u64,
    pub time_ms: f64,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<G: Game> {
    /// Root value from the root's side to move (an expectation at a chance
    /// root).
    pub value: Value,
    /// Best move; `None` at a chance or terminal root.
    pub best: Option<G::Move>,
    /// Principal variation; through chance nodes it follows the likeliest
    /// outcome.
    pub pv: Vec<Step<G::Move, G::Outcome>>,
    pub stats: Stats,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// False when a limit stopped the search before `Limits::depth`.
    pub completed: bool,
    /// Play mode: `best`, `value` and `pv` come from the iteration a limit
    /// stopped, where `best` beat the last completed iteration's best move
    /// (both searched to the end one depth deeper than `depth`).
    pub deepened: bool,
    pub iterations: Vec<IterationInfo>,
}

/// The result of [`Searcher::search_window`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WindowResult {
    /// Fail-soft: <= alpha is an upper bound, >= beta a lower bound.
    pub value: Value,
    pub stats: Stats,
}

/// A search engine for game `G`. Owns the transposition table, the ordering
/// tables and the per-ply buffers, all reused across searches.
pub struct Searcher<G: Game, E: Evaluator<G> = DefaultEval> {
    config: SearchConfig,
    eval: E,
    tt: Option<TransTable<G::Move>>,
    shared: Shared<G>,
    /// The helper threads' own tables (ordering, evaluations, buffers),
    /// kept between searches as the main thread's are (`smp.rs`).
    helpers: Vec<Shared<G>>,
}

/// The table `config` asks for: shared by threads when it runs helpers.
fn new_table<M: crate::game::PackedMove>(config: &SearchConfig) -> Option<TransTable<M>> {
    config.tt.then(|| {
        TransTable::with_sharing(
            config.tt_mb,
            config.tt_replacement,
            config.helper_threads() > 0,
        )
    })
}

impl<G: Game> Searcher<G, DefaultEval> {
    /// A searcher with the game's own heuristic.
    pub fn new(config: SearchConfig) -> Self {
        Searcher::with_evaluator(config, DefaultEval)
    }
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    pub fn with_evaluator(config: SearchConfig, eval: E) -> Self {
        Searcher {
            tt: new_table(&config),
            config,
            eval,
            shared: Shared::default(),
            helpers: Vec::new(),
        }
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Replaces the configuration; the table is rebuilt if its size,
    /// scheme or presence changed, and emptied if its entries could mislead
    /// the new configuration: depth counted in other units, the opponent
    /// model switched (another tree), or an exact
    /// search (whose result must be the expectimax value) after entries of
    /// play mode or forward pruning (late move reductions, ProbCut...).
    /// With the table emptied, the history and killers are forgotten too, so
    /// that the next search is the one a fresh searcher makes, node for node.
    pub fn set_config(&mut self, config: SearchConfig) {
        let rebuild = config.tt != self.config.tt
            || config.tt_mb != self.config.tt_mb
            || config.tt_replacement != self.config.tt_replacement
            || (config.helper_threads() > 0) != (self.config.helper_threads() > 0);
        let stale = config.depth_units != self.config.depth_units
            || config.opponent_model != self.config.opponent_model
            || (config.exact_values() && !self.config.exact_values());
        self.config = config;
        if rebuild {
            self.tt = None;
            self.tt = new_table(&self.config);
            self.shared = Shared::default();
            self.helpers.clear();
        } else if stale {
            if let Some(tt) = &mut self.tt {
                tt.clear();
            }
            for sh in self.threads_mut() {
                sh.ordering.clear();
            }
        }
        if self.config.mode != SearchMode::Play {
            for sh in self.threads_mut() {
                sh.seen.clear();
            }
        }
    }

    /// The evaluator, to change its settings between searches (say a new
    /// game's noise seed). The evaluations kept by key are forgotten; a
    /// kept table still holds values of the old evaluator:
    /// [`Searcher::new_game`] when that matters.
    pub fn evaluator_mut(&mut self) -> &mut E {
        for sh in self.threads_mut() {
            sh.evals.forget();
        }
        &mut self.eval
    }

    /// The main thread's tables and the helpers'.
    fn threads_mut(&mut self) -> impl Iterator<Item = &mut Shared<G>> {
        std::iter::once(&mut self.shared).chain(&mut self.helpers)
    }

    /// Starts a new game: forgets everything learned (table, history,
    /// killers). Between the moves of one game keep the searcher as it is
    /// (in [`SearchMode::Play`] its table, history and killers carry over).
    pub fn new_game(&mut self) {
        self.clear();
    }

    /// Forgets everything learned (table, history, killers).
    pub fn clear(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
        for sh in self.threads_mut() {
            sh.ordering.clear();
            sh.seen.clear();
        }
    }

    /// How many positions this searcher remembers having searched from
    /// (play mode, positions that can come back: `repetition.rs`).
    pub fn positions_seen(&self) -> usize {
        self.shared.seen.len()
    }

    /// A fixed-depth search without time limit, tracing or progress.
    pub fn search_depth(&mut self, pos: &G, depth: u32) -> SearchResult<G> {
        self.search(
            pos,
            &Limits::depth(depth),
            &FixedClock(0.0),
            &mut NoTrace,
            &mut |_| {},
        )
    }

    /// One search of `pos` at exactly `depth` with window (alpha, beta),
    /// no iterative deepening: the lecture mode's "enter node A with
    /// window [3, 4]".
    pub fn search_window<T: Tracer<G>>(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: Value,
        beta: Value,
        tracer: &mut T,
    ) -> WindowResult {
        if let Some(tt) = &mut self.tt {
            tt.new_search();
        }
        let clock = FixedClock(0.0);
        let mut progress = |_: &Progress<'_, G>| {};
        let mut run = Run::new(
            (&self.config, &self.eval, self.tt.as_ref()),
            &mut self.shared,
            tracer,
            &clock,
            &mut progress,
            pos,
            &Limits::depth(depth),
        );
        run.iteration = depth;
        let value = run.node(pos, depth, alpha, beta, 0);
        let mut stats = run.stats;
        stats.depth_reached = depth;
        WindowResult { value, stats }
    }
}
