//! `starcut analyse`: one search of one position, printed for people or as
//! one JSON object for programs.

use anyhow::Result;
use serde_json::json;
use starcut::registry::GameVisitor;
use starcut::search::{NoTrace, Searcher, StdClock};
use starcut::{Game, Status};

use crate::cli::GameArgs;
use crate::position;
use crate::search_args::SearchArgs;

pub struct Analyse<'a> {
    pub args: &'a GameArgs,
    pub steps: &'a [String],
    pub search: &'a SearchArgs,
    pub json: bool,
}

impl GameVisitor for Analyse<'_> {
    type Output = Result<()>;

    fn visit<G: Game>(self, config: G::Config) -> Result<()> {
        let pos: G = position::setup(config, self.args, self.steps)?;
        // The engine searches what the side to move knows, nothing more.
        let pos = match pos.status() {
            Status::Decision => pos.observation(pos.to_move()),
            _ => pos,
        };
        let config = self.search.config(pos.name())?;
        let forward = config.forward_pruning();
        let algo = self.search.algo.clone();
        let mut searcher = Searcher::<G>::new(config);
        let clock = StdClock::new();
        let result = searcher.search(
            &pos,
            &self.search.limits(),
            &clock,
            &mut NoTrace,
            &mut |_| {},
        );
        let best = result.best.map(|m| pos.move_text(m));
        let pv = pv_text(&pos, &result.pv);
        let s = &result.stats;
        if self.json {
            let out = json!({
                "game": pos.name(),
                "position": pos.position_text(),
                "algo": algo,
                "depth": result.depth,
                "completed": result.completed,
                "deepened": result.deepened,
                "value": result.value,
                "best": best,
                "pv": pv,
                "nodes": s.nodes(),
                "decision_nodes": s.decision_nodes,
                "chance_nodes": s.chance_nodes,
                "leaf_nodes": s.leaf_nodes,
                "cuts": s.cuts,
                "tt": { "probes": s.tt_probes, "hits": s.tt_hits, "cuts": s.tt_cuts },
                "probes": s.probes,
                "researches": s.researches,
                "probcut_nodes": s.probcut_nodes,
                "multicut_nodes": s.multicut_nodes,
                "decision_probcut_nodes": s.decision_probcut_nodes,
                "null_move_nodes": s.null_move_nodes,
                "time_ms": s.time_ms,
                "nodes_per_second": s.nodes_per_second(),
                "iterations": result.iterations,
            });
            println!("{out}");
        } else {
            println!("value      {:.4}", result.value);
            println!(
                "best       {}{}",
                best.as_deref().unwrap_or("-"),
                if result.deepened {
                    " (from the stopped iteration: it beat the last completed best)"
                } else {
                    ""
                }
            );
            println!("pv         {}", pv.join(" "));
            println!(
                "depth      {}{}",
                result.depth,
                if result.completed {
                    ""
                } else {
                    " (stopped by a limit)"
                }
            );
            println!(
                "nodes      {} (decision {}, chance {}, leaf {})",
                s.nodes(),
                s.decision_nodes,
                s.chance_nodes,
                s.leaf_nodes
            );
            let c = &s.cuts;
            println!(
                "cuts       alpha-beta {}, star1 cut-I {}, star1 cut-II {}, star2 probe {}, staretc {}, tt {}",
                c.alpha_beta, c.star1_cut_i, c.star1_cut_ii, c.star2_probe, c.staretc, s.tt_cuts
            );
            if forward {
                println!(
                    "forward    chanceprobcut {} (shallow nodes {}), multi-cut {} (reduced nodes {}), \
                     probcut {} (shallow nodes {})",
                    c.chance_probcut,
                    s.probcut_nodes,
                    c.multicut,
                    s.multicut_nodes,
                    c.probcut,
                    s.decision_probcut_nodes
                );
            }
            if c.null_move > 0 {
                println!(
                    "null move  {} cuts (nodes {})",
                    c.null_move, s.null_move_nodes
                );
            }
            println!("tt         probes {}, hits {}", s.tt_probes, s.tt_hits);
            println!(
                "time       {:.1} ms, {:.0} nodes/s",
                s.time_ms,
                s.nodes_per_second()
            );
        }
        Ok(())
    }
}

/// The principal variation in notation, each step printed where it is played.
pub fn pv_text<G: Game>(pos: &G, pv: &[starcut::Step<G::Move, G::Outcome>]) -> Vec<String> {
    let mut p = pos.clone();
    pv.iter()
        .map(|&step| {
            let t = p.step_text(step);
            p.apply_step(step);
            t
        })
        .collect()
}
