//! Doubtful moves: moves the opponent model is not sure the side to move
//! can make at all ([`crate::Game::doubtful_move`]; in Stratego a run by a
//! piece of unknown rank, which only a Scout can make).
//!
//! Without the model the search lets every unknown piece run like a Scout
//! while the pool holds one: the opponent picks, after the fact, whichever
//! of its unknown pieces would be the Scout it needs. Late in a game, with
//! one Scout left among a dozen unknown pieces, every open line towards
//! the searcher's Flag then reads as a sure threat, every defence as lost,
//! and the engine gambled on a blind attack instead of blocking the one
//! real Scout (handicap game 60 at 100 ms, docs/stratego-strength.md).
//!
//! With it, a doubtful move of chance `p` is worth `h + p (v - h)` when its
//! searched value `v` is above `h`, the node's static value (what the side
//! can expect without it), and `v` otherwise: a threat counts in proportion
//! to the chance that the piece can make it, and a doubtful move is never
//! worth more than the same move made for certain. The map is continuous
//! and increasing, so the child is searched in the window mapped back
//! ([`Doubt::inverse`]) and the node keeps the fail-soft contract: a child
//! result outside its window is a bound, and so is its image.

use crate::game::Value;

/// The value map of one doubtful move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Doubt {
    /// The chance that the move can be made, in (0, 1).
    pub chance: f64,
    /// The node's static value, where a doubtful threat's worth starts.
    pub anchor: Value,
}

impl Doubt {
    /// What the move is worth to its node when its child's value is `v`.
    #[inline]
    pub fn apply(self, v: Value) -> Value {
        if v <= self.anchor {
            v
        } else {
            self.anchor + self.chance * (v - self.anchor)
        }
    }

    /// The child's value that maps to `y`: the window bound for the child
    /// that matches the node's bound `y` (infinite bounds stay infinite).
    #[inline]
    pub fn inverse(self, y: Value) -> Value {
        if y <= self.anchor || y.is_infinite() {
            y
        } else {
            self.anchor + (y - self.anchor) / self.chance
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_threat_counts_by_its_chance_and_a_bad_move_not_at_all() {
        let d = Doubt {
            chance: 0.25,
            anchor: -200.0,
        };
        // The Flag taken (1000) by a piece that is a Scout one time in four.
        assert_eq!(d.apply(1000.0), -200.0 + 0.25 * 1200.0);
        // Below the static value nothing changes.
        assert_eq!(d.apply(-500.0), -500.0);
        assert_eq!(d.apply(-200.0), -200.0);
    }

    #[test]
    fn the_map_is_increasing_and_inverse_gives_back_the_bound() {
        let d = Doubt {
            chance: 0.3,
            anchor: 40.0,
        };
        let mut last = f64::NEG_INFINITY;
        for i in -100..=100 {
            let v = f64::from(i) * 10.0;
            let y = d.apply(v);
            assert!(y >= last, "not increasing at {v}");
            assert!(y <= v.max(d.anchor), "worth more than the sure move at {v}");
            last = y;
            assert!((d.inverse(y) - v).abs() < 1e-9, "inverse at {v}");
        }
        assert_eq!(d.inverse(f64::INFINITY), f64::INFINITY);
        assert_eq!(d.inverse(f64::NEG_INFINITY), f64::NEG_INFINITY);
        // A bound the move cannot reach maps beyond every child's value.
        assert!(d.inverse(500.0) > 1000.0);
    }
}
