//! Game records: a start position plus the decisions and chance outcomes
//! played from it, so that any game can be replayed exactly.
//!
//! Text form: the start position on the first line, then the steps separated
//! by white space (one or more lines). Parsing replays the steps and reports
//! the first one that cannot be played, by its number and text.

use crate::error::{ParseError, ParseErrorKind};
use crate::game::{Game, Step};

/// A start position and the steps played from it.
#[derive(Clone, Debug)]
pub struct Record<G: Game> {
    pub start: G,
    pub steps: Vec<Step<G::Move, G::Outcome>>,
}

impl<G: Game> Record<G> {
    /// A record with no steps yet.
    pub fn new(start: G) -> Self {
        Record {
            start,
            steps: Vec::new(),
        }
    }

    /// The position after all steps.
    pub fn current(&self) -> G {
        self.position_after(self.steps.len())
    }

    /// The position after the first `n` steps.
    pub fn position_after(&self, n: usize) -> G {
        let mut pos = self.start.clone();
        for &step in &self.steps[..n.min(self.steps.len())] {
            pos.apply_step(step);
        }
        pos
    }

    /// The steps in notation, each printed in the position it was played in.
    pub fn step_texts(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        self.steps
            .iter()
            .map(|&step| {
                let text = pos.step_text(step);
                pos.apply_step(step);
                text
            })
            .collect()
    }

    /// The record in text form (start position, newline, steps).
    pub fn to_text(&self) -> String {
        let mut out = self.start.position_text();
        out.push('\n');
        out.push_str(&self.step_texts().join(" "));
        out
    }

    /// Parses and replays a record. Every step is checked for legality.
    pub fn parse(config: &G::Config, text: &str) -> Result<Self, ParseError> {
        let mut lines = text.trim().splitn(2, '\n');
        let first = lines.next().unwrap_or("").trim();
        if first.is_empty() {
            return Err(ParseError::new(
                ParseErrorKind::Empty,
                "record",
                "no start position",
            ));
        }
        let start = G::parse_position(config, first)?;
        let mut record = Record::new(start.clone());
        let mut pos = start;
        for (i, token) in lines.next().unwrap_or("").split_whitespace().enumerate() {
            let step = pos.parse_step(token).map_err(|e| {
                ParseError::new(
                    ParseErrorKind::Inconsistent,
                    format!("step {}", i + 1),
                    e.to_string(),
                )
            })?;
            pos.apply_step(step);
            record.steps.push(step);
        }
        Ok(record)
    }
}
