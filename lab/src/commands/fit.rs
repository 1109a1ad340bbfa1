//! `starcut fit`: the ChanceProbCut regression model of a game at one depth
//! pair (d, d - R), from value pairs (v_{d-R}, v_d), written into a
//! parameter file and drawn as an SVG scatter plot (Schadd, Figures
//! 5.9-5.15).
//!
//! Where the pairs come from (as Schadd: the children of chance events that
//! searches meet): a short search (`find_depth`, default 2) of each position records the
//! chance nodes it enters; up to `per_position` of them, spread evenly over
//! the order met, are taken, and every non-terminal outcome position of each
//! gives one pair: its exact value (StarETC, no forward pruning) at depth
//! d - R and at depth d, both from one iterative-deepening search, in the
//! outcome position's own point of view — the view in which the engine
//! applies the model.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use rayon::prelude::*;
use starcut::registry::GameVisitor;
use starcut::search::regression::fit_line;
use starcut::search::{
    ChanceProbCut, Limits, NoTrace, NodeKind, ProbCutModel, SearchConfig, Searcher, StdClock,
    Tracer,
};
use starcut::{Game, GameConfig, Status, Value};

use crate::commands::bench::read_set;
use crate::search_args::read_params;
use crate::svg::{scatter, Scatter};

/// `starcut fit` with its arguments parsed.
pub struct Fit<'a> {
    pub sets: &'a [PathBuf],
    pub options: &'a [String],
    pub depth: u32,
    pub reduction: u32,
    pub limit: Option<usize>,
    pub per_position: usize,
    /// Depth of the search that finds the chance nodes.
    pub find_depth: u32,
    pub t: f64,
    pub out: Option<&'a Path>,
    pub svg: Option<&'a Path>,
}

/// Records the chance nodes a search enters (distinct positions, at most
/// `cap`).
struct ChanceCollector<G: Game> {
    found: Vec<G>,
    seen: HashSet<u64>,
    cap: usize,
}

impl<G: Game> Tracer<G> for ChanceCollector<G> {
    fn enter(&mut self, pos: &G, kind: NodeKind, _ply: usize, _d: u32, _a: Value, _b: Value) {
        if kind == NodeKind::Chance && self.found.len() < self.cap && self.seen.insert(pos.hash()) {
            self.found.push(pos.clone());
        }
    }
}

/// The value pairs of one position set, in the set's order. Positions are
/// searched on all cores; every search starts from a cleared searcher, so
/// the pairs do not depend on the thread count.
pub fn value_pairs<G: Game>(
    positions: &[G],
    depth: u32,
    shallow: u32,
    per_position: usize,
    find_depth: u32,
) -> Vec<(f64, f64)> {
    let per_pos: Vec<Vec<(f64, f64)>> = positions
        .par_iter()
        .map_init(
            || {
                (
                    Searcher::<G>::new(SearchConfig::default()),
                    Searcher::<G>::new(SearchConfig::default()),
                )
            },
            |(finder, exact), pos| {
                position_pairs(
                    pos,
                    finder,
                    exact,
                    (depth, shallow, find_depth),
                    per_position,
                )
            },
        )
        .collect();
    per_pos.into_iter().flatten().collect()
}

/// The value pairs of one position: outcomes of up to `per_position` of the
/// chance nodes a search of `find_depth` enters.
fn position_pairs<G: Game>(
    pos: &G,
    finder: &mut Searcher<G>,
    exact: &mut Searcher<G>,
    (depth, shallow, find_depth): (u32, u32, u32),
    per_position: usize,
) -> Vec<(f64, f64)> {
    let clock = StdClock::new();
    let mut pairs = Vec::new();
    let mut outcomes = Vec::new();
    let mut c = ChanceCollector {
        found: Vec::new(),
        seen: HashSet::new(),
        cap: 256,
    };
    finder.clear();
    finder.search(pos, &Limits::depth(find_depth), &clock, &mut c, &mut |_| {});
    let n = c.found.len();
    let take = per_position.min(n);
    for k in 0..take {
        let node = &c.found[k * n / take];
        node.chance_outcomes(&mut outcomes);
        for &(o, _) in &outcomes {
            let mut kid = node.clone();
            kid.apply_outcome(o);
            if matches!(kid.status(), Status::Terminal(_)) {
                continue;
            }
            exact.clear();
            let r = exact.search(
                &kid,
                &Limits::depth(depth),
                &clock,
                &mut NoTrace,
                &mut |_| {},
            );
            let at = |d: u32| r.iterations.iter().find(|i| i.depth == d).map(|i| i.value);
            if let (Some(x), Some(y)) = (at(shallow), at(depth)) {
                pairs.push((x, y));
            }
        }
    }
    pairs
}

