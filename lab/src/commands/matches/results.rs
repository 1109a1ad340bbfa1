//! The match result file: configuration, one entry per game, totals; and
//! merging the files of shards back into one.
//!
//! The file is the only thing `match-merge` sees, so it carries the whole
//! configuration: two files can be merged only when their configurations
//! are equal, and the merge of all shards equals the un-sharded file except
//! for the time fields (`time_ms`, `wall_ms`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};
use starcut::search::SearchMode;

use super::by_setup::BySetup;
use super::elo::{draw_ratio, EloEstimate, Pentanomial};
use super::external::FailureKind;
use super::sprt::{Sprt, Verdict};
use super::stats::Tally;

/// The format tag of the result file.
pub const FORMAT: &str = "starcut-match-1";

/// One side's engine: the `--algo` name (or an external command) and its
/// limits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideConfig {
    pub algo: String,
    pub depth: u32,
    pub time_ms: Option<f64>,
    pub nodes: Option<u64>,
    /// An external engine's command line (`--a-cmd`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cmd: Option<String>,
    /// Its `setoption`s, `NAME=VALUE`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engine_options: Vec<String>,
    /// Result files written before the modes existed were exact.
    #[serde(default)]
    pub mode: SearchMode,
}

impl SideConfig {
    /// "star2 (depth 3, 10000 nodes)", "'old/starcut engine' [algo=star2] (depth 3)".
    pub fn describe(&self) -> String {
        let mut limits = vec![format!("depth {}", self.depth)];
        if let Some(t) = self.time_ms {
            limits.push(format!("{t} ms"));
        }
        if let Some(n) = self.nodes {
            limits.push(format!("{n} nodes"));
        }
        if self.mode != SearchMode::Exact {
            limits.push(format!("{} mode", self.mode));
        }
        let name = match &self.cmd {
            None => self.algo.clone(),
            Some(cmd) => {
                let mut options = self.engine_options.clone();
                if !self.algo.is_empty() {
                    options.insert(0, format!("algo={}", self.algo));
                }
                if options.is_empty() {
                    format!("'{cmd}'")
                } else {
                    format!("'{cmd}' [{}]", options.join(" "))
                }
            }
        };
        format!("{name} ({})", limits.join(", "))
    }
}

/// Everything that determines the games of a match (not the sharding).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchConfig {
    pub game: String,
    pub options: Vec<String>,
    pub a: SideConfig,
    pub b: SideConfig,
    pub tt_mb: Option<usize>,
    pub games: usize,
    pub seed: u64,
    pub start: String,
    pub setups: Option<String>,
    /// `--handicap`: the pieces engine A or B plays without.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handicap: Option<String>,
    pub max_steps: usize,
    pub random_moves: f64,
    #[serde(default)]
    pub eval_noise: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fail_game: Option<usize>,
    /// The sequential test that may stop the match (`--sprt`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<Sprt>,
}

/// Which colour A played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    First,
    Second,
}

/// How a game ended, for A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    AWin,
    BWin,
    Draw,
    Error,
}

impl Tally {
    /// Counts one game's result.
    pub fn count(&mut self, result: Outcome) {
        match result {
            Outcome::AWin => self.a_wins += 1,
            Outcome::BWin => self.b_wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Error => self.errors += 1,
        }
    }
}

/// Engine A or B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideName {
    A,
    B,
}

/// An engine that lost a game by failing (an external engine's crash,
/// time loss, illegal move or protocol error).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Failure {
    pub engine: SideName,
    pub kind: FailureKind,
    pub message: String,
}

