//! A deliberately simple Dice implementation for the web crate's own tests:
//! it lets the UI model be tested on a game with chance nodes without
//! depending on the engine's game code (and cross-checks it where both run).
//!
//! Rules as SPEC 1.2 on an n x n board: a roll picks one of the mover's
//! lines that still has an empty square (columns for `c`, rows for `r`),
//! the mover places a checker in that line; a full line of one's own
//! checkers (row, column, long diagonal) wins, a full board draws.

use starcut::config::{unknown_option, GameConfig};
use starcut::{Game, IllegalMove, OptionError, ParseError, ParseErrorKind, Player, Status};

use crate::board::{Board, Piece, Sq};
use crate::session::WebGame;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct TinyConfig;

impl GameConfig for TinyConfig {
    fn options() -> &'static [(&'static str, &'static str)] {
        &[]
    }
    fn set_option(&mut self, key: &str, _value: &str) -> Result<(), OptionError> {
        Err(unknown_option(key, "tiny dice", &[]))
    }
}

const N: usize = 3;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TinyDice {
    /// Row-major from the top row; 0 empty, 1 columns player, 2 rows player.
    cells: [u8; N * N],
    to_move: Player,
    roll: Option<u8>,
}

impl TinyDice {
    fn mark(p: Player) -> u8 {
        p.index() as u8 + 1
    }

    /// Squares of line `k` (1-based) for player `p`.
    fn line(p: Player, k: usize) -> [usize; N] {
        std::array::from_fn(|i| match p {
            // Column k (file letter), top to bottom.
            Player::First => i * N + (k - 1),
            // Row k counted from the bottom (rank number).
            Player::Second => (N - k) * N + i,
        })
    }

    fn winner(&self) -> Option<Player> {
        let mut lines: Vec<[usize; N]> = Vec::new();
        for k in 0..N {
            lines.push(std::array::from_fn(|i| k * N + i));
            lines.push(std::array::from_fn(|i| i * N + k));
        }
        lines.push(std::array::from_fn(|i| i * N + i));
        lines.push(std::array::from_fn(|i| i * N + (N - 1 - i)));
        [Player::First, Player::Second].into_iter().find(|&p| {
            lines
                .iter()
                .any(|l| l.iter().all(|&s| self.cells[s] == Self::mark(p)))
        })
    }

    /// Cell `s` (row-major from the top row) on the board.
    fn square(s: usize) -> Sq {
        Sq {
            row: (s / N) as u8,
            col: (s % N) as u8,
        }
    }

    fn name_of(s: usize) -> String {
        format!("{}{}", char::from(b'a' + (s % N) as u8), N - s / N)
    }
}

impl Game for TinyDice {
    type Move = u8;
    type Outcome = u8;
    type Config = TinyConfig;

