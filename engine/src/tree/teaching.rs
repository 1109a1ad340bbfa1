//! Small computations the lecture shows next to a real search of an
//! explicit tree: what a *wrong* search would return (Schadd, Figure 5.2),
//! ChanceProbCut's estimates at a chance node (Figures 5.5 and 5.6), and
//! which node made each cut of a recorded search.
//!
//! Everything here is written for clarity on trees of a few hundred nodes,
//! independently of the search, and in MAX's point of view like the
//! papers' figures.

use crate::game::{Game, Player, Status, Value};
use crate::search::verify::reference_value;
use crate::search::{ChanceProbCut, CutKind, DefaultEval, TraceEvent};

use super::{Kind, TreeGame};

/// Fail-soft alpha-beta in MAX's point of view that passes its window
/// (alpha, beta) unchanged to the children of a chance node and returns
/// their weighted mean: the mistake of Schadd's Figure 5.2. A child that
/// fails low or high returns a bound, not its value, and the mean of bounds
/// is neither a bound nor the value: in Figure 5.2 the first MIN node
/// returns 4 instead of 2 and the chance node 6.4 instead of 5.2.
///
/// Depth counts decisions, as in the search: chance nodes do not use depth
/// and a node at depth 0 is scored by its static value.
///
/// ```
/// use starcut::tree::{teaching, TreeGame};
/// let fig = TreeGame::parse("bound 20\nchance(0.6*min(4 2) 0.4*min(10 15))").unwrap();
/// assert!((teaching::window_not_reset(&fig, 2, 4.0, 6.0) - 6.4).abs() < 1e-9);
/// assert!((teaching::window_reset(&fig, 2, 4.0, 6.0) - 5.2).abs() < 1e-9);
/// ```
pub fn window_not_reset(pos: &TreeGame, depth: u32, alpha: Value, beta: Value) -> Value {
    alpha_beta(pos, pos.node, depth, alpha, beta, false)
}

/// The same search done right: every child of a chance node is searched
/// with the full window [-U, U], so chance nodes are exact and the result
/// is the expectimax value whenever it lies inside (alpha, beta) (a
/// fail-soft bound otherwise).
pub fn window_reset(pos: &TreeGame, depth: u32, alpha: Value, beta: Value) -> Value {
    alpha_beta(pos, pos.node, depth, alpha, beta, true)
}

fn alpha_beta(
    pos: &TreeGame,
    node: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
    reset: bool,
) -> Value {
    let tree = &pos.tree;
    let n = &tree.nodes[node];
    let u = tree.bound;
    match n.kind {
        Kind::Win => return u,
        Kind::Loss => return -u,
        Kind::Draw => return 0.0,
        Kind::Leaf => return n.value.clamp(-u, u),
        _ if depth == 0 => return n.value,
        _ => {}
    }
    match n.kind {
        Kind::Max => {
            let (mut a, mut best) = (alpha, Value::NEG_INFINITY);
            for &(c, _) in &n.children {
                let v = alpha_beta(pos, c, depth - 1, a, beta, reset);
                best = best.max(v);
                a = a.max(v);
                if v >= beta {
                    break;
                }
            }
            best
        }
        Kind::Min => {
            let (mut b, mut best) = (beta, Value::INFINITY);
            for &(c, _) in &n.children {
                let v = alpha_beta(pos, c, depth - 1, alpha, b, reset);
                best = best.min(v);
                b = b.min(v);
                if v <= alpha {
                    break;
                }
            }
            best
        }
        _ => {
            let (ca, cb) = if reset { (-u, u) } else { (alpha, beta) };
            let total: f64 = n.children.iter().map(|&(_, w)| f64::from(w)).sum();
            n.children
                .iter()
                .map(|&(c, w)| f64::from(w) * alpha_beta(pos, c, depth, ca, cb, reset))
                .sum::<f64>()
                / total
        }
    }
}

/// One shallow search of ChanceProbCut's first phase (Schadd, Algorithm
/// 5.2, lines 8-20) and what it makes of the chance node. All values are
/// from MAX's point of view.
#[derive(Clone, Debug, PartialEq)]
pub struct ProbCutEstimate {
    /// The outcome's index among the chance node's children.
    pub outcome: usize,
    /// The outcome node's name (its label, or `#index`).
    pub name: String,
    /// The outcome's value searched `depth - R` decisions deep.
    pub shallow: Value,
    /// Formulas 5.6 and 5.7: the outcome's estimated bounds, clamped to
    /// [-U, U].
    pub lower: Value,
    pub upper: Value,
    /// The chance node's estimated bounds after this outcome: the
    /// probability-weighted sum of the estimates so far, with -U and U for
    /// the outcomes not yet estimated.
    pub node_lower: Value,
    pub node_upper: Value,
}

