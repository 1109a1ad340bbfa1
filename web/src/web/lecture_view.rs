//! Lecture mode on the page: wires its controls and keys to
//! [`LecturePage::update`], saves its settings, keeps the URL fragment
//! (`#lecture&…`) in step so a reload or a shared link shows the same
//! step, and renders the panel and both canvases.
//!
//! It lives in its own thread-local beside the game's app; the mode switch
//! only hides one and shows the other, so a game in progress is untouched.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlTextAreaElement, KeyboardEvent};

use super::dom::{self, by_id, on_id, set_disabled, set_hidden, set_text};
use super::lecture_canvas as draw;
use crate::lecture::explain::{self, Side};
use crate::lecture::{algorithms, LectureMsg, LectureNav, LecturePage, LectureSettings};
use starcut::tree::examples::EXAMPLES;

/// localStorage keys: the lecture's settings, and which mode was last used.
const STORAGE_KEY: &str = "starcut.lecture";
const MODE_KEY: &str = "starcut.mode";

struct View {
    page: LecturePage,
    active: bool,
    tree_ctx: CanvasRenderingContext2d,
    chart_ctx: CanvasRenderingContext2d,
}

thread_local! {
    static VIEW: RefCell<Option<View>> = const { RefCell::new(None) };
}

fn with_view<R>(f: impl FnOnce(&mut View) -> R) -> Option<R> {
    VIEW.with(|cell| {
        cell.try_borrow_mut()
            .ok()
            .and_then(|mut v| v.as_mut().map(f))
    })
}

fn storage() -> Option<web_sys::Storage> {
    dom::window().local_storage().ok().flatten()
}

fn context(id: &str, w: f64, h: f64) -> CanvasRenderingContext2d {
    let canvas: HtmlCanvasElement = by_id(id).unchecked_into();
    canvas.set_width(w as u32);
    canvas.set_height(h as u32);
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .expect("canvas 2d context")
        .unchecked_into()
}

fn textarea() -> HtmlTextAreaElement {
    by_id("lecture-tree").unchecked_into()
}

/// Starts lecture mode's half of the page; `fragment` is the URL's
/// (`#lecture…` opens lecture mode at once). Returns a notice when the
/// lecture link or the saved lecture could not be read.
pub fn start(fragment: &str) -> Option<String> {
    let saved = storage()
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
        .and_then(|t| serde_json::from_str::<LectureSettings>(&t).ok())
        .unwrap_or_default();
    let mut notice = None;
    let (settings, active) = if LectureSettings::is_lecture_fragment(fragment) {
        match LectureSettings::from_fragment(fragment, &saved) {
            Ok(s) => (s, true),
            Err(e) => {
                notice = Some(format!("The lecture link could not be opened: {e}."));
                (saved, true)
            }
        }
    } else {
        let last_mode = storage().and_then(|s| s.get_item(MODE_KEY).ok().flatten());
        (saved, last_mode.as_deref() == Some("lecture"))
    };
    let mut examples: Vec<(String, String)> = EXAMPLES
        .iter()
        .map(|e| (e.name.to_string(), format!("{} ({})", e.name, e.source)))
        .collect();
    examples.push((String::new(), "Typed tree".into()));
    dom::fill_select("lecture-example", &examples, &settings.example);
    let algos: Vec<(String, String)> = algorithms()
        .into_iter()
        .map(|a| (a.to_string(), a.to_string()))
        .collect();
    dom::fill_select("lecture-algo", &algos, &settings.algorithm);
    textarea().set_value(&settings.tree);
    let view = View {
        page: LecturePage::new(settings),
        active: false,
        tree_ctx: context("lecture-canvas", draw::TREE_W, draw::TREE_H),
        chart_ctx: context("lecture-chart", draw::CHART_W, draw::CHART_H),
    };
    VIEW.with(|cell| *cell.borrow_mut() = Some(view));
    wire();
    set_active(active);
    notice
}

