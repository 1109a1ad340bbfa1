//! Search settings from the command line, turned into a `SearchConfig` and
//! `Limits` in one place (shared by `analyse`, `bench` and the generators).
//!
//! An algorithm is named `ALGO[+FLAG...]`: `ALGO` is one of expectimax,
//! star0.5, star1, star2, star2.5, staretc; each `FLAG` switches an
//! enhancement: `pvs`, `noab` (no alpha-beta), `nott`, `nohistory`,
//! `nokillers`, `noorder` (no static ordering), `hint` / `nohint` (the
//! static ordering with or without the game's move hint; by default as the
//! game says, [`starcut::Game::HINT_BY_DEFAULT`]), `noid` (no iterative
//! deepening), `seq` (sequential probing), `h2`/`h3`... (probe factor),
//! `verify` (re-search every cut). `plain` alone is expectimax with every
//! enhancement off, the reference all others must agree with. `exact` and
//! `play` choose the search mode (see [`SearchMode`]; each command has its
//! default: exact for `analyse` and `bench`, play for `match`). In play
//! mode `lmr` switches late move reductions on (off by default), `nolmr` off, `lmr=FROM,DEPTH` sets
//! them, `asp=W` switches aspiration windows of W x U on (`noasp`: off),
//! `nmp` null-move pruning with R = 2 (`nmp=R` sets R, `nonmp`: off),
//! `qs` a quiescence search of certain captures up to 4 plies deep (`qs=N`
//! up to N, `noqs`: off).
//! `plies` counts depth in plies, chance nodes included (Schadd's units;
//! `decisions`, the default, counts decisions only). `model` searches the
//! game's opponent model (Stratego: ranks weighted by behaviour and setup
//! habits, an opponent blind to the searcher's hidden ranks), `nomodel`
//! the plain counts. `threads=N` searches with N threads sharing the
//! table (lazy SMP; 1 by default, the search then no longer repeatable).
//!
//! Forward pruning (not exact): `cpc` switches ChanceProbCut on with the
//! game's models and their file's t, `cpc=T` with t = T; `mc` switches Multi-Cut on with M = 10,
//! C = 3, R = 2, `mc=M,C,R` (or `mc=M,C,R,D` with a minimum depth D) sets
//! them; `pc` switches ProbCut at decision nodes on with the same
//! parameter file and the file's t, `pc=T` with t = T. The models are the
//! ones shipped inside the engine (`starcut::params`, compiled from
//! `assets/params/chanceprobcut-GAME.json`) unless `--probcut-params FILE`
//! names a file; [`resolve_params`] fills them in once the game is known.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use starcut::params;
use starcut::search::{
    ChanceAlgo, ChanceProbCut, DepthUnits, Limits, MultiCut, Probing, SearchConfig, SearchMode,
};

#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Search depth in decisions (chance nodes do not count), as perft
    /// counts, unless --depth-units plies.
    #[arg(long, default_value_t = 4)]
    pub depth: u32,
    /// What --depth counts: `decisions`, or `plies` (chance nodes use one
    /// unit too, Schadd's units); `+plies` in --algo does the same.
    #[arg(long, default_value = "decisions")]
    pub depth_units: DepthUnits,
    /// Algorithm and enhancements, e.g. `star2`, `staretc+pvs`, `star1+nott`, `plain`.
    ///
    /// `ALGO[+FLAG...]`: ALGO is expectimax, star0.5, star1, star2, star2.5 or
    /// staretc (`plain`: expectimax with everything off). Flags: pvs, noab,
    /// nott, nohistory, nokillers, noorder, hint / nohint (the game's static
    /// move hint on or off; by default on, but for Dice), noid, seq
    /// (sequential probing),
    /// hN (probing factor N), verify (re-search every cut), model / nomodel
    /// (the game's opponent model on or off). Forward pruning
    /// (not exact): cpc / cpc=T (ChanceProbCut at chance nodes), pc / pc=T
    /// (ProbCut at decision nodes; both use the game's models shipped in the
    /// engine, made from assets/params/chanceprobcut-GAME.json, or
    /// --probcut-params FILE, with the file's t or T), mc / mc=M,C,R
    /// (Multi-Cut).
    #[arg(long, default_value = "staretc", value_parser = crate::cli::algo)]
    pub algo: String,
    /// Star2.5/StarETC probing factor h (moves probed per outcome).
    #[arg(long)]
    pub probe: Option<u32>,
    /// Probing order for h > 1: cyclic or sequential.
    #[arg(long, value_parser = ["cyclic", "sequential"])]
    pub probing: Option<String>,
    /// Transposition table size in MiB.
    #[arg(long)]
    pub tt_mb: Option<usize>,
    /// Search mode: `exact` (table values only at the searched depth: the
    /// expectimax value) or `play` (deeper table entries too); `+exact` /
    /// `+play` in --algo override it.
    #[arg(long, default_value = "exact")]
    pub mode: SearchMode,
    /// Stop after this many milliseconds (iterative deepening keeps the last
    /// completed depth).
    #[arg(long)]
    pub time: Option<f64>,
    /// Stop after this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// ChanceProbCut with confidence factor t = T and the game's models
    /// (shipped in the engine) unless --probcut-params.
    #[arg(long, value_name = "T")]
    pub chance_probcut: Option<f64>,
    /// ChanceProbCut parameter file (JSON, see assets/params/README.md) that
    /// replaces the shipped models; also used by `+pc`.
    #[arg(long, value_name = "FILE")]
    pub probcut_params: Option<PathBuf>,
}

