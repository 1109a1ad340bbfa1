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

/// A layout scaled to a canvas of `w` x `h` pixels, with margins for the
/// labels beside the nodes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scaled<'a> {
    layout: &'a Layout,
    left: f64,
    width: f64,
    top: f64,
    row_h: f64,
    /// Node radius in pixels.
    pub r: f64,
}

impl Layout {
    pub fn scaled(&self, w: f64, h: f64) -> Scaled<'_> {
        let (left, right, top, bottom) = (70.0, 70.0, 48.0, 52.0);
        let row_h = if self.rows > 1 {
            (h - top - bottom) / (self.rows - 1) as f64
        } else {
            0.0
        };
        let width = w - left - right;
        let slot_w = width / self.slots.max(2) as f64;
        let r = (slot_w * 0.32).min(row_h * 0.2).clamp(6.0, 17.0);
        Scaled {
            layout: self,
            left,
            width,
            top,
            row_h,
            r,
        }
    }
}

impl Scaled<'_> {
    /// The centre of node `n`.
    pub fn pos(&self, n: usize) -> (f64, f64) {
        (
            self.left + self.layout.x[n] * self.width,
            self.top + self.layout.row[n] as f64 * self.row_h,
        )
    }

    /// The node drawn at (x, y), if any (a little generous, for fingers).
    pub fn node_at(&self, x: f64, y: f64) -> Option<usize> {
        let reach = self.r * 1.5;
        (0..self.layout.x.len())
            .map(|n| {
                let (nx, ny) = self.pos(n);
                (n, (nx - x).hypot(ny - y))
            })
            .filter(|&(_, d)| d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(n, _)| n)
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

    #[test]
    fn nodes_are_found_where_they_are_drawn() {
        let g = TreeGame::parse("bound 10\nA=chance(B=min(1 2 3) C=min(4 5))").unwrap();
        let t = ShownTree::read(&g).unwrap();
        let l = layout(&t);
        let s = l.scaled(1000.0, 440.0);
        for n in 0..t.nodes.len() {
            let (x, y) = s.pos(n);
            assert_eq!(s.node_at(x + 2.0, y - 2.0), Some(n));
        }
        assert_eq!(s.pos(0).1, 48.0);
        assert_eq!(s.node_at(1.0, 1.0), None);
    }
}
