//! Search threads: lazy SMP ([`SearchConfig::threads`]).
//!
//! With `threads` above 1 the searcher runs `threads - 1` helper threads
//! beside its own. Each searches the same root by iterative deepening with
//! its own history, killers, evaluation cache and buffers, and all share
//! the transposition table (written lockless, `tt.rs`). Nothing else is
//! shared: the threads help one another only through the table, where one
//! finds the bounds and best moves the others stored. Under a clock or a
//! node budget the helpers iterate in step with the main thread, each
//! starting its next iteration at least at the main thread's running one.
//! A search that only its depth ends has them run ahead instead: a
//! helper's next iteration is at least two decisions deeper than the main
//! thread's (every second helper: one), up to the depth asked, and in
//! play mode the main thread uses the helper's deeper entries. Each was
//! the better of the two where it is used (docs/engine-speed.md, *Search
//! threads*: ahead, a helper rarely completes an iteration within a
//! move's time, and played worse).
//!
//! The main thread keeps the clock, the node budget, the tracer and the
//! progress reports; when it stops (a limit, or its last iteration done)
//! it tells the helpers to stop, and a helper that completes the last
//! iteration first tells the main thread. The result is the main thread's,
//! unless a helper completed a deeper iteration: then that iteration's
//! move, value and principal variation (its time taken as the time the
//! search ended). The node counts are summed over the threads.
//!
//! The table's entries are sound bounds whichever thread stored them, so
//! in exact mode every value is still the expectimax value; only which
//! nodes are searched, and so the move among equals and the node counts,
//! depend on how the threads raced.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};

use crate::game::Game;

use super::clock::{Clock, FixedClock};
use super::run::{Run, Shared, Smp};
use super::trace::{NoTrace, Tracer};
use super::{Evaluator, IterationInfo, Limits, Progress, SearchResult, Searcher};

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// The search of `pos` by this thread and `helpers` more (the table's
    /// new search and the main thread's ageing already done).
    pub(super) fn search_with_helpers<T: Tracer<G>>(
        &mut self,
        pos: &G,
        limits: &Limits,
        clock: &dyn Clock,
        tracer: &mut T,
        progress: &mut dyn FnMut(&Progress<'_, G>),
        helpers: usize,
    ) -> SearchResult<G> {
        let Searcher {
            config,
            eval,
            tt,
            shared,
            helpers: tables,
        } = self;
        tables.resize_with(helpers, Shared::default);
        for sh in tables.iter_mut() {
            sh.ordering.age();
            sh.last_pv.clear();
            sh.seen.clone_from(&shared.seen);
        }
        let (cfg, eval, tt) = (&*config, &*eval, tt.as_ref());
        let (stop, main_depth) = (AtomicBool::new(false), AtomicU32::new(1));
        std::thread::scope(|scope| {
            let (stop, main_depth) = (&stop, &main_depth);
            let running: Vec<_> = tables
                .iter_mut()
                .enumerate()
                .map(|(i, sh)| {
                    scope.spawn(move || {
                        let mut progress = |_: &Progress<'_, G>| {};
                        let mut tracer = NoTrace;
                        let clock = FixedClock(0.0);
                        let own = Limits {
                            depth: limits.depth,
                            deadline_ms: None,
                            max_nodes: None,
                        };
                        let mut run = Run::new(
                            (cfg, eval, tt),
                            sh,
                            &mut tracer,
                            &clock,
                            &mut progress,
                            pos,
                            &own,
                        );
                        let smp = Smp {
                            stop,
                            main_depth,
                            lead: Some(lead(limits, i)),
                        };
                        run.smp = Some(&smp);
                        let result = run.iterate(pos, &own);
                        if result.completed {
                            stop.store(true, Relaxed);
                        }
                        result
                    })
                })
                .collect();
            let mut run = Run::new(
                (cfg, eval, tt),
                shared,
                tracer,
                clock,
                progress,
                pos,
                limits,
            );
            let smp = Smp {
                stop,
                main_depth,
                lead: None,
            };
            run.smp = Some(&smp);
            let mut result = run.iterate(pos, limits);
            stop.store(true, Relaxed);
            for thread in running {
                match thread.join() {
                    Ok(helper) => adopt(&mut result, helper),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            result
        })
    }
}

/// How far helper `i`'s iterations run ahead of the main thread's: in step
/// under a clock or a node budget; two decisions (every second helper
/// one) when only the depth ends the search.
fn lead(limits: &Limits, i: usize) -> u32 {
    if limits.deadline_ms.is_some() || limits.max_nodes.is_some() {
        0
    } else if i.is_multiple_of(2) {
        2
    } else {
        1
    }
}

/// Folds a helper's result into the main thread's: its nodes, and its
/// deeper iterations when it completed more than the main thread did.
fn adopt<G: Game>(result: &mut SearchResult<G>, helper: SearchResult<G>) {
    let time_ms = result.stats.time_ms;
    let depth = result.depth;
    result.stats += helper.stats;
    result.stats.time_ms = time_ms;
    if helper.depth <= depth || helper.iterations.is_empty() {
        result.stats.depth_reached = depth;
        return;
    }
    result.value = helper.value;
    result.best = helper.best;
    result.pv = helper.pv;
    result.depth = helper.depth;
    result.stats.depth_reached = helper.depth;
    result.deepened = false;
    result.completed |= helper.completed;
    let nodes = result.stats.nodes();
    result.iterations.extend(
        helper
            .iterations
            .into_iter()
            .filter(|it| it.depth > depth)
            .map(|it| IterationInfo {
                nodes,
                time_ms,
                ..it
            }),
    );
}
