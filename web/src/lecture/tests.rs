//! Lecture mode against the numbers the engine's tests assert for the
//! worked examples (engine/tests/search_examples.rs).

use super::replay::EventKind;
use super::*;
use starcut::tree::examples;

fn lecture(ex: &Example, algo: &str) -> Lecture {
    let mut s = LectureSettings::of_example(ex);
    s.algorithm = algo.into();
    Lecture::load(&s).unwrap()
}

fn nodes_of(l: &Lecture, algo: &str) -> u64 {
    l.compare
        .iter()
        .find(|r| r.algorithm == algo)
        .unwrap()
        .nodes
}

/// The text at each cut, in order.
fn cut_texts(l: &mut Lecture) -> Vec<String> {
    let mut out = Vec::new();
    l.nav(LectureNav::First);
    loop {
        l.nav(LectureNav::NextCut);
        if l.cursor() == l.replay.len() {
            let f = l.frame();
            if let Some((EventKind::Cut, t)) = f.event {
                out.push(t);
            }
            break;
        }
        let f = l.frame();
        match f.event {
            Some((EventKind::Cut, t)) => out.push(t),
            other => panic!("NextCut stopped at {other:?}"),
        }
    }
    out
}

#[test]
fn schadd_5_3_the_star1_cut_and_the_node_counts() {
    let mut l = lecture(&examples::SCHADD_5_3, "star1");
    assert_eq!(l.run.nodes, 9);
    assert_eq!(l.run.value, 2.0);
    assert_eq!(nodes_of(&l, "star0.5"), 10);
    assert_eq!(nodes_of(&l, "expectimax"), 13);
    let cuts = cut_texts(&mut l);
    assert_eq!(cuts.len(), 2, "{cuts:?}");
    // D gets (A_3, B_3) = (4, 44) from A; in MAX's view D's window is (4, 10).
    assert!(
        cuts[0].starts_with("alpha-beta at D: upper bound -8 ≤ alpha 4."),
        "{}",
        cuts[0]
    );
    assert!(
        cuts[1].starts_with("star1 cut II at A: upper bound 2 ≤ alpha 5."),
        "{}",
        cuts[1]
    );
    assert!(cuts[1].ends_with("never searched: E."), "{}", cuts[1]);
}

#[test]
fn schadd_5_4_probes_and_the_star2_cut() {
    let mut l = lecture(&examples::SCHADD_5_4, "star2");
    assert_eq!(l.run.nodes, 5);
    assert_eq!(l.run.probes, 2);
    assert_eq!(nodes_of(&l, "star1"), 6);
    let probes: Vec<String> = (1..=l.replay.len())
        .filter_map(|c| match l.replay.frame(&l.tree, c).event {
            Some((EventKind::Probe, t)) => Some(t),
            _ => None,
        })
        .collect();
    assert_eq!(probes.len(), 2);
    assert!(
        probes[0].contains("probe of X") && probes[0].ends_with("bounds are now [-1000, -125]"),
        "{}",
        probes[0]
    );
    assert!(probes[1].ends_with("[-1000, -175]"), "{}", probes[1]);
    // The probe's visit of X is not X's value.
    let texts: Vec<String> = (1..=l.replay.len())
        .filter_map(|c| l.replay.frame(&l.tree, c).event.map(|e| e.1))
        .collect();
    assert_eq!(
        texts[1..7],
        [
            "A: outcome X (p = 0.9) leads to X",
            "Probe X (MIN): only its first move is searched, window (-277.778, 277.778)",
            "X: move B leads to B",
            "Enter B (leaf) with window (-277.778, 277.778), value -250",
            "B returns -250",
            "X: its first move is worth -250",
        ],
        "{texts:#?}"
    );
    let end = l.replay.frame(&l.tree, l.replay.len());
    assert_eq!(end.nodes[1].value, None, "X was only probed");
    assert_eq!(end.nodes[1].probe, Some(-250.0));
    let cuts = cut_texts(&mut l);
    assert_eq!(cuts.len(), 1);
    assert!(
        cuts[0].starts_with("star2 probe cut at A: upper bound -175 ≤ alpha -150."),
        "{}",
        cuts[0]
    );
    assert!(cuts[0].ends_with("never searched: C, E."), "{}", cuts[0]);
    // After the cut, C and E are drawn pruned.
    let end = l.replay.frame(&l.tree, l.replay.len());
    let pruned: Vec<&str> = (0..l.tree.nodes.len())
        .filter(|&n| end.pruned[n])
        .map(|n| l.tree.nodes[n].name.as_str())
        .collect();
    assert_eq!(pruned, ["C", "E"]);
}

