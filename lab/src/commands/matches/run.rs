//! Playing one game of a match: engines A and B, chance outcomes and random
//! moves drawn from the game's own seed, every engine searching only its
//! side's observation. An engine is a configuration of this binary searched
//! in process, or an external program speaking the engine protocol
//! (`--a-cmd` / `--b-cmd`, `external.rs`), which receives the observation
//! as its start and the steps since (`history.rs`); a starcut engine behind the protocol plays the
//! same games as the same configuration in process (tested).
//!
//! Anything that goes wrong in a game ends that game and the match goes
//! on: an external engine that crashes, runs out of time, plays an illegal
//! move or breaks the protocol loses it, with the failure recorded; a panic
//! or an in-process engine that returns no move or an illegal one makes it
//! an error with a message (scored for neither side).

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use starcut::registry::GameKind;
use starcut::search::{Limits, NoTrace, SearchConfig, Searcher, StdClock};
use starcut::selfplay::sample_outcome;
use starcut::{Ending, Game, Player, Record, Status, Step};

use super::external::{EngineCommand, EngineFailure, ExternalEngine, FailureKind};
use super::history::ViewHistory;
use super::noise::NoisyEval;
use super::results::{Colour, Failure, GameResult, Outcome, SideName};
use super::seeds;

/// Settings shared by all games of a match.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Search configurations of A and B (unused for an external side).
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

/// How external engines are driven.
#[derive(Clone, Debug)]
pub struct ExternalSettings {
    pub game: GameKind,
    pub game_options: Vec<String>,
    /// Extra time an engine has for a reply beyond its move time.
    pub margin: Duration,
}

/// One game to play.
pub struct Job<'a, G: Game> {
    pub index: usize,
    pub seed: u64,
    pub start: &'a G,
    pub label: &'a str,
    pub a_colour: Player,
}

/// One side of a game.
pub enum Side<G: Game> {
    Local(Box<Searcher<G, NoisyEval>>),
    External(ExternalEngine),
}

