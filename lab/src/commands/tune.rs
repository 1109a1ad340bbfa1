//! `starcut bench --tune`: ChanceProbCut selectiveness like Schadd's Tables
//! 5.2-5.10. One configuration is searched without ChanceProbCut (the
//! baseline) and with it at every t, over a position set at one depth.
//!
//! ACPCME (average ChanceProbCut move error): for the move ChanceProbCut's
//! search chooses, its value in a full search against the full search's
//! best value (0 when both choose the same move; otherwise the chosen move's
//! position is searched exactly to depth - 1). DCPCME is the standard
//! deviation of that error over the positions.
//!
//! With `--tune-log FILE` every position's figures are appended to FILE (one
//! JSON line) as soon as it is done, and positions already in FILE are not
//! searched again (they are matched by their text, so a larger sample
//! continues a smaller one): a run of hours (Stratego at depth 9) can be
//! stopped and continued, and its partial figures read at any time. A log only serves a
//! run with the same game options, depth, configuration, t values and
//! parameter models; anything else is refused with the setting that differs.

use std::collections::HashMap;
use std::fmt::Debug;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

use anyhow::{anyhow, bail, Context, Result};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use starcut::registry::GameVisitor;
use starcut::search::{ChanceProbCut, Limits, NoTrace, SearchConfig, Searcher, StdClock};
use starcut::{Game, GameConfig, Status};

use super::matches::progress_bar;
use crate::search_args::{load_params, parse_algo};

pub struct Tune<'a> {
    pub positions: &'a [String],
    pub source: &'a str,
    pub options: &'a [String],
    pub algo: &'a str,
    pub ts: &'a [f64],
    pub depth: u32,
    pub probcut_params: Option<&'a Path>,
    pub log: Option<&'a Path>,
}

/// Mean and (population) standard deviation.
pub fn mean_sd(xs: &[f64]) -> (f64, f64) {
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let n = xs.len() as f64;
    let m = xs.iter().sum::<f64>() / n;
    let v = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / n;
    (m, v.sqrt())
}

/// One search's figures.
#[derive(Clone, Default, Serialize, Deserialize)]
struct Measured {
    nodes: u64,
    ms: f64,
    cuts: u64,
    cpc_nodes: u64,
    /// The move error against the full search (0 for the baseline).
    error: f64,
}

/// One position: the full search and one pruned search per t.
#[derive(Clone, Serialize, Deserialize)]
struct PositionResult {
    base: Measured,
    pruned: Vec<Measured>,
}

/// Searches `pos` without ChanceProbCut and then once per configuration;
/// a move the pruned search prefers is valued by an exact search of the
/// position after it (once per distinct move).
fn tune_position<G: Game>(
    pos: &G,
    full: &mut Searcher<G>,
    pruned: &mut Searcher<G>,
    exact: &mut Searcher<G>,
    configs: &[SearchConfig],
    limits: &Limits,
    depth: u32,
) -> PositionResult {
    let clock = StdClock::new();
    full.clear();
    let r = full.search(pos, limits, &clock, &mut NoTrace, &mut |_| {});
    let (full_best, full_value) = (r.best, r.value);
    let base = Measured {
        nodes: r.stats.nodes(),
        ms: r.stats.time_ms,
        ..Measured::default()
    };
    let mut move_value: Vec<(G::Move, f64)> = Vec::new();
    let runs = configs
        .iter()
        .map(|cfg| {
            pruned.set_config(cfg.clone());
            pruned.clear();
            let r = pruned.search(pos, limits, &clock, &mut NoTrace, &mut |_| {});
            let error = match r.best {
                Some(m) if Some(m) != full_best => {
                    let v = match move_value.iter().find(|(k, _)| *k == m) {
                        Some(&(_, v)) => v,
                        None => {
                            let mut child = pos.clone();
                            child.play(m);
                            let sign = if child.to_move() == pos.to_move() {
                                1.0
                            } else {
                                -1.0
                            };
                            exact.clear();
                            let v = sign * exact.search_depth(&child, depth - 1).value;
                            move_value.push((m, v));
                            v
                        }
                    };
                    full_value - v
                }
                _ => 0.0,
            };
            Measured {
                nodes: r.stats.nodes(),
                ms: r.stats.time_ms,
                cuts: r.stats.cuts.chance_probcut,
                cpc_nodes: r.stats.probcut_nodes,
                error,
            }
        })
        .collect();
    PositionResult { base, pruned: runs }
}

