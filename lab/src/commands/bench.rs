//! `starcut bench`: node counts and times of search configurations over a
//! position set at a fixed depth, as a table of nodes and reductions like
//! Arts' Tables 6.2–6.12, or as CSV/JSON. The total of all node counts is a
//! deterministic fingerprint of search behaviour: a change meant to keep
//! behaviour keeps it; a change meant to prune more says by how much.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use serde::Serialize;
use starcut::registry::{GameKind, GameVisitor};
use starcut::search::{DepthUnits, Limits, NoTrace, SearchConfig, SearchMode, Searcher, StdClock};
use starcut::{Game, GameConfig, Status};

use crate::search_args::{parse_algo_in, resolve_params};

/// One configuration's results over the set.
#[derive(Debug, Serialize)]
pub struct Row {
    pub game: String,
    pub algo: String,
    pub depth: u32,
    pub positions: usize,
    pub nodes: u64,
    pub chance_nodes: u64,
    /// Reduction of the total against the first configuration, in percent.
    pub reduction: f64,
    /// Per-position reductions against the first configuration, in percent.
    pub mean: f64,
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub time_ms: f64,
    pub nodes_per_second: f64,
    /// Positions whose value differs from the first configuration's (only
    /// meaningful among exact algorithms).
    pub disagreements: usize,
    #[serde(skip)]
    per_position: Vec<u64>,
}

/// Reads a position set: one position per line; `#` comments and blank
/// lines are skipped.
pub fn read_set(path: &Path) -> Result<Vec<String>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect())
}

