//! Playing one game of a match in which at least one engine is an external
//! program (`--a-cmd` / `--b-cmd`). The rules of the game are the same as
//! for two in-process engines (`run.rs`): chance outcomes and random moves
//! from the game's own seed, drawn in the same order, and every engine sees
//! only its side's observation (an external engine receives it as a
//! `position` text). An in-process side searches exactly as in `run.rs`, so
//! a starcut engine behind the protocol plays the same games as the same
//! configuration in process (tested).
//!
//! An external engine that crashes, runs out of time, plays an illegal move
//! or breaks the protocol loses the game; the failure is recorded with it
//! and the match goes on.

use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use starcut::registry::GameKind;
use starcut::search::{Limits, NoTrace, Searcher, StdClock};
use starcut::selfplay::sample_outcome;
use starcut::{Game, Player, Record, Status, Step};

use super::external::{EngineCommand, EngineFailure, ExternalEngine, FailureKind};
use super::noise::NoisyEval;
use super::results::{Colour, Failure, GameResult, Outcome, SideName};
use super::run::{Job, Settings};
use super::seeds;
use crate::protocol::Go;

/// One side of a game.
pub enum Side<G: Game> {
    Local(Box<Searcher<G, NoisyEval>>),
    External(ExternalEngine),
}

/// How the external engines are driven.
#[derive(Clone, Debug)]
pub struct ExternalSettings {
    pub game: GameKind,
    pub game_options: Vec<String>,
    /// Extra time an engine has for a reply beyond its move time.
    pub margin: Duration,
}

/// The two sides (A, B) a worker thread plays its games with.
pub struct Sides<G: Game> {
    pub sides: [Side<G>; 2],
}

impl<G: Game> Sides<G> {
    /// A is external when `engines[0]` is set, B when `engines[1]` is.
    pub fn new(settings: &Settings, engines: [Option<EngineCommand>; 2]) -> Self {
        let mut i = 0;
        let sides = engines.map(|external| {
            let side = match external {
                Some(command) => Side::External(ExternalEngine::new(command)),
                None => Side::Local(Box::new(local(settings, i))),
            };
            i += 1;
            side
        });
        Sides { sides }
    }
}

fn local<G: Game>(settings: &Settings, side: usize) -> Searcher<G, NoisyEval> {
    let eval = NoisyEval {
        amplitude: settings.eval_noise,
        ..NoisyEval::default()
    };
    Searcher::with_evaluator(settings.configs[side].clone(), eval)
}

/// What ended a game early.
enum Stop {
    /// An engine lost by failing.
    Failed(usize, EngineFailure),
    /// The referee's own problem (scored as an error, not for either side).
    Error(String),
}

/// Plays `job`; returns its result and its record.
pub fn play<G: Game>(
    job: &Job<'_, G>,
    sides: &mut Sides<G>,
    settings: &Settings,
    external: &ExternalSettings,
) -> (GameResult, Record<G>) {
    let t0 = Instant::now();
    let mut record = Record::new(job.start.clone());
    let mut nodes = [0u64; 2];
    let mut searches = [0u64; 2];
    let mut plies = 0usize;
    let played = panic::catch_unwind(AssertUnwindSafe(|| {
        for (i, side) in sides.sides.iter_mut().enumerate() {
            let salt = seeds::derive(job.seed, seeds::NOISE, i);
            match side {
                Side::Local(s) => {
                    s.clear();
                    s.evaluator().salt.set(salt);
                }
                Side::External(e) => {
                    let mut per_game = Vec::new();
                    if settings.eval_noise > 0.0 {
                        per_game.push(("eval_noise".to_string(), settings.eval_noise.to_string()));
                        per_game.push(("noise_seed".to_string(), salt.to_string()));
                    }
                    e.new_game(external.game, &external.game_options, &per_game)
                        .map_err(|f| Stop::Failed(i, f))?;
                }
            }
        }
        game_loop(
            job,
            sides,
            settings,
            external,
            &mut record,
            &mut nodes,
            &mut searches,
            &mut plies,
        )
    }));
    let (result, error, failure, cut) = match played {
        Ok(Ok(Some(winner))) => (for_a(winner, job.a_colour), None, None, false),
        Ok(Ok(None)) => (Outcome::Draw, None, None, true),
        Ok(Err(Stop::Failed(side, f))) => {
            let result = if side == 0 {
                Outcome::BWin
            } else {
                Outcome::AWin
            };
            let failure = Failure {
                engine: if side == 0 { SideName::A } else { SideName::B },
                kind: f.kind,
                message: f.message,
            };
            (result, None, Some(failure), false)
        }
        Ok(Err(Stop::Error(message))) => (Outcome::Error, Some(message), None, false),
        Err(payload) => {
            let message = crate::panics::message(payload.as_ref());
            for (i, side) in sides.sides.iter_mut().enumerate() {
                match side {
                    Side::Local(s) => **s = local(settings, i),
                    Side::External(e) => e.kill(),
                }
            }
            let at = record.steps.len() + 1;
            (
                Outcome::Error,
                Some(format!("panic at step {at}: {message}")),
                None,
                false,
            )
        }
    };
    let result = GameResult {
        index: job.index,
        seed: job.seed,
        start: job.label.to_string(),
        a_colour: match job.a_colour {
            Player::First => Colour::First,
            Player::Second => Colour::Second,
        },
        result,
        error,
        failure,
        plies,
        steps: record.steps.len(),
        cut,
        nodes_a: nodes[0],
        nodes_b: nodes[1],
        searches_a: searches[0],
        searches_b: searches[1],
        time_ms: t0.elapsed().as_secs_f64() * 1000.0,
    };
    (result, record)
}

