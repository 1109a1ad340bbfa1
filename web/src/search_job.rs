//! Running one search job inside the worker with the engine's [`Searcher`]:
//! parse the position, search it under the user's settings, report
//! progress and the result in protocol form.
//!
//! Pure Rust (the clock is passed in), so it is tested natively.

use crate::error::{WebError, WebErrorKind, WebResult};
use std::cell::RefCell;

use starcut::search::{
    Clock, CutKind, Limits, NodeKind, Progress, SearchConfig, Searcher, Stats, Tracer,
};
use starcut::{Game, Status, Step, Value};

use crate::games::{self, KindVisitor};
use crate::protocol::{
    ChanceChild, ChanceView, GameKind, Limit, Report, SearchJob, SearchSettings,
};
use crate::session::WebGame;
use crate::strength::NoisyEval;

/// Milliseconds since some fixed instant (`performance.now()` in the worker).
pub type Now<'a> = &'a dyn Fn() -> f64;

/// The deepest iteration a timed search may reach.
const MAX_DEPTH: u32 = 64;

/// Runs a job for whichever game it names.
pub fn run(job: &SearchJob, now: Now, progress: &mut dyn FnMut(&Report)) -> WebResult<Report> {
    struct Run<'a, 'b> {
        job: &'a SearchJob,
        now: Now<'a>,
        progress: &'b mut dyn FnMut(&Report),
    }
    impl KindVisitor for Run<'_, '_> {
        type Output = WebResult<Report>;
        fn visit<G: WebGame>(self, _kind: GameKind, config: G::Config) -> Self::Output {
            run_game::<G>(&config, self.job, self.now, self.progress)
        }
    }
    games::visit(job.game, &job.options, Run { job, now, progress })?
}

/// Lets an event through at most once per `every` milliseconds (the first
/// one at once): progress reports are streamed about every 100 ms, however
/// often the search calls back.
#[derive(Clone, Debug)]
pub struct Throttle {
    every: f64,
    last: Option<f64>,
}

impl Throttle {
    pub fn new(every_ms: f64) -> Self {
        Throttle {
            every: every_ms,
            last: None,
        }
    }

    /// Whether an event at time `now` may pass (and if so, remembers it).
    pub fn ready(&mut self, now: f64) -> bool {
        match self.last {
            Some(last) if now - last < self.every => false,
            _ => {
                self.last = Some(now);
                true
            }
        }
    }
}

/// The engine configuration for the user's settings.
pub fn search_config(settings: &SearchSettings) -> SearchConfig {
    SearchConfig {
        chance: settings.algorithm,
        probe_factor: settings.probe_factor.max(1),
        tt: settings.tt,
        history: settings.history,
        killers: settings.killers,
        iterative: true,
        // Progress callbacks often enough for a live panel.
        progress_nodes: 1 << 13,
        ..SearchConfig::default()
    }
}

struct FnClock<'a>(Now<'a>);

impl Clock for FnClock<'_> {
    fn now_ms(&self) -> f64 {
        (self.0)()
    }
}

/// Runs a job on game `G`.
pub fn run_game<G: WebGame>(
    config: &G::Config,
    job: &SearchJob,
    now: Now,
    progress: &mut dyn FnMut(&Report),
) -> WebResult<Report> {
    let pos = G::parse_position(config, &job.position)
        .map_err(|e| WebError::new(WebErrorKind::BadJob, e.to_string()))?;
    // A decision, or a chance node (the review values positions right
    // after a move, before the roll); the game must not be over.
    if matches!(pos.status(), Status::Terminal(_)) {
        return Err(WebError::new(
            WebErrorKind::BadJob,
            format!("position '{}' is the end of the game", job.position),
        ));
    }
    let level = job.settings.strength.level();
    let limits = match level.map_or(job.settings.limit, |l| l.limit) {
        Limit::Depth { plies } => Limits::depth(plies.clamp(1, MAX_DEPTH)),
        Limit::Time { ms } => Limits {
            depth: MAX_DEPTH,
            deadline_ms: Some(ms as f64),
            max_nodes: None,
        },
    };
    let eval = NoisyEval {
        amplitude: level.map_or(0.0, |l| l.noise * pos.bound()),
        seed: u64::from(job.seed),
    };
    let mut searcher = Searcher::<G, NoisyEval>::with_evaluator(search_config(&job.settings), eval);
    let watch = RefCell::new(ChanceWatch::default());
    let mut tracer = WatchTracer { watch: &watch };
    let mut report = Report {
        bound: pos.bound(),
        ..Report::default()
    };
    let result = searcher.search(
        &pos,
        &limits,
        &FnClock(now),
        &mut tracer,
        &mut |p: &Progress<G>| {
            fill_stats(&mut report, &p.stats);
            // The deepest finished iteration, as the final report counts.
            let finished = if p.iteration_complete {
                p.depth
            } else {
                p.depth.saturating_sub(1)
            };
            report.depth = report.depth.max(finished);
            if let Some(best) = p.best {
                report.best = Some(pos.move_text(best));
            }
            report.value = p.value.or(report.value);
            report.chance = watch.borrow().view.clone();
            progress(&report);
        },
    );
    fill_stats(&mut report, &result.stats);
    report.depth = result.depth;
    report.value = Some(result.value);
    // Solved: a proven win or loss, or a timed search that ran through
    // every depth it may (the tree ended before the horizon everywhere).
    report.solved = result.value.abs() >= pos.bound()
        || (matches!(job.settings.limit, Limit::Time { .. })
            && result.completed
            && result.depth >= MAX_DEPTH);
    report.best = result.best.map(|m| pos.move_text(m));
    report.pv = pv_texts(&pos, &result.pv);
    report.chance = watch.into_inner().view;
    Ok(report)
}