impl SearchArgs {
    /// The configuration named by `--algo` and the other flags, with the
    /// ChanceProbCut parameters of `game` read if needed.
    pub fn config(&self, game: &str) -> Result<SearchConfig> {
        let mut config = parse_algo_in(&self.algo, self.mode)?;
        if self.depth_units == DepthUnits::Plies {
            config.depth_units = DepthUnits::Plies;
        }
        if let Some(t) = self.chance_probcut {
            config.chance_probcut = Some(cpc_placeholder(t)?);
        } else if self.probcut_params.is_some() && config.chance_probcut.is_none() {
            config.chance_probcut = Some(cpc_placeholder(f64::NAN)?);
        }
        resolve_params(&mut config, game, self.probcut_params.as_deref())?;
        if let Some(h) = self.probe {
            if h == 0 {
                bail!("--probe: the probing factor must be at least 1");
            }
            config.probe_factor = h;
        }
        if let Some(p) = &self.probing {
            config.probing = p
                .parse::<Probing>()
                .map_err(|e| anyhow!("--probing: {e}"))?;
        }
        if let Some(mb) = self.tt_mb {
            config.tt_mb = mb;
        }
        Ok(config)
    }

    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            deadline_ms: self.time,
            max_nodes: self.nodes,
        }
    }
}

/// Parses `ALGO[+FLAG...]` (see the module documentation), in exact mode
/// unless a flag says `play`.
pub fn parse_algo(name: &str) -> Result<SearchConfig> {
    parse_algo_in(name, SearchMode::Exact)
}

