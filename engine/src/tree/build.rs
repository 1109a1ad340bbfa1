//! Writing trees made by program (random exercises, real positions) in the
//! text format of [`super::parse`]: nodes are collected first, then named
//! A, B, ..., Z, A1, ..., Z1, A2, ... in preorder and printed with one line
//! per inner node whose children are not all leaves, so that the text stays
//! readable in the lecture's editor.

use std::fmt::Write;

use crate::game::{Player, Value};

/// What a built node is. Values are from MAX's point of view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Shape {
    Max,
    Min,
    /// A chance node and its side to move.
    Chance(Player),
    Leaf(Value),
    Win,
    Loss,
    Draw,
}

#[derive(Clone, Debug)]
pub(crate) struct BuiltNode {
    pub shape: Shape,
    /// The edge label into this node (a move or outcome text).
    pub edge: Option<String>,
    /// The weight under a chance node (ignored elsewhere).
    pub weight: u32,
    pub children: Vec<usize>,
}

/// A tree under construction; node 0, the first added, is the root.
#[derive(Clone, Debug, Default)]
pub(crate) struct Builder {
    pub nodes: Vec<BuiltNode>,
}

/// The `i`-th short node name in preorder: A..Z, then A1..Z1, A2, ...
pub(crate) fn node_name(i: usize) -> String {
    let letter = char::from(b'A' + (i % 26) as u8);
    match i / 26 {
        0 => letter.to_string(),
        n => format!("{letter}{n}"),
    }
}

impl Builder {
    /// Adds a node without children and returns its index.
    pub fn add(&mut self, shape: Shape, edge: Option<String>, weight: u32) -> usize {
        self.nodes.push(BuiltNode {
            shape,
            edge,
            weight,
            children: Vec::new(),
        });
        self.nodes.len() - 1
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The tree text: the comment lines of `header` (each prefixed with
    /// `# `), `bound U`, and the tree with every node named.
    pub fn text(&self, bound: Value, header: &[String]) -> String {
        let mut names = vec![String::new(); self.nodes.len()];
        let mut order = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![0];
        while let Some(n) = stack.pop() {
            names[n] = node_name(order.len());
            order.push(n);
            stack.extend(self.nodes[n].children.iter().rev());
        }
        let mut out = String::new();
        for line in header {
            let _ = writeln!(out, "# {line}");
        }
        let _ = writeln!(out, "bound {bound}");
        self.write(0, None, false, 0, &names, &mut out);
        out.push('\n');
        out
    }

    /// Writes node `n`, whose parent has shape `parent` (None at the root),
    /// `indent` levels deep; `weighted`: its weight is written.
    fn write(
        &self,
        n: usize,
        parent: Option<Shape>,
        weighted: bool,
        indent: usize,
        names: &[String],
        out: &mut String,
    ) {
        let node = &self.nodes[n];
        if weighted {
            let _ = write!(out, "{}*", node.weight);
        }
        if let Some(e) = &node.edge {
            let _ = write!(out, "{{{e}}}");
        }
        let _ = write!(out, "{}=", names[n]);
        match node.shape {
            Shape::Leaf(v) => {
                let _ = write!(out, "{v}");
                return;
            }
            Shape::Win => return out.push_str("win"),
            Shape::Loss => return out.push_str("loss"),
            Shape::Draw => return out.push_str("draw"),
            Shape::Max => out.push_str("max("),
            Shape::Min => out.push_str("min("),
            Shape::Chance(side) => {
                // The parser gives a chance node its parent's side (the
                // next mover under a decision node); say it only otherwise.
                let implied = match parent {
                    None => Player::First,
                    Some(Shape::Max) => Player::Second,
                    Some(Shape::Min) => Player::First,
                    Some(Shape::Chance(s)) => s,
                    Some(_) => side,
                };
                out.push_str(match (side == implied, side) {
                    (true, _) => "chance(",
                    (false, Player::First) => "chance@max(",
                    (false, Player::Second) => "chance@min(",
                });
            }
        }
        let flat = node
            .children
            .iter()
            .all(|&c| self.nodes[c].children.is_empty());
        // Equally likely outcomes need no weights (an omitted one is 1).
        let weighted = matches!(node.shape, Shape::Chance(_))
            && node.children.iter().any(|&c| self.nodes[c].weight != 1);
        for (k, &c) in node.children.iter().enumerate() {
            if flat {
                if k > 0 {
                    out.push(' ');
                }
            } else {
                out.push('\n');
                out.push_str(&"  ".repeat(indent + 1));
            }
            self.write(c, Some(node.shape), weighted, indent + 1, names, out);
        }
        if !flat {
            out.push('\n');
            out.push_str(&"  ".repeat(indent));
        }
        out.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::tree::TreeGame;

    #[test]
    fn names_are_short_unique_and_valid_labels() {
        assert_eq!(node_name(0), "A");
        assert_eq!(node_name(25), "Z");
        assert_eq!(node_name(26), "A1");
        assert_eq!(node_name(26 * 11 + 3), "D11");
        let names: std::collections::HashSet<String> = (0..1000).map(node_name).collect();
        assert_eq!(names.len(), 1000);
    }

    #[test]
    fn built_trees_parse_to_what_was_built() {
        let mut b = Builder::default();
        let root = b.add(Shape::Max, None, 1);
        let ch = b.add(Shape::Chance(Player::Second), Some("roll".into()), 1);
        let odd = b.add(Shape::Chance(Player::First), Some("x".into()), 1);
        b.nodes[root].children = vec![ch, odd];
        let l1 = b.add(Shape::Leaf(-0.25), Some("=3".into()), 3);
        let l2 = b.add(Shape::Win, Some("=B".into()), 1);
        b.nodes[ch].children = vec![l1, l2];
        let l3 = b.add(Shape::Leaf(1.5), None, 2);
        b.nodes[odd].children = vec![l3];
        let text = b.text(10.0, &["made by a test".into()]);
        assert_eq!(
            text,
            "# made by a test\nbound 10\nA=max(\n  {roll}B=chance(3*{=3}C=-0.25 1*{=B}D=win)\n  \
             {x}E=chance@max(2*F=1.5)\n)\n"
        );
        let g = TreeGame::parse(&text).unwrap();
        assert_eq!(g.move_text(0), "roll");
        let b = g.find("B").unwrap();
        assert_eq!(b.to_move(), Player::Second);
        assert_eq!(g.find("E").unwrap().to_move(), Player::First);
        assert_eq!(b.outcome_text(1), "=B");
    }
}