    fn name(&self) -> &'static str {
        "dice"
    }
    fn bound(&self) -> f64 {
        10.0
    }
    fn status(&self) -> Status {
        if let Some(w) = self.winner() {
            Status::Terminal(Some(w))
        } else if self.cells.iter().all(|&c| c != 0) {
            Status::Terminal(None)
        } else if self.roll.is_none() {
            Status::Chance
        } else {
            Status::Decision
        }
    }
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if let (Status::Decision, Some(k)) = (self.status(), self.roll) {
            out.extend(
                Self::line(self.to_move, k as usize)
                    .into_iter()
                    .filter(|&s| self.cells[s] == 0)
                    .map(|s| s as u8),
            );
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(u8, u32)>) {
        out.clear();
        if self.status() == Status::Chance {
            for k in 1..=N {
                if Self::line(self.to_move, k)
                    .iter()
                    .any(|&s| self.cells[s] == 0)
                {
                    out.push((k as u8, 1));
                }
            }
        }
    }
    fn play(&mut self, mv: u8) {
        self.cells[mv as usize] = Self::mark(self.to_move);
        self.to_move = self.to_move.other();
        self.roll = None;
    }
    fn apply_outcome(&mut self, outcome: u8) {
        self.roll = Some(outcome);
    }
    fn hash(&self) -> u64 {
        self.cells
            .iter()
            .fold(self.roll.unwrap_or(0) as u64, |h, &c| h * 3 + c as u64)
    }
    fn heuristic(&self) -> f64 {
        0.0
    }
    fn start(_: &TinyConfig) -> Option<Self> {
        Some(TinyDice {
            cells: [0; N * N],
            to_move: Player::First,
            roll: None,
        })
    }
    fn parse_position(_: &TinyConfig, text: &str) -> Result<Self, ParseError> {
        let bad = |detail: &str| ParseError::new(ParseErrorKind::Inconsistent, "position", detail);
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or_else(|| bad("empty"))?;
        let mut cells = Vec::new();
        for ch in board.chars().filter(|&c| c != '/') {
            match ch {
                'c' => cells.push(1),
                'r' => cells.push(2),
                '1'..='9' => cells.extend(std::iter::repeat_n(0, ch as usize - '0' as usize)),
                _ => return Err(bad("unknown character")),
            }
        }
        let cells: [u8; N * N] = cells.try_into().map_err(|_| bad("wrong size"))?;
        let to_move = match fields.next() {
            Some("c") => Player::First,
            Some("r") => Player::Second,
            _ => return Err(bad("side to move")),
        };
        let roll = match fields.next() {
            None => None,
            Some(t) => Some(t.parse::<u8>().map_err(|_| bad("roll"))?),
        };
        Ok(TinyDice {
            cells,
            to_move,
            roll,
        })
    }
    fn position_text(&self) -> String {
        let mut out = String::new();
        for r in 0..N {
            if r > 0 {
                out.push('/');
            }
            let mut run = 0;
            for c in 0..N {
                match self.cells[r * N + c] {
                    0 => run += 1,
                    m => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push(if m == 1 { 'c' } else { 'r' });
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
        }
        out.push_str(if self.to_move == Player::First {
            " c"
        } else {
            " r"
        });
        if let Some(k) = self.roll {
            out.push_str(&format!(" {k}"));
        }
        out
    }
    fn move_text(&self, mv: u8) -> String {
        Self::name_of(mv as usize)
    }
    fn outcome_text(&self, outcome: u8) -> String {
        outcome.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, IllegalMove> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|&m| Self::name_of(m as usize) == text)
            .ok_or_else(|| IllegalMove::new(text, "not a legal placement"))
    }
    fn parse_outcome(&self, text: &str) -> Result<u8, IllegalMove> {
        let mut outs = Vec::new();
        self.chance_outcomes(&mut outs);
        outs.into_iter()
            .map(|(o, _)| o)
            .find(|o| o.to_string() == text)
            .ok_or_else(|| IllegalMove::new(text, "not a possible roll"))
    }
}

impl WebGame for TinyDice {
    fn board(&self, _viewer: Option<Player>) -> Board {
        let mut board = Board::empty(N as u8, N as u8);
        for (i, &c) in self.cells.iter().enumerate() {
            let owner = match c {
                1 => Player::First,
                2 => Player::Second,
                _ => continue,
            };
            board.set(Self::square(i), Some(Piece::plain(owner)));
        }
        board
    }

    fn step_squares(&self, step: starcut::Step<u8, u8>) -> Vec<Sq> {
        match step {
            starcut::Step::Move(mv) => vec![Self::square(mv as usize)],
            starcut::Step::Outcome(_) => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use starcut::dice::Dice;

    /// The engine's Dice at size 3 agrees with this simple one on every
    /// position of many random games: status, moves, rolls and notation.
    #[test]
    fn engine_dice_agrees_with_the_simple_one() {
        let mut config = <Dice as Game>::Config::default();
        config.set_options("size=3").unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..200 {
            let mut tiny = TinyDice::start(&TinyConfig).unwrap();
            let mut real = Dice::start(&config).unwrap();
            loop {
                assert_eq!(real.position_text(), tiny.position_text());
                assert_eq!(real.status(), tiny.status(), "{}", tiny.position_text());
                let mut a: Vec<String> = Vec::new();
                let mut moves = Vec::new();
                real.legal_moves(&mut moves);
                a.extend(moves.iter().map(|&m| real.move_text(m)));
                let mut b: Vec<String> = Vec::new();
                let mut tiny_moves = Vec::new();
                tiny.legal_moves(&mut tiny_moves);
                b.extend(tiny_moves.iter().map(|&m| tiny.move_text(m)));
                let mut outs = Vec::new();
                real.chance_outcomes(&mut outs);
                a.extend(
                    outs.iter()
                        .map(|&(o, w)| format!("{}:{w}", real.outcome_text(o))),
                );
                let mut tiny_outs = Vec::new();
                tiny.chance_outcomes(&mut tiny_outs);
                b.extend(
                    tiny_outs
                        .iter()
                        .map(|&(o, w)| format!("{}:{w}", tiny.outcome_text(o))),
                );
                a.sort();
                b.sort();
                assert_eq!(a, b, "{}", tiny.position_text());
                if b.is_empty() {
                    break;
                }
                let pick = b[rng.gen_range(0..b.len())]
                    .split(':')
                    .next()
                    .unwrap()
                    .to_string();
                tiny.apply_step(tiny.parse_step(&pick).unwrap());
                real.apply_step(real.parse_step(&pick).unwrap());
            }
        }
    }
}
