//! `starcut bench --tune`: ChanceProbCut selectiveness like Schadd's Tables
//! 5.2-5.10. One configuration is searched without ChanceProbCut (the
//! baseline) and with it at every t, over a position set at one depth.
//!
//! ACPCME (average ChanceProbCut move error): for the move ChanceProbCut's
//! search chooses, its value in a full search against the full search's
//! best value (0 when both choose the same move; otherwise the chosen move's
//! position is searched exactly to depth - 1). DCPCME is the standard
//! deviation of that error over the positions.

use std::collections::HashMap;
use std::path::Path;

use anyhow::{anyhow, bail, Result};
use starcut::registry::GameVisitor;
use starcut::search::{Limits, NoTrace, SearchConfig, Searcher, StdClock};
use starcut::{Game, GameConfig, Status};

use crate::search_args::{default_params_file, parse_algo, read_params};

pub struct Tune<'a> {
    pub positions: &'a [String],
    pub source: &'a str,
    pub options: &'a [String],
    pub algo: &'a str,
    pub ts: &'a [f64],
    pub depth: u32,
    pub probcut_params: Option<&'a Path>,
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

impl GameVisitor for Tune<'_> {
    type Output = Result<()>;

    fn visit<G: Game>(self, mut config: G::Config) -> Result<()> {
        for opt in self.options {
            config.set_options(opt).map_err(|e| anyhow!(e))?;
        }
        let mut positions: Vec<G> = Vec::with_capacity(self.positions.len());
        for (i, text) in self.positions.iter().enumerate() {
            let pos = G::parse_position(&config, text)
                .map_err(|e| anyhow!("{} position {}: {e}", self.source, i + 1))?;
            if pos.status() != Status::Decision {
                bail!("{} position {}: not a decision node", self.source, i + 1);
            }
            positions.push(pos);
        }
        let game = positions[0].name();
        let mut base = parse_algo(self.algo)?;
        base.chance_probcut = None;
        let file = self
            .probcut_params
            .map(Path::to_path_buf)
            .unwrap_or_else(|| default_params_file(game));
        let params = read_params(&file)?;
        let clock = StdClock::new();
        let limits = Limits::depth(self.depth);

        // Baseline: values and best moves of the full search.
        let mut searcher = Searcher::<G>::new(base.clone());
        let mut best = Vec::with_capacity(positions.len());
        let (mut base_nodes, mut base_ms) = (0u64, 0.0);
        for pos in &positions {
            searcher.clear();
            let r = searcher.search(pos, &limits, &clock, &mut NoTrace, &mut |_| {});
            base_nodes += r.stats.nodes();
            base_ms += r.stats.time_ms;
            best.push((r.best, r.value));
        }
        println!(
            "ChanceProbCut tuning: {game}, {} positions of {}, depth {}, {} (R = {}, depths {:?})",
            positions.len(),
            self.source,
            self.depth,
            self.algo,
            params.r,
            params.depths
        );
        println!(
            "{:>8} {:>14} {:>10} {:>9} {:>9} {:>9} {:>12} {:>10}",
            "t", "Nodes", "Reduction", "ACPCME", "DCPCME", "cpc cuts", "cpc nodes", "time ms"
        );
        println!(
            "{:>8} {:>14} {:>10} {:>9} {:>9} {:>9} {:>12} {:>10.0}",
            "-", base_nodes, "-", "-", "-", "-", "-", base_ms
        );

        // Exact values of moves a pruned search chose instead.
        let mut exact = Searcher::<G>::new(SearchConfig {
            chance_probcut: None,
            multicut: None,
            ..base.clone()
        });
        let mut move_value: HashMap<(usize, G::Move), f64> = HashMap::new();
        for &t in self.ts {
            let mut cfg = base.clone();
            let mut p = params.clone();
            p.t = t;
            cfg.chance_probcut = Some(p);
            let mut s = Searcher::<G>::new(cfg);
            let (mut nodes, mut cuts, mut cpc_nodes, mut ms) = (0u64, 0u64, 0u64, 0.0);
            let mut errors = Vec::with_capacity(positions.len());
            for (i, pos) in positions.iter().enumerate() {
                s.clear();
                let r = s.search(pos, &limits, &clock, &mut NoTrace, &mut |_| {});
                nodes += r.stats.nodes();
                cuts += r.stats.cuts.chance_probcut;
                cpc_nodes += r.stats.probcut_nodes;
                ms += r.stats.time_ms;
                let (full_best, full_value) = best[i];
                let err = match r.best {
                    Some(m) if Some(m) != full_best => {
                        let v = *move_value.entry((i, m)).or_insert_with(|| {
                            let mut child = pos.clone();
                            child.play(m);
                            let sign = if child.to_move() == pos.to_move() {
                                1.0
                            } else {
                                -1.0
                            };
                            exact.clear();
                            sign * exact.search_depth(&child, self.depth - 1).value
                        });
                        full_value - v
                    }
                    _ => 0.0,
                };
                errors.push(err);
            }
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
