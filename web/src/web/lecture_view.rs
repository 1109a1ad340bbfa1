//! Lecture mode on the page: wires its controls and keys to
//! [`LecturePage::update`], saves its settings, keeps the URL fragment
//! (`#lecture&…`) in step so a reload or a shared link shows the same
//! step, runs autoplay and the presentation view, and renders through
//! [`super::lecture_render`].
//!
//! It lives in its own thread-local beside the game's app; the mode switch
//! only hides one and shows the other, so a game in progress is untouched.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlTextAreaElement, KeyboardEvent};

use super::dom::{self, by_id, on_id, set_hidden};
use super::lecture_canvas::CanvasPen;
use super::worker_client::defer_ms;
use super::{lecture_export, lecture_render};
use crate::lecture::layout::Zoom;
use crate::lecture::replay::EventKind;
use crate::lecture::{algorithms, LectureMsg, LectureNav, LecturePage, LectureSettings};
use starcut::tree::examples::EXAMPLES;

/// localStorage keys: the lecture's settings, and which mode was last used.
const STORAGE_KEY: &str = "starcut.lecture";
const MODE_KEY: &str = "starcut.mode";
/// The presentation view hides its controls after this long without the
/// mouse moving.
const IDLE_MS: i32 = 2500;

struct View {
    page: LecturePage,
    active: bool,
    tree: CanvasPen,
    chart: CanvasPen,
    presenting: bool,
    /// Autoplay: on, and the generation of its timer (a new start or a
    /// stop makes older timers do nothing).
    playing: bool,
    play_generation: u32,
    /// The mouse's last move in the presentation view (idle timer).
    idle_generation: u32,
    /// Zoom and pan of the tree (reset when another tree loads).
    zoom: Zoom,
    /// A drag on the tree: the last pointer position, and whether it moved
    /// (then the click that ends it is no click on a node).
    drag: Option<(f64, f64)>,
    dragged: bool,
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

fn pen(id: &str) -> CanvasPen {
    let canvas: HtmlCanvasElement = by_id(id).unchecked_into();
    CanvasPen::new(canvas).expect("canvas 2d context")
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
    examples.push((
        String::new(),
        "Your tree (typed, random or from a game)".into(),
    ));
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
        tree: pen("lecture-canvas"),
        chart: pen("lecture-chart"),
        presenting: false,
        playing: false,
        play_generation: 0,
        idle_generation: 0,
        zoom: Zoom::default(),
        drag: None,
        dragged: false,
    };
    VIEW.with(|cell| *cell.borrow_mut() = Some(view));
    wire();
    set_active(active);
    notice
}

/// Opens a lecture link in a tab already open (the `hashchange` event):
/// the link's settings, in lecture mode. Returns a notice when the link
/// cannot be read (lecture mode then shows what it showed before).
pub fn open_link(fragment: &str) -> Option<String> {
    let base = with_view(|v| v.page.settings.clone())?;
    let notice = match LectureSettings::from_fragment(fragment, &base) {
        Ok(settings) => {
            with_view(|v| {
                v.page = LecturePage::new(settings);
                textarea().set_value(&v.page.settings.tree);
            });
            None
        }
        Err(e) => Some(format!("The lecture link could not be opened: {e}.")),
    };
    set_active(true);
    notice
}

/// Opens lecture mode on a tree of the player's position ("Explain this
/// move"): the full window (-U, U), Star2.
pub fn open_position(tree: &str, bound: f64) {
    stop_play();
    with_view(|v| {
        v.page = LecturePage::new(LectureSettings {
            example: String::new(),
            tree: tree.to_string(),
            algorithm: "star2".into(),
            alpha: -bound,
            beta: bound,
            cursor: 0,
            random: String::new(),
        });
        textarea().set_value(&v.page.settings.tree);
    });
    set_active(true);
}

/// The random exercise the panel's fields describe, with `seed`.
fn random_query(seed: u64) -> String {
    let chance = dom::select("random-chance").value();
    let weights = dom::select("random-weights").value();
    format!(
        "depth={},branching={},chance={chance},weights={weights},values={},seed={seed}",
        dom::select("random-depth").value(),
        dom::select("random-branching").value(),
        dom::select("random-values").value(),
    )
}

