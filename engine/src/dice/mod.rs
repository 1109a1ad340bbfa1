//! Dice (Hauk 2004): an m x m board, columns against rows, a die roll before
//! every move (SPEC 1.2, notation in SPEC 2).
//!
//! The position is a pair of `u128` bitboards (m <= 11, so m*m <= 121 bits),
//! with square index `row * m + col` (row 0 = rank 1 at the bottom, col 0 =
//! file `a`). Positions are `Copy`: search clones and plays.
//!
//! ```
//! use starcut::dice::{Dice, DiceConfig};
//! use starcut::{Game, Status};
//!
//! let mut pos = Dice::start(&DiceConfig::default()).unwrap();
//! assert_eq!(pos.status(), Status::Chance); // the die comes first
//! let roll = pos.parse_outcome("3").unwrap();
//! pos.apply_outcome(roll);
//! let mv = pos.parse_move("c2").unwrap();
//! pos.play(mv);
//! assert_eq!(pos.position_text(), "5/5/5/2c2/5 r");
//! assert_eq!(starcut::perft::perft(&Dice::start(&DiceConfig::default()).unwrap(), 2), 600);
//! ```

mod bitboard;
mod config;
mod eval;
mod movegen;
mod notation;
mod position;

pub use bitboard::{MAX_SIZE, MIN_SIZE};
pub use config::DiceConfig;
pub use position::{Dice, DiceMove, DiceRoll};
