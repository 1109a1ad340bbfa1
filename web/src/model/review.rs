//! The evaluation of the game, move by move, from the player's point of
//! view: what the engine's searches during play said, and a *review* that
//! searches every position of the game in the worker, one after the other.
//! The review marks the player's moves that lost most (inaccuracy,
//! mistake, blunder) by the drop of the expected score.
//!
//! Values are kept by step count and belong to the record: when a new move
//! replaces an undone tail, the values after it go.
//!
//! The expected score of a value v is 1 / (1 + e^(-v / s)) with s = U/10
//! (U the game's bound): a piece or a good Dice line changes it by a few
//! points, a decided game by nearly all. The thresholds follow lichess's
//! spirit (a drop of the winning chances): 5, 10 and 20 points.

use std::collections::BTreeMap;

use starcut::Value;

/// How much a move lost, by the drop of the expected score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    /// A drop of 0.05 or more.
    Inaccuracy,
    /// 0.10 or more.
    Mistake,
    /// 0.20 or more.
    Blunder,
}

impl Judgement {
    pub const fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// The annotation lichess writes after such a move.
    pub const fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// The judgement of a drop of the expected score, if any.
    pub fn of_drop(drop: f64) -> Option<Judgement> {
        if drop >= 0.20 {
            Some(Judgement::Blunder)
        } else if drop >= 0.10 {
            Some(Judgement::Mistake)
        } else if drop >= 0.05 {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// The expected score of `value` (the player's view) in a game of bound U.
pub fn expected_score(value: Value, bound: Value) -> f64 {
    let s = (bound / 10.0).max(1e-9);
    1.0 / (1.0 + (-value / s).exp())
}

/// The values of the game's positions and the review's progress.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Review {
    /// The value of the position after `n` steps, for the player.
    values: BTreeMap<usize, Value>,
    /// A review is running.
    running: bool,
    /// The positions the running review must search, in order.
    todo: Vec<usize>,
    /// How many positions the running review had to search.
    total: usize,
}

impl Review {
    pub fn values(&self) -> &BTreeMap<usize, Value> {
        &self.values
    }

    pub fn running(&self) -> bool {
        self.running
    }

    /// (searched, to search) of the running review.
    pub fn progress(&self) -> (usize, usize) {
        (self.total - self.todo.len(), self.total)
    }

    /// Records a value (the player's view) for the position after `n`
    /// steps.
    pub fn record(&mut self, n: usize, value: Value) {
        if value.is_finite() {
            self.values.insert(n, value);
        }
        self.todo.retain(|&m| m != n);
    }

    /// The record changed from step `n` on: values after it go.
    pub fn truncate(&mut self, n: usize) {
        self.values.retain(|&m, _| m <= n);
        self.todo.retain(|&m| m <= n);
    }

    /// Starts (or continues) a review of the positions `points`; the ones
    /// already valued are skipped. Returns the first to search.
    pub fn start(&mut self, points: Vec<usize>) -> Option<usize> {
        self.todo = points
            .into_iter()
            .filter(|n| !self.values.contains_key(n))
            .collect();
        self.total = self.todo.len();
        self.running = !self.todo.is_empty();
        self.next_position()
    }

    /// The next position to search, if the review goes on.
    pub fn next_position(&mut self) -> Option<usize> {
        if !self.running {
            return None;
        }
        let next = self.todo.first().copied();
        if next.is_none() {
            self.running = false;
        }
        next
    }

    pub fn stop(&mut self) {
        self.running = false;
        self.todo.clear();
        self.total = 0;
    }

    /// The judgement of the player's move that goes from `n` steps to
    /// `n + 1` (when both positions are valued).
    pub fn judge(&self, n: usize, bound: Value) -> Option<(Judgement, f64)> {
        let before = *self.values.get(&n)?;
        let after = *self.values.get(&(n + 1))?;
        let drop = expected_score(before, bound) - expected_score(after, bound);
        Judgement::of_drop(drop).map(|j| (j, drop))
    }

    /// The values to keep with a saved game.
    pub fn saved(&self) -> Vec<(usize, Value)> {
        self.values.iter().map(|(&n, &v)| (n, v)).collect()
    }

    /// Values read back from a saved game.
    pub fn restore(values: &[(usize, Value)]) -> Review {
        Review {
            values: values
                .iter()
                .filter(|(_, v)| v.is_finite())
                .copied()
                .collect(),
            ..Review::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_of_the_expected_score_are_judged() {
        assert!((expected_score(0.0, 10.0) - 0.5).abs() < 1e-12);
        assert!(expected_score(10.0, 10.0) > 0.99);
        assert_eq!(Judgement::of_drop(0.04), None);
        assert_eq!(Judgement::of_drop(0.05), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of_drop(0.15), Some(Judgement::Mistake));
        assert_eq!(Judgement::of_drop(0.5), Some(Judgement::Blunder));
        let mut r = Review::default();
        r.record(4, 1.0);
        r.record(5, -3.0);
        let (j, drop) = r.judge(4, 10.0).unwrap();
        assert_eq!(j, Judgement::Blunder, "{drop}");
        r.record(6, -3.1);
        assert_eq!(r.judge(5, 10.0), None, "a tiny loss is no mistake");
        assert_eq!(r.judge(7, 10.0), None, "no value, no judgement");
    }

    #[test]
    fn a_review_searches_what_is_missing_and_stops_or_resumes() {
        let mut r = Review::default();
        r.record(1, 0.5);
        assert_eq!(r.start(vec![0, 1, 2, 3]), Some(0));
        assert_eq!(r.progress(), (0, 3));
        r.record(0, 0.1);
        assert_eq!(r.next_position(), Some(2));
        assert_eq!(r.progress(), (1, 3));
        r.stop();
        assert!(!r.running());
        assert_eq!(r.next_position(), None);
        // Resumed: only 2 and 3 are left.
        assert_eq!(r.start(vec![0, 1, 2, 3]), Some(2));
        r.record(2, 0.0);
        r.record(3, 0.0);
        assert_eq!(r.next_position(), None);
        assert!(!r.running());
        // A new move at step 1 drops what came after.
        r.truncate(1);
        assert_eq!(r.values().keys().copied().collect::<Vec<_>>(), vec![0, 1]);
        let back = Review::restore(&r.saved());
        assert_eq!(back.values(), r.values());
    }
}
