//! Command-line flags, parsed into raw values; `main` turns them into ready
//! objects in one place.

use clap::builder::PossibleValuesParser;
use clap::{Args, Parser, Subcommand};
use starcut::registry::GameKind;

use crate::search_args::SearchArgs;

/// Game names, checked by clap before anything runs (`--help` lists them).
pub fn games() -> PossibleValuesParser {
    PossibleValuesParser::new(GameKind::ALL.map(GameKind::name))
}

/// An `ALGO[+FLAG...]` name, checked by clap before anything runs.
pub fn algo(text: &str) -> Result<String, String> {
    crate::search_args::parse_algo(text)
        .map(|_| text.to_string())
        .map_err(|e| e.to_string())
}

/// A comma-separated list of algorithm names, each checked.
pub fn algos(text: &str) -> Result<String, String> {
    let list = crate::commands::bench::split_algos(text);
    if list.is_empty() {
        return Err("no configuration given".into());
    }
    for a in &list {
        algo(a)?;
    }
    Ok(text.to_string())
}

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
    #[arg(value_parser = games())]
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
    /// Generate a position set by self-play (see `assets/positions/README.md`).
    Positions {
        #[command(flatten)]
        game: GameArgs,
        /// Named points: `begin=50,middle=150,end=300` or `mid=10..40` (decisions from the start).
        #[arg(long)]
        at: String,
        /// Positions per point.
        #[arg(long, default_value_t = 100)]
        count: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Depth of the self-play engines.
        #[arg(long, default_value_t = 1)]
        depth: u32,
        /// Probability of a random move instead of the engine's.
        #[arg(long, default_value_t = 0.1)]
        random_moves: f64,
        /// Write `<game>-<name>.txt` files into this folder instead of printing.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Node counts and reductions of search configurations over a position
    /// set; with no arguments, the quick benchmark and its node fingerprint.
    Bench {
        /// Game of the position set (with --set).
        #[arg(value_parser = games())]
        game: Option<String>,
        /// Position set file: one position per line, `#` comments
        /// (repeatable: the sets are joined).
        #[arg(long)]
        set: Vec<std::path::PathBuf>,
        /// Game option as key=value (repeatable).
        #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Comma-separated configurations (see `analyse --algo`); the first is the baseline.
        #[arg(long, default_value = "expectimax,star1,star2,staretc", value_parser = algos)]
        algos: String,
        /// Search depth (default: 4, or each quick set's own), in
        /// decisions unless --depth-units plies.
        #[arg(long)]
        depth: Option<u32>,
        /// Use only the first N positions.
        #[arg(long)]
        limit: Option<usize>,
        /// Use only the first N positions of each set (before --limit):
        /// `--set begin --set middle --per-set 20` takes 20 of each.
        #[arg(long, value_name = "N")]
        per_set: Option<usize>,
        /// table, csv or json.
        #[arg(long, default_value = "table", value_parser = ["table", "csv", "json"])]
        format: String,
        /// Search mode of the configurations: `exact` (the expectimax value;
        /// the reductions of the references) or `play` (deeper table
        /// entries too); `+exact` / `+play` in --algos override it.
        #[arg(long, default_value = "exact")]
        mode: starcut::search::SearchMode,
        /// What --depth counts: `decisions` (chance nodes use no depth) or
        /// `plies` (chance nodes use one unit too, as in Schadd's tables);
        /// the same as `+plies` on every configuration.
        #[arg(long, default_value = "decisions")]
        depth_units: starcut::search::DepthUnits,
        /// ChanceProbCut tuning (Schadd, Tables 5.2-5.10): the first
        /// configuration of --algos without and then with ChanceProbCut at
        /// each t given here (comma-separated), printing nodes, reduction,
        /// ACPCME and DCPCME.
        #[arg(long, value_name = "T1,T2,...")]
        tune: Option<String>,
        /// ChanceProbCut parameter file for `+cpc` and --tune (default:
        /// assets/params/chanceprobcut-GAME.json).
        #[arg(long, value_name = "FILE")]
        probcut_params: Option<std::path::PathBuf>,
        /// With --tune: append each position's figures to FILE (JSON lines)
        /// as it finishes, and take the positions already in FILE from it,
        /// so that a long run can be stopped and continued.
        #[arg(long, value_name = "FILE", requires = "tune")]
        tune_log: Option<std::path::PathBuf>,
    },
    /// Fit the ChanceProbCut model v_d ~ a v_(d-R) + b (sigma) from value
    /// pairs of a position set; write it into a parameter file and plot it.
    Fit {
        /// Game of the position set.
        #[arg(value_parser = games())]
        game: String,
        /// Position set file (repeatable: the sets are joined).
        #[arg(long, required = true)]
        set: Vec<std::path::PathBuf>,
        /// Game option as key=value (repeatable).
        #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// The deep search depth d (decisions).
        #[arg(long)]
        depth: u32,
        /// The depth reduction R: the shallow search has depth d - R.
        #[arg(long, default_value_t = 2)]
        reduction: u32,
        /// Use only N positions, spread evenly over the set(s).
        #[arg(long)]
        limit: Option<usize>,
        /// Chance nodes taken per position (each gives one pair per
        /// non-terminal outcome).
        #[arg(long, default_value_t = 2)]
        per_position: usize,
        /// Depth of the search that finds the chance nodes (a game whose
        /// pieces meet rarely, such as Barrage, needs more than 2).
        #[arg(long, default_value_t = 2)]
        find_depth: u32,
        /// t written into a new parameter file.
        #[arg(long, default_value_t = 1.0)]
        t: f64,
        /// Parameter file to create or merge the model into.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Write the scatter plot with the regression line here.
        #[arg(long)]
        svg: Option<std::path::PathBuf>,
    },
    /// Self-play between engine configurations A and B from many starts,
    /// both colours, on all cores; prints A's score with a 95% interval.
    Match(Box<crate::commands::matches::MatchArgs>),
    /// Merge the result files of `match --shard` runs and print the summary.
    MatchMerge(crate::commands::matches::MergeArgs),
    /// Speak the starcut engine protocol on stdin/stdout (docs/engine-protocol.md):
    /// other programs, and `match --a-cmd`, play through it.
    Engine {
        /// Search with this starcut binary's `analyse --json` instead (one
        /// process per move): a release older than the protocol then plays
        /// matches through it.
        #[arg(long, value_name = "BINARY")]
        analyse_with: Option<std::path::PathBuf>,
    },
    /// Play Stratego as an agent of the UCC 2012 Stratego AI Evaluator
    /// (stdin/stdout, setup lines, moves as `X Y DIRECTION [N]`).
    UccAgent {
        /// `random` (with --seed), a preset (`arts-3`..`arts-11`), or four
        /// setup lines joined by `/`, as Red writes them (back row first).
        #[arg(long, default_value = "random")]
        setup: String,
        /// Seed of a random setup.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Algorithm and enhancements, as `analyse --algo` (by default with
        /// the opponent model).
        #[arg(long, default_value = "staretc+model", value_parser = algo)]
        algo: String,
        /// Depth limit in decisions (default: 64 with a time or node limit).
        #[arg(long)]
        depth: Option<u32>,
        /// Node budget per move.
        #[arg(long)]
        nodes: Option<u64>,
        /// Milliseconds per move (default 1000 when neither --depth nor
        /// --nodes is given; the manager's default limit is 2 s).
        #[arg(long)]
        time: Option<f64>,
        /// End with an error when the manager's board or an outcome
        /// disagrees with the agent's view (default: a warning on stderr).
        #[arg(long)]
        strict: bool,
    },
    /// Self-play games through the engine at a small node budget, checking
    /// after every step that positions and views print, parse back and
    /// hash alike and that no view holds a hidden rank.
    Soak {
        /// Game: stratego, barrage, dice, breakthrough, chance-breakthrough.
        #[arg(value_parser = games())]
        game: String,
        /// Game option as key=value (repeatable).
        #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Node budget per move.
        #[arg(long, default_value_t = 300)]
        nodes: u64,
        /// Algorithm and enhancements, as `analyse --algo`.
        #[arg(long, default_value = "staretc", value_parser = algo)]
        algo: String,
        /// Seed of the games (chance outcomes, Stratego setups).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Steps (decisions and outcomes) after which a game stops.
        #[arg(long, default_value_t = 3000)]
        max_steps: usize,
        /// Worker threads (0: all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Probability of a random move instead of the engine's (varies
        /// the games of Breakthrough, which has no chance).
        #[arg(long, default_value_t = 0.1)]
        random_moves: f64,
    },
    /// Check the Stratego opponent model's beliefs against game records
    /// (`match --records DIR`): for every attack on an unmoved hidden
    /// piece, the chances of a Bomb and of the Flag the attacker's view
    /// gave, against the rank that stood there, and the factors on them
    /// that would fit the games best.
    Beliefs {
        /// stratego or barrage.
        #[arg(value_parser = PossibleValuesParser::new(["stratego", "barrage"]))]
        game: String,
        /// Record files, one game each, every rank known in the start.
        #[arg(required = true)]
        records: Vec<std::path::PathBuf>,
    },
    /// List the Stratego and Barrage setup presets (or print one).
    Setups {
        /// Print this preset's setup in full.
        name: Option<String>,
    },
}
