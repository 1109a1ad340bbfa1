//! The state of one running search: configuration, tables and buffers
//! borrowed from the [`Searcher`](super::Searcher), the tracer, the clock and
//! the limits. The node procedures (`negamax.rs`, `chance.rs`) are methods
//! of [`Run`], monomorphised over game, evaluator and tracer.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};

use crate::game::{Game, Step, Value};

use super::clock::Clock;
use super::config::{SearchConfig, SearchMode};
use super::eval_cache::EvalCache;
use super::ordering::{MovePicker, Ordering, OrderingFlags};
use super::repetition::Seen;
use super::stats::Stats;
use super::trace::{CutKind, NodeKind, Tracer};
use super::tt::{Entry, TransTable};
use super::verify;
use super::{Evaluator, Limits, Progress};

/// Reusable buffers of one ply (one level of the recursion). Taken out of
/// the searcher while the node at that ply runs, so that recursion can use
/// the deeper plies; nothing is allocated once capacities have grown.
pub(crate) struct Ply<G: Game> {
    /// A decision node's moves, handed out best first.
    pub picker: MovePicker<G::Move>,
    /// Set by a parent chance node that probed this node's position: the
    /// hash of the position whose moves `picker` already holds, started and
    /// partly handed out by the probes (read and cleared by the node).
    pub prepared: Option<u64>,
    pub outcomes: Vec<(G::Outcome, u32)>,
    /// A chance node's outcome positions, built in outcome order as the
    /// phases first need them, and the sign of each.
    pub kids: Vec<G>,
    pub sign: Vec<f64>,
    pub weight: Vec<f64>,
    pub lo: Vec<f64>,
    pub hi: Vec<f64>,
    /// A chance node's per-outcome move pickers for its probes (grown, never
    /// shrunk: their buffers are reused), and the table's move of each
    /// outcome position as StarETC's phase read it.
    pub lists: Vec<MovePicker<G::Move>>,
    pub listed: Vec<bool>,
    /// StarETC: each outcome position's table key (none when terminal).
    pub etc_keys: Vec<Option<(u64, bool)>>,
    pub table_move: Vec<Option<G::Move>>,
    /// ChanceProbCut: each outcome's estimated interval from its shallow
    /// search (chance node's view), and the estimate combined with the
    /// proven bounds, whose weighted sums decide estimated cuts; whether
    /// an outcome's estimate is tighter than its proven bounds.
    pub clo: Vec<f64>,
    pub chi: Vec<f64>,
    pub elo: Vec<f64>,
    pub ehi: Vec<f64>,
    pub tighter: Vec<bool>,
    /// Probe results of a chance node: (outcome, move, value, probe alpha,
    /// probe beta), the value from the outcome position's side.
    pub probed: Vec<(usize, G::Move, Value, Value, Value)>,
    /// Results a decision node at this ply already knows for some of its
    /// moves (its parent chance node probed them): (move, value, alpha,
    /// beta of the probe). Set by the parent just before the call.
    pub known: Vec<(G::Move, Value, Value, Value)>,
    /// The certain captures of a quiescence node at this ply
    /// (`quiescence.rs`).
    pub captures: Vec<G::Move>,
}

impl<G: Game> Default for Ply<G> {
    fn default() -> Self {
        Ply {
            picker: MovePicker::default(),
            prepared: None,
            outcomes: Vec::new(),
            kids: Vec::new(),
            sign: Vec::new(),
            weight: Vec::new(),
            lo: Vec::new(),
            hi: Vec::new(),
            lists: Vec::new(),
            listed: Vec::new(),
            etc_keys: Vec::new(),
            table_move: Vec::new(),
            clo: Vec::new(),
            chi: Vec::new(),
            elo: Vec::new(),
            ehi: Vec::new(),
            tighter: Vec::new(),
            probed: Vec::new(),
            known: Vec::new(),
            captures: Vec::new(),
        }
    }
}

impl<G: Game> Ply<G> {
    /// Builds the outcome positions (and signs) up to outcome `i`: every
    /// phase of a chance node reaches its outcomes in order, so only those
    /// reached are ever cloned.
    #[inline]
    pub fn build_kids(&mut self, pos: &G, i: usize) {
        while self.kids.len() <= i {
            let mut kid = pos.clone();
            kid.apply_outcome(self.outcomes[self.kids.len()].0);
            self.sign.push(if kid.to_move() == pos.to_move() {
                1.0
            } else {
                -1.0
            });
            self.kids.push(kid);
        }
    }
}

