//! The move list as lichess shows it: one row per full move (both sides),
//! each turn one cell. A turn is a decision with the chance outcomes that
//! belong to it: in Dice the roll before the placement (`3 c3`), in
//! ChanceBreakthrough the square a `roll` emptied (`roll e7`). Stratego
//! attacks show the battle (`e4xe5 (3×5)`).

use starcut::Player;

use crate::protocol::GameKind;
use crate::session::{Session, StepInfo};

/// A roll shown beside the move it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollPart {
    /// The outcome's text (`3`, `e7`, `none`).
    pub text: String,
    /// The roll comes before the move (Dice) rather than after (`roll`).
    pub before: bool,
}

/// One side's turn in the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub mover: Player,
    /// The decision as shown (`e4xe5 (3×5)`, `c3`, `roll`); empty while a
    /// rolled Dice move is still to be made.
    pub shown: String,
    pub roll: Option<RollPart>,
    /// The steps of the record in this turn, as the notation writes them.
    pub steps: Vec<String>,
    /// The index of the turn's decision in the record (none for a roll
    /// whose move is still to come).
    pub decision: Option<usize>,
    /// The step count after the turn: browsing to the turn shows this.
    pub end: usize,
    /// Taken back (it can be redone).
    pub undone: bool,
}

/// One row: the move number and up to two turns (`None` where a side has
/// no turn in this row: `…` in the first cell of a record that starts
/// with the second player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub number: usize,
    pub turns: [Option<Turn>; 2],
}

/// The decision's text as the list shows it.
fn decision_text(step: &StepInfo) -> String {
    match &step.battle {
        Some(b) => {
            let (from, to) = split_squares(&step.text);
            format!(
                "{from}x{to} ({}×{})",
                b.attacker_rank.to_char(),
                b.defender_rank.to_char()
            )
        }
        None => step.text.clone(),
    }
}

/// `e4e5` → (`e4`, `e5`); the second square starts at the second letter.
fn split_squares(text: &str) -> (&str, &str) {
    let split = text
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic())
        .map_or(text.len(), |(i, _)| i);
    text.split_at(split)
}

/// Whether a chance step belongs to the decision after it (Dice rolls
/// before the move) rather than the one before it (a `roll` move).
fn roll_before(kind: GameKind) -> bool {
    kind == GameKind::Dice
}

/// The turns of a record: each decision with its chance steps.
pub fn turns(kind: GameKind, steps: &[StepInfo], cursor: usize) -> Vec<Turn> {
    let before = roll_before(kind);
    let mut turns: Vec<Turn> = Vec::new();
    let mut pending: Option<(usize, &StepInfo)> = None;
    for (i, step) in steps.iter().enumerate() {
        if step.chance {
            let part = RollPart {
                text: step.text.clone(),
                before,
            };
            match turns.last_mut() {
                Some(t) if !before && t.roll.is_none() => {
                    t.roll = Some(part);
                    t.steps.push(step.text.clone());
                    t.end = i + 1;
                    t.undone = i >= cursor;
                }
                _ => pending = Some((i, step)),
            }
            continue;
        }
        let mut turn = Turn {
            mover: step.mover,
            shown: decision_text(step),
            roll: None,
            steps: Vec::new(),
            decision: Some(i),
            end: i + 1,
            undone: i >= cursor,
        };
        if let Some((_, roll)) = pending.take() {
            turn.roll = Some(RollPart {
                text: roll.text.clone(),
                before: true,
            });
            turn.steps.push(roll.text.clone());
        }
        turn.steps.push(step.text.clone());
        turns.push(turn);
    }
    // A roll whose move is still to come (the human's Dice roll).
    if let Some((i, roll)) = pending {
        turns.push(Turn {
            mover: roll.mover,
            shown: String::new(),
            roll: Some(RollPart {
                text: roll.text.clone(),
                before,
            }),
            steps: vec![roll.text.clone()],
            decision: None,
            end: i + 1,
            undone: i >= cursor,
        });
    }
    turns
}

/// The whole move list, one row per full move (the first player's turn
/// left, the second's right).
pub fn rows(session: &dyn Session) -> Vec<MoveRow> {
    let mut rows: Vec<MoveRow> = Vec::new();
    for turn in turns(session.kind(), session.steps(), session.cursor()) {
        let col = turn.mover.index();
        match rows.last_mut() {
            Some(row) if col == 1 && row.turns[1].is_none() => row.turns[1] = Some(turn),
            _ => {
                let mut row = MoveRow {
                    number: rows.len() + 1,
                    turns: [None, None],
                };
                row.turns[col] = Some(turn);
                rows.push(row);
            }
        }
    }
    rows
}

/// "move 12 (e4xe5 (3×5))": the turn holding step `index`, for messages.
pub fn step_label(kind: GameKind, steps: &[StepInfo], index: usize) -> String {
    let all = turns(kind, steps, steps.len());
    let mut number = 0;
    for turn in &all {
        if turn.mover == Player::First || number == 0 {
            number += 1;
        }
        if turn.end > index {
            return format!("move {number} ({})", turn.shown);
        }
    }
    format!("step {}", index + 1)
}
