//! "Explain this move": the game tree of a real position as an explicit
//! tree, so that the lecture can step through a real (shallow) search of it.
//!
//! The tree is the one the engine's fixed-depth search sees: decision nodes
//! use one unit of depth, chance nodes none; a non-terminal node with no
//! depth left, a decision node without moves and a chance node without
//! outcomes are leaves valued by the game's heuristic; terminal positions
//! are `win`, `loss` or `draw`. The root's side to move is MAX, and every
//! value is turned to MAX's point of view, so searching the explicit tree
//! at [`GameTree::depth`] (or deeper) gives exactly the engine's value of
//! the position at that depth. Edges carry the game's own move and outcome
//! texts (`e4e5`, `roll`, `=B`); nodes are named A, B, ... in preorder.
//!
//! Children are listed in the order of the engine's static ordering: moves
//! by [`Game::move_order_hint`] (the game's order among equals), outcomes
//! likeliest first.
//!
//! The depth is chosen so that the tree stays drawable: the deepest whose
//! full tree has at most `max_nodes` nodes. When not even depth 2 fits, the
//! tree is searched 2 decisions deep with every decision below the root cut
//! down to its `k` best moves by the static ordering, `k` as large as fits;
//! [`GameTree::note`] says so, and the root's value is then that of the
//! smaller tree. Chance nodes are never cut down: their value is an
//! expectation over every outcome.
//!
//! For Stratego and Barrage, pass the observation of the person asking
//! ([`Game::observation`]): hidden ranks stay hidden, and attacks on unknown
//! pieces become chance nodes weighted by what that player can know.

use std::fmt;

use crate::game::{Game, Player, Status, Value};

use super::build::{Builder, Shape};
use super::parse::MAX_EDGE_CHARS;

/// The lecture's limit: every node is drawn.
pub const MAX_NODES: usize = 300;

/// The deepest search tried.
pub const MAX_DEPTH: u32 = 8;

/// A position's search tree as an explicit tree.
#[derive(Clone, Debug, PartialEq)]
pub struct GameTree {
    /// The tree in the text format of [`super::parse`], with a comment
    /// header naming the game, the position and what was limited.
    pub text: String,
    /// The decisions searched from the root.
    pub depth: u32,
    /// Nodes in the tree.
    pub nodes: usize,
    /// `Some(k)`: every decision node below the root (and the root too when
    /// [`root_limited`](Self::root_limited)) keeps only its `k` best moves by
    /// the game's static ordering. `None`: the full tree.
    pub moves_kept: Option<usize>,
    pub root_limited: bool,
    /// What was searched and what was left out, in a sentence or two.
    pub note: String,
}

/// Not even the smallest tree of the position fits: a chance node has too
/// many outcomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyNodes {
    pub max_nodes: usize,
}

impl fmt::Display for TooManyNodes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "even a search one decision deep with one move per position needs more than {} nodes",
            self.max_nodes
        )
    }
}

impl std::error::Error for TooManyNodes {}

/// The search tree of `pos` with at most [`MAX_NODES`] nodes: see the
/// module documentation.
///
/// ```
/// use starcut::dice::{Dice, DiceConfig};
/// use starcut::tree::{from_game, TreeGame};
/// use starcut::Game;
/// let pos = Dice::parse_position(&DiceConfig::default(), "1c2r/cr3/2cr1/4c/r4 c 3").unwrap();
/// let t = from_game::game_tree(&pos).unwrap();
/// assert!(t.nodes <= 300 && t.depth >= 1);
/// let tree = TreeGame::parse(&t.text).unwrap();
/// assert!(tree.tree_size() == t.nodes);
/// ```
///
/// # Errors
/// [`TooManyNodes`] when even one decision with a single move per position
/// does not fit (a chance node with hundreds of outcomes).
pub fn game_tree<G: Game>(pos: &G) -> Result<GameTree, TooManyNodes> {
    game_tree_within(pos, MAX_NODES)
}

