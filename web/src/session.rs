//! A game in progress, behind one object-safe interface for every game.
//!
//! The UI model does not know the games' Rust types: it holds a
//! `Box<dyn Session>` that speaks notation (move texts, position texts) and
//! keeps the record with a cursor, so undo and redo move the cursor and a new
//! move cuts off the undone tail. What the page needs to know about each step
//! (its text, the squares it names, a Stratego battle, whether it revealed a
//! hidden piece) is worked out once, when the step is played, and kept
//! beside the record; boards come typed from the game's own state
//! ([`WebGame::board`]).

use starcut::stratego::Rank;
use starcut::{Game, Player, Record, Status, Step};

use crate::board::{Board, Sq};
use crate::error::{WebError, WebErrorKind, WebResult};
use crate::protocol::GameKind;

/// A Stratego battle as both players learn it: the two ranks and who is
/// left on the square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BattleInfo {
    /// The attacking side.
    pub attacker: Player,
    pub attacker_rank: Rank,
    pub defender_rank: Rank,
    /// The owner of the piece left on the square; `None` when both were
    /// removed.
    pub winner: Option<Player>,
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// A player resigned.
    Resigned,
    /// Stratego: the Flag was captured by a piece of this rank.
    FlagCaptured { by: Rank },
    /// The loser had no legal move (Stratego: no movable pieces left).
    NoMoves,
    /// Stratego: neither side can move.
    NeitherCanMove,
    /// Dice: a full line ("column c", "row 3", "the diagonal a1–e5").
    Line { line: String },
    /// Dice: the board is full without a line.
    BoardFull,
    /// Breakthrough: a piece reached the far rank on this square.
    LastRank { square: String },
    /// Breakthrough: the loser has no pieces left.
    AllCaptured,
    /// The game's ply limit was reached.
    MoveLimit { plies: u32 },
}

impl EndReason {
    /// The reason in words, for "Game over: … wins — …".
    pub fn text(&self) -> String {
        match self {
            EndReason::Resigned => "resignation".into(),
            EndReason::FlagCaptured { by } => {
                format!(
                    "the Flag was captured by the {} ({})",
                    by.name(),
                    by.to_char()
                )
            }
            EndReason::NoMoves => "the other side has no movable piece left".into(),
            EndReason::NeitherCanMove => "neither side can move".into(),
            EndReason::Line { line } => format!("a full line ({line})"),
            EndReason::BoardFull => "the board is full without a line".into(),
            EndReason::LastRank { square } => format!("a piece reached the last rank ({square})"),
            EndReason::AllCaptured => "the other side has no pieces left".into(),
            EndReason::MoveLimit { plies } => format!("the move limit of {plies} plies"),
        }
    }
}

/// Per-game hooks the app needs beyond [`Game`].
pub trait WebGame: Game {
    /// The board as `viewer` knows it (its [`Game::observation`]); `None`:
    /// every rank, which the page shows only once a game is over.
    fn board(&self, viewer: Option<Player>) -> Board;

    /// The squares `step` names here, in order: a move's origin and
    /// destination, a Dice placement, the square a roll emptied; none for
    /// a step that names no square (`roll`, a die's number, `=3`).
    fn step_squares(&self, step: Step<Self::Move, Self::Outcome>) -> Vec<Sq>;

    /// The position as `viewer` knows it ([`Game::observation`]), in
    /// notation. Perfect-information games show everything; Stratego hides
    /// the opponent's unknown ranks.
    fn view_text(&self, viewer: Player) -> String {
        self.observation(viewer).position_text()
    }

    /// The battle `step` fights here, if it is an attack (Stratego).
    fn battle(&self, _step: Step<Self::Move, Self::Outcome>) -> Option<BattleInfo> {
        None
    }

    /// Whether `step` tells a player something new about a hidden enemy
    /// piece: a battle, a Scout run, or a piece's first move (it is then no
    /// Bomb or Flag). Undo never crosses such a step.
    fn reveals(&self, _step: Step<Self::Move, Self::Outcome>) -> bool {
        false
    }

    /// Why the game is over, at a terminal position reached by `last`.
    fn end_reason(&self, _last: Option<&StepInfo>) -> Option<EndReason> {
        None
    }
}

/// One step of the record, for the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepInfo {
    pub text: String,
    /// The squares the step names ([`WebGame::step_squares`]).
    pub squares: Vec<Sq>,
    /// A chance outcome rather than a decision.
    pub chance: bool,
    /// The side to move where the step was taken.
    pub mover: Player,
    /// The battle the step fought (Stratego).
    pub battle: Option<BattleInfo>,
    /// The step revealed something about a hidden piece (see
    /// [`WebGame::reveals`]).
    pub reveals: bool,
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
    fn steps(&self) -> &[StepInfo];
    /// Status of the position after `n` steps.
    fn status_at(&self, n: usize) -> Status;
    /// Side to move after `n` steps.
    fn to_move_at(&self, n: usize) -> Player;
    /// The board after `n` steps as `viewer` sees it; `None`: every rank
    /// shown, only for a finished game, whose pieces both players may then
    /// see.
    fn board_at(&self, n: usize, viewer: Option<Player>) -> Board;
    /// The squares a move or outcome text names in the position after `n`
    /// steps (a hint, the engine's best line); none if it does not parse
    /// there.
    fn squares_of(&self, n: usize, text: &str) -> Vec<Sq>;
    /// Legal moves at the cursor with the squares each names.
    fn legal_move_squares(&self) -> Vec<(String, Vec<Sq>)>;
    /// The decisions of a line of steps (a principal variation) played
    /// from the position after `n`: each with the side that makes it and
    /// the squares it names. The line ends at a step that does not parse.
    fn line_moves(&self, n: usize, line: &[String]) -> Vec<(Player, Vec<Sq>)>;
    /// The position after `n` steps as `viewer` knows it, in notation.
    fn view_text_at(&self, n: usize, viewer: Player) -> String;
    /// The position after `n` steps with every rank (see
    /// [`Session::board_at`] with `None`).
    fn position_text_at(&self, n: usize) -> String;
    /// The position at the cursor as `viewer` knows it (what a search of
    /// `viewer`'s side may receive).
    fn view_text(&self, viewer: Player) -> String;
    /// Legal moves at the cursor, in notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Chance outcomes at the cursor with their weights.
    fn chance_outcomes(&self) -> Vec<(String, u32)>;
    /// Plays a move or outcome at the cursor (dropping the undone tail).
    fn play(&mut self, text: &str) -> WebResult<()>;
    /// Why the game is over at the cursor (`None` while it goes on).
    fn end_reason(&self) -> Option<EndReason>;
    /// The record up to the cursor in text form (start line, then steps).
    fn record_text(&self) -> String;
}

