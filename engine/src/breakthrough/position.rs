//! The (Chance)Breakthrough position: bitboards, side to move, pending roll,
//! ply counter and an incrementally kept Zobrist hash.
//!
//! The ply counter matters only through the draw at `max_plies`, so it enters
//! the hash only near the limit: once at most [`PLY_HASH_HORIZON`] plies
//! remain, the hash includes a key for the exact number of plies left.
//! Farther away only a search deeper than that horizon could reach the limit,
//! so positions that differ only in their ply count share a hash and
//! transpose in the table.

use crate::error::{IllegalMove, ParseError};
use crate::game::{Ending, Game, Player, Status, Value};
use crate::zobrist;

use super::bitboard::{board_mask, not_last_file, rank_mask, FILE_A, MAX_DIM, MIN_DIM};
use super::config::BreakthroughConfig;

/// A decision: a piece step (`a2a3`, also captures) or `roll`
/// (ChanceBreakthrough only). Squares are indices `row * 8 + col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BreakthroughMove {
    Step { from: u8, to: u8 },
    Roll,
}

impl crate::game::PackedMove for BreakthroughMove {
    #[inline]
    fn pack(self) -> u16 {
        match self {
            BreakthroughMove::Step { from, to } => u16::from(from) << 8 | u16::from(to),
            BreakthroughMove::Roll => u16::MAX,
        }
    }
    #[inline]
    fn unpack(bits: u16) -> Option<Self> {
        Some(if bits == u16::MAX {
            BreakthroughMove::Roll
        } else {
            BreakthroughMove::Step {
                from: (bits >> 8) as u8,
                to: bits as u8,
            }
        })
    }
}

/// The outcome of a roll: the square whose piece is removed, or `none` (the
/// dice picked an empty square; weight = number of empty squares).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RollOutcome {
    Remove(u8),
    Nothing,
}

/// Plies from the limit within which the ply count is part of the hash.
pub const PLY_HASH_HORIZON: u16 = 128;

/// A (Chance)Breakthrough position. Plain `Copy` data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Breakthrough {
    /// Pieces by player index (`w` = `First`, `b` = `Second`).
    pub(super) pieces: [u64; 2],
    pub(super) hash: u64,
    /// Plies (turns) played; a roll and its outcome are one ply.
    pub(super) ply: u16,
    pub(super) max_plies: u16,
    pub(super) rows: u8,
    pub(super) cols: u8,
    pub(super) to_move: Player,
    pub(super) chance: bool,
    /// The side to move has chosen `roll`; the dice are pending.
    pub(super) pending_roll: bool,
}

// Key layout: pieces (2 x 64), side to move, pending roll, plies left
// (0..=PLY_HASH_HORIZON).
const PIECE_KEYS: usize = 0;
const SIDE_KEY: usize = 128;
const PENDING_KEY: usize = 129;
const PLY_KEYS: usize = 130;
const KEY_COUNT: usize = PLY_KEYS + PLY_HASH_HORIZON as usize + 1;
static KEYS: [u64; KEY_COUNT] = zobrist::table(0xB8EA_7A40_0000_0002);

#[inline]
pub(super) fn piece_key(p: Player, sq: u8) -> u64 {
    KEYS[PIECE_KEYS + p.index() * 64 + sq as usize]
}

#[inline]
fn side_key(p: Player) -> u64 {
    match p {
        Player::First => 0,
        Player::Second => KEYS[SIDE_KEY],
    }
}

#[inline]
fn ply_key(ply: u16, max_plies: u16) -> u64 {
    let left = max_plies.saturating_sub(ply);
    if left <= PLY_HASH_HORIZON {
        KEYS[PLY_KEYS + left as usize]
    } else {
        0
    }
}

impl Breakthrough {
    /// The start position for `config` (sizes are clamped to 5..=8).
    pub fn initial(config: &BreakthroughConfig) -> Breakthrough {
        let rows = config.rows.clamp(MIN_DIM, MAX_DIM);
        let cols = config.cols.clamp(MIN_DIM, MAX_DIM);
        let two = (1u64 << cols) - 1;
        let two = two | (two << 8);
        let mut pos = Breakthrough::empty(rows, cols, config);
        pos.pieces = [two, two << (8 * (rows as u32 - 2))];
        pos.hash = pos.compute_hash();
        pos
    }

