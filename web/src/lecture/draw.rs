//! Drawing lecture mode, for any surface: the search tree at the cursor
//! and the node-count chart of all algorithms. The drawing speaks to a
//! [`Pen`], so the same code paints the page's canvas and writes the SVG a
//! lecturer exports for slides ([`super::svg`]).
//!
//! Conventions of the papers' figures: MAX is a triangle pointing up, MIN
//! one pointing down, a chance node a circle, a leaf a small box with its
//! value; every value is from MAX's point of view.

use super::explain::{self, Side};
use super::layout::{Layout, Scaled};
use super::placing::{patch_for, Boxes};
use super::replay::Frame;
use super::tree::ShownKind;
use super::{AlgoRun, Lecture};

/// Where text is anchored horizontally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// A stroke: colour, width, dashed or not.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke<'a> {
    pub colour: &'a str,
    pub width: f64,
    pub dashed: bool,
}

/// What a drawing surface must do. Coordinates are in CSS pixels; text is
/// centred vertically on its `y`.
pub trait Pen {
    fn clear(&mut self, w: f64, h: f64);
    fn line(&mut self, from: (f64, f64), to: (f64, f64), stroke: Stroke);
    /// A closed polygon, filled then stroked.
    fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: Stroke);
    fn circle(&mut self, centre: (f64, f64), r: f64, fill: Option<&str>, stroke: Stroke);
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str);
    fn text(&mut self, s: &str, at: (f64, f64), px: f64, bold: bool, align: Align, colour: &str);
}

/// Colours of the tree; the high-contrast set is for projectors.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub background: &'static str,
    pub ink: &'static str,
    pub muted: &'static str,
    pub faint: &'static str,
    pub accent: &'static str,
    pub cut: &'static str,
    pub current: &'static str,
    pub probe: &'static str,
    pub open_fill: &'static str,
    pub node_fill: &'static str,
    pub pruned_fill: &'static str,
    pub right: &'static str,
    pub wrong: &'static str,
}

pub const NORMAL: Palette = Palette {
    background: "#fffdf8",
    ink: "#222222",
    muted: "#5f5f5f",
    faint: "#c9c4b8",
    accent: "#2d6a4f",
    cut: "#b00020",
    current: "#d08c00",
    probe: "#6a3d9a",
    open_fill: "#fff3c4",
    node_fill: "#ffffff",
    pruned_fill: "#e4e1da",
    right: "#1b7f3b",
    wrong: "#c62828",
};

/// Black on white with saturated colours: readable from the back row.
pub const HIGH_CONTRAST: Palette = Palette {
    background: "#ffffff",
    ink: "#000000",
    muted: "#2e2e2e",
    faint: "#9a9a9a",
    accent: "#00572d",
    cut: "#c00000",
    current: "#b35c00",
    probe: "#4b0082",
    open_fill: "#ffe680",
    node_fill: "#ffffff",
    pruned_fill: "#d9d9d9",
    right: "#006b1f",
    wrong: "#c00000",
};

/// The size of the picture and of its text.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    pub w: f64,
    pub h: f64,
    /// Label size in CSS pixels.
    pub font: f64,
    pub palette: Palette,
    /// Draw the legend line at the bottom.
    pub legend: bool,
}

impl Style {
    /// The page's tree: labels grow with the canvas, 12 to 18 px.
    pub fn page(w: f64, h: f64) -> Style {
        Style {
            w,
            h,
            font: (w / 75.0).clamp(12.0, 18.0),
            palette: NORMAL,
            legend: true,
        }
    }

    /// The presentation view: text for the back row (at least 24 px on a
    /// projector: the tree gets about 570 of 720 pixels, and h/22 is 26 px
    /// there, 41 px at 1920x1080) and
    /// high contrast. A phone held upright is narrow: the text then follows
    /// the width so that the tree still fits.
    pub fn presentation(w: f64, h: f64) -> Style {
        Style {
            w,
            h,
            font: (h / 22.0).min(w / 32.0).clamp(12.0, 44.0),
            palette: HIGH_CONTRAST,
            legend: false,
        }
    }
}