/// One node being searched: its position, the decisions left, its window,
/// its ply and whether it is on the principal variation.
#[derive(Clone, Copy)]
pub(crate) struct Node<'p, G> {
    pub pos: &'p G,
    pub depth: u32,
    pub ply: usize,
    pub alpha: Value,
    pub beta: Value,
    pub pv: bool,
}

impl<G> Node<'_, G> {
    /// The same node with window (alpha, beta).
    #[inline]
    pub fn with_window(&self, alpha: Value, beta: Value) -> Self {
        Node {
            alpha,
            beta,
            ..*self
        }
    }
}

/// What a [`Searcher`](super::Searcher) keeps between searches, one for
/// each search thread (the table apart: the threads share it).
pub(crate) struct Shared<G: Game> {
    pub ordering: Ordering<G::Move>,
    /// Evaluations kept by the evaluator's key ([`Run::evaluate`]).
    pub evals: EvalCache,
    /// Per ply, its buffers: boxed, so that a node takes them out and puts
    /// them back by moving a pointer, not the whole `Ply` (half a
    /// kilobyte, at every node); `None` while the node at that ply runs.
    plies: Vec<Option<Box<Ply<G>>>>,
    /// Triangular principal-variation table: `pv[ply]` is the line from
    /// the node at `ply`.
    pub pv: Vec<Vec<Step<G::Move, G::Outcome>>>,
    /// The principal variation of the last completed iteration, for
    /// progress reports (kept here so that reporting allocates nothing).
    pub last_pv: Vec<Step<G::Move, G::Outcome>>,
    /// The positions searched from in play mode (`repetition.rs`).
    pub seen: Seen,
}

impl<G: Game> Default for Shared<G> {
    fn default() -> Self {
        Shared {
            ordering: Ordering::default(),
            evals: EvalCache::default(),
            plies: Vec::new(),
            pv: Vec::new(),
            last_pv: Vec::new(),
            seen: Seen::default(),
        }
    }
}

impl<G: Game> Shared<G> {
    /// Makes room for the plies up to `ply` (at every node: the check is
    /// inlined, the growing is not).
    #[inline]
    pub fn ensure_ply(&mut self, ply: usize) {
        if self.plies.len() <= ply {
            self.grow_plies(ply);
        }
    }

    /// Takes the buffers of `ply` out while its node runs (the recursion
    /// uses the deeper plies); [`Shared::put_ply`] puts them back.
    #[inline]
    pub fn take_ply(&mut self, ply: usize) -> Box<Ply<G>> {
        self.plies[ply]
            .take()
            .expect("a ply's buffers are taken by one node at a time")
    }

    /// Puts back the buffers [`Shared::take_ply`] took.
    #[inline]
    pub fn put_ply(&mut self, ply: usize, buf: Box<Ply<G>>) {
        self.plies[ply] = Some(buf);
    }

    /// The buffers of `ply`, from the node above it (which hands over its
    /// probes' results there before the node at `ply` runs).
    #[inline]
    pub fn ply_mut(&mut self, ply: usize) -> &mut Ply<G> {
        self.plies[ply]
            .as_deref_mut()
            .expect("the buffers of a ply below the running node are in place")
    }

    #[cold]
    #[inline(never)]
    fn grow_plies(&mut self, ply: usize) {
        while self.plies.len() <= ply {
            self.plies.push(Some(Box::default()));
            self.pv.push(Vec::with_capacity(32));
        }
    }
}

/// What the search threads tell one another (`smp.rs`).
#[derive(Clone, Copy)]
pub(crate) struct Smp<'a> {
    /// Set when every thread must stop (read with the clock).
    pub stop: &'a AtomicBool,
    /// The main thread's running iteration.
    pub main_depth: &'a AtomicU32,
    /// `None` for the main thread (which sets `main_depth`); for a
    /// helper, how many decisions beyond the main thread's iteration its
    /// next one starts at least.
    pub lead: Option<u32>,
}

/// How often (in nodes) the clock is read.
const CLOCK_EVERY: u64 = 1024;

