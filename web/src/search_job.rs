//! Running one search job inside the worker with the engine's [`Searcher`]:
//! parse the position, search it under the user's settings, report
//! progress and the result in protocol form.
//!
//! In play mode the worker keeps its searchers between jobs ([`Kept`]):
//! a game's table, history and killers carry over from one move to the
//! next, as an engine in a match keeps them. Exact mode searches every
//! position afresh.
//!
//! Pure Rust (the clock is passed in), so it is tested natively.

use std::any::Any;
use std::cell::RefCell;

use starcut::params;
use starcut::search::{
    Clock, CutKind, Limits, MultiCut, NodeKind, Progress, SearchConfig, Searcher, Stats, Tracer,
};
use starcut::{Game, Status, Step, Value};

use crate::error::{WebError, WebErrorKind, WebResult};
use crate::games::{self, KindVisitor};
use crate::protocol::{
    ChanceChild, ChanceView, GameKind, Limit, Report, SearchJob, SearchMode, SearchSettings,
};
use crate::session::WebGame;
use crate::strength::NoisyEval;

/// Milliseconds since some fixed instant (`performance.now()` in the worker).
pub type Now<'a> = &'a dyn Fn() -> f64;

/// The deepest iteration a timed search may reach.
const MAX_DEPTH: u32 = 64;

/// Runs a job for whichever game it names, with a fresh searcher.
pub fn run(job: &SearchJob, now: Now, progress: &mut dyn FnMut(&Report)) -> WebResult<Report> {
    run_kept(&mut Kept::default(), job, now, progress)
}

/// Runs a job for whichever game it names; in play mode with the searcher
/// `kept` holds for its game, side and settings (made if there is none).
pub fn run_kept(
    kept: &mut Kept,
    job: &SearchJob,
    now: Now,
    progress: &mut dyn FnMut(&Report),
) -> WebResult<Report> {
    struct Run<'a, 'b> {
        kept: &'a mut Kept,
        job: &'a SearchJob,
        now: Now<'a>,
        progress: &'b mut dyn FnMut(&Report),
    }
    impl KindVisitor for Run<'_, '_> {
        type Output = WebResult<Report>;
        fn visit<G: WebGame>(self, _kind: GameKind, config: G::Config) -> Self::Output {
            run_game::<G>(self.kept, &config, self.job, self.now, self.progress)
        }
    }
    games::visit(
        job.game,
        &job.options,
        Run {
            kept,
            job,
            now,
            progress,
        },
    )?
}

/// The searchers the worker keeps between jobs in play mode, newest last:
/// one per game (kind, options, seed), side searching and settings, so
/// the engine's and the player's (hints) searches of one game each keep
/// their own. A new game has a new seed, so it starts from empty tables.
#[derive(Default)]
pub struct Kept {
    entries: Vec<(String, Box<dyn Any>)>,
}

impl Kept {
    /// The engine's searcher and the player's.
    const SIZE: usize = 2;

