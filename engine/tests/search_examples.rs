//! The worked examples of the references, as explicit trees: the search
//! makes the cut where the text says, visits exactly the nodes the text
//! implies, and computes the windows and bounds the text gives.

use starcut::search::{
    ChanceAlgo, CutKind, RecordingTracer, SearchConfig, Searcher, Stats, TraceEvent,
};
use starcut::tree::examples::{self, Example};
use starcut::tree::{teaching, TreeGame};
use starcut::{Game, Status, Value};

fn run(ex: &Example, chance: ChanceAlgo) -> (Value, Stats, RecordingTracer) {
    let pos = TreeGame::parse(ex.tree).unwrap();
    let mut cfg = ex.search_config(chance);
    cfg.verify_cuts = true; // every exact cut below is also proven sound
    let mut s = Searcher::new(cfg);
    let mut t = RecordingTracer::new(10_000);
    let r = s.search_window(&pos, ex.depth, ex.alpha, ex.beta, &mut t);
    (r.value, r.stats, t)
}

fn cuts(t: &RecordingTracer) -> Vec<(usize, CutKind)> {
    t.cuts().map(|(ply, k, _)| (ply, k)).collect()
}

/// The cuts with the names of the nodes that made them.
fn named_cuts(ex: &Example, t: &RecordingTracer) -> Vec<(String, CutKind)> {
    teaching::cuts_by_node(&TreeGame::parse(ex.tree).unwrap(), &t.events)
}

/// (child, A_i, B_i) of the chance node at the root, in order.
fn windows(t: &RecordingTracer) -> Vec<(usize, Value, Value)> {
    t.events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::ChanceBounds {
                ply: 0,
                child,
                child_alpha,
                child_beta,
                ..
            } => Some((*child, *child_alpha, *child_beta)),
            _ => None,
        })
        .collect()
}

/// (lower, upper) of the chance node at the root before each child.
fn bounds(t: &RecordingTracer) -> Vec<(Value, Value)> {
    t.events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::ChanceBounds {
                ply: 0,
                lower,
                upper,
                ..
            } => Some((*lower, *upper)),
            _ => None,
        })
        .collect()
}

fn near(a: Value, b: Value) -> bool {
    (a - b).abs() < 1e-9
}

fn expectimax(ex: &Example) -> Value {
    let pos = TreeGame::parse(ex.tree).unwrap();
    starcut::search::testing::expectimax_reference(&pos, ex.depth)
}

use CutKind::{AlphaBeta, ChanceProbCut, Star1CutII, Star2Probe};

/// The cuts of a search, in order: the node that cut and the rule.
type Cuts = &'static [(&'static str, CutKind)];

/// For every figure and every algorithm it is offered with: the root
/// value and the cuts.
const EXPECTED: &[(&str, ChanceAlgo, Value, Cuts)] = &[
    ("schadd-5.1", ChanceAlgo::Expectimax, -200.0, &[]),
    ("schadd-5.2", ChanceAlgo::Star1, 5.2, &[]),
    ("schadd-5.2", ChanceAlgo::Expectimax, 5.2, &[]),
    (
        "schadd-5.3",
        ChanceAlgo::Star1,
        2.0,
        &[("D", AlphaBeta), ("A", Star1CutII)],
    ),
    ("schadd-5.3", ChanceAlgo::Star05, 2.0, &[("A", Star1CutII)]),
    (
        "schadd-5.4",
        ChanceAlgo::Star2,
        -175.0,
        &[("A", Star2Probe)],
    ),
    (
        "schadd-5.4",
        ChanceAlgo::Star1,
        -175.0,
        &[("Y", AlphaBeta), ("A", Star1CutII)],
    ),
    (
        "schadd-5.5",
        ChanceAlgo::Star1,
        150.0,
        &[("A", ChanceProbCut)],
    ),
    (
        "schadd-5.5",
        ChanceAlgo::Star2,
        150.0,
        &[("A", ChanceProbCut)],
    ),
    (
        "schadd-5.6",
        ChanceAlgo::Star1,
        150.0,
        &[("E", AlphaBeta), ("H", AlphaBeta), ("A", ChanceProbCut)],
    ),
    ("hsu-star1", ChanceAlgo::Star1, 0.0, &[]),
    ("arts-4.4", ChanceAlgo::Expectimax, -3.5, &[]),
    (
        "arts-4.6",
        ChanceAlgo::Star1,
        4.0 / 3.0,
        &[("C", AlphaBeta), ("A", Star1CutII)],
    ),
    (
        "arts-4.7",
        ChanceAlgo::Star1,
        -7.0 / 3.0,
        &[("C", AlphaBeta), ("F", AlphaBeta), ("A", Star1CutII)],
    ),
    (
        "arts-4.8",
        ChanceAlgo::Star2,
        -7.0 / 3.0,
        &[("A", Star2Probe)],
    ),
];

