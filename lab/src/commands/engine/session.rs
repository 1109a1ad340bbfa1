//! One game of the engine protocol: the game's configuration, the position
//! to search and the searcher (kept across the searches of a game, as an
//! engine keeps its tables across moves). The engine holds it as a
//! `dyn Session` so that `newgame` can switch games.

use std::cell::Cell;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use serde::Serialize;
use starcut::registry::{GameKind, GameVisitor};
use starcut::search::{Clock, NoTrace, Progress, SearchConfig, SearchMode, Searcher, Stats};
use starcut::{Game, GameConfig, Status};

use super::Out;
use crate::commands::matches::noise::NoisyEval;
use crate::protocol::{FromEngine, Go, Info};
use crate::search_args::{parse_algo, parse_algo_in, resolve_params};

/// Depth of `go` without any limit.
const DEFAULT_DEPTH: u32 = 4;
/// Depth of `go` with only a time or node limit, or `infinite`.
const MAX_DEPTH: u32 = 64;
/// Partial `info` lines (inside an iteration) at most this often, in ms.
const INFO_EVERY_MS: f64 = 1000.0;

/// The values of the engine's options (`setoption`).
#[derive(Clone, Debug)]
pub struct EngineOptions {
    pub algo: String,
    pub tt_mb: Option<usize>,
    pub eval_noise: f64,
    pub noise_seed: u64,
    pub probcut_params: Option<PathBuf>,
}

/// The algorithm an engine plays with unless told: StarETC with the game's
/// opponent model (Stratego and Barrage; it scored 56.9% ± 5.3% against
/// the plain counts at 100 ms a move, README), in play mode.
pub const DEFAULT_ALGO: &str = "staretc+model";

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            algo: DEFAULT_ALGO.into(),
            tt_mb: None,
            eval_noise: 0.0,
            noise_seed: 0,
            probcut_params: None,
        }
    }
}

impl EngineOptions {
    /// Sets one option, checking its value (not yet against a game).
    pub fn set(&mut self, name: &str, value: &str) -> Result<()> {
        let value = value.trim();
        match name {
            "algo" => {
                parse_algo(value).context("setoption algo")?;
                self.algo = value.to_string();
            }
            "tt_mb" => {
                let mb: usize = value
                    .parse()
                    .ok()
                    .filter(|&mb| (1..=65536).contains(&mb))
                    .ok_or_else(|| anyhow!("setoption tt_mb: '{value}' is not a size from 1 to 65536 MiB"))?;
                self.tt_mb = Some(mb);
            }
            "eval_noise" => {
                self.eval_noise = value
                    .parse()
                    .ok()
                    .filter(|x: &f64| *x >= 0.0 && x.is_finite())
                    .ok_or_else(|| anyhow!("setoption eval_noise: '{value}' is not a number >= 0"))?;
            }
            "noise_seed" => {
                self.noise_seed = value
                    .parse()
                    .map_err(|_| anyhow!("setoption noise_seed: '{value}' is not a whole number"))?;
            }
            "probcut_params" => {
                self.probcut_params = (!value.is_empty() && value != "<game's>").then(|| value.into());
            }
            other => bail!(
                "setoption: unknown option '{other}' (algo, tt_mb, eval_noise, noise_seed, probcut_params)"
            ),
        }
        Ok(())
    }

    /// The search configuration for `kind` (reads ChanceProbCut's models):
    /// play mode unless the algorithm says `+exact`, as an engine plays a
    /// game.
    pub fn search_config(&self, kind: GameKind) -> Result<SearchConfig> {
        let mut config = parse_algo_in(&self.algo, SearchMode::Play)?;
        resolve_params(&mut config, kind.name(), self.probcut_params.as_deref())
            .context("setoption algo")?;
        if let Some(mb) = self.tt_mb {
            config.tt_mb = mb;
        }
        Ok(config)
    }

    fn eval(&self) -> NoisyEval {
        let eval = NoisyEval {
            amplitude: self.eval_noise,
            ..NoisyEval::default()
        };
        eval.salt.store(self.noise_seed, Relaxed);
        eval
    }
}

