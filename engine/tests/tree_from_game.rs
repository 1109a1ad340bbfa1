//! "Explain this move": real positions of every game as explicit trees.
//! The tree fits the lecture, parses, carries the game's own move and
//! outcome texts on its edges, and searching it gives the engine's own
//! expectimax value of the position at the same depth.

use std::collections::HashSet;

use starcut::breakthrough::{Breakthrough, BreakthroughConfig};
use starcut::dice::{Dice, DiceConfig};
use starcut::search::{SearchConfig, Searcher};
use starcut::stratego::{Stratego, StrategoConfig, Variant};
use starcut::tree::from_game::{game_tree, game_tree_within, GameTree, MAX_NODES};
use starcut::tree::TreeGame;
use starcut::{Game, Player, Status, Value};

/// Every `step`-th position of a shipped set, at most `count`.
fn set<G: Game>(config: &G::Config, file: &str, count: usize, step: usize) -> Vec<G> {
    let path = format!("{}/../assets/positions/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(step)
        .take(count)
        .map(|l| G::parse_position(config, l).unwrap_or_else(|e| panic!("{file}: {e}: {l}")))
        .collect()
}

/// Plain expectimax of `pos` to `depth`, in the root's point of view,
/// where every decision below the root (and the root too if `root`) keeps
/// only its `keep` best moves by the static ordering: what a limited tree
/// must be worth.
fn limited_expectimax<G: Game>(pos: &G, depth: u32, keep: Option<usize>, root: bool) -> Value {
    if let Status::Terminal(w) = pos.status() {
        return pos.terminal_value(w);
    }
    if depth == 0 {
        return pos.heuristic();
    }
    let me = pos.to_move();
    let view = |c: &G, v: Value| if c.to_move() == me { v } else { -v };
    if pos.status() == Status::Chance {
        let mut o = Vec::new();
        pos.chance_outcomes(&mut o);
        if o.is_empty() {
            return pos.heuristic();
        }
        let total: f64 = o.iter().map(|x| f64::from(x.1)).sum();
        return o
            .into_iter()
            .map(|(o, w)| {
                let mut c = pos.clone();
                c.apply_outcome(o);
                f64::from(w) * view(&c, limited_expectimax(&c, depth, keep, true))
            })
            .sum::<f64>()
            / total;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return pos.heuristic();
    }
    moves.sort_by_key(|&m| std::cmp::Reverse(pos.move_order_hint(m)));
    if let Some(k) = keep.filter(|_| root) {
        moves.truncate(k);
    }
    moves
        .into_iter()
        .map(|m| {
            let mut c = pos.clone();
            c.play(m);
            view(&c, limited_expectimax(&c, depth - 1, keep, true))
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

/// The edge labels of the root's children, as the lecture draws them.
fn root_edges(tree: &TreeGame) -> Vec<String> {
    let mut steps = Vec::new();
    if tree.status() == Status::Chance {
        let mut o = Vec::new();
        tree.chance_outcomes(&mut o);
        steps.extend(o.into_iter().map(|(o, _)| tree.outcome_text(o)));
    } else {
        let mut m = Vec::new();
        tree.legal_moves(&mut m);
        steps.extend(m.into_iter().map(|m| tree.move_text(m)));
    }
    steps
}

/// The game's own texts for the root's moves or outcomes.
fn game_steps<G: Game>(pos: &G) -> Vec<String> {
    if pos.status() == Status::Chance {
        let mut o = Vec::new();
        pos.chance_outcomes(&mut o);
        o.into_iter().map(|(o, _)| pos.outcome_text(o)).collect()
    } else {
        let mut m = Vec::new();
        pos.legal_moves(&mut m);
        m.into_iter().map(|m| pos.move_text(m)).collect()
    }
}

/// Every edge label of the tree, with the kind of node it comes from.
fn all_edges(tree: &TreeGame, out: &mut Vec<(bool, String)>) {
    let chance = tree.status() == Status::Chance;
    let mut kids: Vec<u16> = Vec::new();
    if chance {
        let mut o = Vec::new();
        tree.chance_outcomes(&mut o);
        kids.extend(o.into_iter().map(|(o, _)| o));
    } else {
        tree.legal_moves(&mut kids);
    }
    for k in kids {
        let mut c = tree.clone();
        c.play(k);
        out.push((chance, c.edge().unwrap().to_string()));
        all_edges(&c, out);
    }
}

/// Checks one position's tree and returns it with its parsed form.
fn check<G: Game>(pos: &G, t: &GameTree, max_nodes: usize) -> TreeGame {
    let what = format!("{} {}: {}", pos.name(), pos.position_text(), t.note);
    assert!(t.nodes <= max_nodes, "{what}");
    assert!(t.depth >= 1, "{what}");
    let tree = TreeGame::parse(&t.text).unwrap_or_else(|e| panic!("{what}: {e}\n{}", t.text));
    assert_eq!(tree.tree_size(), t.nodes, "{what}");
    assert_eq!(tree.label(), Some("A"));
    // The root's edges are the game's moves (all of them unless the root
    // was limited), in the game's notation.
    let edges = root_edges(&tree);
    let game: HashSet<String> = game_steps(pos).into_iter().collect();
    assert!(edges.iter().all(|e| game.contains(e)), "{what}: {edges:?}");
    if !t.root_limited {
        assert_eq!(edges.len(), game.len(), "{what}");
    }
    // The tree's value is the engine's (or, limited, that of the same
    // limited tree computed from the real position).
    let tree_value = Searcher::new(SearchConfig::expectimax())
        .search_depth(&tree, t.depth)
        .value;
    let want = if t.moves_kept.is_none() {
        Searcher::new(SearchConfig::expectimax())
            .search_depth(pos, t.depth)
            .value
    } else {
        limited_expectimax(pos, t.depth, t.moves_kept, t.root_limited)
    };
    assert!(
        (tree_value - want).abs() < 1e-9,
        "{what}: {tree_value} vs {want}"
    );
    // Every exact algorithm agrees on the explicit tree too.
    let mut checker = starcut::search::testing::AgreementChecker::<TreeGame>::new(
        &starcut::search::testing::chance_variants(),
    );
    checker
        .check(&tree, t.depth)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    tree
}

#[test]
fn dice_positions() {
    let mut positions = set::<Dice>(&DiceConfig::default(), "dice-5x5.txt", 20, 50);
    positions.push(Dice::start(&DiceConfig::default()).unwrap());
    let mut chance_roots = 0;
    for pos in &positions {
        let t = game_tree(pos).unwrap();
        let tree = check(pos, &t, MAX_NODES);
        chance_roots += usize::from(tree.status() == Status::Chance);
        // Deep enough to reach a roll below the root.
        assert!(t.depth >= 2, "{}", t.note);
        let mut edges = Vec::new();
        all_edges(&tree, &mut edges);
        assert!(edges
            .iter()
            .any(|(chance, e)| *chance && e.parse::<u32>().is_ok()));
        // With room for it, the full tree at depth 2, agreeing exactly.
        let big = game_tree_within(pos, 20_000).unwrap();
        assert_eq!(big.moves_kept, None);
        assert!(big.depth >= 2);
        check(pos, &big, 20_000);
    }
    assert!(chance_roots >= 1, "the start position rolls first");
}

#[test]
fn chance_breakthrough_positions_with_roll() {
    let config = BreakthroughConfig::chance_breakthrough();
    let positions = set::<Breakthrough>(&config, "chance-breakthrough-mid.txt", 8, 60);
    for pos in &positions {
        let t = game_tree(pos).unwrap();
        let tree = check(pos, &t, MAX_NODES);
        assert!(
            root_edges(&tree).contains(&"roll".to_string()),
            "{}",
            t.note
        );
        // The roll is a chance node at depth 2 whose outcomes are the
        // removed piece's square or "none".
        if t.depth >= 2 {
            let mut roll = tree.clone();
            roll.play(tree.parse_move("roll").unwrap());
            assert_eq!(roll.status(), Status::Chance, "{}", t.text);
            let outcomes = root_edges(&roll);
            let mut pos_roll = *pos;
            pos_roll.play(pos.parse_move("roll").unwrap());
            let game: HashSet<String> = game_steps(&pos_roll).into_iter().collect();
            assert_eq!(outcomes.iter().cloned().collect::<HashSet<_>>(), game);
        }
    }
    // A position after the roll: the root itself is the chance node.
    let mut pos = positions[0];
    pos.play(pos.parse_move("roll").unwrap());
    let t = game_tree(&pos).unwrap();
    let tree = check(&pos, &t, MAX_NODES);
    assert_eq!(tree.status(), Status::Chance);
}

#[test]
fn breakthrough_positions() {
    let pos = Breakthrough::start(&BreakthroughConfig::default()).unwrap();
    let t = game_tree(&pos).unwrap();
    check(&pos, &t, MAX_NODES);
}

#[test]
fn stratego_views_have_chance_nodes_for_attacks_on_unknown_pieces() {
    let config = StrategoConfig::default();
    let mut views = set::<Stratego>(&config, "stratego-middle.txt", 10, 9);
    views.extend(set::<Stratego>(&config, "stratego-end.txt", 5, 19));
    let mut battles = 0;
    for view in &views {
        assert!(!view.is_fully_known());
        let t = game_tree(view).unwrap();
        let tree = check(view, &t, MAX_NODES);
        let mut edges = Vec::new();
        all_edges(&tree, &mut edges);
        battles += edges
            .iter()
            .filter(|(chance, e)| *chance && e.starts_with('='))
            .count();
    }
    assert!(battles > 0, "no attack on an unknown piece in any tree");
}

#[test]
fn barrage_views() {
    let config = StrategoConfig {
        variant: Variant::Barrage,
        ..StrategoConfig::default()
    };
    for view in set::<Stratego>(&config, "barrage-middle.txt", 5, 19) {
        let t = game_tree(&view).unwrap();
        check(&view, &t, MAX_NODES);
    }
}

#[test]
fn a_view_shows_nothing_hidden() {
    let config = StrategoConfig::default();
    let game = Stratego::start(&config).unwrap();
    let view = game.observation(Player::First);
    let t = game_tree(&view).unwrap();
    check(&view, &t, MAX_NODES);
    assert!(t.text.contains(&view.position_text()));
    assert!(!t.text.contains(&game.position_text()));
    // The same tree whether or not the caller could see more: only the
    // view is searched.
    assert_eq!(game_tree(&game.observation(Player::First)).unwrap(), t);
}
