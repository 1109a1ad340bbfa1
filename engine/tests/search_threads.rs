//! Search threads (lazy SMP, `SearchConfig::threads`): helpers that share
//! the table change which nodes are searched, never what an exact search
//! returns, and every limit still stops them all.

use starcut::search::testing::{chance_variants, close, expectimax_reference, RandomGame};
use starcut::search::{FixedClock, Limits, NoTrace, SearchConfig, SearchMode, Searcher};
use starcut::stratego::{Stratego, StrategoConfig};
use starcut::{Game, Status};

fn threads(config: SearchConfig, n: u32) -> SearchConfig {
    SearchConfig {
        threads: n,
        ..config
    }
}

#[test]
fn exact_values_with_helpers() {
    for variant in chance_variants() {
        let mut s = Searcher::new(threads(
            SearchConfig {
                // The smallest table (1,024 entries), so that nodes share
                // buckets and a slot read for the wrong node would show.
                tt_mb: 0,
                ..variant.clone()
            },
            3,
        ));
        for seed in 0..20u64 {
            let pos = RandomGame::seeded(seed);
            if pos.status() != Status::Decision {
                continue;
            }
            let want = expectimax_reference(&pos, 5);
            let r = s.search_depth(&pos, 5);
            assert!(
                close(r.value, want),
                "{variant:?}, seed {seed}: {} against {want}",
                r.value
            );
            assert!(r.completed && r.depth == 5, "seed {seed}");
        }
    }
}

/// The first `count` positions of the shipped Stratego middle set.
fn middle(count: usize) -> Vec<Stratego> {
    include_str!("../../assets/positions/stratego-middle.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(count)
        .map(|l| Stratego::parse(&StrategoConfig::default(), l).unwrap())
        .collect()
}

#[test]
fn stratego_exact_values_with_a_helper() {
    // A 1 MiB table: full enough that nodes share buckets.
    let exact = SearchConfig {
        tt_mb: 1,
        ..SearchConfig::default()
    };
    let (mut one, mut two) = (
        Searcher::new(exact.clone()),
        Searcher::new(threads(exact, 2)),
    );
    for pos in middle(4) {
        let view = pos.view_for(pos.to_move());
        let (a, b) = (one.search_depth(&view, 5), two.search_depth(&view, 5));
        assert!(close(a.value, b.value), "{} against {}", b.value, a.value);
    }
}

#[test]
fn stratego_with_a_helper_completes_the_depth_asked() {
    let config = SearchConfig {
        mode: SearchMode::Play,
        opponent_model: true,
        tt_mb: 4,
        ..SearchConfig::default()
    };
    let mut s = Searcher::new(threads(config, 2));
    for pos in middle(3) {
        let view = pos.view_for(pos.to_move());
        let r = s.search_depth(&view, 5);
        assert!(r.completed && r.depth == 5);
        let mut moves = Vec::new();
        view.legal_moves(&mut moves);
        assert!(moves.contains(&r.best.expect("a move")));
        let depths: Vec<u32> = r.iterations.iter().map(|i| i.depth).collect();
        assert_eq!(depths.last(), Some(&5));
        assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
        // The helper searched too: more nodes than the main thread's
        // iterations counted.
        let main_nodes = r.iterations.last().unwrap().nodes;
        assert!(r.stats.nodes() >= main_nodes);
        assert!(r.stats.nodes() > 0 && r.stats.depth_reached == 5);
    }
}

/// The first seeded random tree whose root is a decision.
fn first_decision() -> RandomGame {
    (0..)
        .map(RandomGame::seeded)
        .find(|p| p.status() == Status::Decision)
        .unwrap()
}

#[test]
fn a_node_budget_stops_the_helpers_too() {
    let pos = first_decision();
    let mut s = Searcher::new(threads(SearchConfig::play(), 2));
    let limits = Limits {
        depth: 40,
        deadline_ms: None,
        max_nodes: Some(20_000),
    };
    let r = s.search(&pos, &limits, &FixedClock(0.0), &mut NoTrace, &mut |_| {});
    assert!(!r.completed);
    assert!(r.depth < 40 && r.best.is_some());
}

#[test]
fn switching_threads_keeps_the_searcher_exact() {
    let pos = first_decision();
    let want = expectimax_reference(&pos, 5);
    let mut s = Searcher::new(SearchConfig::default());
    for n in [1, 2, 4, 1, 2] {
        s.set_config(threads(SearchConfig::default(), n));
        let r = s.search_depth(&pos, 5);
        assert!(
            close(r.value, want),
            "{n} threads: {} against {want}",
            r.value
        );
    }
}