    /// How many searchers are kept.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The searcher kept under `key`, made by `make` when there is none
    /// (the oldest one is dropped when the list is full).
    fn searcher<G: WebGame>(
        &mut self,
        key: String,
        make: impl FnOnce() -> Searcher<G, NoisyEval>,
    ) -> &mut Searcher<G, NoisyEval> {
        let found = self
            .entries
            .iter()
            .position(|(k, s)| *k == key && s.is::<Searcher<G, NoisyEval>>());
        let entry = match found {
            Some(i) => self.entries.remove(i),
            None => {
                if self.entries.len() >= Self::SIZE {
                    self.entries.remove(0);
                }
                (key, Box::new(make()) as Box<dyn Any>)
            }
        };
        self.entries.push(entry);
        let last = self.entries.len() - 1;
        self.entries[last]
            .1
            .downcast_mut::<Searcher<G, NoisyEval>>()
            // The entry is a searcher of `G`: its type was checked when it
            // was found, or it was just made as one.
            .expect("a kept searcher has the type it was found or made with")
    }
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

/// The engine configuration for the user's settings in game `game`.
/// Forward pruning uses the game's models shipped in the engine; a game
/// without models (Breakthrough has no chance node) gets no ChanceProbCut
/// or ProbCut (see [`forward_pruning_note`]).
pub fn search_config(settings: &SearchSettings, game: GameKind) -> SearchConfig {
    let forward = settings.forward;
    let models = |t: Option<f64>| t.and_then(|t| params::chance_probcut(game.name(), Some(t)));
    SearchConfig {
        chance_probcut: models(forward.chance_probcut),
        probcut: models(forward.probcut),
        multicut: forward.multicut.then(MultiCut::default),
        chance: settings.algorithm,
        probe_factor: settings.probe_factor.max(1),
        tt: settings.tt,
        history: settings.history,
        killers: settings.killers,
        iterative: true,
        // Progress callbacks often enough for a live panel.
        progress_nodes: 1 << 13,
        mode: settings.mode,
        opponent_model: settings.opponent_model,
        ..SearchConfig::default()
    }
}

/// Why a forward-pruning choice of the settings does nothing in `game`,
/// if it does not: the game has no regression models for the ProbCuts.
pub fn forward_pruning_note(settings: &SearchSettings, game: GameKind) -> Option<String> {
    let f = settings.forward;
    let wants_models = f.chance_probcut.is_some() || f.probcut.is_some();
    (wants_models && params::shipped(game.name()).is_none()).then(|| {
        format!(
            "{} has no chance nodes, so no ChanceProbCut or ProbCut models: only Multi-Cut applies.",
            game.title()
        )
    })
}

struct FnClock<'a>(Now<'a>);

impl Clock for FnClock<'_> {
    fn now_ms(&self) -> f64 {
        (self.0)()
    }
}

/// Runs a job on game `G`.
pub fn run_game<G: WebGame>(
    kept: &mut Kept,
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
    let search = search_config(&job.settings, job.game);
    let mut fresh;
    let searcher = if search.mode == SearchMode::Play {
        let key = format!(
            "{}|{}|{}|{:?}|{:?}|{search:?}",
            job.game.name(),
            job.options,
            job.seed,
            pos.to_move(),
            job.settings.strength
        );
        kept.searcher::<G>(key, || Searcher::with_evaluator(search.clone(), eval))
    } else {
        fresh = Searcher::<G, NoisyEval>::with_evaluator(search.clone(), eval);
        &mut fresh
    };
    let watch = RefCell::new(ChanceWatch::default());
    let mut tracer = WatchTracer {
        watch: &watch,
        model: search.opponent_model,
    };
    let mut report = Report {
        bound: pos.bound(),
        ..Report::default()
    };
    let result = searcher.search(
        &pos,
        &limits,
        &FnClock(now),
        &mut tracer,
        &mut |p: &Progress<'_, G>| {
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
            report.deepened = p.deepened;
            // The line of the last completed iteration, while it still
            // starts with the best move (the running iteration may have
            // found a better one: then the best move alone).
            report.pv = match (p.best, p.pv.first()) {
                (Some(best), Some(&Step::Move(first))) if first == best => pv_texts(&pos, p.pv),
                (Some(best), _) => vec![pos.move_text(best)],
                (None, _) => pv_texts(&pos, p.pv),
            };
            report.value = p.value.or(report.value);
            report.chance = watch.borrow().view.clone();
            progress(&report);
        },
    );
    fill_stats(&mut report, &result.stats);
    report.depth = result.depth;
    report.deepened = result.deepened;
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
    report.cuts = stats.cuts_by_kind().collect();
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
    /// The search uses the opponent model's outcome weights: show those.
    model: bool,
}

