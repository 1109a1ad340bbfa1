//! One module per subcommand.
pub mod analyse;
pub mod beliefs;
pub mod bench;
pub mod engine;
pub mod fit;
pub mod matches;
pub mod moves;
pub mod perft;
pub mod play;
pub mod positions;
pub mod setups;
pub mod soak;
pub mod tune;
pub mod ucc;
