//! Drawing lecture mode: the search tree at the cursor, and the node-count
//! bar chart of all algorithms. Reads a [`Lecture`] and its [`Frame`]; all
//! positions come from [`crate::lecture::layout`].
//!
//! Conventions of the papers' figures: MAX is a triangle pointing up, MIN
//! one pointing down, a chance node a circle, a leaf a small box with its
//! value; every value is from MAX's point of view.

use std::f64::consts::TAU;

use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d;

use crate::lecture::explain::{self, Side};
use crate::lecture::replay::Frame;
use crate::lecture::tree::ShownKind;
use crate::lecture::{AlgoRun, Lecture};

/// Canvas sizes in canvas pixels (index.html sets the same).
pub const TREE_W: f64 = 1000.0;
pub const TREE_H: f64 = 440.0;
pub const CHART_W: f64 = 460.0;
pub const CHART_H: f64 = 200.0;

const INK: &str = "#222";
const MUTED: &str = "#8a8a8a";
const FAINT: &str = "#c9c4b8";
const ACCENT: &str = "#2d6a4f";
const CUT: &str = "#b00020";
const CURRENT: &str = "#e0a100";
const PROBE: &str = "#6a3d9a";
const OPEN_FILL: &str = "#fff3c4";
const PRUNED_FILL: &str = "#e4e1da";

fn dash(ctx: &CanvasRenderingContext2d, on: bool) {
    let arr = js_sys::Array::new();
    if on {
        arr.push(&JsValue::from_f64(4.0));
        arr.push(&JsValue::from_f64(4.0));
    }
    let _ = ctx.set_line_dash(&arr);
}

fn text(ctx: &CanvasRenderingContext2d, s: &str, x: f64, y: f64, align: &str, colour: &str) {
    ctx.set_text_align(align);
    ctx.set_fill_style_str(colour);
    let _ = ctx.fill_text(s, x, y);
}

/// Clears the tree canvas and writes `message` in its middle.
pub fn draw_message(ctx: &CanvasRenderingContext2d, message: &str) {
    ctx.clear_rect(0.0, 0.0, TREE_W, TREE_H);
    ctx.set_font("16px sans-serif");
    ctx.set_text_baseline("middle");
    text(ctx, message, TREE_W / 2.0, TREE_H / 2.0, "center", MUTED);
}

