//! Turning the command line's game, options, position and steps into a
//! ready position, with errors that name the offending token.

use std::fmt;

use anyhow::{anyhow, Result};
use starcut::{Game, GameConfig, Step};

/// A position, move, outcome or record that is not valid: the program
/// exits with its own status for it (see `main`).
#[derive(Debug)]
pub struct BadInput(pub String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// An error of bad input with this message.
pub fn bad_input(message: String) -> anyhow::Error {
    anyhow::Error::new(BadInput(message))
}

use crate::cli::GameArgs;

/// Applies `-o key=value` options to the game's default configuration.
pub fn config<G: Game>(mut config: G::Config, args: &GameArgs) -> Result<G::Config> {
    for opt in &args.options {
        config.set_options(opt).map_err(|e| anyhow!(e))?;
    }
    Ok(config)
}

/// The position named by `text`: `start` or the game's notation.
pub fn position<G: Game>(config: &G::Config, text: &str, game: &str) -> Result<G> {
    if text == "start" {
        return G::start(config).ok_or_else(|| anyhow!("{game} has no start position"));
    }
    G::parse_position(config, text).map_err(|e| bad_input(format!("position: {e}")))
}

/// Plays `steps` from `pos`, checking each; returns the steps played.
pub fn play_steps<G: Game>(
    pos: &mut G,
    steps: &[String],
) -> Result<Vec<Step<G::Move, G::Outcome>>> {
    let mut played = Vec::with_capacity(steps.len());
    for (i, token) in steps.iter().enumerate() {
        let step = pos
            .parse_step(token)
            .map_err(|e| bad_input(format!("step {} {e}", i + 1)))?;
        pos.apply_step(step);
        played.push(step);
    }
    Ok(played)
}

/// Greatest common divisor, for printing probabilities in lowest terms.
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Loads the configuration and position and plays the steps.
pub fn setup<G: Game>(defaults: G::Config, args: &GameArgs, steps: &[String]) -> Result<G> {
    let cfg = config::<G>(defaults, args)?;
    let mut pos = position::<G>(&cfg, &args.position, &args.game)?;
    play_steps(&mut pos, steps)?;
    Ok(pos)
}
