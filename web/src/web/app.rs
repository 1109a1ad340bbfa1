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
use super::dom::{self, by_id, on_id};
use super::sound::Sound;
use super::worker_client::{defer_ms, WorkerClient, WorkerEvent};
use super::{forms, render, storage};
use crate::games;
use crate::lecture::LectureSettings;
use crate::library::{Entry, Library};
use crate::model::{Effect, Model, Msg, Nav, Notice};
use crate::protocol::{FromWorker, GameKind, ToWorker};
use crate::saved::SavedGame;

/// localStorage: whether the research panel was left open.
const RESEARCH_OPEN_KEY: &str = "starcut.research-open";

struct App {
    model: Model,
    worker: WorkerClient,
    ctx: CanvasRenderingContext2d,
    canvas: HtmlCanvasElement,
    roll_clock: Option<RollClock>,
    animating: bool,
    /// The last entry written, to write only what changed.
    saved: Option<(u64, String, String)>,
    /// The game and step count last heard, for the sounds.
    heard: (u64, usize),
    library: Library,
}

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// A fresh random number: dice seeds and game ids (getrandom's browser
/// backend).
fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::getrandom(&mut bytes).is_err() {
        return js_sys::Date::now() as u64 ^ (js_sys::Math::random() * 1e9) as u64;
    }
    u64::from_le_bytes(bytes)
}

fn now_ms() -> f64 {
    dom::window()
        .performance()
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// Removes the URL's fragment without reloading (a reload then shows the
/// saved game instead of reopening a link).
fn clear_fragment() {
    let location = dom::window().location();
    if location.hash().unwrap_or_default().len() > 1 {
        if let Ok(history) = dom::window().history() {
            let path =
                location.pathname().unwrap_or_default() + &location.search().unwrap_or_default();
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&path));
        }
    }
}

/// Opens a URL fragment: a lecture link in lecture mode, a game link as an
/// offer (never over the saved game without asking); a link that cannot
/// be read leaves everything as it was.
fn open_fragment(hash: &str) {
    if hash.len() <= 1 {
        return;
    }
    if LectureSettings::is_lecture_fragment(hash) {
        if let Some(text) = super::lecture_view::open_link(hash) {
            dispatch(Msg::Notify(Notice::error(text)));
        }
        return;
    }
    let msg = match SavedGame::from_fragment(hash) {
        Ok(saved) => Msg::OfferLink {
            id: random_u64(),
            saved: Box::new(saved),
        },
        Err(e) => Msg::Notify(Notice::error(format!(
            "The shared link could not be opened: {e}. Your game is unchanged."
        ))),
    };
    super::lecture_view::set_active(false);
    clear_fragment();
    dispatch(msg);
}

