//! Where the nodes of a lecture tree go: leaves side by side in order,
//! each inner node centred over its children, one row per level. The
//! canvas scales these unit coordinates to its size.

use super::tree::ShownTree;

/// Node positions: `x` in [0, 1] (leaf slots spread evenly), `row` from 0
/// at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub x: Vec<f64>,
    pub row: Vec<usize>,
    /// Leaves (horizontal slots).
    pub slots: usize,
    pub rows: usize,
}

pub fn layout(tree: &ShownTree) -> Layout {
    let n = tree.nodes.len();
    let mut slot = vec![0.0; n];
    let mut next = 0usize;
    fn place(tree: &ShownTree, id: usize, slot: &mut [f64], next: &mut usize) {
        let kids = &tree.nodes[id].children;
        if kids.is_empty() {
            slot[id] = *next as f64;
            *next += 1;
            return;
        }
        for &c in kids {
            place(tree, c, slot, next);
        }
        slot[id] = (slot[kids[0]] + slot[kids[kids.len() - 1]]) / 2.0;
    }
    if n > 0 {
        place(tree, 0, &mut slot, &mut next);
    }
    let slots = next.max(1);
    let x = slot
        .iter()
        .map(|&s| {
            if slots == 1 {
                0.5
            } else {
                s / (slots - 1) as f64
            }
        })
        .collect();
    let row: Vec<usize> = tree.nodes.iter().map(|nd| nd.level).collect();
    let rows = row.iter().max().map_or(1, |m| m + 1);
    Layout {
        x,
        row,
        slots,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starcut::tree::TreeGame;

    #[test]
    fn leaves_in_order_and_parents_centred() {
        let g = TreeGame::parse("bound 10\nA=chance(B=min(1 2 3) C=min(4 5))").unwrap();
        let t = ShownTree::read(&g).unwrap();
        let l = layout(&t);
        assert_eq!((l.slots, l.rows), (5, 3));
        // A, B, B.1, B.2, B.3, C, C.1, C.2
        assert_eq!(l.x[2], 0.0);
        assert_eq!(l.x[3], 0.25);
        assert_eq!(l.x[7], 1.0);
        assert_eq!(l.x[1], 0.25); // B over its first and last leaf
        assert_eq!(l.x[5], 0.875);
        assert_eq!(l.x[0], (0.25 + 0.875) / 2.0);
        assert_eq!(l.row, [0, 1, 2, 2, 2, 1, 2, 2]);
    }

    #[test]
    fn a_single_leaf_sits_in_the_middle() {
        let t = ShownTree::read(&TreeGame::parse("bound 10\n3").unwrap()).unwrap();
        let l = layout(&t);
        assert_eq!((l.x.clone(), l.rows), (vec![0.5], 1));
    }
}
