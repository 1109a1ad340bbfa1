//! Evaluations kept by key (`search/eval_cache.rs`): Stratego's key covers
//! everything its evaluation reads, the keys it tells of its children
//! without playing the moves are theirs (and those of the leaves made for
//! evaluation only), and keeping the values (and
//! finding the leaves' values before making them) changes no search,
//! while the search does find them again.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

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

/// The position's text without its fields that start with `field`.
fn without(pos: &Stratego, field: &str) -> Option<Stratego> {
    let text = pos.to_text();
    let kept: Vec<&str> = text
        .split(' ')
        .filter(|part| !part.starts_with(field))
        .collect();
    let kept = kept.join(" ");
    (kept != text).then(|| Stratego::parse(pos.config(), &kept).unwrap())
}

#[test]
fn the_key_leaves_out_the_two_squares_counters_and_the_clues_only() {
    for field in ["two:", "clue:"] {
        let mut compared = 0;
        for variant in [Variant::Stratego, Variant::Barrage] {
            for pos in positions(variant, 11, 300) {
                assert_eq!(pos.heuristic_key(), Some(pos.eval_key()));
                let Some(plain) = without(&pos, field) else {
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
            compared > 50,
            "only {compared} positions had a field {field}"
        );
    }
}

#[test]
fn the_keys_told_before_a_move_are_those_of_the_children() {
    let (mut keyed, mut moves_seen) = (0, 0);
    let mut moves = Vec::new();
    for variant in [Variant::Stratego, Variant::Barrage] {
        for pos in positions(variant, 23, 300) {
            let Some(base) = pos.child_key_base() else {
                continue;
            };
            for modelled in [false, true] {
                moves.clear();
                if modelled {
                    pos.modelled_moves(&mut moves);
                } else {
                    pos.legal_moves(&mut moves);
                }
                for &m in &moves {
                    moves_seen += 1;
                    let Some(key) = pos.child_heuristic_key(base, m) else {
                        continue;
                    };
                    let mut child = pos;
                    child.play(m);
                    let what = format!("{} then {m:?}", pos.to_text());
                    assert_eq!(child.heuristic_key(), Some(key), "{what}");
                    assert_eq!(child.status(), Status::Decision, "{what}");
                    assert_ne!(child.to_move(), pos.to_move(), "{what}");
                    assert!(!child.may_recur(), "{what}");
                    // The leaf made for evaluation only has the same key
                    // and the same value (`Game::play_keyed_leaf`).
                    let mut leaf = pos;
                    leaf.play_keyed_leaf(m);
                    assert_eq!(leaf.heuristic_key(), Some(key), "{what}");
                    assert_eq!(leaf.heuristic(), child.heuristic(), "{what}");
                    keyed += 1;
                }
            }
        }
    }
    // Most moves go to an empty square.
    assert!(
        keyed * 2 > moves_seen,
        "{keyed} of {moves_seen} moves keyed"
    );
}

#[test]
fn no_key_is_told_where_the_game_may_end_or_recur() {
    let with = |pos: &Stratego, fields: &str| {
        let mut text: Vec<String> = pos
            .to_text()
            .split(' ')
            .filter(|part| !part.starts_with("ply:") && !part.starts_with("quiet:"))
            .map(String::from)
            .collect();
        text.push(fields.to_string());
        let text = text.join(" ");
        (Stratego::parse(pos.config(), &text).unwrap(), text)
    };
    // A position whose moves are told, fresh from a battle.
    let pos = positions(Variant::Stratego, 31, 20)
        .into_iter()
        .map(|p| with(&p, "ply:100 quiet:0").0)
        .find(|p| p.child_key_base().is_some())
        .unwrap();
    let (late, at_limit) = with(&pos, &format!("ply:{}", pos.config().max_plies - 1));
    assert_eq!(late.child_key_base(), None, "{at_limit}");
    // Forty buckets of quiet plies: the next position may recur.
    let (drifting, quiet) = with(&pos, &format!("ply:100 quiet:{}", 2 * 40 - 1));
    assert!(!drifting.may_recur());
    assert_eq!(drifting.child_key_base(), None, "{quiet}");
}

/// The game's heuristic, counting its calls, keyed or not.
struct Counting {
    keyed: bool,
    /// Whether the children's keys are told before the moves are made.
    leaf_keys: bool,
    calls: AtomicU64,
}

impl Counting {
    fn new(keyed: bool) -> Self {
        Counting {
            keyed,
            leaf_keys: false,
            calls: AtomicU64::new(0),
        }
    }
}

impl<G: Game> Evaluator<G> for Counting {
    fn evaluate(&self, pos: &G) -> Value {
        self.calls.fetch_add(1, Relaxed);
        pos.heuristic()
    }

    fn key(&self, pos: &G) -> Option<u64> {
        if self.keyed {
            pos.heuristic_key()
        } else {
            None
        }
    }

    fn child_key_base(&self, pos: &G) -> Option<u64> {
        if self.keyed && self.leaf_keys {
            pos.child_key_base()
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
            kept_calls += kept.evaluator().calls.load(Relaxed);
            plain_calls += plain.evaluator().calls.load(Relaxed);
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

#[test]
fn leaves_found_before_their_moves_change_no_search() {
    let mut found = 0;
    for (variant, depth) in [(Variant::Stratego, 4), (Variant::Barrage, 5)] {
        for (i, pos) in positions(variant, 7, 6).into_iter().enumerate() {
            // Exact mode, and play mode with the opponent model.
            let config = SearchConfig {
                tt_mb: 1,
                ..if i % 2 == 0 {
                    SearchConfig::default()
                } else {
                    SearchConfig {
                        opponent_model: true,
                        ..SearchConfig::play()
                    }
                }
            };
            let mut early = Counting::new(true);
            early.leaf_keys = true;
            let mut early = Searcher::with_evaluator(config.clone(), early);
            let mut made = Searcher::with_evaluator(config, Counting::new(true));
            let a = early.search_depth(&pos, depth);
            let b = made.search_depth(&pos, depth);
            let text = pos.to_text();
            assert_eq!(a.value, b.value, "{text}");
            assert_eq!(a.best, b.best, "{text}");
            assert_eq!(a.pv, b.pv, "{text}");
            assert_eq!(a.stats.nodes(), b.stats.nodes(), "{text}");
            assert_eq!(a.stats.leaf_nodes, b.stats.leaf_nodes, "{text}");
            // The same evaluations: a leaf found early was found late before.
            assert_eq!(
                early.evaluator().calls.load(Relaxed),
                made.evaluator().calls.load(Relaxed),
                "{text}"
            );
            assert_eq!(b.stats.keyed_leaves, 0);
            found += a.stats.keyed_leaves;
        }
    }
    assert!(found > 1000, "only {found} leaves found before their moves");
}
