//! Self-play: two engines play a game from a start position, with chance
//! outcomes drawn from a seeded generator. The lab's position generator and
//! `match` both use it.
//!
//! Each engine searches only [`Game::observation`] of the true game for its
//! own side, so in Stratego it never sees a hidden enemy rank; the true game
//! decides what really happens. Variety between games comes from the seed:
//! chance outcomes are sampled, and with `random_move_rate` > 0 an engine
//! sometimes plays a uniformly random legal move instead of its best one.

use rand::Rng;

use crate::game::{Game, Player, Status, Step};
use crate::record::Record;
use crate::search::{Clock, Limits, NoTrace, SearchConfig, Searcher, Stats};

/// Picks an outcome with probability proportional to its weight.
///
/// `outcomes` must not be empty (a chance node always has an outcome).
pub fn sample_outcome<O: Copy, R: Rng>(outcomes: &[(O, u32)], rng: &mut R) -> O {
    let total: u64 = outcomes.iter().map(|&(_, w)| u64::from(w)).sum();
    let mut x = rng.gen_range(0..total.max(1));
    for &(o, w) in outcomes {
        if x < u64::from(w) {
            return o;
        }
        x -= u64::from(w);
    }
    outcomes[outcomes.len() - 1].0
}

/// One side's engine: a searcher and its limits.
pub struct Engine<G: Game> {
    pub searcher: Searcher<G>,
    pub limits: Limits,
    /// Probability of a uniformly random move instead of the searched one.
    pub random_move_rate: f64,
}

impl<G: Game> Engine<G> {
    pub fn new(config: SearchConfig, limits: Limits) -> Self {
        Engine {
            searcher: Searcher::new(config),
            limits,
            random_move_rate: 0.0,
        }
    }

    /// The move this engine plays in the true position `pos` (a decision
    /// node), searching only what the side to move knows. Adds the search's
    /// statistics to `stats`.
    pub fn choose<R: Rng>(
        &mut self,
        pos: &G,
        clock: &dyn Clock,
        rng: &mut R,
        stats: &mut Stats,
    ) -> Option<G::Move> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        if self.random_move_rate > 0.0 && rng.gen_bool(self.random_move_rate.min(1.0)) {
            return Some(moves[rng.gen_range(0..moves.len())]);
        }
        let view = pos.observation(pos.to_move());
        let result = self
            .searcher
            .search(&view, &self.limits, clock, &mut NoTrace, &mut |_| {});
        *stats += result.stats;
        // A move of the view is a move of the true game (same squares); the
        // check guards against a game whose views disagree.
        match result.best {
            Some(m) if moves.contains(&m) => Some(m),
            _ => Some(moves[0]),
        }
    }
}

/// How a self-play game ended.
#[derive(Clone, Debug)]
pub struct GameOver<G: Game> {
    pub record: Record<G>,
    /// `Some(winner)`, `None` for a draw (including a game cut at
    /// `max_steps`, see `finished`).
    pub winner: Option<Player>,
    /// False when `max_steps` ended the game before the rules did.
    pub finished: bool,
    /// Search statistics per player.
    pub stats: [Stats; 2],
}

/// Plays `start` to the end (or `max_steps` steps) with `engines[p]` moving
/// for player `p`. `on_step` sees every position before its step.
pub fn play_game<G: Game, R: Rng>(
    start: &G,
    engines: &mut [Engine<G>; 2],
    clock: &dyn Clock,
    rng: &mut R,
    max_steps: usize,
    mut on_step: impl FnMut(&G, Step<G::Move, G::Outcome>),
) -> GameOver<G> {
    let mut pos = start.clone();
    let mut record = Record::new(start.clone());
    let mut stats = [Stats::default(), Stats::default()];
    let mut outcomes = Vec::new();
    while record.steps.len() < max_steps {
        let step = match pos.status() {
            Status::Terminal(_) => break,
            Status::Chance => {
                pos.chance_outcomes(&mut outcomes);
                if outcomes.is_empty() {
                    break;
                }
                Step::Outcome(sample_outcome(&outcomes, rng))
            }
            Status::Decision => {
                let side = pos.to_move().index();
                match engines[side].choose(&pos, clock, rng, &mut stats[side]) {
                    Some(m) => Step::Move(m),
                    None => break,
                }
            }
        };
        on_step(&pos, step);
        pos.apply_step(step);
        record.steps.push(step);
    }
    let (winner, finished) = match pos.status() {
        Status::Terminal(w) => (w, true),
        _ => (None, false),
    };
    GameOver {
        record,
        winner,
        finished,
        stats,
    }
}