pub(crate) struct Run<'a, G: Game, E: Evaluator<G>, T: Tracer<G>> {
    pub cfg: &'a SearchConfig,
    pub eval: &'a E,
    /// The transposition table (shared by the search threads).
    pub tt: Option<&'a TransTable<G::Move>>,
    /// The search threads' signals, when there are helpers (`smp.rs`).
    pub smp: Option<&'a Smp<'a>>,
    pub sh: &'a mut Shared<G>,
    pub tracer: &'a mut T,
    pub clock: &'a dyn Clock,
    pub progress: &'a mut dyn FnMut(&Progress<'_, G>),
    pub stats: Stats,
    pub start_ms: f64,
    pub deadline_ms: Option<f64>,
    pub max_nodes: Option<u64>,
    pub aborted: bool,
    /// Plies at which a null move is being searched (bit `ply`, up to 127):
    /// a node right below one never passes again.
    pub null_plies: u128,
    /// The game's bound U.
    pub u: Value,
    pub flags: OrderingFlags,
    /// Depth of the running iteration.
    pub iteration: u32,
    /// Best root move and value found so far in the running iteration.
    pub root_best: Option<(G::Move, Value)>,
    /// Whether the running iteration has searched the last completed
    /// iteration's best move to the end (its value is then one of those
    /// `root_best` is the greatest of).
    pub last_best_searched: bool,
    /// The root window's lower bound in the running pass of the iteration:
    /// a root value above it is exact or a lower bound, never an upper one.
    pub root_alpha: Value,
    /// Result of the last completed iteration.
    pub last_best: Option<G::Move>,
    pub last_value: Option<Value>,
    /// Set just before a child call: the child is on the principal
    /// variation (read and cleared by `node`).
    pub next_pv: bool,
    next_clock: u64,
    next_progress: u64,
}

/// What the transposition table says about a node before it is searched.
pub(crate) struct TableProbe<M> {
    /// A stored bound that decides the node for the window: return it.
    pub cut: Option<Value>,
    /// The window narrowed by the stored bounds (with alpha-beta on).
    pub alpha: Value,
    pub beta: Value,
    /// The stored best move, for move ordering.
    pub best: Option<M>,
}

impl<'a, G: Game, E: Evaluator<G>, T: Tracer<G>> Run<'a, G, E, T> {
    /// The evaluator's value of `pos`, looked up by its key when it names
    /// one (`eval_cache.rs`): the same value either way.
    #[inline]
    pub(crate) fn evaluate(&mut self, pos: &G) -> Value {
        let eval = self.eval;
        match eval.key(pos) {
            Some(key) => self.sh.evals.get_or_insert(key, || eval.evaluate(pos)),
            None => eval.evaluate(pos),
        }
    }