/// [`game_tree`] with another node limit.
///
/// # Errors
/// As [`game_tree`].
pub fn game_tree_within<G: Game>(pos: &G, max_nodes: usize) -> Result<GameTree, TooManyNodes> {
    let fits = |depth: u32, keep: Option<usize>, root: bool| {
        Expand {
            root_side: pos.to_move(),
            keep,
            keep_at_root: root,
            max_nodes,
        }
        .build(pos, depth)
    };
    // The deepest full tree that fits.
    let mut best: Option<(u32, Builder)> = None;
    // Whether a deeper search would add nothing: every line has ended.
    let mut complete = false;
    for depth in 1..=MAX_DEPTH {
        let Some(b) = fits(depth, None, false) else {
            break;
        };
        // A deeper tree contains the shallower one: equal sizes, same tree.
        if best.as_ref().is_some_and(|(_, prev)| prev.len() == b.len()) {
            complete = true;
            break;
        }
        best = Some((depth, b));
    }
    let full = best.as_ref().map_or(0, |(d, _)| *d);
    let finished = |depth, b: Builder, keep, root, note: String| {
        let nodes = b.len();
        let mut header = vec![format!("{} position: {}", pos.name(), pos.position_text())];
        header.push(note.clone());
        let text = b.text(pos.bound(), &header);
        Ok(GameTree {
            text,
            depth,
            nodes,
            moves_kept: keep,
            root_limited: root,
            note,
        })
    };
    if full >= 2 || (full == 1 && complete) {
        let (depth, b) = best.expect("a depth fits");
        let nodes = b.len();
        let note = format!(
            "{} decision{} deep, the full tree ({nodes} nodes).",
            depth,
            if depth == 1 { "" } else { "s" }
        );
        return finished(depth, b, None, false, note);
    }
    // Depth 2 with fewer moves below the root.
    let widest = max_moves(pos);
    for k in (1..widest).rev() {
        if let Some(b) = fits(2, Some(k), false) {
            let note = format!(
                "2 decisions deep; the full tree has more than {max_nodes} nodes, so every \
                 position below the root keeps only its {k} best move{} by the game's move \
                 ordering ({} nodes). Values are those of this smaller tree.",
                if k == 1 { "" } else { "s" },
                b.len()
            );
            return finished(2, b, Some(k), false, note);
        }
    }
    if let Some((depth, b)) = best {
        let note = format!(
            "1 decision deep, the full tree ({} nodes); 2 decisions deep would need more \
             than {max_nodes} nodes even with one reply per position.",
            b.len()
        );
        return finished(depth, b, None, false, note);
    }
    // Not even depth 1: the root's moves are cut down too.
    for k in (1..=widest).rev() {
        if let Some(b) = fits(1, Some(k), true) {
            let note = format!(
                "1 decision deep, keeping only the {k} best move{} of each position by the \
                 game's move ordering ({} nodes; the full tree has more than {max_nodes}). \
                 Values are those of this smaller tree.",
                if k == 1 { "" } else { "s" },
                b.len()
            );
            return finished(1, b, Some(k), true, note);
        }
    }
    Err(TooManyNodes { max_nodes })
}

/// The most moves of any decision node within two decisions of `pos`: the
/// largest `k` worth trying.
fn max_moves<G: Game>(pos: &G) -> usize {
    fn walk<G: Game>(pos: &G, depth: u32, most: &mut usize) {
        if depth == 0 {
            return;
        }
        match pos.status() {
            Status::Decision => {
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                *most = (*most).max(moves.len());
                for m in moves {
                    let mut c = pos.clone();
                    c.play(m);
                    walk(&c, depth - 1, most);
                }
            }
            Status::Chance => {
                let mut outcomes = Vec::new();
                pos.chance_outcomes(&mut outcomes);
                for (o, _) in outcomes {
                    let mut c = pos.clone();
                    c.apply_outcome(o);
                    walk(&c, depth, most);
                }
            }
            Status::Terminal(_) => {}
        }
    }
    let mut most = 1;
    walk(pos, 2, &mut most);
    most
}

/// One attempt at a tree: a depth, maybe a move limit, a node budget.
struct Expand {
    root_side: Player,
    keep: Option<usize>,
    keep_at_root: bool,
    max_nodes: usize,
}

/// The budget ran out.
struct Full;

impl Expand {
    fn build<G: Game>(&self, pos: &G, depth: u32) -> Option<Builder> {
        let mut b = Builder::default();
        self.node(&mut b, pos, depth, true, None, 1).ok()?;
        Some(b)
    }

    fn add(
        &self,
        b: &mut Builder,
        shape: Shape,
        edge: Option<String>,
        weight: u32,
    ) -> Result<usize, Full> {
        if b.len() >= self.max_nodes {
            return Err(Full);
        }
        Ok(b.add(shape, edge, weight))
    }

