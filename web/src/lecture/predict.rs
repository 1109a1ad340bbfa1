//! Predict the cut: before stepping, students (or the lecturer, live) mark
//! the nodes they think the algorithm will never search; *Check* compares
//! the marks with what the engine's search really left out, node by node,
//! with the reason.
//!
//! A marked node counts for its whole subtree: marking the top of a pruned
//! subtree is enough. What the search never visits is the engine's own
//! record ([`Replay::pruned_by`]): the trace of the real search, not a
//! second opinion.

use std::collections::{BTreeMap, BTreeSet};

use starcut::Value;

use super::draw::Mark;
use super::replay::Replay;
use super::tree::ShownTree;

/// One node's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub node: usize,
    pub right: bool,
    /// Why, in one sentence: "C was pruned: star1 cut II at A (step 14)."
    pub reason: String,
}

/// The predictions and, once checked, the verdicts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Predictions {
    pub marked: BTreeSet<usize>,
    /// Values predicted for nodes (typically a chance node's value, or the
    /// bound the search will return for it).
    pub values: BTreeMap<usize, Value>,
    pub verdicts: Option<Vec<Verdict>>,
}

/// How close a predicted value must be to count (the figures print three
/// decimals).
const VALUE_TOLERANCE: Value = 0.005;

impl Predictions {
    /// Marks or unmarks a node (the root cannot be pruned); a new mark
    /// clears an earlier check.
    pub fn toggle(&mut self, node: usize) {
        if node == 0 {
            return;
        }
        if !self.marked.remove(&node) {
            self.marked.insert(node);
        }
        self.verdicts = None;
    }

    /// Predicts `value` for `node` (a NaN value removes the prediction).
    pub fn predict_value(&mut self, node: usize, value: Value) {
        if value.is_nan() {
            self.values.remove(&node);
        } else {
            self.values.insert(node, value);
        }
        self.verdicts = None;
    }

    pub fn clear(&mut self) {
        *self = Predictions::default();
    }

    /// Checks the marks against the search: a verdict for every marked
    /// node, and for every pruned subtree nobody marked (a miss).
    pub fn check(&mut self, tree: &ShownTree, replay: &Replay) {
        let name = |n: usize| tree.nodes[n].name.clone();
        let why_pruned = |n: usize| match replay.pruned_by(n) {
            Some((_, _, "end")) | None => format!("{} was never searched.", name(n)),
            Some((step, by, kind)) => format!(
                "{} was pruned: {kind} at {} (step {step}).",
                name(n),
                name(by)
            ),
        };
        let covered = |n: usize| {
            let mut a = Some(n);
            while let Some(x) = a {
                if self.marked.contains(&x) {
                    return true;
                }
                a = tree.nodes[x].parent;
            }
            false
        };
        let mut verdicts = Vec::new();
        for n in 1..tree.nodes.len() {
            let pruned = replay.pruned_by(n).is_some();
            if self.marked.contains(&n) {
                verdicts.push(Verdict {
                    node: n,
                    right: pruned,
                    reason: if pruned {
                        why_pruned(n)
                    } else {
                        let step = replay.cursor_of(n).unwrap_or(0);
                        format!("{} is searched (step {step}).", name(n))
                    },
                });
            } else if pruned
                && tree.nodes[n]
                    .parent
                    .is_some_and(|p| replay.pruned_by(p).is_none())
                && !covered(n)
            {
                verdicts.push(Verdict {
                    node: n,
                    right: false,
                    reason: format!("Missed: {}", why_pruned(n)),
                });
            }
        }
        // Predicted values against what the search returned for the node
        // (the value, or the bound it failed with).
        let end = replay.frame(tree, replay.len());
        for (&n, &p) in &self.values {
            if n >= tree.nodes.len() {
                continue;
            }
            let said = super::explain::num(p);
            let verdict = match end.nodes[n].value {
                Some((v, side)) => {
                    let close = (p - v).abs() <= VALUE_TOLERANCE * v.abs().max(1.0);
                    let what = match side {
                        super::explain::Side::Exact => "exactly".to_string(),
                        super::explain::Side::Low => "an upper bound (it failed low)".to_string(),
                        super::explain::Side::High => "a lower bound (it failed high)".to_string(),
                    };
                    Verdict {
                        node: n,
                        right: close,
                        reason: format!(
                            "value of {}: you said {said}; the search returned {}, {what}.",
                            name(n),
                            super::explain::marked(v, side)
                        ),
                    }
                }
                None => Verdict {
                    node: n,
                    right: false,
                    reason: format!(
                        "value of {}: you said {said}; the search never returned a value for it ({}).",
                        name(n),
                        why_pruned(n)
                    ),
                },
            };
            verdicts.push(verdict);
        }
        self.verdicts = Some(verdicts);
    }

