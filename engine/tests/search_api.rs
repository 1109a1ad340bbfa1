//! The public search API: limits, clocks, progress, tracing, results,
//! configuration text and serialization.

use starcut::search::testing::{expectimax_reference, RandomGame};
use starcut::search::verify::check_bound;
use starcut::search::{
    ChanceAlgo, Clock, FixedClock, Limits, ManualClock, NoTrace, Probing, Progress,
    RecordingTracer, SearchConfig, SearchMode, Searcher, Stats, TraceEvent,
};
use starcut::tree::TreeGame;
use starcut::{Game, Status, Step};

fn first_seed_with(status: Status) -> RandomGame {
    (0..1000u64)
        .map(RandomGame::seeded)
        .find(|g| g.status() == status)
        .unwrap()
}

#[test]
fn iterations_progress_and_result() {
    let pos = first_seed_with(Status::Decision);
    let mut s = Searcher::new(SearchConfig::default());
    let mut reports: Vec<(u32, bool, Option<u8>)> = Vec::new();
    let r = s.search(
        &pos,
        &Limits::depth(4),
        &FixedClock(0.0),
        &mut NoTrace,
        &mut |p: &Progress<'_, RandomGame>| reports.push((p.depth, p.iteration_complete, p.best)),
    );
    assert!(r.completed);
    assert_eq!(r.depth, 4);
    assert_eq!(r.stats.depth_reached, 4);
    let depths: Vec<u32> = r.iterations.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    let done: Vec<u32> = reports.iter().filter(|r| r.1).map(|r| r.0).collect();
    assert_eq!(done, [1, 2, 3, 4]);
    assert_eq!(reports.last().unwrap().2, r.best);
    for it in &r.iterations {
        assert!((it.value - expectimax_reference(&pos, it.depth)).abs() < 1e-9);
    }
    assert_eq!(r.value, r.iterations[3].value);
    assert_eq!(r.iterations[3].best, r.best.map(|m| pos.move_text(m)));
    // Node totals grow with every iteration.
    assert!(r.iterations.windows(2).all(|w| w[0].nodes < w[1].nodes));
}

#[test]
fn progress_every_n_nodes() {
    let pos = first_seed_with(Status::Decision);
    let cfg = SearchConfig {
        progress_nodes: 100,
        ..SearchConfig::default()
    };
    let mut s = Searcher::new(cfg);
    let mut partial = 0;
    // Every report carries the principal variation of the last completed
    // iteration: empty before the first, then each iteration's line.
    type Report = (u32, bool, Vec<Step<u8, u8>>);
    let mut lines: Vec<Report> = Vec::new();
    let r = s.search(
        &pos,
        &Limits::depth(5),
        &FixedClock(0.0),
        &mut NoTrace,
        &mut |p| {
            if !p.iteration_complete {
                partial += 1;
                assert!(p.stats.nodes() > 0);
            }
            lines.push((p.depth, p.iteration_complete, p.pv.to_vec()));
        },
    );
    let mut last_line = Vec::new();
    for (depth, complete, pv) in &lines {
        if *complete {
            assert!(!pv.is_empty() && pv.len() <= *depth as usize * 2, "{pv:?}");
            last_line = pv.clone();
        } else {
            assert_eq!(
                pv, &last_line,
                "a partial report shows the last completed line"
            );
        }
    }
    assert_eq!(last_line, r.pv, "the last report's line is the result's");
    assert!(matches!(last_line[0], Step::Move(m) if Some(m) == r.best));
    assert!(partial as u64 >= r.stats.nodes() / 100 - 1, "{partial}");
}

#[test]
fn principal_variation_is_playable() {
    for seed in 0..50u64 {
        let pos = RandomGame::seeded(seed);
        let r = Searcher::new(SearchConfig::default()).search_depth(&pos, 4);
        if pos.status() == Status::Decision {
            assert_eq!(r.pv.first(), r.best.map(Step::Move).as_ref());
        } else {
            assert_eq!(r.best, None);
        }
        let mut g = pos;
        for &step in &r.pv {
            match step {
                Step::Move(m) => assert!(g.is_legal(m)),
                Step::Outcome(o) => {
                    let mut out = Vec::new();
                    g.chance_outcomes(&mut out);
                    assert!(out.iter().any(|&(x, _)| x == o));
                }
            }
            g.apply_step(step);
        }
    }
}