/// Whether lecture mode is shown.
pub fn is_active() -> bool {
    with_view(|v| v.active).unwrap_or(false)
}

/// Shows lecture mode (true) or the game (false).
pub fn set_active(active: bool) {
    with_view(|v| {
        v.active = active;
        let body = dom::document().body();
        if let Some(body) = body {
            body.set_class_name(if active { "lecture" } else { "" });
        }
        set_hidden("lecture", !active);
        let _ = by_id("mode-play").set_attribute("aria-pressed", &(!active).to_string());
        let _ = by_id("mode-lecture").set_attribute("aria-pressed", &active.to_string());
        if let Some(s) = storage() {
            let _ = s.set_item(MODE_KEY, if active { "lecture" } else { "play" });
        }
        if !active {
            let location = dom::window().location();
            if location.hash().unwrap_or_default().len() > 1 {
                let path = location.pathname().unwrap_or_default()
                    + &location.search().unwrap_or_default();
                if let Ok(h) = dom::window().history() {
                    let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&path));
                }
            }
        }
        v.after_update();
    });
}

/// Handles a key while lecture mode is shown; true if it was used.
pub fn key(key: &KeyboardEvent) -> bool {
    if !is_active() {
        return false;
    }
    let nav = match (key.key().as_str(), key.shift_key()) {
        ("ArrowLeft", false) => LectureNav::Prev,
        ("ArrowRight", false) => LectureNav::Next,
        ("ArrowLeft", true) => LectureNav::PrevCut,
        ("ArrowRight", true) => LectureNav::NextCut,
        ("Home", _) | ("ArrowUp", _) => LectureNav::First,
        ("End", _) | ("ArrowDown", _) => LectureNav::Last,
        _ => return false,
    };
    dispatch(LectureMsg::Nav(nav));
    true
}

fn dispatch(msg: LectureMsg) {
    with_view(|v| {
        v.page.update(msg);
        v.after_update();
    });
}

/// Moves the focus from a list just used to the tree, so that the arrow
/// keys step the search instead of changing the list's choice.
fn focus_tree() {
    if let Ok(canvas) = by_id("lecture-canvas").dyn_into::<web_sys::HtmlElement>() {
        let _ = canvas.focus();
    }
}

fn read_window() -> LectureMsg {
    let num = |id: &str| {
        dom::input(id)
            .value()
            .trim()
            .parse::<f64>()
            .unwrap_or(f64::NAN)
    };
    LectureMsg::Window(num("lecture-alpha"), num("lecture-beta"))
}

fn wire() {
    on_id("mode-play", "click", |_| set_active(false));
    on_id("mode-lecture", "click", |_| set_active(true));
    on_id("lecture-example", "change", |_| {
        let name = dom::select("lecture-example").value();
        if name.is_empty() {
            // "Typed tree": the text in the box, as it stands.
            dispatch(LectureMsg::Tree(textarea().value()));
        } else {
            dispatch(LectureMsg::Example(name));
            with_view(|v| textarea().set_value(&v.page.settings.tree));
        }
        focus_tree();
    });
    on_id("lecture-algo", "change", |_| {
        dispatch(LectureMsg::Algorithm(dom::select("lecture-algo").value()));
        focus_tree();
    });
    on_id("lecture-alpha", "change", |_| dispatch(read_window()));
    on_id("lecture-beta", "change", |_| dispatch(read_window()));
    on_id("lecture-load", "click", |_| {
        dispatch(LectureMsg::Tree(textarea().value()))
    });
    // A click on a node shows its first visit (or the cut that prunes it).
    on_id("lecture-canvas", "click", |event| {
        let Some(event) = event.dyn_ref::<web_sys::MouseEvent>() else {
            return;
        };
        let rect = by_id("lecture-canvas").get_bounding_client_rect();
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return;
        }
        let x = (f64::from(event.client_x()) - rect.left()) * draw::TREE_W / rect.width();
        let y = (f64::from(event.client_y()) - rect.top()) * draw::TREE_H / rect.height();
        let node = with_view(|v| {
            v.page
                .lecture
                .as_ref()
                .ok()
                .and_then(|l| l.layout.scaled(draw::TREE_W, draw::TREE_H).node_at(x, y))
        })
        .flatten();
        if let Some(n) = node {
            dispatch(LectureMsg::Node(n));
        }
    });
    let nav = |id: &'static str, nav: LectureNav| {
        on_id(id, "click", move |_| dispatch(LectureMsg::Nav(nav)))
    };
    nav("lecture-first", LectureNav::First);
    nav("lecture-prev-cut", LectureNav::PrevCut);
    nav("lecture-prev", LectureNav::Prev);
    nav("lecture-next", LectureNav::Next);
    nav("lecture-next-cut", LectureNav::NextCut);
    nav("lecture-last", LectureNav::Last);
}