#[test]
fn arts_4_6_windows_bounds_and_cuts() {
    let mut l = lecture(&examples::ARTS_4_6, "star1");
    assert_eq!(l.run.nodes, 6);
    assert!((l.run.value - 4.0 / 3.0).abs() < 1e-9);
    let cuts = cut_texts(&mut l);
    assert!(
        cuts[0].starts_with("alpha-beta at C: upper bound -8 ≤ alpha -3."),
        "{}",
        cuts[0]
    );
    assert!(cuts[0].ends_with("never searched: F."), "{}", cuts[0]);
    assert!(
        cuts[1].starts_with("star1 cut II at A: upper bound 1.333 ≤ alpha 3."),
        "{}",
        cuts[1]
    );
    // C's window (A_2, B_2) = (-3, 20), as the text computes it.
    let f = (1..=l.replay.len())
        .map(|c| l.replay.frame(&l.tree, c))
        .find(|f| matches!(&f.event, Some((EventKind::Bounds, t)) if t.contains("outcome C")))
        .unwrap();
    let (_, text) = f.event.unwrap();
    assert!(
        text.ends_with("gets the window (A2, B2) = (-3, 20)"),
        "{text}"
    );
    let a = &f.nodes[0];
    assert_eq!(a.child_window.map(|w| (w.1, w.2)), Some((-3.0, 20.0)));
    // D is drawn pruned only once A has cut.
    let d = l.tree.nodes.iter().position(|n| n.name == "D").unwrap();
    let cut_at = *l.replay.cut_cursors().last().unwrap();
    assert!(!l.replay.frame(&l.tree, cut_at - 1).pruned[d]);
    assert!(l.replay.frame(&l.tree, cut_at).pruned[d]);
}

#[test]
fn arts_4_7_and_4_8_node_counts() {
    let l = lecture(&examples::ARTS_4_7, "star1");
    assert_eq!(l.run.nodes, 14);
    assert_eq!(nodes_of(&l, "star2"), 11);
    let l = lecture(&examples::ARTS_4_8, "star2");
    assert_eq!(l.run.nodes, 11);
    assert_eq!(l.run.probes, 5);
    assert_eq!(l.run.cuts, [("star2 probe cut", 1)]);
}

#[test]
fn every_example_and_algorithm_replays_to_the_engine_node_count() {
    for ex in examples::EXAMPLES {
        for algo in algorithms() {
            let l = lecture(&ex, algo);
            let end = l.replay.frame(&l.tree, l.replay.len());
            assert_eq!(end.entered, l.run.nodes, "{} {algo}", ex.name);
            assert!(end.open.is_empty(), "{} {algo}", ex.name);
            assert_eq!(end.current, Some(0), "{} {algo}: ends at the root", ex.name);
            // A frame for every cursor, each with a sentence.
            for c in 1..=l.replay.len() {
                assert!(l.replay.frame(&l.tree, c).event.is_some());
            }
        }
    }
}

