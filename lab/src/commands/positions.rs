//! `starcut positions`: position sets made by self-play, for `bench` and
//! `fit`.
//!
//! Each game is played from the start by two shallow engines that play a
//! random legal move with a small probability (so the games differ), chance
//! outcomes drawn from the seeded generator. A game contributes at most one
//! position per named point (`begin=50` is the position after 50 decisions;
//! `mid=10..40` a ply drawn uniformly from that range per game); games that
//! end before a point contribute nothing there. Positions are decision nodes
//! and are stored as the side to move's observation (in Stratego its view,
//! with the enemy's unrevealed ranks unknown).

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{anyhow, bail, Context, Result};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use starcut::registry::GameVisitor;
use starcut::search::{Limits, SearchConfig, StdClock};
use starcut::selfplay::{sample_outcome, Engine};
use starcut::{Game, Status};

use crate::cli::GameArgs;
use crate::position;

pub struct Positions<'a> {
    pub args: &'a GameArgs,
    pub at: &'a str,
    pub count: usize,
    pub seed: u64,
    pub depth: u32,
    pub random_move_rate: f64,
    pub out: Option<&'a PathBuf>,
    pub command_line: String,
}

/// A named point of the game: a fixed ply or a range.
struct Point {
    name: String,
    lo: usize,
    hi: usize,
}

fn parse_points(spec: &str) -> Result<Vec<Point>> {
    let mut points = Vec::new();
    for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (name, range) = item
            .split_once('=')
            .ok_or_else(|| anyhow!("--at '{item}': expected NAME=PLY or NAME=LO..HI"))?;
        let num = |s: &str| -> Result<usize> {
            s.trim()
                .parse()
                .map_err(|_| anyhow!("--at '{item}': '{s}' is not a ply number"))
        };
        let (lo, hi) = match range.split_once("..") {
            Some((a, b)) => (num(a)?, num(b)?),
            None => (num(range)?, num(range)?),
        };
        if lo > hi {
            bail!("--at '{item}': empty range");
        }
        points.push(Point {
            name: name.trim().to_string(),
            lo,
            hi,
        });
    }
    if points.is_empty() {
        bail!("--at: no points given");
    }
    Ok(points)
}

impl GameVisitor for Positions<'_> {
    type Output = Result<()>;

    fn visit<G: Game>(self, config: G::Config) -> Result<()> {
        let points = parse_points(self.at)?;
        let config = position::config::<G>(config, self.args)?;
        let start: G = position::position(&config, &self.args.position, &self.args.game)?;
        let search = SearchConfig {
            tt_mb: 4,
            ..SearchConfig::default()
        };
        let mut engine = Engine::<G>::new(search, Limits::depth(self.depth));
        engine.random_move_rate = self.random_move_rate;
        let clock = StdClock::new();
        let mut sets: Vec<Vec<String>> = vec![Vec::new(); points.len()];
        let mut rng = SmallRng::seed_from_u64(self.seed);
        let mut games = 0usize;
        let max_games = self.count.saturating_mul(20).max(100);
        while sets.iter().any(|s| s.len() < self.count) {
            games += 1;
            if games > max_games {
                bail!("only {games} games reached the requested points; lower the plies");
            }
            let targets: Vec<usize> = points.iter().map(|p| rng.gen_range(p.lo..=p.hi)).collect();
            let last = targets.iter().copied().max().unwrap_or(0);
            let mut pos = start.clone();
            let mut decisions = 0usize;
            let mut stats = Default::default();
            let mut outcomes = Vec::new();
            loop {
                match pos.status() {
                    Status::Terminal(_) => break,
                    Status::Chance => {
                        pos.chance_outcomes(&mut outcomes);
                        pos.apply_outcome(sample_outcome(&outcomes, &mut rng));
                    }
                    Status::Decision => {
                        for (i, &t) in targets.iter().enumerate() {
                            if t == decisions && sets[i].len() < self.count {
                                sets[i].push(pos.observation(pos.to_move()).position_text());
                            }
                        }
                        if decisions >= last {
                            break;
                        }
                        match engine.choose(&pos, &clock, &mut rng, &mut stats) {
                            Some(m) => pos.play(m),
                            None => break,
                        }
                        decisions += 1;
                    }
                }
            }
            engine.searcher.clear();
        }
        for (point, set) in points.iter().zip(&sets) {
            let mut text = String::new();
            writeln!(
                text,
                "# {} positions '{}' ({}..={} decisions from the start)",
                G::name(&start),
                point.name,
                point.lo,
                point.hi
            )?;
            writeln!(text, "# generated by: {}", self.command_line)?;
            for p in set {
                writeln!(text, "{p}")?;
            }
            match self.out {
                Some(dir) => {
                    std::fs::create_dir_all(dir)
                        .with_context(|| format!("creating {}", dir.display()))?;
                    let file = dir.join(format!("{}-{}.txt", start.name(), point.name));
                    std::fs::write(&file, text)
                        .with_context(|| format!("writing {}", file.display()))?;
                    eprintln!("wrote {} positions to {}", set.len(), file.display());
                }
                None => print!("{text}"),
            }
        }
        eprintln!("{games} games played");
        Ok(())
    }
}
