//! The Dice position: two bitboards, the side to move, the pending roll,
//! the result, and an incrementally kept Zobrist hash.

use crate::error::{IllegalMove, ParseError};
use crate::game::{Ending, Game, Player, Status, Value};
use crate::zobrist;

use super::bitboard::{anti_mask, col_mask, diag_mask, full_mask, row_mask};
use super::config::DiceConfig;

/// A move: the square a checker is placed on, index `row * m + col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DiceMove(pub u8);

impl crate::game::PackedMove for DiceMove {
    #[inline]
    fn pack(self) -> u16 {
        u16::from(self.0)
    }
    #[inline]
    fn unpack(bits: u16) -> Option<Self> {
        u8::try_from(bits).ok().map(DiceMove)
    }
}

/// A chance outcome: the rolled line (0-based column for the columns player,
/// row for the rows player). Printed 1-based (`3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DiceRoll(pub u8);

pub(super) const NO_ROLL: u8 = u8::MAX;

/// The game state of a position (cached, so `status` is a few compares).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Outcome {
    Ongoing,
    Won(Player),
    Draw,
}

/// A Dice position. Plain `Copy` data; `clone` + `play` is the search's
/// copy-make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dice {
    /// Checkers by player index (`c` = `First`, `r` = `Second`).
    pub(super) checkers: [u128; 2],
    pub(super) hash: u64,
    pub(super) size: u8,
    pub(super) to_move: Player,
    /// The rolled line, or `NO_ROLL` at a chance node.
    pub(super) roll: u8,
    pub(super) outcome: Outcome,
    /// Twelve times each player's usable-checker score (see `eval.rs`),
    /// kept incrementally so that the evaluation is a subtraction.
    pub(super) scores12: [u16; 2],
    /// Each player's checkers on each line ([`line_index`]), kept by
    /// `place`: the move order and the win test read a line's counts
    /// instead of counting its bits.
    pub(super) lines: [[u8; LINES]; 2],
}

/// Slots of [`Dice::lines`]: the rows, the columns, the two diagonals.
pub(super) const LINES: usize = 2 * MAX_LINES + 2;
const MAX_LINES: usize = super::MAX_SIZE as usize;
/// [`Dice::lines`] slot of the diagonal through a1.
pub(super) const DIAG_LINE: usize = 2 * MAX_LINES;
/// [`Dice::lines`] slot of the anti-diagonal.
pub(super) const ANTI_LINE: usize = DIAG_LINE + 1;

/// [`Dice::lines`] slots of row `r` and column `c`.
#[inline]
pub(super) fn line_index(r: u8, c: u8) -> (usize, usize) {
    (usize::from(r), MAX_LINES + usize::from(c))
}

// Key layout: checkers (2 x 121), rolls (11), side to move, board sizes
// (12, so positions of different sizes never share a hash).
const PIECE_KEYS: usize = 0;
const ROLL_KEYS: usize = 2 * 121;
const SIDE_KEY: usize = ROLL_KEYS + 11;
const SIZE_KEYS: usize = SIDE_KEY + 1;
const KEY_COUNT: usize = SIZE_KEYS + 12;
static KEYS: [u64; KEY_COUNT] = zobrist::table(0xD1CE_D1CE_0000_0001);

#[inline]
fn piece_key(p: Player, sq: u8) -> u64 {
    KEYS[PIECE_KEYS + p.index() * 121 + sq as usize]
}

#[inline]
fn roll_key(roll: u8) -> u64 {
    if roll == NO_ROLL {
        0
    } else {
        KEYS[ROLL_KEYS + roll as usize]
    }
}

#[inline]
fn side_key(p: Player) -> u64 {
    match p {
        Player::First => 0,
        Player::Second => KEYS[SIDE_KEY],
    }
}

impl Dice {
    /// The empty m x m board, columns to move, die not yet rolled.
    /// `size` must be within `MIN_SIZE..=MAX_SIZE` (it is clamped).
    pub fn empty(size: u8) -> Dice {
        let size = size.clamp(super::MIN_SIZE, super::MAX_SIZE);
        let mut d = Dice {
            checkers: [0, 0],
            hash: 0,
            size,
            to_move: Player::First,
            roll: NO_ROLL,
            outcome: Outcome::Ongoing,
            scores12: [0, 0],
            lines: [[0; LINES]; 2],
        };
        d.hash = d.compute_hash();
        d
    }

    /// Board size m.
    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The checkers of `p` as a bitboard (bit `row * m + col`).
    #[inline]
    pub fn checkers(&self, p: Player) -> u128 {
        self.checkers[p.index()]
    }

    /// Squares holding any checker.
    #[inline]
    pub fn occupied(&self) -> u128 {
        self.checkers[0] | self.checkers[1]
    }

    /// The rolled line (0-based), if the die has been rolled.
    #[inline]
    pub fn roll(&self) -> Option<u8> {
        (self.roll != NO_ROLL).then_some(self.roll)
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h =
            KEYS[SIZE_KEYS + self.size as usize] ^ side_key(self.to_move) ^ roll_key(self.roll);
        for p in [Player::First, Player::Second] {
            let mut bb = self.checkers[p.index()];
            while bb != 0 {
                let sq = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                h ^= piece_key(p, sq);
            }
        }
        h
    }