impl<G: Game> Tracer<G> for WatchTracer<'_> {
    /// It watches the steps into chance nodes and the chance nodes, which
    /// are always made: the leaves may be scored without their positions.
    const SEES_NODES: bool = false;

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
        if self.model {
            pos.modelled_outcomes(&mut outcomes);
        } else {
            pos.chance_outcomes(&mut outcomes);
        }
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
            estimated_cut: None,
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

    fn cut(&mut self, ply: usize, kind: CutKind, value: Value, alpha: Value, beta: Value) {
        if ply != 1 || kind != CutKind::ChanceProbCut {
            return;
        }
        if let Some(view) = &mut self.watch.borrow_mut().view {
            // The estimated bound that left the window is the cut's value.
            if value >= beta {
                view.lower = value;
            } else if value <= alpha {
                view.upper = value;
            }
            view.estimated_cut = Some(kind);
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
    use crate::protocol::{ForwardPruning, SearchSettings};
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

    /// A timed play-mode job whose stopped iteration found a better move
    /// reports it as `deepened`, its line starting with that move, and so
    /// do its progress reports once the running iteration has such a move
    /// (the move Stop plays); the same searches to a fixed depth, and every
    /// exact one, never do. The clock moves one millisecond each time the
    /// search reads it, so the stops are the same on every run.
    #[test]
    fn a_move_from_the_stopped_iteration_is_reported_as_deepened() {
        let mid = include_str!("../../assets/positions/chance-breakthrough-mid.txt");
        let (mut deepened, mut early) = (0, 0);
        for position in mid.lines().filter(|l| !l.starts_with('#')).take(60) {
            let ms = std::cell::Cell::new(0.0);
            let tick = || {
                ms.set(ms.get() + 1.0);
                ms.get()
            };
            let timed = |mode, progress: &mut dyn FnMut(&Report)| {
                let mut j = job(
                    GameKind::ChanceBreakthrough,
                    position,
                    Limit::Time { ms: 40 },
                    "staretc",
                );
                j.settings.mode = mode;
                ms.set(0.0);
                run(&j, &tick, progress).unwrap()
            };
            let exact = timed(SearchMode::Exact, &mut |p| assert!(!p.deepened));
            assert!(
                !exact.deepened,
                "{position}: exact mode keeps the finished iteration"
            );
            let mut last = None;
            let r = timed(SearchMode::Play, &mut |p| {
                if p.deepened {
                    early += 1;
                    assert!(p.best.is_some() && p.depth < MAX_DEPTH);
                }
                last = Some(p.clone());
            });
            // A deeper move seen in progress stays: the iteration it came
            // from, stopped, keeps one at least as good.
            if let Some(last) = last.filter(|l| l.deepened && l.depth == r.depth) {
                assert!(r.deepened, "{position}");
                assert!(r.value >= last.value, "{position}");
            }
            let fixed = job(
                GameKind::ChanceBreakthrough,
                position,
                Limit::Depth {
                    plies: r.depth.max(1),
                },
                "staretc",
            );
            assert!(!run(&fixed, &|| 0.0, &mut |_| {}).unwrap().deepened);
            if !r.deepened {
                continue;
            }
            deepened += 1;
            let best = r.best.clone().unwrap();
            assert_eq!(r.pv.first(), Some(&best), "{position}");
            assert!(!r.solved && r.depth < MAX_DEPTH, "{position}");
        }
        assert!(
            early >= 2,
            "only {early} progress reports named a deeper move"
        );
        assert!(
            deepened >= 2,
            "only {deepened} timed searches kept a deeper move"
        );
    }

    /// Each forward pruning of the research panel reaches the engine with
    /// the game's shipped models and is counted by its own cut kind; the
    /// watched chance node names an estimate's cut.
    #[test]
    fn forward_pruning_cuts_are_counted_by_kind() {
        let middle = include_str!("../../assets/positions/stratego-middle.txt");
        let position = middle.lines().find(|l| !l.starts_with('#')).unwrap();
        let cuts = |forward: ForwardPruning| {
            let mut j = job(
                GameKind::Stratego,
                position,
                Limit::Depth { plies: 5 },
                "staretc",
            );
            j.settings.forward = forward;
            j.settings.mode = SearchMode::Exact;
            let r = run(&j, &|| 0.0, &mut |_| {}).unwrap();
            let count = |kind| r.cuts.iter().find(|(k, _)| *k == kind).map_or(0, |c| c.1);
            (
                count(CutKind::ChanceProbCut),
                count(CutKind::ProbCut),
                count(CutKind::MultiCut),
            )
        };
        assert_eq!(cuts(ForwardPruning::default()), (0, 0, 0));
        let cpc = cuts(ForwardPruning {
            chance_probcut: Some(0.0),
            ..ForwardPruning::default()
        });
        assert!(cpc.0 > 0 && cpc.1 == 0 && cpc.2 == 0, "{cpc:?}");
        let pc = cuts(ForwardPruning {
            probcut: Some(0.0),
            ..ForwardPruning::default()
        });
        assert!(pc.1 > 0 && pc.0 == 0, "{pc:?}");
        let mc = cuts(ForwardPruning {
            multicut: true,
            ..ForwardPruning::default()
        });
        assert!(mc.2 > 0 && mc.0 == 0 && mc.1 == 0, "{mc:?}");
        // Every game with chance nodes has models; Breakthrough says why
        // its ProbCuts do nothing.
        let mut settings = SearchSettings::default();
        settings.forward.chance_probcut = Some(1.0);
        for kind in GameKind::ALL {
            let config = search_config(&settings, kind);
            let note = forward_pruning_note(&settings, kind);
            assert_eq!(config.chance_probcut.is_some(), note.is_none(), "{kind:?}");
            assert_eq!(note.is_some(), kind == GameKind::Breakthrough, "{kind:?}");
        }
        assert!(forward_pruning_note(&SearchSettings::default(), GameKind::Breakthrough).is_none());
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

#[cfg(test)]
mod kept_tests {
    use super::*;
    use crate::protocol::SearchSettings;

    fn job(mode: SearchMode, seed: u32, position: &str) -> SearchJob {
        SearchJob {
            game: GameKind::ChanceBreakthrough,
            options: String::new(),
            position: position.into(),
            settings: SearchSettings {
                limit: Limit::Depth { plies: 4 },
                strength: crate::strength::Strength::Research,
                mode,
                ..SearchSettings::default()
            },
            seed,
        }
    }

    const START: &str = "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w";
    const LATER: &str = "bbbbbbbb/bbbbbbb1/7b/8/8/P7/1wwwwwww/wwwwwwww w";

    fn nodes(kept: &mut Kept, job: &SearchJob) -> u64 {
        run_kept(kept, job, &|| 0.0, &mut |_| {}).unwrap().nodes
    }

    #[test]
    fn play_mode_keeps_what_a_game_learned_and_exact_mode_does_not() {
        let later = LATER.replace('P', "w");
        // Play: the second search of the game finds the first one's table.
        let mut kept = Kept::default();
        let first = nodes(&mut kept, &job(SearchMode::Play, 7, START));
        let again = nodes(&mut kept, &job(SearchMode::Play, 7, START));
        assert!(
            again < first,
            "{again} nodes after {first}: the table was kept"
        );
        assert_eq!(kept.len(), 1);
        // A move later in the same game: still the same searcher.
        nodes(&mut kept, &job(SearchMode::Play, 7, &later));
        assert_eq!(kept.len(), 1);
        // Another game (another seed) starts from an empty table, and the
        // list keeps at most two searchers.
        assert_eq!(nodes(&mut kept, &job(SearchMode::Play, 8, START)), first);
        nodes(&mut kept, &job(SearchMode::Play, 9, START));
        assert_eq!(kept.len(), 2);
        // Exact: every search afresh, the same tree every time.
        let mut none = Kept::default();
        let a = nodes(&mut none, &job(SearchMode::Exact, 7, START));
        let b = nodes(&mut none, &job(SearchMode::Exact, 7, START));
        assert_eq!(a, b);
        assert!(none.is_empty());
    }
}
