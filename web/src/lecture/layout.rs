//! Where the nodes of a lecture tree go: leaves side by side in order,
//! each inner node centred over its children, one row per level. The
//! canvas scales these unit coordinates to its size.

use std::collections::BTreeSet;

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
    /// Nodes inside a collapsed subtree (not drawn).
    pub hidden: Vec<bool>,
    /// For a collapsed node: how many nodes its subtree hides.
    pub folded: Vec<usize>,
}

/// Every node shown.
pub fn layout(tree: &ShownTree) -> Layout {
    layout_with(tree, &BTreeSet::new())
}

/// The layout with the subtrees below `collapsed` nodes folded away: a
/// collapsed node takes one slot, like a leaf.
pub fn layout_with(tree: &ShownTree, collapsed: &BTreeSet<usize>) -> Layout {
    let n = tree.nodes.len();
    let mut slot = vec![0.0; n];
    let mut hidden = vec![false; n];
    let mut folded = vec![0usize; n];
    let mut next = 0usize;
    struct Walk<'a> {
        tree: &'a ShownTree,
        collapsed: &'a BTreeSet<usize>,
        slot: &'a mut [f64],
        hidden: &'a mut [bool],
        next: usize,
    }
    impl Walk<'_> {
        fn place(&mut self, id: usize) {
            let kids = &self.tree.nodes[id].children;
            if kids.is_empty() || self.collapsed.contains(&id) {
                self.slot[id] = self.next as f64;
                self.next += 1;
                for &c in kids {
                    self.hide(c);
                }
                return;
            }
            for &c in kids {
                self.place(c);
            }
            self.slot[id] = (self.slot[kids[0]] + self.slot[kids[kids.len() - 1]]) / 2.0;
        }

        fn hide(&mut self, id: usize) {
            self.hidden[id] = true;
            for &c in &self.tree.nodes[id].children {
                self.hide(c);
            }
        }
    }
    if n > 0 {
        let mut walk = Walk {
            tree,
            collapsed,
            slot: &mut slot,
            hidden: &mut hidden,
            next: 0,
        };
        walk.place(0);
        next = walk.next;
        for &c in collapsed {
            if c < n && !hidden[c] {
                folded[c] = subtree_size(tree, c) - 1;
            }
        }
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
    let rows = row
        .iter()
        .zip(&hidden)
        .filter(|(_, h)| !**h)
        .map(|(r, _)| *r)
        .max()
        .map_or(1, |m| m + 1);
    Layout {
        x,
        row,
        slots,
        rows,
        hidden,
        folded,
    }
}

fn subtree_size(tree: &ShownTree, id: usize) -> usize {
    1 + tree.nodes[id]
        .children
        .iter()
        .map(|&c| subtree_size(tree, c))
        .sum::<usize>()
}

/// The nodes to fold when a tree has too many leaves to read: every inner
/// node of the deepest level whose folding leaves at most
/// [`MAX_UNFOLDED_LEAVES`] slots (the root's children at least stay).
pub fn default_collapsed(tree: &ShownTree) -> BTreeSet<usize> {
    let leaves = tree.nodes.iter().filter(|n| n.children.is_empty()).count();
    if leaves <= MAX_UNFOLDED_LEAVES {
        return BTreeSet::new();
    }
    let deepest = tree.nodes.iter().map(|n| n.level).max().unwrap_or(0);
    let fold_at = |level: usize| -> BTreeSet<usize> {
        tree.nodes
            .iter()
            .enumerate()
            .filter(|(_, n)| n.level == level && !n.children.is_empty())
            .map(|(i, _)| i)
            .collect()
    };
    (1..deepest)
        .rev()
        .map(fold_at)
        .find(|set| layout_with(tree, set).slots <= MAX_UNFOLDED_LEAVES)
        .unwrap_or_else(|| fold_at(1))
}

/// More leaves than this are not readable side by side on a slide.
pub const MAX_UNFOLDED_LEAVES: usize = 48;

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
    /// Scaled for labels of the page's usual size (12 px).
    pub fn scaled(&self, w: f64, h: f64) -> Scaled<'_> {
        self.scaled_for(w, h, 12.0)
    }

    /// Scaled for labels of `font` pixels: the margins and the node size
    /// grow with the text (the presentation view uses 24 px and more).
    pub fn scaled_for(&self, w: f64, h: f64, font: f64) -> Scaled<'_> {
        self.scaled_above(w, h, font, 0.0)
    }

    /// As [`Layout::scaled_for`], with `extra` pixels more kept free at
    /// the bottom (a legend wrapped onto more than one line).
    pub fn scaled_above(&self, w: f64, h: f64, font: f64, extra: f64) -> Scaled<'_> {
        let k = font / 12.0;
        let (left, right, top, bottom) = (70.0 * k, 70.0 * k, 48.0 * k, 52.0 * k + extra);
        let row_h = if self.rows > 1 {
            (h - top - bottom) / (self.rows - 1) as f64
        } else {
            0.0
        };
        let width = w - left - right;
        let slot_w = width / self.slots.max(2) as f64;
        let r = (slot_w * 0.32).min(row_h * 0.2).clamp(6.0 * k, 17.0 * k);
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
    /// The width of one leaf slot.
    pub fn slot_w(&self) -> f64 {
        self.width / self.layout.slots.max(1) as f64
    }

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
            .filter(|&n| !self.layout.hidden[n])
            .map(|n| {
                let (nx, ny) = self.pos(n);
                (n, (nx - x).hypot(ny - y))
            })
            .filter(|&(_, d)| d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(n, _)| n)
    }
}

