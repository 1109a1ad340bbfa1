//! Every exact chance-node algorithm and option combination returns the
//! plain expectimax value on real positions of every game (the shipped
//! position sets, Stratego and Barrage as views with unknown pieces), and at
//! full depth on small Dice boards the search returns the exact game value
//! of a deliberately simple solver written here.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use starcut::breakthrough::{Breakthrough, BreakthroughConfig};
use starcut::dice::{Dice, DiceConfig};
use starcut::search::testing::{
    algorithm_matrix, algorithm_matrix_in, close, random_step, AgreementChecker,
};
use starcut::search::{ChanceAlgo, DepthUnits, SearchConfig, SearchMode, Searcher};
use starcut::stratego::{Stratego, StrategoConfig, Variant};
use starcut::{Game, Status, Value};

/// Positions of a shipped set (every `step`-th line, at most `count`).
fn set<G: Game>(config: &G::Config, file: &str, count: usize, step: usize) -> Vec<G> {
    let path = format!("{}/../assets/positions/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let positions: Vec<G> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(step)
        .take(count)
        .map(|l| G::parse_position(config, l).unwrap_or_else(|e| panic!("{file}: {e}: {l}")))
        .collect();
    assert_eq!(positions.len(), count, "{file} has enough positions");
    positions
}

fn agree_on<G: Game>(positions: &[G], depth: u32) {
    let mut checker = AgreementChecker::<G>::all();
    for pos in positions {
        if let Err(e) = checker.check(pos, depth) {
            panic!("{e}");
        }
    }
}

#[test]
fn algorithms_agree_on_dice() {
    let dice = set::<Dice>(&DiceConfig::default(), "dice-5x5.txt", 200, 5);
    agree_on(&dice, 2);
    agree_on(&dice[..20], 3);
}

#[test]
fn plies_count_dice_rolls_as_schadd_does() {
    // Schadd's 2k - 1 plies from a rolled Dice position are k decisions
    // with the k - 1 rolls between them: the same tree, the same value.
    let dice = set::<Dice>(&DiceConfig::default(), "dice-5x5.txt", 40, 25);
    let plies = SearchConfig {
        depth_units: DepthUnits::Plies,
        ..SearchConfig::default()
    };
    let (mut p, mut d) = (
        Searcher::<Dice>::new(plies),
        Searcher::<Dice>::new(SearchConfig::default()),
    );
    for pos in dice.iter().filter(|p| p.status() == Status::Decision) {
        for k in 1..=3 {
            let (a, b) = (p.search_depth(pos, 2 * k - 1), d.search_depth(pos, k));
            assert!(
                close(a.value, b.value),
                "{}: {} in {} plies, {} in {k} decisions",
                pos.position_text(),
                a.value,
                2 * k - 1,
                b.value
            );
        }
    }
    let mut checker = AgreementChecker::<Dice>::new(&algorithm_matrix_in(DepthUnits::Plies));
    for pos in &dice[..20] {
        if let Err(e) = checker.check(pos, 4) {
            panic!("{e}");
        }
    }
}

#[test]
fn algorithms_agree_on_chance_breakthrough() {
    let cbt = set::<Breakthrough>(
        &BreakthroughConfig::chance_breakthrough(),
        "chance-breakthrough-mid.txt",
        200,
        2,
    );
    agree_on(&cbt[..100], 1);
    agree_on(&cbt[100..], 2);
}

#[test]
fn algorithms_agree_on_stratego_views() {
    let config = StrategoConfig::default();
    let mut views = Vec::new();
    for file in [
        "stratego-begin.txt",
        "stratego-middle.txt",
        "stratego-end.txt",
    ] {
        views.extend(set::<Stratego>(&config, file, 67, 1));
    }
    assert!(
        views.iter().all(|v| !v.is_fully_known()),
        "views hide ranks"
    );
    agree_on(&views, 2);
}

/// With the opponent model the tree changes (outcome weights, the
/// opponent's blind attacks), not the algorithms: each still returns the
/// expectimax value of the modelled tree.
#[test]
fn algorithms_agree_with_the_opponent_model() {
    let modelled: Vec<SearchConfig> = algorithm_matrix()
        .into_iter()
        .map(|c| SearchConfig {
            opponent_model: true,
            ..c
        })
        .collect();
    let config = StrategoConfig::default();
    let mut views = Vec::new();
    for file in ["stratego-middle.txt", "stratego-end.txt"] {
        views.extend(set::<Stratego>(&config, file, 30, 2));
    }
    let mut checker = AgreementChecker::<Stratego>::new(&modelled);
    for pos in &views {
        if let Err(e) = checker.check(pos, 2) {
            panic!("{e}");
        }
    }
    let barrage = StrategoConfig::for_variant(Variant::Barrage);
    for pos in &set::<Stratego>(&barrage, "barrage-middle.txt", 40, 2) {
        if let Err(e) = checker.check(pos, 3) {
            panic!("{e}");
        }
    }
}

#[test]
fn algorithms_agree_on_barrage_views() {
    let config = StrategoConfig {
        variant: Variant::Barrage,
        ..StrategoConfig::default()
    };
    let views = set::<Stratego>(&config, "barrage-middle.txt", 100, 1);
    agree_on(&views, 3);
}

/// The exact value of a Dice position for the side to move, by plain
/// recursion over every roll and every placement (no pruning, no table, no
/// evaluation): terminal values are +10, -10 or 0.
fn solve(pos: &Dice) -> Value {
    match pos.status() {
        Status::Terminal(None) => 0.0,
        Status::Terminal(Some(p)) => {
            if p == pos.to_move() {
                10.0
            } else {
                -10.0
            }
        }
        Status::Chance => {
            let mut outcomes = Vec::new();
            pos.chance_outcomes(&mut outcomes);
            let total: u32 = outcomes.iter().map(|o| o.1).sum();
            outcomes
                .iter()
                .map(|&(o, w)| {
                    let mut child = *pos;
                    child.apply_outcome(o);
                    let v = solve(&child);
                    let v = if child.to_move() == pos.to_move() {
                        v
                    } else {
                        -v
                    };
                    v * f64::from(w) / f64::from(total)
                })
                .sum()
        }
        Status::Decision => {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&m| {
                    let mut child = *pos;
                    child.play(m);
                    let v = solve(&child);
                    if child.to_move() == pos.to_move() {
                        v
                    } else {
                        -v
                    }
                })
                .fold(f64::NEG_INFINITY, f64::max)
        }
    }
}

