//! The worked examples of the references, as explicit trees: the search
//! makes the cut where the text says, visits exactly the nodes the text
//! implies, and computes the windows and bounds the text gives.

use starcut::search::{
    ChanceAlgo, CutKind, RecordingTracer, SearchConfig, Searcher, Stats, TraceEvent,
};
use starcut::tree::examples::{self, Example};
use starcut::tree::TreeGame;
use starcut::Value;

fn run(ex: &Example, chance: ChanceAlgo) -> (Value, Stats, RecordingTracer) {
    let pos = TreeGame::parse(ex.tree).unwrap();
    let mut cfg = SearchConfig::bare(chance);
    cfg.verify_cuts = true; // every cut below is also proven sound
    let mut s = Searcher::new(cfg);
    let mut t = RecordingTracer::new(10_000);
    let r = s.search_window(&pos, ex.depth, ex.alpha, ex.beta, &mut t);
    (r.value, r.stats, t)
}

fn cuts(t: &RecordingTracer) -> Vec<(usize, CutKind)> {
    t.cuts().map(|(ply, k, _)| (ply, k)).collect()
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

fn near(a: Value, b: Value) -> bool {
    (a - b).abs() < 1e-9
}

fn expectimax(ex: &Example) -> Value {
    let pos = TreeGame::parse(ex.tree).unwrap();
    starcut::search::testing::expectimax_reference(&pos, ex.depth)
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
