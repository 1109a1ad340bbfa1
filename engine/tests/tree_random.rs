//! Random exercise trees: Star1 and Star2 (and the other exact chance
//! algorithms) return the expectimax value on every generated tree, and a
//! search with a narrow window returns a sound fail-soft bound, as the
//! lecture's predict-the-cut exercises assume.

use starcut::search::testing::{chance_variants, expectimax_reference, AgreementChecker};
use starcut::search::verify::check_bound;
use starcut::search::{ChanceAlgo, NoTrace, SearchConfig, Searcher};
use starcut::tree::random::{generate, RandomTreeSpec, MAX_NODES};
use starcut::tree::TreeGame;

const SPECS: [&str; 5] = [
    "",
    "depth=1,branching=2-4,outcomes=2-5,weights=1-4",
    "depth=2,chance=between,branching=2-3,outcomes=2-3,weights=1-3",
    "depth=3,chance=50%,branching=2-3,outcomes=2,values=-10..10",
    "depth=2,chance=every,branching=1-3,outcomes=2-4,values=-3..3,bound=3",
];

fn trees(query: &str, seeds: std::ops::Range<u64>) -> impl Iterator<Item = (u64, TreeGame)> + '_ {
    let spec = RandomTreeSpec::from_query(query).unwrap();
    seeds.map(move |seed| {
        let text = generate(&RandomTreeSpec { seed, ..spec }).unwrap();
        let g = TreeGame::parse(&text).unwrap_or_else(|e| panic!("{query} {seed}: {e}\n{text}"));
        assert!(g.tree_size() <= MAX_NODES);
        (seed, g)
    })
}

/// Enough decisions to reach every leaf of any tree of `query`.
fn depth(query: &str) -> u32 {
    RandomTreeSpec::from_query(query).unwrap().depth + 1
}

#[test]
fn star1_and_star2_agree_with_expectimax_on_many_seeds() {
    let mut checker = AgreementChecker::<TreeGame>::new(&chance_variants());
    for q in SPECS {
        for (seed, g) in trees(q, 0..60) {
            if let Err(e) = checker.check(&g, depth(q)) {
                panic!("{q} seed {seed}: {e}");
            }
        }
    }
}

#[test]
fn narrow_windows_give_sound_bounds_and_cuts_are_verified() {
    for q in SPECS {
        let u = f64::from(RandomTreeSpec::from_query(q).unwrap().bound);
        for (seed, g) in trees(q, 0..40) {
            let d = depth(q);
            let truth = expectimax_reference(&g, d);
            for algo in [ChanceAlgo::Star1, ChanceAlgo::Star2] {
                let cfg = SearchConfig {
                    verify_cuts: true,
                    ..SearchConfig::bare(algo)
                };
                let mut s = Searcher::new(cfg);
                for k in 0..5 {
                    // Windows around, below and above the value.
                    let centre = truth + (k as f64 - 2.0) * u / 4.0;
                    let (alpha, beta) = (centre - u / 8.0, centre + u / 8.0);
                    let r = s.search_window(&g, d, alpha, beta, &mut NoTrace);
                    if let Err(e) = check_bound(r.value, alpha, beta, truth, 1e-9 * u) {
                        panic!("{q} seed {seed} {algo} ({alpha}, {beta}): {e}");
                    }
                }
            }
        }
    }
}
