//! `starcut match` and `starcut match-merge`: self-play between two engine
//! configurations A and B, like the self-play tables of the references
//! (Schadd 5.5, 5.9, 5.11; Arts 6.14, 6.15).
//!
//! Every start is played twice, A first then A second, so the first-move
//! advantage cancels. Games `2k` and `2k + 1` (a pair) use start `k`, and A
//! moves first in the even one; both take their chance outcomes and random
//! moves from the pair's seed, derived from (match seed, k), so in Dice and
//! ChanceBreakthrough both games of a pair meet the same dice (as far as
//! the games run alike), and in Stratego the same pair of setups. Each
//! game's engines start with empty tables. So the results are identical on
//! re-run, whatever the number of threads or the sharding — provided the
//! engines are limited by depth or nodes (a `--time` limit depends on the
//! machine's speed).
//!
//! An engine is a configuration of this binary searched in process
//! (`--a ALGO`), or an external program speaking the engine protocol
//! (`--a-cmd 'old/starcut engine'`, `matches/run.rs`). Results are counted per
//! game and per pair (pentanomial, Elo, LOS; `elo.rs`), and an SPRT
//! (`sprt.rs`) stops the match when it is decided.

mod by_setup;
mod elo;
mod external;
mod history;
pub(crate) mod noise;
mod results;
mod run;
pub(crate) mod seeds;
mod sprt;
pub(crate) mod starts;
mod stats;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use starcut::registry::{GameKind, GameVisitor};
use starcut::search::{Limits, SearchMode};
use starcut::{Game, GameConfig, Player};

use crate::search_args::{parse_algo, parse_algo_in, resolve_params};
use external::EngineCommand;
use results::{MatchConfig, MatchResults, Outcome, Shard, SideConfig};
use run::{ExternalSettings, Job, Settings, Sides};
use sprt::Sprt;
use starts::Start;