#[test]
fn every_figure_gives_the_texts_value_and_cuts_with_each_of_its_algorithms() {
    for ex in examples::EXAMPLES {
        for &algo in ex.algorithms {
            let Some(&(_, _, value, want)) =
                EXPECTED.iter().find(|e| e.0 == ex.name && e.1 == algo)
            else {
                panic!("{} {algo}: no expectation", ex.name);
            };
            let (v, _, t) = run(&ex, algo);
            assert!(near(v, value), "{} {algo}: {v} != {value}", ex.name);
            let want: Vec<(String, CutKind)> =
                want.iter().map(|&(n, k)| (n.to_string(), k)).collect();
            assert_eq!(named_cuts(&ex, &t), want, "{} {algo}", ex.name);
        }
    }
    // And nothing is expected of an algorithm an example does not offer.
    for &(name, algo, _, _) in EXPECTED {
        let ex = examples::find(name).unwrap();
        assert!(ex.algorithms.contains(&algo), "{name} {algo}");
    }
}

#[test]
fn every_example_parses_and_its_depth_reaches_every_leaf() {
    /// The most MAX and MIN nodes on a path from `pos`, plus one for the
    /// leaf.
    fn needed(pos: &TreeGame) -> u32 {
        let mut steps = Vec::new();
        match pos.status() {
            Status::Chance => {
                let mut o = Vec::new();
                pos.chance_outcomes(&mut o);
                steps.extend(o.into_iter().map(|(o, _)| (o, 0)));
            }
            Status::Decision => {
                let mut m = Vec::new();
                pos.legal_moves(&mut m);
                steps.extend(m.into_iter().map(|m| (m, 1)));
            }
            Status::Terminal(_) => {}
        }
        steps
            .into_iter()
            .map(|(s, own)| {
                let mut c = pos.clone();
                c.play(s);
                own + needed(&c)
            })
            .max()
            .unwrap_or(1)
    }
    let mut names = std::collections::HashSet::new();
    for ex in examples::EXAMPLES {
        let pos = TreeGame::parse(ex.tree).unwrap_or_else(|e| panic!("{}: {e}", ex.name));
        assert_eq!(needed(&pos), ex.depth, "{}", ex.name);
        assert!(names.insert(ex.name), "{} twice", ex.name);
        assert!(!ex.algorithms.is_empty(), "{}", ex.name);
        assert!(ex.alpha < ex.beta, "{}", ex.name);
        assert!(!ex.notes.is_empty() && !ex.source.is_empty());
    }
    for name in [
        "schadd-5.1",
        "schadd-5.2",
        "schadd-5.3",
        "schadd-5.4",
        "schadd-5.5",
        "schadd-5.6",
        "hsu-star1",
        "arts-4.4",
        "arts-4.6",
        "arts-4.7",
        "arts-4.8",
    ] {
        assert!(names.contains(name), "{name} missing");
    }
}

#[test]
fn schadd_5_1_expectimax() {
    let ex = examples::SCHADD_5_1;
    let (v, st, t) = run(&ex, ChanceAlgo::Expectimax);
    // 0.9 * -250 + 0.1 * 250.
    assert!(near(v, -200.0));
    assert!(near(expectimax(&ex), -200.0));
    assert_eq!(st.nodes(), 7);
    assert_eq!(t.steps(), ["B", "D", "E", "C", "F", "G"]);
}

