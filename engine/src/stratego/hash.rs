//! Zobrist keys of Stratego positions.
//!
//! Everything that affects the future of a position has a key: the piece on
//! each square in each knowledge state (colour, rank or unknown, revealed,
//! moved), the side to move, a pending battle, each player's two-squares
//! counter, the captured pieces (they fix the pool of unknown ranks), the
//! evaluation's bucket of plies since the last battle (`progress.rs`) and
//! each piece's behaviour clue (`clue.rs`, read by the opponent model).
//! The ply counter is left out on purpose: it only matters at the ply limit,
//! far beyond any search horizon, and keeping it out lets transpositions
//! meet.

use super::clue::Clue;
use super::piece::Piece;
use super::square::{Square, SQUARES};
use crate::game::Player;
use crate::zobrist::table;

static PIECE_KEYS: [u64; SQUARES * 128] = table(0x5354_5241_0001);
const SIDE_KEY: [u64; 1] = table(0x5354_5241_0002);
const PENDING_KEYS: [u64; 2 * SQUARES] = table(0x5354_5241_0003);
const TWO_SQUARE_KEYS: [u64; 2 * (2 * SQUARES + 16)] = table(0x5354_5241_0004);
const CAPTURED_KEYS: [u64; 2 * 12 * 16] = table(0x5354_5241_0005);
const QUIET_KEYS: [u64; super::progress::QUIET_BUCKETS] = table(0x5354_5241_0006);
static CLUE_KEYS: [u64; SQUARES * 32] = table(0x5354_5241_0007);
const BLIND_KEYS: [u64; 16] = table(0x5354_5241_0008);

/// The key of `piece` standing on `sq`.
#[inline]
pub fn piece_key(sq: Square, piece: Piece) -> u64 {
    PIECE_KEYS[sq.index() * 128 + piece.code()]
}

/// The key XORed in when Blue (the second player) is to move.
#[inline]
pub fn side_key() -> u64 {
    SIDE_KEY[0]
}

/// The key of a pending battle `from` attacking `to`.
#[inline]
pub fn pending_key(from: Square, to: Square) -> u64 {
    PENDING_KEYS[from.index()] ^ PENDING_KEYS[SQUARES + to.index()]
}

/// The key of a pending blind attack (`blind.rs`) from `from` on the
/// first pieces in `directions`.
#[inline]
pub fn blind_key(from: Square, directions: u8) -> u64 {
    PENDING_KEYS[from.index()] ^ BLIND_KEYS[usize::from(directions & 0x0F)]
}

/// The key of a player's two-squares state (last move `from`-`to`, made
/// `count` times in a row).
#[inline]
pub fn two_square_key(player: Player, from: Square, to: Square, count: u8) -> u64 {
    let base = player.index() * (2 * SQUARES + 16);
    TWO_SQUARE_KEYS[base + from.index()]
        ^ TWO_SQUARE_KEYS[base + SQUARES + to.index()]
        ^ TWO_SQUARE_KEYS[base + 2 * SQUARES + (count as usize).min(15)]
}

/// The key of `count` captured pieces of rank index `rank` and `colour`
/// (zero for a count of zero).
#[inline]
pub fn captured_key(colour: Player, rank: usize, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        CAPTURED_KEYS[(colour.index() * 12 + rank) * 16 + (count as usize).min(15)]
    }
}

/// The key of `quiet` plies since the last battle: one per evaluation
/// bucket, zero for the first (so a position fresh from a battle, or
/// parsed without the field, keeps the key it had before the counter).
#[inline]
pub fn quiet_key(quiet: u32) -> u64 {
    match super::progress::quiet_bucket(quiet) {
        0 => 0,
        b => QUIET_KEYS[b],
    }
}

/// The key of `clue` on `sq`: one key per square and nibble value, zero
/// for [`Clue::NONE`] (so a position without clues keeps its key).
#[inline]
pub fn clue_key(sq: Square, clue: Clue) -> u64 {
    if clue.is_none() {
        return 0;
    }
    let (bold, shy) = (clue.code() & 0x0f, clue.code() >> 4);
    let at = |i: usize| {
        if i == 0 {
            0
        } else {
            CLUE_KEYS[sq.index() * 32 + i]
        }
    };
    at(bold) ^ at(16 + shy)
}