/// The legend of the page's tree, in pieces that stay together.
const LEGEND: [&str; 9] = [
    "▲ MAX",
    "▼ MIN",
    "● chance",
    "▭ leaf",
    "— values from MAX's point of view;",
    "(a, b) window,",
    "[l, u] bounds;",
    "dashed grey: pruned;",
    "+n: folded (double click)",
];

impl Style {
    /// The legend's lines: its pieces wrapped to the width (one or two on
    /// a wide canvas, four on a phone's), empty without a legend.
    pub fn legend_lines(&self) -> Vec<String> {
        if !self.legend {
            return Vec::new();
        }
        let (px, room) = (self.font * 0.8, self.w - 16.0);
        let mut lines: Vec<String> = Vec::new();
        for piece in LEGEND {
            match lines.last_mut() {
                Some(line) if patch_for(&format!("{line}   {piece}"), px).0 <= room => {
                    line.push_str("   ");
                    line.push_str(piece);
                }
                _ => lines.push(piece.to_string()),
            }
        }
        lines
    }

    /// The tree's placement on this picture, with room kept at the bottom
    /// for every line of the legend.
    pub fn scaled<'a>(&self, layout: &'a Layout) -> Scaled<'a> {
        // Each line after the first, and room under a leaf's name pushed
        // down by the ring round the current leaf.
        let lines = self.legend_lines().len();
        let extra = if lines > 0 {
            (lines - 1) as f64 * self.font + self.font * 8.0 / 12.0
        } else {
            0.0
        };
        layout.scaled_above(self.w, self.h, self.font, extra)
    }
}

/// How far out from a node's shape its rings are drawn (the middle of
/// their stroke): the current node's (4 px wide) and a prediction's (3 px).
/// Nodes are 6 to 17 px (times the text's scale) in radius; on a small
/// tree's crowded row (a phone's) full-size rings ran over the next
/// leaves, so they keep to the node's size there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RingGaps {
    pub current: f64,
    pub mark: f64,
}

/// How far a leaf's box reaches from its centre (to its corners), in node
/// radii; other nodes reach one radius.
pub const LEAF_REACH: f64 = 1.42;

impl RingGaps {
    /// The current node's ring's stroke width.
    pub const CURRENT_WIDTH: f64 = 4.0;
    /// A prediction's ring's stroke width.
    pub const MARK_WIDTH: f64 = 3.0;

    pub fn for_radius(r: f64) -> RingGaps {
        RingGaps {
            current: (r * 0.5).clamp(3.0, 6.0),
            mark: (r * 0.8).clamp(5.0, 10.0),
        }
    }

    /// The outer edge of the current node's ring round a shape reaching
    /// `reach` from its centre.
    pub fn current_outer(&self, reach: f64) -> f64 {
        reach + self.current + Self::CURRENT_WIDTH / 2.0
    }

    /// The outer edge of a prediction's ring round a shape reaching `reach`.
    pub fn mark_outer(&self, reach: f64) -> f64 {
        reach + self.mark + Self::MARK_WIDTH / 2.0
    }
}

/// A mark the predict mode puts on a node: the student's guess, and after
/// *Check* whether it was right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Predicted to be pruned, not checked yet.
    Predicted,
    /// Checked: right (a pruned node predicted, or a searched one not).
    Right,
    /// Checked: wrong.
    Wrong,
}

