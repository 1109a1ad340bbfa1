//! `starcut play`: a random (or partly scripted) game, step by step.

use std::io::Write;

use anyhow::{bail, Result};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use starcut::registry::GameVisitor;
use starcut::selfplay::sample_outcome;
use starcut::{Game, Player, Record, Status, Step};

use crate::cli::GameArgs;
use crate::position;

pub struct Play<'a> {
    pub args: &'a GameArgs,
    pub steps: &'a [String],
    pub seed: u64,
    pub max_steps: usize,
    pub quiet: bool,
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::First => "first player",
        Player::Second => "second player",
    }
}

impl GameVisitor for Play<'_> {
    type Output = Result<()>;

    fn visit<G: Game>(self, config: G::Config) -> Result<()> {
        let config = position::config::<G>(config, self.args)?;
        let start: G = position::position(&config, &self.args.position, &self.args.game)?;
        let mut pos = start.clone();
        let mut record = Record::new(start);
        record.steps = position::play_steps(&mut pos, self.steps)?;
        let mut rng = SmallRng::seed_from_u64(self.seed);
        let mut out = std::io::stdout().lock();
        let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
        while record.steps.len() < self.max_steps {
            let step = match pos.status() {
                Status::Terminal(_) => break,
                Status::Decision => {
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() {
                        bail!("{}: no legal move but not terminal", pos.position_text());
                    }
                    Step::Move(moves[rng.gen_range(0..moves.len())])
                }
                Status::Chance => {
                    pos.chance_outcomes(&mut outcomes);
                    if outcomes.is_empty() {
                        bail!("{}: chance node without outcomes", pos.position_text());
                    }
                    Step::Outcome(sample_outcome(&outcomes, &mut rng))
                }
            };
            if !self.quiet {
                writeln!(out, "{:>4} {}", record.steps.len() + 1, pos.step_text(step))?;
            }
            pos.apply_step(step);
            record.steps.push(step);
        }
        let result = match pos.status() {
            Status::Terminal(Some(p)) => format!("{} wins", player_name(p)),
            Status::Terminal(None) => "draw".to_string(),
            _ => "unfinished".to_string(),
        };
        writeln!(out, "result: {result}")?;
        writeln!(out, "final: {}", pos.position_text())?;
        writeln!(out, "record:\n{}", record.to_text())?;
        Ok(())
    }
}
