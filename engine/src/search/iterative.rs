//! Iterative deepening and the search limits (depth, time, nodes).
//!
//! Each iteration searches the root with the full window (in play mode with
//! aspiration windows on: a window around the last iteration's value,
//! opened on the side it fails). A limit stops the
//! search inside an iteration; that iteration's result is dropped and the
//! last completed one is returned — except in play mode, where a move of the
//! stopped iteration that beat the last completed iteration's best move
//! (searched to the end in the same iteration) is returned instead
//! (`SearchResult::deepened`). If not even the first iteration
//! completed, the best root move searched so far is returned (or the first
//! legal move), with `completed = false`.

use std::sync::atomic::Ordering::Relaxed;

use crate::game::{Game, Status, Value};

use super::clock::Clock;
use super::run::Run;
use super::trace::Tracer;
use super::{
    Evaluator, IterationInfo, Limits, Progress, SearchMode, SearchResult, Searcher, Stats,
};

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// Searches `pos` within `limits`. `clock` measures the time budget;
    /// `tracer` sees every event; `progress` gets a report after each
    /// iteration and about every `progress_nodes` nodes.
    pub fn search<T: Tracer<G>>(
        &mut self,
        pos: &G,
        limits: &Limits,
        clock: &dyn Clock,
        tracer: &mut T,
        progress: &mut dyn FnMut(&Progress<'_, G>),
    ) -> SearchResult<G> {
        if let Some(tt) = &mut self.tt {
            tt.new_search();
        }
        self.shared.ordering.age();
        self.shared.last_pv.clear();
        if self.config.mode == SearchMode::Play {
            self.shared.seen.remember(pos);
        }
        let helpers = if pos.status() == Status::Decision && self.config.iterative {
            self.config.helper_threads()
        } else {
            0
        };
        if helpers > 0 {
            return self.search_with_helpers(pos, limits, clock, tracer, progress, helpers);
        }
        let mut run = Run::new(
            (&self.config, &self.eval, self.tt.as_ref()),
            &mut self.shared,
            tracer,
            clock,
            progress,
            pos,
            limits,
        );
        run.iterate(pos, limits)
    }
}

impl<G: Game, E: Evaluator<G>, T: Tracer<G>> Run<'_, G, E, T> {
    /// Iterative deepening from `pos` up to `limits.depth` (or a single
    /// search at that depth without it), until a limit stops it: the
    /// search's result.
    pub(crate) fn iterate(&mut self, pos: &G, limits: &Limits) -> SearchResult<G> {
        let run = self;
        let clock = run.clock;
        let mut result = SearchResult {
            value: 0.0,
            best: None,
            pv: Vec::new(),
            stats: Stats::default(),
            depth: 0,
            completed: false,
            deepened: false,
            iterations: Vec::new(),
        };
        let first = if run.cfg.iterative {
            limits.depth.min(1)
        } else {
            limits.depth
        };
        let is_decision = pos.status() == Status::Decision;
        let mut d = first;
        while d <= limits.depth {
            if let Some(smp) = run.smp {
                match smp.lead {
                    None => smp.main_depth.store(d, Relaxed),
                    Some(lead) => {
                        d = d.max(smp.main_depth.load(Relaxed) + lead).min(limits.depth);
                    }
                }
            }
            run.iteration = d;
            let v = run.root_iteration(pos, d);
            if run.aborted {
                break;
            }
            result.value = v;
            result.best = if is_decision {
                run.root_best.map(|(m, _)| m)
            } else {
                None
            };
            result.pv.clear();
            result.pv.extend_from_slice(&run.sh.pv[0]);
            run.sh.last_pv.clear();
            run.sh.last_pv.extend_from_slice(&run.sh.pv[0]);
            result.depth = d;
            run.stats.depth_reached = d;
            run.last_best = result.best;
            run.last_value = Some(v);
            result.iterations.push(IterationInfo {
                depth: d,
                value: v,
                best: result.best.map(|m| pos.move_text(m)),
                nodes: run.stats.nodes(),
                time_ms: clock.now_ms() - run.start_ms,
            });
            run.report(true);
            d += 1;
        }
        result.completed = !run.aborted;
        if run.aborted {
            // The unfinished iteration's best, when it beat the last
            // completed iteration's best at one depth more.
            if let Some((m, v)) = run.deepened_best() {
                result.best = Some(m);
                result.value = v;
                result.pv.clear();
                result.pv.extend_from_slice(&run.sh.pv[0]);
                result.deepened = true;
            }
        }
        if result.iterations.is_empty() && is_decision {
            // Stopped inside the first iteration: best effort.
            if let Some((m, v)) = run.root_best {
                result.best = Some(m);
                result.value = v;
            } else {
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                result.best = moves.first().copied();
            }
        }
        result.stats = run.stats;
        result.stats.time_ms = clock.now_ms() - run.start_ms;
        result
    }

    /// Play mode, inside an iteration (or after a limit stopped it): its
    /// best root move and value, when the iteration searched the last
    /// completed iteration's best move to the end and another move beat it
    /// there. Both values come from the deeper search, so the other move is
    /// the better at that depth; a value above the root window's lower
    /// bound is exact or a lower bound. (`root_best` is set only at a
    /// decision root.)
    pub(crate) fn deepened_best(&self) -> Option<(G::Move, Value)> {
        if self.cfg.mode != SearchMode::Play {
            return None;
        }
        let (m, v) = self.root_best?;
        // `last_best_searched` holds only when `last_best` is a move.
        (self.last_best_searched && self.last_best != Some(m) && v > self.root_alpha)
            .then_some((m, v))
    }

    /// One iteration at depth `d`: the root with the full window, or (play
    /// mode, aspiration on, after a completed iteration) first with a
    /// window of the aspiration width around the last value, searched again
    /// with the side it failed on opened up to the game's bound.
    fn root_iteration(&mut self, pos: &G, d: u32) -> Value {
        let (lo, hi) = self.full_window();
        let (mut a, mut b) = match (self.cfg.aspiration_width(), self.last_value) {
            (Some(w), Some(v)) => {
                let delta = w * self.u;
                ((v - delta).max(lo), (v + delta).min(hi))
            }
            _ => (lo, hi),
        };
        loop {
            self.root_best = None;
            self.last_best_searched = false;
            self.root_alpha = a;
            let v = self.node(pos, d, a, b, 0);
            if self.aborted {
                return v;
            }
            if v <= a && a > lo {
                a = lo;
            } else if v >= b && b < hi {
                b = hi;
            } else {
                return v;
            }
            self.stats.researches += 1;
        }
    }
}