/// Random Dice positions of `size` with at most `max_empty` empty squares,
/// reached by random play (some before the roll, some after).
fn small_dice(size: u8, max_empty: u32, count: usize, seed: u64) -> Vec<Dice> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    while out.len() < count {
        let mut pos = Dice::start(&DiceConfig { size }).unwrap();
        loop {
            let empty = u32::from(size) * u32::from(size) - pos.occupied().count_ones();
            let open = !matches!(pos.status(), Status::Terminal(_));
            if open && empty <= max_empty && rng.gen_bool(0.5) {
                out.push(pos);
                break;
            }
            if !random_step(&mut pos, &mut rng, &mut moves, &mut outcomes) {
                break;
            }
        }
    }
    out
}

#[test]
fn full_depth_search_equals_the_exact_dice_value() {
    let mut positions = small_dice(3, 6, 12, 1);
    positions.extend(small_dice(4, 5, 8, 2));
    let fractional = positions
        .iter()
        .filter(|p| {
            let v = solve(p);
            v.abs() > 1e-9 && v.abs() < 10.0 - 1e-9
        })
        .count();
    assert!(
        fractional >= 5,
        "positions where chance decides: {fractional}"
    );
    for pos in &positions {
        let exact = solve(pos);
        for chance in ChanceAlgo::ALL {
            let mut s = Searcher::<Dice>::new(SearchConfig {
                chance,
                ..SearchConfig::default()
            });
            // Deeper than the number of empty squares: the whole game.
            let r = s.search_depth(pos, 17);
            assert!(
                (r.value - exact).abs() <= 1e-9 * exact.abs().max(1.0),
                "{}: {chance} gives {} but the exact value is {exact}",
                pos.position_text(),
                r.value
            );
        }
    }
}

/// A configuration of StarETC in `mode` with late move reductions on or off
/// and aspiration windows of `asp` x U (0: off).
fn staretc(mode: SearchMode, lmr: bool, asp: f64) -> SearchConfig {
    SearchConfig {
        mode,
        lmr,
        aspiration: asp,
        ..SearchConfig::default()
    }
}

