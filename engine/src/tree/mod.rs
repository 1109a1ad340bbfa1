//! An explicit game tree given as data: MAX, MIN and chance nodes with
//! outcome weights and leaf values, implementing [`Game`]. Used for the
//! worked examples of the papers (`examples`) and by the browser's lecture
//! mode. The text format is described in [`parse`].
//!
//! A position is a shared immutable tree plus a node index, so cloning is a
//! reference-count increment. A leaf is a decision node without moves whose
//! heuristic is the leaf value (the search scores it with the evaluator); a
//! leaf equal to ±U, `win`, `loss` and `draw` are terminal.
//!
//! Moves and chance outcomes are named by the edge label of the child they
//! lead to when it has one (`{e4e5}`, `{=B}`), else by the child's label,
//! else by its 1-based index: [`Game::move_text`] and
//! [`Game::outcome_text`] print these names and `parse_move` /
//! `parse_outcome` read them (and the node label and index too).

mod build;
pub mod examples;
pub mod from_game;
pub mod parse;
pub mod random;
pub mod teaching;

use std::fmt;
use std::sync::Arc;

use crate::config::GameConfig;
use crate::error::{IllegalMove, OptionError, ParseError};
use crate::game::{Game, Player, Status, Value};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Max,
    Min,
    Chance,
    Leaf,
    Win,
    Loss,
    Draw,
}

#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub label: Option<String>,
    /// The label of the edge from the parent (a move or outcome text).
    pub edge: Option<String>,
    pub kind: Kind,
    /// (child node, weight); the weight is 1 under decision nodes.
    pub children: Vec<(usize, u32)>,
    /// Leaf value, or static value of an inner node (MAX's point of view).
    pub value: Value,
    pub side: Player,
}

/// A parsed tree.
#[derive(Clone, Debug)]
pub struct Tree {
    pub(crate) nodes: Vec<Node>,
    pub(crate) bound: Value,
    pub(crate) root: usize,
    pub(crate) id: u64,
}

/// A tree game has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeConfig;

impl GameConfig for TreeConfig {
    fn options() -> &'static [(&'static str, &'static str)] {
        &[]
    }
    fn set_option(&mut self, key: &str, _value: &str) -> Result<(), OptionError> {
        Err(crate::config::unknown_option(key, "the tree game", &[]))
    }
}

/// A node of an explicit tree.
#[derive(Clone)]
pub struct TreeGame {
    tree: Arc<Tree>,
    node: usize,
}

impl fmt::Debug for TreeGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TreeGame({})", self.name_of(self.node))
    }
}

impl TreeGame {
    /// Parses a tree text; the position is its root.
    pub fn parse(text: &str) -> Result<TreeGame, ParseError> {
        Ok(TreeGame {
            tree: Arc::new(parse::parse(text)?),
            node: 0,
        })
        .map(|mut g| {
            g.node = g.tree.root;
            g
        })
    }

    fn n(&self) -> &Node {
        &self.tree.nodes[self.node]
    }

    /// The node's label, or its index in the tree when unlabeled.
    pub fn name_of(&self, node: usize) -> String {
        match &self.tree.nodes[node].label {
            Some(l) => l.clone(),
            None => format!("#{node}"),
        }
    }

    /// This node's label, if any.
    pub fn label(&self) -> Option<&str> {
        self.n().label.as_deref()
    }

    /// The position at the node with this label.
    pub fn find(&self, label: &str) -> Option<TreeGame> {
        let node = self
            .tree
            .nodes
            .iter()
            .position(|n| n.label.as_deref() == Some(label))?;
        Some(TreeGame {
            tree: Arc::clone(&self.tree),
            node,
        })
    }

    /// The label of the edge into this node, if it has one.
    pub fn edge(&self) -> Option<&str> {
        self.n().edge.as_deref()
    }

    /// How many nodes the whole tree has.
    pub fn tree_size(&self) -> usize {
        self.tree.nodes.len()
    }

