//! Playing one game of a match: engines A and B, chance outcomes and random
//! moves drawn from the game's own seed, every engine searching only its
//! side's observation. Anything that goes wrong in a game — a panic, an
//! engine that returns no move or an illegal one — ends that game as an
//! error with a message; the match goes on.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use starcut::search::{Limits, NoTrace, SearchConfig, Searcher, StdClock};
use starcut::selfplay::sample_outcome;
use starcut::{Game, Player, Record, Status, Step};

use super::noise::NoisyEval;
use super::results::{Colour, GameResult, Outcome};
use super::seeds;

/// Settings shared by all games of a match.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Search configurations of A and B.
    pub configs: [SearchConfig; 2],
    pub limits: [Limits; 2],
    /// Steps (decisions and outcomes) after which a game is a draw.
    pub max_steps: usize,
    /// Probability of a uniformly random move instead of the engine's.
    pub random_moves: f64,
    /// Amplitude of the seeded evaluation noise (0: none).
    pub eval_noise: f64,
    /// Debug, for the tests: this game panics at its first decision.
    pub fail_game: Option<usize>,
}

/// One game to play.
pub struct Job<'a, G: Game> {
    pub index: usize,
    pub seed: u64,
    pub start: &'a G,
    pub label: &'a str,
    pub a_colour: Player,
}

/// The searchers of A and B, reused from game to game by one thread.
pub struct Engines<G: Game> {
    searchers: [Searcher<G, NoisyEval>; 2],
}

impl<G: Game> Engines<G> {
    pub fn new(settings: &Settings) -> Self {
        Engines {
            searchers: settings.configs.clone().map(|c| {
                let eval = NoisyEval {
                    amplitude: settings.eval_noise,
                    ..NoisyEval::default()
                };
                Searcher::with_evaluator(c, eval)
            }),
        }
    }
}

thread_local! {
    /// Set while this thread plays a game, so the panic hook stays quiet.
    static IN_GAME: Cell<bool> = const { Cell::new(false) };
    /// Where the last in-game panic happened.
    static PANIC_AT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs a panic hook that records where an in-game panic happened
/// instead of printing it (the game's result reports it); panics elsewhere
/// go to the previous hook. Returns nothing; call once per process.
pub fn quiet_game_panics() {
    let previous = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if IN_GAME.with(Cell::get) {
            let at = info
                .location()
                .map(|l| format!("{}:{}", l.file(), l.line()));
            PANIC_AT.with(|p| *p.borrow_mut() = at);
        } else {
            previous(info);
        }
    }));
}

/// Plays `job`; returns its result and its record (up to an error).
pub fn play<G: Game>(
    job: &Job<'_, G>,
    engines: &mut Engines<G>,
    settings: &Settings,
) -> (GameResult, Record<G>) {
    let t0 = Instant::now();
    for (side, s) in engines.searchers.iter_mut().enumerate() {
        // Each game starts from empty tables, whatever this thread played
        // before: results must not depend on the scheduling.
        s.clear();
        s.evaluator()
            .salt
            .set(seeds::derive(job.seed, seeds::NOISE, side));
    }
    let mut record = Record::new(job.start.clone());
    let mut nodes = [0u64; 2];
    let mut plies = 0usize;
    IN_GAME.with(|f| f.set(true));
    let played = panic::catch_unwind(AssertUnwindSafe(|| {
        play_steps(job, engines, settings, &mut record, &mut nodes, &mut plies)
    }));
    IN_GAME.with(|f| f.set(false));
    let (result, error, cut) = match played {
        Ok(Ok(Some(winner))) => {
            let result = match winner {
                Some(p) if p == job.a_colour => Outcome::AWin,
                Some(_) => Outcome::BWin,
                None => Outcome::Draw,
            };
            (result, None, false)
        }
        Ok(Ok(None)) => (Outcome::Draw, None, true),
        Ok(Err(message)) => (Outcome::Error, Some(message), false),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown payload".to_string());
            let at = PANIC_AT.with(|p| p.borrow_mut().take());
            // A search that panicked may have left its tables half-written.
            *engines = Engines::new(settings);
            let at = at.map(|a| format!(" at {a}")).unwrap_or_default();
            (
                Outcome::Error,
                Some(format!(
                    "panic{at} at step {}: {message}",
                    record.steps.len() + 1
                )),
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
        plies,
        steps: record.steps.len(),
        cut,
        nodes_a: nodes[0],
        nodes_b: nodes[1],
        time_ms: t0.elapsed().as_secs_f64() * 1000.0,
    };
    (result, record)
}

/// The game loop. `Ok(Some(winner))` when the rules ended the game,
/// `Ok(None)` when `max_steps` did, `Err` when an engine failed.
fn play_steps<G: Game>(
    job: &Job<'_, G>,
    engines: &mut Engines<G>,
    settings: &Settings,
    record: &mut Record<G>,
    nodes: &mut [u64; 2],
    plies: &mut usize,
) -> Result<Option<Option<Player>>, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(job.seed);
    let clock = StdClock::new();
    let mut pos = job.start.clone();
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    let name = ["A", "B"];
    while record.steps.len() < settings.max_steps {
        let n = record.steps.len() + 1;
        let step = match pos.status() {
            Status::Terminal(winner) => return Ok(Some(winner)),
            Status::Chance => {
                pos.chance_outcomes(&mut outcomes);
                if outcomes.is_empty() {
                    return Err(format!("step {n}: a chance node without outcomes"));
                }
                Step::Outcome(sample_outcome(&outcomes, &mut rng))
            }
            Status::Decision => {
                if settings.fail_game == Some(job.index) {
                    panic!("injected failure (--fail-game {})", job.index);
                }
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    return Err(format!("step {n}: a decision node without moves"));
                }
                let mover = pos.to_move();
                let side = usize::from(mover != job.a_colour);
                let random =
                    settings.random_moves > 0.0 && rng.gen_bool(settings.random_moves.min(1.0));
                let mv = if random {
                    moves[rng.gen_range(0..moves.len())]
                } else {
                    let view = pos.observation(mover);
                    let result = engines.searchers[side].search(
                        &view,
                        &settings.limits[side],
                        &clock,
                        &mut NoTrace,
                        &mut |_| {},
                    );
                    nodes[side] += result.stats.nodes();
                    match result.best {
                        Some(m) if moves.contains(&m) => m,
                        Some(m) => {
                            return Err(format!(
                                "step {n}: engine {} played the illegal move {}",
                                name[side],
                                view.move_text(m)
                            ))
                        }
                        None => {
                            return Err(format!("step {n}: engine {} gave no move", name[side]))
                        }
                    }
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
