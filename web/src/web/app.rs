//! The page: wires DOM events to [`Msg`]s, runs [`Model::update`], carries
//! out the effects, saves the game and renders.
//!
//! The app lives in a thread-local; browser callbacks call [`dispatch`].
//! None of the app's own code triggers a callback synchronously, so the
//! thread-local is never borrowed twice.

use std::cell::RefCell;

use starcut::Player;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Event, HtmlCanvasElement, KeyboardEvent, PointerEvent};

use super::canvas::{self, Geometry, RollClock};
use super::dom::{self, by_id, on_id, set_disabled, set_hidden, set_text};
use super::worker_client::{WorkerClient, WorkerEvent};
use crate::board::Sq;
use crate::games;
use crate::lecture::LectureSettings;
use crate::model::{Effect, Model, Msg, Nav, Purpose, WorkerState};
use crate::protocol::{FromWorker, GameKind, Limit, SearchSettings, ToWorker, ALGORITHMS};
use crate::saved::SavedGame;

/// localStorage key of the game in progress.
const STORAGE_KEY: &str = "starcut.game";

struct App {
    model: Model,
    worker: WorkerClient,
    ctx: CanvasRenderingContext2d,
    canvas: HtmlCanvasElement,
    roll_clock: Option<RollClock>,
    animating: bool,
    saved: String,
}

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// A fresh random seed for the page's dice (getrandom's browser backend).
fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::getrandom(&mut bytes).is_err() {
        return js_sys::Date::now() as u64;
    }
    u64::from_le_bytes(bytes)
}

fn now_ms() -> f64 {
    dom::window()
        .performance()
        .map_or_else(js_sys::Date::now, |p| p.now())
}

fn local_storage() -> Option<web_sys::Storage> {
    dom::window().local_storage().ok().flatten()
}

/// Starts the page.
pub fn start() {
    console_error_panic_hook::set_once();
    fill_static_controls();

    let mut notices: Vec<String> = Vec::new();
    let fresh = || games::new_session(GameKind::Dice, "").expect("Dice always starts");
    let (mut model, mut effects) = Model::new(fresh(), Player::First, random_seed());
    let location = dom::window().location();
    let hash = location.hash().unwrap_or_default();
    // `#lecture…` opens lecture mode (super::lecture_view), not a game.
    let lecture_link = LectureSettings::is_lecture_fragment(&hash);
    if hash.len() > 1 && !lecture_link {
        let loaded = SavedGame::from_fragment(&hash).and_then(|s| s.restore_into(&mut model));
        match loaded {
            Ok(e) => effects = e,
            Err(e) => {
                notices.push(format!(
                    "The shared link could not be opened: {e}. A new game was started instead."
                ));
                (model, effects) = Model::new(fresh(), Player::First, random_seed());
            }
        }
        // The game now lives in localStorage; a reload must not reopen the link.
        if let Ok(history) = dom::window().history() {
            let path =
                location.pathname().unwrap_or_default() + &location.search().unwrap_or_default();
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&path));
        }
    } else if let Some(text) = local_storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
    {
        let loaded = SavedGame::from_json(&text).and_then(|s| s.restore_into(&mut model));
        match loaded {
            Ok(e) => effects = e,
            Err(e) => {
                notices.push(format!(
                    "The saved game could not be restored: {e}. A new game was started instead."
                ));
                (model, effects) = Model::new(fresh(), Player::First, random_seed());
            }
        }
    }
    if let Some(text) = notices.pop() {
        model.notice = Some(crate::model::Notice { error: true, text });
    }

    let canvas: HtmlCanvasElement = by_id("board").unchecked_into();
    canvas.set_width(canvas::BOARD_PX as u32);
    canvas.set_height((canvas::BOARD_PX + canvas::STRIP_PX) as u32);
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .expect("canvas 2d context")
        .unchecked_into();
    let mut worker = WorkerClient::new(worker_event);
    worker.restart();
    let app = App {
        model,
        worker,
        ctx,
        canvas,
        roll_clock: None,
        animating: false,
        saved: String::new(),
    };
    APP.with(|cell| *cell.borrow_mut() = Some(app));
    wire_events();
    let lecture_notice = super::lecture_view::start(&hash);
    with_app(|app| {
        if let Some(text) = lecture_notice {
            app.model.notice = Some(crate::model::Notice { error: true, text });
        }
        app.apply(effects);
        app.show_settings();
        app.after_update();
    });
}

