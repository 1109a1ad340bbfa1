//! The words of the lecture: numbers as a class reads them, and why a cut
//! happened. Everything is from MAX's point of view, as in the papers'
//! figures; the search itself works in negamax values and the replay turns
//! them around before they get here.

use starcut::search::CutKind;
use starcut::Value;

use super::tree::ShownKind;

/// A value with at most three decimals and no trailing zeros (`1.333`,
/// `-8`, `0.25`).
pub fn num(v: Value) -> String {
    if v.is_infinite() {
        return if v > 0.0 { "∞".into() } else { "-∞".into() };
    }
    let text = format!("{v:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.to_string()
    }
}

/// `(a, b)`.
pub fn window(w: (Value, Value)) -> String {
    format!("({}, {})", num(w.0), num(w.1))
}

/// `[l, u]`.
pub fn bounds(b: (Value, Value)) -> String {
    format!("[{}, {}]", num(b.0), num(b.1))
}

/// Which side of its window a returned value lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// At or above beta: the true value is at least this (a lower bound).
    High,
    /// At or below alpha: the true value is at most this (an upper bound).
    Low,
    Exact,
}

pub fn side_of(v: Value, w: (Value, Value)) -> Side {
    if v >= w.1 {
        Side::High
    } else if v <= w.0 {
        Side::Low
    } else {
        Side::Exact
    }
}

/// `≥ 3`, `≤ -8` or `2`: a returned value marked as a bound.
pub fn marked(v: Value, side: Side) -> String {
    match side {
        Side::High => format!("≥ {}", num(v)),
        Side::Low => format!("≤ {}", num(v)),
        Side::Exact => num(v),
    }
}

/// Why a node was cut (`parent`: the name of the node above), in words: the rule (the engine's own name for it),
/// the bound against the window, the reasoning behind the rule, and the
/// children it leaves unsearched.
///
/// `value` and `window` are from MAX's point of view; `u` is the game's
/// bound U. Cut kinds this lecture does not know are still named, with the
/// engine's own reason.
#[allow(clippy::too_many_arguments)]
pub fn cut(
    node: &str,
    parent: Option<&str>,
    kind_of_node: ShownKind,
    cut: CutKind,
    value: Value,
    window: (Value, Value),
    u: Value,
    engine_reason: &str,
    pruned: &[String],
) -> String {
    let side = side_of(value, window);
    let bound = match side {
        Side::High => format!("lower bound {} ≥ beta {}", num(value), num(window.1)),
        Side::Low => format!("upper bound {} ≤ alpha {}", num(value), num(window.0)),
        Side::Exact => format!("exact value {}", num(value)),
    };
    let chance = kind_of_node == ShownKind::Chance;
    let assumed = match side {
        Side::High => format!("-{}", num(u)),
        _ => num(u),
    };
    let why = match cut {
        CutKind::AlphaBeta => format!(
            "{node} is worth {} {}, and that is all {} needs to know",
            if side == Side::High {
                "at least"
            } else {
                "at most"
            },
            num(value),
            parent.unwrap_or("the search")
        ),
        CutKind::Star1CutI | CutKind::Star1CutII => format!(
            "the outcomes searched so far, with every outcome not yet searched counted \
             at {assumed}, already average {}",
            match side {
                Side::High => format!("at least {}", num(value)),
                _ => format!("at most {}", num(value)),
            }
        ),
        CutKind::Star2Probe => format!(
            "the probes (one move searched in each outcome) bound every outcome from one \
             side; with the outcomes not yet probed counted at {assumed}, the weighted sum \
             is {}",
            match side {
                Side::High => format!("at least {}", num(value)),
                _ => format!("at most {}", num(value)),
            }
        ),
        CutKind::StarEtc => {
            "the table's bounds of the outcomes already leave the window".to_string()
        }
        CutKind::Table => "the node's own table entry decides it".to_string(),
        _ => engine_reason.to_string(),
    };
    let what = if chance { "outcomes" } else { "moves" };
    let rest = if pruned.is_empty() {
        format!("its remaining {what} cannot change the result")
    } else {
        format!("never searched: {}", pruned.join(", "))
    };
    format!(
        "{} at {node}: {bound}. {}; {rest}.",
        cut.name(),
        capitalize(&why)
    )
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(num(4.0 / 3.0), "1.333");
        assert_eq!(num(-7.0 / 3.0), "-2.333");
        assert_eq!(num(-8.0), "-8");
        assert_eq!(num(0.25), "0.25");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(f64::INFINITY), "∞");
        assert_eq!(window((-3.0, 20.0)), "(-3, 20)");
        assert_eq!(bounds((-1000.0, -175.0)), "[-1000, -175]");
        assert_eq!(marked(-8.0, side_of(-8.0, (4.0, 10.0))), "≤ -8");
        assert_eq!(marked(5.0, side_of(5.0, (4.0, 5.0))), "≥ 5");
    }

    #[test]
    fn a_star1_cut_ii_in_words() {
        let text = cut(
            "A",
            None,
            ShownKind::Chance,
            CutKind::Star1CutII,
            4.0 / 3.0,
            (3.0, 4.0),
            10.0,
            "",
            &["D".into()],
        );
        assert_eq!(
            text,
            "star1 cut II at A: upper bound 1.333 ≤ alpha 3. The outcomes searched so far, \
             with every outcome not yet searched counted at 10, already average at most \
             1.333; never searched: D."
        );
    }

    #[test]
    fn an_alpha_beta_cut_at_a_min_node_in_words() {
        let text = cut(
            "C",
            Some("A"),
            ShownKind::Min,
            CutKind::AlphaBeta,
            -8.0,
            (-3.0, 10.0),
            10.0,
            "",
            &["F".into()],
        );
        assert!(
            text.starts_with("alpha-beta at C: upper bound -8 ≤ alpha -3. C is worth at most -8"),
            "{text}"
        );
        assert!(text.ends_with("never searched: F."), "{text}");
    }

    #[test]
    fn a_lower_bound_cut_counts_unsearched_outcomes_at_minus_u() {
        let text = cut(
            "A",
            None,
            ShownKind::Chance,
            CutKind::Star1CutI,
            3.5,
            (0.0, 3.0),
            10.0,
            "",
            &[],
        );
        assert!(text.contains("lower bound 3.5 ≥ beta 3"), "{text}");
        assert!(text.contains("counted at -10"), "{text}");
        assert!(text.ends_with("its remaining outcomes cannot change the result."));
    }
}
