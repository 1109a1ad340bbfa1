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

/// ProbCut at decision nodes with the models of [`cpc`] (depths 3 and 4,
/// R = 2) and confidence factor `t`.
fn pc(t: f64, a: f64, b: f64, sigma: f64) -> Option<ChanceProbCut> {
    Some(cpc(t, a, b, sigma))
}

#[test]
fn probcut_with_huge_t_or_without_a_model_changes_nothing() {
    let shape = RandomConfig {
        regular: true,
        correlation: 15,
        ..RandomConfig::default()
    };
    // No model at any depth searched: depth 9 only, and a `depths` entry
    // without its model.
    let mut no_model = cpc(0.0, 1.0, 0.0, 1.0);
    no_model.models.retain(|m| m.depth == 4);
    no_model.depths = vec![3];
    let mut too_deep = cpc(0.0, 1.0, 0.0, 1.0);
    too_deep.models.iter_mut().for_each(|m| {
        m.depth += 6;
        m.shallow += 6;
    });
    too_deep.depths = vec![9, 10];
    for chance in [ChanceAlgo::Star1, ChanceAlgo::Star2, ChanceAlgo::StarEtc] {
        let base = SearchConfig {
            chance,
            ..SearchConfig::default()
        };
        for probcut in [
            pc(1e12, 1.0, 0.0, 1.0),
            Some(no_model.clone()),
            Some(too_deep.clone()),
        ] {
            let with = SearchConfig {
                probcut,
                ..base.clone()
            };
            let (mut plain, mut pruned) = (Searcher::new(base.clone()), Searcher::new(with));
            for seed in 0..40u64 {
                let pos = RandomGame::new(seed, shape);
                let a = plain.search_depth(&pos, 5);
                let b = pruned.search_depth(&pos, 5);
                assert_eq!(a.value, b.value, "{chance} seed {seed}");
                assert_eq!(a.stats, b.stats, "{chance} seed {seed}");
                assert_eq!(b.stats.cuts.probcut, 0);
                assert_eq!(b.stats.decision_probcut_nodes, 0);
            }
        }
    }
    // A real game, against independent expectimax.
    let mut s = Searcher::new(SearchConfig {
        probcut: pc(1e12, 1.0, 0.0, 1.0),
        ..SearchConfig::default()
    });
    for pos in dice_positions(6) {
        let r = s.search_depth(&pos, 4);
        assert!(close(r.value, expectimax_reference(&pos, 4)));
        assert_eq!(r.stats.cuts.probcut, 0);
    }
}

#[test]
fn probcut_cuts_as_buro_prescribes_on_explicit_trees() {
    use starcut::search::{CutKind, Limits, NoTrace, RecordingTracer, TraceEvent};
    use starcut::tree::TreeGame;
    // v_2 ~ v_1 (a = 1, b = 0, sigma = 1), R = 1, at depth 2 only.
    let model = |t: f64| ChanceProbCut {
        t,
        r: 1,
        depths: vec![2],
        models: vec![ProbCutModel {
            depth: 2,
            shallow: 1,
            a: 1.0,
            b: 0.0,
            sigma: 1.0,
            pairs: 0,
            source: None,
        }],
        game: None,
    };
    let search = |text: &str, depth: u32, t: Option<f64>| {
        let pos = TreeGame::parse(text).unwrap();
        let mut s = Searcher::new(SearchConfig {
            probcut: t.map(model),
            ..SearchConfig::bare(ChanceAlgo::StarEtc)
        });
        let mut tracer = RecordingTracer::new(10_000);
        let r = s.search(
            &pos,
            &Limits::depth(depth),
            &starcut::search::FixedClock(0.0),
            &mut tracer,
            &mut |_| {},
        );
        (r, tracer)
    };

    // Fail high: after A = 5, MIN's node B (depth 2, window (-10, -5) in
    // its own view) looks good for MIN at depth 1 (static values 2 and 3),
    // bad at depth 2 (8).
    let high = "bound 10\nmax(A=5 B=min(B1=max[2](9 9) B2=max[3](8 8)))";
    let (exact, _) = search(high, 3, None);
    assert_eq!((exact.value, exact.stats.cuts.probcut), (8.0, 0));
    // t = 0: the shallow value -2 (MIN's view) >= beta = -5 predicts a fail
    // high, so B returns beta and the root keeps A.
    let (r, tracer) = search(high, 3, Some(0.0));
    assert_eq!(r.value, 5.0);
    assert_eq!(r.stats.cuts.probcut, 1);
    assert!(r.stats.decision_probcut_nodes > 0);
    let cuts: Vec<_> = tracer.cuts().collect();
    assert_eq!(cuts, vec![(1, CutKind::ProbCut, -5.0)]);
    assert_eq!(CutKind::ProbCut.name(), "probcut");
    assert!(tracer.events.iter().any(|e| matches!(e,
        TraceEvent::Cut { kind: CutKind::ProbCut, reason, .. } if reason.contains(">= beta"))));
    // t = 4: the threshold (-5 + 4) / 1 = -1 is above the shallow value:
    // the shallow search runs, nothing is cut, the value is exact.
    let (r, _) = search(high, 3, Some(4.0));
    assert_eq!((r.value, r.stats.cuts.probcut), (8.0, 0));
    assert!(r.stats.decision_probcut_nodes > 0);

    // Fail low: MAX's node B1 (depth 2, window (5, 10)) is worth 9, but
    // its moves' static values 1 and 2 stay at or below alpha = 5.
    let low = "bound 10\nmax(A=5 B=min(B1=max(X=min[1](9 9) Y=min[2](9 9)) B2=8))";
    let (exact, _) = search(low, 4, None);
    assert_eq!(exact.value, 8.0);
    let (r, tracer) = search(low, 4, Some(0.0));
    assert_eq!(r.value, 5.0);
    assert_eq!(r.stats.cuts.probcut, 1);
    let first = tracer.cuts().next().unwrap();
    assert_eq!(first, (2, CutKind::ProbCut, 5.0));
    // With t = 4 the threshold (5 - 4) = 1 still holds the shallow value
    // 2 above it: no cut.
    let (r, _) = search(low, 4, Some(4.0));
    assert_eq!((r.value, r.stats.cuts.probcut), (8.0, 0));
    // The same search without a tracer agrees.
    let pos = TreeGame::parse(low).unwrap();
    let mut s = Searcher::new(SearchConfig {
        probcut: Some(model(0.0)),
        ..SearchConfig::bare(ChanceAlgo::StarEtc)
    });
    let r = s.search(
        &pos,
        &Limits::depth(4),
        &starcut::search::FixedClock(0.0),
        &mut NoTrace,
        &mut |_| {},
    );
    assert_eq!(r.value, 5.0);
}