/// Reads and joins position sets, keeping the first `per_set` positions of
/// each set and then the first `limit` of all.
pub fn read_sets(files: &[PathBuf], per_set: Option<usize>, limit: usize) -> Result<Vec<String>> {
    let mut positions = Vec::new();
    for f in files {
        let mut set = read_set(f)?;
        if let Some(n) = per_set {
            set.truncate(n);
        }
        positions.extend(set);
    }
    positions.truncate(limit);
    if positions.is_empty() {
        bail!(
            "{}: no positions",
            files
                .iter()
                .map(|f| f.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(positions)
}

/// The file names of joined position sets, for titles: `a.txt + b.txt`.
fn set_names(files: &[PathBuf]) -> String {
    files
        .iter()
        .map(|f| {
            f.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| f.display().to_string())
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Runs every configuration over the positions of a set.
pub struct BenchSet<'a> {
    pub positions: &'a [String],
    pub source: &'a str,
    pub options: &'a [String],
    pub algos: &'a [String],
    pub depth: u32,
    pub probcut_params: Option<&'a Path>,
    /// The configurations' mode unless their flags name one.
    pub mode: SearchMode,
}

fn percent(base: u64, n: u64) -> f64 {
    if base == 0 {
        0.0
    } else {
        100.0 * (base as f64 - n as f64) / base as f64
    }
}

impl GameVisitor for BenchSet<'_> {
    type Output = Result<Vec<Row>>;

    fn visit<G: Game>(self, mut config: G::Config) -> Result<Vec<Row>> {
        for opt in self.options {
            config.set_options(opt).map_err(|e| anyhow!(e))?;
        }
        let mut positions = Vec::with_capacity(self.positions.len());
        for (i, text) in self.positions.iter().enumerate() {
            let pos = G::parse_position(&config, text).map_err(|e| {
                crate::position::bad_input(format!("{} position {}: {e}", self.source, i + 1))
            })?;
            if matches!(pos.status(), Status::Terminal(_)) {
                bail!("{} position {}: the game is over", self.source, i + 1);
            }
            positions.push(pos);
        }
        let game = positions[0].name();
        let configs: Vec<SearchConfig> = self
            .algos
            .iter()
            .map(|a| {
                let mut c = parse_algo_in(a, self.mode)?;
                resolve_params(&mut c, game, self.probcut_params)?;
                Ok(c)
            })
            .collect::<Result<_>>()?;
        let clock = StdClock::new();
        let mut rows: Vec<Row> = Vec::new();
        let mut base_values: Vec<f64> = Vec::new();
        for (algo, cfg) in self.algos.iter().zip(configs) {
            let mut searcher = Searcher::<G>::new(cfg);
            let mut row = Row {
                game: G::name(&positions[0]).to_string(),
                algo: algo.clone(),
                depth: self.depth,
                positions: positions.len(),
                nodes: 0,
                chance_nodes: 0,
                reduction: 0.0,
                mean: 0.0,
                median: 0.0,
                min: 0.0,
                max: 0.0,
                time_ms: 0.0,
                nodes_per_second: 0.0,
                disagreements: 0,
                per_position: Vec::with_capacity(positions.len()),
            };
            for (i, pos) in positions.iter().enumerate() {
                searcher.clear();
                let r = searcher.search(
                    pos,
                    &Limits::depth(self.depth),
                    &clock,
                    &mut NoTrace,
                    &mut |_| {},
                );
                row.nodes += r.stats.nodes();
                row.chance_nodes += r.stats.chance_nodes;
                row.time_ms += r.stats.time_ms;
                row.per_position.push(r.stats.nodes());
                if rows.is_empty() {
                    base_values.push(r.value);
                } else if (r.value - base_values[i]).abs() > 1e-9 * base_values[i].abs().max(1.0) {
                    row.disagreements += 1;
                }
            }
            row.nodes_per_second = if row.time_ms > 0.0 {
                row.nodes as f64 / (row.time_ms / 1e3)
            } else {
                0.0
            };
            if let Some(base) = rows.first() {
                row.reduction = percent(base.nodes, row.nodes);
                let mut red: Vec<f64> = base
                    .per_position
                    .iter()
                    .zip(&row.per_position)
                    .map(|(&b, &n)| percent(b, n))
                    .collect();
                red.sort_by(f64::total_cmp);
                row.mean = red.iter().sum::<f64>() / red.len().max(1) as f64;
                row.median = red.get(red.len() / 2).copied().unwrap_or(0.0);
                row.min = red.first().copied().unwrap_or(0.0);
                row.max = red.last().copied().unwrap_or(0.0);
            }
            rows.push(row);
        }
        Ok(rows)
    }
}

/// Prints rows as an aligned table.
pub fn print_table(title: &str, rows: &[Row]) {
    println!("{title}");
    println!(
        "{:<22} {:>14} {:>9} {:>8} {:>8} {:>8} {:>8} {:>10} {:>12} {:>5}",
        "algorithm",
        "nodes",
        "reduct.",
        "mean",
        "median",
        "min",
        "max",
        "time ms",
        "nodes/s",
        "diff"
    );
    for r in rows {
        println!(
            "{:<22} {:>14} {:>8.1}% {:>7.1}% {:>7.1}% {:>7.1}% {:>7.1}% {:>10.1} {:>12.0} {:>5}",
            r.algo,
            r.nodes,
            r.reduction,
            r.mean,
            r.median,
            r.min,
            r.max,
            r.time_ms,
            r.nodes_per_second,
            r.disagreements
        );
    }
}

/// Prints rows as CSV with a header line.
pub fn print_csv(rows: &[Row], header: bool) {
    if header {
        println!("game,algo,depth,positions,nodes,chance_nodes,reduction,mean,median,min,max,time_ms,nodes_per_second,disagreements");
    }
    for r in rows {
        println!(
            "{},{},{},{},{},{},{:.3},{:.3},{:.3},{:.3},{:.3},{:.3},{:.0},{}",
            r.game,
            r.algo,
            r.depth,
            r.positions,
            r.nodes,
            r.chance_nodes,
            r.reduction,
            r.mean,
            r.median,
            r.min,
            r.max,
            r.time_ms,
            r.nodes_per_second,
            r.disagreements
        );
    }
}

/// The quick default benchmark: a slice of each shipped set at a small
/// depth, every exact chance algorithm. Runs in well under a minute.
pub const QUICK: &[(&str, &str, usize, u32)] = &[
    ("stratego", "stratego-middle.txt", 20, 4),
    ("barrage", "barrage-middle.txt", 20, 4),
    ("dice", "dice-5x5.txt", 50, 4),
    ("chance-breakthrough", "chance-breakthrough-mid.txt", 20, 3),
];

/// Where the shipped position sets are, for runs from the repository.
pub fn positions_dir() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/positions");
    if here.is_dir() {
        here
    } else {
        PathBuf::from("assets/positions")
    }
}

/// `starcut bench` with its arguments already parsed.
pub struct Bench<'a> {
    pub game: Option<&'a str>,
    pub sets: &'a [PathBuf],
    pub options: &'a [String],
    pub algos: &'a str,
    pub depth: Option<u32>,
    pub limit: Option<usize>,
    pub per_set: Option<usize>,
    pub format: &'a str,
    pub tune: Option<&'a str>,
    pub probcut_params: Option<&'a Path>,
    pub tune_log: Option<&'a Path>,
    pub mode: SearchMode,
    /// Plies: every configuration gets `+plies`.
    pub depth_units: DepthUnits,
}

/// Splits `--algos` at commas, except those inside a flag's list of
/// numbers (`staretc+mc=10,3,2,star1` is two configurations): a piece that
/// starts with a digit continues the previous one.
pub fn split_algos(s: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for piece in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match out.last_mut() {
            Some(last) if piece.starts_with(|c: char| c.is_ascii_digit() || c == '.') => {
                last.push(',');
                last.push_str(piece);
            }
            _ => out.push(piece.to_string()),
        }
    }
    out
}

