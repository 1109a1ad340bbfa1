//! Evaluations kept by key (`search/eval_cache.rs`): Stratego's key covers
//! everything its evaluation reads, and keeping the values changes no
//! search, while the search does find them again.

use std::cell::Cell;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use starcut::search::testing::random_step;
use starcut::search::{Evaluator, SearchConfig, Searcher};
use starcut::stratego::{Stratego, StrategoConfig, Variant};
use starcut::{Game, Status, Value};

/// Positions along random games from the presets' start, the true game and
/// its mover's view in turn.
fn positions(variant: Variant, seed: u64, count: usize) -> Vec<Stratego> {
    let config = StrategoConfig {
        variant,
        ..StrategoConfig::default()
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Stratego::start(&config).unwrap();
        for ply in 0..rng.gen_range(20..160) {
            if !random_step(&mut pos, &mut rng, &mut moves, &mut outcomes) {
                break;
            }
            if ply % 7 == 0 && pos.status() == Status::Decision {
                out.push(if out.len() % 2 == 0 {
                    pos
                } else {
                    pos.observation(pos.to_move())
                });
            }
        }
    }
    out.truncate(count);
    out
}

/// The position's text without its two-squares counters.
fn without_two_squares(pos: &Stratego) -> Option<Stratego> {
    let text = pos.to_text();
    let kept: Vec<&str> = text
        .split(' ')
        .filter(|part| !part.starts_with("two:"))
        .collect();
    let kept = kept.join(" ");
    (kept != text).then(|| Stratego::parse(pos.config(), &kept).unwrap())
}

#[test]
fn the_key_leaves_out_the_two_squares_counters_only() {
    let mut compared = 0;
    for variant in [Variant::Stratego, Variant::Barrage] {
        for pos in positions(variant, 11, 300) {
            assert_eq!(pos.heuristic_key(), Some(pos.eval_key()));
            let Some(plain) = without_two_squares(&pos) else {
                continue;
            };
            // Another position to the rules (its hash differs) ...
            assert_ne!(plain.hash(), pos.hash(), "{}", pos.to_text());
            // ... with the same key and the same evaluation.
            assert_eq!(plain.eval_key(), pos.eval_key(), "{}", pos.to_text());
            assert_eq!(plain.heuristic(), pos.heuristic(), "{}", pos.to_text());
            compared += 1;
        }
    }
    assert!(
        compared > 100,
        "only {compared} positions had a two-squares state"
    );
}

/// The game's heuristic, counting its calls, keyed or not.
struct Counting {
    keyed: bool,
    calls: Cell<u64>,
}

impl Counting {
    fn new(keyed: bool) -> Self {
        Counting {
            keyed,
            calls: Cell::new(0),
        }
    }
}

impl<G: Game> Evaluator<G> for Counting {
    fn evaluate(&self, pos: &G) -> Value {
        self.calls.set(self.calls.get() + 1);
        pos.heuristic()
    }

    fn key(&self, pos: &G) -> Option<u64> {
        if self.keyed {
            pos.heuristic_key()
        } else {
            None
        }
    }
}

#[test]
fn kept_evaluations_change_no_search_and_save_evaluations() {
    for (variant, depth) in [(Variant::Stratego, 4), (Variant::Barrage, 5)] {
        let (mut kept_calls, mut plain_calls, mut leaves) = (0, 0, 0);
        for pos in positions(variant, 5, 6) {
            let config = SearchConfig {
                tt_mb: 1,
                ..SearchConfig::default()
            };
            let mut kept = Searcher::with_evaluator(config.clone(), Counting::new(true));
            let mut plain = Searcher::with_evaluator(config, Counting::new(false));
            let a = kept.search_depth(&pos, depth);
            let b = plain.search_depth(&pos, depth);
            let text = pos.to_text();
            assert_eq!(a.value, b.value, "{text}");
            assert_eq!(a.best, b.best, "{text}");
            assert_eq!(a.stats.nodes(), b.stats.nodes(), "{text}");
            kept_calls += kept.evaluator().calls.get();
            plain_calls += plain.evaluator().calls.get();
            leaves += b.stats.leaf_nodes;
        }
        // Without keys every leaf is evaluated; with them, far fewer.
        assert!(
            plain_calls >= leaves / 2,
            "{plain_calls} calls, {leaves} leaves"
        );
        assert!(
            kept_calls * 10 < plain_calls * 9,
            "{variant:?}: {kept_calls} evaluations kept against {plain_calls}"
        );
    }
}
