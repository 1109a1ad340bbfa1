//! Command-line flags, parsed into raw values; `main` turns them into ready
//! objects in one place.

use clap::{Args, Parser, Subcommand};

use crate::search_args::SearchArgs;

/// starcut — a laboratory for search in games with chance.
#[derive(Parser, Debug)]
#[command(name = "starcut", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The game, its options and a position: shared by most subcommands.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Game: stratego, barrage, dice, breakthrough, chance-breakthrough.
    pub game: String,
    /// A position in the game's notation, or `start`.
    pub position: String,
    /// Game option as key=value (repeatable), e.g. `-o size=7` for Dice,
    /// `-o rows=6,cols=6` for Breakthrough, `-o two_square_limit=5` for Stratego.
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the paths of 1..=depth decisions (chance outcomes branch without using depth).
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Deepest depth to count.
        depth: u32,
        /// Also print milliseconds and leaves per second for each depth.
        #[arg(long)]
        time: bool,
    },
    /// Play the given moves and outcomes, then list the legal moves or the
    /// chance outcomes with their exact probabilities.
    Moves {
        #[command(flatten)]
        game: GameArgs,
        /// Moves and chance outcomes to play first, in the game's notation.
        steps: Vec<String>,
    },
    /// Play a game with random moves and fair chance outcomes (or the given
    /// moves), printing it step by step and the record at the end.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Moves and outcomes to play first; random play continues after them.
        steps: Vec<String>,
        /// Seed for the random moves and chance outcomes.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop after this many steps (decisions plus outcomes).
        #[arg(long, default_value_t = 10_000)]
        max_steps: usize,
        /// Print only the final record, not every step.
        #[arg(long)]
        quiet: bool,
    },
    /// Search a position and print the value, the best move and the statistics.
    Analyse {
        #[command(flatten)]
        game: GameArgs,
        /// Moves and chance outcomes to play before searching.
        steps: Vec<String>,
        #[command(flatten)]
        search: SearchArgs,
        /// Print one JSON object (value, best, nodes, chance_nodes, cuts, time_ms, ...).
        #[arg(long)]
        json: bool,
    },
    /// List the Stratego and Barrage setup presets (or print one).
    Setups {
        /// Print this preset's setup in full.
        name: Option<String>,
    },
}