fn for_a(winner: Option<Player>, a_colour: Player) -> Outcome {
    match winner {
        Some(p) if p == a_colour => Outcome::AWin,
        Some(_) => Outcome::BWin,
        None => Outcome::Draw,
    }
}

/// The game loop: `Ok(Some(winner))` when the rules ended the game,
/// `Ok(None)` when `max_steps` did.
#[allow(clippy::too_many_arguments)]
fn game_loop<G: Game>(
    job: &Job<'_, G>,
    sides: &mut Sides<G>,
    settings: &Settings,
    external: &ExternalSettings,
    record: &mut Record<G>,
    nodes: &mut [u64; 2],
    searches: &mut [u64; 2],
    plies: &mut usize,
) -> Result<Option<Option<Player>>, Stop> {
    let mut rng = ChaCha8Rng::seed_from_u64(job.seed);
    let clock = StdClock::new();
    let mut pos = job.start.clone();
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    while record.steps.len() < settings.max_steps {
        let n = record.steps.len() + 1;
        let step = match pos.status() {
            Status::Terminal(winner) => return Ok(Some(winner)),
            Status::Chance => {
                pos.chance_outcomes(&mut outcomes);
                if outcomes.is_empty() {
                    return Err(Stop::Error(format!(
                        "step {n}: a chance node without outcomes"
                    )));
                }
                Step::Outcome(sample_outcome(&outcomes, &mut rng))
            }
            Status::Decision => {
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    return Err(Stop::Error(format!(
                        "step {n}: a decision node without moves"
                    )));
                }
                let mover = pos.to_move();
                let side = usize::from(mover != job.a_colour);
                let random =
                    settings.random_moves > 0.0 && rng.gen_bool(settings.random_moves.min(1.0));
                let mv = if random {
                    moves[rng.gen_range(0..moves.len())]
                } else {
                    let view = pos.observation(mover);
                    let limits = &settings.limits[side];
                    let (mv, searched) = match &mut sides.sides[side] {
                        Side::Local(s) => {
                            let r = s.search(&view, limits, &clock, &mut NoTrace, &mut |_| {});
                            let mv = r.best.ok_or_else(|| {
                                Stop::Error(format!("step {n}: the in-process engine gave no move"))
                            })?;
                            (mv, r.stats.nodes())
                        }
                        Side::External(e) => {
                            let (mv, searched) = ask(e, &view, limits, external, n)
                                .map_err(|f| Stop::Failed(side, f))?;
                            (mv, searched)
                        }
                    };
                    nodes[side] += searched;
                    searches[side] += 1;
                    if !moves.contains(&mv) {
                        let text = view.move_text(mv);
                        return match sides.sides[side] {
                            Side::External(_) => Err(Stop::Failed(
                                side,
                                EngineFailure::new(
                                    FailureKind::Illegal,
                                    format!("step {n}: illegal move {text}"),
                                ),
                            )),
                            Side::Local(_) => Err(Stop::Error(format!(
                                "step {n}: the in-process engine played the illegal move {text}"
                            ))),
                        };
                    }
                    mv
                };
                *plies += 1;
                Step::Move(mv)
            }
        };
        pos.apply_step(step);
        record.steps.push(step);
    }
    match pos.status() {
        Status::Terminal(winner) => Ok(Some(winner)),
        _ => Ok(None),
    }
}

/// Asks an external engine for a move in `view`.
fn ask<G: Game>(
    engine: &mut ExternalEngine,
    view: &G,
    limits: &Limits,
    external: &ExternalSettings,
    step: usize,
) -> Result<(G::Move, u64), EngineFailure> {
    let go = Go {
        depth: Some(limits.depth),
        movetime: limits.deadline_ms,
        nodes: limits.max_nodes,
        infinite: false,
    };
    // Without a time limit an engine still has to answer: a minute, or
    // its move time plus the margin.
    let timeout = match limits.deadline_ms {
        Some(ms) => Duration::from_secs_f64(ms / 1000.0) + external.margin,
        None => Duration::from_secs(60).max(external.margin),
    };
    let answer = engine.think(&view.position_text(), &go, timeout)?;
    let Some(text) = answer.best else {
        engine.kill();
        return Err(EngineFailure::new(
            FailureKind::Protocol,
            format!("step {step}: bestmove none at a decision"),
        ));
    };
    let mv = view
        .parse_move(&text)
        .map_err(|e| EngineFailure::new(FailureKind::Illegal, format!("step {step}: {e}")))?;
    Ok((mv, answer.nodes))
}