/// The settings a tuning log was written with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct LogKey {
    game: String,
    options: Vec<String>,
    depth: u32,
    algo: String,
    ts: Vec<f64>,
    /// The parameter file's models (its own t is never used by --tune).
    params: ChanceProbCut,
}

impl LogKey {
    /// Names the first setting in which `other` (a log line's) differs.
    fn difference(&self, other: &LogKey) -> Option<String> {
        fn field(name: &str, mine: &dyn Debug, theirs: &dyn Debug) -> Option<String> {
            let (mine, theirs) = (format!("{mine:?}"), format!("{theirs:?}"));
            (mine != theirs).then(|| format!("its {name} is {theirs}, this run's is {mine}"))
        }
        field("game", &self.game, &other.game)
            .or_else(|| field("options", &self.options, &other.options))
            .or_else(|| field("depth", &self.depth, &other.depth))
            .or_else(|| field("configuration", &self.algo, &other.algo))
            .or_else(|| field("t values", &self.ts, &other.ts))
            .or_else(|| field("ChanceProbCut models", &self.params, &other.params))
    }
}

/// One line of a tuning log, as written (see [`LogLine`]).
#[derive(Serialize)]
struct LogLineOut<'a> {
    key: &'a LogKey,
    /// The position's place in the (joined) set, from 0: information only,
    /// positions are matched by their text.
    index: usize,
    position: &'a str,
    result: &'a PositionResult,
}

/// One line of a tuning log: a finished position.
#[derive(Deserialize)]
struct LogLine {
    key: LogKey,
    position: String,
    result: PositionResult,
}

/// An open tuning log: its settings and the file lines are appended to.
struct TuneLog {
    key: LogKey,
    file: Mutex<File>,
}

impl TuneLog {
    /// Opens (or creates) the log at `path` and returns the positions it
    /// already holds, by position text (so that a larger sample reuses a
    /// smaller one's positions), after checking that every line was written
    /// by a run with the settings `key`.
    fn open(path: &Path, key: LogKey) -> Result<(TuneLog, HashMap<String, PositionResult>)> {
        let mut done = HashMap::new();
        let name = path.display();
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e).with_context(|| format!("reading {name}")),
        };
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let entry: LogLine = serde_json::from_str(line)
                .map_err(|e| anyhow!("{name} line {}: not a tuning log line: {e}", n + 1))?;
            if let Some(diff) = key.difference(&entry.key) {
                bail!(
                    "{name} line {} was written by another tuning run ({diff}); \
                     give another --tune-log file",
                    n + 1
                );
            }
            done.insert(entry.position.trim().to_string(), entry.result);
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("opening {name}"))?;
        Ok((
            TuneLog {
                key,
                file: Mutex::new(file),
            },
            done,
        ))
    }

    /// Appends one finished position (a whole line, flushed at once).
    fn append(&self, index: usize, position: &str, result: &PositionResult) -> Result<()> {
        let line = serde_json::to_string(&LogLineOut {
            key: &self.key,
            index,
            position: position.trim(),
            result,
        })?;
        let mut f = self
            .file
            .lock()
            .map_err(|_| anyhow!("the tuning log's lock is poisoned"))?;
        writeln!(f, "{line}")
            .and_then(|_| f.flush())
            .context("writing the tuning log")
    }
}