/// One game of the match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    pub index: usize,
    /// The game's own seed, derived from the match seed and the index.
    pub seed: u64,
    /// Label of the start position (`start`, `line 3`, `arts-3/arts-5`, ...).
    pub start: String,
    pub a_colour: Colour,
    pub result: Outcome,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The engine that lost by failing, and how (the result is its loss).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
    /// Decisions played.
    pub plies: usize,
    /// Decisions and chance outcomes played.
    pub steps: usize,
    /// True when `max_steps` ended the game (scored as a draw).
    pub cut: bool,
    /// How the rules ended the game (`Game::ending`: `flag captured`, `no
    /// moves`, `move limit`...), when they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    pub nodes_a: u64,
    pub nodes_b: u64,
    /// Moves each engine searched (random moves are not searched).
    pub searches_a: u64,
    pub searches_b: u64,
    /// The depth each in-process search of A and of B completed, in the
    /// order searched (an external engine's are not known).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub depths_a: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub depths_b: Vec<u32>,
    pub time_ms: f64,
}

/// Counts of a list of games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    #[serde(flatten)]
    pub all: Tally,
    pub score: Option<f64>,
    pub ci95: Option<f64>,
    /// The games where A moved first, and where A moved second.
    pub a_first: Tally,
    pub a_second: Tally,
    pub nodes_a: u64,
    pub nodes_b: u64,
    pub searches_a: u64,
    pub searches_b: u64,
    /// The depths A's and B's in-process searches completed.
    #[serde(default)]
    pub depth_a: Option<DepthSpread>,
    #[serde(default)]
    pub depth_b: Option<DepthSpread>,
    /// Games ended by `max_steps`.
    pub cut: u64,
    /// Game pairs (games 2k and 2k + 1) by A's pair score; pairs with an
    /// error or a missing game are left out (`incomplete_pairs`).
    #[serde(default)]
    pub pentanomial: Pentanomial,
    #[serde(default)]
    pub incomplete_pairs: u64,
    #[serde(default)]
    pub elo: Option<EloEstimate>,
    #[serde(default)]
    pub draw_ratio: Option<f64>,
    /// Games lost by failing, per engine and kind.
    #[serde(default)]
    pub failures: BTreeMap<String, u64>,
    /// Games the rules ended, by winner and how (`A: flag captured`,
    /// `draw: move limit`).
    #[serde(default)]
    pub endings: BTreeMap<String, u64>,
}

/// The depths a set of searches completed: least, median and greatest.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct DepthSpread {
    pub min: u32,
    pub median: f64,
    pub max: u32,
}

impl DepthSpread {
    /// `None` for no searches.
    pub fn of(depths: impl Iterator<Item = u32>) -> Option<DepthSpread> {
        let mut d: Vec<u32> = depths.collect();
        d.sort_unstable();
        let n = d.len();
        let median = match n {
            0 => return None,
            _ if n % 2 == 1 => f64::from(d[n / 2]),
            _ => (f64::from(d[n / 2 - 1]) + f64::from(d[n / 2])) / 2.0,
        };
        Some(DepthSpread {
            min: d[0],
            median,
            max: d[n - 1],
        })
    }

    fn text(spread: Option<DepthSpread>) -> String {
        match spread {
            Some(s) => format!("{} ({} to {})", s.median, s.min, s.max),
            None => "-".to_string(),
        }
    }
}

