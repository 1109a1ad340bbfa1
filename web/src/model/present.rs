//! What the page shows, worked out from the state: the status line (with
//! why a game ended), the last move, the battle under the board and the
//! engine's evaluation from the human's point of view.

use starcut::Player;

use super::engine::ShownReport;
use super::moves::{self, Turn};
use super::{Model, Purpose, RollShow};
use crate::board::Sq;
use crate::session::{BattleInfo, EndReason};

/// A Stratego battle shown under the board: the step that fought it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BattleShow {
    pub info: BattleInfo,
    /// The step count after the battle (identifies it for the animation).
    pub after: usize,
}

impl BattleShow {
    /// "Red's Colonel (3) attacks Blue's Captain (5): the Colonel wins,
    /// the Captain is removed."
    pub fn text(&self, names: [&str; 2]) -> String {
        let b = &self.info;
        let (a, d) = (b.attacker_rank, b.defender_rank);
        let (att, def) = (names[b.attacker.index()], names[b.attacker.other().index()]);
        let result = match b.winner {
            Some(p) if p == b.attacker => {
                format!("the {} wins, the {} is removed", a.name(), d.name())
            }
            Some(_) => format!("the {} wins, the {} is removed", d.name(), a.name()),
            None => "both pieces are removed".to_string(),
        };
        format!(
            "{att}'s {} ({}) attacks {def}'s {} ({}): {result}.",
            a.name(),
            a.to_char(),
            d.name(),
            d.to_char()
        )
    }
}

/// The engine's evaluation as the page shows it: always from the human's
/// point of view, `+` good for the human.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalShown {
    /// The value for the human, in the game's units.
    pub value: f64,
    /// The game's bound U: a win is `+U`.
    pub bound: f64,
    /// The deepest finished iteration.
    pub depth: u32,
    /// The move and value come from the next, unfinished iteration, where
    /// the move beat the finished iteration's best.
    pub deepened: bool,
    /// The search saw to the end of the game in every line.
    pub solved: bool,
}

impl EvalShown {
    /// The human's expected share in `[0, 1]`: the eval bar's fill.
    pub fn share(&self) -> f64 {
        let bound = if self.bound > 0.0 { self.bound } else { 1.0 };
        ((self.value / bound).clamp(-1.0, 1.0) + 1.0) / 2.0
    }

    /// `+12.50`, or `win` / `loss` for a proven result.
    pub fn text(&self) -> String {
        if self.value >= self.bound {
            "win".into()
        } else if self.value <= -self.bound {
            "loss".into()
        } else if self.value.abs() < 0.005 {
            // No "-0.00": an even position is even.
            "0.00".into()
        } else {
            format!("{:+.2}", self.value)
        }
    }

    /// `depth 7`, `depth 7+` (the move from the unfinished depth 8) or
    /// `solved`.
    pub fn depth_text(&self) -> String {
        if self.solved {
            "solved".into()
        } else if self.deepened {
            format!("depth {}+", self.depth)
        } else {
            format!("depth {}", self.depth)
        }
    }

    /// The research panel's depth: [`EvalShown::depth_text`], with the
    /// unfinished iteration a move came from named.
    pub fn depth_detail(&self) -> String {
        if self.deepened && !self.solved {
            format!(
                "depth {}, move from the unfinished depth {}",
                self.depth,
                self.depth + 1
            )
        } else {
            self.depth_text()
        }
    }
}

/// One rank of the enemy army in the piece tracker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrackerRow {
    pub rank: starcut::stratego::Rank,
    /// How many the army has.
    pub army: u8,
    /// Taken by the player.
    pub taken: u8,
    /// On the board with their rank known.
    pub identified: u8,
}

impl TrackerRow {
    /// Not yet accounted for: somewhere among the hidden pieces.
    pub fn unknown(&self) -> u8 {
        self.army.saturating_sub(self.taken + self.identified)
    }
}

