//! Breakthrough (Troyka 2001) and ChanceBreakthrough (Schadd et al.): one
//! position type for both (SPEC 1.3, notation in SPEC 2). The config's
//! `chance` flag adds the `roll` move and names the game.
//!
//! The board is two `u64` bitboards with a fixed stride of 8: square index
//! `row * 8 + col` (row 0 = rank 1, White's back rank; col 0 = file `a`), for
//! every size from 5x5 to 8x8, so forward moves are the shifts 7, 8 and 9.
//!
//! ```
//! use starcut::breakthrough::{Breakthrough, BreakthroughConfig};
//! use starcut::{Game, Status};
//!
//! let config = BreakthroughConfig::chance_breakthrough();
//! let mut pos = Breakthrough::start(&config).unwrap();
//! pos.play(pos.parse_move("roll").unwrap());
//! assert_eq!(pos.status(), Status::Chance);
//! pos.apply_outcome(pos.parse_outcome("e7").unwrap());
//! assert_eq!(pos.position_text(), "bbbbbbbb/bbbb1bbb/8/8/8/8/wwwwwwww/wwwwwwww b 1");
//! ```

mod bitboard;
mod config;
mod eval;
mod movegen;
mod notation;
mod position;

pub use bitboard::{MAX_DIM, MIN_DIM};
pub use config::BreakthroughConfig;
pub use position::{Breakthrough, BreakthroughMove, RollOutcome, PLY_HASH_HORIZON};