fn with_app<R>(f: impl FnOnce(&mut App) -> R) -> Option<R> {
    APP.with(|cell| {
        cell.try_borrow_mut()
            .ok()
            .and_then(|mut app| app.as_mut().map(f))
    })
}

/// Handles a message from the page.
pub fn dispatch(msg: Msg) {
    with_app(|app| {
        let effects = app.model.update(msg);
        app.apply(effects);
        app.after_update();
    });
}

/// Records, once, when the page first became usable (board drawn, engine
/// ready) as `data-interactive-ms` on `<html>`: milliseconds since
/// navigation start. The e2e suite reads it to measure load time.
fn mark_interactive() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(root) = window.document().and_then(|d| d.document_element()) else {
        return;
    };
    if root.has_attribute("data-interactive-ms") {
        return;
    }
    if let Some(perf) = window.performance() {
        let _ = root.set_attribute("data-interactive-ms", &format!("{:.1}", perf.now()));
    }
}

/// Handles an event of the worker with the given generation.
fn worker_event(generation: u32, event: WorkerEvent) {
    with_app(|app| {
        if generation != app.worker.generation() {
            return; // from a worker that was replaced
        }
        let msg = match event {
            WorkerEvent::Message(reply) => match *reply {
                FromWorker::Ready => {
                    app.worker.set_ready();
                    Msg::WorkerReady
                }
                reply => Msg::Worker(reply),
            },
            WorkerEvent::Failed(text) => Msg::WorkerFailed(text),
            WorkerEvent::LoadTimeout if !app.worker.is_ready() => {
                Msg::WorkerFailed("the worker did not load in time".into())
            }
            WorkerEvent::LoadTimeout => return,
        };
        let effects = app.model.update(msg);
        app.apply(effects);
        app.after_update();
    });
}