    /// Probes the table for a decision (`chance = false`) or chance node
    /// under `key`, with `depth` decisions left and window (alpha, beta).
    /// Entries are used only at the depth the configuration allows, and
    /// never to cut at the root (the search must name a move there).
    pub(crate) fn probe_table(
        &mut self,
        key: u64,
        chance: bool,
        depth: u32,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> TableProbe<G::Move> {
        let mut out = TableProbe {
            cut: None,
            alpha,
            beta,
            best: None,
        };
        if self.tt.is_none() {
            return out;
        }
        self.stats.tt_probes += 1;
        let Some(e) = self.tt_probe(key, chance) else {
            return out;
        };
        self.stats.tt_hits += 1;
        out.best = e.best;
        let usable = self.cfg.mode.usable(e.depth, depth);
        if usable && ply > 0 {
            let (lo, hi) = (e.lower, e.upper);
            if lo == hi || lo >= beta {
                out.cut = Some(lo);
            } else if hi <= alpha {
                out.cut = Some(hi);
            } else if self.cfg.alpha_beta {
                out.alpha = alpha.max(lo);
                out.beta = beta.min(hi);
            }
        }
        out
    }

    /// The table's entry for `key`, its bounds within [-U, U].
    #[inline]
    pub(crate) fn tt_probe(&self, key: u64, chance: bool) -> Option<Entry<G::Move>> {
        let mut e = self.tt?.probe(key, chance)?;
        e.lower = e.lower.max(-self.u);
        e.upper = e.upper.min(self.u);
        Some(e)
    }

    /// Stores bounds [lower, upper] on `key`'s value at `depth`, and its
    /// best move: a bound at -U or U says nothing and is stored as none.
    #[inline]
    pub(crate) fn tt_store(
        &mut self,
        key: u64,
        (chance, depth): (bool, u32),
        (lower, upper): (Value, Value),
        best: Option<G::Move>,
    ) {
        let u = self.u;
        let Some(tt) = self.tt else {
            return;
        };
        let (lower, upper) = if lower == upper {
            (lower, upper)
        } else {
            (
                if lower <= -u {
                    f64::NEG_INFINITY
                } else {
                    lower
                },
                if upper >= u { f64::INFINITY } else { upper },
            )
        };
        tt.store(key, chance, depth, lower, upper, best);
    }

    /// The table prologue of a decision or chance node: probes the table
    /// under `key` and, when a stored bound decides the node, counts,
    /// traces and returns its value as `Err`. Otherwise the window
    /// narrowed by the stored bounds and the stored move.
    #[inline]
    pub(crate) fn table_prologue(
        &mut self,
        cx: &Node<G>,
        key: u64,
        kind: NodeKind,
    ) -> Result<TableProbe<G::Move>, Value> {
        let chance = kind == NodeKind::Chance;
        let probe = self.probe_table(key, chance, cx.depth, cx.ply, cx.alpha, cx.beta);
        let Some(v) = probe.cut else {
            return Ok(probe);
        };
        if chance {
            self.stats.chance_nodes += 1;
        } else {
            self.stats.decision_nodes += 1;
        }
        self.tracer
            .enter(cx.pos, kind, cx.ply, cx.depth, cx.alpha, cx.beta);
        self.cut(cx, CutKind::Table, v);
        self.tracer.exit(cx.ply, v);
        Err(v)
    }

    /// Searches `child`, reached from `parent` by `step`, with `depth`
    /// decisions left and window `(a, b)` in the parent's view; returns its
    /// value in the parent's view. `pv`: the child is on the principal
    /// variation.
    #[inline]
    pub(crate) fn search_child(
        &mut self,
        parent: &Node<G>,
        step: Step<G::Move, G::Outcome>,
        child: &G,
        depth: u32,
        (a, b): (Value, Value),
        pv: bool,
    ) -> Value {
        let s = Self::sign(parent.pos, child);
        self.tracer.step(parent.pos, step, parent.ply);
        let (ca, cb) = Self::child_window(s, a, b);
        self.next_pv = pv;
        s * self.node(child, depth, ca, cb, parent.ply + 1)
    }

    /// A run from `root` (its game's bound U) within `limits`' time and
    /// node budgets (the depth is the caller's loop).
    pub fn new(
        (cfg, eval, tt): (&'a SearchConfig, &'a E, Option<&'a TransTable<G::Move>>),
        sh: &'a mut Shared<G>,
        tracer: &'a mut T,
        clock: &'a dyn Clock,
        progress: &'a mut dyn FnMut(&Progress<'_, G>),
        root: &G,
        limits: &Limits,
    ) -> Self {
        let start_ms = clock.now_ms();
        let (u, deadline_ms, max_nodes) = (root.bound(), limits.deadline_ms, limits.max_nodes);
        Run {
            cfg,
            eval,
            tt,
            smp: None,
            sh,
            tracer,
            clock,
            progress,
            stats: Stats::default(),
            start_ms,
            deadline_ms,
            max_nodes,
            aborted: false,
            null_plies: 0,
            u,
            flags: OrderingFlags {
                history: cfg.history,
                killers: cfg.killers,
                static_hint: cfg.static_ordering && cfg.move_hint.unwrap_or(G::HINT_BY_DEFAULT),
            },
            iteration: 0,
            root_best: None,
            last_best_searched: false,
            root_alpha: Value::NEG_INFINITY,
            last_best: None,
            last_value: None,
            next_pv: false,
            next_clock: CLOCK_EVERY,
            next_progress: if cfg.progress_nodes == 0 {
                u64::MAX
            } else {
                cfg.progress_nodes
            },
        }
    }

    /// The widest window: [-U, U] with alpha-beta, infinite without (so that
    /// nothing is ever cut).
    #[inline]
    pub fn full_window(&self) -> (Value, Value) {
        if self.cfg.alpha_beta {
            (-self.u, self.u)
        } else {
            (f64::NEG_INFINITY, f64::INFINITY)
        }
    }

    /// Called on entering a node, before it is counted: checks the node
    /// budget, the clock and the progress interval. True when the search
    /// must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let n = self.stats.nodes();
        if let Some(max) = self.max_nodes {
            if n >= max {
                self.aborted = true;
                return true;
            }
        }
        if n >= self.next_clock {
            self.next_clock = n + CLOCK_EVERY;
            if self.smp.is_some_and(|s| s.stop.load(Relaxed)) {
                self.aborted = true;
                return true;
            }
            if let Some(d) = self.deadline_ms {
                let now = self.clock.now_ms();
                if now - self.start_ms >= d {
                    self.aborted = true;
                    return true;
                }
            }
        }
        if n >= self.next_progress {
            self.next_progress = n + self.cfg.progress_nodes;
            self.report(false);
        }
        false
    }