    /// The mark to draw on each node.
    pub fn marks(&self, nodes: usize) -> Vec<Option<Mark>> {
        let mut out = vec![None; nodes];
        for &n in &self.marked {
            if n < nodes {
                out[n] = Some(Mark::Predicted);
            }
        }
        for v in self.verdicts.iter().flatten() {
            if v.node < nodes {
                out[v.node] = Some(if v.right { Mark::Right } else { Mark::Wrong });
            }
        }
        out
    }

    /// "3 of 4 right".
    pub fn score(&self) -> Option<(usize, usize)> {
        let v = self.verdicts.as_ref()?;
        Some((v.iter().filter(|v| v.right).count(), v.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lecture::{Lecture, LectureSettings};

    fn arts_4_6() -> Lecture {
        let ex = crate::lecture::example("arts-4.6").unwrap();
        Lecture::load(&LectureSettings::of_example(&ex)).unwrap()
    }

    fn node(l: &Lecture, name: &str) -> usize {
        l.tree.nodes.iter().position(|n| n.name == name).unwrap()
    }

    #[test]
    fn marks_are_checked_against_the_engines_own_pruned_set() {
        // Star1 on Arts 4.6: E = -8 cuts C (F never searched), then A's
        // upper bound 4/3 <= 3 cuts A (D never searched).
        let l = arts_4_6();
        let (d, f, b) = (node(&l, "D"), node(&l, "F"), node(&l, "B"));
        let mut p = Predictions::default();
        p.toggle(d);
        p.toggle(b);
        p.check(&l.tree, &l.replay);
        let v = p.verdicts.clone().unwrap();
        let of = |n: usize| v.iter().find(|x| x.node == n).unwrap().clone();
        assert!(of(d).right, "{:?}", of(d));
        assert!(
            of(d)
                .reason
                .starts_with("D was pruned: star1 cut II at A (step "),
            "{}",
            of(d).reason
        );
        assert!(!of(b).right);
        assert!(
            of(b).reason.starts_with("B is searched (step "),
            "{}",
            of(b).reason
        );
        // F was not marked: a miss, with its cut.
        assert!(!of(f).right);
        assert!(
            of(f)
                .reason
                .starts_with("Missed: F was pruned: alpha-beta at C"),
            "{}",
            of(f).reason
        );
        assert_eq!(p.score(), Some((1, 3)));
        let marks = p.marks(l.tree.nodes.len());
        assert_eq!(marks[d], Some(Mark::Right));
        assert_eq!(marks[b], Some(Mark::Wrong));
        // Every node the engine never searched is either marked (or under
        // a mark) or reported as missed.
        for n in 1..l.tree.nodes.len() {
            if l.replay.pruned_by(n).is_some() {
                let mut a = Some(n);
                let mut found = false;
                while let Some(x) = a {
                    found |= v.iter().any(|x2| x2.node == x);
                    a = l.tree.nodes[x].parent;
                }
                assert!(found, "{}", l.tree.nodes[n].name);
            }
        }
    }

    #[test]
    fn a_predicted_value_is_checked_against_the_bound_the_search_returned() {
        // Arts 4.6: A returns the upper bound 4/3 (a Star1 cut II).
        let l = arts_4_6();
        let a = node(&l, "A");
        let mut p = Predictions::default();
        p.predict_value(a, 1.333);
        p.check(&l.tree, &l.replay);
        let v = p.verdicts.clone().unwrap();
        let va = v.iter().find(|x| x.node == a).unwrap();
        assert!(va.right, "{va:?}");
        assert!(
            va.reason.contains("≤ 1.333") && va.reason.contains("upper bound"),
            "{}",
            va.reason
        );
        p.predict_value(a, 2.0);
        p.check(&l.tree, &l.replay);
        assert!(
            !p.verdicts
                .unwrap()
                .iter()
                .find(|x| x.node == a)
                .unwrap()
                .right
        );
        // A never searched node has no value.
        let d = node(&l, "D");
        let mut q = Predictions::default();
        q.predict_value(d, 1.0);
        q.check(&l.tree, &l.replay);
        let vd = q.verdicts.clone().unwrap();
        assert!(vd
            .iter()
            .any(|x| x.node == d && !x.right && x.reason.contains("never returned")));
        // NaN removes a prediction.
        q.predict_value(d, f64::NAN);
        assert!(q.values.is_empty());
    }

    #[test]
    fn a_perfect_prediction_scores_full_marks_and_the_root_cannot_be_marked() {
        let l = arts_4_6();
        let mut p = Predictions::default();
        p.toggle(0);
        assert!(p.marked.is_empty());
        for n in 1..l.tree.nodes.len() {
            let top = l.replay.pruned_by(n).is_some()
                && l.tree.nodes[n]
                    .parent
                    .is_some_and(|q| l.replay.pruned_by(q).is_none());
            if top {
                p.toggle(n);
            }
        }
        p.check(&l.tree, &l.replay);
        let (right, all) = p.score().unwrap();
        assert_eq!(right, all);
        assert!(all >= 2);
        // A new mark clears the check.
        p.toggle(1);
        assert!(p.verdicts.is_none());
    }
}