impl Totals {
    pub fn of(games: &[GameResult]) -> Totals {
        let mut all = Tally::default();
        let mut by_colour = [Tally::default(), Tally::default()];
        let (mut nodes_a, mut nodes_b, mut cut) = (0, 0, 0);
        let (mut searches_a, mut searches_b) = (0, 0);
        for g in games {
            let side = match g.a_colour {
                Colour::First => 0,
                Colour::Second => 1,
            };
            all.count(g.result);
            by_colour[side].count(g.result);
            nodes_a += g.nodes_a;
            nodes_b += g.nodes_b;
            searches_a += g.searches_a;
            searches_b += g.searches_b;
            cut += u64::from(g.cut);
        }
        let pentanomial = pentanomial(games);
        let mut failures = BTreeMap::new();
        for f in games.iter().filter_map(|g| g.failure.as_ref()) {
            let engine = match f.engine {
                SideName::A => "A",
                SideName::B => "B",
            };
            *failures
                .entry(format!("{engine} {}", f.kind.name()))
                .or_insert(0) += 1;
        }
        let mut endings = BTreeMap::new();
        for g in games {
            let Some(end) = &g.end else { continue };
            let who = match g.result {
                Outcome::AWin => "A",
                Outcome::BWin => "B",
                Outcome::Draw => "draw",
                Outcome::Error => continue,
            };
            *endings.entry(format!("{who}: {end}")).or_insert(0) += 1;
        }
        Totals {
            endings,
            pentanomial: pentanomial.0,
            incomplete_pairs: pentanomial.1,
            elo: pentanomial.0.elo(),
            draw_ratio: draw_ratio(all.a_wins, all.draws, all.b_wins),
            failures,
            all,
            score: all.score(),
            ci95: all.ci95(),
            a_first: by_colour[0],
            a_second: by_colour[1],
            nodes_a,
            nodes_b,
            searches_a,
            searches_b,
            depth_a: DepthSpread::of(games.iter().flat_map(|g| g.depths_a.iter().copied())),
            depth_b: DepthSpread::of(games.iter().flat_map(|g| g.depths_b.iter().copied())),
            cut,
        }
    }
}

/// A's points in half points (0, 1, 2) for a decided game.
fn half_points(g: &GameResult) -> Option<usize> {
    match g.result {
        Outcome::AWin => Some(2),
        Outcome::Draw => Some(1),
        Outcome::BWin => Some(0),
        Outcome::Error => None,
    }
}

/// The complete pairs of `games` (sorted by index) in index order, each
/// with A's pair score in half points (0..=4), and the number of
/// incomplete pairs (a game missing or an error).
pub fn pairs(games: &[GameResult]) -> (Vec<(usize, usize)>, u64) {
    let mut by_pair: BTreeMap<usize, [Option<usize>; 2]> = BTreeMap::new();
    let mut broken = std::collections::BTreeSet::new();
    for g in games {
        let slot = &mut by_pair.entry(g.index / 2).or_default()[g.index % 2];
        match half_points(g) {
            Some(h) => *slot = Some(h),
            None => {
                broken.insert(g.index / 2);
            }
        }
    }
    let mut complete = Vec::new();
    let mut incomplete = 0;
    for (pair, [x, y]) in by_pair {
        match (x, y) {
            (Some(x), Some(y)) if !broken.contains(&pair) => complete.push((pair, x + y)),
            _ => incomplete += 1,
        }
    }
    (complete, incomplete)
}

fn pentanomial(games: &[GameResult]) -> (Pentanomial, u64) {
    let (complete, incomplete) = pairs(games);
    let mut p = Pentanomial::default();
    for (_, h) in complete {
        p.add(h);
    }
    (p, incomplete)
}

/// Where a sequential test stopped the match: the first complete pair (in
/// index order) after which the test was decided, and its verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtOutcome {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub verdict: Verdict,
    /// The last pair counted when the test decided (`None`: undecided).
    pub decided_at_pair: Option<usize>,
}

/// Runs the test over the pairs of `games` in index order and returns the
/// games up to the pair where it decided (all of them when undecided), with
/// the outcome. The same games give the same cut, however they were
/// played: one run, threads, or merged shards.
pub fn apply_sprt(sprt: &Sprt, mut games: Vec<GameResult>) -> (Vec<GameResult>, SprtOutcome) {
    games.sort_by_key(|g| g.index);
    let (complete, _) = pairs(&games);
    let (lower, upper) = sprt.bounds();
    let mut p = Pentanomial::default();
    for (pair, h) in complete {
        p.add(h);
        let llr = sprt.llr(&p);
        let verdict = sprt.verdict(llr);
        if verdict != Verdict::Continue {
            games.retain(|g| g.index / 2 <= pair);
            let outcome = SprtOutcome {
                llr,
                lower,
                upper,
                verdict,
                decided_at_pair: Some(pair),
            };
            return (games, outcome);
        }
    }
    let llr = sprt.llr(&p);
    let outcome = SprtOutcome {
        llr,
        lower,
        upper,
        verdict: Verdict::Continue,
        decided_at_pair: None,
    };
    (games, outcome)
}