impl Model {
    /// Stratego's piece tracker: for every rank of the enemy army, how
    /// many the player took, has identified on the board, and how many are
    /// still hidden somewhere (from the player's own view only).
    pub fn tracker(&self) -> Option<Vec<TrackerRow>> {
        let kind = self.session.kind();
        if !kind.is_stratego() {
            return None;
        }
        let variant = if kind == crate::protocol::GameKind::Barrage {
            starcut::stratego::Variant::Barrage
        } else {
            starcut::stratego::Variant::Stratego
        };
        // What the human knows, also once the game is over.
        let board = self.session.board_at(self.shown(), Some(self.human));
        let enemy = self.human.other();
        let taken = &board.captured;
        let army = starcut::stratego::army(variant);
        Some(
            starcut::stratego::Rank::ALL
                .iter()
                .filter(|r| army[r.index()] > 0)
                .map(|&rank| TrackerRow {
                    rank,
                    army: army[rank.index()],
                    taken: taken
                        .iter()
                        .filter(|&&(o, r)| o == enemy && r == rank)
                        .count() as u8,
                    identified: board
                        .cells
                        .iter()
                        .flatten()
                        .filter(|p| {
                            p.owner == enemy
                                && !p.hidden
                                && p.label
                                    .chars()
                                    .next()
                                    .and_then(starcut::stratego::Rank::from_char)
                                    == Some(rank)
                        })
                        .count() as u8,
                })
                .collect(),
        )
    }

    /// The last turn before the shown position that made a move (a roll
    /// alone, as the human's pending Dice roll, is skipped).
    fn last_turn(&self) -> Option<Turn> {
        let n = self.shown();
        let steps = &self.session.steps()[..n.min(self.session.len())];
        moves::turns(self.session.kind(), steps, n)
            .into_iter()
            .rev()
            .find(|t| !t.shown.is_empty())
    }

    /// The squares of the last move before the shown position.
    pub fn last_move_squares(&self) -> Vec<Sq> {
        // The decision's squares; a roll's square is `emptied_square`.
        self.last_turn()
            .and_then(|turn| turn.decision)
            .and_then(|d| self.session.steps().get(d))
            .map_or_else(Vec::new, |step| step.squares.clone())
    }

    /// The square the last `roll` emptied (ChanceBreakthrough), shown as
    /// part of the last move.
    pub fn emptied_square(&self) -> Option<Sq> {
        let turn = self.last_turn()?;
        turn.roll.as_ref().filter(|r| !r.before)?;
        // The roll's outcome is the turn's last step.
        let step = self.session.steps().get(turn.end.checked_sub(1)?)?;
        step.squares.first().copied()
    }

    /// The battle the strip under the board shows: the latest fought by
    /// the last two moves before the shown position. So the human's own
    /// attack stays on show after the engine's quiet reply (which comes
    /// within a fraction of a second, before the reveal has finished), and
    /// a battle gives way only to the next battle or to two quiet moves.
    pub fn battle(&self) -> Option<BattleShow> {
        self.battle_before(self.shown())
    }

    /// [`Model::battle`] for the position after `n` steps.
    fn battle_before(&self, n: usize) -> Option<BattleShow> {
        let steps = self.session.steps();
        (n.saturating_sub(2)..n.min(steps.len()))
            .rev()
            .find_map(|i| {
                Some(BattleShow {
                    info: steps[i].battle?,
                    after: i + 1,
                })
            })
    }

    /// The roll the strip under the board shows: the latest chance outcome
    /// before the shown position (so an undo or a step back shows the roll
    /// of the position then shown), keyed by its step.
    pub fn roll(&self) -> Option<RollShow> {
        let i = self.roll_step()?;
        Some(RollShow {
            serial: i as u64 + 1,
            text: self.session.steps()[i].text.clone(),
        })
    }

    /// The index of the step [`Model::roll`] shows.
    fn roll_step(&self) -> Option<usize> {
        let n = self.shown().min(self.session.len());
        self.session.steps()[..n].iter().rposition(|s| s.chance)
    }

    /// Identifies what the strip under the board shows (a roll or a
    /// battle), so the page restarts its animation when it changes.
    pub fn strip_key(&self) -> Option<u64> {
        if let Some(b) = self.battle() {
            return Some((1 << 40) | b.after as u64);
        }
        self.roll_step().map(|i| i as u64 + 1)
    }

    /// Whether what the strip shows just happened: the shown position is
    /// the end of the record. A battle or roll brought back by an undo or
    /// by stepping through the moves is shown at once, not played again.
    pub fn strip_fresh(&self) -> bool {
        self.browse.is_none() && self.session.cursor() == self.session.len()
    }