/// Whether lecture mode is shown.
pub fn is_active() -> bool {
    with_view(|v| v.active).unwrap_or(false)
}

/// Shows lecture mode (true) or the game (false).
pub fn set_active(active: bool) {
    with_view(|v| {
        v.active = active;
        if !active {
            v.playing = false;
            v.presenting = false;
        }
        set_body_classes(v);
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

fn set_body_classes(v: &View) {
    if let Some(body) = dom::document().body() {
        let list = body.class_list();
        let _ = list.toggle_with_force("lecture", v.active);
        let _ = list.toggle_with_force("presenting", v.active && v.presenting);
        if v.active {
            // Lecture mode takes the page: play mode's game chooser, open
            // on a first visit, closes rather than stand above the tree.
            let _ = list.remove_1("choosing");
            set_hidden("welcome", true);
        }
        if !v.presenting {
            let _ = list.remove_1("idle");
        }
    }
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
        (" ", _) => {
            toggle_play();
            return true;
        }
        ("p" | "P", _) => {
            set_presenting(!with_view(|v| v.presenting).unwrap_or(false));
            return true;
        }
        ("Escape", _) if with_view(|v| v.presenting).unwrap_or(false) => {
            set_presenting(false);
            return true;
        }
        ("0", _) => {
            fit_tree();
            return true;
        }
        _ => return false,
    };
    stop_play();
    dispatch(LectureMsg::Nav(nav));
    true
}

fn dispatch(msg: LectureMsg) {
    with_view(|v| {
        let reloads = !matches!(
            msg,
            LectureMsg::Nav(_)
                | LectureMsg::Node(_)
                | LectureMsg::Toggle(_)
                | LectureMsg::Reveal
                | LectureMsg::Predict(_)
                | LectureMsg::Check
                | LectureMsg::ClearMarks
        );
        v.page.update(msg);
        if reloads {
            v.zoom = Zoom::default();
        }
        v.after_update();
    });
}

/// Autoplay on or off. It starts paused; while on it steps once per the
/// chosen interval and pauses by itself at every cut and at the end.
fn toggle_play() {
    let playing = with_view(|v| {
        v.playing = !v.playing;
        v.play_generation += 1;
        v.after_update();
        v.playing.then_some(v.play_generation)
    })
    .flatten();
    if let Some(generation) = playing {
        schedule_step(generation);
    }
}

fn stop_play() {
    with_view(|v| {
        if v.playing {
            v.playing = false;
            v.play_generation += 1;
        }
    });
}

fn schedule_step(generation: u32) {
    let ms = dom::select("lecture-speed")
        .value()
        .parse::<i32>()
        .unwrap_or(1000)
        .clamp(100, 10_000);
    defer_ms(ms, move || {
        let again = with_view(|v| {
            if !v.playing || v.play_generation != generation {
                return None;
            }
            v.page.update(LectureMsg::Nav(LectureNav::Next));
            let at_cut = v
                .page
                .lecture
                .as_ref()
                .ok()
                .and_then(|l| l.frame().event.map(|(k, _)| k == EventKind::Cut))
                .unwrap_or(false);
            let at_end = v
                .page
                .lecture
                .as_ref()
                .map_or(true, |l| l.cursor() >= l.replay.len());
            if at_cut || at_end {
                v.playing = false;
                v.play_generation += 1;
            }
            v.after_update();
            v.playing.then_some(generation)
        })
        .flatten();
        if let Some(g) = again {
            schedule_step(g);
        }
    });
}

/// The presentation view on or off: the stage goes full screen (where the
/// browser allows it; otherwise it fills the window).
fn set_presenting(on: bool) {
    with_view(|v| {
        v.presenting = on;
        set_body_classes(v);
        v.after_update();
    });
    let doc = dom::document();
    if on {
        let _ = by_id("lecture-stage").request_fullscreen();
        mouse_moved();
    } else if doc.fullscreen_element().is_some() {
        doc.exit_fullscreen();
    }
}

/// Shows the presentation view's controls, and hides them again after
/// [`IDLE_MS`] without a move.
fn mouse_moved() {
    let Some(generation) = with_view(|v| {
        v.idle_generation += 1;
        v.idle_generation
    }) else {
        return;
    };
    if let Some(body) = dom::document().body() {
        let _ = body.class_list().remove_1("idle");
    }
    defer_ms(IDLE_MS, move || {
        let still = with_view(|v| v.presenting && v.idle_generation == generation).unwrap_or(false);
        if still {
            if let Some(body) = dom::document().body() {
                let _ = body.class_list().add_1("idle");
            }
        }
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

/// Shows the whole tree again (no zoom).
fn fit_tree() {
    with_view(|v| {
        v.zoom = Zoom::default();
        v.after_update();
    });
}

/// A mouse event's point on the tree canvas, in CSS pixels.
fn canvas_point(event: &web_sys::Event) -> Option<(f64, f64)> {
    let event = event.dyn_ref::<web_sys::MouseEvent>()?;
    let rect = by_id("lecture-canvas").get_bounding_client_rect();
    if rect.width() <= 0.0 || rect.height() <= 0.0 {
        return None;
    }
    Some((
        f64::from(event.client_x()) - rect.left(),
        f64::from(event.client_y()) - rect.top(),
    ))
}

/// The tree node under a mouse event on the canvas.
fn node_under(event: &web_sys::Event) -> Option<usize> {
    let point = canvas_point(event)?;
    with_view(|v| {
        let (x, y) = v.zoom.invert(point);
        let style = lecture_render::tree_style(&v.tree, v.presenting);
        v.page
            .lecture
            .as_ref()
            .ok()
            .and_then(|l| style.scaled(&l.layout).node_at(x, y))
    })
    .flatten()
}

/// Runs an export, telling the user when it fails.
fn export(f: impl FnOnce(&View) -> Result<(), JsValue>) {
    let result = with_view(|v| f(v));
    if let Some(Err(e)) = result {
        let text = e.as_string().unwrap_or_else(|| format!("{e:?}"));
        super::app::dispatch(crate::model::Msg::Notify(crate::model::Notice::error(
            format!("The export failed: {text}."),
        )));
    }
}

fn wire() {
    on_id("mode-play", "click", |_| set_active(false));
    on_id("mode-lecture", "click", |_| set_active(true));
    on_id("lecture-example", "change", |_| {
        stop_play();
        let name = dom::select("lecture-example").value();
        if name.is_empty() {
            // "Your tree": the text in the box, as it stands.
            dispatch(LectureMsg::Tree(textarea().value()));
        } else {
            dispatch(LectureMsg::Example(name));
            with_view(|v| textarea().set_value(&v.page.settings.tree));
        }
        focus_tree();
    });
    on_id("lecture-algo", "change", |_| {
        stop_play();
        dispatch(LectureMsg::Algorithm(dom::select("lecture-algo").value()));
        focus_tree();
    });
    on_id("lecture-alpha", "change", |_| dispatch(read_window()));
    on_id("lecture-beta", "change", |_| dispatch(read_window()));
    on_id("lecture-load", "click", |_| {
        stop_play();
        dispatch(LectureMsg::Tree(textarea().value()))
    });
    // A click on a node shows its first visit (or the cut that prunes
    // it); in predict mode it marks the node.
    on_id("lecture-canvas", "click", |event| {
        // The end of a drag is no click on a node.
        if with_view(|v| std::mem::take(&mut v.dragged)).unwrap_or(false) {
            return;
        }
        if let Some(n) = node_under(&event) {
            stop_play();
            dispatch(LectureMsg::Node(n));
        }
    });
    // The wheel zooms around the pointer; a drag pans a zoomed tree.
    on_id("lecture-canvas", "wheel", |event| {
        let (Some(point), Some(wheel)) =
            (canvas_point(&event), event.dyn_ref::<web_sys::WheelEvent>())
        else {
            return;
        };
        event.prevent_default();
        let factor = (-wheel.delta_y() * 0.0015).exp();
        with_view(|v| {
            let (w, h) = v.tree.css_size();
            v.zoom.zoom_at(point.0, point.1, factor, w, h);
            v.after_update();
        });
    });
    on_id("lecture-canvas", "pointerdown", |event| {
        let point = canvas_point(&event);
        with_view(|v| {
            v.drag = point;
            v.dragged = false;
        });
    });
    on_id("lecture-canvas", "pointermove", |event| {
        let Some(point) = canvas_point(&event) else {
            return;
        };
        with_view(|v| {
            let Some(last) = v.drag else { return };
            let (mx, my) = (point.0 - last.0, point.1 - last.1);
            if !v.dragged && mx.hypot(my) < 4.0 {
                return;
            }
            v.dragged = true;
            v.drag = Some(point);
            let (w, h) = v.tree.css_size();
            v.zoom.pan(mx, my, w, h);
            v.after_update();
        });
    });
    for end in ["pointerup", "pointerleave", "pointercancel"] {
        on_id("lecture-canvas", end, |_| {
            with_view(|v| v.drag = None);
        });
    }
    on_id("lecture-fit", "click", |_| fit_tree());
    // A double click folds or unfolds a node's subtree.
    on_id("lecture-canvas", "dblclick", |event| {
        if let Some(n) = node_under(&event) {
            dispatch(LectureMsg::Toggle(n));
        }
    });
    let nav = |id: &'static str, nav: LectureNav| {
        on_id(id, "click", move |_| {
            stop_play();
            dispatch(LectureMsg::Nav(nav))
        })
    };
    nav("lecture-first", LectureNav::First);
    nav("lecture-prev-cut", LectureNav::PrevCut);
    nav("lecture-prev", LectureNav::Prev);
    nav("lecture-next", LectureNav::Next);
    nav("lecture-next-cut", LectureNav::NextCut);
    nav("lecture-last", LectureNav::Last);
    on_id("lecture-play", "click", |_| toggle_play());
    on_id("lecture-present", "click", |_| {
        set_presenting(!with_view(|v| v.presenting).unwrap_or(false))
    });
    on_id("lecture-reveal", "click", |_| dispatch(LectureMsg::Reveal));
    on_id("random-load", "click", |_| {
        stop_play();
        let seed = dom::input("random-seed")
            .value()
            .trim()
            .parse()
            .unwrap_or(1);
        dispatch(LectureMsg::Random(random_query(seed)));
        with_view(|v| textarea().set_value(&v.page.settings.tree));
        focus_tree();
    });
    on_id("random-new", "click", |_| {
        stop_play();
        let seed = (js_sys::Math::random() * 1e6) as u64;
        dom::input("random-seed").set_value(&seed.to_string());
        dispatch(LectureMsg::Random(random_query(seed)));
        with_view(|v| textarea().set_value(&v.page.settings.tree));
        focus_tree();
    });
    on_id("lecture-predict", "click", |_| {
        let on = !with_view(|v| v.page.predicting).unwrap_or(false);
        dispatch(LectureMsg::Predict(on));
    });
    on_id("lecture-check", "click", |_| dispatch(LectureMsg::Check));
    on_id("predict-set", "click", |_| {
        let node = dom::select("predict-node").value().parse().unwrap_or(0);
        let value = dom::input("predict-value")
            .value()
            .trim()
            .parse::<f64>()
            .unwrap_or(f64::NAN);
        dispatch(LectureMsg::PredictValue(node, value));
    });
    on_id("lecture-clear-marks", "click", |_| {
        dispatch(LectureMsg::ClearMarks)
    });
    on_id("lecture-export-svg", "click", |_| {
        export(|v| lecture_export::svg(&v.page))
    });
    on_id("lecture-export-png", "click", |_| {
        export(|v| lecture_export::png(&v.page, &v.tree.canvas))
    });
    on_id("lecture-handout", "click", |_| {
        export(|v| lecture_export::handout(&v.page))
    });
    on_id("lecture-stage", "mousemove", |_| {
        if with_view(|v| v.presenting).unwrap_or(false) {
            mouse_moved();
        }
    });
    // Leaving full screen (Esc) leaves the presentation view.
    dom::on(&dom::document().into(), "fullscreenchange", |_| {
        if dom::document().fullscreen_element().is_none()
            && with_view(|v| v.presenting).unwrap_or(false)
        {
            set_presenting(false);
        }
    });
    // A new window size or zoom lays the tree out again.
    dom::on(&dom::window().into(), "resize", |_| {
        with_view(|v| {
            if v.active {
                v.render();
            }
        });
    });
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

    fn render(&mut self) {
        lecture_render::render(
            &self.page,
            &mut self.tree,
            &mut self.chart,
            &self.zoom,
            self.presenting,
            self.playing,
        );
    }
}