#[test]
fn late_move_reductions_cut_nodes_in_play_mode_only() {
    let cbt = set::<Breakthrough>(
        &BreakthroughConfig::chance_breakthrough(),
        "chance-breakthrough-mid.txt",
        8,
        50,
    );
    let dice = set::<Dice>(&DiceConfig { size: 11 }, "dice-11x11.txt", 6, 30);
    fn totals<G: Game>(
        positions: &[G],
        config: SearchConfig,
        depth: u32,
    ) -> (u64, u64, Vec<Value>) {
        let (mut nodes, mut reductions, mut values) = (0, 0, Vec::new());
        for pos in positions {
            // A fresh searcher each: no table carried from one to the next.
            let r = Searcher::<G>::new(config.clone()).search_depth(pos, depth);
            nodes += r.stats.nodes();
            reductions += r.stats.reductions;
            values.push(r.value);
        }
        (nodes, reductions, values)
    }
    fn check<G: Game>(positions: &[G], depth: u32) {
        let play_on = totals(positions, staretc(SearchMode::Play, true, 0.0), depth);
        let play_off = totals(positions, staretc(SearchMode::Play, false, 0.0), depth);
        assert!(play_on.1 > 0, "no move was reduced");
        assert_eq!(play_off.1, 0);
        assert!(
            play_on.0 < play_off.0,
            "LMR: {} nodes, without {}",
            play_on.0,
            play_off.0
        );
        // Exact mode ignores the setting: the same search, node for node,
        // and the expectimax value.
        let exact_on = totals(positions, staretc(SearchMode::Exact, true, 0.0), depth);
        let exact_off = totals(positions, staretc(SearchMode::Exact, false, 0.0), depth);
        assert_eq!(exact_on.1, 0, "exact mode reduced a move");
        assert_eq!(exact_on, exact_off);
    }
    // Reductions start four decisions from the horizon (they are two
    // decisions deep, to keep its parity).
    check(&cbt, 5);
    check(&dice, 4);
    // The exact values are still expectimax's, LMR set or not.
    let mut checker = AgreementChecker::<Breakthrough>::new(&[
        staretc(SearchMode::Exact, true, 0.5),
        SearchConfig {
            pvs: true,
            ..staretc(SearchMode::Exact, true, 0.5)
        },
    ]);
    for pos in &cbt[..4] {
        if let Err(e) = checker.check(pos, 2) {
            panic!("{e}");
        }
    }
}

#[test]
fn aspiration_re_search_returns_the_full_window_value() {
    // Play mode without table and without LMR searches every position
    // exactly, so the root's value does not depend on its window: a
    // narrow aspiration window that fails (and is searched again) must
    // end at the full window's value, bit for bit.
    let cbt = set::<Breakthrough>(
        &BreakthroughConfig::chance_breakthrough(),
        "chance-breakthrough-mid.txt",
        10,
        40,
    );
    let dice = set::<Dice>(&DiceConfig::default(), "dice-5x5.txt", 10, 60);
    fn check<G: Game>(positions: &[G], depth: u32) -> u64 {
        let plain = |asp| SearchConfig {
            tt: false,
            ..staretc(SearchMode::Play, false, asp)
        };
        let mut researches = 0;
        for pos in positions {
            let full = Searcher::<G>::new(plain(0.0)).search_depth(pos, depth);
            let asp = Searcher::<G>::new(plain(1e-4)).search_depth(pos, depth);
            assert_eq!(full.stats.researches, 0);
            assert_eq!(
                asp.value,
                full.value,
                "aspiration changed the value of {}",
                pos.position_text()
            );
            researches += asp.stats.researches;
            // Exact mode ignores aspiration: the same search.
            let a =
                Searcher::<G>::new(staretc(SearchMode::Exact, true, 1e-4)).search_depth(pos, depth);
            let b =
                Searcher::<G>::new(staretc(SearchMode::Exact, true, 0.0)).search_depth(pos, depth);
            assert_eq!((a.value, a.stats.nodes()), (b.value, b.stats.nodes()));
            assert_eq!(a.stats.researches, 0);
        }
        researches
    }
    let n = check(&cbt, 3) + check(&dice, 3);
    assert!(n > 0, "no aspiration window failed: nothing was tested");
}
