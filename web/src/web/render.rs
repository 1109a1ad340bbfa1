//! Drawing the page's panels from the model: the status lines, the
//! controls' states, the move list, the engine strip and panel, the link
//! offer and the recent games. The board itself is [`super::canvas`].

use wasm_bindgen::JsCast;

use super::canvas;
use super::dom::{self, by_id, set_disabled, set_hidden, set_text};
use crate::library::Library;
use crate::model::moves::{self, Turn};
use crate::model::{Model, Purpose, WorkerState};
use crate::protocol::{ChanceChild, GameKind};
use crate::search_job;

pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `title` escaped, with a line-break opportunity (`<wbr>`) wherever a
/// capital follows a small letter, so that a narrow card breaks
/// `ChanceBreakthrough` between its words rather than inside one.
pub fn title_breaks(title: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    // Escaping touches no letter, so the breaks can be placed after it.
    for c in escape(title).chars() {
        if prev_lower && c.is_uppercase() {
            out.push_str("<wbr>");
        }
        prev_lower = c.is_lowercase();
        out.push(c);
    }
    out
}

/// Everything but the board and the recent games.
pub fn panels(m: &Model) {
    status(m);
    rules(m);
    review(m);
    controls(m);
    offer(m);
    move_list(m);
    engine(m);
}

/// The rules of the game on the board, one click away.
fn rules(m: &Model) {
    let kind = m.kind();
    let el = by_id("rules");
    if el.get_attribute("data-game").as_deref() == Some(kind.name()) {
        return;
    }
    let _ = el.set_attribute("data-game", kind.name());
    set_text("rules-title", &format!("Rules of {}", kind.title()));
    let html: String = crate::rules::rules(kind)
        .iter()
        .map(|p| format!("<p>{}</p>", escape(p)))
        .collect();
    by_id("rules-text").set_inner_html(&html);
}