/// Draws the tree as it stands at `frame`.
pub fn draw_tree(ctx: &CanvasRenderingContext2d, l: &Lecture, frame: &Frame) {
    ctx.clear_rect(0.0, 0.0, TREE_W, TREE_H);
    let scaled = l.layout.scaled(TREE_W, TREE_H);
    let r = scaled.r;
    let pos = |n: usize| scaled.pos(n);
    let small = (r * 0.75).clamp(9.0, 12.0);
    ctx.set_text_baseline("middle");

    // Edges, with outcome probabilities.
    for (n, node) in l.tree.nodes.iter().enumerate() {
        let Some(p) = node.parent else { continue };
        let (x1, y1) = pos(p);
        let (x2, y2) = pos(n);
        let searched = frame.nodes[n].visits > 0;
        let on_path = frame.nodes[n].open;
        dash(ctx, frame.pruned[n]);
        ctx.set_stroke_style_str(if frame.pruned[n] {
            FAINT
        } else if searched {
            INK
        } else {
            FAINT
        });
        ctx.set_line_width(if on_path { 3.0 } else { 1.2 });
        ctx.begin_path();
        ctx.move_to(x1, y1 + r);
        ctx.line_to(x2, y2 - r);
        ctx.stroke();
        if l.tree.nodes[p].kind == ShownKind::Chance {
            ctx.set_font(&format!("{small}px sans-serif"));
            let label = explain::num(node.probability);
            text(
                ctx,
                &label,
                (x1 + x2) / 2.0 + 4.0,
                (y1 + y2) / 2.0 - 2.0,
                "left",
                ACCENT,
            );
        }
    }
    dash(ctx, false);

    for (n, node) in l.tree.nodes.iter().enumerate() {
        let (x, y) = pos(n);
        let st = &frame.nodes[n];
        let pruned = frame.pruned[n];
        let fill = if pruned {
            PRUNED_FILL
        } else if st.open {
            OPEN_FILL
        } else {
            "#fff"
        };
        let stroke = if st.cut.is_some() {
            CUT
        } else if pruned || st.visits == 0 {
            MUTED
        } else {
            INK
        };
        ctx.begin_path();
        match node.kind {
            ShownKind::Max => {
                ctx.move_to(x, y - r);
                ctx.line_to(x + r * 1.05, y + r * 0.8);
                ctx.line_to(x - r * 1.05, y + r * 0.8);
                ctx.close_path();
            }
            ShownKind::Min => {
                ctx.move_to(x, y + r);
                ctx.line_to(x + r * 1.05, y - r * 0.8);
                ctx.line_to(x - r * 1.05, y - r * 0.8);
                ctx.close_path();
            }
            ShownKind::Chance => {
                let _ = ctx.arc(x, y, r, 0.0, TAU);
            }
            ShownKind::Leaf | ShownKind::Terminal => {
                ctx.rect(x - r, y - r * 0.75, 2.0 * r, 1.5 * r);
            }
        }
        ctx.set_fill_style_str(fill);
        ctx.fill();
        dash(ctx, pruned);
        ctx.set_stroke_style_str(stroke);
        ctx.set_line_width(if st.cut.is_some() { 2.5 } else { 1.5 });
        ctx.stroke();
        dash(ctx, false);

        if frame.current == Some(n) {
            ctx.begin_path();
            let _ = ctx.arc(x, y, r + 6.0, 0.0, TAU);
            ctx.set_stroke_style_str(CURRENT);
            ctx.set_line_width(3.5);
            ctx.stroke();
        }

        // Leaf value inside its box; the label to the left.
        ctx.set_font(&format!("{small}px sans-serif"));
        let ink = if pruned { MUTED } else { INK };
        if let Some(v) = node.value {
            ctx.set_font(&format!("bold {small}px sans-serif"));
            text(ctx, &explain::num(v), x, y + 1.0, "center", ink);
            ctx.set_font(&format!("{small}px sans-serif"));
            if node.kind == ShownKind::Leaf || node.kind == ShownKind::Terminal {
                // Only labelled leaves get a name (numbers say enough).
                if !node.name.contains('.') {
                    text(
                        ctx,
                        &node.name,
                        x,
                        y + r * 0.75 + small * 0.8,
                        "center",
                        MUTED,
                    );
                }
            }
        } else {
            ctx.set_font(&format!("bold {small}px sans-serif"));
            text(ctx, &node.name, x - r - 5.0, y, "right", ink);
            ctx.set_font(&format!("{small}px sans-serif"));
        }

        // What the search knows about the node, to its right (the edges
        // leave from below): the value returned, a chance node's bounds.
        let mut right = y + r * 0.7;
        if let (Some((v, s)), false) = (st.value, node.value.is_some()) {
            ctx.set_font(&format!("bold {small}px sans-serif"));
            let colour = if s == Side::Exact { ACCENT } else { CUT };
            text(
                ctx,
                &explain::marked(v, s),
                x + r + 6.0,
                right,
                "left",
                colour,
            );
            ctx.set_font(&format!("{small}px sans-serif"));
            right += small * 1.15;
        }
        if node.kind == ShownKind::Chance {
            if let Some(b) = st.bounds {
                if st.open || frame.current == Some(n) {
                    text(ctx, &explain::bounds(b), x + r + 6.0, right, "left", ACCENT);
                }
            }
        }
        if let Some(w) = st.window {
            if st.open || frame.current == Some(n) {
                let colour = if frame.current == Some(n) { INK } else { MUTED };
                text(
                    ctx,
                    &explain::window(w),
                    x + r + 6.0,
                    y - r * 0.6,
                    "left",
                    colour,
                );
            }
        }
        if let Some(p) = st.probe {
            let dir = if node.side == starcut::Player::First {
                "≥"
            } else {
                "≤"
            };
            let label = if node.children.is_empty() {
                format!("probe {}", explain::num(p))
            } else {
                format!("probe {dir} {}", explain::num(p))
            };
            text(
                ctx,
                &label,
                x - r - 5.0,
                y + r * 0.7 + small * 0.4,
                "right",
                PROBE,
            );
        }
        if let Some(kind) = st.cut {
            ctx.set_font(&format!("bold {small}px sans-serif"));
            text(
                ctx,
                &format!("✂ {kind}"),
                x + r + 6.0,
                y - r - 6.0,
                "left",
                CUT,
            );
            ctx.set_font(&format!("{small}px sans-serif"));
        }
    }

    // The window a chance node gives the outcome it searches now.
    for (n, st) in frame.nodes.iter().enumerate() {
        if let (true, Some((k, a, b))) = (st.open, st.child_window) {
            let (x, y) = pos(k);
            let i = l.tree.nodes[n]
                .children
                .iter()
                .position(|&c| c == k)
                .map_or(0, |i| i + 1);
            text(
                ctx,
                &format!("(A{i}, B{i}) = {}", explain::window((a, b))),
                x - r - 5.0,
                y - r - 9.0,
                "right",
                CURRENT,
            );
        }
    }

    // Legend.
    ctx.set_font("11px sans-serif");
    text(
        ctx,
        "▲ MAX   ▼ MIN   ● chance   ▭ leaf   — values from MAX's point of view; (a, b) window, [l, u] bounds; dashed grey: pruned",
        8.0,
        TREE_H - 12.0,
        "left",
        MUTED,
    );
    ctx.set_text_align("start");
    ctx.set_text_baseline("alphabetic");
}

/// Bars of the nodes each algorithm searched; `chosen` is highlighted.
pub fn draw_chart(ctx: &CanvasRenderingContext2d, runs: &[AlgoRun], chosen: &str) {
    ctx.clear_rect(0.0, 0.0, CHART_W, CHART_H);
    if runs.is_empty() {
        return;
    }
    let max = runs.iter().map(|r| r.nodes).max().unwrap_or(1).max(1) as f64;
    let (label_w, right, top) = (90.0, 50.0, 10.0);
    let row = (CHART_H - top - 6.0) / runs.len() as f64;
    ctx.set_text_baseline("middle");
    ctx.set_font("13px sans-serif");
    for (i, r) in runs.iter().enumerate() {
        let y = top + i as f64 * row;
        let w = (CHART_W - label_w - right) * r.nodes as f64 / max;
        let is_chosen = r.algorithm == chosen;
        ctx.set_fill_style_str(if is_chosen { ACCENT } else { "#9fc2b0" });
        ctx.fill_rect(label_w, y + row * 0.15, w, row * 0.7);
        text(
            ctx,
            r.algorithm,
            label_w - 8.0,
            y + row / 2.0,
            "right",
            if is_chosen { INK } else { MUTED },
        );
        text(
            ctx,
            &r.nodes.to_string(),
            label_w + w + 6.0,
            y + row / 2.0,
            "left",
            INK,
        );
    }
    ctx.set_text_align("start");
    ctx.set_text_baseline("alphabetic");
}
