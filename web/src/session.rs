//! A game in progress, behind one object-safe interface for every game.
//!
//! The UI model does not know the games' Rust types: it holds a
//! `Box<dyn Session>` that speaks notation (move texts, position texts) and
//! keeps the record with a cursor, so undo and redo move the cursor and a new
//! move cuts off the undone tail.

use starcut::{Game, Player, Record, Status, Step};

use crate::board::{parse_board, Board};
use crate::protocol::GameKind;

/// Per-game hooks the app needs beyond [`Game`].
pub trait WebGame: Game {
    /// The position as `viewer` knows it ([`Game::observation`]), in
    /// notation. Perfect-information games show everything; Stratego hides
    /// the opponent's unknown ranks.
    fn view_text(&self, viewer: Player) -> String {
        self.observation(viewer).position_text()
    }
}

/// One step of the record, for the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepInfo {
    pub text: String,
    /// A chance outcome rather than a decision.
    pub chance: bool,
    /// The side to move where the step was taken.
    pub mover: Player,
}

/// A game record with a cursor, for any game.
pub trait Session {
    fn kind(&self) -> GameKind;
    /// The game's `key=value` options.
    fn options(&self) -> &str;
    /// The evaluation bound U.
    fn bound(&self) -> f64;
    /// Steps in the record, including undone ones that can be redone.
    fn len(&self) -> usize;
    /// No step played or undone yet.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// How many steps are played.
    fn cursor(&self) -> usize;
    /// Moves the cursor (clamped to `0..=len`).
    fn set_cursor(&mut self, n: usize);
    /// Every step of the record (played and undone).
    fn steps(&self) -> Vec<StepInfo>;
    /// Status of the position after `n` steps.
    fn status_at(&self, n: usize) -> Status;
    /// Side to move after `n` steps.
    fn to_move_at(&self, n: usize) -> Player;
    /// The board after `n` steps as `viewer` sees it.
    fn board_at(&self, n: usize, viewer: Player) -> Result<Board, String>;
    /// The board after `n` steps with every rank shown (only for what both
    /// players know anyway, such as the two pieces of a battle).
    fn full_board_at(&self, n: usize) -> Result<Board, String>;
    /// The position after `n` steps as `viewer` knows it, in notation.
    fn view_text_at(&self, n: usize, viewer: Player) -> String;
    /// The position at the cursor as `viewer` knows it (what a search of
    /// `viewer`'s side may receive).
    fn view_text(&self, viewer: Player) -> String;
    /// Legal moves at the cursor, in notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Chance outcomes at the cursor with their weights.
    fn chance_outcomes(&self) -> Vec<(String, u32)>;
    /// Plays a move or outcome at the cursor (dropping the undone tail).
    fn play(&mut self, text: &str) -> Result<(), String>;
    /// The record up to the cursor in text form (start line, then steps).
    fn record_text(&self) -> String;
}

/// [`Session`] for one game type.
pub struct GameSession<G: WebGame> {
    kind: GameKind,
    options: String,
    record: Record<G>,
    cursor: usize,
    current: G,
}

impl<G: WebGame> GameSession<G> {
    pub fn new(kind: GameKind, options: &str, start: G) -> Self {
        GameSession {
            kind,
            options: options.to_string(),
            record: Record::new(start.clone()),
            cursor: 0,
            current: start,
        }
    }

    /// A session replaying a parsed record, cursor at its end.
    pub fn from_record(kind: GameKind, options: &str, record: Record<G>) -> Self {
        let current = record.current();
        let cursor = record.steps.len();
        GameSession {
            kind,
            options: options.to_string(),
            record,
            cursor,
            current,
        }
    }

    fn position_after(&self, n: usize) -> G {
        if n == self.cursor {
            self.current.clone()
        } else {
            self.record.position_after(n)
        }
    }
}

impl<G: WebGame> Session for GameSession<G> {
    fn kind(&self) -> GameKind {
        self.kind
    }

    fn options(&self) -> &str {
        &self.options
    }

    fn bound(&self) -> f64 {
        self.current.bound()
    }

    fn len(&self) -> usize {
        self.record.steps.len()
    }

    fn cursor(&self) -> usize {
        self.cursor
    }

    fn set_cursor(&mut self, n: usize) {
        let n = n.min(self.record.steps.len());
        if n != self.cursor {
            self.cursor = n;
            self.current = self.record.position_after(n);
        }
    }

    fn steps(&self) -> Vec<StepInfo> {
        let mut pos = self.record.start.clone();
        self.record
            .steps
            .iter()
            .map(|&step| {
                let info = StepInfo {
                    text: pos.step_text(step),
                    chance: matches!(step, Step::Outcome(_)),
                    mover: pos.to_move(),
                };
                pos.apply_step(step);
                info
            })
            .collect()
    }

    fn status_at(&self, n: usize) -> Status {
        self.position_after(n).status()
    }

    fn to_move_at(&self, n: usize) -> Player {
        self.position_after(n).to_move()
    }

    fn board_at(&self, n: usize, viewer: Player) -> Result<Board, String> {
        parse_board(self.kind, &self.position_after(n).view_text(viewer))
    }

    fn full_board_at(&self, n: usize) -> Result<Board, String> {
        parse_board(self.kind, &self.position_after(n).position_text())
    }

    fn view_text_at(&self, n: usize, viewer: Player) -> String {
        self.position_after(n).view_text(viewer)
    }

    fn view_text(&self, viewer: Player) -> String {
        self.current.view_text(viewer)
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.current.legal_moves(&mut moves);
        moves.iter().map(|&m| self.current.move_text(m)).collect()
    }

    fn chance_outcomes(&self) -> Vec<(String, u32)> {
        let mut outcomes = Vec::new();
        self.current.chance_outcomes(&mut outcomes);
        outcomes
            .iter()
            .map(|&(o, w)| (self.current.outcome_text(o), w))
            .collect()
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let step = self
            .current
            .parse_step(text.trim())
            .map_err(|e| e.to_string())?;
        self.record.steps.truncate(self.cursor);
        self.record.steps.push(step);
        self.current.apply_step(step);
        self.cursor += 1;
        Ok(())
    }

    fn record_text(&self) -> String {
        let mut played = Record::new(self.record.start.clone());
        played.steps = self.record.steps[..self.cursor].to_vec();
        played.to_text()
    }
}