#[test]
fn stepping_forward_and_back() {
    let mut l = lecture(&examples::ARTS_4_6, "star1");
    assert_eq!(l.cursor(), 0);
    assert_eq!(l.frame().event, None);
    l.nav(LectureNav::Next);
    let first = l.frame();
    assert_eq!(first.current, Some(0));
    assert_eq!(
        first.event,
        Some((
            EventKind::Enter,
            "Enter A (chance) with window (3, 4)".to_string()
        ))
    );
    l.nav(LectureNav::NextCut);
    let at_cut = l.cursor();
    l.nav(LectureNav::Prev);
    assert_eq!(l.cursor(), at_cut - 1);
    l.nav(LectureNav::Last);
    assert_eq!(l.cursor(), l.replay.len());
    l.nav(LectureNav::Next);
    assert_eq!(l.cursor(), l.replay.len());
    l.nav(LectureNav::PrevCut);
    assert_eq!(Some(&l.cursor()), l.replay.cut_cursors().last());
    l.nav(LectureNav::First);
    l.nav(LectureNav::Prev);
    assert_eq!(l.cursor(), 0);
}

/// 4 chance nodes x 5 MIN nodes x 5 leaves under a MAX root: 100 leaves,
/// too many to read side by side, searched by Star2 in (-10, 10).
fn large_lecture() -> Lecture {
    let mut text = String::from("bound 10\nR=max(");
    let mut leaf = 0;
    for c in 0..4 {
        text.push_str(&format!("C{c}=chance("));
        for m in 0..5 {
            text.push_str(&format!("M{c}{m}=min("));
            for _ in 0..5 {
                leaf += 1;
                text.push_str(&format!("{} ", (leaf * 7) % 19 - 9));
            }
            text.push_str(") ");
        }
        text.push_str(") ");
    }
    text.push(')');
    let mut s = LectureSettings::of_example(&examples::ARTS_4_6);
    s.example = String::new();
    s.tree = text;
    s.algorithm = "star2".into();
    s.alpha = -10.0;
    s.beta = 10.0;
    Lecture::load(&s).unwrap()
}

#[test]
fn stepping_through_a_large_tree_folds_back_what_the_search_has_left() {
    // The MIN nodes start folded (20 slots).
    let mut l = large_lecture();
    assert_eq!(l.layout.slots, 20);
    let mut widest = 0;
    while l.cursor() < l.replay.len() {
        l.nav(LectureNav::Next);
        // At most the MIN node being searched is open: its five leaves
        // take the place of its one slot.
        assert!(l.layout.slots <= 24, "{} at {}", l.layout.slots, l.cursor());
        widest = widest.max(l.layout.slots);
    }
    assert_eq!(widest, 24, "the current MIN node's leaves are shown");
    // Folded by the lecturer's double click, a node stays as he left it.
    let m = l.tree.nodes.iter().position(|n| n.name == "M00").unwrap();
    l.nav(LectureNav::First);
    l.toggle(m);
    assert_eq!(l.layout.slots, 24);
    while l.cursor() < l.replay.len() {
        l.nav(LectureNav::Next);
        assert!(!l.collapsed.contains(&m));
    }
}

#[test]
fn a_min_root_takes_and_shows_the_window_from_max() {
    let s = LectureSettings {
        example: String::new(),
        tree: "bound 10\nR=min(A=max(3 5) B=max(1 9))".into(),
        algorithm: "expectimax".into(),
        alpha: 0.0,
        beta: 4.0,
        cursor: 0,
        random: String::new(),
    };
    let mut l = Lecture::load(&s).unwrap();
    // A: 3, then 5 >= beta 4 cuts; B: 1, then 9 cuts; MIN at R takes A's 5
    // (at least 5: above the window).
    assert_eq!(l.run.value, 5.0);
    l.nav(LectureNav::Next);
    assert_eq!(
        l.frame().event.unwrap().1,
        "Enter R (MIN) with window (0, 4)"
    );
    let cuts = cut_texts(&mut l);
    assert_eq!(cuts.len(), 2, "{cuts:?}");
    assert!(
        cuts[0].starts_with("alpha-beta at A: lower bound 5 ≥ beta 4. A is worth at least 5"),
        "{}",
        cuts[0]
    );
    assert!(
        cuts[1].starts_with("alpha-beta at B: lower bound 9 ≥ beta 4."),
        "{}",
        cuts[1]
    );
    l.nav(LectureNav::Last);
    assert_eq!(
        l.frame().event.unwrap().1,
        "R returns ≥ 5 (a lower bound: it failed high)"
    );
}