/// Shard `index` of `count` (1-based): the games whose 0-based index is
/// `index - 1` modulo `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Parses `i/n` with 1 <= i <= n.
    pub fn parse(text: &str) -> Result<Shard> {
        let parsed = text.split_once('/').and_then(|(i, n)| {
            Some((
                i.trim().parse::<usize>().ok()?,
                n.trim().parse::<usize>().ok()?,
            ))
        });
        match parsed {
            Some((index, count)) if count >= 1 && (1..=count).contains(&index) => {
                Ok(Shard { index, count })
            }
            _ => bail!("--shard '{text}': expected I/N with 1 <= I <= N, e.g. 1/4"),
        }
    }

    pub fn contains(&self, game: usize) -> bool {
        game % self.count == self.index - 1
    }
}

/// A match result file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchResults {
    pub format: String,
    pub config: MatchConfig,
    /// The shard these games are (none: all games, or a merge).
    pub shard: Option<Shard>,
    pub games: Vec<GameResult>,
    pub totals: Totals,
    /// The sequential test's state (with `--sprt`; a shard runs all its
    /// games and leaves the cut to the merge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtOutcome>,
    pub wall_ms: f64,
}

impl MatchResults {
    pub fn new(
        config: MatchConfig,
        shard: Option<Shard>,
        games: Vec<GameResult>,
        wall_ms: f64,
    ) -> Self {
        let (games, sprt) = match (&config.sprt, shard) {
            (Some(test), None) => {
                let (games, outcome) = apply_sprt(test, games);
                (games, Some(outcome))
            }
            _ => (games, None),
        };
        MatchResults {
            format: FORMAT.to_string(),
            config,
            shard,
            totals: Totals::of(&games),
            games,
            sprt,
            wall_ms,
        }
    }

    /// The summary printed to standard output.
    pub fn summary(&self) -> String {
        let c = &self.config;
        let t = &self.totals;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "match {}{}: A = {} vs B = {}",
            c.game,
            if c.options.is_empty() {
                String::new()
            } else {
                format!(" -o {}", c.options.join(" -o "))
            },
            c.a.describe(),
            c.b.describe()
        );
        if c.random_moves > 0.0 || c.eval_noise > 0.0 {
            let _ = writeln!(
                s,
                "random moves {}, evaluation noise ±{}",
                c.random_moves, c.eval_noise
            );
        }
        let _ = writeln!(
            s,
            "games {}: A wins {}, draws {}, B wins {}, errors {}",
            t.all.games(),
            t.all.a_wins,
            t.all.draws,
            t.all.b_wins,
            t.all.errors
        );
        if t.cut > 0 {
            let _ = writeln!(s, "{} games cut at {} steps (draws)", t.cut, c.max_steps);
        }
        if !t.endings.is_empty() {
            let list: Vec<String> = t.endings.iter().map(|(k, n)| format!("{k} {n}")).collect();
            let _ = writeln!(s, "endings: {}", list.join(", "));
        }
        let per_move = |nodes: u64, searches: u64| {
            if searches == 0 {
                "-".to_string()
            } else {
                format!("{:.0}", nodes as f64 / searches as f64)
            }
        };
        let _ = writeln!(
            s,
            "nodes per searched move: A {}, B {}",
            per_move(t.nodes_a, t.searches_a),
            per_move(t.nodes_b, t.searches_b)
        );
        if t.depth_a.is_some() || t.depth_b.is_some() {
            let _ = writeln!(
                s,
                "depth completed per searched move, median (least to most): A {}, B {}",
                DepthSpread::text(t.depth_a),
                DepthSpread::text(t.depth_b)
            );
        }
        let _ = writeln!(
            s,
            "A as first: {}; A as second: {}",
            t.a_first.score_text(),
            t.a_second.score_text()
        );
        if c.setups.as_deref() == Some("presets") {
            if let Some(by) = BySetup::of(&self.games) {
                let _ = writeln!(s, "{}", by.text());
            }
        }
        if !t.failures.is_empty() {
            let list: Vec<String> = t.failures.iter().map(|(k, n)| format!("{k} {n}")).collect();
            let _ = writeln!(s, "engine failures (lost games): {}", list.join(", "));
        }
        let p = &t.pentanomial;
        let _ = writeln!(
            s,
            "pairs {}: pentanomial [LL LD DD+WL WD WW] = [{} {} {} {} {}]{}",
            p.pairs(),
            p.0[0],
            p.0[1],
            p.0[2],
            p.0[3],
            p.0[4],
            if t.incomplete_pairs > 0 {
                format!(", {} incomplete", t.incomplete_pairs)
            } else {
                String::new()
            }
        );
        if let Some(e) = &t.elo {
            let draws = t
                .draw_ratio
                .map_or("-".into(), |d| format!("{:.1}%", 100.0 * d));
            let _ = writeln!(s, "Elo A - B: {}, draw ratio {draws}", e.text());
        }
        if let (Some(test), Some(outcome)) = (&c.sprt, &self.sprt) {
            let _ = writeln!(s, "{}", test.text(&t.pentanomial));
            if let Some(pair) = outcome.decided_at_pair {
                let _ = writeln!(
                    s,
                    "SPRT decided after pair {pair} (games up to {}): the match stopped there",
                    2 * pair + 1
                );
            }
        }
        let _ = write!(
            s,
            "A: {} (95% confidence, {} games)",
            t.all.score_text(),
            t.all.decided()
        );
        s
    }
}

