//! Lecture mode's panel and pictures drawn from a [`LecturePage`]: the
//! controls' values, the sentence of the current event, the node panel,
//! the outcome (hidden until the trace reaches it or the lecturer reveals
//! it), predict mode's results, and the tree and chart canvases.

use super::dom::{self, by_id, set_disabled, set_hidden, set_text};
use super::lecture_canvas::CanvasPen;
use crate::lecture::draw::{self, Style};
use crate::lecture::explain::{self, Side};
use crate::lecture::layout::Zoom;
use crate::lecture::{Lecture, LecturePage};

const NAV_BUTTONS: [&str; 7] = [
    "lecture-first",
    "lecture-prev-cut",
    "lecture-prev",
    "lecture-play",
    "lecture-next",
    "lecture-next-cut",
    "lecture-last",
];

/// The picture style for the tree canvas's current box.
pub fn tree_style(pen: &CanvasPen, presenting: bool) -> Style {
    let (w, h) = pen.css_size();
    let (w, h) = (w.max(200.0), h.max(120.0));
    if presenting {
        Style::presentation(w, h)
    } else {
        Style::page(w, h)
    }
}

/// Draws everything of lecture mode.
pub fn render(
    page: &LecturePage,
    tree: &mut CanvasPen,
    chart: &mut CanvasPen,
    zoom: &Zoom,
    presenting: bool,
    playing: bool,
) {
    let s = &page.settings;
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
    let dpr = dom::window().device_pixel_ratio().max(1.0);
    let style = tree_style(tree, presenting);
    tree.fit(style.w, style.h, dpr);
    tree.zoom(zoom, dpr);
    let _ = by_id("lecture-canvas").set_attribute("data-zoom", &format!("{:.2}", zoom.scale));
    set_hidden("lecture-fit", zoom.scale <= 1.0);
    let _ = by_id("lecture-canvas").set_attribute("data-label-px", &format!("{:.1}", style.font));
    let _ = by_id("lecture-canvas")
        .set_attribute("class", if page.predicting { "predicting" } else { "" });
    set_text("lecture-play", if playing { "⏸ Pause" } else { "▶ Play" });
    let _ = by_id("lecture-play").set_attribute("aria-pressed", &playing.to_string());
    let _ = by_id("lecture-present").set_attribute("aria-pressed", &presenting.to_string());
    let _ = by_id("lecture-predict").set_attribute("aria-pressed", &page.predicting.to_string());
    set_hidden("lecture-predict-hint", !page.predicting);
    match &page.lecture {
        Err(e) => {
            set_text("lecture-error", &e.detail);
            set_hidden("lecture-error", false);
            draw::message(tree, "No tree to show: see the error above.", &style);
            set_text("lecture-step", "");
            set_text("lecture-event", "");
            let _ = by_id("lecture-event").set_attribute("data-kind", "");
            dom::set_html(&by_id("lecture-compare"), "");
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
            set_text("lecture-notes-text", "");
            set_hidden("lecture-outcome", true);
        }
        Ok(l) => {
            set_hidden("lecture-error", true);
            set_text("lecture-error", "");
            panel(page, l);
            let frame = l.frame();
            let marks = page.predictions.marks(l.tree.nodes.len());
            draw::tree(tree, l, &frame, &style, &marks);
            // Where each node is drawn (CSS pixels of the canvas), for
            // tests and tools that click on nodes.
            let scaled = style.scaled(&l.layout);
            let places: Vec<String> = (0..l.tree.nodes.len())
                .filter(|&n| !l.layout.hidden[n])
                .map(|n| {
                    let (x, y) = zoom.apply(scaled.pos(n));
                    format!("\"{}\":[{x:.0},{y:.0}]", l.tree.nodes[n].name)
                })
                .collect();
            let _ = by_id("lecture-canvas")
                .set_attribute("data-nodes", &format!("{{{}}}", places.join(",")));
            outcome(page, l, chart, dpr);
            predictions(page, l);
        }
    }
}