/// Starts the page.
pub fn start() {
    console_error_panic_hook::set_once();
    register_service_worker();
    set_appearance(None, None);
    dom::input("sound").set_checked(super::sound::enabled());
    forms::fill_static();
    let research_open = dom::window()
        .local_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item(RESEARCH_OPEN_KEY).ok().flatten());
    if research_open.as_deref() == Some("1") {
        let _ = by_id("research-panel").set_attribute("open", "");
    }

    let (library, storage_notice) = storage::load(random_u64());
    // A first visit (no saved game at all) starts with the game chooser.
    let first_visit = library.entries.is_empty() && storage_notice.is_none();
    let fresh = games::new_session(GameKind::Dice, "").expect("Dice always starts");
    let (model, mut effects) = Model::new(fresh, Player::First, random_u64(), random_u64());
    // The game this tab showed before a reload, else the latest one.
    let resume = storage::current()
        .and_then(|id| library.get(id))
        .or_else(|| library.latest())
        .cloned();

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
        saved: None,
        library,
        heard: (0, 0),
    };
    APP.with(|cell| *cell.borrow_mut() = Some(app));
    wire_events();
    let hash = dom::window().location().hash().unwrap_or_default();
    let lecture_notice = super::lecture_view::start(&hash);
    fill_welcome();
    if first_visit && hash.len() <= 1 && !super::lecture_view::is_active() {
        show_welcome(true);
    }
    if let Some(entry) = resume {
        match entry.saved_game() {
            Ok(saved) => {
                with_app(|app| {
                    effects = app.model.update(Msg::Resume {
                        id: entry.id,
                        saved: Box::new(saved),
                    })
                });
            }
            Err(e) => {
                with_app(|app| {
                    app.model.update(Msg::Notify(Notice::error(format!(
                        "The saved game could not be restored: {e}. It is kept as it was; a new game was started."
                    ))))
                });
            }
        }
    }
    with_app(|app| {
        if let Some(text) = storage_notice.or(lecture_notice) {
            app.model.update(Msg::Notify(Notice::error(text)));
        }
        app.apply(effects);
        forms::show(&app.model);
        app.after_update();
    });
    if !LectureSettings::is_lecture_fragment(&hash) {
        open_fragment(&hash);
    }
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
    let loads = matches!(
        msg,
        Msg::Resume { .. } | Msg::OfferLink { .. } | Msg::AcceptLink
    );
    with_app(|app| {
        let effects = app.model.update(msg);
        app.apply(effects);
        if loads {
            forms::show(&app.model);
        }
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
    let msg = with_app(|app| {
        if generation != app.worker.generation() {
            return None; // from a worker that was replaced
        }
        Some(match event {
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
            WorkerEvent::LoadTimeout => return None,
        })
    })
    .flatten();
    if let Some(msg) = msg {
        dispatch(msg);
    }
}

impl App {
    fn apply(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Post(msg) => self.worker.post(msg),
                Effect::RestartWorker => self.worker.restart(),
                Effect::ClearMoveInput => dom::input("move-input").set_value(""),
            }
        }
    }

    fn after_update(&mut self) {
        self.save();
        self.sound();
        self.render();
        if self.worker.is_ready() {
            mark_interactive();
        }
    }

    /// A sound for what the last update added to the game: a move, a
    /// capture, a battle, a roll, the end.
    fn sound(&mut self) {
        let m = &self.model;
        let heard = (m.game_id(), m.session().cursor());
        let before = std::mem::replace(&mut self.heard, heard);
        if before.0 != heard.0 || heard.1 <= before.1 {
            return;
        }
        let steps = &m.session().steps()[..heard.1];
        let last = steps.last();
        let kind = if m.game_over() {
            Sound::End
        } else if last.is_some_and(|s| s.battle.is_some()) {
            Sound::Battle
        } else if last.is_some_and(|s| s.chance) {
            Sound::Roll
        } else {
            let count = |n: usize| m.session().board_at(n, Some(m.human())).piece_count();
            if count(heard.1) < count(heard.1 - 1) {
                Sound::Capture
            } else {
                Sound::Move
            }
        };
        super::sound::play(kind);
    }

    /// Writes the game's entry when it changed (and marks it this tab's).
    fn save(&mut self) {
        let entry = Entry::of(&self.model, js_sys::Date::now());
        let key = (entry.id, entry.saved.clone(), entry.summary.clone());
        if self.saved.as_ref() != Some(&key) {
            storage::set_current(entry.id);
            self.library = storage::save(entry);
            self.saved = Some(key);
        }
    }

    fn render(&mut self) {
        let m = &self.model;
        render::panels(m);
        render::recent(&self.library, m.game_id());
        let board = m.board();
        if let Some(key) = m.strip_key() {
            if self.roll_clock.is_none_or(|c| c.serial != key) {
                // Only what just happened is played; a roll or battle
                // brought back by an undo or a step back shows at once.
                let fresh = m.strip_fresh();
                let started_ms = if fresh {
                    now_ms()
                } else {
                    now_ms() - canvas::ROLL_MS
                };
                self.roll_clock = Some(RollClock {
                    serial: key,
                    started_ms,
                });
                if fresh {
                    // The last frame of the animation even where animation
                    // frames are held back (a hidden tab).
                    defer_ms(canvas::ROLL_MS as i32 + 40, || {
                        with_app(|app| app.render());
                    });
                }
            }
        }
        // Drawn at the device pixel ratio: sharp on HiDPI screens and
        // under browser zoom; drawing itself uses the canvas's own units.
        // The canvas's pixels follow its size on the page (CSS decides it:
        // as large as the window allows) times the device pixel ratio;
        // drawing keeps its own units, scaled to fit.
        let dpr = dom::window().device_pixel_ratio().clamp(1.0, 4.0);
        let css = f64::from(self.canvas.client_width());
        let k = if css > 0.0 {
            css / canvas::BOARD_PX
        } else {
            1.0
        } * dpr;
        let (w, h) = (
            (canvas::BOARD_PX * k).round() as u32,
            ((canvas::BOARD_PX + canvas::STRIP_PX) * k).round() as u32,
        );
        if self.canvas.width() != w || self.canvas.height() != h {
            self.canvas.set_width(w);
            self.canvas.set_height(h);
        }
        let _ = self.ctx.set_transform(k, 0.0, 0.0, k, 0.0, 0.0);
        let scale = k / dpr;
        let animating = canvas::draw(&self.ctx, m, board, self.roll_clock, now_ms(), scale);
        let kind = m.kind();
        let describe = |s: crate::board::Sq| {
            let piece = board.at(s).map_or("empty".to_string(), |p| {
                let who = kind.player_names()[p.owner.index()];
                if p.label.is_empty() || p.hidden {
                    format!("{who} piece")
                } else {
                    format!("{who} {}", p.label)
                }
            });
            format!("{} ({piece})", crate::board::square_name(s, board.rows))
        };
        // The arrows of the engine's live line, in words.
        let line: Vec<String> = m
            .thinking_line()
            .iter()
            .map(|(_, squares)| {
                squares
                    .iter()
                    .map(|&s| crate::board::square_name(s, board.rows))
                    .collect::<Vec<_>>()
                    .join("→")
            })
            .collect();
        let line = match line.as_slice() {
            [] => String::new(),
            [best] => format!(", the engine considers {best}"),
            [best, reply, ..] => format!(", the engine considers {best}, expecting {reply}"),
        };
        let label = format!(
            "{} board{}, {} to move{}{}{line}. Tab to the board, then the arrow keys move a cursor and Enter picks a piece or plays.",
            kind.title(),
            // What the strip under the board shows of the dice.
            m.roll()
                .map(|r| format!(", rolled {}", r.text))
                .unwrap_or_default(),
            kind.player_names()[m.session().to_move_at(m.shown()).index()],
            m.selected()
                .map(|s| format!(", {} selected", crate::board::square_name(s, board.rows)))
                .unwrap_or_default(),
            m.cursor()
                .map(|s| format!(", cursor on {}", describe(s)))
                .unwrap_or_default()
        );
        let _ = self.canvas.set_attribute("aria-label", &label);
        if animating && !self.animating {
            request_frame();
        }
        self.animating = animating;
    }
}