#[test]
fn probcut_with_t_zero_cuts_and_saves_nodes() {
    // Random correlated trees: a = 1, b = 0, sigma = 1 at depths 3 and 4.
    let shape = RandomConfig {
        regular: true,
        correlation: 15,
        ..RandomConfig::default()
    };
    let exact_cfg = SearchConfig::default();
    let cfg = SearchConfig {
        probcut: pc(0.0, 1.0, 0.0, 1.0),
        ..SearchConfig::default()
    };
    let (mut exact, mut pruned) = (Searcher::new(exact_cfg.clone()), Searcher::new(cfg));
    let (mut cuts, mut shallow, mut n_exact, mut n_pruned) = (0, 0, 0, 0);
    for seed in 0..40u64 {
        let pos = RandomGame::new(seed, shape);
        exact.clear();
        pruned.clear();
        let e = exact.search_depth(&pos, 5);
        let p = pruned.search_depth(&pos, 5);
        cuts += p.stats.cuts.probcut;
        shallow += p.stats.decision_probcut_nodes;
        n_exact += e.stats.nodes();
        n_pruned += p.stats.nodes();
        assert!(p.value.abs() <= pos.bound());
    }
    assert!(
        cuts > 0 && shallow > 0,
        "cuts {cuts}, shallow nodes {shallow}"
    );
    assert!(n_pruned < n_exact, "{n_pruned} >= {n_exact}");

    // Dice with the shipped fit (slope near 1, sigma about 0.28) and t = 0
    // (at t = 1 the shallow searches cost Dice more than they save: see
    // README): values stay within 2 sigma of the exact ones.
    let sigma = 0.28;
    let cfg = SearchConfig {
        probcut: pc(0.0, 1.0, 0.0, sigma),
        ..SearchConfig::default()
    };
    let (mut exact, mut pruned) = (Searcher::new(exact_cfg), Searcher::new(cfg));
    let positions = dice_positions(40);
    let (mut cuts, mut near, mut n_exact, mut n_pruned) = (0, 0, 0, 0);
    for pos in &positions {
        exact.clear();
        pruned.clear();
        let e = exact.search_depth(pos, 5);
        let p = pruned.search_depth(pos, 5);
        cuts += p.stats.cuts.probcut;
        n_exact += e.stats.nodes();
        n_pruned += p.stats.nodes();
        if (e.value - p.value).abs() <= 2.0 * sigma {
            near += 1;
        }
    }
    assert!(cuts > 0, "no ProbCut cut on Dice");
    assert!(n_pruned < n_exact, "{n_pruned} >= {n_exact}");
    assert!(
        near * 10 >= positions.len() * 9,
        "only {near} of {} values within 2 sigma",
        positions.len()
    );
}

#[test]
fn probcut_with_chanceprobcut_multicut_and_verify() {
    // All three forward prunings at once, with the debug re-search of
    // every cut on: forward-pruned cuts are not verified (they are not
    // proven), so nothing panics, and each technique cuts somewhere.
    let cfg = SearchConfig {
        probcut: pc(0.5, 1.0, 0.0, 0.28),
        chance_probcut: Some(cpc(0.5, 1.0, 0.0, 0.28)),
        multicut: Some(MultiCut {
            m: 4,
            c: 2,
            r: 1,
            min_depth: 3,
        }),
        verify_cuts: true,
        ..SearchConfig::default()
    };
    assert!(cfg.forward_pruning());
    let mut s = Searcher::new(cfg);
    let mut total = starcut::search::Cuts::default();
    for pos in dice_positions(8) {
        s.clear();
        let r = s.search_depth(&pos, 5);
        assert!(r.value.abs() <= pos.bound());
        total += r.stats.cuts;
    }
    assert!(
        total.probcut > 0 && total.chance_probcut > 0 && total.multicut > 0,
        "{total:?}"
    );
}

#[test]
fn probcut_settings_serialize() {
    let cfg = SearchConfig {
        probcut: pc(1.5, 1.0, 0.0, 0.3),
        ..SearchConfig::default()
    };
    let text = serde_json::to_string(&cfg).unwrap();
    let back: SearchConfig = serde_json::from_str(&text).unwrap();
    assert_eq!(back, cfg);
    // Settings saved before ProbCut existed still load, with it off.
    let mut old: serde_json::Value = serde_json::to_value(SearchConfig::default()).unwrap();
    old.as_object_mut().unwrap().remove("probcut");
    let back: SearchConfig = serde_json::from_value(old).unwrap();
    assert_eq!(back, SearchConfig::default());
    assert!(!back.forward_pruning());
}