/// ChanceProbCut's estimates at the chance node `pos` entered with `depth`
/// decisions left and window (alpha, beta) (MAX's point of view), outcome
/// by outcome, up to and including the one whose estimated bounds leave the
/// window (where ChanceProbCut cuts). Empty when `pos` is not a chance node
/// or `settings` has no model for `depth`.
///
/// The shallow values are plain expectimax, independent of the search; the
/// model is applied in the outcome position's own point of view, as in the
/// engine, and the result turned to MAX's.
///
/// ```
/// use starcut::tree::{examples, teaching, TreeGame};
/// let ex = examples::SCHADD_5_5;
/// let cpc = ex.chance_probcut.unwrap().settings();
/// let pos = TreeGame::parse(ex.tree).unwrap();
/// let e = teaching::chance_probcut_estimates(&pos, ex.depth, ex.alpha, ex.beta, &cpc);
/// assert_eq!((e[0].lower, e[0].upper), (300.0, 400.0));
/// assert_eq!((e[1].node_lower, e[1].node_upper), (200.0, 680.0));
/// ```
pub fn chance_probcut_estimates(
    pos: &TreeGame,
    depth: u32,
    alpha: Value,
    beta: Value,
    settings: &ChanceProbCut,
) -> Vec<ProbCutEstimate> {
    let Some(model) = settings.model_at(depth) else {
        return Vec::new();
    };
    if pos.status() != Status::Chance {
        return Vec::new();
    }
    let u = pos.bound();
    let n = pos.n();
    let total: f64 = n.children.iter().map(|&(_, w)| f64::from(w)).sum();
    let mut lo: Vec<Value> = vec![-u; n.children.len()];
    let mut hi: Vec<Value> = vec![u; n.children.len()];
    let mut out = Vec::new();
    for (i, &(c, _)) in n.children.iter().enumerate() {
        let kid = TreeGame {
            tree: std::sync::Arc::clone(&pos.tree),
            node: c,
        };
        let own = reference_value(&kid, model.shallow, &DefaultEval);
        let (l, h) = model.bounds(own, settings.t, u);
        let max_view = kid.to_move() == Player::First;
        let (shallow, l, h) = if max_view {
            (own, l, h)
        } else {
            (-own, -h, -l)
        };
        lo[i] = l;
        hi[i] = h;
        let weighted = |b: &[Value]| {
            n.children
                .iter()
                .zip(b)
                .map(|(&(_, w), &x)| f64::from(w) * x)
                .sum::<f64>()
                / total
        };
        let (node_lower, node_upper) = (weighted(&lo), weighted(&hi));
        out.push(ProbCutEstimate {
            outcome: i,
            name: pos.name_of(c),
            shallow,
            lower: l,
            upper: h,
            node_lower,
            node_upper,
        });
        if node_lower >= beta || node_upper <= alpha {
            break;
        }
    }
    out
}

/// The cuts of a recorded search of the tree whose root is `root`, each
/// with the name of the node that cut (its label, or `#index`), in the
/// order they happened. The trace's step texts are followed from the root
/// (as move or outcome texts, so edge labels work too); a step that does
/// not name a child of its node ends the walk of that branch, and a cut
/// below it is reported at `?`.
pub fn cuts_by_node(root: &TreeGame, events: &[TraceEvent]) -> Vec<(String, CutKind)> {
    let mut path: Vec<Option<TreeGame>> = vec![Some(root.clone())];
    let mut out = Vec::new();
    for e in events {
        match e {
            TraceEvent::Step { ply, text } => {
                let child = path.get(*ply).cloned().flatten().and_then(|p| {
                    let step = p.parse_step(text).ok()?;
                    let mut c = p.clone();
                    c.apply_step(step);
                    Some(c)
                });
                path.truncate(ply + 1);
                path.resize(ply + 1, None);
                path.push(child);
            }
            TraceEvent::Cut { ply, kind, .. } => {
                let name = match path.get(*ply) {
                    Some(Some(p)) => p.name_of(p.node),
                    _ => "?".to_string(),
                };
                out.push((name, *kind));
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::verify::reference_value;

    #[test]
    fn figure_5_2_passed_down_and_reset() {
        let ex = super::super::examples::SCHADD_5_2;
        let pos = TreeGame::parse(ex.tree).unwrap();
        let wrong = window_not_reset(&pos, ex.depth, ex.alpha, ex.beta);
        assert!((wrong - 6.4).abs() < 1e-9, "{wrong}");
        let right = window_reset(&pos, ex.depth, ex.alpha, ex.beta);
        assert!((right - 5.2).abs() < 1e-9, "{right}");
        // The first MIN node alone: 4 with the window, 2 without.
        let b = pos.find("B").unwrap();
        assert_eq!(window_not_reset(&b, 1, 4.0, 6.0), 4.0);
        assert_eq!(window_reset(&b, 1, -20.0, 20.0), 2.0);
    }

    #[test]
    fn reset_windows_give_expectimax_inside_the_window() {
        let text = "bound 10\nmax(chance(2*min(3 -4 5) 1*max(-2 7)) \
                    min(chance(1*1 1*max(6 -9)) 8) chance(1*loss 3*min[2](4 6)))";
        let pos = TreeGame::parse(text).unwrap();
        for depth in 0..4 {
            let truth = reference_value(&pos, depth, &DefaultEval);
            assert!((window_reset(&pos, depth, -10.0, 10.0) - truth).abs() < 1e-9);
        }
    }
}
