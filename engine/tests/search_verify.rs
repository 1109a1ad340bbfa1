//! `verify_cuts`: every cut is re-searched with plain expectimax and the
//! returned bound checked. It passes for every algorithm on random trees,
//! and it catches an unsound cut.

use starcut::search::testing::{chance_variants, RandomConfig, RandomGame};
use starcut::search::{Evaluator, SearchConfig, Searcher};
use starcut::{Game, Value};

#[test]
fn every_algorithm_cuts_soundly() {
    let shape = RandomConfig {
        regular: true,
        correlation: 15,
        ..RandomConfig::default()
    };
    for variant in chance_variants() {
        for with_tables in [false, true] {
            let cfg = SearchConfig {
                verify_cuts: true,
                tt: with_tables,
                tt_mb: 1,
                history: with_tables,
                killers: with_tables,
                static_ordering: with_tables,
                iterative: with_tables,
                ..variant.clone()
            };
            let mut s = Searcher::new(cfg);
            let mut verified = 0;
            for seed in 0..25u64 {
                let pos = if seed % 2 == 0 {
                    RandomGame::seeded(seed)
                } else {
                    RandomGame::new(seed, shape)
                };
                verified += s.search_depth(&pos, 3).stats.verified_cuts;
            }
            assert!(verified > 0, "{variant:?}: no cut verified");
        }
    }
}

/// An evaluator that breaks the contract: values far outside [-U, U].
struct OutOfBounds;

impl Evaluator<RandomGame> for OutOfBounds {
    fn evaluate(&self, pos: &RandomGame) -> Value {
        pos.heuristic() * 50.0
    }
}

#[test]
#[should_panic(expected = "unsound")]
fn an_unsound_cut_is_caught() {
    // Star1 assumes every value lies in [-U, U]; with values up to 45 U its
    // cuts are wrong, and the re-search must say so.
    let cfg = SearchConfig {
        verify_cuts: true,
        ..SearchConfig::bare(starcut::search::ChanceAlgo::Star1)
    };
    let mut s = Searcher::with_evaluator(cfg, OutOfBounds);
    for seed in 0..200u64 {
        s.search_depth(&RandomGame::seeded(seed), 3);
    }
}