impl GameVisitor for Tune<'_> {
    type Output = Result<()>;

    fn visit<G: Game>(self, mut config: G::Config) -> Result<()> {
        for opt in self.options {
            config.set_options(opt).map_err(|e| anyhow!(e))?;
        }
        let mut positions: Vec<G> = Vec::with_capacity(self.positions.len());
        for (i, text) in self.positions.iter().enumerate() {
            let pos = G::parse_position(&config, text).map_err(|e| {
                crate::position::bad_input(format!("{} position {}: {e}", self.source, i + 1))
            })?;
            if pos.status() != Status::Decision {
                bail!("{} position {}: not a decision node", self.source, i + 1);
            }
            positions.push(pos);
        }
        let game = positions[0].name();
        let mut base = parse_algo(self.algo)?;
        base.chance_probcut = None;
        let params = load_params(game, self.probcut_params)?;
        let limits = Limits::depth(self.depth);
        let configs: Vec<SearchConfig> = self
            .ts
            .iter()
            .map(|&t| {
                let mut p = params.clone();
                p.t = t;
                SearchConfig {
                    chance_probcut: Some(p),
                    ..base.clone()
                }
            })
            .collect();
        let exact_config = SearchConfig {
            chance_probcut: None,
            multicut: None,
            ..base.clone()
        };
        let key = LogKey {
            game: game.to_string(),
            options: self.options.to_vec(),
            depth: self.depth,
            algo: self.algo.to_string(),
            ts: self.ts.to_vec(),
            params: ChanceProbCut {
                t: 0.0,
                ..params.clone()
            },
        };
        let (log, logged) = match self.log {
            Some(path) => {
                let (log, logged) = TuneLog::open(path, key)?;
                (Some(log), logged)
            }
            None => (None, HashMap::new()),
        };
        let mut results: Vec<Option<PositionResult>> = self
            .positions
            .iter()
            .map(|p| logged.get(p.trim()).cloned())
            .collect();
        println!(
            "ChanceProbCut tuning: {game}, {} positions of {}, depth {}, {} (R = {}, depths {:?})",
            positions.len(),
            self.source,
            self.depth,
            self.algo,
            params.r,
            params.depths
        );
        let reused = results.iter().filter(|r| r.is_some()).count();
        if let (Some(path), true) = (self.log, reused > 0) {
            println!(
                "{reused} of the positions are taken from {}",
                path.display()
            );
        }
        let todo: Vec<usize> = (0..positions.len())
            .filter(|&i| results[i].is_none())
            .collect();
        let bar = progress_bar(todo.len() as u64)?;
        // Positions are independent (every search starts from a cleared
        // searcher), so they run on all cores; the sums do not depend on
        // the order.
        let fresh: Vec<(usize, PositionResult)> = todo
            .par_iter()
            .map_init(
                || {
                    (
                        Searcher::<G>::new(base.clone()),
                        Searcher::<G>::new(base.clone()),
                        Searcher::<G>::new(exact_config.clone()),
                    )
                },
                |(full, pruned, exact), &i| -> Result<(usize, PositionResult)> {
                    let r = tune_position(
                        &positions[i],
                        full,
                        pruned,
                        exact,
                        &configs,
                        &limits,
                        self.depth,
                    );
                    if let Some(log) = &log {
                        log.append(i, &self.positions[i], &r)?;
                    }
                    bar.inc(1);
                    Ok((i, r))
                },
            )
            .collect::<Result<_>>()?;
        bar.finish_and_clear();
        for (i, r) in fresh {
            results[i] = Some(r);
        }
        let results: Vec<PositionResult> = results.into_iter().flatten().collect();

        println!(
            "{:>8} {:>14} {:>10} {:>9} {:>9} {:>9} {:>12} {:>10}",
            "t", "Nodes", "Reduction", "ACPCME", "DCPCME", "cpc cuts", "cpc nodes", "time ms"
        );
        let base_nodes: u64 = results.iter().map(|r| r.base.nodes).sum();
        let base_ms: f64 = results.iter().map(|r| r.base.ms).sum();
        println!(
            "{:>8} {:>14} {:>10} {:>9} {:>9} {:>9} {:>12} {:>10.0}",
            "-", base_nodes, "-", "-", "-", "-", "-", base_ms
        );
        for (k, &t) in self.ts.iter().enumerate() {
            let runs = || results.iter().map(|r| &r.pruned[k]);
            let nodes: u64 = runs().map(|c| c.nodes).sum();
            let cuts: u64 = runs().map(|c| c.cuts).sum();
            let cpc_nodes: u64 = runs().map(|c| c.cpc_nodes).sum();
            let ms: f64 = runs().map(|c| c.ms).sum();
            let errors: Vec<f64> = runs().map(|c| c.error).collect();
            let (a, d) = mean_sd(&errors);
            let red = 100.0 * (base_nodes as f64 - nodes as f64) / base_nodes.max(1) as f64;
            println!(
                "{t:>8} {nodes:>14} {red:>9.1}% {a:>9.3} {d:>9.3} {cuts:>9} {cpc_nodes:>12} {ms:>10.0}"
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::mean_sd;

    #[test]
    fn mean_and_population_deviation() {
        assert_eq!(mean_sd(&[]), (0.0, 0.0));
        let (m, d) = mean_sd(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!((m, d), (5.0, 2.0));
    }
}