#[test]
fn schadd_5_2_the_window_must_be_reset() {
    let ex = examples::SCHADD_5_2;
    let pos = TreeGame::parse(ex.tree).unwrap();
    // Passing (4, 6) down: B returns 4 instead of 2, A 6.4 instead of 5.2.
    let wrong = teaching::window_not_reset(&pos, ex.depth, ex.alpha, ex.beta);
    assert!(near(wrong, 6.4), "{wrong}");
    assert!(
        wrong >= ex.beta,
        "the wrong value would cut the MAX node above"
    );
    assert!(near(
        teaching::window_not_reset(&pos.find("B").unwrap(), 1, 4.0, 6.0),
        4.0
    ));
    assert!(near(
        teaching::window_reset(&pos, ex.depth, ex.alpha, ex.beta),
        5.2
    ));
    // Star1 resets: B gets (-6.67, 23.33), C (7, 12); no cut, exact 5.2.
    let (v, st, t) = run(&ex, ChanceAlgo::Star1);
    assert!(near(v, 5.2));
    assert!(near(expectimax(&ex), 5.2));
    let w = windows(&t);
    assert!(
        near(w[0].1, -20.0 / 3.0) && near(w[0].2, 70.0 / 3.0),
        "{w:?}"
    );
    assert!(near(w[1].1, 7.0) && near(w[1].2, 12.0), "{w:?}");
    let b = bounds(&t);
    assert!(near(b[1].0, -6.8) && near(b[1].1, 9.2), "{b:?}");
    assert_eq!(st.nodes(), 7);
}

#[test]
fn schadd_5_3_star1_cut() {
    let ex = examples::SCHADD_5_3;
    let (v, st, t) = run(&ex, ChanceAlgo::Star1);
    // Upper bound 0.25*(2+4-8) + 0.25*10 = 2 <= alpha = 5.
    assert_eq!(v, 2.0);
    assert_eq!(
        cuts(&t),
        vec![(1, CutKind::AlphaBeta), (0, CutKind::Star1CutII)]
    );
    // D gets window (A_2, B_2) = (4, 44): its first leaf -8 cuts it.
    let w = windows(&t);
    assert_eq!(w.len(), 3);
    assert!(near(w[2].1, 4.0) && near(w[2].2, 44.0), "{w:?}");
    assert_eq!(t.steps(), ["B", "1", "2", "C", "1", "2", "D", "1"]);
    assert!(!t.steps().contains(&"E"));
    // A; B, C, D; B's and C's two leaves and D's first.
    assert_eq!(
        (st.chance_nodes, st.decision_nodes, st.leaf_nodes),
        (1, 3, 5)
    );
    assert!(expectimax(&ex) < ex.alpha);

    // Star0.5 searches D completely before cutting; expectimax everything.
    let (v05, st05, t05) = run(&ex, ChanceAlgo::Star05);
    assert_eq!(v05, 2.0);
    assert_eq!(cuts(&t05), vec![(0, CutKind::Star1CutII)]);
    assert_eq!(st05.nodes(), 10);
    let (v0, st0, _) = run(&ex, ChanceAlgo::Expectimax);
    assert_eq!(v0, expectimax(&ex));
    assert_eq!(st0.nodes(), 13);
}

#[test]
fn schadd_5_4_star2_probe_cut() {
    let ex = examples::SCHADD_5_4;
    let (v, st, t) = run(&ex, ChanceAlgo::Star2);
    let probes: Vec<(usize, Value, Value)> = t
        .events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Probe {
                child,
                lower,
                upper,
                ..
            } => Some((*child, *lower, *upper)),
            _ => None,
        })
        .collect();
    // After probing B: A <= -250*0.9 + 1000*0.1 = -125; after D: [-1000, -175].
    assert_eq!(probes.len(), 2);
    assert_eq!(probes[0].0, 0);
    assert!(
        near(probes[0].1, -1000.0) && near(probes[0].2, -125.0),
        "{probes:?}"
    );
    assert!(
        near(probes[1].1, -1000.0) && near(probes[1].2, -175.0),
        "{probes:?}"
    );
    assert_eq!(cuts(&t), vec![(0, CutKind::Star2Probe)]);
    assert!(near(v, -175.0));
    // C and E are pruned: A, X, B, Y, D.
    assert_eq!(t.steps(), ["X", "B", "Y", "D"]);
    assert_eq!(st.nodes(), 5);
    assert_eq!(st.probes, 2);

    // Star1 has to search C before its window for Y lets D cut.
    let (v1, st1, t1) = run(&ex, ChanceAlgo::Star1);
    assert!(near(v1, -175.0));
    assert_eq!(
        cuts(&t1),
        vec![(1, CutKind::AlphaBeta), (0, CutKind::Star1CutII)]
    );
    assert_eq!(t1.steps(), ["X", "B", "C", "Y", "D"]);
    assert_eq!(st1.nodes(), 6);
    let w = windows(&t1);
    assert!(near(w[1].1, 750.0), "{w:?}");
}