    fn child_text(&self, i: u16) -> String {
        match self.n().children.get(i as usize) {
            Some(&(c, _)) => step_text(&self.tree.nodes, c, i as usize),
            None => format!("?{i}"),
        }
    }

    /// The child named `text`: by the texts [`Game::move_text`] prints
    /// (unique among siblings), else by node label, else by 1-based index.
    fn parse_child(&self, text: &str) -> Option<u16> {
        let kids = &self.n().children;
        let nodes = &self.tree.nodes;
        if let Some(i) = (0..kids.len()).find(|&i| step_text(nodes, kids[i].0, i) == text) {
            return Some(i as u16);
        }
        if let Some(i) = kids
            .iter()
            .position(|&(c, _)| nodes[c].label.as_deref() == Some(text))
        {
            return Some(i as u16);
        }
        match text.parse::<usize>() {
            Ok(k) if k >= 1 && k <= kids.len() => Some((k - 1) as u16),
            _ => None,
        }
    }

    fn write_node(&self, node: usize, out: &mut String) {
        let n = &self.tree.nodes[node];
        if let Some(e) = n.edge.as_ref().filter(|_| node != self.node) {
            out.push('{');
            out.push_str(e);
            out.push('}');
        }
        if let Some(l) = &n.label {
            out.push_str(l);
            out.push('=');
        }
        match n.kind {
            Kind::Leaf => out.push_str(&fmt_num(n.value)),
            Kind::Win => out.push_str("win"),
            Kind::Loss => out.push_str("loss"),
            Kind::Draw => out.push_str("draw"),
            Kind::Max | Kind::Min | Kind::Chance => {
                out.push_str(match n.kind {
                    Kind::Max => "max",
                    Kind::Min => "min",
                    _ => {
                        if n.side == Player::First {
                            "chance@max"
                        } else {
                            "chance@min"
                        }
                    }
                });
                if n.value != 0.0 {
                    out.push('[');
                    out.push_str(&fmt_num(n.value));
                    out.push(']');
                }
                out.push('(');
                for (k, &(c, w)) in n.children.iter().enumerate() {
                    if k > 0 {
                        out.push(' ');
                    }
                    if n.kind == Kind::Chance {
                        out.push_str(&format!("{w}*"));
                    }
                    self.write_node(c, out);
                }
                out.push(')');
            }
        }
    }
}

/// The text that names child `node` (the `index`-th of its parent) as a
/// move or outcome: its edge label, else its node label, else its 1-based
/// index.
fn step_text(nodes: &[Node], node: usize, index: usize) -> String {
    let n = &nodes[node];
    match (&n.edge, &n.label) {
        (Some(e), _) => e.clone(),
        (None, Some(l)) => l.clone(),
        (None, None) => (index + 1).to_string(),
    }
}

fn fmt_num(v: Value) -> String {
    format!("{v}")
}

impl Game for TreeGame {
    type Move = u16;
    type Outcome = u16;
    type Config = TreeConfig;