fn status(m: &Model) {
    set_text(
        "engine-status",
        &match (m.engine().worker(), m.engine().thinking()) {
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
    set_text("live", &m.last_move_text());
    match m.notice() {
        Some(n) => {
            set_text("notice-text", &n.text);
            by_id("notice").set_class_name(if n.error { "" } else { "info" });
            set_hidden("notice", false);
        }
        None => set_hidden("notice", true),
    }
    let names = m.kind().player_names();
    let (you, engine) = (m.human(), m.human().other());
    set_text(
        "you-are",
        &format!(
            "You play {}; the engine plays {}.",
            canvas::side_name(m.kind(), you),
            canvas::side_name(m.kind(), engine)
        ),
    );
    match m.battle() {
        Some(b) => {
            set_text("battle", &b.text(names));
            set_hidden("battle", false);
        }
        None => {
            set_text("battle", "");
            set_hidden("battle", true);
        }
    }
}

fn controls(m: &Model) {
    let kind = m.kind();
    let thinking = m.engine().thinking();
    let human_moves = m.human_moves();
    set_hidden("roll", kind != GameKind::ChanceBreakthrough);
    // Only Stratego and Barrage have an opponent model to switch.
    set_disabled("opt-model", !kind.is_stratego());
    set_disabled("roll", !human_moves.iter().any(|mv| mv == "roll"));
    // While the engine is to move the box is read-only, not disabled: a
    // disabled box drops a keyboard player's focus to the page, and he
    // would have to Tab back for every move.
    let waiting = !m.human_to_move() && !m.game_over() && m.setup().is_none();
    set_disabled("move-input", !m.human_to_move() && !waiting);
    dom::input("move-input").set_read_only(waiting);
    let session = m.session();
    set_disabled("undo", !m.can_undo());
    let blocked = m.undo_blocked();
    set_text("undo-note", blocked.as_deref().unwrap_or(""));
    set_hidden("undo-note", blocked.is_none());
    let _ = by_id("undo").set_attribute(
        "title",
        blocked.as_deref().unwrap_or("Take back your last move"),
    );
    set_disabled(
        "redo",
        session.cursor() == session.len() || m.resigned().is_some(),
    );
    set_disabled("hint", !(m.human_to_move() && thinking.is_none()));
    let confirming = m.confirming_resign();
    set_hidden("resign", confirming);
    set_hidden("resign-confirm", !confirming);
    set_hidden("resign-cancel", !confirming);
    set_disabled("resign", m.game_over() || m.setup().is_some());
    set_disabled("engine-move", !m.engine_may_move());
    set_disabled("stop", thinking.is_none());
    set_disabled(
        "explain-move",
        m.setup().is_some() || session.status_at(m.shown()) != starcut::Status::Decision,
    );
    let position = m.position_text();
    set_text("position", &position);
    // The setup's choices and Start playing above the board, where the
    // status line that names them is (below it they were under the fold
    // at 1400x900); saving a setup under it.
    set_hidden("setup", m.setup().is_none());
    set_hidden("setup-more", m.setup().is_none());
    if let Some(phase) = m.setup() {
        // The presets, then the player's own setups (`own:name`).
        let mut options = vec![(String::new(), "(arranged by hand)".to_string())];
        options.extend(
            crate::games::setup::presets(kind)
                .into_iter()
                .map(|p| (p.clone(), p)),
        );
        let own = super::storage::setups(kind.name());
        options.extend(
            own.iter()
                .map(|(name, _)| (format!("own:{name}"), format!("{name} (yours)"))),
        );
        let key = options
            .iter()
            .map(|(v, _)| v.as_str())
            .collect::<Vec<_>>()
            .join("|");
        let sel = dom::select("setup-preset");
        if sel.get_attribute("data-key").as_deref() != Some(key.as_str()) {
            dom::fill_select("setup-preset", &options, "");
            let _ = sel.set_attribute("data-key", &key);
        }
        let chosen = phase.preset.as_deref().unwrap_or("");
        let value = if own.iter().any(|(n, _)| n == chosen) {
            format!("own:{chosen}")
        } else {
            chosen.to_string()
        };
        sel.set_value(&value);
        set_disabled("setup-delete", !value.starts_with("own:"));
    }
    stratego_info(m);
}

fn offer(m: &Model) {
    match m.offer() {
        Some(o) => {
            set_text(
                "offer-text",
                &format!(
                    "This link holds {}. Open it? The game on the board stays under Recent games either way.",
                    o.description
                ),
            );
            set_hidden("offer", false);
        }
        None => set_hidden("offer", true),
    }
}

/// The review's controls, its progress and the moves that lost most.
fn review(m: &Model) {
    let r = m.review();
    let running = r.running();
    set_hidden("review-start", running);
    set_hidden("review-stop", !running);
    set_disabled(
        "review-start",
        m.setup().is_some()
            || m.engine()
                .thinking()
                .is_some_and(|t| t.purpose == Purpose::Reply),
    );
    set_hidden("review-progress", !running);
    let (done, total) = r.progress();
    let progress: web_sys::HtmlProgressElement = by_id("review-progress").unchecked_into();
    progress.set_max(total.max(1) as f64);
    progress.set_value(done as f64);
    set_text(
        "review-status",
        &if running {
            format!("Reviewing: {done} of {total} positions")
        } else if r.values().is_empty() {
            String::new()
        } else {
            let n = r.values().len();
            format!("{n} position{} valued", if n == 1 { "" } else { "s" })
        },
    );
    let bound = m.session().bound();
    let mut html = String::new();
    for row in moves::rows(m.session()) {
        for turn in row.turns.iter().flatten() {
            let Some(i) = turn.decision.filter(|_| turn.mover == m.human()) else {
                continue;
            };
            if let Some((j, drop)) = r.judge(i, bound) {
                html.push_str(&format!(
                    "<li><button type=\"button\" data-end=\"{}\">{}. {}{}</button> {} (your chances −{:.0}%)</li>",
                    turn.end,
                    row.number,
                    escape(&turn.shown),
                    j.symbol(),
                    j.name(),
                    drop * 100.0
                ));
            }
        }
    }
    dom::set_html(&by_id("review-marks"), &html);
    super::graph::draw(m);
}

/// One turn as HTML: the roll as a die, the move after (or before) it,
/// the review's judgement of a player's move.
fn turn_html(
    turn: &Turn,
    current: bool,
    judged: Option<crate::model::review::Judgement>,
) -> String {
    let die = turn.roll.as_ref().map(|r| {
        format!(
            "<span class=\"die\" title=\"rolled {0}\">{0}</span>",
            escape(&r.text)
        )
    });
    let text = match (&die, turn.roll.as_ref().is_some_and(|r| r.before)) {
        (Some(d), true) => format!("{d} {}", escape(&turn.shown)),
        (Some(d), false) => format!("{} {d}", escape(&turn.shown)),
        (None, _) => escape(&turn.shown),
    };
    let mark = judged.map_or(String::new(), |j| {
        format!(
            "<span class=\"judge {}\" title=\"{}\">{}</span>",
            j.name(),
            j.name(),
            j.symbol()
        )
    });
    format!(
        "<button type=\"button\" tabindex=\"-1\" class=\"turn{}\" data-end=\"{}\" data-steps=\"{}\"{}>{}{mark}</button>",
        if turn.undone { " undone" } else { "" },
        turn.end,
        escape(&turn.steps.join(" ")),
        if current { " aria-current=\"step\"" } else { "" },
        text.trim()
    )
}

/// The move list: one row per full move, the shown turn marked and kept
/// in view. Rebuilt only when something in it changed.
fn move_list(m: &Model) {
    let list = by_id("moves");
    let rows = moves::rows(m.session());
    let shown = m.shown();
    let mut html = String::new();
    for row in &rows {
        html.push_str(&format!("<li><span class=\"num\">{}.</span>", row.number));
        for (i, turn) in row.turns.iter().enumerate() {
            match turn {
                Some(t) => {
                    let judged = t
                        .decision
                        .filter(|_| t.mover == m.human())
                        .and_then(|i| m.review().judge(i, m.session().bound()))
                        .map(|(j, _)| j);
                    // The turn the shown step belongs to (stepping back
                    // one step at a time stops between a Dice roll and its
                    // move, inside a turn).
                    let holds = t.end.saturating_sub(t.steps.len()) < shown && shown <= t.end;
                    html.push_str(&turn_html(t, holds, judged))
                }
                None if i == 0 => html.push_str("<span class=\"turn empty\">…</span>"),
                None => html.push_str("<span class=\"turn empty\"></span>"),
            }
        }
        html.push_str("</li>");
    }
    dom::set_html(&list, &html);
    // Keep the shown turn in view (scrolling the list only, not the page).
    let parent: web_sys::HtmlElement = list.clone().unchecked_into();
    match list.query_selector("[aria-current]").ok().flatten() {
        Some(current) => {
            let (box_, el) = (
                list.get_bounding_client_rect(),
                current.get_bounding_client_rect(),
            );
            // The turn's place in the list's content, in pixels.
            let top = el.top() - box_.top() + parent.scroll_top() as f64;
            let bottom = top + el.height();
            let (view_top, view_h) = (parent.scroll_top() as f64, parent.client_height() as f64);
            if top < view_top {
                parent.set_scroll_top((top - 4.0).max(0.0) as i32);
            } else if bottom > view_top + view_h {
                parent.set_scroll_top((bottom - view_h + 4.0) as i32);
            }
        }
        None if shown == 0 => parent.set_scroll_top(0),
        None => {}
    }
}

/// The engine strip (eval bar, value, depth) and the research panel.
fn engine(m: &Model) {
    let fill: web_sys::HtmlElement = by_id("eval-fill").unchecked_into();
    set_hidden("search-note", !m.browsing());
    set_text(
        "search-note",
        &format!(
            "The engine's figures are for the current position (step {}), not the one shown.",
            m.session().cursor()
        ),
    );
    let note = search_job::forward_pruning_note(m.settings(), m.kind());
    set_hidden("forward-note", note.is_none());
    set_text("forward-note", note.as_deref().unwrap_or(""));
    let summary = match (m.eval(), m.report()) {
        (Some(e), Some(r)) => {
            let line = if r.report.pv.is_empty() {
                r.report.best.clone().unwrap_or_default()
            } else {
                r.report.pv.join(" ")
            };
            format!("{} for you · {} · {line}", e.text(), e.depth_text())
        }
        _ => String::new(),
    };
    set_text("engine-summary", &summary);
    match m.eval() {
        Some(e) => {
            let share = e.share();
            let _ = fill
                .style()
                .set_property("height", &format!("{:.1}%", share * 100.0));
            let bar = by_id("eval-bar");
            let _ = bar.set_attribute("aria-valuenow", &format!("{:.3}", share * 2.0 - 1.0));
            let _ = bar.set_attribute(
                "aria-valuetext",
                &format!("{} for you, {}", e.text(), e.depth_text()),
            );
            set_text("eval-text", &e.text());
            set_text("stat-value", &format!("{} (your view)", e.text()));
            set_text("stat-depth", &e.depth_detail());
        }
        None => {
            let _ = fill.style().set_property("height", "50%");
            let bar = by_id("eval-bar");
            let _ = bar.set_attribute("aria-valuenow", "0");
            let _ = bar.set_attribute("aria-valuetext", "no evaluation yet");
            set_text("eval-text", "");
            set_text("stat-value", "–");
            set_text("stat-depth", "–");
        }
    }
    let Some(r) = m.report().map(|s| &s.report) else {
        for id in [
            "stat-nodes",
            "stat-nps",
            "stat-best",
            "stat-pv",
            "stat-cuts",
        ] {
            set_text(id, "–");
        }
        dom::set_html(&by_id("chance-table"), "");
        set_hidden("chance-bar", true);
        return;
    };
    set_text("stat-nodes", &r.nodes.to_string());
    set_text("stat-nps", &format!("{:.0}", r.nodes_per_second));
    set_text("stat-best", r.best.as_deref().unwrap_or("–"));
    set_text(
        "stat-pv",
        &if r.pv.is_empty() {
            "–".into()
        } else {
            r.pv.join(" ")
        },
    );
    let cuts: Vec<(&str, u64)> = r.cuts.iter().map(|(k, n)| (k.name(), *n)).collect();
    set_text("stat-cuts", &dom::cuts_text(&cuts));
    chance_bar(r);
    let mut html = String::new();
    if let Some(c) = &r.chance {
        html.push_str(&format!(
            "<caption>Chance node after {} (depth {}): {} [{:.2}, {:.2}] against window [{:.2}, {:.2}] (the searching side's view){}</caption>\
             <tr><th>outcome</th><th>p</th><th>value</th></tr>",
            escape(&c.after),
            c.depth,
            if c.estimated_cut.is_some() { "estimated bounds" } else { "bounds" },
            c.lower,
            c.upper,
            c.alpha,
            c.beta,
            match c.estimated_cut {
                Some(kind) => format!(": cut by {}, the estimate left the window", kind.name()),
                None => String::new(),
            }
        ));
        // Long outcome lists (ChanceBreakthrough's 33 squares): the
        // searched outcomes first, then as many others as fit.
        const ROWS: usize = 12;
        let mut children: Vec<&ChanceChild> = c.children.iter().collect();
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
    dom::set_html(&by_id("chance-table"), &html);
}

/// The chance node under the root move being searched, drawn as a bar on
/// the scale −U .. U: the window as a band, the bounds [lower, upper] as a
/// bar inside it (a bar outside the band is a cut about to happen).
fn chance_bar(r: &crate::protocol::Report) {
    let Some(c) = &r.chance else {
        set_hidden("chance-bar", true);
        return;
    };
    let u = if r.bound > 0.0 { r.bound } else { 1.0 };
    let pct = |v: f64| ((v / u).clamp(-1.0, 1.0) + 1.0) * 50.0;
    let style = |selector: &str, from: f64, to: f64| {
        if let Ok(Some(el)) = by_id("chance-bar").query_selector(selector) {
            let el: web_sys::HtmlElement = el.unchecked_into();
            let _ = el
                .style()
                .set_property("left", &format!("{:.2}%", pct(from)));
            let _ = el
                .style()
                .set_property("width", &format!("{:.2}%", (pct(to) - pct(from)).max(0.0)));
        }
    };
    style(".window", c.alpha, c.beta);
    style(".bounds", c.lower, c.upper);
    let _ = by_id("chance-bar").set_attribute(
        "aria-label",
        &format!(
            "Chance node after {}: {} [{:.2}, {:.2}] against the window ({:.2}, {:.2}) on the scale −{u} to {u}",
            c.after,
            if c.estimated_cut.is_some() {
                "ChanceProbCut's estimated bounds"
            } else {
                "bounds"
            },
            c.lower,
            c.upper,
            c.alpha,
            c.beta
        ),
    );
    set_hidden("chance-bar", false);
}

/// The recent games, newest first; the one on the board is marked.
pub fn recent(library: &Library, current: u64) {
    let mut html = String::new();
    for entry in library.recent(current) {
        let summary = escape(&entry.summary);
        if entry.id == current {
            html.push_str(&format!(
                "<li aria-current=\"true\"><span>{summary}</span> <em>on the board</em></li>"
            ));
        } else {
            html.push_str(&format!(
                "<li><span>{summary}</span> <button type=\"button\" data-game-id=\"{}\" aria-label=\"Resume: {summary}\">Resume</button></li>",
                entry.id
            ));
        }
    }
    dom::set_html(&by_id("recent"), &html);
}

/// Stratego's extras under the board: captured pieces drawn as pieces per
/// side ("You took" / "You lost") and the tracker of the enemy army.
fn stratego_info(m: &Model) {
    let kind = m.kind();
    set_hidden("stratego-info", !kind.is_stratego());
    let Some(rows) = m.tracker() else {
        return;
    };
    let names = kind.player_names();
    let lost = &m.board().captured;
    let tiles = |owner: starcut::Player| -> String {
        let colour = if owner == starcut::Player::First {
            "red"
        } else {
            "blue"
        };
        let mut ranks: Vec<_> = lost
            .iter()
            .filter(|(o, _)| *o == owner)
            .map(|(_, r)| *r)
            .collect();
        ranks.sort();
        if ranks.is_empty() {
            return "<span class=\"hint\">none</span>".into();
        }
        ranks
            .iter()
            .map(|r| {
                format!(
                    "<span class=\"tile {colour}\" title=\"{}'s {}\">{}</span>",
                    names[owner.index()],
                    r.name(),
                    r.to_char()
                )
            })
            .collect()
    };
    let human = m.human();
    let html = format!(
        "<span>You took ({}):</span><span class=\"tiles\">{}</span><span>You lost ({}):</span><span class=\"tiles\">{}</span>",
        names[human.other().index()],
        tiles(human.other()),
        names[human.index()],
        tiles(human)
    );
    dom::set_html(&by_id("tray"), &html);
    let mut table = format!(
        "<caption>{}'s army: what you know</caption><tr><th>rank</th><th>army</th><th>taken</th><th>seen</th><th>hidden</th></tr>",
        names[human.other().index()]
    );
    for r in &rows {
        table.push_str(&format!(
            "<tr{}><td title=\"{name}\">{c} {name}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"hidden-count\">{}</td></tr>",
            if r.unknown() == 0 { " class=\"gone\"" } else { "" },
            r.army,
            r.taken,
            r.identified,
            r.unknown(),
            c = r.rank.to_char(),
            name = r.rank.name(),
        ));
    }
    dom::set_html(&by_id("tracker"), &table);
}