    /// An empty board, White to move, ply 0 (the hash is left to the caller).
    pub(super) fn empty(rows: u8, cols: u8, config: &BreakthroughConfig) -> Breakthrough {
        Breakthrough {
            pieces: [0, 0],
            hash: 0,
            ply: 0,
            max_plies: config.max_plies.max(1),
            rows,
            cols,
            to_move: Player::First,
            chance: config.chance,
            pending_roll: false,
        }
    }

    /// Number of ranks.
    #[inline]
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Number of files.
    #[inline]
    pub fn cols(&self) -> u8 {
        self.cols
    }

    /// Whether this is ChanceBreakthrough.
    #[inline]
    pub fn is_chance(&self) -> bool {
        self.chance
    }

    /// Plies played so far.
    #[inline]
    pub fn ply(&self) -> u16 {
        self.ply
    }

    /// The draw limit.
    #[inline]
    pub fn max_plies(&self) -> u16 {
        self.max_plies
    }

    /// Whether the side to move has rolled and the dice are pending.
    #[inline]
    pub fn roll_pending(&self) -> bool {
        self.pending_roll
    }

    /// The pieces of `p` (bit `row * 8 + col`).
    #[inline]
    pub fn pieces(&self, p: Player) -> u64 {
        self.pieces[p.index()]
    }

    /// Every square of the board.
    #[inline]
    pub fn board(&self) -> u64 {
        board_mask(self.rows, self.cols)
    }

    /// Empty squares of the board.
    #[inline]
    pub fn empty_squares(&self) -> u64 {
        self.board() & !(self.pieces[0] | self.pieces[1])
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = side_key(self.to_move) ^ ply_key(self.ply, self.max_plies);
        if self.pending_roll {
            h ^= KEYS[PENDING_KEY];
        }
        for p in [Player::First, Player::Second] {
            let mut bb = self.pieces[p.index()];
            while bb != 0 {
                let sq = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                h ^= piece_key(p, sq);
            }
        }
        h
    }

    /// Where the pieces of the side to move can go: (straight, toward file a,
    /// toward the last file) target sets. Shifts by 8 / 7 / 9 undo them.
    #[inline]
    pub(super) fn targets(&self) -> (u64, u64, u64) {
        let board = self.board();
        let [w, b] = self.pieces;
        let empty = board & !(w | b);
        let not_last = not_last_file(self.cols);
        match self.to_move {
            Player::First => (
                (w << 8) & empty,
                ((w & !FILE_A) << 7) & (empty | b),
                ((w & not_last) << 9) & (empty | b),
            ),
            Player::Second => (
                (b >> 8) & empty,
                ((b & !FILE_A) >> 9) & (empty | w),
                ((b & not_last) >> 7) & (empty | w),
            ),
        }
    }

    /// The winner, if the board decides the game (far rank reached or no
    /// pieces left).
    #[inline]
    pub fn board_winner(&self) -> Option<Player> {
        let [w, b] = self.pieces;
        if w & rank_mask(self.rows - 1) != 0 || b == 0 {
            Some(Player::First)
        } else if b & rank_mask(0) != 0 || w == 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// Passes the turn and counts the ply.
    #[inline]
    fn end_turn(&mut self) {
        let p = self.to_move;
        let next = self.ply.saturating_add(1);
        self.hash ^= side_key(p)
            ^ side_key(p.other())
            ^ ply_key(self.ply, self.max_plies)
            ^ ply_key(next, self.max_plies);
        self.ply = next;
        self.to_move = p.other();
    }

    /// Plays a move of the side to move.
    #[inline]
    pub fn make_move(&mut self, mv: BreakthroughMove) {
        match mv {
            BreakthroughMove::Step { from, to } => {
                let p = self.to_move;
                let o = p.other();
                let to_bit = 1u64 << to;
                self.pieces[p.index()] ^= (1u64 << from) | to_bit;
                self.hash ^= piece_key(p, from) ^ piece_key(p, to);
                if self.pieces[o.index()] & to_bit != 0 {
                    self.pieces[o.index()] ^= to_bit;
                    self.hash ^= piece_key(o, to);
                }
                self.end_turn();
            }
            BreakthroughMove::Roll => {
                self.pending_roll = true;
                self.hash ^= KEYS[PENDING_KEY];
            }
        }
    }

    /// Applies the outcome of a pending roll, then passes the turn.
    #[inline]
    pub fn resolve_roll(&mut self, outcome: RollOutcome) {
        if let RollOutcome::Remove(sq) = outcome {
            let bit = 1u64 << sq;
            for p in [Player::First, Player::Second] {
                if self.pieces[p.index()] & bit != 0 {
                    self.pieces[p.index()] ^= bit;
                    self.hash ^= piece_key(p, sq);
                }
            }
        }
        self.pending_roll = false;
        self.hash ^= KEYS[PENDING_KEY];
        self.end_turn();
    }
}

impl Game for Breakthrough {
    type Move = BreakthroughMove;
    type Outcome = RollOutcome;
    type Config = BreakthroughConfig;