#[test]
fn bad_input_is_named() {
    let mut page = LecturePage::new(LectureSettings::default());
    assert!(page.lecture.is_ok());
    page.update(LectureMsg::Tree("bound 10\nmax(1 2".into()));
    let e = page.error().unwrap().to_string();
    assert!(e.starts_with("tree"), "{e}");
    assert_eq!(page.settings.tree, "bound 10\nmax(1 2", "the text is kept");
    page.update(LectureMsg::Tree("bound 10\nmax(1 $)".into()));
    assert!(page.error().unwrap().contains("'$'"), "{:?}", page.error());
    page.update(LectureMsg::Tree("   ".into()));
    assert_eq!(page.error(), Some("tree: the text is empty"));
    page.update(LectureMsg::Example("arts-4.6".into()));
    assert!(page.lecture.is_ok());
    page.update(LectureMsg::Window(4.0, 3.0));
    assert_eq!(page.error(), Some("window: alpha 4 must be below beta 3"));
    page.update(LectureMsg::Window(3.0, 4.0));
    page.update(LectureMsg::Algorithm("star9".into()));
    assert!(page.error().unwrap().contains("'star9'"));
    page.update(LectureMsg::Example("nope".into()));
    assert_eq!(page.error(), Some("unknown example 'nope'"));
}

#[test]
fn choosing_an_example_takes_its_window_and_algorithm() {
    let mut page = LecturePage::new(LectureSettings::default());
    page.update(LectureMsg::Example("schadd-5.4".into()));
    let l = page.lecture.as_ref().unwrap();
    assert_eq!((l.settings.alpha, l.settings.beta), (-150.0, 150.0));
    assert_eq!(l.settings.algorithm, "star2");
    page.update(LectureMsg::Nav(LectureNav::Last));
    assert_eq!(page.settings.cursor, l_len(&page));
    page.update(LectureMsg::Algorithm("star1".into()));
    assert_eq!(
        page.settings.cursor, 0,
        "a new search starts at the beginning"
    );
}

#[test]
fn fragments_round_trip() {
    let mut s = LectureSettings::of_example(&examples::ARTS_4_7);
    s.cursor = 12;
    let f = s.to_fragment();
    assert_eq!(
        f,
        "lecture&example=arts-4.7&algo=star1&alpha=-2&beta=2&step=12"
    );
    assert_eq!(
        LectureSettings::from_fragment(&f, &LectureSettings::default()),
        Ok(s.clone())
    );
    let typed = LectureSettings {
        example: String::new(),
        tree: "bound 10\nA=chance(B=min(2 6) 2*C=max(4 9)) # note".into(),
        algorithm: "star2".into(),
        alpha: -1.5,
        beta: 3.0,
        cursor: 3,
        random: String::new(),
    };
    let f = typed.to_fragment();
    assert_eq!(
        LectureSettings::from_fragment(&format!("#{f}"), &s),
        Ok(typed)
    );
    // A bare #lecture keeps the saved settings (from the first step).
    assert_eq!(
        LectureSettings::from_fragment("#lecture", &s).map(|x| x.example),
        Ok("arts-4.7".into())
    );
    assert!(LectureSettings::is_lecture_fragment("#lecture"));
    assert!(!LectureSettings::is_lecture_fragment("#game=dice"));
    assert_eq!(
        LectureSettings::from_fragment("lecture&example=fig9", &s),
        Err(crate::lecture::bad("unknown example 'fig9'"))
    );
    let e = LectureSettings::from_fragment("lecture&alpha=x", &s).unwrap_err();
    assert_eq!(
        (e.kind, e.detail.as_str()),
        (
            crate::error::WebErrorKind::BadLecture,
            "alpha: 'x' is not a number"
        )
    );
}

