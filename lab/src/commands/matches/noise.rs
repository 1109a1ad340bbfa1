//! Seeded evaluation noise, the "random factor in the evaluation function"
//! Schadd's self-play experiments use so that games from one start differ.
//!
//! The noise of a position is a hash of its Zobrist key and a per-game,
//! per-side salt: the same position always gets the same noise within a
//! game (the transposition table stays consistent), and the games stay
//! reproducible from the match seed.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use starcut::search::Evaluator;
use starcut::{Game, Value};

/// The game's heuristic plus uniform noise in `[-amplitude, amplitude]`.
#[derive(Debug, Default)]
pub struct NoisyEval {
    pub amplitude: f64,
    /// Set before each game (atomic: the searcher owns its evaluator, and its threads share it).
    pub salt: AtomicU64,
}

impl<G: Game> Evaluator<G> for NoisyEval {
    #[inline]
    fn evaluate(&self, pos: &G) -> Value {
        let h = pos.heuristic();
        if self.amplitude == 0.0 {
            return h;
        }
        let x = super::seeds::derive(pos.hash(), 0, self.salt.load(Relaxed) as usize);
        // The top 53 bits as a fraction in [0, 1).
        let u = (x >> 11) as f64 / (1u64 << 53) as f64;
        let limit = pos.bound() * (1.0 - 1e-9);
        (h + self.amplitude * (2.0 * u - 1.0)).clamp(-limit, limit)
    }

    /// The game's own key without noise; none with it (the noise reads
    /// the whole position and the seed).
    #[inline]
    fn key(&self, pos: &G) -> Option<u64> {
        if self.amplitude == 0.0 {
            pos.heuristic_key()
        } else {
            None
        }
    }

    /// Likewise for the positions after the moves of `pos`.
    #[inline]
    fn child_key_base(&self, pos: &G) -> Option<u64> {
        if self.amplitude == 0.0 {
            pos.child_key_base()
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starcut::dice::Dice;

    #[test]
    fn noise_is_bounded_seeded_and_zero_when_off() {
        let config = Default::default();
        let pos = <Dice as Game>::start(&config).unwrap();
        let off = NoisyEval::default();
        assert_eq!(off.evaluate(&pos), pos.heuristic());
        let on = NoisyEval {
            amplitude: 0.5,
            salt: AtomicU64::new(1),
        };
        let a = on.evaluate(&pos);
        assert_eq!(a, on.evaluate(&pos), "same salt, same noise");
        assert!((a - pos.heuristic()).abs() <= 0.5);
        let values: Vec<f64> = (0..20)
            .map(|s| {
                on.salt.store(s, Relaxed);
                on.evaluate(&pos)
            })
            .collect();
        assert!(values.iter().any(|&v| v != a), "salts change the noise");
        let huge = NoisyEval {
            amplitude: 1e9,
            salt: AtomicU64::new(3),
        };
        assert!(huge.evaluate(&pos).abs() < pos.bound());
    }
}