impl App {
    fn apply(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Post(msg) => self.worker.post(msg),
                Effect::RestartWorker => {
                    self.model.worker = WorkerState::Loading;
                    self.worker.restart();
                }
            }
        }
    }

    fn after_update(&mut self) {
        self.save();
        self.render();
        if self.worker.is_ready() {
            mark_interactive();
        }
    }

    fn save(&mut self) {
        let text = SavedGame::of(&self.model).to_json();
        if text != self.saved {
            if let Some(storage) = local_storage() {
                let _ = storage.set_item(STORAGE_KEY, &text);
            }
            self.saved = text;
        }
    }

    /// Puts the model's game and settings into the forms (after a load).
    fn show_settings(&self) {
        let kind = self.model.session.kind();
        dom::select("game-select").set_value(kind.name());
        fill_sides(kind);
        dom::select("side-select").set_value(if self.model.human == Player::First {
            "first"
        } else {
            "second"
        });
        dom::input("options-input").set_value(self.model.session.options());
        let s = &self.model.settings;
        dom::select("algorithm").set_value(&s.algorithm);
        dom::input("probe-factor").set_value(&s.probe_factor.to_string());
        dom::input("opt-tt").set_checked(s.tt);
        dom::input("opt-history").set_checked(s.history);
        dom::input("opt-killers").set_checked(s.killers);
        let (kind, value) = match s.limit {
            Limit::Time { ms } => ("time", ms),
            Limit::Depth { plies } => ("depth", plies),
        };
        dom::select("limit-kind").set_value(kind);
        dom::input("limit-value").set_value(&value.to_string());
    }

    fn render(&mut self) {
        let m = &self.model;
        let kind = m.session.kind();
        let thinking = m.thinking.as_ref();
        set_text(
            "engine-status",
            &match (&m.worker, thinking) {
                (WorkerState::Failed(e), _) => format!("Engine failed: {e}"),
                (WorkerState::Loading, _) => "Engine loading…".to_string(),
                (WorkerState::Ready, Some(t)) if t.purpose == Purpose::Hint => {
                    "Engine: finding a hint…".into()
                }
                (WorkerState::Ready, Some(_)) => "Engine thinking…".into(),
                (WorkerState::Ready, None) => "Engine ready".into(),
            },
        );
        set_text("announce", &m.announcement());
        match &m.notice {
            Some(n) => {
                set_text("notice", &n.text);
                by_id("notice").set_class_name(if n.error { "" } else { "info" });
                set_hidden("notice", false);
            }
            None => set_hidden("notice", true),
        }

        let human_moves = m.human_moves();
        let can_roll = human_moves.iter().any(|mv| mv == "roll");
        set_hidden("roll", kind != GameKind::ChanceBreakthrough);
        set_disabled("roll", !can_roll);
        set_disabled("move-input", !m.human_to_move());
        let cursor = m.session.cursor();
        let can_undo = m.can_undo();
        set_disabled("undo", !can_undo);
        set_disabled("redo", cursor == m.session.len());
        set_disabled("hint", !(m.human_to_move() && thinking.is_none()));
        set_disabled("resign", m.game_over() || m.setup.is_some());
        set_disabled("engine-move", !m.engine_may_move());
        set_disabled("stop", thinking.is_none());

        set_text("position", &m.session.view_text_at(m.shown(), m.human));
        set_hidden("setup", m.setup.is_none());
        if let Some(phase) = &m.setup {
            let presets = games::setup::presets(kind);
            let sel = dom::select("setup-preset");
            if sel.length() as usize != presets.len() + 1 {
                let mut options = vec![(String::new(), "(own arrangement)".to_string())];
                options.extend(presets.iter().map(|p| (p.clone(), p.clone())));
                dom::fill_select("setup-preset", &options, "");
            }
            sel.set_value(phase.preset.as_deref().unwrap_or(""));
        }
        set_text(
            "tray",
            &captured_text(kind, &m.session.view_text_at(m.shown(), m.human)),
        );
        self.render_moves();
        self.render_report();

        let board = match m.board() {
            Ok(b) => b,
            Err(e) => {
                set_text("notice", &format!("Cannot draw the position: {e}"));
                set_hidden("notice", false);
                return;
            }
        };
        if let Some(key) = m.strip_key() {
            if self.roll_clock.is_none_or(|c| c.serial != key) {
                self.roll_clock = Some(RollClock {
                    serial: key,
                    started_ms: now_ms(),
                });
            }
        }
        let animating = canvas::draw(&self.ctx, m, &board, self.roll_clock, now_ms());
        let label = format!(
            "{} board, {} to move{}",
            kind.title(),
            kind.player_names()[m.session.to_move_at(m.shown()).index()],
            m.selected
                .map(|s| format!(", {} selected", crate::board::square_name(s, board.rows)))
                .unwrap_or_default()
        );
        let _ = self.canvas.set_attribute("aria-label", &label);
        if animating && !self.animating {
            request_frame();
        }
        self.animating = animating;
    }

    fn render_moves(&self) {
        let m = &self.model;
        let list = by_id("moves");
        let steps = m.session.steps();
        let shown = m.shown();
        let cursor = m.session.cursor();
        // Rebuild only when the content changed (keeps scrolling smooth).
        let texts: Vec<&str> = steps.iter().map(|s| s.text.as_str()).collect();
        let key = format!("{}|{}|{}", texts.join(" "), shown, cursor);
        if list.get_attribute("data-key").as_deref() == Some(key.as_str())
            && list.child_element_count() as usize == steps.len()
        {
            return;
        }
        let _ = list.set_attribute("data-key", &key);
        list.set_inner_html("");
        let doc = dom::document();
        for (i, step) in steps.iter().enumerate() {
            let Ok(li) = doc.create_element("li") else {
                continue;
            };
            li.set_text_content(Some(&step.text));
            let mut class = String::new();
            if step.chance {
                class.push_str("chance ");
            }
            if i >= cursor {
                class.push_str("future");
            }
            li.set_class_name(class.trim());
            let _ = li.set_attribute("data-ply", &(i + 1).to_string());
            if i + 1 == shown {
                let _ = li.set_attribute("aria-current", "true");
            }
            let _ = list.append_child(&li);
        }
        if let Some(current) = list.query_selector("[aria-current]").ok().flatten() {
            let el: web_sys::HtmlElement = current.unchecked_into();
            let parent: web_sys::HtmlElement = list.clone().unchecked_into();
            parent.set_scroll_top(el.offset_top() - parent.client_height() / 2);
        }
    }

    fn render_report(&self) {
        let m = &self.model;
        let Some(r) = &m.report else {
            for id in [
                "stat-depth",
                "stat-nodes",
                "stat-nps",
                "stat-best",
                "stat-value",
                "stat-pv",
                "stat-cuts",
            ] {
                set_text(id, "–");
            }
            by_id("chance-table").set_inner_html("");
            let fill: web_sys::HtmlElement = by_id("eval-fill").unchecked_into();
            let _ = fill.style().set_property("height", "50%");
            let _ = by_id("eval-bar").set_attribute("aria-valuenow", "0");
            return;
        };
        set_text("stat-depth", &r.depth.to_string());
        set_text("stat-nodes", &r.nodes.to_string());
        set_text("stat-nps", &format!("{:.0}", r.nodes_per_second));
        set_text("stat-best", r.best.as_deref().unwrap_or("–"));
        set_text(
            "stat-value",
            &r.value.map_or("–".into(), |v| format!("{v:+.2}")),
        );
        set_text(
            "stat-pv",
            &if r.pv.is_empty() {
                "–".into()
            } else {
                r.pv.join(" ")
            },
        );
        set_text("stat-cuts", &dom::cuts_text(&r.cuts));
        // Eval bar: the first player's share, from the searching side's value.
        if let Some(v) = r.value {
            let bound = if r.bound > 0.0 { r.bound } else { 1.0 };
            let for_first = if m.report_side == Player::First {
                v
            } else {
                -v
            };
            let share = ((for_first / bound).clamp(-1.0, 1.0) + 1.0) / 2.0;
            let fill: web_sys::HtmlElement = by_id("eval-fill").unchecked_into();
            let _ = fill
                .style()
                .set_property("height", &format!("{:.1}%", share * 100.0));
            let _ = by_id("eval-bar")
                .set_attribute("aria-valuenow", &format!("{:.3}", share * 2.0 - 1.0));
        }
        let mut html = String::new();
        if let Some(c) = &r.chance {
            html.push_str(&format!(
                "<caption>Chance node after {} (depth {}): bounds [{:.2}, {:.2}] against window [{:.2}, {:.2}]</caption>\
                 <tr><th>outcome</th><th>p</th><th>value</th></tr>",
                escape(&c.after),
                c.depth,
                c.lower,
                c.upper,
                c.alpha,
                c.beta
            ));
            // Long outcome lists (ChanceBreakthrough's 33 squares): the
            // searched outcomes first, then as many others as fit.
            const ROWS: usize = 12;
            let mut children: Vec<&crate::protocol::ChanceChild> = c.children.iter().collect();
            children.sort_by_key(|ch| ch.value.is_none());
            let hidden = children.len().saturating_sub(ROWS);
            for child in children.into_iter().take(ROWS) {
                html.push_str(&format!(
                    "<tr><td>{}</td><td>{:.3}</td><td>{}</td></tr>",
                    escape(&child.label),
                    child.probability,
                    child.value.map_or("–".into(), |v| format!("{v:.2}"))
                ));
            }
            if hidden > 0 {
                html.push_str(&format!(
                    "<tr><td colspan=\"3\">… {hidden} more outcomes</td></tr>"
                ));
            }
        }
        by_id("chance-table").set_inner_html(&html);
    }
}