    /// Adds `pos` with `depth` decisions left and its subtree; returns its
    /// index.
    fn node<G: Game>(
        &self,
        b: &mut Builder,
        pos: &G,
        depth: u32,
        root: bool,
        edge: Option<String>,
        weight: u32,
    ) -> Result<usize, Full> {
        let mine = pos.to_move() == self.root_side;
        let leaf = |v: Value| Shape::Leaf(if mine { v } else { -v });
        let status = pos.status();
        if let Status::Terminal(w) = status {
            let shape = match w {
                None => Shape::Draw,
                Some(p) if p == self.root_side => Shape::Win,
                Some(_) => Shape::Loss,
            };
            return self.add(b, shape, edge, weight);
        }
        if depth == 0 {
            return self.add(b, leaf(pos.heuristic()), edge, weight);
        }
        if status == Status::Chance {
            let mut outcomes = Vec::new();
            pos.chance_outcomes(&mut outcomes);
            if outcomes.is_empty() {
                return self.add(b, leaf(pos.heuristic()), edge, weight);
            }
            // Likeliest first, as the engine's static ordering.
            outcomes.sort_by_key(|&(_, w)| std::cmp::Reverse(w));
            let side = if mine { Player::First } else { Player::Second };
            let id = self.add(b, Shape::Chance(side), edge, weight)?;
            let texts = edge_texts(outcomes.iter().map(|&(o, _)| pos.outcome_text(o)));
            for (&(o, w), text) in outcomes.iter().zip(texts) {
                let mut c = pos.clone();
                c.apply_outcome(o);
                let kid = self.node(b, &c, depth, false, Some(text), w)?;
                b.nodes[id].children.push(kid);
            }
            return Ok(id);
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return self.add(b, leaf(pos.heuristic()), edge, weight);
        }
        // Best first by the static hint; the sort is stable.
        moves.sort_by_key(|&m| std::cmp::Reverse(pos.move_order_hint(m)));
        if let Some(k) = self.keep.filter(|_| !root || self.keep_at_root) {
            moves.truncate(k.max(1));
        }
        let shape = if mine { Shape::Max } else { Shape::Min };
        let id = self.add(b, shape, edge, weight)?;
        let texts = edge_texts(moves.iter().map(|&m| pos.move_text(m)));
        for (&m, text) in moves.iter().zip(texts) {
            let mut c = pos.clone();
            c.play(m);
            let kid = self.node(b, &c, depth - 1, false, Some(text), 1)?;
            b.nodes[id].children.push(kid);
        }
        Ok(id)
    }
}

/// The game's texts as edge labels: no whitespace or braces, not empty,
/// not too long, different among siblings (a repeat gets `~2`, `~3`, ...).
/// The games' own texts pass unchanged.
fn edge_texts(texts: impl Iterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (i, t) in texts.enumerate() {
        let mut t: String = t
            .chars()
            .map(|c| {
                if c.is_whitespace() || c == '{' || c == '}' {
                    '_'
                } else {
                    c
                }
            })
            .take(MAX_EDGE_CHARS - 4)
            .collect();
        if t.is_empty() {
            t = (i + 1).to_string();
        }
        let mut candidate = t.clone();
        let mut n = 1;
        while out.contains(&candidate) {
            n += 1;
            candidate = format!("{t}~{n}");
        }
        out.push(candidate);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::testing::RandomGame;
    use crate::search::verify::reference_value;
    use crate::search::DefaultEval;
    use crate::tree::TreeGame;

    #[test]
    fn edge_texts_are_valid_and_distinct() {
        let t = edge_texts(["a b", "", "x", "x", "{y}"].into_iter().map(String::from));
        assert_eq!(t, ["a_b", "2", "x", "x~2", "_y_"]);
    }

    #[test]
    fn random_games_become_trees_with_the_same_value() {
        for seed in 0..60 {
            let pos = RandomGame::seeded(seed);
            let t = game_tree(&pos).unwrap();
            let tree =
                TreeGame::parse(&t.text).unwrap_or_else(|e| panic!("{seed}: {e}\n{}", t.text));
            assert!(t.nodes <= MAX_NODES && tree.tree_size() == t.nodes);
            if t.moves_kept.is_none() {
                let want = reference_value(&pos, t.depth, &DefaultEval);
                let got = reference_value(&tree, t.depth, &DefaultEval);
                assert!(
                    (want - got).abs() < 1e-9,
                    "{seed}: {want} vs {got}\n{}",
                    t.text
                );
            }
        }
    }

    #[test]
    fn a_tiny_budget_limits_the_moves_and_says_so() {
        let pos = RandomGame::seeded(3);
        let t = game_tree_within(&pos, 12).unwrap();
        assert!(t.nodes <= 12, "{t:?}");
        assert!(t.moves_kept.is_some() || t.depth == 1, "{t:?}");
        assert!(TreeGame::parse(&t.text).is_ok());
        assert!(!t.note.is_empty());
        assert_eq!(
            game_tree_within(&pos, 0),
            Err(TooManyNodes { max_nodes: 0 })
        );
    }
}
