//! `starcut moves`: what may follow a position (moves, or outcomes with
//! exact probabilities).

use std::io::Write;

use anyhow::Result;
use starcut::registry::GameVisitor;
use starcut::{Game, Status};

use crate::cli::GameArgs;
use crate::position::{self, gcd};

pub struct Moves<'a> {
    pub args: &'a GameArgs,
    pub steps: &'a [String],
}

impl GameVisitor for Moves<'_> {
    type Output = Result<()>;

    fn visit<G: Game>(self, config: G::Config) -> Result<()> {
        let pos: G = position::setup(config, self.args, self.steps)?;
        let mut out = std::io::stdout().lock();
        match pos.status() {
            Status::Decision => {
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                for m in moves {
                    writeln!(out, "{}", pos.move_text(m))?;
                }
            }
            Status::Chance => {
                let mut outcomes = Vec::new();
                pos.chance_outcomes(&mut outcomes);
                let total: u64 = outcomes.iter().map(|&(_, w)| u64::from(w)).sum();
                for (o, w) in outcomes {
                    let g = gcd(u64::from(w), total);
                    writeln!(
                        out,
                        "{} {}/{}",
                        pos.outcome_text(o),
                        u64::from(w) / g,
                        total / g
                    )?;
                }
            }
            Status::Terminal(_) => {}
        }
        Ok(())
    }
}