/// Parses `ALGO[+FLAG...]` with search mode `mode` unless a flag (`exact`,
/// `play`) names one.
pub fn parse_algo_in(name: &str, mode: SearchMode) -> Result<SearchConfig> {
    let mut parts = name.split('+').map(str::trim);
    let head = parts.next().unwrap_or("");
    let mut config = if head == "plain" {
        SearchConfig::expectimax()
    } else {
        let chance: ChanceAlgo = head
            .parse()
            .map_err(|e| anyhow!("algorithm '{name}': {e}"))?;
        SearchConfig {
            chance,
            ..SearchConfig::default()
        }
    };
    config.mode = mode;
    for flag in parts {
        match flag {
            "exact" => config.mode = SearchMode::Exact,
            "play" => config.mode = SearchMode::Play,
            "pvs" => config.pvs = true,
            "noab" => config.alpha_beta = false,
            "nott" => config.tt = false,
            "nohistory" => config.history = false,
            "nokillers" => config.killers = false,
            "noorder" => config.static_ordering = false,
            "hint" => config.move_hint = Some(true),
            "nohint" => config.move_hint = Some(false),
            "noid" => config.iterative = false,
            "seq" => config.probing = Probing::Sequential,
            "verify" => config.verify_cuts = true,
            "cpc" => config.chance_probcut = Some(cpc_placeholder(f64::NAN)?),
            f if f.starts_with("cpc=") => {
                let t = flag_t(f, name)?;
                config.chance_probcut =
                    Some(cpc_placeholder(t).map_err(|e| anyhow!("algorithm '{name}': {e}"))?);
            }
            "pc" => config.probcut = Some(placeholder("ProbCut", f64::NAN)?),
            f if f.starts_with("pc=") => {
                let t = flag_t(f, name)?;
                config.probcut = Some(
                    placeholder("ProbCut", t).map_err(|e| anyhow!("algorithm '{name}': {e}"))?,
                );
            }
            "nolmr" => config.lmr = false,
            "lmr" => config.lmr = true,
            f if f.starts_with("lmr=") => {
                let (from, depth) = parse_pair(&f[4..])
                    .ok_or_else(|| anyhow!("algorithm '{name}': '{f}': expected lmr=FROM,DEPTH"))?;
                (config.lmr, config.lmr_from, config.lmr_depth) = (true, from, depth);
            }
            "nonmp" => config.null_move = 0,
            "qs" => config.quiescence = 4,
            "noqs" => config.quiescence = 0,
            f if f.starts_with("qs=") => config.quiescence = flag_count(f, "qs=N", name)?,
            "nmp" => config.null_move = 2,
            f if f.starts_with("nmp=") => config.null_move = flag_count(f, "nmp=R", name)?,
            "noasp" => config.aspiration = 0.0,
            f if f.starts_with("asp=") => {
                let w = flag_t(f, name)?;
                if !(w.is_finite() && w >= 0.0) {
                    bail!(
                        "algorithm '{name}': '{f}': the width is a fraction of U, finite and >= 0"
                    );
                }
                config.aspiration = w;
            }
            f if f.starts_with("threads=") => config.threads = flag_count(f, "threads=N", name)?,
            "model" => config.opponent_model = true,
            "nomodel" => config.opponent_model = false,
            "plies" => config.depth_units = DepthUnits::Plies,
            "decisions" => config.depth_units = DepthUnits::Decisions,
            "mc" => config.multicut = Some(MultiCut::default()),
            f if f.starts_with("mc=") => config.multicut = Some(parse_multicut(&f[3..], name)?),
            f if f.starts_with('h') && f[1..].parse::<u32>().is_ok_and(|h| h > 0) => {
                config.probe_factor = f[1..].parse().unwrap_or(1);
            }
            other => bail!(
                "algorithm '{name}': unknown flag '{other}' (flags: exact, play, pvs, noab, nott, \
                 nohistory, nokillers, noorder, hint, nohint, noid, seq, h<N>, verify, cpc, cpc=T, pc, pc=T, mc, \
                 mc=M,C,R, lmr, lmr=FROM,DEPTH, nolmr, asp=W, noasp, nmp, nmp=R, nonmp, qs, qs=N, noqs, \
                 model, nomodel, plies, decisions, threads=N)"
            ),
        }
    }
    Ok(config)
}

/// Two whole numbers `A,B`.
fn parse_pair(text: &str) -> Option<(u32, u32)> {
    let (a, b) = text.split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// The whole number N >= 1 of a flag `X=N` of algorithm `name` (`form`
/// names it in the error, e.g. `nmp=R`).
fn flag_count(flag: &str, form: &str, name: &str) -> Result<u32> {
    let (_, n) = flag.split_once('=').unwrap_or((flag, ""));
    n.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
        let unit = form.split_once('=').map_or("N", |(_, u)| u);
        anyhow!("algorithm '{name}': '{flag}': expected {form}, {unit} >= 1")
    })
}

/// The T of a flag `X=T` of algorithm `name` (NaN is not a number here).
fn flag_t(flag: &str, name: &str) -> Result<f64> {
    let (_, t) = flag.split_once('=').unwrap_or((flag, ""));
    t.trim()
        .parse::<f64>()
        .ok()
        .filter(|t| !t.is_nan())
        .ok_or_else(|| anyhow!("algorithm '{name}': '{flag}': t is not a number"))
}