/// "Captured: Red 9, Blue 3 B" from a Stratego position's third field.
fn captured_text(kind: GameKind, position: &str) -> String {
    if !matches!(kind, GameKind::Stratego | GameKind::Barrage) {
        return String::new();
    }
    // The optional third field, the only one without a `name:` prefix.
    let field = position
        .split_whitespace()
        .nth(2)
        .filter(|f| !f.contains(':'))
        .unwrap_or("-");
    let chars: Vec<char> = field.chars().collect();
    let mut by_side = [Vec::new(), Vec::new()];
    for pair in chars.chunks(2) {
        if let [colour, rank] = pair {
            let side = usize::from(colour.eq_ignore_ascii_case(&'b'));
            by_side[side].push(rank.to_string());
        }
    }
    let names = kind.player_names();
    let list = |i: usize| {
        if by_side[i].is_empty() {
            "none".to_string()
        } else {
            by_side[i].join(" ")
        }
    };
    format!(
        "Captured — {}: {}; {}: {}",
        names[0],
        list(0),
        names[1],
        list(1)
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Redraws on the next animation frame while a roll animates.
fn request_frame() {
    let closure = Closure::once_into_js(|| {
        with_app(|app| {
            app.animating = false;
            app.render();
        });
    });
    let _ = dom::window().request_animation_frame(closure.unchecked_ref());
}

fn fill_static_controls() {
    let games: Vec<(String, String)> = GameKind::ALL
        .iter()
        .map(|k| (k.name().to_string(), k.title().to_string()))
        .collect();
    dom::fill_select("game-select", &games, GameKind::Dice.name());
    fill_sides(GameKind::Dice);
    let algos: Vec<(String, String)> = ALGORITHMS
        .iter()
        .map(|a| (a.to_string(), a.to_string()))
        .collect();
    dom::fill_select("algorithm", &algos, "staretc");
}

fn fill_sides(kind: GameKind) {
    let [a, b] = kind.player_names();
    let sides = vec![
        ("first".to_string(), format!("{a} (moves first)")),
        ("second".to_string(), b.to_string()),
    ];
    let current = dom::select("side-select").value();
    dom::fill_select(
        "side-select",
        &sides,
        if current == "second" {
            "second"
        } else {
            "first"
        },
    );
}

fn read_settings() -> SearchSettings {
    let num = |id: &str, lo: u32, hi: u32, default: u32| {
        dom::input(id)
            .value()
            .trim()
            .parse::<u32>()
            .map_or(default, |v| v.clamp(lo, hi))
    };
    let value = num("limit-value", 1, 600_000, 1000);
    SearchSettings {
        algorithm: Some(dom::select("algorithm").value())
            .filter(|a| ALGORITHMS.contains(&a.as_str()))
            .unwrap_or_else(|| "staretc".into()),
        probe_factor: num("probe-factor", 1, 16, 1),
        tt: dom::input("opt-tt").checked(),
        history: dom::input("opt-history").checked(),
        killers: dom::input("opt-killers").checked(),
        limit: if dom::select("limit-kind").value() == "depth" {
            Limit::Depth {
                plies: value.min(64),
            }
        } else {
            Limit::Time { ms: value }
        },
    }
}

fn pointer_square(event: &Event) -> Option<Sq> {
    let event = event.dyn_ref::<PointerEvent>()?;
    with_app(|app| {
        let rect = app.canvas.get_bounding_client_rect();
        if rect.width() <= 0.0 {
            return None;
        }
        let scale = canvas::BOARD_PX / rect.width();
        let x = (event.client_x() as f64 - rect.left()) * scale;
        let y = (event.client_y() as f64 - rect.top()) * scale;
        let board = app.model.board().ok()?;
        Geometry {
            rows: board.rows,
            cols: board.cols,
            flipped: app.model.flipped,
        }
        .square_at(x, y)
    })
    .flatten()
}

fn wire_events() {
    let click = |id: &'static str, msg: Msg| on_id(id, "click", move |_| dispatch(msg.clone()));
    click("roll", Msg::Roll);
    click("undo", Msg::Undo);
    click("redo", Msg::Redo);
    click("flip", Msg::Flip);
    click("hint", Msg::Hint);
    click("resign", Msg::Resign);
    click("engine-move", Msg::EngineMove);
    click("stop", Msg::Stop);
    click("notice", Msg::DismissNotice);

    on_id("board", "pointerdown", |event| {
        event.prevent_default();
        if let Some(sq) = pointer_square(&event) {
            dispatch(Msg::PointerDown(sq));
        }
    });
    on_id("board", "pointerup", |event| {
        if let Some(sq) = pointer_square(&event) {
            dispatch(Msg::PointerUp(sq));
        }
    });
    on_id("move-form", "submit", |event| {
        event.prevent_default();
        let input = dom::input("move-input");
        let text = input.value();
        input.set_value("");
        dispatch(Msg::MoveTyped(text));
    });
    on_id("game-select", "change", |_| {
        if let Some(kind) = GameKind::from_name(&dom::select("game-select").value()) {
            fill_sides(kind);
        }
    });
    on_id("new-game-form", "submit", |event| {
        event.prevent_default();
        let Some(kind) = GameKind::from_name(&dom::select("game-select").value()) else {
            return;
        };
        let human = if dom::select("side-select").value() == "second" {
            Player::Second
        } else {
            Player::First
        };
        dispatch(Msg::NewGame {
            kind,
            human,
            options: dom::input("options-input").value(),
            seed: random_seed(),
        });
    });
    on_id("setup-preset", "change", |_| {
        dispatch(Msg::SetupPreset(dom::select("setup-preset").value()));
    });
    on_id("setup-random", "click", |_| {
        dispatch(Msg::SetupRandom(random_seed()))
    });
    on_id("setup-done", "click", |_| dispatch(Msg::SetupDone));
    on_id("settings-form", "change", |_| {
        dispatch(Msg::Settings(read_settings()))
    });
    on_id("settings-form", "submit", |event| event.prevent_default());
    on_id("moves", "click", |event| {
        let ply = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.get_attribute("data-ply"))
            .and_then(|p| p.parse::<usize>().ok());
        if let Some(ply) = ply {
            dispatch(Msg::Browse(Nav::To(ply)));
        }
    });
    on_id("share", "click", |_| {
        let fragment = with_app(|app| SavedGame::of(&app.model).to_fragment()).unwrap_or_default();
        let location = dom::window().location();
        let base = location.href().unwrap_or_default();
        let base = base.split('#').next().unwrap_or("").to_string();
        let link = format!("{base}#{fragment}");
        let input = dom::input("share-link");
        input.set_value(&link);
        input.select();
    });
    // Test hook: the e2e suite crashes the worker to check recovery.
    dom::on(&dom::document().into(), "starcut-crash-worker", |_| {
        with_app(|app| app.worker.post(ToWorker::Crash));
    });
    dom::on(&dom::document().into(), "keydown", |event| {
        let Some(key) = event.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        let in_field = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
        if in_field || key.alt_key() || key.ctrl_key() || key.meta_key() {
            return;
        }
        if super::lecture_view::key(key) {
            event.prevent_default();
            return;
        }
        if super::lecture_view::is_active() {
            return;
        }
        let nav = match key.key().as_str() {
            "ArrowLeft" => Nav::Prev,
            "ArrowRight" => Nav::Next,
            "ArrowUp" | "Home" => Nav::First,
            "ArrowDown" | "End" => Nav::Last,
            _ => return,
        };
        event.prevent_default();
        dispatch(Msg::Browse(nav));
    });
}
