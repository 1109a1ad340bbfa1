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

use crate::game::{Game, Status, Value};

use super::config::{ChanceAlgo, Probing, Replacement, SearchConfig, Star1Formula};
use super::verify::reference_value;
use super::{DefaultEval, Searcher};

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
    /// value against expectimax, and that the best move is worth it.
    pub fn check(&mut self, pos: &G, depth: u32) -> Result<(), String> {
        let truth = expectimax_reference(pos, depth);
        for s in &mut self.searchers {
            let r = s.search_depth(pos, depth);
            if !close(r.value, truth) {
                return Err(format!(
                    "{:?}\nvalue {} but expectimax {} at depth {depth}\nposition: {}",
                    s.config(),
                    r.value,
                    truth,
                    pos.position_text()
                ));
            }
            if pos.status() == Status::Decision && depth > 0 {
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                if !moves.is_empty() {
                    let Some(m) = r.best else {
                        return Err(format!("{:?}: no best move", s.config()));
                    };
                    let mut child = pos.clone();
                    child.play(m);
                    let v = expectimax_reference(&child, depth - 1);
                    let v = if child.to_move() == pos.to_move() {
                        v
                    } else {
                        -v
                    };
                    if !close(v, truth) {
                        return Err(format!(
                            "{:?}\nbest move {} is worth {v}, not {truth}\nposition: {}",
                            s.config(),
                            pos.move_text(m),
                            pos.position_text()
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// Panics unless every algorithm and option combination of
/// [`algorithm_matrix`] returns the expectimax value of `pos` at `depth`
/// (and a best move that achieves it).
pub fn assert_all_algorithms_agree<G: Game>(pos: &G, depth: u32) {
    if let Err(e) = AgreementChecker::all().check(pos, depth) {
        panic!("{e}");
    }
}
