//! Where a late label can go without covering one drawn before it: a
//! [`Pen`] that passes everything on and keeps an estimate of each
//! label's and node's box, and the search for a free spot among the
//! places a label may go.
//!
//! The estimate is the drawing's own rule of thumb (glyphs about 0.6 of
//! the size wide, one size high, centred on `y`): no surface measures
//! text here, and the SVG export has no fonts to measure with.

use super::draw::{Align, Pen, Stroke};

/// How far (pixels) a late label may reach into another's estimated box:
/// the estimates are not exact, and stacked labels (a window above a
/// value) touch.
pub const SLACK: f64 = 1.0;

/// A box: left, top, right, bottom.
pub type TextBox = [f64; 4];

/// The estimated box of `s` drawn at `at` in `px`, anchored by `align`.
pub fn text_box(s: &str, at: (f64, f64), px: f64, align: Align) -> TextBox {
    let w = s.chars().count() as f64 * px * 0.6;
    let x0 = match align {
        Align::Left => at.0,
        Align::Centre => at.0 - w / 2.0,
        Align::Right => at.0 - w,
    };
    [x0, at.1 - px / 2.0, x0 + w, at.1 + px / 2.0]
}

/// The patch of background a late label of `s` in `px` is drawn on:
/// its estimated box with a little margin at the sides, width and height.
pub fn patch_for(s: &str, px: f64) -> (f64, f64) {
    (s.chars().count() as f64 * px * 0.6 + px * 0.4, px)
}

/// Whether two boxes share any area.
pub fn overlaps(a: &TextBox, b: &TextBox) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// Passes every stroke on to `pen` and keeps the box of every label and
/// node shape (polygons and circles; not lines or plain rectangles, so a
/// late label may go over edges).
pub struct Boxes<'a> {
    pub pen: &'a mut dyn Pen,
    pub boxes: Vec<TextBox>,
}

