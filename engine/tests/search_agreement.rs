//! Every chance-node algorithm and option combination returns the plain
//! expectimax value (independent reference code) on random trees and on the
//! worked-example trees.

use starcut::search::testing::{
    algorithm_matrix, algorithm_matrix_in, expectimax_reference, AgreementChecker, RandomConfig,
    RandomGame,
};
use starcut::search::verify::reference_value_in;
use starcut::search::{DefaultEval, DepthUnits};
use starcut::tree::{examples::EXAMPLES, TreeGame};
use starcut::{Game, Status};

#[test]
fn random_trees_depth_1_to_3() {
    let mut checker = AgreementChecker::all();
    let mut chance_roots = 0;
    for seed in 0..200u64 {
        let pos = RandomGame::seeded(seed);
        if pos.status() == Status::Chance {
            chance_roots += 1;
        }
        for depth in 1..=3 {
            if let Err(e) = checker.check(&pos, depth) {
                panic!("seed {seed}: {e}");
            }
        }
    }
    assert!(chance_roots > 20, "too few chance roots: {chance_roots}");
}

#[test]
fn random_trees_in_plies_depth_1_to_4() {
    // Depth counted in plies (Schadd's units): every algorithm returns the
    // reference searched in the same units, which differs from the one in
    // decisions wherever a chance node is met before the horizon.
    let mut checker = AgreementChecker::new(&algorithm_matrix_in(DepthUnits::Plies));
    let mut differ = 0;
    for seed in 0..120u64 {
        let pos = RandomGame::seeded(seed);
        for depth in 1..=(3 + (seed % 3 == 0) as u32) {
            if let Err(e) = checker.check(&pos, depth) {
                panic!("seed {seed}: {e}");
            }
            let plies = reference_value_in(&pos, depth, DepthUnits::Plies, &DefaultEval);
            if plies != expectimax_reference(&pos, depth) {
                differ += 1;
            }
        }
    }
    assert!(
        differ > 50,
        "plies and decisions differ too rarely: {differ}"
    );
}

#[test]
fn random_trees_depth_4_and_5() {
    let mut checker = AgreementChecker::all();
    for seed in 1000..1100u64 {
        let pos = RandomGame::seeded(seed);
        for depth in 4..=(4 + (seed % 5 == 0) as u32) {
            if let Err(e) = checker.check(&pos, depth) {
                panic!("seed {seed}: {e}");
            }
        }
    }
}

#[test]
fn random_trees_other_shapes() {
    // Wide nodes, sides that never / always switch, many terminals.
    let shapes = [
        RandomConfig {
            max_moves: 6,
            max_outcomes: 6,
            ..RandomConfig::default()
        },
        RandomConfig {
            switch_move_percent: 100,
            switch_outcome_percent: 0,
            ..RandomConfig::default()
        },
        RandomConfig {
            switch_move_percent: 0,
            switch_outcome_percent: 100,
            ..RandomConfig::default()
        },
        RandomConfig {
            terminal_percent: 30,
            chance_percent: 30,
            ..RandomConfig::default()
        },
        RandomConfig {
            chance_percent: 80,
            ..RandomConfig::default()
        },
        RandomConfig {
            regular: true,
            ..RandomConfig::default()
        },
        RandomConfig {
            regular: true,
            correlation: 15,
            ..RandomConfig::default()
        },
    ];
    for (k, shape) in shapes.into_iter().enumerate() {
        let mut checker = AgreementChecker::all();
        for seed in 0..40u64 {
            let pos = RandomGame::new(seed * 7 + k as u64, shape);
            for depth in 1..=3 {
                if let Err(e) = checker.check(&pos, depth) {
                    panic!("shape {k} seed {seed}: {e}");
                }
            }
        }
    }
}

#[test]
fn worked_example_trees_agree_at_every_node() {
    let mut checker = AgreementChecker::all();
    for ex in EXAMPLES {
        let root = TreeGame::parse(ex.tree).unwrap();
        for depth in 0..=ex.depth + 1 {
            if let Err(e) = checker.check(&root, depth) {
                panic!("{}: {e}", ex.name);
            }
        }
    }
}

#[test]
fn reference_is_plain_expectimax_on_a_hand_computed_tree() {
    // 0.75 * min(4, 8) + 0.25 * min(-2, 6) = 2.5; MAX takes max(2, 2.5).
    let g = TreeGame::parse("bound 10\nmax(2 chance(3*min(4 8) 1*min(-2 6)))").unwrap();
    assert_eq!(expectimax_reference(&g, 2), 2.5);
    // Depth 1: the chance node's MIN children are scored statically (0).
    assert_eq!(expectimax_reference(&g, 1), 2.0);
}

#[test]
fn matrix_covers_the_required_combinations() {
    use starcut::search::{ChanceAlgo, Probing};
    let m = algorithm_matrix();
    for algo in ChanceAlgo::ALL {
        assert!(m.iter().any(|c| c.chance == algo));
    }
    for h in 1..=3 {
        for p in [Probing::Cyclic, Probing::Sequential] {
            assert!(m.iter().any(|c| c.chance == ChanceAlgo::Star25
                && c.probe_factor == h
                && (h == 1 || c.probing == p)));
        }
    }
    for flag in [
        |c: &starcut::search::SearchConfig| c.alpha_beta,
        |c: &starcut::search::SearchConfig| c.tt,
        |c: &starcut::search::SearchConfig| c.history,
        |c: &starcut::search::SearchConfig| c.killers,
        |c: &starcut::search::SearchConfig| c.pvs,
        |c: &starcut::search::SearchConfig| c.iterative,
        |c: &starcut::search::SearchConfig| c.static_ordering,
    ] {
        assert!(m.iter().any(flag) && m.iter().any(|c| !flag(c)));
    }
}
