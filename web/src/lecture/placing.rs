//! Where a late label can go without covering one drawn before it: a
//! [`Pen`] that passes everything on and keeps an estimate of each
//! label's box, and the search for a free spot along a line.
//!
//! The estimate is the drawing's own rule of thumb (glyphs about 0.6 of
//! the size wide, one size high, centred on `y`): no surface measures
//! text here, and the SVG export has no fonts to measure with.

use super::draw::{Align, Pen, Stroke};

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

/// Whether two boxes share any area.
pub fn overlaps(a: &TextBox, b: &TextBox) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// Passes every stroke on to `pen` and keeps the box of every label.
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

    /// The first of `candidates` where a box `w` wide and `h` high,
    /// centred there, covers no label drawn so far and stays inside
    /// `bounds`; the first candidate when none is free.
    pub fn free_spot(
        &self,
        candidates: &[(f64, f64)],
        (w, h): (f64, f64),
        bounds: TextBox,
    ) -> (f64, f64) {
        let box_at = |(x, y): (f64, f64)| [x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0];
        candidates
            .iter()
            .copied()
            .find(|&c| {
                let b = box_at(c);
                b[0] >= bounds[0]
                    && b[1] >= bounds[1]
                    && b[2] <= bounds[2]
                    && b[3] <= bounds[3]
                    && !self.boxes.iter().any(|o| overlaps(&b, o))
            })
            .unwrap_or(candidates[0])
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
    fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: Stroke) {
        self.pen.polygon(points, fill, stroke);
    }
    fn circle(&mut self, centre: (f64, f64), r: f64, fill: Option<&str>, stroke: Stroke) {
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
        assert_eq!(
            pen.free_spot(&[(50.0, 50.0), (50.0, 70.0)], size, bounds),
            (50.0, 70.0)
        );
        // Touching edges do not overlap.
        assert_eq!(pen.free_spot(&[(75.0, 50.0)], size, bounds), (75.0, 50.0));
        // Off the surface, then free.
        assert_eq!(
            pen.free_spot(&[(5.0, 90.0), (150.0, 20.0)], size, bounds),
            (150.0, 20.0)
        );
        // Nothing free: the first.
        assert_eq!(
            pen.free_spot(&[(195.0, 50.0), (50.0, 50.0)], size, bounds),
            (195.0, 50.0)
        );
    }
}