/// Flags of `starcut match`.
#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// Game: stratego, barrage, dice, breakthrough, chance-breakthrough.
    #[arg(value_parser = crate::cli::games())]
    pub game: String,
    /// Engine A: an algorithm with flags, as `analyse --algo` (e.g.
    /// `star2+pvs`), searched in this process; with --a-cmd, sent to that
    /// engine as its `algo` option.
    #[arg(long, required_unless_present = "a_cmd", value_parser = crate::cli::algo)]
    pub a: Option<String>,
    /// Engine B, as --a.
    #[arg(long, required_unless_present = "b_cmd", value_parser = crate::cli::algo)]
    pub b: Option<String>,
    /// Engine A is this external program speaking the engine protocol
    /// (docs/engine-protocol.md), e.g. `'old/starcut engine'` (words split
    /// as a shell does, with quotes).
    #[arg(long, value_name = "COMMAND")]
    pub a_cmd: Option<String>,
    /// Engine B is this external program, as --a-cmd.
    #[arg(long, value_name = "COMMAND")]
    pub b_cmd: Option<String>,
    /// An option of the external engine A, sent as `setoption` (repeatable).
    #[arg(long, value_name = "NAME=VALUE", requires = "a_cmd")]
    pub a_option: Vec<String>,
    /// An option of the external engine B (repeatable).
    #[arg(long, value_name = "NAME=VALUE", requires = "b_cmd")]
    pub b_option: Vec<String>,
    /// Milliseconds an external engine may take beyond its move time
    /// before it loses on time (without --time it has a minute).
    #[arg(long, default_value_t = 1000, value_name = "MS")]
    pub timeout_margin: u64,
    /// Sequential probability ratio test on the game pairs, e.g.
    /// `elo0=0,elo1=10,alpha=0.05,beta=0.05`: the match stops when it is
    /// decided (--games is then the most it plays).
    #[arg(long, value_name = "elo0=E0,elo1=E1[,alpha=A,beta=B]")]
    pub sprt: Option<String>,
    /// Search depth of both engines in decisions (default 3, or 64 with
    /// --time/--nodes, which then stop the search).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Milliseconds per move for both engines (results then depend on the
    /// machine: not reproducible).
    #[arg(long)]
    pub time: Option<f64>,
    /// Node budget per move for both engines.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Depth of engine A only (overrides --depth).
    #[arg(long)]
    pub a_depth: Option<u32>,
    /// Depth of engine B only.
    #[arg(long)]
    pub b_depth: Option<u32>,
    /// Milliseconds per move of engine A only.
    #[arg(long)]
    pub a_time: Option<f64>,
    /// Milliseconds per move of engine B only.
    #[arg(long)]
    pub b_time: Option<f64>,
    /// Node budget of engine A only.
    #[arg(long)]
    pub a_nodes: Option<u64>,
    /// Node budget of engine B only.
    #[arg(long)]
    pub b_nodes: Option<u64>,
    /// Search mode of both engines unless `+exact` / `+play` in --a/--b
    /// says otherwise: `play` (deeper table entries used; each engine keeps
    /// its table, history and killers from move to move of a game, and
    /// forgets them at a new game) or `exact`.
    #[arg(long, default_value = "play")]
    pub mode: starcut::search::SearchMode,
    /// Transposition table size in MiB of each engine (default: the
    /// algorithm's, 16).
    #[arg(long)]
    pub tt_mb: Option<usize>,
    /// Number of games (default 100; with --setups presets, every ordered
    /// pair of presets with both colours: fewer plays the first pairs, in
    /// the order of Red's preset, more plays the round again).
    #[arg(long)]
    pub games: Option<usize>,
    /// Match seed: game i plays with a seed derived from (seed, i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// `start`, a file of positions (one per line, `#` comments; the starts
    /// are used in turn), or one position in the game's notation.
    #[arg(long, default_value = "start")]
    pub start: String,
    /// Stratego/Barrage starts: `presets` (every ordered pair of the
    /// presets, Arts' design), `random` (seeded random setups) or
    /// `guarded` (seeded random setups with the Flag out of a first move's
    /// reach, as the web app's engine sets up; the same as `random` in
    /// Stratego).
    #[arg(long, value_parser = ["presets", "random", "guarded"])]
    pub setups: Option<String>,
    /// Game option as key=value (repeatable), as for the other commands.
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Stratego/Barrage: engine A or B plays without some pieces, in
    /// either colour: `b:1` takes B's Marshal, `b:1,3` its Marshal and a
    /// Colonel (ranks as in the notation: 1-9, S, B). They count as
    /// captured, so both sides know.
    #[arg(long, value_name = "a|b:RANKS")]
    pub handicap: Option<String>,
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Play only shard I of N (1-based): the games whose 0-based index is
    /// I-1 modulo N. Merge the shards' --out files with `match-merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Write the results (config, every game, totals) as JSON to this file.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Save every game's record (`game-NNNNNN.txt`, replayable) in this folder.
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// A game still running after this many steps (decisions and chance
    /// outcomes) is scored a draw.
    #[arg(long, default_value_t = 2000)]
    pub max_steps: usize,
    /// Probability that an engine plays a uniformly random move instead
    /// (varies games of deterministic games).
    #[arg(long, default_value_t = 0.0)]
    pub random_moves: f64,
    /// Seeded evaluation noise: each evaluation gets uniform noise in
    /// [-X, X] game units (bounds: Stratego 1000, Breakthrough 1500, Dice
    /// 10), as Schadd's random factor, so games from one start differ.
    #[arg(long, default_value_t = 0.0, value_name = "X")]
    pub eval_noise: f64,
    /// Testing only: game K panics at its first decision (error recording).
    #[arg(long, hide = true, value_name = "K")]
    pub fail_game: Option<usize>,
}

