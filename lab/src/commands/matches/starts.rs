//! The start positions of a match, as labelled position texts: the game's
//! own start, the lines of a position file, or Stratego/Barrage setup pairs
//! (every ordered pair of presets, as Arts played his 121 games, or seeded
//! random setups). Each start is played twice, A first then A second.

use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use starcut::registry::GameKind;
use starcut::stratego::{
    guarded_setup, preset_names, random_setup, Rank, Setup, Stratego, StrategoConfig, Variant,
};
use starcut::{Game, GameConfig, Player};

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
            "random" | "guarded" => random_pairs(
                &config,
                starts_needed(games.unwrap_or(100)),
                seed,
                setups == "guarded",
            ),
            other => bail!("--setups '{other}': expected presets, random or guarded"),
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

/// `count` pairs of seeded random setups: plain (`random_setup`) or with
/// the Flag out of a first move's reach (`guarded_setup`, the web app's;
/// in Stratego the same).
fn random_pairs(
    config: &StrategoConfig,
    count: usize,
    seed: u64,
    guarded: bool,
) -> Result<Vec<Start>> {
    let (make, name): (fn(Variant, u64) -> Setup, _) = if guarded {
        (guarded_setup, "guarded")
    } else {
        (random_setup, "random")
    };
    (0..count)
        .map(|k| {
            let red = make(config.variant, seeds::derive(seed, seeds::RED_SETUP, k));
            let blue = make(config.variant, seeds::derive(seed, seeds::BLUE_SETUP, k));
            pair(config, format!("{name}-{k}"), &red, &blue)
        })
        .collect()
}

/// A handicap: engine A or B plays without some of its pieces (`--handicap
/// b:1` takes B's Marshal, `b:1,3,3` its Marshal and two Colonels), in
/// whichever colour it has. The pieces count as captured, so both sides
/// know they are gone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handicap {
    /// 0 for engine A, 1 for B.
    pub side: usize,
    pub ranks: Vec<Rank>,
}

impl Handicap {
    /// Parses `a:RANKS` or `b:RANKS`, ranks as in the notation
    /// (`1`..`9`, `S`, `B`), comma-separated.
    pub fn parse(text: &str) -> Result<Handicap> {
        let (side, ranks) = text
            .split_once(':')
            .ok_or_else(|| anyhow!("--handicap '{text}': expected a:RANKS or b:RANKS, e.g. b:1"))?;
        let side = match side.trim().to_ascii_lowercase().as_str() {
            "a" => 0,
            "b" => 1,
            other => bail!("--handicap '{text}': '{other}' is not a or b"),
        };
        let ranks = ranks
            .split(',')
            .map(|r| {
                let r = r.trim();
                let mut c = r.chars();
                match (c.next().map(|c| c.to_ascii_uppercase()), c.next()) {
                    (Some(ch), None) => Rank::from_char(ch).filter(|&k| k != Rank::Flag),
                    _ => None,
                }
                .ok_or_else(|| {
                    anyhow!(
                        "--handicap '{text}': '{r}' is not a rank (1-9, S or B; never the Flag)"
                    )
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Handicap { side, ranks })
    }

    /// The start texts with the handicapped pieces of Red taken off, and
    /// with those of Blue taken off (index = the handicapped colour).
    pub fn apply(&self, kind: GameKind, options: &[String], start: &Start) -> Result<[String; 2]> {
        let variant = match kind {
            GameKind::Stratego => Variant::Stratego,
            GameKind::Barrage => Variant::Barrage,
            other => bail!("--handicap: {other} has no pieces to take (only stratego and barrage)"),
        };
        let mut config = StrategoConfig::for_variant(variant);
        for opt in options {
            config.set_options(opt).map_err(|e| anyhow!(e))?;
        }
        let pos = match &start.text {
            Some(text) => Stratego::parse(&config, text)
                .map_err(|e| anyhow!("--start {}: {e}", start.label))?,
            None => Stratego::start(&config)
                .ok_or_else(|| anyhow!("{} has no start position", variant.name()))?,
        };
        let take = |colour: Player| -> Result<String> {
            let mut p = pos;
            for &r in &self.ranks {
                if !p.remove_for_handicap(colour, r) {
                    bail!(
                        "--handicap: start {} has no {} of {} left to take",
                        start.label,
                        r.name(),
                        if colour == Player::First {
                            "Red"
                        } else {
                            "Blue"
                        }
                    );
                }
            }
            Ok(p.position_text())
        };
        Ok([take(Player::First)?, take(Player::Second)?])
    }
}
