//! Stratego and Barrage (SPEC 1.1) with hidden information.
//!
//! One position type, [`Stratego`], is both the true game (every rank known)
//! and a player's information set ([`Stratego::view_for`]): pieces carry
//! their colour, their rank if the viewer knows it, and whether the opponent
//! has seen them revealed or moving. An attack on or by a piece of unknown
//! rank is a chance node whose outcomes are the ranks that piece may have,
//! weighted by how many of each are unaccounted for (`chance.rs`).
//!
//! Choices where the SPEC is silent:
//! - The side to move stays the attacker while a battle is pending; it
//!   changes when the outcome is applied.
//! - In a view, unknown enemy pieces move whenever a movable rank is still
//!   possible for them; a run of more than one square is possible only if a
//!   Scout is unaccounted for, and reveals the piece as that Scout.
//! - The two-squares rule compares square pairs: a move `b`→`a` right after
//!   the same player's `a`→`b` continues the count (attacks included);
//!   anything else starts a new count of 1. Scout runs within a longer line
//!   (the ISF's finer rule) are not treated specially.
//! - "No legal move" uses each player's own two-squares state.
//! - The hash leaves out the ply counter (see `hash.rs`).
//! - The chasing (more-squares) rule is not implemented.

mod battle;
mod bits;
mod blind;
mod chance;
mod child_key;
mod clue;
mod config;
mod eval;
mod game_impl;
mod hash;
mod hunt;
mod model;
mod mop_up;
mod movegen;
mod mv;
pub mod notation;
mod ordering;
mod piece;
mod position;
mod progress;
mod rank;
pub mod setups;
mod square;
pub mod ucc;
mod view;

pub use battle::{battle, BattleResult};
pub use chance::Pool;
pub use clue::Clue;
pub use config::{StrategoConfig, Variant, MAX_TWO_SQUARE_LIMIT};
pub use eval::{squash, TABLE_5_1};
pub use game_impl::BOUND;
pub use mv::Move;
pub use piece::Piece;
pub use position::{Stratego, TwoSquare};
pub use rank::{army, army_size, Rank, RankCounts, BARRAGE_ARMY, RANK_COUNT, STANDARD_ARMY};
pub use setups::{default_setups, guarded_setup, preset_names, random_setup, Setup};
pub use square::{Square, SIZE, SQUARES};
