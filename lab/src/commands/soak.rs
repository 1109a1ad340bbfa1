//! `starcut soak`: self-play games through the engine at a small node
//! budget, checking the invariants of `starcut::invariants` after every
//! step (text round trip and hash of the position and of both views, no
//! hidden rank in a view) and that every move the engine returns is legal.
//! A share of random moves (`--random-moves`, default 0.1) varies the
//! games of Breakthrough, which has no chance.
//! A panic, an illegal move or a broken invariant is reported with its game
//! and the command fails; otherwise it prints the games, steps and checks.

use std::panic::{self, AssertUnwindSafe};

use anyhow::{anyhow, bail, Context, Result};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use starcut::invariants::{check, Checked};
use starcut::registry::{GameKind, GameVisitor};
use starcut::search::{Limits, NoTrace, SearchConfig, Searcher, StdClock};
use starcut::selfplay::sample_outcome;
use starcut::{Game, GameConfig, Status};

use super::matches::seeds;
use super::matches::starts;

/// `starcut soak` settings.
pub struct Soak<'a> {
    pub kind: GameKind,
    pub options: &'a [String],
    pub games: usize,
    pub nodes: u64,
    pub config: SearchConfig,
    pub seed: u64,
    pub max_steps: usize,
    pub threads: usize,
    /// Probability of a uniformly random move instead of the engine's, so
    /// that games of a game without chance differ.
    pub random_moves: f64,
}

/// What one game did.
#[derive(Default)]
struct GameReport {
    steps: u64,
    checked: Checked,
    problem: Option<String>,
}

/// Runs the soak and prints its report.
pub fn run(soak: &Soak<'_>) -> Result<()> {
    let setups = soak.kind.is_stratego().then_some("random");
    let starts = starts::build(
        soak.kind,
        soak.options,
        "start",
        setups,
        Some(2 * soak.games),
        soak.seed,
    )?;
    let reports = soak.kind.visit(Play {
        soak,
        starts: &starts,
    })?;
    let games = reports.len() as u64;
    let steps: u64 = reports.iter().map(|r| r.steps).sum();
    let mut checked = Checked::default();
    for r in &reports {
        checked += r.checked;
    }
    let problems: Vec<(usize, &String)> = reports
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.problem.as_ref().map(|p| (i, p)))
        .collect();
    println!(
        "soak {}: {games} games, {steps} steps, {} checks (round trips {}, hashes {}, views {}), {} failed",
        soak.kind,
        checked.total(),
        checked.round_trips,
        checked.hashes,
        checked.views,
        problems.len()
    );
    println!(
        "per game: {:.1} steps, {:.1} checks",
        steps as f64 / games.max(1) as f64,
        checked.total() as f64 / games.max(1) as f64
    );
    if let Some((first, p)) = problems.first() {
        for (i, p) in problems.iter().take(5) {
            eprintln!("game {i}: {p}");
        }
        bail!(
            "{} of {games} games failed (first: game {first}: {p})",
            problems.len()
        );
    }
    Ok(())
}

struct Play<'a> {
    soak: &'a Soak<'a>,
    starts: &'a [starts::Start],
}

impl GameVisitor for Play<'_> {
    type Output = Result<Vec<GameReport>>;

    fn visit<G: Game>(self, mut config: G::Config) -> Self::Output {
        let soak = self.soak;
        for opt in soak.options {
            config.set_options(opt).map_err(|e| anyhow!(e))?;
        }
        let mut positions = Vec::with_capacity(self.starts.len());
        for s in self.starts {
            positions.push(match &s.text {
                None => G::start(&config)
                    .ok_or_else(|| anyhow!("{} has no start position", soak.kind))?,
                Some(t) => {
                    G::parse_position(&config, t).map_err(|e| anyhow!("start {}: {e}", s.label))?
                }
            });
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(soak.threads)
            .build()
            .context("starting the worker threads")?;
        let bar = super::matches::progress_bar(soak.games as u64)?;
        let reports = pool.install(|| {
            (0..soak.games)
                .into_par_iter()
                .map_init(
                    || Searcher::<G>::new(soak.config.clone()),
                    |searcher, i| {
                        let start = &positions[i % positions.len()];
                        let seed = seeds::derive(soak.seed, seeds::GAME, i);
                        let r = panic::catch_unwind(AssertUnwindSafe(|| {
                            soak_game(start, &config, searcher, soak, seed)
                        }))
                        .unwrap_or_else(|payload| {
                            *searcher = Searcher::new(soak.config.clone());
                            let what = crate::panics::message(payload.as_ref());
                            GameReport {
                                problem: Some(format!("panic: {what}")),
                                ..GameReport::default()
                            }
                        });
                        bar.inc(1);
                        r
                    },
                )
                .collect()
        });
        bar.finish_and_clear();
        Ok(reports)
    }
}

fn soak_game<G: Game>(
    start: &G,
    config: &G::Config,
    searcher: &mut Searcher<G>,
    soak: &Soak<'_>,
    seed: u64,
) -> GameReport {
    searcher.clear();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let clock = StdClock::new();
    let limits = Limits {
        depth: 64,
        deadline_ms: None,
        max_nodes: Some(soak.nodes),
    };
    let mut pos = start.clone();
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    let mut report = GameReport::default();
    for step in 0..soak.max_steps {
        match check(&pos, config) {
            Ok(c) => report.checked += c,
            Err(v) => {
                report.problem = Some(format!("step {step}: {v}"));
                return report;
            }
        }
        match pos.status() {
            Status::Terminal(_) => break,
            Status::Chance => {
                pos.chance_outcomes(&mut outcomes);
                pos.apply_outcome(sample_outcome(&outcomes, &mut rng));
            }
            Status::Decision => {
                pos.legal_moves(&mut moves);
                if soak.random_moves > 0.0 && rng.gen_bool(soak.random_moves) {
                    pos.play(moves[rng.gen_range(0..moves.len())]);
                    report.steps += 1;
                    continue;
                }
                let view = pos.observation(pos.to_move());
                let r = searcher.search(&view, &limits, &clock, &mut NoTrace, &mut |_| {});
                match r.best {
                    Some(m) if moves.contains(&m) => pos.play(m),
                    other => {
                        report.problem = Some(format!(
                            "step {step}: the engine chose {:?}, not a legal move, in {}",
                            other.map(|m| view.move_text(m)),
                            pos.position_text()
                        ));
                        return report;
                    }
                }
            }
        }
        report.steps += 1;
    }
    report
}