/// A game being played through the protocol.
pub trait Session: Send {
    /// `position`: `start` or a text, then steps. On an error the engine
    /// has no position until the next good `position`.
    fn set_position(&mut self, position: &str, steps: &[String]) -> Result<()>;
    /// Whether `go` can search now.
    fn ready(&self) -> Result<()>;
    /// `setoption` while a game is open.
    fn configure(&mut self, config: &SearchConfig, options: &EngineOptions);
    /// Searches the position and sends `info` lines; returns the move for
    /// `bestmove` (`None`: nothing to move, or the search failed).
    fn search(&mut self, go: &Go, stop: &Arc<AtomicBool>, out: &Out) -> Option<String>;
}

/// Opens a session for `kind` with the game's `key=value` options.
pub fn open(
    kind: GameKind,
    options: &[String],
    engine: &EngineOptions,
) -> Result<Box<dyn Session>> {
    let config = engine.search_config(kind)?;
    kind.visit(Open {
        kind,
        options,
        config,
        engine,
    })
}

struct Open<'a> {
    kind: GameKind,
    options: &'a [String],
    config: SearchConfig,
    engine: &'a EngineOptions,
}

impl GameVisitor for Open<'_> {
    type Output = Result<Box<dyn Session>>;

    fn visit<G: Game>(self, mut config: G::Config) -> Self::Output {
        for opt in self.options {
            config
                .set_options(opt)
                .map_err(|e| anyhow!("newgame {}: {e}", self.kind))?;
        }
        Ok(Box::new(GameSession::<G> {
            kind: self.kind,
            config,
            position: None,
            searcher: Searcher::with_evaluator(self.config, self.engine.eval()),
        }))
    }
}

struct GameSession<G: Game> {
    kind: GameKind,
    config: G::Config,
    position: Option<G>,
    searcher: Searcher<G, NoisyEval>,
}

/// The search's clock: wall time, or +infinity once `stop` has come, which
/// ends the search as a passed deadline does. The first read (the search
/// notes its start time) is always finite, so that a `stop` that came
/// before the search started still ends it (infinity minus infinity would
/// not pass any deadline).
struct StopClock {
    origin: Instant,
    stop: Arc<AtomicBool>,
    started: Cell<bool>,
}

impl Clock for StopClock {
    fn now_ms(&self) -> f64 {
        let elapsed = self.origin.elapsed().as_secs_f64() * 1000.0;
        if !self.started.replace(true) {
            return elapsed;
        }
        if self.stop.load(Ordering::Relaxed) {
            f64::INFINITY
        } else {
            elapsed
        }
    }
}

impl<G: Game> Session for GameSession<G> {
    fn set_position(&mut self, position: &str, steps: &[String]) -> Result<()> {
        self.position = None;
        let mut pos = if position == "start" {
            G::start(&self.config)
                .ok_or_else(|| anyhow!("position: {} has no start position", self.kind))?
        } else {
            G::parse_position(&self.config, position).map_err(|e| anyhow!("position: {e}"))?
        };
        for (i, token) in steps.iter().enumerate() {
            let step = pos
                .parse_step(token)
                .map_err(|e| anyhow!("position: step {} {e}", i + 1))?;
            pos.apply_step(step);
        }
        self.position = Some(pos);
        Ok(())
    }

    fn ready(&self) -> Result<()> {
        match self.position {
            Some(_) => Ok(()),
            None => bail!("no position (send position first)"),
        }
    }

    fn configure(&mut self, config: &SearchConfig, options: &EngineOptions) {
        // The game goes on: its table, history and killers are kept unless
        // the evaluation changed (the table would hold the old one's
        // values) or the table's size did (set_config rebuilds it).
        let eval = options.eval();
        let old = self.searcher.evaluator();
        let same_eval =
            old.amplitude == eval.amplitude && old.salt.load(Relaxed) == eval.salt.load(Relaxed);
        self.searcher.set_config(config.clone());
        if !same_eval {
            *self.searcher.evaluator_mut() = eval;
            self.searcher.new_game();
        }
    }

