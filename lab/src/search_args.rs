//! Search settings from the command line, turned into a `SearchConfig` and
//! `Limits` in one place (shared by `analyse`, `bench` and the generators).
//!
//! An algorithm is named `ALGO[+FLAG...]`: `ALGO` is one of expectimax,
//! star0.5, star1, star2, star2.5, staretc; each `FLAG` switches an
//! enhancement: `pvs`, `noab` (no alpha-beta), `nott`, `nohistory`,
//! `nokillers`, `noorder` (no static ordering), `noid` (no iterative
//! deepening), `seq` (sequential probing), `h2`/`h3`... (probe factor),
//! `verify` (re-search every cut). `plain` alone is expectimax with every
//! enhancement off, the reference all others must agree with.

use anyhow::{anyhow, bail, Result};
use clap::Args;
use starcut::search::{ChanceAlgo, Limits, Probing, SearchConfig};

#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Search depth in decisions (chance nodes do not count), as perft counts.
    #[arg(long, default_value_t = 4)]
    pub depth: u32,
    /// Algorithm and enhancements, e.g. `star2`, `staretc+pvs`, `star1+nott`, `plain`.
    #[arg(long, default_value = "staretc")]
    pub algo: String,
    /// Star2.5/StarETC probing factor h (moves probed per outcome).
    #[arg(long)]
    pub probe: Option<u32>,
    /// Probing order for h > 1: cyclic or sequential.
    #[arg(long)]
    pub probing: Option<String>,
    /// Transposition table size in MiB.
    #[arg(long)]
    pub tt_mb: Option<usize>,
    /// Stop after this many milliseconds (iterative deepening keeps the last
    /// completed depth).
    #[arg(long)]
    pub time: Option<f64>,
    /// Stop after this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
}

impl SearchArgs {
    /// The configuration named by `--algo` and the other flags.
    pub fn config(&self) -> Result<SearchConfig> {
        let mut config = parse_algo(&self.algo)?;
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

/// Parses `ALGO[+FLAG...]` (see the module documentation).
pub fn parse_algo(name: &str) -> Result<SearchConfig> {
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
    for flag in parts {
        match flag {
            "pvs" => config.pvs = true,
            "noab" => config.alpha_beta = false,
            "nott" => config.tt = false,
            "nohistory" => config.history = false,
            "nokillers" => config.killers = false,
            "noorder" => config.static_ordering = false,
            "noid" => config.iterative = false,
            "seq" => config.probing = Probing::Sequential,
            "verify" => config.verify_cuts = true,
            f if f.starts_with('h') && f[1..].parse::<u32>().is_ok_and(|h| h > 0) => {
                config.probe_factor = f[1..].parse().unwrap_or(1);
            }
            other => bail!(
                "algorithm '{name}': unknown flag '{other}' (flags: pvs, noab, nott, nohistory, \
                 nokillers, noorder, noid, seq, h<N>, verify)"
            ),
        }
    }
    Ok(config)
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
    }
}
