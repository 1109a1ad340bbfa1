//! The explicit tree of a lecture as the page draws it: every node with its
//! kind (MAX, MIN, chance, leaf), the step text that leads to it, its
//! outcome weight and its leaf value, read once from a [`TreeGame`] through
//! the [`Game`] trait.

use super::bad;
use crate::error::WebResult;
use starcut::tree::TreeGame;
use starcut::{Game, Player, Status, Value};

/// More nodes than this do not fit on the canvas readably.
pub const MAX_NODES: usize = 300;

/// How a node is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShownKind {
    Max,
    Min,
    Chance,
    /// Scored by the evaluator (its leaf value).
    Leaf,
    /// Win, loss or draw.
    Terminal,
}

impl ShownKind {
    pub const fn name(self) -> &'static str {
        match self {
            ShownKind::Max => "MAX",
            ShownKind::Min => "MIN",
            ShownKind::Chance => "chance",
            ShownKind::Leaf => "leaf",
            ShownKind::Terminal => "terminal",
        }
    }
}

/// One node.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownNode {
    pub kind: ShownKind,
    /// The side to move; for a chance node the side whose value it is.
    pub side: Player,
    /// The node's label, or its parent's name and its index (`A.2`).
    pub name: String,
    /// The move or outcome text that leads here from the parent, as the
    /// search trace writes it ("" at the root).
    pub step: String,
    /// The tree's own label of the edge from the parent (`{e4e5}` in the
    /// notation), drawn on the edge: a live game's moves and outcomes.
    pub edge: Option<String>,
    pub parent: Option<usize>,
    pub children: Vec<usize>,
    /// Outcome weight under a chance node (1 under a decision node).
    pub weight: u32,
    /// Outcome probability under a chance node (1 under a decision node).
    pub probability: f64,
    /// Leaf or terminal value, from MAX's point of view.
    pub value: Option<Value>,
    /// Distance from the root.
    pub level: usize,
}

/// The whole tree, root first (index 0), children in the game's order.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownTree {
    pub nodes: Vec<ShownNode>,
    /// U: the value of a win.
    pub bound: Value,
}

impl ShownTree {
    /// Reads the tree below `root`.
    ///
    /// # Errors
    /// A tree with more than [`MAX_NODES`] nodes.
    pub fn read(root: &TreeGame) -> WebResult<ShownTree> {
        let mut tree = ShownTree {
            nodes: Vec::new(),
            bound: root.bound(),
        };
        let name = root.label().unwrap_or("root").to_string();
        tree.add(root, None, String::new(), name, 1, 1.0, 0)?;
        Ok(tree)
    }