fn fill_stats(report: &mut Report, stats: &Stats) {
    report.nodes = stats.nodes();
    report.chance_nodes = stats.chance_nodes;
    report.elapsed_ms = stats.time_ms;
    report.nodes_per_second = stats.nodes_per_second();
    let c = &stats.cuts;
    report.cuts = [
        (CutKind::AlphaBeta, c.alpha_beta),
        (CutKind::Star1CutI, c.star1_cut_i),
        (CutKind::Star1CutII, c.star1_cut_ii),
        (CutKind::Star2Probe, c.star2_probe),
        (CutKind::StarEtc, c.staretc),
        (CutKind::ChanceProbCut, c.chance_probcut),
        (CutKind::MultiCut, c.multicut),
        (CutKind::ProbCut, c.probcut),
        (CutKind::Table, stats.tt_cuts),
    ]
    .into_iter()
    .filter(|&(_, n)| n > 0)
    .collect();
}

/// The principal variation in notation.
fn pv_texts<G: Game>(pos: &G, pv: &[Step<G::Move, G::Outcome>]) -> Vec<String> {
    let mut p = pos.clone();
    pv.iter()
        .map(|&step| {
            let text = p.step_text(step);
            p.apply_step(step);
            text
        })
        .collect()
}

/// What the tracer saw of the chance node below the root move being
/// searched.
#[derive(Default)]
struct ChanceWatch {
    /// The root move being searched.
    root_move: String,
    view: Option<ChanceView>,
}

/// A tracer that follows only the chance nodes one step below the root
/// (everything else is ignored, so it costs a comparison per event).
struct WatchTracer<'a> {
    watch: &'a RefCell<ChanceWatch>,
}