fn l_len(page: &LecturePage) -> usize {
    page.lecture.as_ref().unwrap().replay.len()
}

#[test]
fn a_clicked_node_shows_its_first_visit_or_its_pruning_cut() {
    let mut page = LecturePage::new(LectureSettings::of_example(&examples::ARTS_4_6));
    let l = page.lecture.as_ref().unwrap();
    let id = |name: &str| l.tree.nodes.iter().position(|n| n.name == name).unwrap();
    let (c, d) = (id("C"), id("D"));
    page.update(LectureMsg::Node(c));
    let f = page.lecture.as_ref().unwrap().frame();
    assert_eq!(f.current, Some(c));
    assert_eq!(f.event.unwrap().1, "Enter C (MIN) with window (-3, 10)");
    page.update(LectureMsg::Node(d));
    let f = page.lecture.as_ref().unwrap().frame();
    assert!(f.event.unwrap().1.starts_with("star1 cut II at A"));
    assert!(f.pruned[d]);
    // A leaf outcome scored by a probe (Hsu's example under Star2).
    let mut s = LectureSettings::of_example(&examples::HSU_STAR1);
    s.algorithm = "star2".into();
    let mut page = LecturePage::new(s);
    page.update(LectureMsg::Node(2));
    let f = page.lecture.as_ref().unwrap().frame();
    assert_eq!(f.event.unwrap().0, EventKind::Probe);
}

#[test]
fn a_random_exercise_is_the_same_for_the_same_seed_and_travels_in_the_url() {
    let a = LectureSettings::of_random("seed=5", "star1").unwrap();
    let b = LectureSettings::of_random("seed=5", "star1").unwrap();
    assert_eq!(a, b);
    let c = LectureSettings::of_random("seed=6", "star1").unwrap();
    assert_ne!(a.tree, c.tree);
    assert!(a.random.contains("seed=5"));
    let fragment = a.to_fragment();
    assert!(fragment.contains("random="), "{fragment}");
    assert!(
        !fragment.contains("tree="),
        "the spec, not the tree: {fragment}"
    );
    let back = LectureSettings::from_fragment(&fragment, &LectureSettings::default()).unwrap();
    assert_eq!(back, a);
    assert!(Lecture::load(&a).is_ok());
    // A bad spec is named.
    let err = LectureSettings::of_random("depth=99", "star1").unwrap_err();
    assert!(err.detail.contains("depth"), "{err}");
    let mut page = LecturePage::new(LectureSettings::default());
    page.update(LectureMsg::Random("seed=9".into()));
    assert!(page.lecture.is_ok());
    assert!(page.settings.random.contains("seed=9"));
    page.update(LectureMsg::Random("branching=0".into()));
    assert!(page.error().unwrap().contains("branching"));
}

#[test]
fn the_figures_lessons_beyond_the_trace() {
    let load = |name: &str| {
        let ex = example(name).unwrap();
        Lecture::load(&LectureSettings::of_example(&ex)).unwrap()
    };
    // Schadd 5.2: the wrong value without the reset, kept for the end.
    let l = load("schadd-5.2");
    let (text, spoiler) = &l.teaching[0];
    assert!(text.contains("6.4") && text.contains("5.2"), "{text}");
    assert!(spoiler);
    // Schadd 5.5: ChanceProbCut's estimates, shown while stepping; the
    // search itself runs with ChanceProbCut.
    let l = load("schadd-5.5");
    assert!(l.teaching.iter().all(|(_, spoiler)| !spoiler));
    let all: Vec<&str> = l.teaching.iter().map(|(t, _)| t.as_str()).collect();
    assert!(all.iter().any(|t| t.contains("[300, 400]")), "{all:?}");
    assert!(
        l.run.cuts.iter().any(|(kind, _)| *kind == "chanceprobcut"),
        "{:?}",
        l.run.cuts
    );
}

