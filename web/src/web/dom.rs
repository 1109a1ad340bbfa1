//! Small helpers over the page's static elements (all defined in
//! `index.html`, found by id).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Event, HtmlElement, HtmlInputElement, HtmlSelectElement};

pub fn window() -> web_sys::Window {
    web_sys::window().expect("no window")
}

pub fn document() -> Document {
    window().document().expect("no document")
}

/// The element with this id; index.html defines all the ids used.
pub fn by_id(id: &str) -> Element {
    document()
        .get_element_by_id(id)
        .unwrap_or_else(|| panic!("index.html has no element #{id}"))
}

/// "alpha-beta 12, star1 cut I 3", or "none": cut counts by kind.
pub fn cuts_text<K: std::fmt::Display, N: std::fmt::Display>(cuts: &[(K, N)]) -> String {
    if cuts.is_empty() {
        return "none".into();
    }
    cuts.iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn set_text(id: &str, text: &str) {
    let el = by_id(id);
    if el.text_content().as_deref() != Some(text) {
        el.set_text_content(Some(text));
    }
}

/// Replaces an element's content by `html` unless it already holds it (a
/// hash of the last HTML set is kept in `data-key`), so lists keep their
/// scroll position and focus when nothing changed.
pub fn set_html(el: &Element, html: &str) {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    html.hash(&mut h);
    let key = h.finish().to_string();
    if el.get_attribute("data-key").as_deref() != Some(key.as_str()) {
        el.set_inner_html(html);
        let _ = el.set_attribute("data-key", &key);
    }
}

pub fn set_disabled(id: &str, disabled: bool) {
    let el = by_id(id);
    if disabled {
        let _ = el.set_attribute("disabled", "");
    } else {
        let _ = el.remove_attribute("disabled");
    }
}

pub fn set_hidden(id: &str, hidden: bool) {
    if let Ok(el) = by_id(id).dyn_into::<HtmlElement>() {
        if el.hidden() != hidden {
            el.set_hidden(hidden);
        }
    }
}

pub fn input(id: &str) -> HtmlInputElement {
    by_id(id).unchecked_into()
}

pub fn select(id: &str) -> HtmlSelectElement {
    by_id(id).unchecked_into()
}

/// Replaces a select's options by `(value, label)` pairs.
pub fn fill_select(id: &str, options: &[(String, String)], selected: &str) {
    let sel = select(id);
    sel.set_inner_html("");
    let doc = document();
    for (value, label) in options {
        if let Ok(opt) = doc.create_element("option") {
            let _ = opt.set_attribute("value", value);
            opt.set_text_content(Some(label));
            let _ = sel.append_child(&opt);
        }
    }
    sel.set_value(selected);
}

/// Adds an event listener for the page's lifetime.
pub fn on(target: &web_sys::EventTarget, event: &str, handler: impl FnMut(Event) + 'static) {
    let closure = Closure::<dyn FnMut(Event)>::new(handler);
    let _ = target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref());
    closure.forget();
}

/// Adds an event listener to the element with this id.
pub fn on_id(id: &str, event: &str, handler: impl FnMut(Event) + 'static) {
    on(&by_id(id), event, handler);
}