impl<'a> Boxes<'a> {
    pub fn new(pen: &'a mut dyn Pen) -> Boxes<'a> {
        Boxes {
            pen,
            boxes: Vec::new(),
        }
    }

    /// A patch of `fill`, `size` (width, height) centred on `at`, kept
    /// as taken like a label.
    pub fn patch(&mut self, at: (f64, f64), (w, h): (f64, f64), fill: &str) {
        let (x, y) = (at.0 - w / 2.0, at.1 - h / 2.0);
        self.boxes.push([x, y, x + w, y + h]);
        self.pen.rect(x, y, w, h, fill);
    }

    /// `s` in `px` (bold or not) centred on `at`, on its patch of `fill`
    /// ([`patch_for`]).
    pub fn patched_text(
        &mut self,
        s: &str,
        at: (f64, f64),
        px: f64,
        bold: bool,
        colour: &str,
        fill: &str,
    ) {
        self.patch(at, patch_for(s, px), fill);
        self.text(s, at, px, bold, Align::Centre, colour);
    }

    /// The first of `candidates` where a box `w` wide and `h` high,
    /// centred there, covers no label or node drawn so far and stays
    /// inside `bounds`.
    pub fn free_spot(
        &self,
        candidates: &[(f64, f64)],
        (w, h): (f64, f64),
        bounds: TextBox,
    ) -> Option<(f64, f64)> {
        candidates.iter().copied().find(|&(x, y)| {
            let b = [x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0];
            // The boxes are estimates: a pixel of either may touch.
            let inner = [b[0] + SLACK, b[1] + SLACK, b[2] - SLACK, b[3] - SLACK];
            b[0] >= bounds[0]
                && b[1] >= bounds[1]
                && b[2] <= bounds[2]
                && b[3] <= bounds[3]
                && !self.boxes.iter().any(|o| overlaps(&inner, o))
        })
    }

    /// [`Boxes::free_spot`], or else the candidate whose box covers the
    /// least (the first of equals; the origin if there is none).
    pub fn best_spot(
        &self,
        candidates: &[(f64, f64)],
        size: (f64, f64),
        bounds: TextBox,
    ) -> (f64, f64) {
        let Some(&first) = candidates.first() else {
            return (0.0, 0.0);
        };
        self.free_spot(candidates, size, bounds).unwrap_or_else(|| {
            let mut best = (f64::INFINITY, first);
            for &c in candidates {
                let cover = self.covered(c, size, bounds);
                if cover < best.0 {
                    best = (cover, c);
                }
            }
            best.1
        })
    }

    /// The area of earlier boxes a box `w` by `h` centred on `c` would
    /// cover, plus four times its own area outside `bounds` (cut off is
    /// worse than crowded).
    fn covered(&self, c: (f64, f64), (w, h): (f64, f64), bounds: TextBox) -> f64 {
        let b = [c.0 - w / 2.0, c.1 - h / 2.0, c.0 + w / 2.0, c.1 + h / 2.0];
        let shared = |o: &TextBox| {
            let dx = b[2].min(o[2]) - b[0].max(o[0]);
            let dy = b[3].min(o[3]) - b[1].max(o[1]);
            dx.max(0.0) * dy.max(0.0)
        };
        4.0 * (w * h - shared(&bounds)) + self.boxes.iter().map(shared).sum::<f64>()
    }
}

impl Pen for Boxes<'_> {
    fn clear(&mut self, w: f64, h: f64) {
        self.boxes.clear();
        self.pen.clear(w, h);
    }
    fn line(&mut self, from: (f64, f64), to: (f64, f64), stroke: Stroke) {
        self.pen.line(from, to, stroke);
    }
    /// A node's shape is taken too: no late label goes over a node.
    fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: Stroke) {
        let xs = points.iter().map(|p| p.0);
        let ys = points.iter().map(|p| p.1);
        let (x0, x1) = (
            xs.clone().fold(f64::INFINITY, f64::min),
            xs.fold(f64::NEG_INFINITY, f64::max),
        );
        let (y0, y1) = (
            ys.clone().fold(f64::INFINITY, f64::min),
            ys.fold(f64::NEG_INFINITY, f64::max),
        );
        self.boxes.push([x0, y0, x1, y1]);
        self.pen.polygon(points, fill, stroke);
    }
    fn circle(&mut self, centre: (f64, f64), r: f64, fill: Option<&str>, stroke: Stroke) {
        self.boxes
            .push([centre.0 - r, centre.1 - r, centre.0 + r, centre.1 + r]);
        self.pen.circle(centre, r, fill, stroke);
    }
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str) {
        self.pen.rect(x, y, w, h, fill);
    }
    fn text(&mut self, s: &str, at: (f64, f64), px: f64, bold: bool, align: Align, colour: &str) {
        self.boxes.push(text_box(s, at, px, align));
        self.pen.text(s, at, px, bold, align, colour);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_free_spot_avoids_the_labels_drawn_and_the_edges() {
        let mut svg = super::super::svg::SvgPen::new();
        let mut pen = Boxes::new(&mut svg);
        pen.clear(200.0, 100.0);
        // "abcde" at 10 px centred on (50, 50): 30 wide, 10 high.
        pen.text("abcde", (50.0, 50.0), 10.0, false, Align::Centre, "#000");
        assert_eq!(pen.boxes, vec![[35.0, 45.0, 65.0, 55.0]]);
        let bounds = [0.0, 0.0, 200.0, 100.0];
        let size = (20.0, 10.0);
        // Taken, then free.
        let spot = |c: &[(f64, f64)]| pen.free_spot(c, size, bounds);
        assert_eq!(spot(&[(50.0, 50.0), (50.0, 70.0)]), Some((50.0, 70.0)));
        // Touching edges do not overlap.
        assert_eq!(spot(&[(75.0, 50.0)]), Some((75.0, 50.0)));
        // Off the surface, then free.
        assert_eq!(spot(&[(5.0, 90.0), (150.0, 20.0)]), Some((150.0, 20.0)));
        // Nothing free: the one that covers least.
        assert_eq!(spot(&[(195.0, 50.0), (50.0, 50.0)]), None);
        // (50, 50) covers 200 square pixels of the label, (60, 52) 120,
        // (68, 50) 70; (195, 50) has 50 off the surface, counted as 200,
        // and (199, 50) 90, counted as 360.
        let best = |c: &[(f64, f64)]| pen.best_spot(c, size, bounds);
        assert_eq!(
            best(&[(50.0, 50.0), (60.0, 52.0), (68.0, 50.0)]),
            (68.0, 50.0)
        );
        assert_eq!(best(&[(195.0, 50.0), (68.0, 50.0)]), (68.0, 50.0));
        assert_eq!(
            best(&[(199.0, 50.0), (195.0, 50.0), (50.0, 50.0)]),
            (195.0, 50.0)
        );
    }
}