/// The two sides (A, B), reused from game to game by one thread (each game
/// clears an in-process searcher; an external engine is started once).
pub struct Sides<G: Game> {
    sides: [Side<G>; 2],
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

const NAME: [&str; 2] = ["A", "B"];

thread_local! {
    /// Set while this thread plays a game, so the panic hook stays quiet.
    static IN_GAME: Cell<bool> = const { Cell::new(false) };
    /// Where the last in-game panic happened.
    static PANIC_AT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs a panic hook that records where an in-game panic happened
/// instead of printing it (the game's result reports it); panics elsewhere
/// go to the previous hook. Call once per process.
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

/// What ended a game early.
enum Stop {
    /// An external engine lost by failing.
    Failed(usize, EngineFailure),
    /// An error scored for neither side.
    Error(String),
}

/// What a game counted while it was played.
#[derive(Default)]
struct Tally {
    nodes: [u64; 2],
    searches: [u64; 2],
    /// The depth each in-process search completed, in the order searched.
    depths: [Vec<u32>; 2],
    plies: usize,
}

/// Plays `job`; returns its result and its record (up to an error).
pub fn play<G: Game>(
    job: &Job<'_, G>,
    sides: &mut Sides<G>,
    settings: &Settings,
    external: &ExternalSettings,
) -> (GameResult, Record<G>) {
    let t0 = Instant::now();
    let mut record = Record::new(job.start.clone());
    let mut tally = Tally::default();
    IN_GAME.with(|f| f.set(true));
    let played = panic::catch_unwind(AssertUnwindSafe(|| {
        new_game(job, sides, settings, external)?;
        game_loop(job, sides, settings, external, &mut record, &mut tally)
    }));
    IN_GAME.with(|f| f.set(false));
    let mut end = None;
    let (result, error, failure, cut) = match played {
        Ok(Ok(Some((winner, ending)))) => {
            let result = match winner {
                Some(p) if p == job.a_colour => Outcome::AWin,
                Some(_) => Outcome::BWin,
                None => Outcome::Draw,
            };
            end = ending.map(|e| e.name().to_string());
            (result, None, None, false)
        }
        Ok(Ok(None)) => (Outcome::Draw, None, None, true),
        Ok(Err(Stop::Failed(side, f))) => {
            let result = [Outcome::BWin, Outcome::AWin][side];
            let failure = Failure {
                engine: [SideName::A, SideName::B][side],
                kind: f.kind,
                message: f.message,
            };
            (result, None, Some(failure), false)
        }
        Ok(Err(Stop::Error(message))) => (Outcome::Error, Some(message), None, false),
        Err(payload) => {
            let message = crate::panics::message(payload.as_ref());
            let at = PANIC_AT.with(|p| p.borrow_mut().take());
            // A search that panicked may have left its tables half-written;
            // an external engine may be in the middle of a reply.
            for (i, side) in sides.sides.iter_mut().enumerate() {
                match side {
                    Side::Local(s) => **s = local(settings, i),
                    Side::External(e) => e.kill(),
                }
            }
            let at = at.map(|a| format!(" at {a}")).unwrap_or_default();
            let step = record.steps.len() + 1;
            let message = format!("panic{at} at step {step}: {message}");
            (Outcome::Error, Some(message), None, false)
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
        plies: tally.plies,
        steps: record.steps.len(),
        cut,
        end,
        nodes_a: tally.nodes[0],
        nodes_b: tally.nodes[1],
        searches_a: tally.searches[0],
        searches_b: tally.searches[1],
        depths_a: std::mem::take(&mut tally.depths[0]),
        depths_b: std::mem::take(&mut tally.depths[1]),
        time_ms: t0.elapsed().as_secs_f64() * 1000.0,
    };
    (result, record)
}

/// Readies both sides for a new game: an in-process searcher starts from
/// empty tables whatever this thread played before (results must not
/// depend on the scheduling); an external engine gets `newgame`. Both get
/// the game's evaluation-noise seed.
fn new_game<G: Game>(
    job: &Job<'_, G>,
    sides: &mut Sides<G>,
    settings: &Settings,
    external: &ExternalSettings,
) -> Result<(), Stop> {
    for (i, side) in sides.sides.iter_mut().enumerate() {
        let salt = seeds::derive(job.seed, seeds::NOISE, i);
        match side {
            Side::Local(s) => {
                s.clear();
                s.evaluator()
                    .salt
                    .store(salt, std::sync::atomic::Ordering::Relaxed);
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
    Ok(())
}

/// How the rules ended a game: the winner (`None`: a draw) and how.
type Finish = (Option<Player>, Option<Ending>);

/// The game loop: `Ok(Some((winner, ending)))` when the rules ended the
/// game, `Ok(None)` when `max_steps` did.
fn game_loop<G: Game>(
    job: &Job<'_, G>,
    sides: &mut Sides<G>,
    settings: &Settings,
    external: &ExternalSettings,
    record: &mut Record<G>,
    tally: &mut Tally,
) -> Result<Option<Finish>, Stop> {
    let mut rng = ChaCha8Rng::seed_from_u64(job.seed);
    let clock = StdClock::new();
    let mut pos = job.start.clone();
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    // What each external side has seen of the game.
    let mut histories: [Option<ViewHistory<G>>; 2] = [0, 1].map(|side| {
        let colour = if side == 0 {
            job.a_colour
        } else {
            job.a_colour.other()
        };
        matches!(sides.sides[side], Side::External(_)).then(|| ViewHistory::new(&pos, colour))
    });
    while record.steps.len() < settings.max_steps {
        let n = record.steps.len() + 1;
        let step = match pos.status() {
            Status::Terminal(winner) => return Ok(Some((winner, pos.ending()))),
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
                if settings.fail_game == Some(job.index) {
                    panic!("injected failure (--fail-game {})", job.index);
                }
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
                    let name = NAME[side];
                    let (mv, searched) = match &mut sides.sides[side] {
                        Side::Local(s) => {
                            let r = s.search(&view, limits, &clock, &mut NoTrace, &mut |_| {});
                            let mv = r.best.ok_or_else(|| {
                                Stop::Error(format!("step {n}: engine {name} gave no move"))
                            })?;
                            tally.depths[side].push(r.depth);
                            (mv, r.stats.nodes())
                        }
                        Side::External(e) => {
                            let history = histories[side].as_ref().ok_or_else(|| {
                                Stop::Error(format!("step {n}: engine {name} has no history"))
                            })?;
                            e.ask_move(history, limits, external.margin, n)
                                .map_err(|f| Stop::Failed(side, f))?
                        }
                    };
                    tally.nodes[side] += searched;
                    tally.searches[side] += 1;
                    if !moves.contains(&mv) {
                        let text = view.move_text(mv);
                        let message =
                            format!("step {n}: engine {name} played the illegal move {text}");
                        return Err(match sides.sides[side] {
                            Side::External(_) => Stop::Failed(
                                side,
                                EngineFailure::new(FailureKind::Illegal, message),
                            ),
                            Side::Local(_) => Stop::Error(message),
                        });
                    }
                    mv
                };
                tally.plies += 1;
                Step::Move(mv)
            }
        };
        let text = histories
            .iter()
            .any(Option::is_some)
            .then(|| pos.step_text(step));
        pos.apply_step(step);
        record.steps.push(step);
        if let Some(text) = text {
            for h in histories.iter_mut().flatten() {
                h.follow(&text, &pos)
                    .map_err(|e| Stop::Error(format!("step {n}: {e}")))?;
            }
        }
    }
    match pos.status() {
        Status::Terminal(winner) => Ok(Some((winner, pos.ending()))),
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

    fn external() -> ExternalSettings {
        ExternalSettings {
            game: GameKind::Breakthrough,
            game_options: Vec::new(),
            margin: Duration::from_secs(1),
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
        let (result, record) = play(&job, &mut Sides::new(&s, [None, None]), &s, &external());
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
        let mut engines = Sides::new(&s, [None, None]);
        let job = |index| Job {
            index,
            seed: 9,
            start: &start,
            label: "start",
            a_colour: Player::First,
        };
        let (clean, _) = play(&job(0), &mut engines, &s, &external());
        assert_ne!(clean.result, Outcome::Error);
        let (failed, _) = play(&job(3), &mut engines, &s, &external());
        assert_eq!(failed.result, Outcome::Error);
        assert!(failed.error.unwrap().contains("injected failure"));
        // Same seed as game 0 (deliberately): after the panic the engines
        // replay game 0 exactly.
        let (again, record) = play(&job(0), &mut engines, &s, &external());
        assert_eq!((again.result, again.plies), (clean.result, clean.plies));
        assert_eq!(record.steps.len(), clean.steps);
    }
}