    /// The winner (`None` for a draw) and why the game ended.
    pub fn ending(&self) -> Option<(Option<Player>, EndReason)> {
        if let Some(loser) = self.resigned {
            return Some((Some(loser.other()), EndReason::Resigned));
        }
        let reason = self.session.end_reason()?;
        match self.session.status_at(self.session.cursor()) {
            starcut::Status::Terminal(winner) => Some((winner, reason)),
            _ => None,
        }
    }

    fn side_name(&self, p: Player) -> String {
        let names = self.session.kind().player_names();
        let who = if p == self.human { "you" } else { "engine" };
        format!("{} ({who})", names[p.index()])
    }

    /// One line for the game status area.
    pub fn announcement(&self) -> String {
        let n = self.session.cursor();
        if self.browse.is_some() {
            return format!(
                "Viewing step {} of {} (End returns to the {}).",
                self.shown(),
                n,
                if self.game_over() {
                    "end of the game"
                } else {
                    "game"
                }
            );
        }
        if let Some((winner, reason)) = self.ending() {
            return match (winner, reason) {
                (Some(w), EndReason::Resigned) => format!(
                    "Game over: {} resigned. {} wins.",
                    self.side_name(w.other()),
                    self.side_name(w)
                ),
                (Some(w), reason) => {
                    format!("Game over: {} wins — {}.", self.side_name(w), reason.text())
                }
                (None, reason) => format!("Game over: draw — {}.", reason.text()),
            };
        }
        if self.setup.is_some() {
            return "Set up your army: click two of your pieces to swap them, or pick a preset; then press Start playing.".into();
        }
        match self.session.status_at(n) {
            starcut::Status::Chance => "Rolling…".to_string(),
            _ => {
                let side = self.session.to_move_at(n);
                match self.engine.thinking() {
                    Some(t) if t.purpose == Purpose::Reply => {
                        format!("{} is thinking…", self.side_name(side))
                    }
                    _ => format!("{} to move.", self.side_name(side)),
                }
            }
        }
    }

    /// The engine's latest report, unless it is of a position an undo
    /// took back: then it tells nothing of the game as it stands (its best
    /// line starts from a position no longer on the board).
    pub fn report(&self) -> Option<&ShownReport> {
        self.engine
            .report()
            .filter(|r| r.at <= self.session.cursor())
    }

    /// The latest evaluation, from the human's point of view.
    pub fn eval(&self) -> Option<EvalShown> {
        let shown = self.report()?;
        let v = shown.report.value?;
        let value = if shown.side == self.human { v } else { -v };
        Some(EvalShown {
            value,
            bound: shown.report.bound,
            depth: shown.report.depth,
            deepened: shown.report.deepened,
            solved: shown.report.solved,
        })
    }

    /// The last move in words, for screen readers: "Blue (engine) played
    /// a5xa6 (8×9). Blue's Miner (8) attacks …" (empty before any move).
    pub fn last_move_text(&self) -> String {
        let n = self.session.cursor();
        let steps = &self.session.steps()[..n.min(self.session.len())];
        let Some(turn) = moves::turns(self.session.kind(), steps, n)
            .into_iter()
            .rev()
            .find(|t| !t.shown.is_empty())
        else {
            return String::new();
        };
        let mut text = format!("{} played {}", self.side_name(turn.mover), turn.shown);
        if let Some(roll) = &turn.roll {
            text.push_str(&if roll.before {
                format!(" after rolling {}", roll.text)
            } else {
                format!(", which emptied {}", roll.text)
            });
        }
        text.push('.');
        if let Some(b) = self.battle_before(n) {
            // The battle of the move before (the human's, kept on show
            // under the engine's quiet reply) is said to be earlier.
            text.push_str(if b.after == n { " " } else { " Before it: " });
            text.push_str(&b.text(self.session.kind().player_names()));
        }
        text
    }

    /// The hint arrow's move: only on the position it was found for.
    pub fn hint(&self) -> Option<&str> {
        if self.browse.is_some() {
            return None;
        }
        self.engine.hint_at(self.session.cursor())
    }
}