/// ChanceProbCut switched on with confidence factor `t` (NaN: the
/// parameter file's) and no models yet: [`resolve_params`] reads them.
fn cpc_placeholder(t: f64) -> Result<ChanceProbCut> {
    placeholder("ChanceProbCut", t)
}

/// ChanceProbCut's parameters, unread, for the technique `what`.
fn placeholder(what: &str, t: f64) -> Result<ChanceProbCut> {
    if !(t.is_nan() || (t.is_finite() && t >= 0.0)) {
        bail!("{what}: t = {t} must be a finite number >= 0");
    }
    Ok(ChanceProbCut {
        t,
        r: 0,
        depths: Vec::new(),
        models: Vec::new(),
        game: None,
    })
}

fn parse_multicut(spec: &str, name: &str) -> Result<MultiCut> {
    let nums: Vec<u32> = spec
        .split([',', '/'])
        .map(|x| {
            x.trim()
                .parse::<u32>()
                .map_err(|_| anyhow!("algorithm '{name}': mc='{spec}': '{x}' is not a number"))
        })
        .collect::<Result<_>>()?;
    let (m, c, r, min_depth) = match nums[..] {
        [m, c, r] => (m, c, r, MultiCut::default().min_depth.max(r + 1)),
        [m, c, r, d] => (m, c, r, d),
        _ => bail!("algorithm '{name}': mc='{spec}': expected M,C,R or M,C,R,MIN_DEPTH"),
    };
    if m == 0 || c == 0 {
        bail!("algorithm '{name}': mc='{spec}': M and C must be at least 1");
    }
    Ok(MultiCut { m, c, r, min_depth })
}

/// Reads a ChanceProbCut parameter file.
pub fn read_params(path: &Path) -> Result<ChanceProbCut> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    params::parse(&text, None).map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// The ChanceProbCut models of `game`: those of `file` when given (a file
/// for another game is refused), else the ones shipped inside the engine
/// (`starcut::params`, made from `assets/params/chanceprobcut-GAME.json`),
/// so that a copied or installed binary has them too.
pub fn load_params(game: &str, file: Option<&Path>) -> Result<ChanceProbCut> {
    match file {
        Some(path) => {
            let p = read_params(path)?;
            if let Some(g) = &p.game {
                if g != game {
                    bail!("{}: the parameters are for {g}, not {game}", path.display());
                }
            }
            Ok(p)
        }
        None => params::shipped(game).cloned().ok_or_else(|| {
            anyhow!(
                "{game} has no ChanceProbCut models (the engine ships them for {}); \
                 give a parameter file with --probcut-params FILE",
                params::games().collect::<Vec<_>>().join(", ")
            )
        }),
    }
}