    fn name(&self) -> &'static str {
        if self.chance {
            "chance-breakthrough"
        } else {
            "breakthrough"
        }
    }

    fn bound(&self) -> Value {
        1500.0
    }

    #[inline]
    fn status(&self) -> Status {
        if let Some(w) = self.board_winner() {
            return Status::Terminal(Some(w));
        }
        if self.pending_roll {
            return Status::Chance;
        }
        if self.ply >= self.max_plies {
            return Status::Terminal(None);
        }
        if !self.chance {
            let (s, l, r) = self.targets();
            if s | l | r == 0 {
                return Status::Terminal(Some(self.to_move.other()));
            }
        }
        Status::Decision
    }

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    fn ending(&self) -> Option<Ending> {
        let winner = match self.status() {
            Status::Terminal(Some(p)) => p,
            Status::Terminal(None) => return Some(Ending::MoveLimit),
            _ => return None,
        };
        let far = match winner {
            Player::First => rank_mask(self.rows - 1),
            Player::Second => rank_mask(0),
        };
        Some(if self.pieces[winner.index()] & far != 0 {
            Ending::LastRank
        } else if self.pieces[winner.other().index()] == 0 {
            Ending::AllCaptured
        } else {
            Ending::NoMoves
        })
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<BreakthroughMove>) {
        self.generate_moves(out);
    }

    #[inline]
    fn chance_outcomes(&self, out: &mut Vec<(RollOutcome, u32)>) {
        self.generate_outcomes(out);
    }

    #[inline]
    fn play(&mut self, mv: BreakthroughMove) {
        self.make_move(mv);
    }

    #[inline]
    fn apply_outcome(&mut self, outcome: RollOutcome) {
        self.resolve_roll(outcome);
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn heuristic(&self) -> Value {
        self.evaluate()
    }

    fn move_order_hint(&self, mv: Self::Move) -> i32 {
        self.move_order_score(mv)
    }

    fn is_tactical(&self, mv: Self::Move) -> bool {
        self.is_sharp(mv)
    }

    fn start(config: &BreakthroughConfig) -> Option<Self> {
        let ok = (MIN_DIM..=MAX_DIM).contains(&config.rows)
            && (MIN_DIM..=MAX_DIM).contains(&config.cols);
        ok.then(|| Breakthrough::initial(config))
    }

    fn parse_position(config: &BreakthroughConfig, text: &str) -> Result<Self, ParseError> {
        Breakthrough::from_text(config, text)
    }

    fn position_text(&self) -> String {
        self.to_text()
    }

    fn move_text(&self, mv: BreakthroughMove) -> String {
        match mv {
            BreakthroughMove::Step { from, to } => {
                format!("{}{}", square_text(from), square_text(to))
            }
            BreakthroughMove::Roll => "roll".to_string(),
        }
    }

    fn outcome_text(&self, outcome: RollOutcome) -> String {
        match outcome {
            RollOutcome::Remove(sq) => square_text(sq),
            RollOutcome::Nothing => "none".to_string(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<BreakthroughMove, IllegalMove> {
        self.parse_move_text(text)
    }

    fn parse_outcome(&self, text: &str) -> Result<RollOutcome, IllegalMove> {
        self.parse_outcome_text(text)
    }

    fn is_legal(&self, mv: BreakthroughMove) -> bool {
        self.check_move(mv).is_ok()
    }
}

/// The name of square index `sq` (`e7`).
pub fn square_text(sq: u8) -> String {
    let file = char::from(b'a' + (sq & 7));
    format!("{file}{}", (sq >> 3) + 1)
}