#[test]
fn hsu_star1_window_of_the_second_drawing() {
    let ex = examples::HSU_STAR1;
    let (v, _, t) = run(&ex, ChanceAlgo::Star1);
    let w = windows(&t);
    // (3.5, 4.9) in dice units is (0, 1.4) after the shift by -3.5.
    assert_eq!(w.len(), 2);
    assert!(near(w[1].1, 0.0) && near(w[1].2, 1.4), "{w:?}");
    // The second drawing 4 (0.5) lies inside: no cut, exact mean 3.5 (0).
    assert!(cuts(&t).is_empty());
    assert!(near(v, 0.0));
}

#[test]
fn arts_4_6_star1_cut_with_window_3_4() {
    let ex = examples::ARTS_4_6;
    let (v, st, t) = run(&ex, ChanceAlgo::Star1);
    let w = windows(&t);
    // B gets [-10, 10] after clamping; C gets A = 3*3 - 2 - 10 = -3 and
    // B = 3*4 - 2 + 10 = 20 (clamped to 10).
    assert!(w[0].1 <= -10.0 && w[0].2 >= 10.0, "{w:?}");
    assert!(near(w[1].1, -3.0) && near(w[1].2, 20.0), "{w:?}");
    // E = -8 cuts C, and A's upper bound (2 - 8 + 10)/3 = 4/3 <= 3 cuts A.
    assert_eq!(
        cuts(&t),
        vec![(1, CutKind::AlphaBeta), (0, CutKind::Star1CutII)]
    );
    assert!(near(v, 4.0 / 3.0));
    assert!(!t.steps().contains(&"D"));
    assert_eq!(st.nodes(), 6);
}

#[test]
fn arts_4_7_star1_windows_and_cut_at_f() {
    let ex = examples::ARTS_4_7;
    assert!(near(expectimax(&ex), -3.5)); // Figure 4.4
    let (v, st, t) = run(&ex, ChanceAlgo::Star1);
    let w = windows(&t);
    let expected = [
        (-62.0, 62.0),
        (-47.0, 57.0),
        (-27.0, 57.0),
        (-21.0, 43.0),
        (-8.0, 36.0),
    ];
    assert_eq!(w.len(), 5, "{w:?}");
    for (k, &(a, b)) in expected.iter().enumerate() {
        assert!(near(w[k].1, a) && near(w[k].2, b), "child {k}: {w:?}");
    }
    // J = -10 (a loss) ends C; P = -10 ends F and A; G is never searched.
    assert_eq!(
        cuts(&t),
        vec![
            (1, CutKind::AlphaBeta),
            (1, CutKind::AlphaBeta),
            (0, CutKind::Star1CutII)
        ]
    );
    let steps = t.steps();
    for pruned in ["G", "K", "Q", "R", "S", "T"] {
        assert!(!steps.contains(&pruned), "{pruned} visited: {steps:?}");
    }
    assert!(near(v, -7.0 / 3.0));
    assert_eq!(st.nodes(), 14);
}