    /// Each player's checkers per line ([`Dice::lines`]) counted from the
    /// board (parsing sets them; tests compare with the kept ones).
    pub(super) fn line_counts(&self) -> [[u8; LINES]; 2] {
        let m = self.size;
        let mut out = [[0u8; LINES]; 2];
        for (p, counts) in out.iter_mut().enumerate() {
            let own = self.checkers[p];
            for i in 0..m {
                let (row, col) = line_index(i, i);
                counts[row] = (own & row_mask(m, i)).count_ones() as u8;
                counts[col] = (own & col_mask(m, i)).count_ones() as u8;
            }
            counts[DIAG_LINE] = (own & diag_mask(m)).count_ones() as u8;
            counts[ANTI_LINE] = (own & anti_mask(m)).count_ones() as u8;
        }
        out
    }

    /// Whether the kept line counts equal a count of the board.
    pub fn kept_lines_agree(&self) -> bool {
        self.lines == self.line_counts()
    }

    /// Whether `p` owns a complete line anywhere (used when parsing).
    pub(super) fn has_line(&self, p: Player) -> bool {
        let m = self.size;
        let own = self.checkers[p.index()];
        let full = |mask: u128| own & mask == mask;
        (0..m).any(|i| full(row_mask(m, i)) || full(col_mask(m, i)))
            || full(diag_mask(m))
            || full(anti_mask(m))
    }

    /// Recomputes the cached result from the board (used when parsing).
    pub(super) fn compute_outcome(&self) -> Outcome {
        if self.has_line(Player::First) {
            Outcome::Won(Player::First)
        } else if self.has_line(Player::Second) {
            Outcome::Won(Player::Second)
        } else if self.occupied() == full_mask(self.size) {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }

    /// Places a checker of the side to move on `mv` and passes the turn
    /// (the next position is a chance node for the opponent).
    #[inline]
    pub fn place(&mut self, mv: DiceMove) {
        let p = self.to_move;
        let sq = mv.0;
        let completed = self.update_scores(p, sq);
        self.checkers[p.index()] |= crate::bitset::bit(usize::from(sq));
        self.hash ^= piece_key(p, sq) ^ roll_key(self.roll) ^ side_key(p) ^ side_key(p.other());
        self.roll = NO_ROLL;
        self.to_move = p.other();
        if completed {
            self.outcome = Outcome::Won(p);
        } else if self.occupied() == full_mask(self.size) {
            self.outcome = Outcome::Draw;
        }
    }

    /// Sets the rolled line.
    #[inline]
    pub fn set_roll(&mut self, roll: DiceRoll) {
        self.hash ^= roll_key(self.roll) ^ roll_key(roll.0);
        self.roll = roll.0;
    }
}

impl Game for Dice {
    type Move = DiceMove;
    type Outcome = DiceRoll;
    type Config = DiceConfig;

    fn name(&self) -> &'static str {
        "dice"
    }

    fn bound(&self) -> Value {
        10.0
    }

    /// The hint (building and blocking lines, `eval.rs`) is off by default:
    /// with the history heuristic alone the searches take about as many
    /// nodes (the 11x11 set at depth 4: 0.3% fewer, at depth 5 1.6% fewer;
    /// the 5x5 set at depth 6 1% more) and a tenth less time
    /// (`docs/engine-speed.md`, *Dice without its move hint*).
    const HINT_BY_DEFAULT: bool = false;

    #[inline]
    fn status(&self) -> Status {
        match self.outcome {
            Outcome::Won(p) => Status::Terminal(Some(p)),
            Outcome::Draw => Status::Terminal(None),
            Outcome::Ongoing if self.roll == NO_ROLL => Status::Chance,
            Outcome::Ongoing => Status::Decision,
        }
    }

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    fn ending(&self) -> Option<Ending> {
        match self.outcome {
            Outcome::Won(_) => Some(Ending::Line),
            Outcome::Draw => Some(Ending::BoardFull),
            Outcome::Ongoing => None,
        }
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<DiceMove>) {
        self.generate_moves(out);
    }

    #[inline]
    fn chance_outcomes(&self, out: &mut Vec<(DiceRoll, u32)>) {
        self.generate_rolls(out);
    }

    #[inline]
    fn play(&mut self, mv: DiceMove) {
        self.place(mv);
    }

    #[inline]
    fn apply_outcome(&mut self, outcome: DiceRoll) {
        self.set_roll(outcome);
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn heuristic(&self) -> Value {
        self.evaluate()
    }

    #[inline]
    fn move_order_hint(&self, mv: Self::Move) -> i32 {
        self.roll_order_score(mv)
    }

    fn is_tactical(&self, mv: Self::Move) -> bool {
        self.is_forcing(mv)
    }

    fn start(config: &DiceConfig) -> Option<Self> {
        (super::MIN_SIZE..=super::MAX_SIZE)
            .contains(&config.size)
            .then(|| Dice::empty(config.size))
    }

    fn parse_position(_config: &DiceConfig, text: &str) -> Result<Self, ParseError> {
        Dice::from_text(text)
    }

    fn position_text(&self) -> String {
        self.to_text()
    }

    fn move_text(&self, mv: DiceMove) -> String {
        self.square_text(mv.0)
    }

    fn outcome_text(&self, outcome: DiceRoll) -> String {
        (outcome.0 as u32 + 1).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<DiceMove, IllegalMove> {
        self.parse_move_text(text)
    }

    fn parse_outcome(&self, text: &str) -> Result<DiceRoll, IllegalMove> {
        self.parse_roll_text(text)
    }

    fn is_legal(&self, mv: DiceMove) -> bool {
        self.roll != NO_ROLL
            && self.outcome == Outcome::Ongoing
            && mv.0 < self.size * self.size
            && self.roll_line(self.roll) & !self.occupied() & crate::bitset::bit(usize::from(mv.0))
                != 0
    }
}
