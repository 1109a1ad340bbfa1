//! Node dispatch and decision nodes: fail-soft negamax alpha-beta with
//! transposition table, move ordering and optional PVS.
//!
//! Every node procedure keeps the fail-soft contract for its window
//! (alpha, beta): a result <= alpha is an upper bound on the true value, a
//! result >= beta a lower bound, anything between is exact. The chance-node
//! procedures rely on it.
//!
//! A decision node runs in phases: the table prologue (a stored bound may
//! decide it), the null move (play mode, `null_move.rs`), its moves
//! (generated, or handed over by a parent chance node whose probes already
//! picked some), forward pruning (ProbCut, Multi-Cut), then the moves one
//! by one, then the table epilogue.

use crate::game::{Game, Status, Step, Value};

use super::doubt::Doubt;
use super::ordering::{MovePicker, OrderingFlags};
use super::run::{Node, Ply, Run};
use super::trace::{CutKind, NodeKind, Tracer};
use super::tt::{table_key, PREFETCHES};
use super::Evaluator;

/// The moves a decision node searches before generating its list: the
/// table move and killers its game tells are listed, in the picker's order
/// (the picker, started once they are searched, hands them out first
/// again, so the order and the node counts are those of an eager list).
struct First<M> {
    moves: [Option<M>; 3],
    n: usize,
}

impl<M> Default for First<M> {
    fn default() -> Self {
        First {
            moves: [None, None, None],
            n: 0,
        }
    }
}

/// What the move loop of a decision node found.
struct Best<M> {
    value: Value,
    best: Option<M>,
}

/// `slot` made `pos` with move `m` played (copied over in place when it
/// holds a position already).
#[inline]
fn played<'k, G: Game>(slot: &'k mut Option<G>, pos: &G, m: G::Move) -> &'k G {
    let child = copied(slot, pos);
    child.play(m);
    child
}

/// `slot` made a copy of `pos` (copied over in place when it holds a
/// position already).
#[inline]
fn copied<'k, G: Game>(slot: &'k mut Option<G>, pos: &G) -> &'k mut G {
    match slot {
        Some(c) => {
            c.clone_from(pos);
            c
        }
        None => slot.insert(pos.clone()),
    }
}