#[test]
fn arts_4_8_star2_cuts_while_probing() {
    let ex = examples::ARTS_4_8;
    let (v, st, t) = run(&ex, ChanceAlgo::Star2);
    assert_eq!(cuts(&t), vec![(0, CutKind::Star2Probe)]);
    // The probe of F (P = -10) brings A's upper bound to -7/3 <= -2.
    assert!(near(v, -7.0 / 3.0));
    assert_eq!(
        t.steps(),
        ["B", "H", "C", "J", "D", "L", "E", "N", "F", "P"]
    );
    assert_eq!(st.probes, 5);
    assert_eq!(st.nodes(), 11);
    // Star1 needs 14 nodes for the same cut.
    let (_, st1, _) = run(&ex, ChanceAlgo::Star1);
    assert!(st.nodes() < st1.nodes());
}

#[test]
fn every_example_parses_and_matches_expectimax_with_a_full_window() {
    for ex in examples::EXAMPLES {
        let pos = TreeGame::parse(ex.tree).unwrap();
        for algo in ChanceAlgo::ALL {
            let r = Searcher::new(SearchConfig::bare(algo)).search_depth(&pos, ex.depth);
            assert!(near(r.value, expectimax(&ex)), "{} {algo}", ex.name);
        }
    }
}

#[test]
fn uniform_gcd_and_general_formulas_give_the_same_windows() {
    use starcut::search::Star1Formula;
    for ex in examples::EXAMPLES {
        let pos = TreeGame::parse(ex.tree).unwrap();
        let mut per_formula = Vec::new();
        for formula in [Star1Formula::Auto, Star1Formula::General] {
            let cfg = SearchConfig {
                star1_formula: formula,
                ..SearchConfig::bare(ChanceAlgo::Star1)
            };
            let mut t = RecordingTracer::new(10_000);
            let r = Searcher::new(cfg).search_window(&pos, ex.depth, ex.alpha, ex.beta, &mut t);
            per_formula.push((r.value, windows(&t), r.stats.nodes()));
        }
        let (a, b) = (&per_formula[0], &per_formula[1]);
        assert!(near(a.0, b.0), "{}", ex.name);
        assert_eq!(a.2, b.2, "{}", ex.name);
        assert_eq!(a.1.len(), b.1.len());
        for (x, y) in a.1.iter().zip(&b.1) {
            assert!(
                near(x.1, y.1) && near(x.2, y.2),
                "{}: {x:?} vs {y:?}",
                ex.name
            );
        }
    }
}

/// The values the shallow searches of ChanceProbCut's first phase returned
/// at the root's outcomes (MAX's view), in order: the exits at ply 1 before
/// the first regular-phase event.
fn shallow_values(t: &RecordingTracer) -> Vec<Value> {
    let mut out = Vec::new();
    for e in &t.events {
        match e {
            TraceEvent::Exit { ply: 1, value } => out.push(-value), // MIN nodes
            TraceEvent::ChanceBounds { .. } | TraceEvent::Probe { .. } => break,
            TraceEvent::Cut { ply: 0, .. } => break,
            _ => {}
        }
    }
    out
}

