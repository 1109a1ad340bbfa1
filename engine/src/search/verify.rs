//! The reference: plain fixed-depth expectimax, written as simply as
//! possible and sharing no code with the search. `verify_cuts` re-searches
//! every cut with it; the tests compare every algorithm against it.
//!
//! Semantics (the same as the search's): depth counts decisions only; a
//! terminal node scores `terminal_value`; a non-terminal node at depth 0, or
//! a decision node without moves, or a chance node without outcomes, is
//! scored by the evaluator; a chance node is the weighted mean of its
//! outcomes at the same depth; a decision node is the best move at depth - 1.
//! A child's value is negated when its side to move differs.

use crate::game::{Game, Status, Value};

use super::Evaluator;

/// The expectimax value of `pos` searched `depth` decisions deep.
pub fn reference_value<G: Game, E: Evaluator<G>>(pos: &G, depth: u32, eval: &E) -> Value {
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
            pos.chance_outcomes(&mut outcomes);
            if outcomes.is_empty() {
                return eval.evaluate(pos);
            }
            let mut sum = 0.0;
            let mut total = 0.0;
            for (o, w) in outcomes {
                let mut child = pos.clone();
                child.apply_outcome(o);
                let v = reference_value(&child, depth, eval);
                let v = if child.to_move() == me { v } else { -v };
                sum += w as f64 * v;
                total += w as f64;
            }
            sum / total
        }
        _ => {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                return eval.evaluate(pos);
            }
            let mut best = f64::NEG_INFINITY;
            for m in moves {
                let mut child = pos.clone();
                child.play(m);
                let v = reference_value(&child, depth - 1, eval);
                let v = if child.to_move() == me { v } else { -v };
                best = best.max(v);
            }
            best
        }
    }
}

/// Checks the fail-soft contract of a search result `value` for window
/// (alpha, beta) against the true value `truth`: a result <= alpha is an
/// upper bound, >= beta a lower bound, otherwise exact. `tol` absorbs
/// rounding. Returns a description of the violation, if any.
pub fn check_bound(
    value: Value,
    alpha: Value,
    beta: Value,
    truth: Value,
    tol: Value,
) -> Result<(), String> {
    if value <= alpha {
        if truth > value + tol {
            return Err(format!(
                "fail-low result {value} (alpha {alpha}) is below the true value {truth}"
            ));
        }
    } else if value >= beta {
        if truth < value - tol {
            return Err(format!(
                "fail-high result {value} (beta {beta}) is above the true value {truth}"
            ));
        }
    } else if (truth - value).abs() > tol {
        return Err(format!(
            "result {value} inside ({alpha}, {beta}) differs from the true value {truth}"
        ));
    }
    Ok(())
}