/// Draws the tree as it stands at `frame`; `marks` are predict mode's.
pub fn tree(pen: &mut dyn Pen, l: &Lecture, frame: &Frame, style: &Style, marks: &[Option<Mark>]) {
    // Every label's box is kept, so that the late ones find a free spot.
    let mut boxes = Boxes::new(pen);
    let pen = &mut boxes;
    let p = &style.palette;
    pen.clear(style.w, style.h);
    pen.rect(0.0, 0.0, style.w, style.h, p.background);
    let scaled = style.scaled(&l.layout);
    let r = scaled.r;
    // Nodes side by side with little room: the side labels (values,
    // probes, windows) only for the nodes being searched.
    let dense = scaled.slot_w() < style.font * 4.5;
    let pos = |n: usize| scaled.pos(n);
    let px = style.font;

    let hidden = |n: usize| l.layout.hidden.get(n).copied().unwrap_or(false);
    // Per node: whether its row leaves it that little room. In a dense
    // tree the rows above the leaves often have room, and their values
    // show (a game position's chance nodes and their MIN nodes were drawn
    // without the value they returned).
    let crowded = crowded_nodes(l, &scaled, px * 4.5, &hidden);

    // Edges, with outcome probabilities.
    for (n, node) in l.tree.nodes.iter().enumerate() {
        let Some(parent) = node.parent else { continue };
        if hidden(n) {
            continue;
        }
        let (x1, y1) = pos(parent);
        let (x2, y2) = pos(n);
        let searched = frame.nodes[n].visits > 0;
        let pruned = frame.pruned[n];
        pen.line(
            (x1, y1 + r),
            (x2, y2 - r),
            Stroke {
                colour: if searched && !pruned { p.ink } else { p.faint },
                width: if frame.nodes[n].open { 3.0 } else { 1.4 },
                dashed: pruned,
            },
        );
        // The move or outcome that leads here, when the tree labels the
        // edge; under a chance node with its probability.
        let step = node.edge.as_deref();
        let label = match (l.tree.nodes[parent].kind == ShownKind::Chance, step) {
            (true, Some(s)) => format!("{s} {}", explain::num(node.probability)),
            (true, None) => explain::num(node.probability),
            (false, Some(s)) => s.to_string(),
            (false, None) => String::new(),
        };
        if !label.is_empty() {
            if dense {
                // Crowded siblings: each label centred just above its own
                // child, in its own slot; the probability only where it
                // fits beside the step.
                let slot = scaled.slot_w();
                let fits = |t: &str| t.chars().count() as f64 * px * 0.75 * 0.6 <= slot;
                let short = match (fits(&label), step) {
                    (true, _) => label.clone(),
                    (false, Some(s)) if fits(s) => s.to_string(),
                    _ => String::new(),
                };
                if !short.is_empty() {
                    pen.text(
                        &short,
                        (x2, y2 - r - px * 0.55),
                        px * 0.75,
                        false,
                        Align::Centre,
                        p.accent,
                    );
                }
            } else {
                // Near the child, where the edges have spread apart.
                pen.text(
                    &label,
                    (x1 + (x2 - x1) * 0.7 + 4.0, y1 + (y2 - y1) * 0.7 - 2.0),
                    px * 0.85,
                    false,
                    Align::Left,
                    p.accent,
                );
            }
        }
    }

    // How far node `n`'s shape reaches from its centre (a leaf's box to
    // its corners), and the outer edge of the ring round it (the current
    // node's, a prediction's) if it has one.
    let is_leaf = |n: usize| matches!(l.tree.nodes[n].kind, ShownKind::Leaf | ShownKind::Terminal);
    let reach_of = |n: usize| if is_leaf(n) { r * LEAF_REACH } else { r };
    let gaps = RingGaps::for_radius(r);
    let ring_of = |n: usize| {
        let reach = reach_of(n);
        if marks.get(n).copied().flatten().is_some() {
            Some(gaps.mark_outer(reach))
        } else {
            (frame.current == Some(n)).then_some(gaps.current_outer(reach))
        }
    };
    // The radius the late labels keep clear of (`next_to_node` adds 6).
    let clear_r = |n: usize| ring_of(n).map_or(r, |ring| ring - 3.0);

    for (n, node) in l.tree.nodes.iter().enumerate() {
        if hidden(n) {
            continue;
        }
        let (x, y) = pos(n);
        let st = &frame.nodes[n];
        let pruned = frame.pruned[n];
        let fill = if pruned {
            p.pruned_fill
        } else if st.open {
            p.open_fill
        } else {
            p.node_fill
        };
        let stroke = Stroke {
            colour: if st.cut.is_some() {
                p.cut
            } else if pruned || st.visits == 0 {
                p.muted
            } else {
                p.ink
            },
            width: if st.cut.is_some() { 3.0 } else { 1.6 },
            dashed: pruned,
        };
        match node.kind {
            ShownKind::Max => pen.polygon(
                &[
                    (x, y - r),
                    (x + r * 1.05, y + r * 0.8),
                    (x - r * 1.05, y + r * 0.8),
                ],
                fill,
                stroke,
            ),
            ShownKind::Min => pen.polygon(
                &[
                    (x, y + r),
                    (x + r * 1.05, y - r * 0.8),
                    (x - r * 1.05, y - r * 0.8),
                ],
                fill,
                stroke,
            ),
            ShownKind::Chance => pen.circle((x, y), r, Some(fill), stroke),
            ShownKind::Leaf | ShownKind::Terminal => pen.polygon(
                &[
                    (x - r * 1.2, y - r * 0.75),
                    (x + r * 1.2, y - r * 0.75),
                    (x + r * 1.2, y + r * 0.75),
                    (x - r * 1.2, y + r * 0.75),
                ],
                fill,
                stroke,
            ),
        }
        // Its name and side labels keep clear of the rings round it.
        let (leaf, reach) = (is_leaf(n), reach_of(n));
        let mark = marks.get(n).copied().flatten();
        let ring = ring_of(n);
        let clear = ring.map_or(r + 5.0, |ring| ring + 3.0);
        if frame.current == Some(n) {
            pen.circle(
                (x, y),
                reach + gaps.current,
                None,
                Stroke {
                    colour: p.current,
                    width: RingGaps::CURRENT_WIDTH,
                    dashed: false,
                },
            );
        }
        if let Some(mark) = mark {
            let (colour, sign) = match mark {
                Mark::Predicted => (p.probe, "?"),
                Mark::Right => (p.right, "✓"),
                Mark::Wrong => (p.wrong, "✗"),
            };
            pen.circle(
                (x, y),
                reach + gaps.mark,
                None,
                Stroke {
                    colour,
                    width: RingGaps::MARK_WIDTH,
                    dashed: mark == Mark::Predicted,
                },
            );
            pen.text(
                sign,
                (x + reach + gaps.mark - 2.0, y + reach + gaps.mark - 2.0),
                px,
                true,
                Align::Left,
                colour,
            );
        }

        let ink = if pruned { p.muted } else { p.ink };
        // A folded subtree: how many nodes it hides (double click opens).
        if let Some(&k) = l.layout.folded.get(n).filter(|&&k| k > 0) {
            pen.text(
                &format!("+{k}"),
                (x, y + r + px * 0.8),
                px * 0.8,
                true,
                Align::Centre,
                p.accent,
            );
        }
        if let Some(v) = node.value {
            pen.text(
                &explain::num(v),
                (x, y + 1.0),
                px * 0.9,
                true,
                Align::Centre,
                ink,
            );
            // Only labelled leaves get a name (numbers say enough).
            if leaf && !node.name.contains('.') {
                let under = ring.map_or(y + r * 0.75 + px * 0.8, |ring| y + ring + px * 0.45);
                pen.text(
                    &node.name,
                    (x, under),
                    px * 0.8,
                    false,
                    Align::Centre,
                    p.muted,
                );
            }
        } else if dense {
            // No room beside the node: its name in its own slot, smaller.
            pen.text(
                &node.name,
                (x, y - r - px * 1.35),
                px * 0.75,
                true,
                Align::Centre,
                ink,
            );
        } else {
            pen.text(&node.name, (x - clear, y), px, true, Align::Right, ink);
        }

        // What the search knows about the node, to its right (the edges
        // leave from below): the value returned, a chance node's bounds.
        if crowded[n] && !(st.open || frame.current == Some(n) || st.cut.is_some()) {
            continue;
        }
        let mut below = y + r * 0.7;
        if let (Some((v, side)), false) = (st.value, node.value.is_some()) {
            let colour = if side == Side::Exact { p.accent } else { p.cut };
            pen.text(
                &explain::marked(v, side),
                (x + clear + 1.0, below),
                px,
                true,
                Align::Left,
                colour,
            );
            below += px * 1.15;
        }
        if node.kind == ShownKind::Chance && (st.open || frame.current == Some(n)) {
            if let Some(b) = st.bounds {
                pen.text(
                    &explain::bounds(b),
                    (x + clear + 1.0, below),
                    px * 0.9,
                    false,
                    Align::Left,
                    p.accent,
                );
            }
        }
        if let Some(v) = st.probe {
            let dir = if node.side == starcut::Player::First {
                "≥"
            } else {
                "≤"
            };
            let label = if node.children.is_empty() {
                format!("probe {}", explain::num(v))
            } else {
                format!("probe {dir} {}", explain::num(v))
            };
            pen.text(
                &label,
                (x - clear, y + r * 0.7 + px * 0.5),
                px * 0.85,
                false,
                Align::Right,
                p.probe,
            );
        }
    }

    // The legend before the late labels, which keep clear of it.
    let legend = style.legend_lines();
    for (i, line) in legend.iter().enumerate() {
        let above = (legend.len() - 1 - i) as f64 * px;
        pen.text(
            line,
            (8.0, style.h - px * 0.9 - above),
            px * 0.8,
            false,
            Align::Left,
            p.muted,
        );
    }

    // The late labels' size, and where they must stay.
    let (late, bounds) = (px * 0.9, [0.0, 0.0, style.w, style.h]);

    // A searched node's window, once every node is down: the first free
    // spot next to the node (the least covered if none is), on a patch of
    // background (always to the right, it ran over the next sibling when
    // the two stand close).
    for (n, st) in frame.nodes.iter().enumerate() {
        let Some(w) = st.window else { continue };
        if hidden(n) || !(st.open || frame.current == Some(n)) {
            continue;
        }
        let (x, y) = pos(n);
        let colour = if frame.current == Some(n) {
            p.ink
        } else {
            p.muted
        };
        let label = explain::window(w);
        let patch = patch_for(&label, late);
        // Next to its node only: further off it would seem another's.
        let spots = next_to_node((x, y), clear_r(n), px, patch.0 / 2.0, y - r * 0.6);
        let at = pen.best_spot(&spots, patch, bounds);
        pen.patched_text(&label, at, late, false, colour, p.background);
    }

    // The cuts' labels, once every node and its own labels are down: the
    // first free spot round the node, on a patch of background (above
    // and to the right it ran over the next sibling's name).
    for (n, st) in frame.nodes.iter().enumerate() {
        let Some(kind) = st.cut else { continue };
        if hidden(n) {
            continue;
        }
        let (x, y) = pos(n);
        let label = format!("✂ {kind}");
        let patch = patch_for(&label, late);
        let spots = round_node((x, y), clear_r(n), px, patch.0 / 2.0, y - r - px * 0.6);
        let at = pen.best_spot(&spots, patch, bounds);
        pen.patched_text(&label, at, late, true, p.cut, p.background);
    }

    // The window a chance node gives the outcome it searches now, on the
    // edge between them, on a patch of background over the edges: the
    // first spot from a little above half way that covers no label
    // (beside the child it would run over its left sibling's labels).
    for (n, st) in frame.nodes.iter().enumerate() {
        if let (true, Some((k, a, b))) = (st.open, st.child_window) {
            if hidden(k) {
                continue;
            }
            let ((x1, y1), (x2, y2)) = (pos(n), pos(k));
            let i = l.tree.nodes[n]
                .children
                .iter()
                .position(|&c| c == k)
                .map_or(0, |i| i + 1);
            let window = explain::window((a, b));
            let label = format!("(A{i}, B{i}) = {window}");
            let along = |t: f64| (x1 + (x2 - x1) * t, (y1 + r) + ((y2 - r) - (y1 + r)) * t);
            // From 0.45 of the way down, then alternately a little
            // further up and down the edge; centred on it, then ending
            // or starting at it.
            let spots = |half: f64| -> Vec<(f64, f64)> {
                let ts = (0..36)
                    .map(|j| 0.45 + 0.0125 * j as f64 * if j % 2 == 0 { -1.0 } else { 1.0 })
                    .filter(|t| (0.0..=0.95).contains(t));
                let on: Vec<_> = ts.map(along).collect();
                let shifted = on.iter().flat_map(|&(x, y)| [(x - half, y), (x + half, y)]);
                on.iter().copied().chain(shifted).collect()
            };
            // Without room for the whole, the window alone, where it
            // covers least if it must.
            let (label, at) = [label, window.clone()]
                .into_iter()
                .find_map(|label| {
                    let patch = patch_for(&label, late);
                    let at = pen.free_spot(&spots(patch.0 / 2.0), patch, bounds)?;
                    Some((label, at))
                })
                .unwrap_or_else(|| {
                    let short = patch_for(&window, late);
                    let at = pen.best_spot(&spots(short.0 / 2.0), short, bounds);
                    (window, at)
                });
            pen.patched_text(&label, at, late, true, p.current, p.background);
        }
    }
}