/// Merges shard files (`(name, results)`). Refuses files of different
/// configurations or that share a game.
pub fn merge(parts: Vec<(String, MatchResults)>) -> Result<MatchResults> {
    let Some((first_name, first)) = parts.first() else {
        bail!("match-merge: no files given");
    };
    let mut games: BTreeMap<usize, (&str, &GameResult)> = BTreeMap::new();
    let mut wall_ms = 0.0;
    for (name, part) in &parts {
        if part.format != FORMAT {
            bail!("{name}: not a {FORMAT} file (format '{}')", part.format);
        }
        if part.config != first.config {
            bail!(
                "{name}: its match configuration differs from {first_name}'s ({})",
                config_difference(&first.config, &part.config)
            );
        }
        wall_ms += part.wall_ms;
        for g in &part.games {
            if let Some((other, _)) = games.insert(g.index, (name, g)) {
                bail!("game {} is in both {other} and {name}", g.index);
            }
        }
    }
    let games: Vec<GameResult> = games.into_values().map(|(_, g)| g.clone()).collect();
    Ok(MatchResults::new(
        first.config.clone(),
        None,
        games,
        wall_ms,
    ))
}

/// The first field in which two configurations differ, for the error.
fn config_difference(a: &MatchConfig, b: &MatchConfig) -> String {
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
        (serde_json::to_value(a), serde_json::to_value(b))
    else {
        return "unreadable".to_string();
    };
    for (key, va) in &a {
        let vb = b.get(key).unwrap_or(&serde_json::Value::Null);
        if va != vb {
            return format!("{key}: {va} vs {vb}");
        }
    }
    "fields differ".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_one_based_and_partition_the_games() {
        let shards: Vec<Shard> = (1..=3)
            .map(|i| Shard::parse(&format!("{i}/3")).unwrap())
            .collect();
        for game in 0..20 {
            let owners = shards.iter().filter(|s| s.contains(game)).count();
            assert_eq!(owners, 1, "game {game}");
        }
        assert!(Shard::parse("1/3").unwrap().contains(0));
        assert!(Shard::parse("3/3").unwrap().contains(5));
        for bad in ["0/3", "4/3", "1/0", "a/b", "1", "", "1/2/3"] {
            let e = Shard::parse(bad).unwrap_err().to_string();
            assert!(e.contains("--shard"), "{bad}: {e}");
        }
    }
}