impl<G: Game> Tracer<G> for WatchTracer<'_> {
    fn step(&mut self, parent: &G, step: Step<G::Move, G::Outcome>, ply: usize) {
        if ply == 0 {
            self.watch.borrow_mut().root_move = parent.step_text(step);
        }
    }

    fn enter(
        &mut self,
        pos: &G,
        kind: NodeKind,
        ply: usize,
        depth: u32,
        alpha: Value,
        beta: Value,
    ) {
        if ply != 1 || kind != NodeKind::Chance {
            return;
        }
        let mut outcomes = Vec::new();
        pos.chance_outcomes(&mut outcomes);
        let total: f64 = outcomes.iter().map(|&(_, w)| w as f64).sum();
        let u = pos.bound();
        let mut watch = self.watch.borrow_mut();
        let after = watch.root_move.clone();
        watch.view = Some(ChanceView {
            after,
            depth,
            alpha,
            beta,
            lower: -u,
            upper: u,
            children: outcomes
                .iter()
                .map(|&(o, w)| ChanceChild {
                    label: pos.outcome_text(o),
                    probability: w as f64 / total.max(1.0),
                    value: None,
                })
                .collect(),
        });
    }

    fn chance_bounds(
        &mut self,
        ply: usize,
        lower: Value,
        upper: Value,
        _child: usize,
        _a: Value,
        _b: Value,
    ) {
        if ply == 1 {
            if let Some(view) = &mut self.watch.borrow_mut().view {
                view.lower = lower;
                view.upper = upper;
            }
        }
    }

    fn probe(
        &mut self,
        ply: usize,
        _child: usize,
        _probe: usize,
        _value: Value,
        lower: Value,
        upper: Value,
    ) {
        if ply == 1 {
            if let Some(view) = &mut self.watch.borrow_mut().view {
                view.lower = lower;
                view.upper = upper;
            }
        }
    }

    fn child_value(&mut self, ply: usize, child: usize, value: Value) {
        if ply == 1 {
            if let Some(view) = &mut self.watch.borrow_mut().view {
                if let Some(c) = view.children.get_mut(child) {
                    c.value = Some(value);
                }
            }
        }
    }

    fn exit(&mut self, ply: usize, value: Value) {
        if ply == 1 {
            if let Some(view) = &mut self.watch.borrow_mut().view {
                if view.children.iter().all(|c| c.value.is_some()) {
                    view.lower = value;
                    view.upper = value;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::SearchSettings;
    use starcut::search::ChanceAlgo;

    fn job(game: GameKind, position: &str, limit: Limit, algorithm: &str) -> SearchJob {
        let algorithm: ChanceAlgo = algorithm.parse().unwrap();
        SearchJob {
            game,
            options: String::new(),
            position: position.into(),
            settings: SearchSettings {
                algorithm,
                limit,
                strength: crate::strength::Strength::Research,
                ..SearchSettings::default()
            },
            seed: 0,
        }
    }

    #[test]
    fn a_depth_job_reports_a_legal_best_move_and_statistics() {
        let j = job(
            GameKind::Dice,
            "5/5/5/5/5 c 3",
            Limit::Depth { plies: 3 },
            "star2",
        );
        let mut reports = 0;
        let r = run(&j, &|| 0.0, &mut |_| reports += 1).unwrap();
        let best = r.best.clone().unwrap();
        assert!(best.starts_with('c'), "a square of column c: {best}");
        assert!(r.nodes > 0 && r.chance_nodes > 0);
        assert_eq!(r.depth, 3);
        assert_eq!(r.pv.first(), Some(&best));
        let chance = r.chance.unwrap();
        assert!(chance.lower <= chance.upper);
        assert!((chance.children.iter().map(|c| c.probability).sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(reports > 0);
    }

    #[test]
    fn every_algorithm_gives_the_same_value() {
        let mut values = Vec::new();
        for algo in ChanceAlgo::ALL.map(ChanceAlgo::name) {
            let j = job(
                GameKind::Dice,
                "c4/5/2r2/5/4c r 2",
                Limit::Depth { plies: 3 },
                algo,
            );
            values.push(run(&j, &|| 0.0, &mut |_| {}).unwrap().value.unwrap());
        }
        for v in &values {
            assert!((v - values[0]).abs() < 1e-6, "{values:?}");
        }
    }

    #[test]
    fn progress_is_throttled_to_one_report_per_interval() {
        let mut t = Throttle::new(100.0);
        // Calls every 7 ms for one second: the first, then one per 100 ms.
        let passed: Vec<f64> = (0..143)
            .map(|i| i as f64 * 7.0)
            .filter(|&now| t.ready(now))
            .collect();
        assert_eq!(passed.first(), Some(&0.0));
        assert_eq!(passed.len(), 10, "{passed:?}");
        for w in passed.windows(2) {
            assert!(w[1] - w[0] >= 100.0 && w[1] - w[0] < 107.0, "{passed:?}");
        }
    }

    #[test]
    fn bad_jobs_are_errors() {
        let j = job(
            GameKind::Dice,
            "5/5/5/5/5 c",
            Limit::Depth { plies: 2 },
            "star1",
        );
        // A chance root (the review values positions before a roll): a
        // value, no move.
        let r = run(&j, &|| 0.0, &mut |_| {}).unwrap();
        assert!(r.value.is_some() && r.best.is_none(), "{r:?}");
        let mut over = job(
            GameKind::Dice,
            "c2/c1r/cr1 r",
            Limit::Depth { plies: 2 },
            "star1",
        );
        over.options = "size=3".into();
        let e = run(&over, &|| 0.0, &mut |_| {}).unwrap_err();
        assert!(e.detail.contains("end of the game"), "{e}");
        assert_eq!(e.kind, crate::error::WebErrorKind::BadJob);
        let j = job(
            GameKind::Dice,
            "nonsense",
            Limit::Depth { plies: 2 },
            "star1",
        );
        assert!(run(&j, &|| 0.0, &mut |_| {}).is_err());
        // An unknown algorithm cannot even be sent: the message does not
        // read, and the error names it.
        let text = serde_json::to_string(&job(
            GameKind::Dice,
            "5/5/5/5/5 c 3",
            Limit::Depth { plies: 2 },
            "star1",
        ))
        .unwrap()
        .replace("\"star1\"", "\"star9\"");
        let err = serde_json::from_str::<SearchJob>(&text).unwrap_err();
        assert!(err.to_string().contains("star9"), "{err}");
    }

    #[test]
    fn a_timed_job_stops_at_its_deadline() {
        let t = std::cell::Cell::new(0.0);
        let clock = || {
            t.set(t.get() + 0.01);
            t.get()
        };
        let j = job(
            GameKind::Breakthrough,
            "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w",
            Limit::Time { ms: 50 },
            "staretc",
        );
        let r = run(&j, &clock, &mut |_| {}).unwrap();
        assert!(r.best.is_some());
        assert!(r.depth < MAX_DEPTH);
    }
}
