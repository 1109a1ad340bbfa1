//! Test support, public so that the tests of every game (and other crates)
//! can check the search on their positions: every algorithm and option
//! combination must return the plain expectimax value.
//!
//! ```
//! use starcut::search::testing::{assert_all_algorithms_agree, RandomGame};
//! assert_all_algorithms_agree(&RandomGame::seeded(7), 2);
//! ```

mod random_game;

pub use random_game::{RandomConfig, RandomGame};

use std::fmt;

use rand::Rng;

use crate::game::{Game, Status, Value};

use super::config::{ChanceAlgo, DepthUnits, Probing, Replacement, SearchConfig, Star1Formula};
use super::verify::{reference_node, reference_value, reference_value_with};
use super::{DefaultEval, Searcher};

/// Plays one random step of `pos`: a legal move at a decision, an outcome
/// at a chance node, each picked uniformly (`moves` and `outcomes` are
/// scratch buffers); `false`, with nothing played, at a terminal position.
pub fn random_step<G: Game, R: Rng>(
    pos: &mut G,
    rng: &mut R,
    moves: &mut Vec<G::Move>,
    outcomes: &mut Vec<(G::Outcome, u32)>,
) -> bool {
    match pos.status() {
        Status::Terminal(_) => false,
        Status::Decision => {
            pos.legal_moves(moves);
            pos.play(moves[rng.gen_range(0..moves.len())]);
            true
        }
        Status::Chance => {
            pos.chance_outcomes(outcomes);
            pos.apply_outcome(outcomes[rng.gen_range(0..outcomes.len())].0);
            true
        }
    }
}

/// Plain expectimax with the game's heuristic (independent of the search).
pub fn expectimax_reference<G: Game>(pos: &G, depth: u32) -> Value {
    reference_value(pos, depth, &DefaultEval)
}

/// The chance-node settings checked: every algorithm, both Star1 formula
/// families, probe factors 0-3, cyclic and sequential probing.
pub fn chance_variants() -> Vec<SearchConfig> {
    let base = SearchConfig::bare(ChanceAlgo::Star1);
    let mut out = vec![
        SearchConfig {
            chance: ChanceAlgo::Expectimax,
            ..base.clone()
        },
        SearchConfig {
            chance: ChanceAlgo::Star05,
            ..base.clone()
        },
        SearchConfig {
            chance: ChanceAlgo::Star05,
            star1_formula: Star1Formula::General,
            ..base.clone()
        },
        base.clone(),
        SearchConfig {
            star1_formula: Star1Formula::General,
            ..base.clone()
        },
        SearchConfig {
            chance: ChanceAlgo::Star2,
            ..base.clone()
        },
    ];
    for chance in [ChanceAlgo::Star25, ChanceAlgo::StarEtc] {
        for h in 0..=3 {
            for probing in [Probing::Cyclic, Probing::Sequential] {
                if h <= 1 && probing == Probing::Sequential {
                    continue; // identical to cyclic
                }
                out.push(SearchConfig {
                    chance,
                    probe_factor: h,
                    probing,
                    ..base.clone()
                });
            }
        }
    }
    out
}

/// The enhancement profiles combined with every chance variant.
pub fn option_profiles() -> Vec<SearchConfig> {
    let off = SearchConfig::bare(ChanceAlgo::Star1);
    let all = SearchConfig {
        tt: true,
        tt_mb: 0,
        history: true,
        killers: true,
        static_ordering: true,
        iterative: true,
        ..off.clone()
    };
    vec![
        off.clone(),
        SearchConfig {
            alpha_beta: false,
            tt: true,
            tt_mb: 0,
            ..off.clone()
        },
        SearchConfig {
            tt: true,
            tt_mb: 0,
            ..off.clone()
        },
        SearchConfig {
            history: true,
            killers: true,
            static_ordering: true,
            ..off.clone()
        },
        SearchConfig {
            pvs: true,
            iterative: true,
            ..off.clone()
        },
        all.clone(),
        SearchConfig {
            pvs: true,
            tt_mb: 1,
            ..all.clone()
        },
        SearchConfig {
            tt_replacement: Replacement::Always,
            ..all.clone()
        },
        SearchConfig {
            tt_replacement: Replacement::TwoTier,
            pvs: true,
            ..all
        },
    ]
}

/// Every chance variant under every profile.
pub fn algorithm_matrix() -> Vec<SearchConfig> {
    let mut out = Vec::new();
    for p in option_profiles() {
        for c in chance_variants() {
            out.push(SearchConfig {
                chance: c.chance,
                probe_factor: c.probe_factor,
                probing: c.probing,
                star1_formula: c.star1_formula,
                ..p.clone()
            });
        }
    }
    out
}