/// Redraws on the next animation frame while a roll or battle animates.
fn request_frame() {
    let closure = Closure::once_into_js(|| {
        with_app(|app| {
            app.animating = false;
            app.render();
        });
    });
    let _ = dom::window().request_animation_frame(closure.unchecked_ref());
}

fn pointer_square(event: &Event) -> Option<crate::board::Sq> {
    let event = event.dyn_ref::<PointerEvent>()?;
    with_app(|app| {
        let rect = app.canvas.get_bounding_client_rect();
        if rect.width() <= 0.0 {
            return None;
        }
        let scale = canvas::BOARD_PX / rect.width();
        let x = (event.client_x() as f64 - rect.left()) * scale;
        let y = (event.client_y() as f64 - rect.top()) * scale;
        let board = app.model.board();
        Geometry::new(board.rows, board.cols, app.model.flipped()).square_at(x, y)
    })
    .flatten()
}

/// Copies the share link to the clipboard, saying whether it worked.
fn copy_link(link: String) {
    let clipboard = dom::window().navigator().clipboard();
    let say = |text: &'static str| {
        Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
            dispatch(Msg::Notify(Notice::info(text)))
        })
    };
    let done =
        say("Link copied to the clipboard. Anyone who opens it sees this game from your side.");
    let failed = say("Copy the link from the box below (the clipboard is not available here).");
    let _ = clipboard.write_text(&link).then2(&done, &failed);
    // One of the two runs once; both live as long as the page (two small
    // closures per click on Share).
    done.forget();
    failed.forget();
}

