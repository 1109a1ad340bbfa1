//! The start positions of a match, as labelled position texts: the game's
//! own start, the lines of a position file, or Stratego/Barrage setup pairs
//! (every ordered pair of presets, as Arts played his 121 games, or seeded
//! random setups). Each start is played twice, A first then A second.

use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use starcut::registry::GameKind;
use starcut::stratego::{preset_names, random_setup, Setup, Stratego, StrategoConfig, Variant};
use starcut::{Game, GameConfig};

use super::seeds;

/// A start position: its label in the results, and its text (`None`: the
/// game's own start position).
#[derive(Clone, Debug, PartialEq)]
pub struct Start {
    pub label: String,
    pub text: Option<String>,
}

/// How many starts `--games` needs when every start is played twice.
pub fn starts_needed(games: usize) -> usize {
    games.div_ceil(2)
}

/// The starts named by `--start` and `--setups`. `games` is the number of
/// games (for random setups, one start per pair of games).
pub fn build(
    kind: GameKind,
    options: &[String],
    start: &str,
    setups: Option<&str>,
    games: Option<usize>,
    seed: u64,
) -> Result<Vec<Start>> {
    if let Some(setups) = setups {
        if start != "start" {
            bail!("--setups and --start: give one or the other");
        }
        let variant = match kind {
            GameKind::Stratego => Variant::Stratego,
            GameKind::Barrage => Variant::Barrage,
            other => bail!("--setups: {other} has no setups (only stratego and barrage)"),
        };
        let mut config = StrategoConfig {
            variant,
            ..StrategoConfig::default()
        };
        for opt in options {
            config.set_options(opt).map_err(|e| anyhow!(e))?;
        }
        return match setups {
            "presets" => preset_pairs(&config),
            "random" => random_pairs(&config, starts_needed(games.unwrap_or(100)), seed),
            other => bail!("--setups '{other}': expected presets or random"),
        };
    }
    if start == "start" {
        return Ok(vec![Start {
            label: "start".to_string(),
            text: None,
        }]);
    }
    let path = Path::new(start);
    if !path.is_file() {
        // Not a file: a single position in the game's notation.
        return Ok(vec![Start {
            label: "position".to_string(),
            text: Some(start.to_string()),
        }]);
    }
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {start}"))?;
    let starts: Vec<Start> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| Start {
            label: format!("line {}", i + 1),
            text: Some(l.trim().to_string()),
        })
        .collect();
    if starts.is_empty() {
        bail!("--start {start}: the file has no positions");
    }
    Ok(starts)
}

fn pair(config: &StrategoConfig, label: String, red: &Setup, blue: &Setup) -> Result<Start> {
    let pos = Stratego::from_setups(config, red, blue).map_err(|e| anyhow!("{label}: {e}"))?;
    Ok(Start {
        label,
        text: Some(pos.position_text()),
    })
}

/// Every ordered pair (red, blue) of the variant's presets.
fn preset_pairs(config: &StrategoConfig) -> Result<Vec<Start>> {
    let names = preset_names(config.variant);
    let mut starts = Vec::with_capacity(names.len() * names.len());
    for red in &names {
        for blue in &names {
            let get = |n: &str| Setup::preset(n).ok_or_else(|| anyhow!("preset {n} is broken"));
            starts.push(pair(
                config,
                format!("{red}/{blue}"),
                &get(red)?,
                &get(blue)?,
            )?);
        }
    }
    Ok(starts)
}

/// `count` pairs of seeded random setups.
fn random_pairs(config: &StrategoConfig, count: usize, seed: u64) -> Result<Vec<Start>> {
    (0..count)
        .map(|k| {
            let red = random_setup(config.variant, seeds::derive(seed, seeds::RED_SETUP, k));
            let blue = random_setup(config.variant, seeds::derive(seed, seeds::BLUE_SETUP, k));
            pair(config, format!("random-{k}"), &red, &blue)
        })
        .collect()
}