#[test]
fn chance_and_terminal_roots() {
    let pos = first_seed_with(Status::Chance);
    let r = Searcher::new(SearchConfig::default()).search_depth(&pos, 3);
    assert_eq!(r.best, None);
    assert!((r.value - expectimax_reference(&pos, 3)).abs() < 1e-9);
    assert!(matches!(r.pv.first(), Some(Step::Outcome(_))));

    let won = TreeGame::parse("bound 10\nwin").unwrap();
    let r = Searcher::new(SearchConfig::default()).search_depth(&won, 3);
    assert_eq!((r.value, r.best), (10.0, None));
    let leaf = TreeGame::parse("bound 10\nmax[4](1 2)").unwrap();
    let r = Searcher::new(SearchConfig::default()).search_depth(&leaf, 0);
    assert_eq!(r.value, 4.0);
    assert!(r.completed);
}

#[test]
fn node_budget_stops_and_still_names_a_move() {
    let pos = first_seed_with(Status::Decision);
    let mut s = Searcher::new(SearchConfig::default());
    let limits = Limits {
        depth: 40,
        deadline_ms: None,
        max_nodes: Some(5000),
    };
    let r = s.search(&pos, &limits, &FixedClock(0.0), &mut NoTrace, &mut |_| {});
    assert!(!r.completed);
    assert!(r.depth < 40);
    assert!(r.best.is_some());
    // Probes may count a few nodes past the check.
    assert!(r.stats.nodes() <= 5000 + 64, "{}", r.stats.nodes());
}

#[test]
fn deadline_stops_with_a_manual_clock() {
    let pos = first_seed_with(Status::Decision);
    let mut s = Searcher::new(SearchConfig::default());
    // Every clock read advances 1 ms; the clock is read every 1024 nodes.
    let clock = ManualClock::new(1000.0, 1.0);
    let limits = Limits {
        depth: 40,
        deadline_ms: Some(20.0),
        max_nodes: None,
    };
    let r = s.search(&pos, &limits, &clock, &mut NoTrace, &mut |_| {});
    assert!(!r.completed);
    assert!(r.best.is_some());
    assert!(r.stats.nodes() < 1024 * 40, "{}", r.stats.nodes());
    assert!(clock.peek() > 1020.0);
    let fixed = FixedClock(3.0);
    assert_eq!(fixed.now_ms(), 3.0);
}

#[test]
fn recording_tracer_is_bounded_and_complete_when_small() {
    let pos = TreeGame::parse(starcut::tree::examples::ARTS_4_7.tree).unwrap();
    let mut s = Searcher::new(SearchConfig::bare(ChanceAlgo::Star1));
    let mut t = RecordingTracer::new(1_000_000);
    s.search(
        &pos,
        &Limits::depth(2),
        &FixedClock(0.0),
        &mut t,
        &mut |_| {},
    );
    let enters = t
        .events
        .iter()
        .filter(|e| matches!(e, TraceEvent::Enter { .. }))
        .count();
    let exits = t
        .events
        .iter()
        .filter(|e| matches!(e, TraceEvent::Exit { .. }))
        .count();
    assert_eq!(enters, exits);
    assert!(enters > 10);
    let json = serde_json::to_string(&t).unwrap();
    assert!(json.contains("\"event\":\"cut\""), "{json}");
    assert!(json.contains(">= beta"), "{json}");
    let mut small = RecordingTracer::new(5);
    s.search(
        &pos,
        &Limits::depth(2),
        &FixedClock(0.0),
        &mut small,
        &mut |_| {},
    );
    assert_eq!(small.events.len(), 5);
    assert!(small.dropped > 0);
    assert_eq!(std::mem::size_of::<NoTrace>(), 0);
}

