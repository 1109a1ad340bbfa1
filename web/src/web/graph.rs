//! The evaluation graph: the player's expected score after every step of
//! the game (the engine's searches during play and the review), with the
//! shown step marked. A click picks the step under the pointer.

use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::dom::{self, by_id};
use crate::model::review::expected_score;
use crate::model::Model;

fn canvas() -> HtmlCanvasElement {
    by_id("eval-graph").unchecked_into()
}

/// The step count under a click at `x` CSS pixels from the left.
pub fn step_at(model: &Model, x: f64) -> Option<usize> {
    let w = f64::from(canvas().client_width());
    let last = model.session().cursor();
    if w <= 0.0 || last == 0 {
        return None;
    }
    Some(((x / w) * last as f64).round().clamp(0.0, last as f64) as usize)
}

/// Draws the graph of the model's values.
pub fn draw(model: &Model) {
    let canvas = canvas();
    let (w, h) = (
        f64::from(canvas.client_width()).max(50.0),
        f64::from(canvas.client_height()).max(40.0),
    );
    let dpr = dom::window().device_pixel_ratio().clamp(1.0, 4.0);
    let (pw, ph) = ((w * dpr).round() as u32, (h * dpr).round() as u32);
    if canvas.width() != pw || canvas.height() != ph {
        canvas.set_width(pw);
        canvas.set_height(ph);
    }
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
    ctx.clear_rect(0.0, 0.0, w, h);
    let last = model.session().cursor().max(1) as f64;
    let bound = model.session().bound();
    let x = |n: usize| n as f64 / last * (w - 8.0) + 4.0;
    let y = |v: f64| (1.0 - expected_score(v, bound)) * (h - 8.0) + 4.0;
    // The even line and the shown step.
    ctx.set_stroke_style_str("rgba(128,128,128,0.6)");
    ctx.set_line_width(1.0);
    ctx.begin_path();
    ctx.move_to(0.0, h / 2.0);
    ctx.line_to(w, h / 2.0);
    ctx.stroke();
    let shown = x(model.shown());
    ctx.set_stroke_style_str("rgba(45,106,79,0.8)");
    ctx.begin_path();
    ctx.move_to(shown, 0.0);
    ctx.line_to(shown, h);
    ctx.stroke();
    // The player's share as an area above the bottom.
    let values = model.review().values();
    let points: Vec<(f64, f64)> = values
        .iter()
        .filter(|(&n, _)| n <= model.session().cursor())
        .map(|(&n, &v)| (x(n), y(v)))
        .collect();
    if let (Some(first), Some(end)) = (points.first(), points.last()) {
        ctx.begin_path();
        ctx.move_to(first.0, h);
        for &(px, py) in &points {
            ctx.line_to(px, py);
        }
        ctx.line_to(end.0, h);
        ctx.close_path();
        ctx.set_fill_style_str("rgba(45,106,79,0.25)");
        ctx.fill();
        ctx.begin_path();
        ctx.move_to(first.0, first.1);
        for &(px, py) in &points[1..] {
            ctx.line_to(px, py);
        }
        ctx.set_stroke_style_str("#2d6a4f");
        ctx.set_line_width(2.0);
        ctx.stroke();
    }
    let label = match values.iter().next_back() {
        Some((&n, &v)) => format!(
            "Evaluation graph: {} of {} positions valued; your expected score after step {n} is {:.0}%",
            values.len(),
            model.session().cursor() + 1,
            expected_score(v, bound) * 100.0
        ),
        None => "Evaluation graph: no position valued yet".to_string(),
    };
    let _ = canvas.set_attribute("aria-label", &label);
    let _ = canvas.set_attribute("data-points", &values.len().to_string());
}