impl<G: Game, E: Evaluator<G>, T: Tracer<G>> Run<'_, G, E, T> {
    /// Searches any node with `depth` decisions left. Inlined into its
    /// callers, so that a leaf (most nodes) is scored without a call: only
    /// chance and decision nodes go on to [`Run::interior`].
    #[inline(always)]
    pub(crate) fn node(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: Value,
        beta: Value,
        ply: usize,
    ) -> Value {
        // Whether the caller marked this node as on the principal
        // variation (consumed here so it never leaks to another node).
        let pv = ply == 0 || std::mem::take(&mut self.next_pv);
        if self.tick() {
            return 0.0;
        }
        self.sh.ensure_ply(ply + 2);
        self.sh.pv[ply].clear();
        let cx = Node {
            pos,
            depth,
            ply,
            alpha,
            beta,
            pv,
        };
        let status = pos.status();
        if let Some(v) = self.repeated(pos, status, ply, alpha, beta) {
            return v;
        }
        match status {
            Status::Terminal(w) => {
                self.stats.leaf_nodes += 1;
                let v = pos.terminal_value(w);
                self.tracer
                    .enter(pos, NodeKind::Terminal, ply, depth, alpha, beta);
                self.tracer.exit(ply, v);
                v
            }
            Status::Decision if depth == 0 && self.cfg.quiescence_plies().is_some() => {
                self.quiescence_leaf(pos, ply, alpha, beta)
            }
            _ if depth == 0 => self.leaf(pos, ply, alpha, beta),
            _ => self.interior(cx, status),
        }
    }

    /// A chance or decision node with depth left ([`Run::node`]).
    #[inline(never)]
    fn interior(&mut self, cx: Node<G>, status: Status) -> Value {
        match status {
            Status::Chance => self.chance(cx),
            _ => self.decision(cx),
        }
    }

    /// Scores a node with the evaluator.
    #[inline]
    pub(crate) fn leaf(&mut self, pos: &G, ply: usize, alpha: Value, beta: Value) -> Value {
        self.stats.leaf_nodes += 1;
        let v = self.evaluate(pos);
        self.tracer.enter(pos, NodeKind::Leaf, ply, 0, alpha, beta);
        self.tracer.exit(ply, v);
        v
    }

    /// The moves a decision node at `ply` searches: the legal moves, or
    /// below the root those the opponent model considers
    /// ([`crate::Game::modelled_moves`]; the root's are the searcher's own,
    /// and its answer must be a legal move).
    #[inline]
    pub(crate) fn generate(&self, pos: &G, ply: usize, out: &mut Vec<G::Move>) {
        if self.cfg.opponent_model && ply > 0 {
            pos.modelled_moves(out);
        } else {
            pos.legal_moves(out);
        }
    }

    fn decision(&mut self, cx: Node<G>) -> Value {
        let (pos, ply) = (cx.pos, cx.ply);
        let key = pos.hash();
        let mut buf = self.sh.take_ply(ply);
        // A parent chance node's probes may have started this list.
        let prepared = buf.prepared.take() == Some(key) && buf.picker.is_live();
        // A game that can tell whether a move is listed has its table move
        // and killers tried before its moves are generated (`first` below);
        // a game that cannot has its moves generated before the table is
        // read, where the processor can fetch the table's line meanwhile:
        // most probes do not cut (about one in fifteen in Stratego's middle
        // game), and those that do waste only the generation.
        let deferred = G::CHECKS_MOVES && !prepared && ply > 0 && !self.forward_prunes(&cx);
        let early = !deferred && self.tt.is_some_and(|tt| tt.prefetch(key));
        if !prepared && early {
            self.generate(pos, ply, buf.picker.moves_mut());
        }
        let probe = match self.table_prologue(&cx, key, NodeKind::Decision) {
            Ok(p) => p,
            Err(v) => {
                buf.known.clear();
                self.sh.put_ply(ply, buf);
                return v;
            }
        };
        // Null-move pruning (play mode) before any move is generated.
        if let Some(v) = self.null_move_cut(&cx.with_window(probe.alpha, probe.beta)) {
            buf.known.clear();
            self.sh.put_ply(ply, buf);
            return v;
        }
        let first = if deferred {
            self.listed_first(pos, ply, probe.best)
        } else {
            First::default()
        };
        if !prepared && !early && first.n == 0 {
            self.generate(pos, ply, buf.picker.moves_mut());
        }
        if first.n == 0 && buf.picker.is_empty() {
            buf.known.clear();
            self.sh.put_ply(ply, buf);
            return self.leaf(pos, ply, cx.alpha, cx.beta);
        }
        let cx = cx.with_window(probe.alpha, probe.beta);
        self.stats.decision_nodes += 1;
        self.tracer
            .enter(pos, NodeKind::Decision, ply, cx.depth, cx.alpha, cx.beta);
        if first.n > 0 {
            // Generated only if the first moves do not cut.
            buf.picker.reset();
        } else if !prepared {
            self.start_picker(&mut buf, &cx, probe.best);
        }
        let found = match self.forward_pruning(&cx, &mut buf) {
            Some(v) => Err(v),
            None => self
                .search_moves(&cx, &mut buf, (&first, probe.best))
                .ok_or(0.0),
        };
        buf.known.clear();
        self.sh.put_ply(ply, buf);
        match found {
            Err(v) => v,
            Ok(b) => {
                self.decision_epilogue(&cx, &b);
                b.value
            }
        }
    }

    /// Starts the picker on the moves in `buf`, with the table's move `tt`.
    #[inline]
    fn start_picker(&self, buf: &mut Ply<G>, cx: &Node<G>, tt: Option<G::Move>) {
        let p = &mut buf.picker;
        p.start(&self.sh.ordering, cx.pos.to_move(), cx.ply, tt, self.flags);
        p.near_leaves(cx.depth);
    }

    /// The moves the picker would hand out first (the table move `tt`, then
    /// the killers) that the game tells are listed, up to the first it
    /// cannot tell about; none if it cannot tell about the first.
    fn listed_first(&self, pos: &G, ply: usize, tt: Option<G::Move>) -> First<G::Move> {
        let modelled = self.cfg.opponent_model && ply > 0;
        let mut first = First::default();
        for m in MovePicker::first_candidates(&self.sh.ordering, ply, tt, self.flags)
            .into_iter()
            .flatten()
        {
            match pos.move_is_listed(m, modelled) {
                Some(true) => {
                    first.moves[first.n] = Some(m);
                    first.n += 1;
                }
                Some(false) => {}
                None => break,
            }
        }
        first
    }

    /// Whether ProbCut or Multi-Cut may run at node `cx` (they need its
    /// whole move list).
    #[inline]
    fn forward_prunes(&self, cx: &Node<G>) -> bool {
        !cx.pv && (self.cfg.probcut.is_some() || self.cfg.multicut.is_some())
    }

    /// ProbCut, then Multi-Cut, at a node off the principal variation: the
    /// value to return when one of them cut (or the search was aborted).
    fn forward_pruning(&mut self, cx: &Node<G>, buf: &mut Ply<G>) -> Option<Value> {
        if !self.forward_prunes(cx) {
            return None;
        }
        let pos = cx.pos;
        let moves = buf
            .picker
            .ordered(&self.sh.ordering, |m| pos.move_order_hint(m));
        // ProbCut first: it can also cut expected ALL nodes, and where it
        // cuts, Multi-Cut's reduced searches are saved.
        if self.cfg.probcut.is_some() {
            if let Some(r) = self.decision_probcut(cx, moves) {
                let u = self.u;
                // Stored as the bound it claims, never as exact.
                let (lo, hi) = if r.high { (r.value, u) } else { (-u, r.value) };
                self.tt_store(pos.hash(), (false, cx.depth), (lo, hi), r.best);
                self.tracer.exit(cx.ply, r.value);
                return Some(r.value);
            }
            if self.aborted {
                return Some(0.0);
            }
        }
        if self.cfg.multicut.is_some() {
            if let Some(v) = self.multi_cut(cx, moves) {
                self.tt_store(pos.hash(), (false, cx.depth), (v, self.u), None);
                self.tracer.exit(cx.ply, v);
                return Some(v);
            }
            if self.aborted {
                return Some(0.0);
            }
        }
        None
    }

    /// The moves one by one, best first: `None` when the search was
    /// aborted.
    /// `first`: moves to search before the picker's (see [`First`]), and
    /// the table move to start the picker with once they are searched.
    fn search_moves(
        &mut self,
        cx: &Node<G>,
        buf: &mut Ply<G>,
        (first, tt): (&First<G::Move>, Option<G::Move>),
    ) -> Option<Best<G::Move>> {
        let (pos, ply, depth) = (cx.pos, cx.ply, cx.depth);
        let side = pos.to_move();
        let flags = self.flags;
        let (a0, b0) = (cx.alpha, cx.beta);
        let mut alpha = a0;
        let mut best = Best {
            value: f64::NEG_INFINITY,
            best: None,
        };
        // The node's static value, read once its first doubtful move comes.
        let mut anchor = None;
        // The positions of the moves, filled in place in turn (move `i` in
        // slot `i & 1`), so that the next one can be played ahead
        // (`play_ahead`) while this one is searched: a 640-byte Stratego
        // position moved about costs more than the wait it saves.
        let mut kids: [Option<G>; 2] = [None, None];
        let mut ahead: Option<G::Move> = None;
        // The part of the leaves' keys common to the moves (`leaf_by_key`),
        // asked for at the first move that may use it.
        let mut leaf_base = None;
        let mut i = 0;
        loop {
            let m = if i < first.n {
                first.moves[i]
            } else {
                if i == first.n && first.n > 0 {
                    // The first moves did not cut: the whole list now. The
                    // picker hands the same moves out first again.
                    self.generate(pos, ply, buf.picker.moves_mut());
                    self.start_picker(buf, cx, tt);
                    debug_assert!((0..first.n).all(|j| {
                        buf.picker
                            .nth(j, &self.sh.ordering, |m| pos.move_order_hint(m))
                            == first.moves[j]
                    }));
                }
                buf.picker
                    .nth(i, &self.sh.ordering, |m| pos.move_order_hint(m))
            };
            let Some(m) = m else { break };
            let doubt = self.doubt(pos, ply, m, &mut anchor);
            let known = match doubt {
                None => self.known_result(buf, m, alpha, b0),
                // Probes never search a doubtful move (`chance.rs`).
                Some(_) => None,
            };
            // The leaf's key when `leaf_by_key` found no value under it.
            let mut missed = None;
            let found = known
                .or_else(|| self.leaf_by_key(cx, m, doubt.is_some(), &mut leaf_base, &mut missed));
            let v = match (found, missed) {
                (Some(r), _) => {
                    if self.aborted {
                        return None;
                    }
                    r
                }
                (None, Some(key)) => {
                    // A slot is copied over before any other use (no move
                    // is played ahead one decision from the leaves).
                    let [now, _] = &mut kids;
                    let v = self.keyed_leaf(cx, m, key, now);
                    if self.aborted {
                        return None;
                    }
                    v
                }
                (None, None) => {
                    let [even, odd] = &mut kids;
                    let (now, next) = if i & 1 == 0 { (even, odd) } else { (odd, even) };
                    let child: &G = match (now, ahead.take()) {
                        (Some(c), Some(n)) if n == m => c,
                        (now, _) => played(now, pos, m),
                    };
                    if i >= first.n {
                        ahead = self.play_ahead(cx, buf, i + 1, next);
                    }
                    let v = match doubt {
                        None => self.search_move(cx, m, child, (alpha, b0), i),
                        Some(d) => {
                            let w = (d.inverse(alpha), d.inverse(b0));
                            d.apply(self.search_move(cx, m, child, w, i))
                        }
                    };
                    if self.aborted {
                        return None;
                    }
                    v
                }
            };
            self.tracer.child_value(ply, i, v);
            i += 1;
            if ply == 0 && self.last_best == Some(m) {
                self.last_best_searched = true;
            }
            if v > best.value {
                best.value = v;
                best.best = Some(m);
                if ply == 0 {
                    self.root_best = Some((m, v));
                }
                if known.is_some() {
                    // The probe left no line below the move.
                    if v > alpha {
                        self.sh.pv[ply].clear();
                        self.sh.pv[ply].push(Step::Move(m));
                    }
                } else if ply == 0 || (v > alpha && v < b0) {
                    self.set_pv(ply, Step::Move(m));
                }
                if v > alpha {
                    alpha = v;
                }
                if self.cfg.alpha_beta && v >= b0 {
                    self.sh.ordering.reward(m, side, ply, depth, flags);
                    self.cut(cx, CutKind::AlphaBeta, v);
                    break;
                }
            }
        }
        if let (Some(m), true) = (best.best, best.value > a0 && best.value < b0) {
            // A best move inside the window: also worth remembering.
            if flags.history {
                let flags = OrderingFlags {
                    killers: false,
                    ..flags
                };
                self.sh.ordering.reward(m, side, ply, depth, flags);
            }
        }
        Some(best)
    }

    /// The value of move `m` of node `cx`, one decision from the leaves,
    /// when the evaluation cache holds the leaf's value under the key the
    /// game tells without playing the move ([`Evaluator::child_key`]):
    /// the leaf counted and the clock ticked as [`Run::node`] would, but
    /// no position made. `None` when the game cannot tell the key, the
    /// value is not kept, or more would happen at the child than scoring
    /// it: a doubtful move, a tracer that sees the nodes, a quiescence
    /// search, or PVS (whose null-window look and re-search count the
    /// leaf twice).
    /// `base` keeps [`Evaluator::child_key_base`] from one move to the next.
    /// `missed`: set to the leaf's key when no value is kept under it; the
    /// leaf is then made and scored by [`Run::keyed_leaf`].
    #[inline]
    fn leaf_by_key(
        &mut self,
        cx: &Node<G>,
        m: G::Move,
        doubtful: bool,
        base: &mut Option<Option<u64>>,
        missed: &mut Option<u64>,
    ) -> Option<Value> {
        if cx.depth != 1
            || doubtful
            || T::SEES_NODES
            || self.cfg.pvs
            || self.cfg.quiescence_plies().is_some()
        {
            return None;
        }
        let base = (*base.get_or_insert_with(|| self.eval.child_key_base(cx.pos)))?;
        let key = self.eval.child_key(cx.pos, base, m)?;
        let Some(v) = self.sh.evals.get(key) else {
            *missed = Some(key);
            return None;
        };
        if self.enter_keyed_leaf(cx) {
            return Some(0.0);
        }
        self.stats.keyed_leaves += 1;
        // The child has the other player to move (`Game::child_heuristic_key`).
        Some(-v)
    }

    /// Counts the leaf below node `cx` and ticks the clock as [`Run::node`]
    /// would: true when the search must stop.
    #[inline]
    fn enter_keyed_leaf(&mut self, cx: &Node<G>) -> bool {
        if self.tick() {
            return true;
        }
        let ply = cx.ply + 1;
        self.sh.ensure_ply(ply + 2);
        self.sh.pv[ply].clear();
        self.stats.leaf_nodes += 1;
        false
    }

    /// The value of move `m` of node `cx` when [`Run::leaf_by_key`] found
    /// the leaf's key (`key`) but no value under it: the leaf made in
    /// `slot` with [`Game::play_keyed_leaf`] (no more than the evaluation
    /// reads), scored and its value kept under the key. [`Run::node`]
    /// would do the same: the child is a decision of an open game that
    /// cannot recur ([`Game::child_heuristic_key`]).
    #[inline(never)]
    fn keyed_leaf(&mut self, cx: &Node<G>, m: G::Move, key: u64, slot: &mut Option<G>) -> Value {
        if self.enter_keyed_leaf(cx) {
            return 0.0;
        }
        let child = copied(slot, cx.pos);
        child.play_keyed_leaf(m);
        debug_assert_eq!(self.eval.key(child), Some(key));
        let v = self.eval.evaluate(child);
        self.sh.evals.insert(key, v);
        -v
    }

    /// The `j`-th move of node `cx`, played into `slot` before the move
    /// before it is searched, with its position's table line fetched
    /// meanwhile: the table's read is the search's longest wait (most
    /// probes miss every cache), and a sibling's subtree is time enough to
    /// hide it. Only at nodes whose children read the table (two decisions
    /// left or more), and once the picker's order is settled, so that the
    /// move is the one the loop picks next (the history the sibling's
    /// subtree learns no longer reorders this node's moves) and the search
    /// is the same, node for node. A cut node whose move before cuts has
    /// played one move for nothing; measured, the wait saved is worth more
    /// (`docs/engine-speed.md`, *Playing the next move ahead*). Not where
    /// the processor cannot be asked to fetch a line (WebAssembly): there
    /// the early move would only cost.
    #[inline]
    fn play_ahead(
        &self,
        cx: &Node<G>,
        buf: &mut Ply<G>,
        j: usize,
        slot: &mut Option<G>,
    ) -> Option<G::Move> {
        if !PREFETCHES || cx.depth < 2 || !buf.picker.is_settled() {
            return None;
        }
        let tt = self.tt?;
        let pos = cx.pos;
        let n = buf
            .picker
            .nth(j, &self.sh.ordering, |m| pos.move_order_hint(m))?;
        if buf.known.iter().any(|k| k.0 == n) {
            return None;
        }
        if let Some((key, _)) = table_key(played(slot, pos, n)) {
            tt.prefetch(key);
        }
        Some(n)
    }

    /// A probe of the parent chance node may already have searched move
    /// `m` (Hsu: probed branches need no second search): its result when it
    /// is decisive for the window (alpha, beta).
    #[inline]
    fn known_result(&self, buf: &Ply<G>, m: G::Move, alpha: Value, beta: Value) -> Option<Value> {
        let &(_, r, pa, pb) = buf.known.iter().find(|k| k.0 == m)?;
        ((r > pa && r < pb) || (r >= pb && r >= beta) || (r <= pa && r <= alpha)).then_some(r)
    }

    /// Whether move `m` of the node at `ply` is doubtful (the opponent
    /// model below the root, `doubt.rs`), and its value map; `anchor`
    /// caches the node's static value.
    #[inline]
    fn doubt(
        &mut self,
        pos: &G,
        ply: usize,
        m: G::Move,
        anchor: &mut Option<Value>,
    ) -> Option<Doubt> {
        if !self.cfg.opponent_model || ply == 0 {
            return None;
        }
        let chance = pos.doubtful_move(m)?;
        let anchor = *anchor.get_or_insert_with(|| self.evaluate(pos));
        Some(Doubt { chance, anchor })
    }

    /// Move `m` (the `i`-th) of decision node `cx` to `child`, in the
    /// window `(alpha, beta)` (the node's current one, or its image for a
    /// doubtful move): plain alpha-beta, a PVS null window with a
    /// re-search, or no window at all.
    fn search_move(
        &mut self,
        cx: &Node<G>,
        m: G::Move,
        child: &G,
        (alpha, beta): (Value, Value),
        i: usize,
    ) -> Value {
        let (step, depth) = (Step::Move(m), cx.depth - 1);
        if !self.cfg.alpha_beta {
            // No windows at all: every child is searched exactly.
            let w = self.full_window();
            return self.search_child(cx, step, child, depth, w, cx.pv && i == 0);
        }
        if let Some(r) = self.reduction(cx, m, i, alpha) {
            // Play mode: a late move is first searched shallower with a
            // null window at alpha; only a move that fails high there is
            // searched again in full.
            self.stats.reductions += 1;
            let window = (alpha, alpha.next_up());
            let v = self.search_child(cx, step, child, depth - r, window, false);
            if self.aborted || v <= alpha {
                return v;
            }
            self.stats.researches += 1;
        }
        if !(self.cfg.pvs && i > 0 && alpha.is_finite()) {
            return self.search_child(cx, step, child, depth, (alpha, beta), cx.pv && i == 0);
        }
        let r = self.search_child(cx, step, child, depth, (alpha, alpha.next_up()), false);
        if !self.aborted && r > alpha && r < beta {
            self.stats.researches += 1;
            return self.search_child(cx, step, child, depth, (alpha, beta), cx.pv);
        }
        r
    }

    /// Late move reductions (play mode only): how much shallower move `m`,
    /// the `i`-th of node `cx`, is searched first, if at all. Only quiet
    /// moves are reduced ([`Game::is_tactical`]); the child keeps at least
    /// one unit of depth.
    #[inline]
    fn reduction(&self, cx: &Node<G>, m: G::Move, i: usize, alpha: Value) -> Option<u32> {
        let c = self.cfg;
        if !c.reduces() || !alpha.is_finite() {
            return None;
        }
        let (from, min_depth) = (c.lmr_from as usize, c.lmr_depth);
        if i < from || cx.depth < min_depth.max(4) || cx.pos.is_tactical(m) {
            return None;
        }
        Some(2)
    }

    /// Stores the node's result in the table and closes its trace.
    fn decision_epilogue(&mut self, cx: &Node<G>, b: &Best<G::Move>) {
        let u = self.u;
        let bounds = if b.value <= cx.alpha {
            (-u, b.value)
        } else if b.value >= cx.beta {
            (b.value, u)
        } else {
            (b.value, b.value)
        };
        self.tt_store(cx.pos.hash(), (false, cx.depth), bounds, b.best);
        self.tracer.exit(cx.ply, b.value);
    }
}