/// The [`algorithm_matrix`] with depth counted in `units`.
pub fn algorithm_matrix_in(units: DepthUnits) -> Vec<SearchConfig> {
    let mut out = algorithm_matrix();
    for c in &mut out {
        c.depth_units = units;
    }
    out
}

/// Whether `a` equals `b` to 1e-9 relative (to at least 1).
pub fn close(a: Value, b: Value) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// Searchers for a list of configurations, reused across positions (so the
/// table also carries entries between searches, as in play).
pub struct AgreementChecker<G: Game> {
    searchers: Vec<Searcher<G>>,
}

impl<G: Game> AgreementChecker<G> {
    pub fn new(configs: &[SearchConfig]) -> Self {
        AgreementChecker {
            searchers: configs.iter().cloned().map(Searcher::new).collect(),
        }
    }

    /// The full [`algorithm_matrix`].
    pub fn all() -> Self {
        AgreementChecker::new(&algorithm_matrix())
    }

    /// Searches `pos` to `depth` with every configuration; checks the root
    /// value against expectimax (in the configuration's depth units), and
    /// that the best move is worth it.
    ///
    /// # Errors
    /// The first configuration that disagrees, and how.
    pub fn check(&mut self, pos: &G, depth: u32) -> Result<(), Disagreement> {
        let mut truths: [[Option<Value>; 2]; 2] = [[None, None], [None, None]];
        for s in &mut self.searchers {
            // The reference in the configuration's depth units and tree
            // (the game's opponent model or the counts).
            let (units, model) = (s.config().depth_units, s.config().opponent_model);
            let truth = *truths[usize::from(model)][units as usize].get_or_insert_with(|| {
                reference_value_with(pos, depth, units, model, &DefaultEval)
            });
            let r = s.search_depth(pos, depth);
            let fail = |kind| Disagreement {
                config: Box::new(s.config().clone()),
                depth,
                position: pos.position_text(),
                expectimax: truth,
                kind,
            };
            if !close(r.value, truth) {
                return Err(fail(DisagreementKind::Value(r.value)));
            }
            if pos.status() == Status::Decision && depth > 0 {
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                if !moves.is_empty() {
                    let Some(m) = r.best else {
                        return Err(fail(DisagreementKind::NoBestMove));
                    };
                    let mut child = pos.clone();
                    child.play(m);
                    let v = reference_node(&child, depth - 1, units, model, false, &DefaultEval);
                    let v = if child.to_move() == pos.to_move() {
                        v
                    } else {
                        -v
                    };
                    if !close(v, truth) {
                        return Err(fail(DisagreementKind::BestMove {
                            best: pos.move_text(m),
                            worth: v,
                        }));
                    }
                }
            }
        }
        Ok(())
    }
}

/// How a configuration disagreed with expectimax.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum DisagreementKind {
    /// The root value differs (the value found).
    Value(Value),
    /// A decision root with legal moves got no best move.
    NoBestMove,
    /// The best move's expectimax value is not the root's.
    BestMove { best: String, worth: Value },
}

/// A configuration of an [`AgreementChecker`] that disagrees with plain
/// expectimax on a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    pub config: Box<SearchConfig>,
    pub depth: u32,
    /// The position's text.
    pub position: String,
    /// The expectimax value of the position at `depth`.
    pub expectimax: Value,
    pub kind: DisagreementKind,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (config, depth, truth) = (&self.config, self.depth, self.expectimax);
        match &self.kind {
            DisagreementKind::Value(v) => writeln!(
                f,
                "{config:?}\nvalue {v} but expectimax {truth} at depth {depth}"
            )?,
            DisagreementKind::NoBestMove => writeln!(f, "{config:?}: no best move")?,
            DisagreementKind::BestMove { best, worth } => writeln!(
                f,
                "{config:?}\nbest move {best} is worth {worth}, not {truth}"
            )?,
        }
        write!(f, "position: {}", self.position)
    }
}

impl std::error::Error for Disagreement {}

/// Panics unless every algorithm and option combination of
/// [`algorithm_matrix`] returns the expectimax value of `pos` at `depth`
/// (and a best move that achieves it).
pub fn assert_all_algorithms_agree<G: Game>(pos: &G, depth: u32) {
    if let Err(e) = AgreementChecker::all().check(pos, depth) {
        panic!("{e}");
    }
}