/// Installs `sw.js` (beside the page, so any sub-path works): the site
/// then opens, shows the saved game and plays without a network.
fn register_service_worker() {
    let navigator = dom::window().navigator();
    // Only where the browser offers it (a secure context: https or
    // localhost).
    if js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).unwrap_or(false) {
        // A refusal (a private window, a policy) only means no offline use.
        let refused = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
        let _ = navigator
            .service_worker()
            .register("./sw.js")
            .catch(&refused);
        refused.forget();
    }
}

/// localStorage: the theme (`auto`, `light`, `dark`) and high contrast.
const THEME_KEY: &str = "starcut.theme";
const CONTRAST_KEY: &str = "starcut.contrast";

/// Applies (and remembers) the theme and the contrast; `None` keeps the
/// saved choice.
fn set_appearance(theme: Option<&str>, high: Option<bool>) {
    let storage = dom::window().local_storage().ok().flatten();
    let saved = |key: &str| {
        storage
            .as_ref()
            .and_then(|s| s.get_item(key).ok().flatten())
    };
    let theme = theme
        .map(str::to_string)
        .or_else(|| saved(THEME_KEY))
        .unwrap_or_else(|| "auto".into());
    let high = high.unwrap_or_else(|| saved(CONTRAST_KEY).as_deref() == Some("high"));
    if let Some(s) = &storage {
        let _ = s.set_item(THEME_KEY, &theme);
        let _ = s.set_item(CONTRAST_KEY, if high { "high" } else { "normal" });
    }
    if let Some(root) = dom::document().document_element() {
        let _ = root.set_attribute("data-theme", &theme);
        let _ = root.set_attribute("data-contrast", if high { "high" } else { "normal" });
    }
    dom::select("theme").set_value(&theme);
    dom::input("high-contrast").set_checked(high);
}

/// The game chooser's cards: a picture, the name and one line per game.
fn fill_welcome() {
    let mut html = String::new();
    for kind in crate::protocol::GAME_MENU {
        html.push_str(&format!(
            "<li><button type=\"button\" class=\"game-card\" data-game=\"{}\" aria-label=\"Play {}\">{}<strong>{}</strong><span>{}</span></button></li>",
            kind.name(),
            kind.title(),
            crate::rules::picture(kind, 96.0),
            render::title_breaks(kind.title()),
            render::escape(crate::rules::summary(kind)),
        ));
    }
    by_id("game-cards").set_inner_html(&html);
    let levels: Vec<(String, String)> = crate::strength::LEVELS
        .iter()
        .map(|l| (l.level.to_string(), l.label.to_string()))
        .collect();
    dom::fill_select(
        "welcome-strength",
        &levels,
        &crate::strength::Strength::default().name(),
    );
}

/// Shows or hides the game chooser (it takes the place of the board).
fn show_welcome(on: bool) {
    dom::set_hidden("welcome", !on);
    if let Some(body) = dom::document().body() {
        let _ = body.class_list().toggle_with_force("choosing", on);
    }
    if on {
        super::lecture_view::set_active(false);
        // The chooser stands at the top of the page: show it from its
        // heading, with the side and strength choices above the cards (on
        // a phone, scrolling the cards into view hid both).
        dom::window().scroll_to_with_x_and_y(0.0, 0.0);
    }
}

