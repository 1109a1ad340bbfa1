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
    let mut searches = [0u64; 2];
    let mut plies = 0usize;
    IN_GAME.with(|f| f.set(true));
    let played = panic::catch_unwind(AssertUnwindSafe(|| {
        play_steps(
            job,
            engines,
            settings,
            &mut record,
            &mut nodes,
            &mut searches,
            &mut plies,
        )
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
        failure: None,
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

/// The game loop. `Ok(Some(winner))` when the rules ended the game,
/// `Ok(None)` when `max_steps` did, `Err` when an engine failed.
fn play_steps<G: Game>(
    job: &Job<'_, G>,
    engines: &mut Engines<G>,
    settings: &Settings,
    record: &mut Record<G>,
    nodes: &mut [u64; 2],
    searches: &mut [u64; 2],
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
                    searches[side] += 1;
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

#[cfg(test)]
mod tests {
    use super::*;
    use starcut::breakthrough::{Breakthrough, BreakthroughConfig, BreakthroughMove, RollOutcome};
    use starcut::{IllegalMove, ParseError};

    /// Breakthrough whose observation lies: White's front row is shown one
    /// row further forward, so every move an engine finds in it is illegal
    /// in the true position.
    #[derive(Clone, Debug)]
    struct Liar(Breakthrough);

    const TRUE_START: &str = "bbbbb/bbbbb/5/wwwww/wwwww w";
    const SHOWN: &str = "bbbbb/bbbbb/wwwww/5/wwwww w";

    impl Game for Liar {
        type Move = BreakthroughMove;
        type Outcome = RollOutcome;
        type Config = BreakthroughConfig;
        fn name(&self) -> &'static str {
            "liar"
        }
        fn bound(&self) -> f64 {
            self.0.bound()
        }
        fn status(&self) -> Status {
            self.0.status()
        }
        fn to_move(&self) -> Player {
            self.0.to_move()
        }
        fn legal_moves(&self, out: &mut Vec<BreakthroughMove>) {
            self.0.legal_moves(out)
        }
        fn chance_outcomes(&self, out: &mut Vec<(RollOutcome, u32)>) {
            self.0.chance_outcomes(out)
        }
        fn play(&mut self, mv: BreakthroughMove) {
            self.0.play(mv)
        }
        fn apply_outcome(&mut self, o: RollOutcome) {
            self.0.apply_outcome(o)
        }
        fn hash(&self) -> u64 {
            self.0.hash()
        }
        fn heuristic(&self) -> f64 {
            self.0.heuristic()
        }
        fn observation(&self, _player: Player) -> Self {
            let config = BreakthroughConfig::default();
            Liar(Breakthrough::parse_position(&config, SHOWN).unwrap())
        }
        fn start(config: &BreakthroughConfig) -> Option<Self> {
            Breakthrough::start(config).map(Liar)
        }
        fn parse_position(config: &BreakthroughConfig, text: &str) -> Result<Self, ParseError> {
            Breakthrough::parse_position(config, text).map(Liar)
        }
        fn position_text(&self) -> String {
            self.0.position_text()
        }
        fn move_text(&self, mv: BreakthroughMove) -> String {
            self.0.move_text(mv)
        }
        fn outcome_text(&self, o: RollOutcome) -> String {
            self.0.outcome_text(o)
        }
        fn parse_move(&self, text: &str) -> Result<BreakthroughMove, IllegalMove> {
            self.0.parse_move(text)
        }
        fn parse_outcome(&self, text: &str) -> Result<RollOutcome, IllegalMove> {
            self.0.parse_outcome(text)
        }
    }

    fn settings(fail_game: Option<usize>) -> Settings {
        Settings {
            configs: [SearchConfig::default(), SearchConfig::default()]
                .map(|c| SearchConfig { tt_mb: 1, ..c }),
            limits: [Limits::depth(2), Limits::depth(2)],
            max_steps: 100,
            random_moves: 0.0,
            eval_noise: 0.0,
            fail_game,
        }
    }

    #[test]
    fn an_illegal_engine_move_is_an_error_naming_it() {
        let start = Liar::parse_position(&BreakthroughConfig::default(), TRUE_START).unwrap();
        let s = settings(None);
        let job = Job {
            index: 0,
            seed: 1,
            start: &start,
            label: "start",
            a_colour: Player::Second,
        };
        let (result, record) = play(&job, &mut Engines::new(&s), &s);
        assert_eq!(result.result, Outcome::Error);
        let msg = result.error.unwrap();
        assert!(
            msg.contains("step 1: engine B played the illegal move"),
            "{msg}"
        );
        assert!(record.steps.is_empty());
    }

    #[test]
    fn a_panic_is_an_error_and_the_engines_still_play_after_it() {
        let start =
            Breakthrough::parse_position(&BreakthroughConfig::default(), TRUE_START).unwrap();
        let s = settings(Some(3));
        let mut engines = Engines::new(&s);
        let job = |index| Job {
            index,
            seed: 9,
            start: &start,
            label: "start",
            a_colour: Player::First,
        };
        let (clean, _) = play(&job(0), &mut engines, &s);
        assert_ne!(clean.result, Outcome::Error);
        let (failed, _) = play(&job(3), &mut engines, &s);
        assert_eq!(failed.result, Outcome::Error);
        assert!(failed.error.unwrap().contains("injected failure"));
        // Same seed as game 0 (deliberately): after the panic the engines
        // replay game 0 exactly.
        let (again, record) = play(&job(0), &mut engines, &s);
        assert_eq!((again.result, again.plies), (clean.result, clean.plies));
        assert_eq!(record.steps.len(), clean.steps);
    }
}
