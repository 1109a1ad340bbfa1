//! Positions met again (play mode, `search/repetition.rs`): a searcher
//! kept across the moves of a game scores a return to a position it
//! searched from as a draw; exact mode and a new game remember nothing.

use starcut::search::{
    FixedClock, Limits, NodeKind, RecordingTracer, SearchConfig, SearchMode, Searcher, TraceEvent,
};
use starcut::stratego::{Stratego, StrategoConfig};
use starcut::Game;

/// Red's revealed Marshal on j5 chases Blue's revealed Lieutenant on i6
/// round the block i5–j6, both Flags walled in by Bombs; `quiet` plies
/// since the last attack.
fn chase(quiet: u32) -> Stratego {
    let text = format!("bF9/bB9/10/10/8B61/9R1/10/10/rB9/rFrB8 r quiet:{quiet}");
    Stratego::parse(&StrategoConfig::default(), &text).unwrap()
}

/// One turn round the block: four moves of each side, the pieces back
/// where they were.
const ROUND: [&str; 8] = [
    "j5j6", "i6i5", "j6j5", "i5i6", "j5i5", "i6j6", "i5j5", "j6i6",
];

fn play(pos: &mut Stratego, moves: &[&str]) {
    for m in moves {
        let mv = pos.parse_move(m).unwrap();
        pos.play(mv);
    }
}

/// Every position of `line` after each pair of moves, the first included
/// (Red to move in each).
fn reds_turns(start: &Stratego, line: &[&str]) -> Vec<Stratego> {
    let mut pos = *start;
    let mut out = vec![pos];
    for pair in line.chunks(2) {
        play(&mut pos, pair);
        out.push(pos);
    }
    out
}

fn config(mode: SearchMode) -> SearchConfig {
    // Every node searched (no cut, no table, one iteration), so that the
    // line back round the block is surely in the tree.
    SearchConfig {
        mode,
        alpha_beta: false,
        tt: false,
        iterative: false,
        ..SearchConfig::default()
    }
}

/// The values of the decision nodes two plies down scored as met again:
/// leaves at ply 2 of a depth-3 search.
fn repeats_at_ply_two(searcher: &mut Searcher<Stratego>, pos: &Stratego) -> Vec<f64> {
    let mut tracer = RecordingTracer::new(1_000_000);
    searcher.search(
        pos,
        &Limits::depth(3),
        &FixedClock(0.0),
        &mut tracer,
        &mut |_| {},
    );
    assert_eq!(tracer.dropped, 0);
    let events = &tracer.events;
    let mut values = Vec::new();
    for (i, e) in events.iter().enumerate() {
        if let TraceEvent::Enter {
            ply: 2,
            kind: NodeKind::Leaf,
            ..
        } = e
        {
            match events[i + 1] {
                TraceEvent::Exit { ply: 2, value } => values.push(value),
                ref other => panic!("a leaf's exit follows its entry: {other:?}"),
            }
        }
    }
    values
}

/// A searcher in `mode` that has searched from Red's first three turns
/// of the second round, as it would in a game, and Red's fourth turn: two
/// plies below it (the Marshal's `i5j5`, the Lieutenant's `j6i6`) the
/// first comes back.
fn three_turns_searched(mode: SearchMode) -> (Searcher<Stratego>, Stratego) {
    let mut start = chase(200);
    play(&mut start, &ROUND);
    let mut turns = reds_turns(&start, &ROUND[..6]);
    let mut searcher = Searcher::<Stratego>::new(config(mode));
    for pos in &turns[..3] {
        searcher.search_depth(pos, 1);
    }
    (searcher, turns.remove(3))
}

#[test]
fn a_round_of_the_block_brings_back_the_key_once_the_quiet_counter_is_capped() {
    let mut pos = chase(200);
    assert!(pos.may_recur());
    play(&mut pos, &ROUND);
    let once = pos;
    play(&mut pos, &ROUND);
    // The first round also sets the two-squares state, so the key comes
    // back from the second round on.
    assert_eq!(pos.hash(), once.hash());
    assert!(pos.may_recur());
    // With the counter still counting, the key never comes back.
    let mut pos = chase(10);
    assert!(!pos.may_recur());
    play(&mut pos, &ROUND);
    let once = pos;
    play(&mut pos, &ROUND);
    assert_ne!(pos.hash(), once.hash());
}

#[test]
fn a_kept_play_searcher_scores_a_return_to_a_searched_position_as_a_draw() {
    let (mut kept, fourth) = three_turns_searched(SearchMode::Play);
    assert_eq!(kept.positions_seen(), 3);
    let fourth = &fourth;
    let repeats = repeats_at_ply_two(&mut kept, fourth);
    assert!(
        !repeats.is_empty(),
        "the line back round the block is a repeat"
    );
    assert!(repeats.iter().all(|&v| v == 0.0), "{repeats:?}");
    assert_eq!(kept.positions_seen(), 4, "the fourth is remembered too");

    // A fresh searcher remembers only its root, never two plies down.
    let mut fresh = Searcher::<Stratego>::new(config(SearchMode::Play));
    assert!(repeats_at_ply_two(&mut fresh, fourth).is_empty());

    // A new game forgets.
    kept.new_game();
    assert_eq!(kept.positions_seen(), 0);
    assert!(repeats_at_ply_two(&mut kept, fourth).is_empty());
}

#[test]
fn exact_mode_remembers_nothing() {
    let (mut exact, fourth) = three_turns_searched(SearchMode::Exact);
    assert_eq!(exact.positions_seen(), 0);
    assert!(repeats_at_ply_two(&mut exact, &fourth).is_empty());
    // A play searcher switched to exact forgets what it remembered.
    let mut switched = Searcher::<Stratego>::new(config(SearchMode::Play));
    switched.search_depth(&fourth, 1);
    assert_eq!(switched.positions_seen(), 1);
    switched.set_config(config(SearchMode::Exact));
    assert_eq!(switched.positions_seen(), 0);
}