impl View {
    fn after_update(&mut self) {
        let settings = &self.page.settings;
        if let (Some(s), Ok(json)) = (storage(), serde_json::to_string(settings)) {
            let _ = s.set_item(STORAGE_KEY, &json);
        }
        if self.active {
            let fragment = format!("#{}", settings.to_fragment());
            let location = dom::window().location();
            if location.hash().unwrap_or_default() != fragment {
                let url = location.pathname().unwrap_or_default()
                    + &location.search().unwrap_or_default()
                    + &fragment;
                if let Ok(h) = dom::window().history() {
                    let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&url));
                }
            }
            self.render();
        }
    }

    fn render(&self) {
        let s = &self.page.settings;
        let example = dom::select("lecture-example");
        if example.value() != s.example {
            example.set_value(&s.example);
        }
        let algo = dom::select("lecture-algo");
        if algo.value() != s.algorithm {
            algo.set_value(&s.algorithm);
        }
        for (id, v) in [("lecture-alpha", s.alpha), ("lecture-beta", s.beta)] {
            let input = dom::input(id);
            if input.value().trim().parse::<f64>().ok() != Some(v) && v.is_finite() {
                input.set_value(&v.to_string());
            }
        }
        match &self.page.lecture {
            Err(e) => {
                set_text("lecture-error", e);
                set_hidden("lecture-error", false);
                draw::draw_message(&self.tree_ctx, "No tree to show: see the error above.");
                draw::draw_chart(&self.chart_ctx, &[], "");
                let _ = by_id("lecture-chart").set_attribute("aria-label", "Nodes per algorithm");
                set_text("lecture-step", "");
                set_text("lecture-event", "");
                let _ = by_id("lecture-event").set_attribute("data-kind", "");
                by_id("lecture-compare").set_inner_html("");
                for id in [
                    "lecture-node",
                    "lecture-window",
                    "lecture-bounds",
                    "lecture-child-window",
                    "lecture-nodes",
                    "lecture-cuts",
                    "lecture-result",
                ] {
                    set_text(id, "–");
                }
                for id in NAV_BUTTONS {
                    set_disabled(id, true);
                }
                set_text("lecture-source", "");
            }
            Ok(l) => {
                set_hidden("lecture-error", true);
                set_text("lecture-error", "");
                let frame = l.frame();
                let len = l.replay.len();
                set_text("lecture-step", &format!("Step {} / {len}", frame.cursor));
                let (kind, sentence) = match &frame.event {
                    Some((k, t)) => (k.name(), t.clone()),
                    None => (
                        "start",
                        format!(
                            "Before the search: {} will search the root with window {}. Press → to step.",
                            l.run.algorithm,
                            explain::window((s.alpha, s.beta))
                        ),
                    ),
                };
                set_text("lecture-event", &sentence);
                let _ = by_id("lecture-event").set_attribute("data-kind", kind);
                let current = frame
                    .current
                    .map(|n| (n, &l.tree.nodes[n], &frame.nodes[n]));
                set_text(
                    "lecture-node",
                    &current.map_or("–".into(), |(_, n, _)| {
                        format!("{} ({})", n.name, n.kind.name())
                    }),
                );
                set_text(
                    "lecture-window",
                    &current
                        .and_then(|(_, _, st)| st.window)
                        .map_or("–".into(), explain::window),
                );
                // The innermost open chance node's bounds and child window.
                let chance = frame
                    .open
                    .iter()
                    .rev()
                    .find(|&&n| l.tree.nodes[n].kind == crate::lecture::tree::ShownKind::Chance)
                    .copied();
                let bounds = chance.and_then(|n| {
                    frame.nodes[n]
                        .bounds
                        .map(|b| format!("{}: {}", l.tree.nodes[n].name, explain::bounds(b)))
                });
                set_text("lecture-bounds", bounds.as_deref().unwrap_or("–"));
                let cw = chance.and_then(|n| {
                    frame.nodes[n].child_window.map(|(k, a, b)| {
                        format!("{}: {}", l.tree.nodes[k].name, explain::window((a, b)))
                    })
                });
                set_text("lecture-child-window", cw.as_deref().unwrap_or("–"));
                set_text(
                    "lecture-nodes",
                    &format!("{} of {}", frame.entered, l.run.nodes),
                );
                set_text("lecture-cuts", &frame.cuts.to_string());
                let side = explain::side_of(l.run.value, (s.alpha, s.beta));
                let what = match side {
                    Side::High => " (≥ beta: a lower bound)",
                    Side::Low => " (≤ alpha: an upper bound)",
                    Side::Exact => " (exact)",
                };
                set_text(
                    "lecture-result",
                    &format!(
                        "{}{what}, {} nodes, depth {}",
                        explain::num(l.run.value),
                        l.run.nodes,
                        l.depth
                    ),
                );
                let source = match crate::lecture::example(&s.example) {
                    Some(ex) => format!("{}. {}", ex.source, ex.notes),
                    None => "A typed tree.".to_string(),
                };
                set_text("lecture-source", &source);
                for id in NAV_BUTTONS {
                    set_disabled(id, false);
                }
                set_disabled("lecture-first", frame.cursor == 0);
                set_disabled("lecture-prev", frame.cursor == 0);
                set_disabled("lecture-prev-cut", frame.cursor == 0);
                set_disabled("lecture-next", frame.cursor == len);
                set_disabled("lecture-next-cut", frame.cursor == len);
                set_disabled("lecture-last", frame.cursor == len);
                draw::draw_tree(&self.tree_ctx, l, &frame);
                draw::draw_chart(&self.chart_ctx, &l.compare, &s.algorithm);
                // The chart's numbers for screen readers (and the tests).
                let bars: Vec<String> = l
                    .compare
                    .iter()
                    .map(|r| format!("{} {}", r.algorithm, r.nodes))
                    .collect();
                let _ = by_id("lecture-chart").set_attribute(
                    "aria-label",
                    &format!("Nodes per algorithm: {}", bars.join(", ")),
                );
                let mut html = String::from(
                    "<tr><th>algorithm</th><th>nodes</th><th>value</th><th>cuts</th></tr>",
                );
                for r in &l.compare {
                    let cuts = dom::cuts_text(&r.cuts);
                    html.push_str(&format!(
                        "<tr data-algorithm=\"{a}\"{cls}><td>{a}</td><td class=\"nodes\">{n}</td><td>{v}</td><td>{cuts}</td></tr>",
                        a = r.algorithm,
                        cls = if r.algorithm == s.algorithm { " class=\"chosen\"" } else { "" },
                        n = r.nodes,
                        v = explain::marked(r.value, explain::side_of(r.value, (s.alpha, s.beta))),
                    ));
                }
                by_id("lecture-compare").set_inner_html(&html);
            }
        }
    }
}

const NAV_BUTTONS: [&str; 6] = [
    "lecture-first",
    "lecture-prev-cut",
    "lecture-prev",
    "lecture-next",
    "lecture-next-cut",
    "lecture-last",
];
