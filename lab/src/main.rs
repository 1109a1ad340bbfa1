//! `starcut`: the command-line lab. A thin binary: flags are parsed in
//! `cli`, turned into positions in `position`, and each subcommand lives in
//! its own module under `commands`.

mod cli;
mod commands;
mod panics;
mod position;
mod protocol;
mod search_args;
mod svg;

use std::process::ExitCode;

use anyhow::{anyhow, Result};
use clap::Parser;
use starcut::registry::GameKind;

use cli::{Cli, Command, GameArgs};

fn kind(args: &GameArgs) -> Result<GameKind> {
    args.game
        .parse()
        .map_err(|e: starcut::UnknownGame| anyhow!(e))
}

fn run(cli: Cli) -> Result<()> {
    match &cli.command {
        Command::Perft { game, depth, time } => kind(game)?.visit(commands::perft::Perft {
            args: game,
            depth: *depth,
            time: *time,
        }),
        Command::Moves { game, steps } => {
            kind(game)?.visit(commands::moves::Moves { args: game, steps })
        }
        Command::Play {
            game,
            steps,
            seed,
            max_steps,
            quiet,
        } => kind(game)?.visit(commands::play::Play {
            args: game,
            steps,
            seed: *seed,
            max_steps: *max_steps,
            quiet: *quiet,
        }),
        Command::Analyse {
            game,
            steps,
            search,
            json,
        } => kind(game)?.visit(commands::analyse::Analyse {
            args: game,
            steps,
            search,
            json: *json,
        }),
        Command::Positions {
            game,
            at,
            count,
            seed,
            depth,
            random_moves,
            out,
        } => kind(game)?.visit(commands::positions::Positions {
            args: game,
            at,
            count: *count,
            seed: *seed,
            depth: *depth,
            random_move_rate: *random_moves,
            out: out.as_ref(),
            command_line: std::env::args().skip(1).collect::<Vec<_>>().join(" "),
        }),
        Command::Bench {
            game,
            set,
            options,
            algos,
            depth,
            limit,
            per_set,
            format,
            tune,
            probcut_params,
            tune_log,
            mode,
            depth_units,
        } => commands::bench::run(commands::bench::Bench {
            game: game.as_deref(),
            sets: set,
            options,
            algos,
            depth: *depth,
            limit: *limit,
            per_set: *per_set,
            format,
            tune: tune.as_deref(),
            probcut_params: probcut_params.as_deref(),
            tune_log: tune_log.as_deref(),
            mode: *mode,
            depth_units: *depth_units,
        }),
        Command::Match(args) => commands::matches::run(args),
        Command::MatchMerge(args) => commands::matches::merge(args),
        Command::Fit {
            game,
            set,
            options,
            depth,
            reduction,
            limit,
            per_position,
            find_depth,
            t,
            out,
            svg,
        } => {
            let kind: GameKind = game.parse().map_err(|e: starcut::UnknownGame| anyhow!(e))?;
            kind.visit(commands::fit::Fit {
                sets: set,
                options,
                depth: *depth,
                reduction: *reduction,
                limit: *limit,
                per_position: *per_position,
                find_depth: *find_depth,
                t: *t,
                out: out.as_deref(),
                svg: svg.as_deref(),
            })
        }
        Command::Setups { name } => commands::setups::run(name.as_deref()),
        Command::Beliefs { game, records } => commands::beliefs::run(game == "barrage", records),
        Command::Engine { analyse_with } => commands::engine::run(analyse_with.clone()),
        Command::Soak {
            game,
            options,
            games,
            nodes,
            algo,
            seed,
            max_steps,
            threads,
            random_moves,
        } => {
            if !(0.0..=1.0).contains(random_moves) {
                anyhow::bail!("--random-moves {random_moves}: must be in [0, 1]");
            }
            let kind: GameKind = game.parse().map_err(|e: starcut::UnknownGame| anyhow!(e))?;
            let mut config = search_args::parse_algo(algo)?;
            search_args::resolve_params(&mut config, kind.name(), None)?;
            commands::soak::run(&commands::soak::Soak {
                kind,
                options,
                games: *games,
                nodes: *nodes,
                config,
                seed: *seed,
                max_steps: *max_steps,
                threads: *threads,
                random_moves: *random_moves,
            })
        }
        Command::UccAgent {
            setup,
            seed,
            algo,
            depth,
            nodes,
            time,
            strict,
        } => {
            let mut config = search_args::parse_algo(algo)?;
            search_args::resolve_params(&mut config, "stratego", None)?;
            let time = time.or((depth.is_none() && nodes.is_none()).then_some(1000.0));
            let limits = starcut::search::Limits {
                depth: depth.unwrap_or(64),
                deadline_ms: time,
                max_nodes: *nodes,
            };
            commands::ucc::run(setup, *seed, config, limits, *strict)
        }
    }
}

/// Exit status of a usage error (a bad flag or value, before anything runs).
const EXIT_USAGE: u8 = 2;
/// Exit status of a bad position, move, outcome or record.
const EXIT_BAD_INPUT: u8 = 3;

/// `println!` panics when standard output is a pipe its reader closed
/// (`starcut analyse ... | head -3`). A closed pipe is not an error (as
/// `main` treats the commands that write through `io::Write`): such a
/// panic ends the program quietly with success; any other goes to the
/// default hook.
fn leave_quietly_on_a_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    leave_quietly_on_a_closed_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("starcut: {}", one_line(&e.to_string()));
            return ExitCode::from(EXIT_USAGE);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (`starcut play ... | head`) is not an error.
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("starcut: error: {e:#}");
            if e.chain().any(|c| c.is::<position::BadInput>()) {
                ExitCode::from(EXIT_BAD_INPUT)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// clap's message on one line: its lines joined, without the closing
/// "For more information" hint.
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
        .collect::<Vec<_>>()
        .join(" ")
}