/// Flags of `starcut match-merge`.
#[derive(Args, Debug, Clone)]
pub struct MergeArgs {
    /// Result files of `match --out` (shards of one match).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Write the merged results to this file.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// `starcut match`.
pub fn run(args: &MatchArgs) -> Result<()> {
    let kind: GameKind = args
        .game
        .parse()
        .map_err(|e: starcut::UnknownGame| anyhow!(e))?;
    if !(0.0..=1.0).contains(&args.random_moves) {
        bail!("--random-moves {}: must be in [0, 1]", args.random_moves);
    }
    if !(args.eval_noise >= 0.0 && args.eval_noise.is_finite()) {
        bail!("--eval-noise {}: must be a number >= 0", args.eval_noise);
    }
    if args.games == Some(0) {
        bail!("--games: at least one game");
    }
    if args.max_steps == 0 {
        bail!("--max-steps: at least one step");
    }
    for t in [args.time, args.a_time, args.b_time].into_iter().flatten() {
        if !(t > 0.0 && t.is_finite()) {
            bail!("--time {t}: must be a positive number of milliseconds");
        }
    }
    let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let externals = [
        external_engine(
            args.a_cmd.as_deref(),
            args.a.as_deref(),
            &args.a_option,
            "--a",
        )?,
        external_engine(
            args.b_cmd.as_deref(),
            args.b.as_deref(),
            &args.b_option,
            "--b",
        )?,
    ];
    let mut configs = [
        in_process(args.a.as_deref(), args.a_cmd.is_some(), args.mode)?,
        in_process(args.b.as_deref(), args.b_cmd.is_some(), args.mode)?,
    ];
    for c in &mut configs {
        // ChanceProbCut (`+cpc`) reads the game's regression parameters.
        resolve_params(c, kind.name(), None)?;
    }
    if let Some(mb) = args.tt_mb {
        for c in &mut configs {
            c.tt_mb = mb;
        }
    }
    let mut sides = [
        side(
            args.a.as_deref(),
            args.a_depth,
            args.a_time,
            args.a_nodes,
            args,
        ),
        side(
            args.b.as_deref(),
            args.b_depth,
            args.b_time,
            args.b_nodes,
            args,
        ),
    ];
    for (side, (cmd, options)) in sides
        .iter_mut()
        .zip([(&args.a_cmd, &args.a_option), (&args.b_cmd, &args.b_option)])
    {
        side.cmd = cmd.clone();
        side.engine_options = options.clone();
    }
    for (side, config) in sides.iter_mut().zip(&configs) {
        side.mode = config.mode;
    }
    let starts = starts::build(
        kind,
        &args.options,
        &args.start,
        args.setups.as_deref(),
        args.games,
        args.seed,
    )?;
    let handicap = args
        .handicap
        .as_deref()
        .map(starts::Handicap::parse)
        .transpose()?;
    let handicapped = match &handicap {
        Some(h) => Some(
            starts
                .iter()
                .map(|s| h.apply(kind, &args.options, s))
                .collect::<Result<Vec<_>>>()?,
        ),
        None => None,
    };
    let games = args
        .games
        .unwrap_or(if args.setups.as_deref() == Some("presets") {
            2 * starts.len()
        } else {
            100
        });
    let config = MatchConfig {
        game: kind.name().to_string(),
        options: args.options.clone(),
        a: sides[0].clone(),
        b: sides[1].clone(),
        tt_mb: args.tt_mb,
        games,
        seed: args.seed,
        start: args.start.clone(),
        setups: args.setups.clone(),
        handicap: args.handicap.clone(),
        max_steps: args.max_steps,
        random_moves: args.random_moves,
        eval_noise: args.eval_noise,
        fail_game: args.fail_game,
        sprt,
    };
    let limits = sides.clone().map(|s| Limits {
        depth: s.depth,
        deadline_ms: s.time_ms,
        max_nodes: s.nodes,
    });
    let settings = Settings {
        configs,
        limits,
        max_steps: args.max_steps,
        random_moves: args.random_moves,
        eval_noise: args.eval_noise,
        fail_game: args.fail_game,
    };
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let external = ExternalSettings {
        game: kind,
        game_options: args.options.clone(),
        margin: Duration::from_millis(args.timeout_margin),
    };
    let results = kind.visit(Play {
        config,
        settings,
        starts: &starts,
        handicapped: handicapped.as_deref(),
        handicap_side: handicap.as_ref().map_or(0, |h| h.side),
        shard,
        threads: args.threads,
        records: args.records.as_ref(),
        externals,
        external,
    })?;
    // Timing goes to stderr: stdout is the same for a run and its merge.
    eprintln!(
        "{} games in {:.1} s",
        results.games.len(),
        results.wall_ms / 1000.0
    );
    finish(&results, args.out.as_ref())
}

/// The in-process configuration of a side (unused for an external one).
fn in_process(
    algo: Option<&str>,
    external: bool,
    mode: SearchMode,
) -> Result<starcut::search::SearchConfig> {
    match algo {
        Some(a) if !external => parse_algo_in(a, mode),
        _ => Ok(starcut::search::SearchConfig {
            mode,
            ..starcut::search::SearchConfig::default()
        }),
    }
}

/// An external engine's command words and `setoption`s, from `--X-cmd`,
/// `--X` (sent as `algo`) and `--X-option NAME=VALUE`.
fn external_engine(
    cmd: Option<&str>,
    algo: Option<&str>,
    options: &[String],
    flag: &str,
) -> Result<Option<EngineCommand>> {
    let Some(cmd) = cmd else {
        return Ok(None);
    };
    let words = split_command(cmd).map_err(|e| anyhow!("{flag}-cmd '{cmd}': {e}"))?;
    if words.is_empty() {
        bail!("{flag}-cmd: the command is empty");
    }
    let mut set = Vec::new();
    if let Some(a) = algo {
        // Checked here, so that a typo fails before any game.
        parse_algo(a)?;
        set.push(("algo".to_string(), a.to_string()));
    }
    for o in options {
        let (name, value) = o
            .split_once('=')
            .ok_or_else(|| anyhow!("{flag}-option '{o}': expected NAME=VALUE"))?;
        set.push((name.trim().to_string(), value.trim().to_string()));
    }
    Ok(Some(EngineCommand {
        words,
        options: set,
    }))
}

/// Splits a command line into words as a shell does for plain words,
/// 'single' and "double" quotes and backslash escapes (no expansions).
fn split_command(text: &str) -> Result<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, c) if c.is_whitespace() => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
            }
            (None, '\\') | (Some('"'), '\\') => {
                let next = chars
                    .next()
                    .ok_or_else(|| anyhow!("a trailing backslash"))?;
                word.get_or_insert_with(String::new).push(next);
            }
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (Some(q), c) if c == q => quote = None,
            (_, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(q) = quote {
        bail!("an unclosed {q} quote");
    }
    words.extend(word);
    Ok(words)
}