impl GameVisitor for Fit<'_> {
    type Output = Result<()>;

    fn visit<G: Game>(self, mut config: G::Config) -> Result<()> {
        for opt in self.options {
            config.set_options(opt).map_err(|e| anyhow!(e))?;
        }
        if self.reduction == 0 || self.reduction >= self.depth {
            bail!(
                "--reduction {}: must be at least 1 and below --depth {}",
                self.reduction,
                self.depth
            );
        }
        let shallow = self.depth - self.reduction;
        let mut positions: Vec<G> = Vec::new();
        let mut names = Vec::new();
        for set in self.sets {
            let texts = read_set(set)?;
            for (i, text) in texts.iter().enumerate() {
                let pos = G::parse_position(&config, text).map_err(|e| {
                    crate::position::bad_input(format!("{} position {}: {e}", set.display(), i + 1))
                })?;
                positions.push(pos);
            }
            names.push(
                set.file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            );
        }
        if positions.is_empty() {
            bail!("--set: no positions");
        }
        if let Some(n) = self.limit {
            // Spread the limit over every set rather than taking the first.
            let step = (positions.len() as f64 / n.max(1) as f64).max(1.0);
            positions = (0..n.min(positions.len()))
                .map(|k| positions[(k as f64 * step) as usize].clone())
                .collect();
        }
        let game = positions[0].name();
        let start = Instant::now();
        let pairs = value_pairs(
            &positions,
            self.depth,
            shallow,
            self.per_position,
            self.find_depth.max(1),
        );
        let secs = start.elapsed().as_secs_f64();
        let fit = fit_line(&pairs).ok_or_else(|| {
            anyhow!(
                "only {} value pairs with distinct shallow values: too few to fit (more positions, --per-position?)",
                pairs.len()
            )
        })?;
        println!(
            "{game}: {} positions, {} value pairs (v{shallow}, v{}) in {secs:.1} s",
            positions.len(),
            pairs.len(),
            self.depth
        );
        println!(
            "v{} = {:.6} * v{shallow} + {:.6}   sigma = {:.6}   correlation r = {:.4}",
            self.depth, fit.a, fit.b, fit.sigma, fit.r
        );
        let source = format!(
            "{} ({} positions, {} per position)",
            names.join(" + "),
            positions.len(),
            self.per_position
        );
        let model = ProbCutModel {
            depth: self.depth,
            shallow,
            a: fit.a,
            b: fit.b,
            sigma: fit.sigma,
            pairs: pairs.len(),
            source: Some(source),
        };
        if let Some(out) = self.out {
            let mut params = if out.exists() {
                read_params(out)?
            } else {
                ChanceProbCut {
                    t: self.t,
                    r: self.reduction,
                    depths: Vec::new(),
                    models: Vec::new(),
                    game: Some(game.to_string()),
                }
            };
            if params.r != self.reduction {
                bail!(
                    "{}: the file's reduction is R = {}, not {}",
                    out.display(),
                    params.r,
                    self.reduction
                );
            }
            params.merge(model);
            let text = serde_json::to_string_pretty(&params)? + "\n";
            std::fs::write(out, text).with_context(|| format!("writing {}", out.display()))?;
            println!("wrote {}", out.display());
        }
        if let Some(svg) = self.svg {
            let title = format!(
                "Evaluation pairs at depths {shallow} and {} in {game}",
                self.depth
            );
            let notes = [format!(
                "{} pairs from {} positions; a = {:.4}, b = {:.4}, sigma = {:.4}, r = {:.3}",
                pairs.len(),
                positions.len(),
                fit.a,
                fit.b,
                fit.sigma,
                fit.r
            )];
            let doc = scatter(&Scatter {
                title: &title,
                x_label: &format!("v(d-R) = value of a search to depth {shallow}"),
                y_label: &format!("v(d) = value of a search to depth {}", self.depth),
                points: &pairs,
                line: Some((fit.a, fit.b, fit.sigma)),
                notes: &notes,
            });
            std::fs::write(svg, doc).with_context(|| format!("writing {}", svg.display()))?;
            println!("wrote {}", svg.display());
        }
        Ok(())
    }
}
