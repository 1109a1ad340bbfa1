//! Forward pruning: ChanceProbCut and Multi-Cut switched off in effect
//! (t huge, C > M) leave every value exact; switched on they cut, and
//! ChanceProbCut's values stay near the exact ones. The regression fit
//! recovers a known line from synthetic data.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use starcut::dice::{Dice, DiceConfig};
use starcut::search::regression::fit_line;
use starcut::search::testing::{expectimax_reference, RandomConfig, RandomGame};
use starcut::search::{ChanceAlgo, ChanceProbCut, MultiCut, ProbCutModel, SearchConfig, Searcher};
use starcut::Game;

fn dice_positions(n: usize) -> Vec<Dice> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/positions/dice-5x5.txt"
    ))
    .unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(n)
        .map(|l| Dice::parse_position(&DiceConfig::default(), l).unwrap())
        .collect()
}

/// A model at depths 3 (shallow 1) and 4 (shallow 2), R = 2.
fn cpc(t: f64, a: f64, b: f64, sigma: f64) -> ChanceProbCut {
    let m = |depth| ProbCutModel {
        depth,
        shallow: depth - 2,
        a,
        b,
        sigma,
        pairs: 0,
        source: None,
    };
    ChanceProbCut {
        t,
        r: 2,
        depths: vec![3, 4],
        models: vec![m(3), m(4)],
        game: None,
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

#[test]
fn chance_probcut_with_huge_t_never_cuts() {
    let shape = RandomConfig {
        regular: true,
        correlation: 15,
        ..RandomConfig::default()
    };
    for chance in [ChanceAlgo::Star1, ChanceAlgo::Star2, ChanceAlgo::StarEtc] {
        let base = SearchConfig {
            chance,
            ..SearchConfig::default()
        };
        let with = SearchConfig {
            chance_probcut: Some(cpc(1e12, 1.0, 0.0, 1.0)),
            ..base.clone()
        };
        let (mut plain, mut pruned) = (Searcher::new(base), Searcher::new(with));
        let mut shallow = 0;
        for seed in 0..40u64 {
            let pos = RandomGame::new(seed, shape);
            let a = plain.search_depth(&pos, 4);
            let b = pruned.search_depth(&pos, 4);
            assert!(
                close(a.value, b.value),
                "{chance} seed {seed}: {} vs {}",
                a.value,
                b.value
            );
            assert_eq!(b.stats.cuts.chance_probcut, 0);
            assert!(b.stats.probcut_nodes <= b.stats.nodes());
            shallow += b.stats.probcut_nodes;
        }
        // The shallow searches did run: the test exercises the code.
        assert!(shallow > 0, "{chance}: no shallow search");
    }
    // And on a real game, against independent expectimax.
    let cfg = SearchConfig {
        chance_probcut: Some(cpc(1e12, 1.0, 0.0, 1.0)),
        ..SearchConfig::default()
    };
    let mut s = Searcher::new(cfg);
    for pos in dice_positions(6) {
        // Depth 4: the root's chance children have 3 decisions left.
        let r = s.search_depth(&pos, 4);
        assert!(close(r.value, expectimax_reference(&pos, 4)));
        assert_eq!(r.stats.cuts.chance_probcut, 0);
        assert!(r.stats.probcut_nodes > 0);
    }
}

#[test]
fn chance_probcut_cuts_on_dice_and_stays_close() {
    // Fitted on the shipped Dice set (`starcut fit dice --depth 3/4`):
    // slope near 1, sigma about 0.26 checkers.
    let sigma = 0.26;
    let t = 1.0;
    let exact_cfg = SearchConfig::default();
    let cfg = SearchConfig {
        chance_probcut: Some(cpc(t, 0.92, 0.0, sigma)),
        ..SearchConfig::default()
    };
    let (mut exact, mut pruned) = (Searcher::new(exact_cfg), Searcher::new(cfg));
    let positions = dice_positions(40);
    let (mut cuts, mut near, mut nodes_exact, mut nodes_pruned) = (0, 0, 0, 0);
    for pos in &positions {
        exact.clear();
        pruned.clear();
        let e = exact.search_depth(pos, 5);
        let p = pruned.search_depth(pos, 5);
        cuts += p.stats.cuts.chance_probcut;
        nodes_exact += e.stats.nodes();
        nodes_pruned += p.stats.nodes();
        if (e.value - p.value).abs() <= 2.0 * t * sigma {
            near += 1;
        }
    }
    assert!(cuts > 0, "no ChanceProbCut cut");
    assert!(
        nodes_pruned < nodes_exact,
        "{nodes_pruned} >= {nodes_exact}"
    );
    assert!(
        near * 10 >= positions.len() * 9,
        "only {near} of {} values within 2 t sigma",
        positions.len()
    );
}

#[test]
fn multicut_with_c_above_m_never_cuts() {
    let never = MultiCut {
        m: 2,
        c: 3,
        r: 1,
        min_depth: 2,
    };
    let cfg = SearchConfig {
        multicut: Some(never),
        ..SearchConfig::default()
    };
    let mut s = Searcher::new(cfg);
    for seed in 0..60u64 {
        let pos = RandomGame::seeded(seed);
        for depth in 2..=4 {
            let r = s.search_depth(&pos, depth);
            let v = expectimax_reference(&pos, depth);
            assert!(
                close(r.value, v),
                "seed {seed} depth {depth}: {} vs {v}",
                r.value
            );
            assert_eq!(r.stats.cuts.multicut, 0);
        }
    }
}

#[test]
fn multicut_cuts_on_dice() {
    let cfg = SearchConfig {
        multicut: Some(MultiCut {
            m: 4,
            c: 2,
            r: 1,
            min_depth: 3,
        }),
        ..SearchConfig::default()
    };
    let mut s = Searcher::new(cfg);
    let (mut cuts, mut mc_nodes) = (0, 0);
    for pos in dice_positions(10) {
        s.clear();
        let r = s.search_depth(&pos, 5);
        cuts += r.stats.cuts.multicut;
        mc_nodes += r.stats.multicut_nodes;
        assert!(r.value.abs() <= pos.bound());
    }
    assert!(cuts > 0 && mc_nodes > 0, "cuts {cuts}, nodes {mc_nodes}");
}

/// Standard normal by Box-Muller (independent of the code under test).
fn normal(rng: &mut ChaCha8Rng) -> f64 {
    let u1: f64 = rng.gen_range(f64::EPSILON..1.0);
    let u2: f64 = rng.gen();
    (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
}

#[test]
fn regression_recovers_a_known_line() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for &(a, b, sigma) in &[(1.05, 20.0, 35.0), (0.9, -0.01, 0.25), (-2.0, 3.0, 0.0)] {
        let pairs: Vec<(f64, f64)> = (0..20_000)
            .map(|_| {
                let x = rng.gen_range(-500.0..500.0);
                (x, a * x + b + sigma * normal(&mut rng))
            })
            .collect();
        let f = fit_line(&pairs).unwrap();
        assert!((f.a - a).abs() < 0.01 * a.abs(), "a {} vs {a}", f.a);
        assert!((f.b - b).abs() < 0.05 * sigma + 1e-9, "b {} vs {b}", f.b);
        assert!(
            (f.sigma - sigma).abs() < 0.03 * sigma + 1e-9,
            "sigma {} vs {sigma}",
            f.sigma
        );
        assert_eq!(f.n, pairs.len());
    }
    // Exact points: zero spread, and too few or degenerate inputs give None.
    let f = fit_line(&[(0.0, 1.0), (1.0, 3.0), (2.0, 5.0)]).unwrap();
    assert!((f.a - 2.0).abs() < 1e-12 && (f.b - 1.0).abs() < 1e-12 && f.sigma < 1e-12);
    assert!(fit_line(&[(0.0, 1.0), (1.0, 2.0)]).is_none());
    assert!(fit_line(&[(1.0, 1.0), (1.0, 2.0), (1.0, 3.0)]).is_none());
}
