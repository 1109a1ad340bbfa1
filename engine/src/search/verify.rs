//! The reference: plain fixed-depth expectimax, written as simply as
//! possible and sharing no code with the search. `verify_cuts` re-searches
//! every cut with it; the tests compare every algorithm against it.
//!
//! Semantics (the same as the search's): depth counts decisions only; a
//! terminal node scores `terminal_value`; a non-terminal node at depth 0, or
//! a decision node without moves, or a chance node without outcomes, is
//! scored by the evaluator; a chance node is the weighted mean of its
//! outcomes at the same depth (at depth - 1 when depth is counted in plies,
//! [`DepthUnits::Plies`]); a decision node is the best move at depth - 1.
//! A child's value is negated when its side to move differs.

use std::fmt;

use crate::game::{Game, Status, Value};

use super::config::DepthUnits;
use super::Evaluator;

/// The expectimax value of `pos` searched `depth` decisions deep.
pub fn reference_value<G: Game, E: Evaluator<G>>(pos: &G, depth: u32, eval: &E) -> Value {
    reference_value_in(pos, depth, DepthUnits::Decisions, eval)
}

/// The expectimax value of `pos` searched `depth` deep in `units`
/// (with [`DepthUnits::Plies`] a chance node uses one unit too).
pub fn reference_value_in<G: Game, E: Evaluator<G>>(
    pos: &G,
    depth: u32,
    units: DepthUnits,
    eval: &E,
) -> Value {
    reference_value_with(pos, depth, units, false, eval)
}

/// As [`reference_value_in`], in the tree of the game's opponent model
/// when `model` is on ([`crate::search::SearchConfig::opponent_model`]):
/// its moves below the root, its outcome weights and its doubtful moves.
pub fn reference_value_with<G: Game, E: Evaluator<G>>(
    pos: &G,
    depth: u32,
    units: DepthUnits,
    model: bool,
    eval: &E,
) -> Value {
    reference_node(pos, depth, units, model, true, eval)
}

/// A node of [`reference_value_with`]'s tree; `root`: the search's root,
/// where the legal moves are searched whatever the model (a child of the
/// root is searched with `root` false).
pub fn reference_node<G: Game, E: Evaluator<G>>(
    pos: &G,
    depth: u32,
    units: DepthUnits,
    model: bool,
    root: bool,
    eval: &E,
) -> Value {
    if let Status::Terminal(w) = pos.status() {
        return pos.terminal_value(w);
    }
    if depth == 0 {
        return eval.evaluate(pos);
    }
    let me = pos.to_move();
    match pos.status() {
        Status::Chance => {
            let mut outcomes = Vec::new();
            if model {
                pos.modelled_outcomes(&mut outcomes);
            } else {
                pos.chance_outcomes(&mut outcomes);
            }
            if outcomes.is_empty() {
                return eval.evaluate(pos);
            }
            let mut sum = 0.0;
            let mut total = 0.0;
            for (o, w) in outcomes {
                let mut child = pos.clone();
                child.apply_outcome(o);
                let below = units.below_chance(depth);
                let v = reference_node(&child, below, units, model, false, eval);
                let v = if child.to_move() == me { v } else { -v };
                sum += w as f64 * v;
                total += w as f64;
            }
            sum / total
        }
        _ => {
            let mut moves = Vec::new();
            if model && !root {
                pos.modelled_moves(&mut moves);
            } else {
                pos.legal_moves(&mut moves);
            }
            if moves.is_empty() {
                return eval.evaluate(pos);
            }
            let mut best = f64::NEG_INFINITY;
            for m in moves {
                let mut child = pos.clone();
                child.play(m);
                let v = reference_node(&child, depth - 1, units, model, false, eval);
                let v = if child.to_move() == me { v } else { -v };
                // A doubtful move counts by its chance (`doubt.rs`).
                let doubtful = if model && !root {
                    pos.doubtful_move(m)
                } else {
                    None
                };
                let v = match doubtful {
                    Some(chance) => super::doubt::Doubt {
                        chance,
                        anchor: eval.evaluate(pos),
                    }
                    .apply(v),
                    None => v,
                };
                best = best.max(v);
            }
            best
        }
    }
}

/// Which part of the fail-soft contract a result broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BoundViolation {
    /// A result <= alpha that is below the true value (not an upper bound).
    FailLow,
    /// A result >= beta that is above the true value (not a lower bound).
    FailHigh,
    /// A result inside the window that differs from the true value.
    Inexact,
}

/// A search result that breaks the fail-soft contract of its window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UnsoundBound {
    pub kind: BoundViolation,
    pub value: Value,
    pub alpha: Value,
    pub beta: Value,
    pub truth: Value,
}

impl fmt::Display for UnsoundBound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let UnsoundBound {
            value,
            alpha,
            beta,
            truth,
            ..
        } = *self;
        match self.kind {
            BoundViolation::FailLow => write!(
                f,
                "fail-low result {value} (alpha {alpha}) is below the true value {truth}"
            ),
            BoundViolation::FailHigh => write!(
                f,
                "fail-high result {value} (beta {beta}) is above the true value {truth}"
            ),
            BoundViolation::Inexact => write!(
                f,
                "result {value} inside ({alpha}, {beta}) differs from the true value {truth}"
            ),
        }
    }
}

impl std::error::Error for UnsoundBound {}

/// Checks the fail-soft contract of a search result `value` for window
/// (alpha, beta) against the true value `truth`: a result <= alpha is an
/// upper bound, >= beta a lower bound, otherwise exact. `tol` absorbs
/// rounding.
///
/// # Errors
/// The violation, if any.
pub fn check_bound(
    value: Value,
    alpha: Value,
    beta: Value,
    truth: Value,
    tol: Value,
) -> Result<(), UnsoundBound> {
    let kind = if value <= alpha {
        (truth > value + tol).then_some(BoundViolation::FailLow)
    } else if value >= beta {
        (truth < value - tol).then_some(BoundViolation::FailHigh)
    } else {
        ((truth - value).abs() > tol).then_some(BoundViolation::Inexact)
    };
    match kind {
        None => Ok(()),
        Some(kind) => Err(UnsoundBound {
            kind,
            value,
            alpha,
            beta,
            truth,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_bound_names_the_violation() {
        assert_eq!(check_bound(1.0, 1.0, 5.0, 0.5, 0.0), Ok(()));
        assert_eq!(check_bound(6.0, 1.0, 5.0, 7.0, 0.0), Ok(()));
        assert_eq!(check_bound(3.0, 1.0, 5.0, 3.0 + 1e-12, 1e-9), Ok(()));
        let kind = |v, t| check_bound(v, 1.0, 5.0, t, 0.0).unwrap_err().kind;
        assert_eq!(kind(1.0, 2.0), BoundViolation::FailLow);
        assert_eq!(kind(5.0, 4.0), BoundViolation::FailHigh);
        assert_eq!(kind(3.0, 4.0), BoundViolation::Inexact);
        assert_eq!(
            check_bound(0.0, 1.0, 5.0, 2.0, 0.0)
                .unwrap_err()
                .to_string(),
            "fail-low result 0 (alpha 1) is below the true value 2"
        );
    }
}
