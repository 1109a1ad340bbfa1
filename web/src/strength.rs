//! Strength levels for players: 1 (a beginner can win) to 8 (the engine's
//! best at a few seconds a move). A level sets the think time or depth and
//! adds evaluation noise at the low levels; the research settings
//! (algorithm, table, history, killers) still apply.
//!
//! The noise is a pure function of the position's hash and the game's
//! seed, so the engine's evaluation of a position never changes within a
//! search (the transposition table stays consistent) and a replayed game
//! meets the same engine.

use serde::{Deserialize, Serialize};
use starcut::search::Evaluator;
use starcut::{Game, Value};

use crate::protocol::Limit;

/// A level's search: how long or how deep, and the noise as a fraction of
/// the game's bound U.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    pub level: u8,
    pub limit: Limit,
    pub noise: f64,
    /// What the level is, for the menu.
    pub label: &'static str,
}

/// The eight levels, weakest first.
pub const LEVELS: [Level; 8] = [
    Level {
        level: 1,
        limit: Limit::Depth { plies: 1 },
        noise: 0.30,
        label: "1 — beginner (1 move deep, noisy)",
    },
    Level {
        level: 2,
        limit: Limit::Depth { plies: 1 },
        noise: 0.15,
        label: "2 — casual",
    },
    Level {
        level: 3,
        limit: Limit::Depth { plies: 2 },
        noise: 0.08,
        label: "3 — club",
    },
    Level {
        level: 4,
        limit: Limit::Depth { plies: 3 },
        noise: 0.04,
        label: "4 — strong club",
    },
    Level {
        level: 5,
        limit: Limit::Time { ms: 300 },
        noise: 0.02,
        label: "5 — 0.3 s a move",
    },
    Level {
        level: 6,
        limit: Limit::Time { ms: 800 },
        noise: 0.0,
        label: "6 — 0.8 s a move",
    },
    Level {
        level: 7,
        limit: Limit::Time { ms: 1500 },
        noise: 0.0,
        label: "7 — 1.5 s a move",
    },
    Level {
        level: 8,
        limit: Limit::Time { ms: 3000 },
        noise: 0.0,
        label: "8 — 3 s a move, full strength",
    },
];

/// The level a new player gets.
pub const DEFAULT_LEVEL: u8 = 5;

/// How strong the engine plays: a level, or the research settings' own
/// limit with no noise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Strength {
    Level(u8),
    Research,
}

impl Default for Strength {
    fn default() -> Self {
        Strength::Level(DEFAULT_LEVEL)
    }
}

impl Strength {
    /// The level's settings (`None` for the research settings).
    pub fn level(self) -> Option<&'static Level> {
        match self {
            Strength::Level(n) => LEVELS.iter().find(|l| l.level == n),
            Strength::Research => None,
        }
    }

    /// The name the menu uses as the value (`1`..`8`, `research`).
    pub fn name(self) -> String {
        match self {
            Strength::Level(n) => n.to_string(),
            Strength::Research => "research".into(),
        }
    }

    pub fn from_name(name: &str) -> Option<Strength> {
        match name {
            "research" => Some(Strength::Research),
            n => n
                .parse()
                .ok()
                .filter(|n| (1..=8).contains(n))
                .map(Strength::Level),
        }
    }
}

/// The game's heuristic plus a deterministic noise in `[-amp, amp]`,
/// kept strictly inside the bounds.
#[derive(Clone, Copy, Debug)]
pub struct NoisyEval {
    pub amplitude: Value,
    pub seed: u64,
}

/// SplitMix64: a well-mixed 64-bit hash of `x`.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl<G: Game> Evaluator<G> for NoisyEval {
    fn evaluate(&self, pos: &G) -> Value {
        let base = pos.heuristic();
        if self.amplitude <= 0.0 {
            return base;
        }
        // A uniform number in [-1, 1) from the position and the seed.
        let unit = (mix(pos.hash() ^ self.seed) >> 11) as f64 / (1u64 << 52) as f64 - 1.0;
        let u = pos.bound() * 0.999;
        (base + unit * self.amplitude).clamp(-u, u)
    }

    /// The game's own key without noise; none with it (the noise reads
    /// the whole position and the seed).
    #[inline]
    fn key(&self, pos: &G) -> Option<u64> {
        if self.amplitude <= 0.0 {
            pos.heuristic_key()
        } else {
            None
        }
    }

    /// Likewise for the positions after the moves of `pos`.
    #[inline]
    fn child_key_base(&self, pos: &G) -> Option<u64> {
        if self.amplitude <= 0.0 {
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
    use starcut::GameConfig;

    #[test]
    fn levels_get_stronger_and_names_round_trip() {
        assert_eq!(LEVELS.len(), 8);
        for pair in LEVELS.windows(2) {
            assert!(pair[0].noise >= pair[1].noise);
            assert_eq!(pair[1].level, pair[0].level + 1);
        }
        for s in LEVELS
            .iter()
            .map(|l| Strength::Level(l.level))
            .chain([Strength::Research])
        {
            assert_eq!(Strength::from_name(&s.name()), Some(s));
        }
        assert_eq!(Strength::from_name("9"), None);
        assert_eq!(Strength::from_name("x"), None);
        assert_eq!(Strength::default().level().unwrap().level, DEFAULT_LEVEL);
    }

    #[test]
    fn the_noise_is_deterministic_bounded_and_varies() {
        let mut config = starcut::dice::DiceConfig::default();
        config.set_options("size=5").unwrap();
        let pos = <Dice as Game>::parse_position(&config, "c1r2/5/2c2/1r3/5 c 2").unwrap();
        let quiet = NoisyEval {
            amplitude: 0.0,
            seed: 1,
        };
        assert_eq!(Evaluator::<Dice>::evaluate(&quiet, &pos), pos.heuristic());
        let loud = NoisyEval {
            amplitude: 3.0,
            seed: 7,
        };
        let a = Evaluator::<Dice>::evaluate(&loud, &pos);
        assert_eq!(a, Evaluator::<Dice>::evaluate(&loud, &pos), "deterministic");
        assert!((a - pos.heuristic()).abs() <= 3.0);
        let values: Vec<Value> = (0..50)
            .map(|seed| {
                Evaluator::<Dice>::evaluate(
                    &NoisyEval {
                        amplitude: 4.0,
                        seed,
                    },
                    &pos,
                )
            })
            .collect();
        assert!(
            values.iter().all(|v| v.abs() < pos.bound()),
            "inside the bounds"
        );
        let distinct: std::collections::BTreeSet<i64> =
            values.iter().map(|v| (v * 1000.0) as i64).collect();
        assert!(distinct.len() > 10, "the seed changes the noise");
    }
}