fn wire_events() {
    on_id("choose-game", "click", |_| show_welcome(true));
    on_id("theme", "change", |_| {
        set_appearance(Some(&dom::select("theme").value()), None);
    });
    on_id("sound", "change", |_| {
        super::sound::set_enabled(dom::input("sound").checked());
    });
    on_id("high-contrast", "change", |_| {
        set_appearance(None, Some(dom::input("high-contrast").checked()));
    });
    // A new window size or zoom (a new pixel ratio) redraws the board.
    dom::on(&dom::window().into(), "resize", |_| {
        with_app(|app| app.render());
    });
    // "Explain this move": the shown position's search tree in lecture
    // mode, from the player's own view (nothing hidden leaves the game).
    on_id("explain-move", "click", |_| {
        let tree = with_app(|app| {
            let m = &app.model;
            crate::lecture::position::tree_of(
                m.kind(),
                m.session().options(),
                &m.session().view_text_at(m.shown(), m.human()),
            )
        });
        match tree {
            Some(Ok(t)) => super::lecture_view::open_position(&t.text, t.bound),
            Some(Err(e)) => dispatch(Msg::Notify(Notice::error(format!(
                "This position cannot be explained: {e}."
            )))),
            None => {}
        }
    });
    on_id("welcome-close", "click", |_| show_welcome(false));
    on_id("game-cards", "click", |event| {
        let kind = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-game]").ok().flatten())
            .and_then(|el| el.get_attribute("data-game"))
            .and_then(|name| GameKind::from_name(&name));
        let Some(kind) = kind else { return };
        let human = if dom::select("welcome-side").value() == "second" {
            Player::Second
        } else {
            Player::First
        };
        let strength = dom::select("welcome-strength").value();
        dom::select("strength").set_value(&strength);
        show_welcome(false);
        dispatch(Msg::Settings(forms::read_settings()));
        dispatch(Msg::NewGame {
            kind,
            human,
            options: String::new(),
            seed: random_u64(),
            id: random_u64(),
        });
        with_app(|app| forms::show(&app.model));
    });
    let click = |id: &'static str, msg: Msg| on_id(id, "click", move |_| dispatch(msg.clone()));
    click("roll", Msg::Roll);
    click("undo", Msg::Undo);
    click("redo", Msg::Redo);
    click("flip", Msg::Flip);
    click("hint", Msg::Hint);
    click("resign", Msg::Resign);
    click("resign-confirm", Msg::ConfirmResign);
    click("resign-cancel", Msg::CancelResign);
    click("engine-move", Msg::EngineMove);
    click("stop", Msg::Stop);
    click("notice-close", Msg::DismissNotice);
    click("offer-open", Msg::AcceptLink);
    click("offer-keep", Msg::KeepGame);

    on_id("board", "pointerdown", |event| {
        event.prevent_default();
        if let Some(sq) = pointer_square(&event) {
            dispatch(Msg::PointerDown(sq));
        }
    });
    on_id("board", "blur", |_| dispatch(Msg::CursorHide));
    on_id("board", "pointerup", |event| {
        if let Some(sq) = pointer_square(&event) {
            dispatch(Msg::PointerUp(sq));
        }
    });
    on_id("move-form", "submit", |event| {
        event.prevent_default();
        dispatch(Msg::MoveTyped(dom::input("move-input").value()));
    });
    on_id("game-select", "change", |_| {
        if let Some(kind) = GameKind::from_name(&dom::select("game-select").value()) {
            forms::fill_sides(kind);
            let current = with_app(|app| {
                (app.model.kind() == kind).then(|| app.model.session().options().to_string())
            })
            .flatten();
            forms::fill_options(kind, current.as_deref().unwrap_or(""));
        }
    });
    on_id("new-game-form", "submit", |event| {
        event.prevent_default();
        match forms::read_new_game() {
            Ok((kind, human, options)) => dispatch(Msg::NewGame {
                kind,
                human,
                options,
                seed: random_u64(),
                id: random_u64(),
            }),
            Err(e) => dispatch(Msg::Notify(Notice::error(format!(
                "Cannot start a new game: {e}."
            )))),
        }
    });
    on_id("setup-preset", "change", |_| {
        let value = dom::select("setup-preset").value();
        match value.strip_prefix("own:") {
            Some(name) => {
                let game = with_app(|app| app.model.kind().name()).unwrap_or("stratego");
                let text = storage::setups(game)
                    .into_iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, t)| t);
                if let Some(text) = text {
                    dom::input("setup-name").set_value(name);
                    dispatch(Msg::SetupOwn {
                        name: name.to_string(),
                        text,
                    });
                }
            }
            None => dispatch(Msg::SetupPreset(value)),
        }
    });
    // The player's own setups, kept in the browser.
    on_id("setup-save", "click", |_| {
        let name = dom::input("setup-name").value().trim().to_string();
        if name.is_empty() {
            dispatch(Msg::Notify(Notice::error("Give the setup a name first.")));
            return;
        }
        let setup = with_app(|app| {
            app.model
                .setup()
                .map(|p| (app.model.kind().name(), p.human_setup.clone()))
        })
        .flatten();
        if let Some((game, text)) = setup {
            storage::save_setup(game, &name, &text);
            dispatch(Msg::SetupOwn {
                name: name.clone(),
                text,
            });
            dispatch(Msg::Notify(Notice::info(format!(
                "Setup '{name}' saved: it is in the Setup list from now on."
            ))));
        }
    });
    on_id("setup-delete", "click", |_| {
        let value = dom::select("setup-preset").value();
        if let Some(name) = value.strip_prefix("own:") {
            let game = with_app(|app| app.model.kind().name()).unwrap_or("stratego");
            storage::delete_setup(game, name);
            dispatch(Msg::Notify(Notice::info(format!(
                "Setup '{name}' deleted."
            ))));
        }
    });
    on_id("setup-random", "click", |_| {
        dispatch(Msg::SetupRandom(random_u64()))
    });
    on_id("setup-done", "click", |_| dispatch(Msg::SetupDone));
    on_id("settings-form", "change", |_| {
        dispatch(Msg::Settings(forms::read_settings()))
    });
    on_id("settings-form", "submit", |event| event.prevent_default());
    on_id("strength", "change", |_| {
        dispatch(Msg::Settings(forms::read_settings()))
    });
    // The research panel stays as the player left it.
    on_id("research-panel", "toggle", |_| {
        let open = by_id("research-panel").has_attribute("open");
        if let Some(s) = dom::window().local_storage().ok().flatten() {
            let _ = s.set_item(RESEARCH_OPEN_KEY, if open { "1" } else { "0" });
        }
    });
    // A click on a move (in the list, or among the review's marks) shows
    // the position after it.
    let browse_to_clicked = |event: Event| {
        let end = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-end]").ok().flatten())
            .and_then(|el| el.get_attribute("data-end"))
            .and_then(|p| p.parse::<usize>().ok());
        if let Some(end) = end {
            dispatch(Msg::Browse(Nav::To(end)));
        }
    };
    on_id("moves", "click", browse_to_clicked);
    on_id("review-start", "click", |_| dispatch(Msg::ReviewStart));
    on_id("review-stop", "click", |_| dispatch(Msg::ReviewStop));
    on_id("review-marks", "click", browse_to_clicked);
    on_id("eval-graph", "click", |event| {
        let Some(event) = event.dyn_ref::<web_sys::MouseEvent>() else {
            return;
        };
        let x = f64::from(event.offset_x());
        let step = with_app(|app| super::graph::step_at(&app.model, x)).flatten();
        if let Some(n) = step {
            dispatch(Msg::Browse(Nav::To(n)));
        }
    });
    on_id("recent", "click", |event| {
        let id = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.get_attribute("data-game-id"))
            .and_then(|p| p.parse::<u64>().ok());
        let Some(id) = id else { return };
        let entry = with_app(|app| app.library.get(id).cloned()).flatten();
        match entry.map(|e| e.saved_game()) {
            Some(Ok(saved)) => dispatch(Msg::Resume {
                id,
                saved: Box::new(saved),
            }),
            Some(Err(e)) => dispatch(Msg::Notify(Notice::error(format!(
                "That saved game could not be opened: {e}. It is kept as it was."
            )))),
            None => {}
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
        copy_link(link);
    });
    // A link pasted into the address bar of an open tab.
    dom::on(&dom::window().into(), "hashchange", |_| {
        open_fragment(&dom::window().location().hash().unwrap_or_default());
    });
    // Test hook: the e2e suite crashes the worker to check recovery.
    dom::on(&dom::document().into(), "starcut-crash-worker", |_| {
        with_app(|app| app.worker.post(ToWorker::Crash));
    });
    dom::on(&dom::document().into(), "keydown", |event| {
        let Some(key) = event.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        if forms::editing(event.target()) || key.alt_key() || key.ctrl_key() || key.meta_key() {
            return;
        }
        if super::lecture_view::key(key) {
            event.prevent_default();
            return;
        }
        if super::lecture_view::is_active() {
            return;
        }
        // The board has the focus: the keys move its cursor and pick.
        let on_board = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| el.id() == "board");
        if on_board {
            let msg = match key.key().as_str() {
                "ArrowLeft" => Msg::CursorMove(0, -1),
                "ArrowRight" => Msg::CursorMove(0, 1),
                "ArrowUp" => Msg::CursorMove(-1, 0),
                "ArrowDown" => Msg::CursorMove(1, 0),
                "Enter" | " " => Msg::CursorPick,
                _ => return,
            };
            event.prevent_default();
            dispatch(msg);
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
