//! The quiescence search of play mode: the certain captures a game lists
//! for it, and the search that uses them.

use starcut::search::{SearchConfig, SearchMode, Searcher};
use starcut::stratego::{battle, BattleResult, Move, Square, Stratego, StrategoConfig, Variant};
use starcut::{Game, Status};

/// The shipped Stratego middle positions, as the side to move sees them.
fn middle_views() -> Vec<Stratego> {
    let text = include_str!("../../assets/positions/stratego-middle.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| Stratego::parse(&StrategoConfig::default(), l).unwrap())
        .map(|p| p.view_for(p.to_move()))
        .collect()
}

fn config(mode: SearchMode, quiescence: u32) -> SearchConfig {
    SearchConfig {
        mode,
        quiescence,
        opponent_model: true,
        ..SearchConfig::default()
    }
}

/// Whether `m` is a step onto a revealed enemy piece by a piece of known
/// rank that beats or trades with it: a capture both sides know the end of.
fn is_certain_capture(pos: &Stratego, m: Move) -> bool {
    let (Some(a), Some(d)) = (pos.piece_at(m.from), pos.piece_at(m.to)) else {
        return false;
    };
    let (Some(ar), Some(dr)) = (a.rank(), d.rank()) else {
        return false;
    };
    m.distance() == 1
        && d.colour() != a.colour()
        && d.is_revealed()
        && battle(ar, dr) != BattleResult::DefenderWins
}

#[test]
fn certain_captures_are_the_legal_attacks_both_sides_can_read() {
    let (mut listed, mut hidden_targets) = (0, 0);
    for view in middle_views() {
        // Both sides' turns: the side to move's own ranks are known, the
        // other side's only once revealed.
        for pos in [view, view.null_move().unwrap_or(view)] {
            let mut caps = Vec::new();
            pos.certain_captures(&mut caps);
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            for &m in &caps {
                assert!(legal.contains(&m), "{m} in {}", pos.position_text());
                assert!(
                    is_certain_capture(&pos, m),
                    "{m} in {}",
                    pos.position_text()
                );
                let mut child = pos;
                child.play(m);
                assert_ne!(
                    child.status(),
                    Status::Chance,
                    "{m}: no battle left pending"
                );
            }
            for &m in &legal {
                if is_certain_capture(&pos, m) {
                    assert!(caps.contains(&m), "{m} missing in {}", pos.position_text());
                }
                let hidden = pos.piece_at(m.to).is_some_and(|d| !d.is_revealed());
                hidden_targets += usize::from(hidden);
                assert!(!(hidden && caps.contains(&m)));
            }
            // The most valuable target first.
            let worth = |m: &Move| {
                let d = pos.piece_at(m.to).and_then(|p| p.rank()).unwrap();
                starcut::stratego::TABLE_5_1[d.index()]
            };
            assert!(caps.windows(2).all(|w| worth(&w[0]) >= worth(&w[1])));
            listed += caps.len();
        }
    }
    assert!(
        listed > 0,
        "no certain capture in the set: nothing was tested"
    );
    assert!(
        hidden_targets > 0,
        "no attack on a hidden piece: nothing was tested"
    );
}

#[test]
fn quiescence_sees_a_piece_the_opponent_is_sure_to_take() {
    // Barrage, red to move: its revealed General on e5 stands beside Blue's
    // revealed Marshal on e6. One decision deep, the static value cannot
    // see the Marshal take the General; the quiescence search does, and
    // the General steps away.
    let barrage = StrategoConfig::for_variant(Variant::Barrage);
    let text = "bF9/10/10/10/4B15/4R25/10/10/10/rF7r1r8 r r9r9rSb2b8b9b9bS";
    let pos = Stratego::parse(&barrage, text)
        .unwrap()
        .view_for(starcut::Player::First);
    let e5 = Square::parse("e5").unwrap();
    let with = Searcher::new(config(SearchMode::Play, 4)).search_depth(&pos, 1);
    let without = Searcher::new(config(SearchMode::Play, 0)).search_depth(&pos, 1);
    assert_eq!(with.best.expect("a move").from, e5, "{:?}", with.best);
    assert_ne!(without.best.expect("a move").from, e5, "{:?}", without.best);
    assert!(
        without.value > with.value,
        "{} {}",
        without.value,
        with.value
    );
}

#[test]
fn quiescence_runs_in_play_mode_only() {
    let (mut on, mut off) = (0, 0);
    for view in middle_views().into_iter().step_by(4) {
        let a = Searcher::new(config(SearchMode::Play, 4)).search_depth(&view, 4);
        let b = Searcher::new(config(SearchMode::Play, 0)).search_depth(&view, 4);
        on += a.stats.leaf_nodes;
        off += b.stats.leaf_nodes;
        assert!(view.is_legal(a.best.expect("a move")));
        // Exact mode ignores the setting: the same search, node for node.
        let x = Searcher::new(config(SearchMode::Exact, 4)).search_depth(&view, 4);
        let y = Searcher::new(config(SearchMode::Exact, 0)).search_depth(&view, 4);
        assert_eq!(
            (x.value, x.best, x.stats.nodes()),
            (y.value, y.best, y.stats.nodes())
        );
    }
    assert_ne!(
        on, off,
        "the quiescence search changed nothing: nothing was tested"
    );
}
