//! Lecture mode's exports for slides and handouts: the tree at the current
//! step as SVG or PNG, and a printable handout (every step's sentence, with
//! the tree at the start, at every cut and at the end).

use wasm_bindgen::{JsCast, JsValue};

use super::dom;
use super::render::escape;
use crate::lecture::draw::{self, Style};
use crate::lecture::svg::SvgPen;
use crate::lecture::{explain, Lecture, LecturePage};

/// Offers `data` as a file download named `name`.
fn download(name: &str, mime: &str, data: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::new();
    parts.push(&JsValue::from_str(data));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    download_url(name, &url)?;
    web_sys::Url::revoke_object_url(&url)?;
    Ok(())
}

fn download_url(name: &str, url: &str) -> Result<(), JsValue> {
    let a: web_sys::HtmlAnchorElement = dom::document().create_element("a")?.unchecked_into();
    a.set_href(url);
    a.set_download(name);
    dom::document().body().ok_or("no body")?.append_child(&a)?;
    a.click();
    a.remove();
    Ok(())
}

/// A file name for this lecture: `starcut-arts-4.7-star1-step-12`.
fn base_name(l: &Lecture) -> String {
    let s = &l.settings;
    let what = if s.example.is_empty() {
        "tree"
    } else {
        s.example.as_str()
    };
    format!("starcut-{what}-{}-step-{}", s.algorithm, s.cursor)
}

/// The tree at `cursor` as an SVG document of the slide size.
fn svg_at(page: &LecturePage, l: &Lecture, cursor: usize) -> String {
    let mut pen = SvgPen::new();
    let frame = l.replay.frame(&l.tree, cursor);
    let marks = page.predictions.marks(l.tree.nodes.len());
    draw::tree(&mut pen, l, &frame, &Style::page(1200.0, 528.0), &marks);
    pen.finish()
}

/// Downloads the tree at the current step as SVG.
pub fn svg(page: &LecturePage) -> Result<(), JsValue> {
    let Ok(l) = &page.lecture else {
        return Err("no tree to export".into());
    };
    download(
        &format!("{}.svg", base_name(l)),
        "image/svg+xml",
        &svg_at(page, l, l.settings.cursor),
    )
}

/// Downloads the tree canvas as drawn (at the device pixel ratio) as PNG.
pub fn png(page: &LecturePage, canvas: &web_sys::HtmlCanvasElement) -> Result<(), JsValue> {
    let Ok(l) = &page.lecture else {
        return Err("no tree to export".into());
    };
    let url = canvas.to_data_url_with_type("image/png")?;
    download_url(&format!("{}.png", base_name(l)), &url)
}

/// Downloads a printable handout: every step's sentence, and the tree at
/// the start, after every cut and at the end.
pub fn handout(page: &LecturePage) -> Result<(), JsValue> {
    let Ok(l) = &page.lecture else {
        return Err("no tree to export".into());
    };
    let s = &l.settings;
    let title = match crate::lecture::example(&s.example) {
        Some(ex) => ex.source.to_string(),
        None => "A typed tree".to_string(),
    };
    let cuts = l.replay.cut_cursors();
    let mut html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title>\
         <style>body{{font-family:sans-serif;max-width:60rem;margin:2rem auto}}svg{{width:100%;height:auto;border:1px solid #ccc}}\
         li.cut{{color:#b00020;font-weight:600}}figure{{break-inside:avoid;margin:1rem 0}}@media print{{figure{{page-break-inside:avoid}}}}</style></head><body>\
         <h1>{t}</h1><p>{algo} searching the root with window {w}; {n} steps, {c} cut{cs}.</p>",
        t = escape(&title),
        algo = escape(l.run.algorithm),
        w = escape(&explain::window((s.alpha, s.beta))),
        n = l.replay.len(),
        c = cuts.len(),
        cs = if cuts.len() == 1 { "" } else { "s" },
    );
    let figure = |html: &mut String, cursor: usize, caption: &str| {
        html.push_str(&format!(
            "<figure>{}<figcaption>{}</figcaption></figure>",
            svg_at(page, l, cursor),
            escape(caption)
        ));
    };
    figure(&mut html, 0, "Before the search.");
    html.push_str("<ol>");
    for cursor in 1..=l.replay.len() {
        let frame = l.replay.frame(&l.tree, cursor);
        let (kind, sentence) = frame
            .event
            .clone()
            .unwrap_or((crate::lecture::replay::EventKind::Step, String::new()));
        let cut = kind == crate::lecture::replay::EventKind::Cut;
        html.push_str(&format!(
            "<li{}>{}</li>",
            if cut { " class=\"cut\"" } else { "" },
            escape(&sentence)
        ));
        if cut || cursor == l.replay.len() {
            html.push_str("</ol>");
            figure(
                &mut html,
                cursor,
                &format!("After step {cursor}: {sentence}"),
            );
            html.push_str(&format!("<ol start=\"{}\">", cursor + 1));
        }
    }
    html.push_str("</ol>");
    let result = format!(
        "Result: {}, {} nodes.",
        explain::marked(
            l.run.value,
            explain::side_of(l.run.value, (s.alpha, s.beta))
        ),
        l.run.nodes
    );
    html.push_str(&format!(
        "<p><strong>{}</strong></p></body></html>\n",
        escape(&result)
    ));
    let name = base_name(l);
    let name = name.rsplit_once("-step-").map_or(name.as_str(), |(a, _)| a);
    download(&format!("{name}-handout.html"), "text/html", &html)
}
