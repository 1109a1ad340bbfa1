//! starcut's engine: the games (Stratego, Barrage, Dice, Breakthrough and
//! ChanceBreakthrough) and the chance-node search (Expectimax, the
//! *-minimax family, ChanceProbCut, Multi-Cut).
//!
//! Pure Rust with no web or command-line dependencies: the same code runs in
//! the `starcut` lab natively and in the browser's Web Worker as WebAssembly.

mod bitset;
pub mod breakthrough;
pub mod config;
pub mod dice;
pub mod error;
pub mod exp;
pub mod game;
pub mod invariants;
pub mod params;
pub mod perft;
pub mod record;
pub mod registry;
pub mod search;
pub mod selfplay;
pub mod stratego;
pub mod tree;
pub mod zobrist;

pub use config::GameConfig;
pub use error::{
    IllegalMove, OptionError, OptionErrorKind, ParseError, ParseErrorKind, UnknownGame,
};
pub use game::{Ending, Game, PackedMove, Player, Status, Step, Value};
pub use record::Record;