#[test]
fn search_window_keeps_the_fail_soft_contract() {
    for seed in 0..60u64 {
        let pos = RandomGame::seeded(seed);
        let truth = expectimax_reference(&pos, 3);
        for (a, b) in [
            (-10.0, 10.0),
            (truth - 1.0, truth + 1.0),
            (truth, truth + 5.0),
            (-100.0, truth),
        ] {
            for chance in ChanceAlgo::ALL {
                let mut s = Searcher::new(SearchConfig {
                    iterative: false,
                    ..SearchConfig::bare(chance)
                });
                let r = s.search_window(&pos, 3, a, b, &mut NoTrace);
                check_bound(r.value, a, b, truth, 1e-9)
                    .unwrap_or_else(|e| panic!("{chance} seed {seed}: {e}"));
            }
        }
    }
}

#[test]
fn searcher_reuse_and_clear() {
    let mut s = Searcher::new(SearchConfig::default());
    let a = RandomGame::seeded(3);
    let b = RandomGame::seeded(4);
    let va = s.search_depth(&a, 4).value;
    let vb = s.search_depth(&b, 4).value;
    let warm = s.search_depth(&a, 4);
    assert_eq!(warm.value, va);
    s.clear();
    assert_eq!(s.search_depth(&b, 4).value, vb);
    s.set_config(SearchConfig {
        tt_mb: 1,
        ..SearchConfig::default()
    });
    assert_eq!(s.search_depth(&a, 4).value, va);
}