/// Per node: whether a visible node of its row stands nearer than `room`
/// pixels (hidden nodes: false, they are not drawn).
fn crowded_nodes(
    l: &Lecture,
    scaled: &super::layout::Scaled,
    room: f64,
    hidden: &dyn Fn(usize) -> bool,
) -> Vec<bool> {
    let n = l.tree.nodes.len();
    let mut rows: Vec<(usize, f64, usize)> = (0..n)
        .filter(|&k| !hidden(k))
        .map(|k| (l.layout.row[k], scaled.pos(k).0, k))
        .collect();
    rows.sort_by(|a, b| {
        (a.0, a.1)
            .partial_cmp(&(b.0, b.1))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut crowded = vec![false; n];
    for pair in rows.windows(2) {
        let ((ra, xa, a), (rb, xb, b)) = (pair[0], pair[1]);
        if ra == rb && xb - xa < room {
            crowded[a] = true;
            crowded[b] = true;
        }
    }
    crowded
}

/// Centres for a label `2 half` wide next to the node at `(x, y)`, in the
/// order tried: to the right at height `first` (where it always went),
/// just above, to the left, just below, below to either side.
fn next_to_node((x, y): (f64, f64), r: f64, px: f64, half: f64, first: f64) -> Vec<(f64, f64)> {
    let side = r + 6.0;
    let (right, left) = (x + side + half, x - side - half);
    // Clear of the ring round the current node (r + 6).
    vec![
        (right, first),
        (x, y - side - px * 0.6),
        (left, first),
        (x, y + side + px * 1.4),
        (right, y + r + px * 0.9),
        (left, y + r + px * 0.9),
    ]
}

/// [`next_to_node`], then rings a little further up and down on either
/// side and centred.
fn round_node((x, y): (f64, f64), r: f64, px: f64, half: f64, first: f64) -> Vec<(f64, f64)> {
    let side = r + 6.0;
    let (right, left) = (x + side + half, x - side - half);
    let mut spots = next_to_node((x, y), r, px, half, first);
    for k in 1..=8 {
        let step = px * 0.5 * k as f64;
        let (above, under) = (y - side - px * 0.6 - step, y + side + px * 1.4 + step);
        spots.extend([(x, above), (x, under)]);
        spots.extend([(right, first - step), (left, first - step)]);
        let below = y + r + px * 0.9 + step;
        spots.extend([(right, below), (left, below)]);
        spots.extend([
            (x + half, under),
            (x - half, under),
            (x + half, above),
            (x - half, above),
        ]);
    }
    spots
}

/// Draws `message` in the middle of an empty picture.
pub fn message(pen: &mut dyn Pen, text: &str, style: &Style) {
    pen.clear(style.w, style.h);
    pen.rect(0.0, 0.0, style.w, style.h, style.palette.background);
    pen.text(
        text,
        (style.w / 2.0, style.h / 2.0),
        style.font,
        false,
        Align::Centre,
        style.palette.muted,
    );
}

/// Bars of the nodes each algorithm searched; `chosen` is highlighted.
pub fn chart(pen: &mut dyn Pen, runs: &[AlgoRun], chosen: &str, style: &Style) {
    let p = &style.palette;
    pen.clear(style.w, style.h);
    if runs.is_empty() {
        return;
    }
    let max = runs.iter().map(|r| r.nodes).max().unwrap_or(1).max(1) as f64;
    let (label_w, right, top) = (90.0, 50.0, 10.0);
    let row = (style.h - top - 6.0) / runs.len() as f64;
    for (i, r) in runs.iter().enumerate() {
        let y = top + i as f64 * row;
        let w = (style.w - label_w - right) * r.nodes as f64 / max;
        let is_chosen = r.algorithm == chosen;
        pen.rect(
            label_w,
            y + row * 0.15,
            w,
            row * 0.7,
            if is_chosen { p.accent } else { "#9fc2b0" },
        );
        pen.text(
            r.algorithm,
            (label_w - 8.0, y + row / 2.0),
            13.0,
            false,
            Align::Right,
            if is_chosen { p.ink } else { p.muted },
        );
        pen.text(
            &r.nodes.to_string(),
            (label_w + w + 6.0, y + row / 2.0),
            13.0,
            false,
            Align::Left,
            p.ink,
        );
    }
}