    fn search(&mut self, go: &Go, stop: &Arc<AtomicBool>, out: &Out) -> Option<String> {
        let pos = self.position.as_ref()?;
        // Whatever the position text held, the engine searches only what
        // its side may know (a no-op for a view and in open games).
        let view = pos.observation(pos.to_move());
        let budget = go.movetime.is_some() || go.nodes.is_some() || go.infinite;
        let limits = starcut::search::Limits {
            depth: go
                .depth
                .unwrap_or(if budget { MAX_DEPTH } else { DEFAULT_DEPTH }),
            // Always a deadline, so that the clock (and so `stop`) is read.
            deadline_ms: Some(go.movetime.unwrap_or(f64::MAX)),
            max_nodes: go.nodes,
        };
        let clock = StopClock {
            origin: Instant::now(),
            stop: Arc::clone(stop),
            started: Cell::new(false),
        };
        let searcher = &mut self.searcher;
        let bound = view.bound();
        let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut last_partial = 0.0;
            let mut progress = |p: &Progress<'_, G>| {
                if !p.iteration_complete {
                    if p.stats.time_ms - last_partial < INFO_EVERY_MS {
                        return;
                    }
                    last_partial = p.stats.time_ms;
                }
                let mut info = info_of(&p.stats, bound, &clock);
                info.depth = if p.iteration_complete {
                    p.depth
                } else {
                    p.depth.saturating_sub(1)
                };
                info.value = p.value;
                info.best = p.best.map(|m| view.move_text(m));
                let _ = out.send(&FromEngine::Info(info));
            };
            searcher.search(&view, &limits, &clock, &mut NoTrace, &mut progress)
        }));
        let reply = match searched {
            Ok(result) => {
                let mut info = info_of(&result.stats, bound, &clock);
                info.depth = result.depth;
                info.value = Some(result.value);
                info.solved = result.value.abs() >= bound;
                info.best = result.best.map(|m| view.move_text(m));
                let mut p = view.clone();
                info.pv = result
                    .pv
                    .iter()
                    .map(|&step| {
                        let text = p.step_text(step);
                        p.apply_step(step);
                        text
                    })
                    .collect();
                let _ = out.send(&FromEngine::Info(info));
                match (view.status(), result.best) {
                    (Status::Decision, Some(m)) => Some(view.move_text(m)),
                    _ => None,
                }
            }
            Err(payload) => {
                let what = crate::panics::message(payload.as_ref());
                let _ = out.send(&FromEngine::Error(format!("search panicked: {what}")));
                // Its tables may be half-written.
                self.searcher = Searcher::with_evaluator(
                    self.searcher.config().clone(),
                    NoisyEval {
                        amplitude: self.searcher.evaluator().amplitude,
                        ..NoisyEval::default()
                    },
                );
                None
            }
        };
        reply
    }
}

/// The statistics fields of an `info` line. Time is the clock's wall
/// time (the search's own reads +infinity once stopped).
fn info_of(stats: &Stats, bound: f64, clock: &StopClock) -> Info {
    let time_ms = clock.origin.elapsed().as_secs_f64() * 1000.0;
    let cuts = stats
        .cuts_by_kind()
        .map(|(k, n)| (serde_name(k), n))
        .collect();
    Info {
        bound: Some(bound),
        nodes: stats.nodes(),
        chance_nodes: stats.chance_nodes,
        time_ms,
        nps: if time_ms > 0.0 {
            stats.nodes() as f64 * 1000.0 / time_ms
        } else {
            0.0
        },
        cuts,
        ..Info::default()
    }
}

/// A cut kind's name as the worker's messages carry it (`alpha_beta`).
fn serde_name(kind: impl Serialize) -> String {
    match serde_json::to_value(kind) {
        Ok(serde_json::Value::String(s)) => s,
        _ => "unknown".to_string(),
    }
}
