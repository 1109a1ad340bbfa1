//! A random game tree with chance, seeded by a u64: the test bed of the
//! search (Ballard's artificial *-minimax trees, generalised).
//!
//! Every property of a node (kind, number of moves or outcomes, weights,
//! heuristic value, winner) is a hash of (seed, node id, step count), so the
//! tree is deterministic and needs no storage. A step XORs a key into the
//! node id; the keys depend only on the move or outcome index, so different
//! orders of the same steps transpose into the same node (the table gets
//! real transpositions). The side to move switches at a move with
//! probability `switch_move_percent` and at an outcome with
//! `switch_outcome_percent`, so games with a priori and a posteriori chance
//! and with chance nodes that switch sides are all covered. Heuristic values
//! are whole numbers in [-90, 90] with U = 100: ties are frequent, which
//! exercises every `<=` / `>=` boundary of the cut rules.

use crate::config::{int_option, unknown_option, GameConfig};
use crate::error::{IllegalMove, OptionError, ParseError, ParseErrorKind};
use crate::game::{Game, Player, Status, Value};
use crate::zobrist::splitmix64;

/// Shape of the random trees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomConfig {
    /// Steps (moves and outcomes) after which every node is terminal.
    pub max_steps: u32,
    pub chance_percent: u32,
    pub terminal_percent: u32,
    pub max_moves: u32,
    pub max_outcomes: u32,
    pub switch_move_percent: u32,
    pub switch_outcome_percent: u32,
    /// Ballard's regular *-minimax trees: every move leads to a chance node
    /// and every outcome to a decision node (`chance_percent` is ignored).
    pub regular: bool,
    /// 0: heuristic values are independent. Otherwise every step moves a
    /// running value by up to this much and the heuristic is that value
    /// plus a little noise, so that values along a line are correlated as
    /// in real games (probes and move ordering become informative).
    pub correlation: u32,
}

impl Default for RandomConfig {
    fn default() -> Self {
        RandomConfig {
            max_steps: 40,
            chance_percent: 45,
            terminal_percent: 6,
            max_moves: 4,
            max_outcomes: 4,
            switch_move_percent: 85,
            switch_outcome_percent: 25,
            regular: false,
            correlation: 0,
        }
    }
}

impl GameConfig for RandomConfig {
    fn options() -> &'static [(&'static str, &'static str)] {
        &[
            ("max_steps", "steps after which every node is terminal"),
            ("chance", "percent of chance nodes"),
            ("terminal", "percent of terminal nodes"),
            ("moves", "maximum moves per decision node (1..=16)"),
            ("outcomes", "maximum outcomes per chance node (1..=16)"),
            (
                "switch_move",
                "percent of moves that switch the side to move",
            ),
            (
                "switch_outcome",
                "percent of outcomes that switch the side to move",
            ),
            ("regular", "1: moves and chance events alternate"),
            (
                "correlation",
                "step size of correlated values (0: independent)",
            ),
        ]
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let v = |lo, hi| int_option(key, value, lo, hi).map(|x| x as u32);
        match key {
            "max_steps" => self.max_steps = v(0, 1000)?,
            "chance" => self.chance_percent = v(0, 100)?,
            "terminal" => self.terminal_percent = v(0, 100)?,
            "moves" => self.max_moves = v(1, 16)?,
            "outcomes" => self.max_outcomes = v(1, 16)?,
            "switch_move" => self.switch_move_percent = v(0, 100)?,
            "switch_outcome" => self.switch_outcome_percent = v(0, 100)?,
            "regular" => self.regular = v(0, 1)? == 1,
            "correlation" => self.correlation = v(0, 90)?,
            _ => return Err(unknown_option(key, "the random game", Self::options())),
        }
        Ok(())
    }
}

/// A node of a random tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomGame {
    seed: u64,
    id: u64,
    steps: u32,
    side: Player,
    /// Chance steps since the last move: at most two chance nodes in a row,
    /// so that the depth-free chance levels stay finite.
    chance_run: u8,
    /// The running value of correlated trees (first player's view).
    acc: i32,
    config: RandomConfig,
}

const U: Value = 100.0;

#[inline]
fn mix(a: u64, b: u64) -> u64 {
    splitmix64(a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15)).1
}

impl RandomGame {
    /// The root of the tree with this seed (never terminal).
    pub fn new(seed: u64, config: RandomConfig) -> Self {
        RandomGame {
            seed,
            id: mix(seed, 0x5EED),
            steps: 0,
            side: Player::First,
            chance_run: 0,
            acc: 0,
            config,
        }
    }

    /// A root with default shape.
    pub fn seeded(seed: u64) -> Self {
        RandomGame::new(seed, RandomConfig::default())
    }

    #[inline]
    fn r(&self, salt: u64) -> u64 {
        mix(mix(self.seed ^ self.id, self.steps as u64), salt)
    }

    fn kind(&self) -> Status {
        let c = &self.config;
        if self.steps >= c.max_steps {
            return Status::Terminal(self.winner());
        }
        let x = (self.r(1) % 100) as u32;
        if x < c.terminal_percent && self.steps > 0 {
            Status::Terminal(self.winner())
        } else if c.regular {
            if self.steps > 0 && self.chance_run == 0 {
                Status::Chance
            } else {
                Status::Decision
            }
        } else if x < c.terminal_percent + c.chance_percent && self.chance_run < 2 {
            Status::Chance
        } else {
            Status::Decision
        }
    }

    fn winner(&self) -> Option<Player> {
        match self.r(2) % 5 {
            0 | 1 => Some(Player::First),
            2 | 3 => Some(Player::Second),
            _ => None,
        }
    }