/// Fills ChanceProbCut and ProbCut switched on by a flag with the models
/// of the parameter file (`file`, or the game's shipped models); a t given
/// by the flag replaces the file's.
pub fn resolve_params(config: &mut SearchConfig, game: &str, file: Option<&Path>) -> Result<()> {
    for slot in [&mut config.chance_probcut, &mut config.probcut] {
        let Some(wanted) = slot.as_ref() else {
            continue;
        };
        if !wanted.models.is_empty() {
            continue;
        }
        let mut p = load_params(game, file)?;
        if !wanted.t.is_nan() {
            p.t = wanted.t;
        }
        *slot = Some(p);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn algorithm_names_and_flags() {
        let c = parse_algo("star2+pvs+nott+h3+seq").unwrap();
        assert_eq!(c.chance, ChanceAlgo::Star2);
        assert!(c.pvs && !c.tt);
        assert_eq!(c.probe_factor, 3);
        assert_eq!(c.probing, Probing::Sequential);
        assert_eq!(parse_algo("plain").unwrap(), SearchConfig::expectimax());
        assert_eq!(parse_algo("staretc").unwrap(), SearchConfig::default());
        let err = parse_algo("star9").unwrap_err().to_string();
        assert!(err.contains("star9"), "{err}");
        let err = parse_algo("star1+fast").unwrap_err().to_string();
        assert!(err.contains("'fast'"), "{err}");
        assert!(parse_algo("star1+h0").is_err());
        // Modes: the caller's default, or the flag's.
        assert_eq!(parse_algo("staretc").unwrap().mode, SearchMode::Exact);
        assert_eq!(parse_algo("staretc+play").unwrap(), SearchConfig::play());
        let play = parse_algo_in("staretc", SearchMode::Play).unwrap();
        assert_eq!(play.mode, SearchMode::Play);
        let exact = parse_algo_in("staretc+exact", SearchMode::Play).unwrap();
        assert_eq!(exact, SearchConfig::default());
    }

    #[test]
    fn forward_pruning_flags() {
        let c = parse_algo("star2+cpc=0.8+mc=8,2,3").unwrap();
        assert_eq!(c.chance_probcut.as_ref().unwrap().t, 0.8);
        assert_eq!(
            c.multicut,
            Some(MultiCut {
                m: 8,
                c: 2,
                r: 3,
                min_depth: 4
            })
        );
        assert!(parse_algo("star2+cpc")
            .unwrap()
            .chance_probcut
            .unwrap()
            .t
            .is_nan());
        assert_eq!(
            parse_algo("star2+mc").unwrap().multicut,
            Some(MultiCut::default())
        );
        assert_eq!(
            parse_algo("star2+mc=4,1,1,2")
                .unwrap()
                .multicut
                .unwrap()
                .min_depth,
            2
        );
        for bad in [
            "star2+cpc=x",
            "star2+cpc=-1",
            "star2+mc=1,2",
            "star2+mc=0,1,1",
            "star2+mc=a,1,1",
        ] {
            let err = parse_algo(bad).unwrap_err().to_string();
            assert!(err.contains(bad), "{bad}: {err}");
        }
        // The shipped parameter files are read and t replaced.
        let mut c = parse_algo("star2+cpc=2.5").unwrap();
        resolve_params(&mut c, "dice", None).unwrap();
        let p = c.chance_probcut.unwrap();
        assert_eq!(p.t, 2.5);
        assert!(!p.models.is_empty());
        let err = resolve_params(&mut parse_algo("star2+cpc").unwrap(), "nosuchgame", None)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("nosuchgame has no ChanceProbCut models"),
            "{err}"
        );
        // Barrage has its own models.
        let mut c = parse_algo("star1+cpc").unwrap();
        resolve_params(&mut c, "barrage", None).unwrap();
        assert_eq!(c.chance_probcut.unwrap().game.as_deref(), Some("barrage"));
    }

    #[test]
    fn probcut_flags() {
        let c = parse_algo("staretc+pc=1.6").unwrap();
        assert_eq!(c.probcut.as_ref().unwrap().t, 1.6);
        assert!(c.chance_probcut.is_none() && c.multicut.is_none());
        assert!(parse_algo("staretc+pc")
            .unwrap()
            .probcut
            .unwrap()
            .t
            .is_nan());
        // All three forward prunings, each with its own t.
        let mut c = parse_algo("staretc+pc=0.4+cpc=2+mc").unwrap();
        resolve_params(&mut c, "stratego", None).unwrap();
        let (pc, cpc) = (c.probcut.unwrap(), c.chance_probcut.unwrap());
        assert_eq!((pc.t, cpc.t), (0.4, 2.0));
        assert_eq!(pc.models, cpc.models);
        assert!(pc.model_at(4).is_some());
        // The file's t when none is given.
        let mut c = parse_algo("staretc+pc").unwrap();
        resolve_params(&mut c, "dice", None).unwrap();
        assert_eq!(c.probcut.unwrap().t, params::shipped("dice").unwrap().t);
        for (bad, why) in [
            ("staretc+pc=abc", "t is not a number"),
            ("staretc+pc=", "t is not a number"),
            ("staretc+pc=nan", "t is not a number"),
            ("staretc+pc=-1", "must be a finite number >= 0"),
            ("staretc+pc=inf", "must be a finite number >= 0"),
            ("staretc+cpc=nan", "t is not a number"),
        ] {
            let err = parse_algo(bad).unwrap_err().to_string();
            assert!(err.contains(bad) && err.contains(why), "{bad}: {err}");
        }
        assert!(resolve_params(&mut parse_algo("star2+pc").unwrap(), "nosuchgame", None).is_err());
    }
}