/// One side's configuration from the shared and the per-side flags.
fn side(
    algo: Option<&str>,
    depth: Option<u32>,
    time: Option<f64>,
    nodes: Option<u64>,
    args: &MatchArgs,
) -> SideConfig {
    let time_ms = time.or(args.time);
    let nodes = nodes.or(args.nodes);
    let budget = time_ms.is_some() || nodes.is_some();
    SideConfig {
        algo: algo.unwrap_or("").to_string(),
        depth: depth.or(args.depth).unwrap_or(if budget { 64 } else { 3 }),
        time_ms,
        nodes,
        cmd: None,
        engine_options: Vec::new(),
        mode: SearchMode::Play,
    }
}

/// Writes the results file (if asked) and prints the summary.
fn finish(results: &MatchResults, out: Option<&PathBuf>) -> Result<()> {
    if let Some(path) = out {
        let text = serde_json::to_string_pretty(results)?;
        std::fs::write(path, text + "\n").with_context(|| format!("writing {}", path.display()))?;
    }
    let played = results.games.len();
    let decided = results
        .sprt
        .as_ref()
        .is_some_and(|s| s.decided_at_pair.is_some());
    if results.shard.is_none() && played < results.config.games && !decided {
        eprintln!(
            "note: {played} of the match's {} games are here",
            results.config.games
        );
    }
    println!("{}", results.summary());
    Ok(())
}