#[test]
fn schadd_5_5_chanceprobcut_prunes_after_two_shallow_searches() {
    let ex = examples::SCHADD_5_5;
    let cpc = ex.chance_probcut.unwrap();
    assert_eq!((cpc.a, cpc.b, cpc.t * cpc.sigma), (1.0, 0.0, 50.0));
    let settings = cpc.settings();
    assert!(settings.validate().is_ok());
    let pos = TreeGame::parse(ex.tree).unwrap();
    // The text's numbers: [300, 400] -> A in [-480, 760]; [700, 800] -> A
    // in [200, 680], outside the window: the third child is pruned.
    let e = teaching::chance_probcut_estimates(&pos, ex.depth, ex.alpha, ex.beta, &settings);
    let got: Vec<_> = e
        .iter()
        .map(|e| {
            (
                e.name.as_str(),
                e.shallow,
                e.lower,
                e.upper,
                e.node_lower,
                e.node_upper,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("B", 350.0, 300.0, 400.0, -480.0, 760.0),
            ("C", 750.0, 700.0, 800.0, 200.0, 680.0),
        ]
    );
    let (v, st, t) = run(&ex, ChanceAlgo::Star1);
    assert_eq!(v, ex.beta);
    assert_eq!(shallow_values(&t), [350.0, 750.0]);
    // The shallow searches only: A, B, E, H, C, K, N.
    assert_eq!(t.steps(), ["B", "E", "H", "C", "K", "N"]);
    assert_eq!(st.nodes(), 7);
    assert_eq!(st.cuts.chance_probcut, 1);
    // The cut is right: the expectimax value 488 is above beta.
    assert!(near(expectimax(&ex), 488.0));
    // Without ChanceProbCut, Star1 has to search much more.
    let mut exact = Searcher::new(SearchConfig::bare(ChanceAlgo::Star1));
    let r = exact.search_window(
        &pos,
        ex.depth,
        ex.alpha,
        ex.beta,
        &mut RecordingTracer::new(0),
    );
    assert!(r.value >= ex.beta && r.stats.nodes() > st.nodes());
}

#[test]
fn schadd_5_6_the_regular_search_prunes_with_the_estimates() {
    let ex = examples::SCHADD_5_6;
    let settings = ex.chance_probcut.unwrap().settings();
    let pos = TreeGame::parse(ex.tree).unwrap();
    let e = teaching::chance_probcut_estimates(&pos, ex.depth, ex.alpha, ex.beta, &settings);
    let got: Vec<_> = e
        .iter()
        .map(|e| (e.lower, e.upper, e.node_lower, e.node_upper))
        .collect();
    // [-80, 400] after the second child, [130, 230] after the third: no cut.
    assert_eq!(
        got,
        [
            (300.0, 400.0, -480.0, 760.0),
            (0.0, 100.0, -80.0, 400.0),
            (50.0, 150.0, 130.0, 230.0),
        ]
    );
    let (v, st, t) = run(&ex, ChanceAlgo::Star1);
    assert_eq!(v, ex.beta);
    assert_eq!(shallow_values(&t), [350.0, 50.0, 100.0]);
    // The regular search of B: Star1's window (-1875, 1875), entered with
    // the estimate (300, 400); B returns 400.
    let w = windows(&t);
    assert_eq!(w.len(), 1);
    assert!(near(w[0].1, -1875.0) && near(w[0].2, 1875.0), "{w:?}");
    let b_entered = t.events.iter().rev().find_map(|e| match e {
        TraceEvent::Enter {
            ply: 1,
            depth: 3,
            alpha,
            beta,
            ..
        } => Some((-beta, -alpha)),
        _ => None,
    });
    assert_eq!(b_entered, Some((300.0, 400.0)));
    let b_value = t.events.iter().rev().find_map(|e| match e {
        TraceEvent::ChildValue {
            ply: 0,
            child: 0,
            value,
        } => Some(*value),
        _ => None,
    });
    assert_eq!(b_value, Some(400.0));
    // With B = 400 the estimated lower bound 0.4*400 + 0.4*0 + 0.2*50 = 170
    // reaches beta 150.
    assert!(0.4 * 400.0 + 0.2 * 50.0 >= ex.beta);
    assert_eq!(
        t.steps(),
        ["B", "E", "H", "C", "K", "N", "D", "Q", "T", "B", "E", "F", "H", "I"]
    );
    assert_eq!(st.nodes(), 15);
    assert!(near(expectimax(&ex), 208.0));
}

#[test]
fn hsu_star1_bounds_after_the_first_drawing() {
    let ex = examples::HSU_STAR1;
    let (_, _, t) = run(&ex, ChanceAlgo::Star1);
    // [m_1, M_1] = [2, 4.5] in dice units.
    let b = bounds(&t);
    assert!(near(b[1].0, -1.5) && near(b[1].1, 1.0), "{b:?}");
    let w = windows(&t);
    assert!(near(w[0].1, -3.0) && near(w[0].2, 3.4), "{w:?}");
}

#[test]
fn arts_4_4_expectimax_cuts_nothing() {
    let ex = examples::ARTS_4_4;
    let (v, st, t) = run(&ex, ChanceAlgo::Expectimax);
    assert!(near(v, -3.5));
    assert_eq!(cuts(&t), []);
    assert_eq!(st.nodes(), 20); // A, B..G and the 13 leaves
}