/// A pen that keeps each label's text and an estimate of its box (the
/// glyphs about 0.6 of the size wide, one size high, centred on `y`), and
/// each filled rectangle as a label named `RECT`.
#[derive(Default)]
struct Labels(Vec<(String, [f64; 4])>);

impl draw::Pen for Labels {
    fn clear(&mut self, _: f64, _: f64) {
        self.0.clear();
    }
    fn line(&mut self, _: (f64, f64), _: (f64, f64), _: draw::Stroke) {}
    fn polygon(&mut self, _: &[(f64, f64)], _: &str, _: draw::Stroke) {}
    fn circle(&mut self, _: (f64, f64), _: f64, _: Option<&str>, _: draw::Stroke) {}
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, _: &str) {
        self.0.push((RECT.to_string(), [x, y, x + w, y + h]));
    }
    fn text(&mut self, s: &str, at: (f64, f64), px: f64, _: bool, align: draw::Align, _: &str) {
        self.0
            .push((s.to_string(), placing::text_box(s, at, px, align)));
    }
}

const RECT: &str = "\u{25ad}rect";

#[test]
fn the_windows_and_cuts_cover_no_other_label() {
    // A searched node's window, the window a chance node gives its
    // outcome and the name of a cut, placed last: in every worked example at every step, in the
    // presentation view (Arts 4.7 there is the e2e screenshots') and on
    // the page.
    let styles = [
        draw::Style::presentation(1280.0, 720.0),
        draw::Style::presentation(1920.0, 1080.0),
        draw::Style::page(900.0, 600.0),
    ];
    let mut checked = 0;
    for ex in EXAMPLES.iter() {
        let l = lecture(ex, "star1");
        for cursor in 1..=l.replay.len() {
            let frame = l.replay.frame(&l.tree, cursor);
            for style in &styles {
                let mut pen = Labels::default();
                draw::tree(&mut pen, &l, &frame, style, &[]);
                let texts = || pen.0.iter().filter(|(s, _)| s != RECT);
                for (j, (label, a)) in pen.0.iter().enumerate() {
                    // The window a chance node gives and the cuts: a
                    // node's own window stays next to it, over a
                    // neighbour if it must.
                    if !(label.starts_with("(A") || label.starts_with('✂')) {
                        continue;
                    }
                    checked += 1;
                    // The label and the patch of background under it.
                    let patch = pen.0[j - 1].1;
                    assert_eq!(pen.0[j - 1].0, RECT);
                    // The boxes are estimates: the placing's slack and
                    // half a pixel of either may touch the other.
                    let e = placing::SLACK + 0.5;
                    for (other, b) in texts().filter(|(s, _)| s != label) {
                        let b = &[b[0] + e, b[1] + e, b[2] - e, b[3] - e];
                        for a in [a, &patch] {
                            assert!(
                                !placing::overlaps(a, b),
                                "{} step {cursor} at {}x{}: {label:?} {a:?} covers {other:?} {b:?}",
                                ex.name,
                                style.w,
                                style.h
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 100, "{checked} window and cut labels drawn");
}

#[test]
fn in_a_crowded_tree_the_rows_with_room_show_their_values() {
    // Every node unfolded: the 100 leaves are too close for labels beside
    // them, but the four chance nodes have room for the values they
    // returned (one slot width once hid every row's).
    let mut l = large_lecture();
    let inner: Vec<usize> = l.collapsed.iter().copied().collect();
    for n in inner {
        l.toggle(n);
    }
    assert_eq!(l.layout.slots, 100);
    let end = l.replay.frame(&l.tree, l.replay.len());
    let style = draw::Style::page(1200.0, 600.0);
    let mut pen = Labels::default();
    draw::tree(&mut pen, &l, &end, &style, &[]);
    let scaled = style.scaled(&l.layout);
    for name in ["C0", "C1", "C2", "C3"] {
        let n = l.tree.nodes.iter().position(|x| x.name == name).unwrap();
        let (v, side) = end.nodes[n].value.expect("searched");
        let label = explain::marked(v, side);
        let (x, y) = scaled.pos(n);
        assert!(
            pen.0.iter().any(|(t, b)| *t == label
                && b[0] > x
                && b[0] < x + scaled.r + 20.0
                && (b[1]..b[3]).contains(&(y + scaled.r * 0.7))),
            "{name}'s value {label} beside it"
        );
    }
}

#[test]
fn the_legend_wraps_to_a_narrow_canvas_and_the_tree_keeps_clear_of_it() {
    // A phone held upright gives the page's tree a square of about 370
    // pixels: the one-line legend ran 500 pixels past its right edge.
    let l = lecture(&EXAMPLES[0], "star1");
    let sizes = [(370.0, 370.0, 4), (600.0, 600.0, 2), (1600.0, 700.0, 1)];
    for ((w, h, lines), cursor) in sizes
        .into_iter()
        .flat_map(|s| (1..=l.replay.len()).map(move |c| (s, c)))
    {
        let frame = l.replay.frame(&l.tree, cursor);
        let style = draw::Style::page(w, h);
        let legend = style.legend_lines();
        assert_eq!(legend.len(), lines, "{w}x{h}: {legend:?}");
        let mut pen = Labels::default();
        draw::tree(&mut pen, &l, &frame, &style, &[]);
        let drawn: Vec<_> = pen.0.iter().filter(|(s, _)| legend.contains(s)).collect();
        assert_eq!(drawn.len(), lines, "{w}x{h}: every line drawn once");
        for (line, b) in &drawn {
            assert!(
                b[0] >= 0.0 && b[2] <= w && b[3] <= h,
                "{w}x{h}: {line:?} at {b:?}"
            );
        }
        // Every other label (leaf values, names) stays above the legend.
        let top = drawn
            .iter()
            .map(|(_, b)| b[1])
            .fold(f64::INFINITY, f64::min);
        for (label, b) in pen
            .0
            .iter()
            .filter(|(s, _)| s != RECT && !legend.contains(s))
        {
            assert!(
                b[3] <= top + 1.0,
                "{w}x{h}: {label:?} {b:?} runs into the legend at {top}"
            );
        }
    }
}

#[test]
fn the_current_nodes_ring_leaves_its_labels_readable() {
    // The ring round the current node (4 pixels wide, its middle
    // `RingGaps::current` out from the node's shape) ran through the
    // node's name beside it and through a leaf's name under its box.
    let styles = [
        draw::Style::page(900.0, 400.0),
        draw::Style::presentation(1280.0, 720.0),
    ];
    let mut checked = 0;
    for ex in EXAMPLES.iter() {
        let l = lecture(ex, "star1");
        for cursor in 1..=l.replay.len() {
            let frame = l.replay.frame(&l.tree, cursor);
            let Some(n) = frame.current else { continue };
            let node = &l.tree.nodes[n];
            for style in &styles {
                let mut pen = Labels::default();
                draw::tree(&mut pen, &l, &frame, style, &[]);
                let scaled = style.scaled(&l.layout);
                let (x, y) = scaled.pos(n);
                let leaf = matches!(node.kind, tree::ShownKind::Leaf | tree::ShownKind::Terminal);
                let reach = if leaf {
                    scaled.r * draw::LEAF_REACH
                } else {
                    scaled.r
                };
                let outer = draw::RingGaps::for_radius(scaled.r).current_outer(reach);
                for (label, b) in pen.0.iter().filter(|(s, _)| *s == node.name) {
                    // The box's nearest point to the node's centre.
                    let dx = (b[0] - x).max(x - b[2]).max(0.0);
                    let dy = (b[1] - y).max(y - b[3]).max(0.0);
                    assert!(
                        dx.hypot(dy) >= outer - 0.5,
                        "{} step {cursor} at {}x{}: {label:?} {b:?} under the ring (centre {x:.0},{y:.0}, outer radius {outer:.1})",
                        ex.name,
                        style.w,
                        style.h
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "{checked} names of current nodes checked");
}