/// Zoom and pan of the tree picture: drawn point = `scale` × point +
/// (`dx`, `dy`), in CSS pixels. `scale` stays in [1, 8], and the picture
/// never leaves the canvas entirely.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Zoom {
    pub scale: f64,
    pub dx: f64,
    pub dy: f64,
}

impl Default for Zoom {
    fn default() -> Self {
        Zoom {
            scale: 1.0,
            dx: 0.0,
            dy: 0.0,
        }
    }
}

impl Zoom {
    pub const MAX: f64 = 8.0;

    /// Where a picture point is drawn.
    pub fn apply(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (x * self.scale + self.dx, y * self.scale + self.dy)
    }

    /// The picture point drawn at a canvas point.
    pub fn invert(&self, (x, y): (f64, f64)) -> (f64, f64) {
        ((x - self.dx) / self.scale, (y - self.dy) / self.scale)
    }

    /// Zooms by `factor` keeping the picture point under (`cx`, `cy`)
    /// where it is; `w` x `h` is the canvas.
    pub fn zoom_at(&mut self, cx: f64, cy: f64, factor: f64, w: f64, h: f64) {
        let scale = (self.scale * factor).clamp(1.0, Self::MAX);
        let k = scale / self.scale;
        self.dx = cx - (cx - self.dx) * k;
        self.dy = cy - (cy - self.dy) * k;
        self.scale = scale;
        self.clamp(w, h);
    }

    /// Moves the picture by (`x`, `y`) pixels.
    pub fn pan(&mut self, x: f64, y: f64, w: f64, h: f64) {
        self.dx += x;
        self.dy += y;
        self.clamp(w, h);
    }

    /// Keeps the zoomed picture covering the canvas (no empty margin can
    /// be dragged in): dx in [w − scale·w, 0].
    fn clamp(&mut self, w: f64, h: f64) {
        self.dx = self.dx.clamp(w - self.scale * w, 0.0);
        self.dy = self.dy.clamp(h - self.scale * h, 0.0);
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

    #[test]
    fn zooming_keeps_the_point_under_the_cursor_and_the_picture_on_the_canvas() {
        let mut z = Zoom::default();
        let (w, h) = (1000.0, 440.0);
        let p = z.invert((300.0, 200.0));
        z.zoom_at(300.0, 200.0, 2.0, w, h);
        assert_eq!(z.scale, 2.0);
        let back = z.apply(p);
        assert!((back.0 - 300.0).abs() < 1e-9 && (back.1 - 200.0).abs() < 1e-9);
        // Panning stops at the edges; zooming out to 1 puts it back.
        z.pan(5000.0, 5000.0, w, h);
        assert_eq!((z.dx, z.dy), (0.0, 0.0));
        z.pan(-5000.0, -5000.0, w, h);
        assert_eq!((z.dx, z.dy), (-1000.0, -440.0));
        z.zoom_at(0.0, 0.0, 1e-3, w, h);
        assert_eq!(z, Zoom::default());
        z.zoom_at(10.0, 10.0, 1e9, w, h);
        assert_eq!(z.scale, Zoom::MAX);
        let q = (123.0, 45.0);
        let r = z.invert(z.apply(q));
        assert!((r.0 - q.0).abs() < 1e-9 && (r.1 - q.1).abs() < 1e-9);
    }

    #[test]
    fn a_collapsed_subtree_takes_one_slot_and_is_hidden() {
        let g = TreeGame::parse("bound 10\nA=chance(B=min(1 2 3) C=min(4 5))").unwrap();
        let t = ShownTree::read(&g).unwrap();
        let collapsed: BTreeSet<usize> = [1].into_iter().collect();
        let l = layout_with(&t, &collapsed);
        // B folded: slots B, C.1, C.2.
        assert_eq!(l.slots, 3);
        assert_eq!(
            l.hidden,
            [false, false, true, true, true, false, false, false]
        );
        assert_eq!(l.folded[1], 3);
        assert_eq!(l.x[1], 0.0);
        let s = l.scaled(1000.0, 440.0);
        let (x, y) = s.pos(2);
        assert_ne!(s.node_at(x, y), Some(2), "hidden nodes are not clickable");
        // Small trees are not folded by default; large ones are.
        assert!(default_collapsed(&t).is_empty());
    }
}
