//! One module per subcommand.
pub mod analyse;
pub mod moves;
pub mod perft;
pub mod play;
pub mod setups;