pub fn run(b: Bench<'_>) -> Result<()> {
    let mut algos = split_algos(b.algos);
    if b.depth_units == DepthUnits::Plies {
        // Right after the algorithm's name: a flag's list (`lmr=3,3`)
        // may end the configuration.
        for a in &mut algos {
            let at = a.find('+').unwrap_or(a.len());
            a.insert_str(at, "+plies");
        }
    }
    if algos.is_empty() {
        bail!("--algos: no configuration given");
    }
    let jobs: Vec<(GameKind, Vec<PathBuf>, usize, u32)> = match (b.game, b.sets.is_empty()) {
        (None, true) => QUICK
            .iter()
            .map(|&(g, f, n, d)| {
                Ok((
                    g.parse().map_err(|e: starcut::UnknownGame| anyhow!(e))?,
                    vec![positions_dir().join(f)],
                    b.limit.unwrap_or(n),
                    b.depth.unwrap_or(d),
                ))
            })
            .collect::<Result<_>>()?,
        (Some(g), false) => vec![(
            g.parse().map_err(|e: starcut::UnknownGame| anyhow!(e))?,
            b.sets.to_vec(),
            b.limit.unwrap_or(usize::MAX),
            b.depth.unwrap_or(4),
        )],
        _ => bail!("give both a game and --set FILE, or neither for the quick benchmark"),
    };
    if let Some(tune) = b.tune {
        let ts = tune
            .split(',')
            .map(|t| {
                t.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|t| t.is_finite() && *t >= 0.0)
                    .ok_or_else(|| anyhow!("--tune: '{t}' is not a number >= 0"))
            })
            .collect::<Result<Vec<f64>>>()?;
        let Some((kind, files, limit, depth)) = jobs.first().filter(|_| b.game.is_some()) else {
            bail!("--tune needs a game and --set FILE");
        };
        let positions = read_sets(files, b.per_set, *limit)?;
        let source = set_names(files);
        return kind.visit(crate::commands::tune::Tune {
            positions: &positions,
            source: &source,
            options: b.options,
            algo: &algos[0],
            ts: &ts,
            depth: *depth,
            probcut_params: b.probcut_params,
            log: b.tune_log,
        });
    }
    let mut all = Vec::new();
    let mut total = 0u64;
    for (i, (kind, files, limit, depth)) in jobs.iter().enumerate() {
        let positions = read_sets(files, b.per_set, *limit)?;
        let source = files
            .iter()
            .map(|f| f.display().to_string())
            .collect::<Vec<_>>()
            .join(" + ");
        let rows = kind.visit(BenchSet {
            positions: &positions,
            source: &source,
            options: b.options,
            algos: &algos,
            depth: *depth,
            probcut_params: b.probcut_params,
            mode: b.mode,
        })?;
        total += rows.iter().map(|r| r.nodes).sum::<u64>();
        match b.format {
            "table" => {
                print_table(
                    &format!(
                        "{} — {} positions of {}, depth {}",
                        kind,
                        positions.len(),
                        set_names(files),
                        depth
                    ),
                    &rows,
                );
                println!();
            }
            "csv" => print_csv(&rows, i == 0),
            "json" => {}
            other => bail!("--format '{other}': expected table, csv or json"),
        }
        all.extend(rows);
    }
    match b.format {
        "json" => println!(
            "{}",
            serde_json::json!({ "rows": all, "fingerprint": total })
        ),
        "table" => println!("fingerprint (total nodes): {total}"),
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::split_algos;

    #[test]
    fn algos_split_at_commas_outside_number_lists() {
        assert_eq!(
            split_algos("staretc, staretc+mc=10,3,2,star1+cpc=0.5,star2+mc"),
            vec!["staretc", "staretc+mc=10,3,2", "star1+cpc=0.5", "star2+mc"]
        );
        assert_eq!(split_algos(" ,expectimax,,"), vec!["expectimax"]);
    }
}
