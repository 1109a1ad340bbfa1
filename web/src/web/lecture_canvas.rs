//! Lecture mode's drawing surfaces: a [`Pen`] on a canvas, sized to the
//! canvas's box on the page at the device pixel ratio (sharp on HiDPI
//! screens and under browser zoom), and the PNG and SVG exports.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use crate::lecture::draw::{Align, Pen, Stroke};
use crate::lecture::layout::Zoom;

/// A canvas and its context, drawn in CSS pixels.
pub struct CanvasPen {
    pub canvas: HtmlCanvasElement,
    pub ctx: CanvasRenderingContext2d,
}

impl CanvasPen {
    pub fn new(canvas: HtmlCanvasElement) -> Option<CanvasPen> {
        let ctx = canvas
            .get_context("2d")
            .ok()
            .flatten()?
            .dyn_into::<CanvasRenderingContext2d>()
            .ok()?;
        Some(CanvasPen { canvas, ctx })
    }

    /// Matches the canvas's pixels to its box on the page (`w` x `h` CSS
    /// pixels) at the device pixel ratio `dpr`; drawing then uses CSS
    /// pixels.
    pub fn fit(&self, w: f64, h: f64, dpr: f64) {
        let (pw, ph) = ((w * dpr).round() as u32, (h * dpr).round() as u32);
        if self.canvas.width() != pw || self.canvas.height() != ph {
            self.canvas.set_width(pw.max(1));
            self.canvas.set_height(ph.max(1));
        }
        let _ = self.ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        self.ctx.clear_rect(0.0, 0.0, w, h);
    }

    /// Draws through a zoom: picture points scaled and moved (after
    /// [`fit`](Self::fit)).
    pub fn zoom(&self, zoom: &Zoom, dpr: f64) {
        let _ = self.ctx.set_transform(
            dpr * zoom.scale,
            0.0,
            0.0,
            dpr * zoom.scale,
            dpr * zoom.dx,
            dpr * zoom.dy,
        );
    }

    /// The canvas's box on the page, in CSS pixels.
    pub fn css_size(&self) -> (f64, f64) {
        (
            f64::from(self.canvas.client_width()),
            f64::from(self.canvas.client_height()),
        )
    }

    fn stroke(&self, s: Stroke) {
        self.ctx.set_stroke_style_str(s.colour);
        self.ctx.set_line_width(s.width);
        let arr = js_sys::Array::new();
        if s.dashed {
            arr.push(&JsValue::from_f64(4.0));
            arr.push(&JsValue::from_f64(4.0));
        }
        let _ = self.ctx.set_line_dash(&arr);
        self.ctx.stroke();
        let _ = self.ctx.set_line_dash(&js_sys::Array::new());
    }
}

impl Pen for CanvasPen {
    fn clear(&mut self, w: f64, h: f64) {
        self.ctx.clear_rect(0.0, 0.0, w, h);
    }

    fn line(&mut self, from: (f64, f64), to: (f64, f64), stroke: Stroke) {
        self.ctx.begin_path();
        self.ctx.move_to(from.0, from.1);
        self.ctx.line_to(to.0, to.1);
        self.stroke(stroke);
    }

    fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: Stroke) {
        let Some(&(x0, y0)) = points.first() else {
            return;
        };
        self.ctx.begin_path();
        self.ctx.move_to(x0, y0);
        for &(x, y) in &points[1..] {
            self.ctx.line_to(x, y);
        }
        self.ctx.close_path();
        self.ctx.set_fill_style_str(fill);
        self.ctx.fill();
        self.stroke(stroke);
    }

    fn circle(&mut self, centre: (f64, f64), r: f64, fill: Option<&str>, stroke: Stroke) {
        self.ctx.begin_path();
        let _ = self
            .ctx
            .arc(centre.0, centre.1, r, 0.0, std::f64::consts::TAU);
        if let Some(fill) = fill {
            self.ctx.set_fill_style_str(fill);
            self.ctx.fill();
        }
        self.stroke(stroke);
    }

    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str) {
        self.ctx.set_fill_style_str(fill);
        self.ctx.fill_rect(x, y, w, h);
    }

    fn text(&mut self, s: &str, at: (f64, f64), px: f64, bold: bool, align: Align, colour: &str) {
        self.ctx.set_font(&format!(
            "{}{px:.1}px sans-serif",
            if bold { "bold " } else { "" }
        ));
        self.ctx.set_text_align(match align {
            Align::Left => "left",
            Align::Centre => "center",
            Align::Right => "right",
        });
        self.ctx.set_text_baseline("middle");
        self.ctx.set_fill_style_str(colour);
        let _ = self.ctx.fill_text(s, at.0, at.1);
    }
}