    fn n_moves(&self) -> u32 {
        1 + (self.r(3) % self.config.max_moves as u64) as u32
    }

    fn n_outcomes(&self) -> u32 {
        1 + (self.r(4) % self.config.max_outcomes as u64) as u32
    }

    fn weight(&self, o: u32) -> u32 {
        if self.r(5) % 100 < 35 {
            1 + (self.r(6) % 3) as u32
        } else {
            1 + (self.r(7 + o as u64) % 9) as u32
        }
    }

    fn step(&mut self, key: u64, switch_percent: u32) {
        let switch = self.r(key.wrapping_add(99)) % 100 < switch_percent as u64;
        if self.config.correlation > 0 {
            let c = self.config.correlation as u64;
            let delta = (self.r(key.wrapping_add(7)) % (2 * c + 1)) as i32 - c as i32;
            self.acc = (self.acc + delta).clamp(-80, 80);
        }
        self.id ^= mix(self.seed, key);
        self.steps += 1;
        if switch {
            self.side = self.side.other();
        }
    }
}

impl Default for RandomGame {
    fn default() -> Self {
        RandomGame::seeded(0)
    }
}

impl Game for RandomGame {
    type Move = u8;
    type Outcome = u8;
    type Config = RandomConfig;

    fn name(&self) -> &'static str {
        "random"
    }

    fn bound(&self) -> Value {
        U
    }

    fn status(&self) -> Status {
        self.kind()
    }

    fn to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.kind() == Status::Decision {
            out.extend(0..self.n_moves() as u8);
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(u8, u32)>) {
        out.clear();
        if self.kind() == Status::Chance {
            for o in 0..self.n_outcomes() {
                out.push((o as u8, self.weight(o)));
            }
        }
    }

    fn play(&mut self, mv: u8) {
        self.step(1000 + mv as u64, self.config.switch_move_percent);
        self.chance_run = 0;
    }

    fn apply_outcome(&mut self, outcome: u8) {
        self.step(2000 + outcome as u64, self.config.switch_outcome_percent);
        self.chance_run += 1;
    }

    fn hash(&self) -> u64 {
        mix(
            self.id
                ^ ((self.side.index() as u64) << 63)
                ^ ((self.chance_run as u64) << 60)
                ^ ((self.acc as u64) << 32),
            self.steps as u64,
        )
    }

    fn heuristic(&self) -> Value {
        let v = if self.config.correlation == 0 {
            (self.r(8) % 181) as i64 - 90
        } else {
            self.acc as i64 + (self.r(8) % 21) as i64 - 10
        };
        let v = v as Value;
        if self.side == Player::First {
            v
        } else {
            -v
        }
    }

    fn start(config: &RandomConfig) -> Option<Self> {
        Some(RandomGame::new(0, *config))
    }

    fn parse_position(config: &RandomConfig, text: &str) -> Result<Self, ParseError> {
        let mut g = RandomGame::new(0, *config);
        let mut fields = text.split_whitespace();
        let mut next = |name: &str| {
            fields
                .next()
                .ok_or_else(|| ParseError::new(ParseErrorKind::MissingField, name, "missing"))
        };
        let num = |name: &str, s: &str| {
            s.parse::<u64>().map_err(|_| {
                ParseError::new(
                    ParseErrorKind::BadValue,
                    name,
                    format!("'{s}' is not a whole number"),
                )
            })
        };
        let seed = next("seed")?;
        g.seed = num("seed", seed)?;
        let id = next("id")?;
        g.id = num("id", id)?;
        let steps = next("steps")?;
        g.steps = num("steps", steps)?.min(u32::MAX as u64) as u32;
        let run = next("chance run")?;
        g.chance_run = num("chance run", run)?.min(2) as u8;
        let acc = next("value")?;
        g.acc = acc
            .parse::<i32>()
            .ok()
            .filter(|v| (-80..=80).contains(v))
            .ok_or_else(|| {
                ParseError::new(
                    ParseErrorKind::BadValue,
                    "value",
                    format!("'{acc}' is not a whole number in -80..=80"),
                )
            })?;
        g.side = match next("side to move")? {
            "first" => Player::First,
            "second" => Player::Second,
            s => {
                return Err(ParseError::new(
                    ParseErrorKind::BadValue,
                    "side to move",
                    format!("'{s}' is not first or second"),
                ))
            }
        };
        Ok(g)
    }

    fn position_text(&self) -> String {
        format!(
            "{} {} {} {} {} {}",
            self.seed,
            self.id,
            self.steps,
            self.chance_run,
            self.acc,
            if self.side == Player::First {
                "first"
            } else {
                "second"
            }
        )
    }

    fn move_text(&self, mv: u8) -> String {
        format!("m{mv}")
    }

    fn outcome_text(&self, outcome: u8) -> String {
        format!("o{outcome}")
    }

    fn parse_move(&self, text: &str) -> Result<u8, IllegalMove> {
        let n = text
            .strip_prefix('m')
            .and_then(|s| s.parse::<u8>().ok())
            .ok_or_else(|| IllegalMove::new(text, "expected m<number>"))?;
        if self.kind() == Status::Decision && (n as u32) < self.n_moves() {
            Ok(n)
        } else {
            Err(IllegalMove::new(text, "no such move here"))
        }
    }

    fn parse_outcome(&self, text: &str) -> Result<u8, IllegalMove> {
        let n = text
            .strip_prefix('o')
            .and_then(|s| s.parse::<u8>().ok())
            .ok_or_else(|| IllegalMove::new(text, "expected o<number>"))?;
        if self.kind() == Status::Chance && (n as u32) < self.n_outcomes() {
            Ok(n)
        } else {
            Err(IllegalMove::new(text, "no such outcome here"))
        }
    }
}
