//! `starcut perft`: path counts per depth, optionally timed.

use std::io::Write;
use std::time::Instant;

use anyhow::Result;
use starcut::perft::perft;
use starcut::registry::GameVisitor;
use starcut::Game;

use crate::cli::GameArgs;
use crate::position;

pub struct Perft<'a> {
    pub args: &'a GameArgs,
    pub depth: u32,
    pub time: bool,
}

impl GameVisitor for Perft<'_> {
    type Output = Result<()>;

    fn visit<G: Game>(self, config: G::Config) -> Result<()> {
        let pos: G = position::setup(config, self.args, &[])?;
        let mut out = std::io::stdout().lock();
        for d in 1..=self.depth {
            let t0 = Instant::now();
            let n = perft(&pos, d);
            if self.time {
                let secs = t0.elapsed().as_secs_f64();
                let rate = if secs > 0.0 { n as f64 / secs } else { 0.0 };
                writeln!(out, "{d} {n} {:.1}ms {:.0}/s", secs * 1e3, rate)?;
            } else {
                writeln!(out, "{d} {n}")?;
            }
            out.flush()?;
        }
        Ok(())
    }
}