fn panel(page: &LecturePage, l: &Lecture) {
    let s = &page.settings;
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
        frame.nodes[n]
            .child_window
            .map(|(k, a, b)| format!("{}: {}", l.tree.nodes[k].name, explain::window((a, b))))
    });
    set_text("lecture-child-window", cw.as_deref().unwrap_or("–"));
    let shown = page.outcome_shown();
    // No spoilers: the total appears with the outcome.
    set_text(
        "lecture-nodes",
        &if shown {
            format!("{} of {}", frame.entered, l.run.nodes)
        } else {
            frame.entered.to_string()
        },
    );
    set_text("lecture-cuts", &frame.cuts.to_string());
    let result = if shown {
        let side = explain::side_of(l.run.value, (s.alpha, s.beta));
        let what = match side {
            Side::High => " (≥ beta: a lower bound)",
            Side::Low => " (≤ alpha: an upper bound)",
            Side::Exact => " (exact)",
        };
        format!(
            "{}{what}, {} nodes, depth {}",
            explain::num(l.run.value),
            l.run.nodes,
            l.depth
        )
    } else {
        "–".to_string()
    };
    set_text("lecture-result", &result);
    let (source, notes) = match crate::lecture::example(&s.example) {
        Some(ex) => (format!("{}.", ex.source), ex.notes.to_string()),
        None if !s.random.is_empty() => {
            (format!("A random exercise ({}).", s.random), String::new())
        }
        None => {
            // A tree's leading comments say where it comes from (a live
            // game's position writes them).
            let comments: Vec<&str> = s
                .tree
                .lines()
                .map_while(|l| l.trim().strip_prefix('#'))
                .map(str::trim)
                .collect();
            if comments.is_empty() {
                ("A typed tree.".to_string(), String::new())
            } else {
                // One line each, so a line without its own stop gets one
                // ("dice position: … c 5; 2 decisions deep, …").
                let mut text = String::new();
                for (i, c) in comments.iter().enumerate() {
                    if i > 0 {
                        let stop = text.ends_with(['.', '!', '?', ':', ';']);
                        text.push_str(if stop { " " } else { "; " });
                    }
                    text.push_str(c);
                }
                (text, String::new())
            }
        }
    };
    set_text("lecture-source", &source);
    // The figure's lesson beyond the trace: with the outcome.
    let teaching: String = l
        .teaching
        .iter()
        .filter(|(_, spoiler)| shown || !spoiler)
        .map(|(t, _)| format!("<li>{}</li>", super::render::escape(t)))
        .collect();
    dom::set_html(&by_id("lecture-teaching"), &teaching);
    set_hidden("lecture-teaching", teaching.is_empty());
    set_text("lecture-notes-text", &notes);
    set_hidden("lecture-notes", notes.is_empty());
    for id in NAV_BUTTONS {
        set_disabled(id, false);
    }
    let at_start = frame.cursor == 0;
    let at_end = frame.cursor == len;
    set_disabled("lecture-first", at_start);
    set_disabled("lecture-prev", at_start);
    set_disabled("lecture-prev-cut", at_start);
    set_disabled("lecture-next", at_end);
    set_disabled("lecture-next-cut", at_end);
    set_disabled("lecture-last", at_end);
    set_disabled("lecture-play", at_end);
}

/// The comparison of all algorithms: hidden until the outcome is shown.
fn outcome(page: &LecturePage, l: &Lecture, chart: &mut CanvasPen, dpr: f64) {
    let s = &page.settings;
    let shown = page.outcome_shown();
    set_hidden("lecture-outcome", !shown);
    set_hidden("lecture-reveal", shown);
    set_hidden("lecture-reveal-note", shown);
    if !shown {
        let _ = by_id("lecture-chart").set_attribute("aria-label", "Nodes per algorithm");
        dom::set_html(&by_id("lecture-compare"), "");
        return;
    }
    let (w, h) = chart.css_size();
    let style = Style::page(w.max(200.0), h.max(100.0));
    chart.fit(style.w, style.h, dpr);
    draw::chart(chart, &l.compare, &s.algorithm, &style);
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
    let mut html =
        String::from("<tr><th>algorithm</th><th>nodes</th><th>value</th><th>cuts</th></tr>");
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
    dom::set_html(&by_id("lecture-compare"), &html);
}

fn predictions(page: &LecturePage, l: &Lecture) {
    let p = &page.predictions;
    set_hidden("lecture-predict-value", !page.predicting);
    // The inner nodes whose value can be predicted, root first.
    let options: Vec<(String, String)> = l
        .tree
        .nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| !n.children.is_empty())
        .map(|(i, n)| (i.to_string(), format!("{} ({})", n.name, n.kind.name())))
        .collect();
    let key = format!("{}:{}", l.tree.nodes.len(), options.len());
    let select = by_id("predict-node");
    if select.get_attribute("data-key").as_deref() != Some(key.as_str()) {
        dom::fill_select("predict-node", &options, "0");
        let _ = select.set_attribute("data-key", &key);
    }
    let values: Vec<String> = p
        .values
        .iter()
        .map(|(&n, &v)| format!("{} {}", l.tree.nodes[n].name, explain::num(v)))
        .collect();
    set_text(
        "predict-values",
        &if values.is_empty() {
            String::new()
        } else {
            format!("Your values: {}", values.join(", "))
        },
    );
    set_disabled("lecture-check", p.marked.is_empty() && p.values.is_empty());
    set_disabled(
        "lecture-clear-marks",
        p.marked.is_empty() && p.verdicts.is_none(),
    );
    set_text(
        "lecture-score",
        &p.score().map_or(String::new(), |(right, all)| {
            format!("{right} of {all} right")
        }),
    );
    let mut html = String::new();
    for v in p.verdicts.iter().flatten() {
        html.push_str(&format!(
            "<li class=\"{}\">{} {}: {}</li>",
            if v.right { "right" } else { "wrong" },
            if v.right { "✓" } else { "✗" },
            super::render::escape(&l.tree.nodes[v.node].name),
            super::render::escape(&v.reason)
        ));
    }
    dom::set_html(&by_id("lecture-verdicts"), &html);
}
