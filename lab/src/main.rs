//! `starcut`: the command-line lab. A thin binary: flags are parsed in
//! `cli`, turned into positions in `position`, and each subcommand lives in
//! its own module under `commands`.

mod cli;
mod commands;
mod position;
mod search_args;
mod svg;

use std::process::ExitCode;

use anyhow::{anyhow, Result};
use clap::Parser;
use starcut::registry::GameKind;

use cli::{Cli, Command, GameArgs};

fn kind(args: &GameArgs) -> Result<GameKind> {
    args.game.parse().map_err(|e: String| anyhow!(e))
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
            t,
            out,
            svg,
        } => {
            let kind: GameKind = game.parse().map_err(|e: String| anyhow!(e))?;
            kind.visit(commands::fit::Fit {
                sets: set,
                options,
                depth: *depth,
                reduction: *reduction,
                limit: *limit,
                per_position: *per_position,
                t: *t,
                out: out.as_deref(),
                svg: svg.as_deref(),
            })
        }
        Command::Setups { name } => commands::setups::run(name.as_deref()),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
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
            ExitCode::FAILURE
        }
    }
}
