//! Node dispatch and decision nodes: fail-soft negamax alpha-beta with
//! transposition table, move ordering and optional PVS.
//!
//! Every node procedure keeps the fail-soft contract for its window
//! (alpha, beta): a result <= alpha is an upper bound on the true value, a
//! result >= beta a lower bound, anything between is exact. The chance-node
//! procedures rely on it.

use crate::game::{Game, Status, Step, Value};

use super::run::Run;
use super::trace::{CutKind, NodeKind, Tracer};
use super::Evaluator;

impl<G: Game, E: Evaluator<G>, T: Tracer<G>> Run<'_, G, E, T> {
    /// Searches any node with `depth` decisions left.
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
        match pos.status() {
            Status::Terminal(w) => {
                self.stats.leaf_nodes += 1;
                let v = pos.terminal_value(w);
                self.tracer
                    .enter(pos, NodeKind::Terminal, ply, depth, alpha, beta);
                self.tracer.exit(ply, v);
                v
            }
            _ if depth == 0 => self.leaf(pos, ply, alpha, beta),
            Status::Chance => self.chance(pos, depth, alpha, beta, ply, pv),
            Status::Decision => self.decision(pos, depth, alpha, beta, ply, pv),
        }
    }

    /// Scores a node with the evaluator.
    #[inline]
    pub(crate) fn leaf(&mut self, pos: &G, ply: usize, alpha: Value, beta: Value) -> Value {
        self.stats.leaf_nodes += 1;
        let v = self.eval.evaluate(pos);
        self.tracer.enter(pos, NodeKind::Leaf, ply, 0, alpha, beta);
        self.tracer.exit(ply, v);
        v
    }

    fn decision(
        &mut self,
        pos: &G,
        depth: u32,
        alpha_in: Value,
        beta_in: Value,
        ply: usize,
        pv: bool,
    ) -> Value {
        let probe = self.probe_table(pos.hash(), false, depth, ply, alpha_in, beta_in);
        if let Some(v) = probe.cut {
            self.stats.decision_nodes += 1;
            self.tracer
                .enter(pos, NodeKind::Decision, ply, depth, alpha_in, beta_in);
            self.cut(pos, depth, ply, CutKind::Table, v, alpha_in, beta_in);
            self.tracer.exit(ply, v);
            return v;
        }
        let (mut alpha, beta, tt_move) = (probe.alpha, probe.beta, probe.best);

        let mut buf = std::mem::take(&mut self.sh.plies[ply]);
        pos.legal_moves(&mut buf.moves);
        if buf.moves.is_empty() {
            buf.known.clear();
            self.sh.plies[ply] = buf;
            return self.leaf(pos, ply, alpha_in, beta_in);
        }
        self.stats.decision_nodes += 1;
        self.tracer
            .enter(pos, NodeKind::Decision, ply, depth, alpha, beta);
        let side = pos.to_move();
        let flags = self.flags;
        if flags.history || flags.killers || flags.static_hint || tt_move.is_some() {
            self.sh.ordering.order(
                &mut buf.moves,
                &mut buf.scored,
                side,
                ply,
                tt_move,
                flags,
                |m| pos.move_order_hint(m),
            );
        }

        // ProbCut first: it can also cut expected ALL nodes, and where it
        // cuts, Multi-Cut's reduced searches are saved.
        if !pv && self.cfg.probcut.is_some() {
            if let Some(r) = self.decision_probcut(pos, depth, alpha, beta, ply, &buf.moves) {
                buf.known.clear();
                self.sh.plies[ply] = buf;
                let u = self.u;
                if let Some(tt) = &mut self.sh.tt {
                    // Stored as the bound it claims, never as exact.
                    let (lo, hi) = if r.high { (r.value, u) } else { (-u, r.value) };
                    tt.store(pos.hash(), false, depth, lo, hi, r.best);
                }
                self.tracer.exit(ply, r.value);
                return r.value;
            }
            if self.aborted {
                buf.known.clear();
                self.sh.plies[ply] = buf;
                return 0.0;
            }
        }

        if !pv && self.cfg.multicut.is_some() {
            if let Some(v) = self.multi_cut(pos, depth, beta, ply, &buf.moves) {
                buf.known.clear();
                self.sh.plies[ply] = buf;
                if let Some(tt) = &mut self.sh.tt {
                    tt.store(pos.hash(), false, depth, v, self.u, None);
                }
                self.tracer.exit(ply, v);
                return v;
            }
            if self.aborted {
                buf.known.clear();
                self.sh.plies[ply] = buf;
                return 0.0;
            }
        }

        let (a0, b0) = (alpha, beta);
        let mut best = f64::NEG_INFINITY;
        let mut best_move = None;
        for (i, &m) in buf.moves.iter().enumerate() {
            // A probe of the parent chance node may already have searched
            // this move (Hsu: probed branches need no second search).
            if let Some(&(_, r, pa, pb)) = buf.known.iter().find(|k| k.0 == m) {
                if (r > pa && r < pb) || (r >= pb && r >= beta) || (r <= pa && r <= alpha) {
                    self.tracer.child_value(ply, i, r);
                    if r > best {
                        best = r;
                        best_move = Some(m);
                        if ply == 0 {
                            self.root_best = Some((m, r));
                        }
                        if r > alpha {
                            alpha = r;
                            self.sh.pv[ply].clear();
                            self.sh.pv[ply].push(Step::Move(m));
                        }
                        if self.cfg.alpha_beta && r >= beta {
                            self.sh.ordering.reward(m, side, ply, depth, flags);
                            self.cut(pos, depth, ply, CutKind::AlphaBeta, r, a0, b0);
                            break;
                        }
                    }
                    continue;
                }
            }
            let mut child = pos.clone();
            child.play(m);
            let s = Self::sign(pos, &child);
            self.tracer.step(pos, Step::Move(m), ply);
            let v = if self.cfg.pvs && self.cfg.alpha_beta && i > 0 && alpha.is_finite() {
                let scout = alpha.next_up();
                let (ca, cb) = Self::child_window(s, alpha, scout);
                let r = s * self.node(&child, depth - 1, ca, cb, ply + 1);
                if !self.aborted && r > alpha && r < beta {
                    self.stats.researches += 1;
                    self.tracer.step(pos, Step::Move(m), ply);
                    let (ca, cb) = Self::child_window(s, alpha, beta);
                    self.next_pv = pv;
                    s * self.node(&child, depth - 1, ca, cb, ply + 1)
                } else {
                    r
                }
            } else if self.cfg.alpha_beta {
                let (ca, cb) = Self::child_window(s, alpha, beta);
                self.next_pv = pv && i == 0;
                s * self.node(&child, depth - 1, ca, cb, ply + 1)
            } else {
                // No windows at all: every child is searched exactly.
                let (ca, cb) = self.full_window();
                self.next_pv = pv && i == 0;
                s * self.node(&child, depth - 1, ca, cb, ply + 1)
            };
            if self.aborted {
                buf.known.clear();
                self.sh.plies[ply] = buf;
                return 0.0;
            }
            self.tracer.child_value(ply, i, v);
            if v > best {
                best = v;
                best_move = Some(m);
                if ply == 0 {
                    self.root_best = Some((m, v));
                }
                if ply == 0 || (v > alpha && v < beta) {
                    self.set_pv(ply, Step::Move(m));
                }
                if v > alpha {
                    alpha = v;
                }
                if self.cfg.alpha_beta && v >= beta {
                    self.sh.ordering.reward(m, side, ply, depth, flags);
                    self.cut(pos, depth, ply, CutKind::AlphaBeta, v, a0, b0);
                    break;
                }
            }
        }
        buf.known.clear();
        self.sh.plies[ply] = buf;

        if let (Some(m), true) = (best_move, best > a0 && best < b0) {
            // A best move inside the window: also worth remembering.
            if flags.history {
                self.sh.ordering.reward(
                    m,
                    side,
                    ply,
                    depth,
                    super::ordering::OrderingFlags {
                        killers: false,
                        ..flags
                    },
                );
            }
        }
        if let Some(tt) = &mut self.sh.tt {
            let u = self.u;
            let (lo, hi) = if best <= a0 {
                (-u, best)
            } else if best >= b0 {
                (best, u)
            } else {
                (best, best)
            };
            tt.store(pos.hash(), false, depth, lo, hi, best_move);
        }
        self.tracer.exit(ply, best);
        best
    }
}