    #[allow(clippy::too_many_arguments)]
    fn add(
        &mut self,
        pos: &TreeGame,
        parent: Option<usize>,
        step: String,
        name: String,
        weight: u32,
        probability: f64,
        level: usize,
    ) -> WebResult<usize> {
        if self.nodes.len() >= MAX_NODES {
            return Err(bad(format!(
                "the tree has more than {MAX_NODES} nodes, too many to draw"
            )));
        }
        let side = pos.to_move();
        let mut moves = Vec::new();
        let mut outcomes = Vec::new();
        let (kind, value) = match pos.status() {
            Status::Terminal(w) => (
                ShownKind::Terminal,
                Some(match w {
                    Some(Player::First) => self.bound,
                    Some(Player::Second) => -self.bound,
                    None => 0.0,
                }),
            ),
            Status::Chance => {
                pos.chance_outcomes(&mut outcomes);
                (ShownKind::Chance, None)
            }
            Status::Decision => {
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    (ShownKind::Leaf, Some(max_view(side, pos.heuristic())))
                } else if side == Player::First {
                    (ShownKind::Max, None)
                } else {
                    (ShownKind::Min, None)
                }
            }
        };
        let id = self.nodes.len();
        self.nodes.push(ShownNode {
            kind,
            side,
            name: name.clone(),
            step,
            edge: pos.edge().map(str::to_string),
            parent,
            children: Vec::new(),
            weight,
            probability,
            value,
            level,
        });
        let total: u64 = outcomes.iter().map(|&(_, w)| u64::from(w)).sum();
        let mut children = Vec::new();
        for (i, &mv) in moves.iter().enumerate() {
            let mut kid = pos.clone();
            kid.play(mv);
            let step = pos.move_text(mv);
            let name = kid
                .label()
                .map_or_else(|| format!("{name}.{}", i + 1), str::to_string);
            children.push(self.add(&kid, Some(id), step, name, 1, 1.0, level + 1)?);
        }
        for (i, &(o, w)) in outcomes.iter().enumerate() {
            let mut kid = pos.clone();
            kid.apply_outcome(o);
            let step = pos.outcome_text(o);
            let name = kid
                .label()
                .map_or_else(|| format!("{name}.{}", i + 1), str::to_string);
            let p = if total > 0 {
                f64::from(w) / total as f64
            } else {
                0.0
            };
            children.push(self.add(&kid, Some(id), step, name, w, p, level + 1)?);
        }
        self.nodes[id].children = children;
        Ok(id)
    }

    /// The depth (in decisions) a search needs to reach every leaf: the
    /// most MAX/MIN nodes on a path, plus one for the leaves (a leaf is a
    /// decision node without moves).
    pub fn search_depth(&self) -> u32 {
        fn decisions(t: &ShownTree, id: usize) -> u32 {
            let n = &t.nodes[id];
            let own = u32::from(matches!(n.kind, ShownKind::Max | ShownKind::Min));
            own + n
                .children
                .iter()
                .map(|&c| decisions(t, c))
                .max()
                .unwrap_or(0)
        }
        decisions(self, 0) + 1
    }

    /// The child of `parent` that the step text `step` leads to.
    pub fn child_by_step(&self, parent: usize, step: &str) -> Option<usize> {
        self.nodes[parent]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].step == step)
    }

    /// Whether `node` lies below `ancestor` (or is it).
    pub fn is_under(&self, mut node: usize, ancestor: usize) -> bool {
        loop {
            if node == ancestor {
                return true;
            }
            match self.nodes[node].parent {
                Some(p) => node = p,
                None => return false,
            }
        }
    }
}

/// A value from `side`'s point of view turned into MAX's.
pub fn max_view(side: Player, v: Value) -> Value {
    if side == Player::First {
        v
    } else {
        -v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starcut::tree::examples;

    #[test]
    fn kinds_values_and_names() {
        let g = TreeGame::parse("bound 10\nA=chance(3*B=min(2 E=-8) 1*C=max(win 4))").unwrap();
        let t = ShownTree::read(&g).unwrap();
        let kinds: Vec<ShownKind> = t.nodes.iter().map(|n| n.kind).collect();
        use ShownKind::*;
        assert_eq!(
            kinds,
            [Chance, Min, Leaf, Leaf, Max, Terminal, Leaf],
            "{t:#?}"
        );
        let names: Vec<&str> = t.nodes.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(names, ["A", "B", "B.1", "E", "C", "C.1", "C.2"]);
        assert_eq!(t.nodes[1].probability, 0.75);
        assert_eq!(t.nodes[4].weight, 1);
        // Leaf values from MAX's point of view, whoever is to move there.
        assert_eq!(t.nodes[2].value, Some(2.0));
        assert_eq!(t.nodes[3].value, Some(-8.0));
        assert_eq!(t.nodes[5].value, Some(10.0));
        assert_eq!(t.child_by_step(1, "E"), Some(3));
        assert_eq!(t.child_by_step(1, "1"), Some(2));
        assert!(t.is_under(3, 1) && !t.is_under(3, 4));
    }

    #[test]
    fn the_search_depth_of_every_example_is_the_one_the_text_uses() {
        for ex in examples::EXAMPLES {
            let t = ShownTree::read(&TreeGame::parse(ex.tree).unwrap()).unwrap();
            assert_eq!(t.search_depth(), ex.depth, "{}", ex.name);
        }
    }

    #[test]
    fn a_huge_tree_is_refused() {
        let leaves = vec!["1"; 400].join(" ");
        let g = TreeGame::parse(&format!("bound 10\nmax({leaves})")).unwrap();
        let e = ShownTree::read(&g).unwrap_err();
        assert!(e.detail.contains("more than 300 nodes"), "{e}");
    }
}