/// `starcut match-merge`.
pub fn merge(args: &MergeArgs) -> Result<()> {
    let mut parts = Vec::with_capacity(args.files.len());
    for file in &args.files {
        let name = file.display().to_string();
        let text = std::fs::read_to_string(file).with_context(|| format!("reading {name}"))?;
        let part: MatchResults = serde_json::from_str(&text)
            .map_err(|e| anyhow!("{name}: not a match result file: {e}"))?;
        parts.push((name, part));
    }
    let merged = results::merge(parts)?;
    finish(&merged, args.out.as_ref())
}

/// The match, run for one game type.
struct Play<'a> {
    config: MatchConfig,
    settings: Settings,
    starts: &'a [Start],
    /// Per start, its texts with the handicapped pieces of Red and of Blue
    /// taken off (`--handicap`).
    handicapped: Option<&'a [[String; 2]]>,
    /// The engine (0 = A, 1 = B) the handicap is for.
    handicap_side: usize,
    shard: Option<Shard>,
    threads: usize,
    records: Option<&'a PathBuf>,
    /// External engines of A and B (command words and options).
    externals: [Option<EngineCommand>; 2],
    external: ExternalSettings,
}

impl GameVisitor for Play<'_> {
    type Output = Result<MatchResults>;

    fn visit<G: Game>(self, defaults: G::Config) -> Result<MatchResults> {
        let mut game_config = defaults;
        for opt in &self.config.options {
            game_config.set_options(opt).map_err(|e| anyhow!(e))?;
        }
        let mut positions: Vec<G> = Vec::with_capacity(self.starts.len());
        for s in self.starts {
            let pos = match &s.text {
                None => G::start(&game_config)
                    .ok_or_else(|| anyhow!("{} has no start position", self.config.game))?,
                Some(text) => G::parse_position(&game_config, text)
                    .map_err(|e| crate::position::bad_input(format!("--start {}: {e}", s.label)))?,
            };
            if !matches!(
                pos.status(),
                starcut::Status::Decision | starcut::Status::Chance
            ) {
                bail!("--start {}: the game is already over", s.label);
            }
            positions.push(pos);
        }
        // With a handicap, each start in two forms: index = the handicapped
        // colour.
        let mut weakened: Vec<[G; 2]> = Vec::new();
        for (texts, s) in self.handicapped.unwrap_or(&[]).iter().zip(self.starts) {
            let parse = |text: &str| {
                G::parse_position(&game_config, text)
                    .map_err(|e| crate::position::bad_input(format!("--start {}: {e}", s.label)))
            };
            weakened.push([parse(&texts[0])?, parse(&texts[1])?]);
        }
        let indices: Vec<usize> = (0..self.config.games)
            .filter(|&i| self.shard.is_none_or(|s| s.contains(i)))
            .collect();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build()
            .context("starting the worker threads")?;
        // With a sequential test (and not a shard, which cannot know the
        // other shards' games) the games are played in batches, and the
        // test is run over the pairs in index order after each batch.
        let sequential = self.config.sprt.is_some() && self.shard.is_none();
        let batch = if sequential {
            4 * pool.current_num_threads().max(1)
        } else {
            indices.len().max(1)
        };
        let bar = progress_bar(indices.len() as u64)?;
        let tally: [AtomicU64; 4] = Default::default();
        run::quiet_game_panics();
        let t0 = Instant::now();
        let settings = &self.settings;
        let seed = self.config.seed;
        // Engines are reused from game to game (each game clears them), so
        // that external engines are started once per thread, not per game.
        let idle: Mutex<Vec<Sides<G>>> = Mutex::new(Vec::new());
        let new_sides = || Sides::new(settings, self.externals.clone());
        let mut games = Vec::with_capacity(indices.len());
        for chunk in indices.chunks(batch) {
            let played: Vec<_> = pool.install(|| {
                chunk
                    .par_iter()
                    .map(|&index| {
                        let taken = idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
                        let mut sides = taken.unwrap_or_else(new_sides);
                        let pair = index / 2;
                        let start = pair % positions.len();
                        let a_colour = if index % 2 == 0 {
                            Player::First
                        } else {
                            Player::Second
                        };
                        let weak = if self.handicap_side == 0 {
                            a_colour
                        } else {
                            a_colour.other()
                        };
                        let job = Job {
                            index,
                            seed: seeds::derive(seed, seeds::GAME, pair),
                            start: weakened
                                .get(start)
                                .map_or(&positions[start], |w| &w[weak.index()]),
                            label: &self.starts[start].label,
                            a_colour,
                        };
                        let (result, record) =
                            run::play(&job, &mut sides, settings, &self.external);
                        idle.lock().unwrap_or_else(|e| e.into_inner()).push(sides);
                        let slot = match result.result {
                            Outcome::AWin => 0,
                            Outcome::Draw => 1,
                            Outcome::BWin => 2,
                            Outcome::Error => 3,
                        };
                        tally[slot].fetch_add(1, Ordering::Relaxed);
                        bar.set_message(running_score(&tally));
                        bar.inc(1);
                        (result, (index, record.to_text()))
                    })
                    .collect()
            });
            games.extend(played);
            if let (true, Some(test)) = (sequential, &self.config.sprt) {
                let results: Vec<_> = games.iter().map(|(g, _)| g.clone()).collect();
                if results::apply_sprt(test, results)
                    .1
                    .decided_at_pair
                    .is_some()
                {
                    break;
                }
            }
        }
        bar.finish_and_clear();
        let wall_ms = t0.elapsed().as_secs_f64() * 1000.0;
        let (results, records): (Vec<_>, Vec<_>) = games.into_iter().unzip();
        let results = MatchResults::new(self.config, self.shard, results, wall_ms);
        if let Some(dir) = self.records {
            // Only the games the results keep (the SPRT may drop the last
            // batch's games after its decision).
            let kept: std::collections::BTreeSet<usize> =
                results.games.iter().map(|g| g.index).collect();
            let mut records: Vec<_> = records.into_iter().collect();
            records.sort_by_key(|(i, _)| *i);
            for (index, text) in records.into_iter().filter(|(i, _)| kept.contains(i)) {
                let file = dir.join(format!("game-{index:06}.txt"));
                std::fs::write(&file, text + "\n")
                    .with_context(|| format!("writing {}", file.display()))?;
            }
        }
        Ok(results)
    }
}

/// A progress bar on standard error, hidden when it is not a terminal.
pub(crate) fn progress_bar(len: u64) -> Result<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return Ok(ProgressBar::hidden());
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{bar:20} {pos}/{len} {msg} [{elapsed}<{eta}]")
            .map_err(|e| anyhow!("progress bar: {e}"))?,
    );
    Ok(bar)
}

/// "A +12 =3 -9, A 56.3%" from the running counts.
fn running_score(tally: &[AtomicU64; 4]) -> String {
    let [w, d, l, e] = tally.each_ref().map(|a| a.load(Ordering::Relaxed));
    let n = w + d + l;
    let score = if n > 0 {
        format!("A {:.1}%", 100.0 * (w as f64 + 0.5 * d as f64) / n as f64)
    } else {
        String::new()
    };
    let errors = if e > 0 {
        format!(" {e} errors")
    } else {
        String::new()
    };
    format!("A +{w} ={d} -{l}{errors} {score}")
}
