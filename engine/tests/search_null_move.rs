//! Null-move pruning (play mode): the pass a game allows, and the search
//! that uses it.

use starcut::search::{CutKind, SearchConfig, SearchMode, Searcher};
use starcut::stratego::{Stratego, StrategoConfig, Variant};
use starcut::{Game, Status};

/// The first `count` positions of the shipped Stratego middle set, every
/// `step`-th.
fn middle(count: usize, step: usize) -> Vec<Stratego> {
    let text = include_str!("../../assets/positions/stratego-middle.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(step)
        .take(count)
        .map(|l| Stratego::parse(&StrategoConfig::default(), l).unwrap())
        .collect()
}

fn config(mode: SearchMode, null_move: u32) -> SearchConfig {
    SearchConfig {
        mode,
        null_move,
        opponent_model: true,
        ..SearchConfig::default()
    }
}

#[test]
fn a_stratego_pass_changes_only_the_side_to_move() {
    for pos in middle(10, 5) {
        let view = pos.view_for(pos.to_move());
        let passed = view.null_move().expect("a middle game position passes");
        assert_eq!(passed.to_move(), view.to_move().other());
        assert_eq!(passed.status(), Status::Decision);
        assert_eq!(passed.hash(), passed.compute_hash(), "the kept hash");
        assert_ne!(passed.hash(), view.hash());
        // The same board, ply and counters; only the side to move differs.
        let text = |p: &Stratego| {
            let t = p.position_text();
            let mut words: Vec<String> = t.split(' ').map(str::to_string).collect();
            words.remove(1);
            words
        };
        assert_eq!(text(&passed), text(&view));
        assert_eq!(passed.evaluate(), passed.heuristic());
    }
}

#[test]
fn no_pass_in_a_battle_or_for_a_side_with_three_movers() {
    let barrage = StrategoConfig::for_variant(Variant::Barrage);
    let parse =
        |text: &str| Stratego::parse(&barrage, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    // Red has lost both Scouts: four movers left (Marshal, General, Miner,
    // Spy), it may pass; with its Spy lost too, three, it may not. Blue,
    // down to its Marshal, never may.
    let four = parse("bF1b17/10/10/10/10/10/10/10/10/rF1r11r21r81rS1 r r9r9b2b8b9b9bS");
    assert!(four.null_move().is_some(), "{}", four.position_text());
    let three = parse("bF1b17/10/10/10/10/10/10/10/10/rF1r11r21r83 r r9r9rSb2b8b9b9bS");
    assert!(three.null_move().is_none(), "{}", three.position_text());
    let blue = parse("bF1b17/10/10/10/10/10/10/10/10/rF1r11r21r81rS1 b r9r9b2b8b9b9bS");
    assert!(blue.null_move().is_none());
    // A pending battle is a chance node: no pass.
    let mut battle = parse("b?1b?7/10/10/10/10/10/10/10/2b?7/rF1r11r21r81rS1 r r9r9b2b8b9b9");
    let attack = starcut::stratego::Move::parse("c1c2").unwrap();
    assert!(battle.is_legal(attack));
    battle.play(attack);
    assert_eq!(battle.status(), Status::Chance);
    assert!(battle.null_move().is_none());
}

#[test]
fn null_moves_cut_nodes_in_play_mode_only() {
    let positions = middle(6, 7);
    let (mut on, mut off, mut cuts, mut null_nodes) = (0, 0, 0, 0);
    for pos in &positions {
        let view = pos.view_for(pos.to_move());
        let a = Searcher::new(config(SearchMode::Play, 2)).search_depth(&view, 6);
        let b = Searcher::new(config(SearchMode::Play, 0)).search_depth(&view, 6);
        on += a.stats.nodes();
        off += b.stats.nodes();
        cuts += a.stats.cuts.null_move;
        null_nodes += a.stats.null_move_nodes;
        assert_eq!(b.stats.cuts.null_move + b.stats.null_move_nodes, 0);
        // The pass is the search's, never the answer: a legal move.
        let best = a.best.expect("a move");
        assert!(view.is_legal(best));
        assert!(
            a.stats
                .cuts_by_kind()
                .any(|(k, n)| k == CutKind::NullMove && n == a.stats.cuts.null_move)
                == (a.stats.cuts.null_move > 0)
        );
        // Exact mode ignores the setting: the same search, node for node.
        let x = Searcher::new(config(SearchMode::Exact, 2)).search_depth(&view, 6);
        let y = Searcher::new(config(SearchMode::Exact, 0)).search_depth(&view, 6);
        assert_eq!(
            (x.value, x.best, x.stats.nodes()),
            (y.value, y.best, y.stats.nodes())
        );
        assert_eq!(x.stats.cuts.null_move, 0);
    }
    assert!(cuts > 0, "no null move cut: nothing was tested");
    assert!(null_nodes > 0 && null_nodes < on);
    assert!(on < off, "null moves: {on} nodes, without {off}");
}