#[test]
fn config_names_and_serialization() {
    for a in ChanceAlgo::ALL {
        assert_eq!(a.name().parse::<ChanceAlgo>().unwrap(), a);
        assert_eq!(a.to_string(), a.name());
    }
    assert_eq!("STAR2.5".parse::<ChanceAlgo>().unwrap(), ChanceAlgo::Star25);
    assert_eq!(
        "star0".parse::<ChanceAlgo>().unwrap(),
        ChanceAlgo::Expectimax
    );
    let e = "star3".parse::<ChanceAlgo>().unwrap_err();
    assert_eq!(e.field, "chance algorithm");
    assert!(e.detail.contains("star3"));
    assert_eq!(
        "sequential".parse::<Probing>().unwrap(),
        Probing::Sequential
    );
    assert!("spiral".parse::<Probing>().is_err());

    let d = SearchConfig::default();
    assert_eq!(d.chance, ChanceAlgo::StarEtc);
    let json = serde_json::to_string(&d).unwrap();
    assert!(json.contains("\"chance\":\"staretc\""), "{json}");
    assert_eq!(serde_json::from_str::<SearchConfig>(&json).unwrap(), d);
    let partial: SearchConfig =
        serde_json::from_str(r#"{"chance":"star2.5","probe_factor":3}"#).unwrap();
    assert_eq!(partial.chance, ChanceAlgo::Star25);
    assert_eq!(partial.effective_probe_factor(), 3);
    assert_eq!(partial.tt, d.tt);
    assert_eq!(
        SearchConfig {
            chance: ChanceAlgo::Star2,
            probe_factor: 3,
            ..d.clone()
        }
        .effective_probe_factor(),
        1
    );
}

#[test]
fn stats_add_and_rates() {
    let mut a = Stats {
        decision_nodes: 10,
        chance_nodes: 5,
        leaf_nodes: 85,
        time_ms: 50.0,
        depth_reached: 3,
        ..Stats::default()
    };
    a.cuts.star1_cut_i = 2;
    let mut b = a;
    b.depth_reached = 5;
    a += b;
    assert_eq!(a.nodes(), 200);
    assert_eq!(a.cuts.star1_cut_i, 4);
    assert_eq!(a.cuts.total(), 4);
    assert_eq!(a.depth_reached, 5);
    assert_eq!(a.nodes_per_second(), 2000.0);
    assert_eq!(Stats::default().nodes_per_second(), 0.0);
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(serde_json::from_str::<Stats>(&json).unwrap(), a);
}

#[test]
fn deeper_table_entries_can_be_used_when_asked() {
    // In play mode the search may use deeper results: the value is then
    // no longer the fixed-depth one, but it is a value of some depth >= the
    // asked one, and the move is legal.
    let cfg = SearchConfig::play();
    let mut s = Searcher::new(cfg);
    for seed in 0..30u64 {
        let pos = RandomGame::seeded(seed);
        let r = s.search_depth(&pos, 4);
        assert!(r.completed);
        assert!(r.value.abs() <= pos.bound());
        if let Some(m) = r.best {
            assert!(pos.is_legal(m));
        }
    }
}

#[test]
fn a_stopped_iteration_keeps_a_move_that_beat_the_last_best() {
    // Play mode: when a node budget stops iteration d + 1 after the last
    // completed best move was searched there and another move beat it, the
    // result is that move. The same search run to the end of iteration
    // d + 1 (a fresh searcher goes through the same tree) agrees: its best
    // value is at least the stopped one, and the old best is not its move.
    let mut deepened = 0;
    for seed in 0..300u64 {
        let pos = RandomGame::seeded(seed);
        if pos.status() != Status::Decision {
            continue;
        }
        for budget in [300u64, 1000, 3000] {
            let limits = Limits {
                depth: 40,
                deadline_ms: None,
                max_nodes: Some(budget),
            };
            let exact = Searcher::new(SearchConfig::default()).search(
                &pos,
                &limits,
                &FixedClock(0.0),
                &mut NoTrace,
                &mut |_| {},
            );
            assert!(!exact.deepened, "exact mode keeps the completed iteration");
            let cfg = SearchConfig::play();
            let r = Searcher::new(cfg.clone()).search(
                &pos,
                &limits,
                &FixedClock(0.0),
                &mut NoTrace,
                &mut |_| {},
            );
            if !r.deepened {
                continue;
            }
            deepened += 1;
            assert!(!r.completed);
            let best = r.best.expect("a decision root names a move");
            let old = r.iterations.last().unwrap().best.clone().unwrap();
            assert_ne!(pos.move_text(best), old, "seed {seed}, budget {budget}");
            assert_eq!(r.pv.first(), Some(&Step::Move(best)));
            let full = Searcher::new(cfg).search_depth(&pos, r.depth + 1);
            assert!(full.value >= r.value - 1e-9, "seed {seed}, budget {budget}");
            assert_ne!(pos.move_text(full.best.unwrap()), old);
        }
    }
    assert!(
        deepened >= 5,
        "only {deepened} stopped iterations changed the move"
    );
}

#[test]
fn progress_inside_an_iteration_names_the_move_a_stop_would_play() {
    // Play mode: a report inside an iteration carries the move the search
    // would return if it stopped there (`deepened` when it beat the last
    // completed best in the running iteration). Stopping the same search
    // by a node budget right after such a report returns that move.
    let mut seen = 0;
    for seed in 0..200u64 {
        let pos = RandomGame::seeded(seed);
        if pos.status() != Status::Decision {
            continue;
        }
        for mode in [SearchMode::Exact, SearchMode::Play] {
            let cfg = SearchConfig {
                mode,
                progress_nodes: 64,
                ..SearchConfig::default()
            };
            let limits = Limits {
                depth: 40,
                deadline_ms: None,
                max_nodes: Some(3000),
            };
            let mut reports = Vec::new();
            let mut completed = None;
            Searcher::new(cfg.clone()).search(
                &pos,
                &limits,
                &FixedClock(0.0),
                &mut NoTrace,
                &mut |p| {
                    if p.iteration_complete {
                        completed = p.best;
                    } else if p.deepened {
                        reports.push((p.best, p.value, p.stats.nodes(), completed));
                    }
                },
            );
            if mode == SearchMode::Exact {
                assert!(
                    reports.is_empty(),
                    "exact mode reports the completed iteration"
                );
                continue;
            }
            for (best, value, nodes, completed) in reports {
                seen += 1;
                assert!(best.is_some() && best != completed, "seed {seed}");
                // The search stopped at that report (it reads its budget
                // where it reports) returns the same move and value.
                let stopped = Searcher::new(cfg.clone()).search(
                    &pos,
                    &Limits {
                        max_nodes: Some(nodes),
                        ..limits
                    },
                    &FixedClock(0.0),
                    &mut NoTrace,
                    &mut |_| {},
                );
                assert!(stopped.deepened, "seed {seed}, {nodes} nodes");
                assert_eq!(stopped.best, best, "seed {seed}, {nodes} nodes");
                assert_eq!(Some(stopped.value), value, "seed {seed}, {nodes} nodes");
            }
        }
    }
    assert!(
        seen >= 5,
        "only {seen} reports inside an iteration named a deeper move"
    );
}