    fn name(&self) -> &'static str {
        "tree"
    }

    fn bound(&self) -> Value {
        self.tree.bound
    }

    fn status(&self) -> Status {
        let n = self.n();
        let u = self.tree.bound;
        match n.kind {
            Kind::Max | Kind::Min => Status::Decision,
            Kind::Chance => Status::Chance,
            Kind::Win => Status::Terminal(Some(Player::First)),
            Kind::Loss => Status::Terminal(Some(Player::Second)),
            Kind::Draw => Status::Terminal(None),
            Kind::Leaf if n.value >= u => Status::Terminal(Some(Player::First)),
            Kind::Leaf if n.value <= -u => Status::Terminal(Some(Player::Second)),
            Kind::Leaf => Status::Decision,
        }
    }

    fn to_move(&self) -> Player {
        self.n().side
    }

    fn legal_moves(&self, out: &mut Vec<u16>) {
        out.clear();
        let n = self.n();
        if matches!(n.kind, Kind::Max | Kind::Min) {
            out.extend(0..n.children.len() as u16);
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(u16, u32)>) {
        out.clear();
        let n = self.n();
        if n.kind == Kind::Chance {
            out.extend(
                n.children
                    .iter()
                    .enumerate()
                    .map(|(i, &(_, w))| (i as u16, w)),
            );
        }
    }

    fn play(&mut self, mv: u16) {
        if let Some(&(c, _)) = self.n().children.get(mv as usize) {
            self.node = c;
        }
    }

    fn apply_outcome(&mut self, outcome: u16) {
        self.play(outcome);
    }

    fn hash(&self) -> u64 {
        crate::zobrist::splitmix64(self.tree.id ^ (self.node as u64).wrapping_mul(0x9E37_79B9)).1
    }

    fn heuristic(&self) -> Value {
        let v = self.n().value;
        if self.n().side == Player::First {
            v
        } else {
            -v
        }
    }

    fn start(_config: &TreeConfig) -> Option<Self> {
        None
    }

    fn parse_position(_config: &TreeConfig, text: &str) -> Result<Self, ParseError> {
        TreeGame::parse(text)
    }

    fn position_text(&self) -> String {
        let mut out = format!("bound {} ", fmt_num(self.tree.bound));
        self.write_node(self.node, &mut out);
        out
    }

    fn move_text(&self, mv: u16) -> String {
        self.child_text(mv)
    }

    fn outcome_text(&self, outcome: u16) -> String {
        self.child_text(outcome)
    }

    fn parse_move(&self, text: &str) -> Result<u16, IllegalMove> {
        if self.status() != Status::Decision || self.n().children.is_empty() {
            return Err(IllegalMove::new(text, "no moves at this node"));
        }
        self.parse_child(text)
            .ok_or_else(|| IllegalMove::new(text, "no child with this label or index"))
    }

    fn parse_outcome(&self, text: &str) -> Result<u16, IllegalMove> {
        if self.status() != Status::Chance {
            return Err(IllegalMove::new(text, "not a chance node"));
        }
        self.parse_child(text)
            .ok_or_else(|| IllegalMove::new(text, "no child with this label or index"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structure_sides_and_text() {
        let g = TreeGame::parse("bound 10\nA=chance(2*B=min(2 6) C=max[3](E=-8 10))").unwrap();
        assert_eq!(g.status(), Status::Chance);
        assert_eq!(g.to_move(), Player::First);
        let mut o = Vec::new();
        g.chance_outcomes(&mut o);
        assert_eq!(o, vec![(0, 2), (1, 1)]);
        let b = g.find("B").unwrap();
        assert_eq!(b.to_move(), Player::Second);
        let mut leaf = b.clone();
        leaf.play(0);
        assert_eq!(leaf.status(), Status::Decision);
        assert_eq!(leaf.to_move(), Player::First);
        assert_eq!(leaf.heuristic(), 2.0);
        let c = g.find("C").unwrap();
        assert_eq!(c.heuristic(), 3.0);
        let mut win = c.clone();
        win.play(1);
        assert_eq!(win.status(), Status::Terminal(Some(Player::First)));
        assert_eq!(c.move_text(0), "E");
        assert_eq!(c.move_text(1), "2");
        assert_eq!(c.parse_move("E"), Ok(0));
        assert_eq!(c.parse_move("2"), Ok(1));
        assert!(c.parse_move("3").is_err());
        assert!(g.parse_move("B").is_err());
        assert_eq!(g.parse_outcome("C"), Ok(1));
        let text = g.position_text();
        assert_eq!(
            text,
            "bound 10 A=chance@max(2*B=min(2 6) 1*C=max[3](E=-8 10))"
        );
        let again = TreeGame::parse(&text).unwrap();
        assert_eq!(again.position_text(), text);
        assert_ne!(g.hash(), b.hash());
    }
}
