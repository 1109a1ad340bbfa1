//! `starcut engine --analyse-with BINARY`: the engine protocol in front of
//! another starcut build's `analyse --json` (a contract since the first
//! release, SPEC section 3), so that a release older than the protocol can
//! still play matches through it. Every `go` runs
//! `BINARY analyse GAME POSITION STEPS... -o OPTIONS --algo ALGO --depth D
//! [--nodes N] [--time MS] --tt-mb MB --json` and answers its `best`.
//!
//! Each search is a new process, so nothing is kept from move to move (no
//! table across the moves of a game): compare two builds both through this
//! adapter for a fair match.

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use anyhow::{anyhow, bail, Context, Result};
use starcut::registry::GameKind;
use starcut::search::SearchConfig;

use super::session::{EngineOptions, Session};
use super::Out;
use crate::protocol::{FromEngine, Go, Info};

/// A game played by running another binary's `analyse`.
pub struct AnalyseSession {
    pub binary: PathBuf,
    pub kind: GameKind,
    pub game_options: Vec<String>,
    pub algo: String,
    pub tt_mb: usize,
    position: Option<(String, Vec<String>)>,
}

impl AnalyseSession {
    pub fn new(
        binary: PathBuf,
        kind: GameKind,
        game_options: &[String],
        options: &EngineOptions,
    ) -> Self {
        AnalyseSession {
            binary,
            kind,
            game_options: game_options.to_vec(),
            algo: options.algo.clone(),
            tt_mb: options.tt_mb.unwrap_or(16),
            position: None,
        }
    }

    fn analyse(&self, go: &Go) -> Result<(Info, Option<String>)> {
        let (position, steps) = self
            .position
            .as_ref()
            .ok_or_else(|| anyhow!("no position (send position first)"))?;
        let budget = go.movetime.is_some() || go.nodes.is_some();
        let depth = go.depth.unwrap_or(if budget { 64 } else { 4 });
        let mut cmd = Command::new(&self.binary);
        cmd.arg("analyse")
            .arg(self.kind.name())
            .arg(position)
            .args(steps);
        for o in &self.game_options {
            cmd.arg("-o").arg(o);
        }
        cmd.args(["--algo", &self.algo, "--depth", &depth.to_string()])
            .args(["--tt-mb", &self.tt_mb.to_string(), "--json"]);
        if let Some(n) = go.nodes {
            cmd.args(["--nodes", &n.to_string()]);
        }
        if let Some(t) = go.movetime {
            cmd.args(["--time", &t.to_string()]);
        }
        let out = cmd
            .output()
            .with_context(|| format!("running {}", self.binary.display()))?;
        if !out.status.success() {
            bail!(
                "{} analyse failed: {}",
                self.binary.display(),
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        let v: serde_json::Value = serde_json::from_slice(&out.stdout)
            .with_context(|| format!("{} analyse --json: not JSON", self.binary.display()))?;
        let best = v["best"].as_str().map(str::to_string);
        let mut info = Info {
            depth: v["iterations"]
                .as_array()
                .and_then(|its| its.last())
                .and_then(|it| it["depth"].as_u64())
                .unwrap_or(0) as u32,
            value: v["value"].as_f64(),
            nodes: v["nodes"].as_u64().unwrap_or(0),
            chance_nodes: v["chance_nodes"].as_u64().unwrap_or(0),
            time_ms: v["time_ms"].as_f64().unwrap_or(0.0),
            nps: v["nodes_per_second"].as_f64().unwrap_or(0.0),
            best: best.clone(),
            ..Info::default()
        };
        if let Some(pv) = v["pv"].as_array() {
            info.pv = pv
                .iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect();
        }
        if let Some(cuts) = v["cuts"].as_object() {
            info.cuts = cuts
                .iter()
                .filter_map(|(k, n)| n.as_u64().filter(|&n| n > 0).map(|n| (k.clone(), n)))
                .collect();
        }
        Ok((info, best))
    }
}

impl Session for AnalyseSession {
    fn set_position(&mut self, position: &str, steps: &[String]) -> Result<()> {
        // The other binary checks the position when it searches; an error
        // then comes back as the `go`'s error.
        self.position = Some((position.to_string(), steps.to_vec()));
        Ok(())
    }

    fn ready(&self) -> Result<()> {
        match self.position {
            Some(_) => Ok(()),
            None => bail!("no position (send position first)"),
        }
    }

    fn configure(&mut self, _config: &SearchConfig, options: &EngineOptions) {
        self.algo = options.algo.clone();
        self.tt_mb = options.tt_mb.unwrap_or(16);
    }

    fn search(&mut self, go: &Go, _stop: &Arc<AtomicBool>, out: &Out) -> Option<String> {
        match self.analyse(go) {
            Ok((info, best)) => {
                let _ = out.send(&FromEngine::Info(info));
                best
            }
            Err(e) => {
                let _ = out.send(&FromEngine::Error(format!("go: {e:#}")));
                None
            }
        }
    }
}