    /// Sends a progress report.
    pub fn report(&mut self, iteration_complete: bool) {
        let mut stats = self.stats;
        stats.time_ms = self.clock.now_ms() - self.start_ms;
        let (best, value, deepened) = if iteration_complete {
            (self.last_best, self.last_value, false)
        } else {
            match (self.root_best, self.deepened_best()) {
                (Some((m, v)), _) if self.last_best.is_none() => (Some(m), Some(v), false),
                (_, Some((m, v))) => (Some(m), Some(v), true),
                _ => (self.last_best, self.last_value, false),
            }
        };
        let p = Progress {
            depth: self.iteration,
            stats,
            best,
            value,
            deepened,
            pv: &self.sh.last_pv,
            iteration_complete,
        };
        (self.progress)(&p);
    }

    /// +1 when `child` keeps `parent`'s point of view, -1 when it switches.
    #[inline]
    pub fn sign(parent: &G, child: &G) -> f64 {
        if child.to_move() == parent.to_move() {
            1.0
        } else {
            -1.0
        }
    }

    /// A window (a, b) seen from a child with sign `s`.
    #[inline]
    pub fn child_window(s: f64, a: Value, b: Value) -> (Value, Value) {
        if s > 0.0 {
            (a, b)
        } else {
            (-b, -a)
        }
    }

    /// Sets `pv[ply]` to `step` followed by `pv[ply + 1]`.
    #[inline]
    pub fn set_pv(&mut self, ply: usize, step: Step<G::Move, G::Outcome>) {
        let (head, tail) = self.sh.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(step);
        line.extend_from_slice(&tail[0]);
    }

    /// Records a cut of node `cx` (whose window is the one the cut
    /// crossed): counter, tracer, and (in debug mode) a re-search that
    /// proves the returned bound sound.
    pub fn cut(&mut self, cx: &Node<G>, kind: CutKind, value: Value) {
        let (pos, depth, ply, alpha, beta) = (cx.pos, cx.depth, cx.ply, cx.alpha, cx.beta);
        match kind {
            CutKind::AlphaBeta => self.stats.cuts.alpha_beta += 1,
            CutKind::Star1CutI => self.stats.cuts.star1_cut_i += 1,
            CutKind::Star1CutII => self.stats.cuts.star1_cut_ii += 1,
            CutKind::Star2Probe => self.stats.cuts.star2_probe += 1,
            CutKind::StarEtc => self.stats.cuts.staretc += 1,
            CutKind::Table => self.stats.tt_cuts += 1,
            CutKind::ChanceProbCut => self.stats.cuts.chance_probcut += 1,
            CutKind::MultiCut => self.stats.cuts.multicut += 1,
            CutKind::ProbCut => self.stats.cuts.probcut += 1,
            CutKind::NullMove => self.stats.cuts.null_move += 1,
        }
        self.tracer.cut(ply, kind, value, alpha, beta);
        // Forward-pruning cuts are unproven by design, and once one happened
        // below, bounds that build on it are too; so are those above a late
        // move's reduced search (play mode).
        if self.cfg.verify_cuts
            && (!self.cfg.tt || self.cfg.mode == SearchMode::Exact)
            && !self.cfg.forward_pruning()
            && !self.cfg.reduces()
            && self.cfg.null_move_reduction().is_none()
        {
            let truth = verify::reference_value_with(
                pos,
                depth,
                self.cfg.depth_units,
                self.cfg.opponent_model,
                self.eval,
            );
            let tol = 1e-9 * self.u.abs().max(1.0);
            if let Err(e) = verify::check_bound(value, alpha, beta, truth, tol) {
                panic!(
                    "unsound {} at ply {ply}, depth {depth}: {e}\nposition: {}",
                    kind.name(),
                    pos.position_text()
                );
            }
            self.stats.verified_cuts += 1;
        }
    }
}
