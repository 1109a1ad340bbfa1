//! The page's forms: the new-game form (each game's own options as
//! number fields) and the search settings, read into typed values and
//! filled from a loaded game.

use crate::error::{WebError, WebErrorKind, WebResult};
use starcut::Player;
use wasm_bindgen::JsCast;

use super::dom::{self, by_id};
use crate::games::{self, OptionSpec};
use crate::model::Model;
use crate::protocol::{
    ChanceAlgo, ForwardPruning, GameKind, Limit, SearchMode, SearchSettings, GAME_MENU,
};
use crate::strength::{Strength, LEVELS};

/// The id of the field of one game option.
fn option_id(spec: &OptionSpec) -> String {
    format!("game-opt-{}", spec.key.replace('_', "-"))
}

/// Fills the lists that never change.
pub fn fill_static() {
    let games: Vec<(String, String)> = GAME_MENU
        .iter()
        .map(|k| (k.name().to_string(), k.title().to_string()))
        .collect();
    dom::fill_select("game-select", &games, GameKind::Dice.name());
    fill_sides(GameKind::Dice);
    fill_options(GameKind::Dice, "");
    let algos: Vec<(String, String)> = ChanceAlgo::ALL
        .iter()
        .map(|a| (a.name().to_string(), a.name().to_string()))
        .collect();
    dom::fill_select("algorithm", &algos, "staretc");
    let mut levels: Vec<(String, String)> = LEVELS
        .iter()
        .map(|l| (l.level.to_string(), l.label.to_string()))
        .collect();
    levels.push((
        Strength::Research.name(),
        "Research settings (below)".to_string(),
    ));
    dom::fill_select("strength", &levels, &Strength::default().name());
}

/// The side list with the game's own names.
pub fn fill_sides(kind: GameKind) {
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

/// The option fields of `kind`, holding the values of `options`.
pub fn fill_options(kind: GameKind, options: &str) {
    let group = by_id("game-options");
    group.set_inner_html("");
    let _ = group.set_attribute("data-game", kind.name());
    let doc = dom::document();
    let values = games::option_values(kind, options);
    for spec in games::option_specs(kind) {
        let id = option_id(spec);
        let (Ok(label), Ok(input)) = (doc.create_element("label"), doc.create_element("input"))
        else {
            continue;
        };
        let _ = label.set_attribute("for", &id);
        label.set_text_content(Some(spec.label));
        let value = values
            .iter()
            .find(|(k, _)| *k == spec.key)
            .map_or(spec.default, |(_, v)| *v);
        for (name, v) in [
            ("id", id.clone()),
            ("type", "number".into()),
            ("min", spec.min.to_string()),
            ("max", spec.max.to_string()),
            ("value", value.to_string()),
            ("inputmode", "numeric".into()),
        ] {
            let _ = input.set_attribute(name, &v);
        }
        let _ = group.append_child(&label);
        let _ = group.append_child(&input);
    }
}

/// The new game the form asks for: game, side and option list.
///
/// # Errors
/// An option field that is not a whole number within its range, named.
pub fn read_new_game() -> WebResult<(GameKind, Player, String)> {
    let kind = GameKind::from_name(&dom::select("game-select").value())
        .ok_or_else(|| WebError::new(WebErrorKind::BadOption, "choose a game from the list"))?;
    let human = if dom::select("side-select").value() == "second" {
        Player::Second
    } else {
        Player::First
    };
    let mut values = Vec::new();
    for spec in games::option_specs(kind) {
        let text = dom::input(&option_id(spec)).value();
        let v: u32 = text
            .trim()
            .parse()
            .ok()
            .filter(|v| (spec.min..=spec.max).contains(v))
            .ok_or_else(|| {
                WebError::new(
                    WebErrorKind::BadOption,
                    format!(
                        "{}: '{}' is not a whole number from {} to {}",
                        spec.label,
                        text.trim(),
                        spec.min,
                        spec.max
                    ),
                )
            })?;
        values.push((spec.key, v));
    }
    Ok((kind, human, games::options_text(kind, &values)?))
}

/// The search settings the form holds.
pub fn read_settings() -> SearchSettings {
    let num = |id: &str, lo: u32, hi: u32, default: u32| {
        dom::input(id)
            .value()
            .trim()
            .parse::<u32>()
            .map_or(default, |v| v.clamp(lo, hi))
    };
    let value = num("limit-value", 1, 600_000, 1000);
    SearchSettings {
        strength: Strength::from_name(&dom::select("strength").value()).unwrap_or_default(),
        algorithm: dom::select("algorithm")
            .value()
            .parse()
            .unwrap_or(ChanceAlgo::StarEtc),
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
        mode: if dom::select("search-mode").value() == "exact" {
            SearchMode::Exact
        } else {
            SearchMode::Play
        },
        forward: ForwardPruning {
            chance_probcut: confidence("opt-cpc", "cpc-t"),
            probcut: confidence("opt-pc", "pc-t"),
            multicut: dom::input("opt-mc").checked(),
        },
        opponent_model: dom::input("opt-model").checked(),
    }
}

/// A ProbCut's t when its box is ticked: the field's number, clamped to
/// 0..=5 (1 when the field holds no number).
fn confidence(check: &str, field: &str) -> Option<f64> {
    dom::input(check).checked().then(|| {
        dom::input(field)
            .value()
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|t| t.is_finite())
            .map_or(1.0, |t| t.clamp(0.0, 5.0))
    })
}

/// Puts the model's game and settings into the forms (after a load).
pub fn show(model: &Model) {
    let kind = model.kind();
    dom::select("game-select").set_value(kind.name());
    fill_sides(kind);
    dom::select("side-select").set_value(if model.human() == Player::First {
        "first"
    } else {
        "second"
    });
    fill_options(kind, model.session().options());
    let s = model.settings();
    dom::select("strength").set_value(&s.strength.name());
    dom::select("algorithm").set_value(s.algorithm.name());
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
    dom::select("search-mode").set_value(s.mode.name());
    for (check, field, t) in [
        ("opt-cpc", "cpc-t", s.forward.chance_probcut),
        ("opt-pc", "pc-t", s.forward.probcut),
    ] {
        dom::input(check).set_checked(t.is_some());
        if let Some(t) = t {
            dom::input(field).set_value(&t.to_string());
        }
    }
    dom::input("opt-mc").set_checked(s.forward.multicut);
    dom::input("opt-model").set_checked(s.opponent_model);
}

/// Whether a key event's target is a field being edited, which keeps its
/// own keys (text and number fields, text areas). Lists, buttons and check
/// boxes do not: after a choice, the arrow keys step again.
pub fn editing(target: Option<web_sys::EventTarget>) -> bool {
    let Some(el) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    match el.tag_name().as_str() {
        "TEXTAREA" => true,
        "INPUT" => {
            let kind = el.get_attribute("type").unwrap_or_default();
            !matches!(
                kind.as_str(),
                "checkbox" | "radio" | "button" | "submit" | "reset" | "range"
            )
        }
        _ => el.has_attribute("contenteditable"),
    }
}