/// [`Session`] for one game type.
pub struct GameSession<G: WebGame> {
    kind: GameKind,
    options: String,
    record: Record<G>,
    /// One entry per step of `record`.
    infos: Vec<StepInfo>,
    cursor: usize,
    current: G,
    /// The last position replayed away from the cursor (browsing asks for
    /// the same one many times per update): step count and position.
    shown: std::cell::RefCell<Option<(usize, G)>>,
}

fn step_info<G: WebGame>(pos: &G, step: Step<G::Move, G::Outcome>) -> StepInfo {
    StepInfo {
        text: pos.step_text(step),
        squares: pos.step_squares(step),
        chance: matches!(step, Step::Outcome(_)),
        mover: pos.to_move(),
        battle: pos.battle(step),
        reveals: pos.reveals(step),
    }
}

impl<G: WebGame> GameSession<G> {
    pub fn new(kind: GameKind, options: &str, start: G) -> Self {
        GameSession {
            kind,
            options: options.to_string(),
            record: Record::new(start.clone()),
            infos: Vec::new(),
            cursor: 0,
            current: start,
            shown: std::cell::RefCell::new(None),
        }
    }

    /// A session replaying a parsed record, cursor at its end.
    pub fn from_record(kind: GameKind, options: &str, record: Record<G>) -> Self {
        let mut pos = record.start.clone();
        let infos = record
            .steps
            .iter()
            .map(|&step| {
                let info = step_info(&pos, step);
                pos.apply_step(step);
                info
            })
            .collect();
        GameSession {
            kind,
            options: options.to_string(),
            cursor: record.steps.len(),
            record,
            infos,
            current: pos,
            shown: std::cell::RefCell::new(None),
        }
    }

    /// The position after `n` steps: the cursor's is kept, the last other
    /// one asked for is remembered, any other is replayed once.
    fn position_after(&self, n: usize) -> G {
        if n == self.cursor {
            return self.current.clone();
        }
        let mut shown = self.shown.borrow_mut();
        match &*shown {
            Some((m, pos)) if *m == n => pos.clone(),
            _ => {
                let pos = self.record.position_after(n);
                *shown = Some((n, pos.clone()));
                pos
            }
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

    fn steps(&self) -> &[StepInfo] {
        &self.infos
    }

    fn status_at(&self, n: usize) -> Status {
        self.position_after(n).status()
    }

    fn to_move_at(&self, n: usize) -> Player {
        self.position_after(n).to_move()
    }

    fn board_at(&self, n: usize, viewer: Option<Player>) -> Board {
        self.position_after(n).board(viewer)
    }

    fn squares_of(&self, n: usize, text: &str) -> Vec<Sq> {
        let pos = self.position_after(n);
        pos.parse_step(text.trim())
            .map(|step| pos.step_squares(step))
            .unwrap_or_default()
    }

    fn line_moves(&self, n: usize, line: &[String]) -> Vec<(Player, Vec<Sq>)> {
        let mut pos = self.position_after(n);
        let mut out = Vec::new();
        for text in line {
            let Ok(step) = pos.parse_step(text.trim()) else {
                break;
            };
            if matches!(step, Step::Move(_)) {
                out.push((pos.to_move(), pos.step_squares(step)));
            }
            pos.apply_step(step);
        }
        out
    }

    fn legal_move_squares(&self) -> Vec<(String, Vec<Sq>)> {
        let mut moves = Vec::new();
        self.current.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&m| {
                (
                    self.current.move_text(m),
                    self.current.step_squares(Step::Move(m)),
                )
            })
            .collect()
    }

    fn position_text_at(&self, n: usize) -> String {
        self.position_after(n).position_text()
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

    fn play(&mut self, text: &str) -> WebResult<()> {
        let step = self
            .current
            .parse_step(text.trim())
            .map_err(|e| WebError::new(WebErrorKind::IllegalStep, e.to_string()))?;
        self.record.steps.truncate(self.cursor);
        self.infos.truncate(self.cursor);
        // Positions after the cursor belong to the tail just dropped.
        self.shown.borrow_mut().take();
        self.infos.push(step_info(&self.current, step));
        self.record.steps.push(step);
        self.current.apply_step(step);
        self.cursor += 1;
        Ok(())
    }

    fn end_reason(&self) -> Option<EndReason> {
        match self.current.status() {
            Status::Terminal(_) => self
                .current
                .end_reason(self.cursor.checked_sub(1).map(|i| &self.infos[i])),
            _ => None,
        }
    }

    fn record_text(&self) -> String {
        let mut played = Record::new(self.record.start.clone());
        played.steps = self.record.steps[..self.cursor].to_vec();
        played.to_text()
    }
}
