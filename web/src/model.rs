//! The UI model: the whole state of the page and how messages change it.
//!
//! Plain Rust with no web-sys, in the Elm style: the page turns every user
//! action and worker message into a [`Msg`], [`Model::update`] changes the
//! state and returns the [`Effect`]s the page must carry out (post a job to
//! the worker, replace the worker), and the page redraws from the state. All
//! game logic of the page is therefore testable natively.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use starcut::{Player, Status};

use crate::board::{squares_in, Board, Piece, Sq};
use crate::games;
use crate::protocol::{FromWorker, GameKind, Report, SearchJob, SearchSettings, ToWorker};
use crate::session::Session;

/// Moving through the move list without changing the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    First,
    Prev,
    Next,
    Last,
    To(usize),
}

/// What the page tells the model.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// Pointer pressed on a square: selects a piece, or completes a
    /// click-click move.
    PointerDown(Sq),
    /// Pointer released on a square: completes a drag move.
    PointerUp(Sq),
    /// A move typed into the move box.
    MoveTyped(String),
    /// The roll button (ChanceBreakthrough's `roll` move).
    Roll,
    Undo,
    Redo,
    Flip,
    Hint,
    Resign,
    /// Ask the engine to move now (after a stop or a crash).
    EngineMove,
    /// Stop the search: the engine plays its best move so far.
    Stop,
    NewGame {
        kind: GameKind,
        human: Player,
        options: String,
        /// Seed of the new game's dice (the page draws it at random).
        seed: u64,
    },
    Browse(Nav),
    /// Stratego setup phase: use a preset for the human's pieces.
    SetupPreset(String),
    /// Stratego setup phase: a random setup for the human's pieces.
    SetupRandom(u64),
    /// Stratego setup phase: the human is done; play starts.
    SetupDone,
    Settings(SearchSettings),
    WorkerReady,
    Worker(FromWorker),
    /// The worker failed to load or crashed.
    WorkerFailed(String),
    DismissNotice,
}

/// What the page must do after an update.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Send to the worker (queued by the page until the worker is ready).
    Post(ToWorker),
    /// Terminate the worker and start a new one.
    RestartWorker,
}

/// A message for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub error: bool,
    pub text: String,
}

/// The worker's life cycle as the page sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkerState {
    Loading,
    Ready,
    Failed(String),
}

/// What a running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The engine's own move.
    Reply,
    /// A hint for the human.
    Hint,
}

/// The job the page waits for, if any.
#[derive(Clone, Debug, PartialEq)]
pub struct Thinking {
    pub job: u64,
    pub purpose: Purpose,
    /// The step count the job was started at: a result for another position
    /// is never played.
    pub at: usize,
}

/// A dice roll or chance outcome being shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollShow {
    /// Counts up with every roll, so the page can restart its animation.
    pub serial: u64,
    pub text: String,
}

/// A Stratego battle: both pieces are revealed to both players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    pub attacker: Piece,
    pub defender: Piece,
    /// The owner of the piece left on the square, `None` if both died.
    pub winner: Option<Player>,
}

/// Stratego's setup phase: the human arranges his pieces before play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupPhase {
    /// The human's setup text (front row first, from his side).
    pub human_setup: String,
    /// The engine's setup (never shown to the human).
    pub engine_setup: String,
    /// The preset the human's setup started from, if any.
    pub preset: Option<String>,
}

/// The state of the page.
pub struct Model {
    /// Present while a Stratego game is being set up.
    pub setup: Option<SetupPhase>,
    pub session: Box<dyn Session>,
    pub human: Player,
    /// Seed of the page's chance outcomes: a game replays from its seed.
    pub seed: u64,
    pub flipped: bool,
    pub selected: Option<Sq>,
    /// Browsing the move list: the step count shown instead of the cursor.
    pub browse: Option<usize>,
    pub worker: WorkerState,
    pub thinking: Option<Thinking>,
    pub next_job: u64,
    /// The latest search report (progress or final), for the panel.
    pub report: Option<Report>,
    /// The side whose point of view the report's value takes.
    pub report_side: Player,
    /// The move a finished hint search suggests.
    pub hint: Option<String>,
    pub settings: SearchSettings,
    pub notice: Option<Notice>,
    pub resigned: Option<Player>,
    pub roll: Option<RollShow>,
}

impl Model {
    /// A model around a session; starts the engine if it is to move.
    pub fn new(session: Box<dyn Session>, human: Player, seed: u64) -> (Model, Vec<Effect>) {
        let mut model = Model {
            setup: None,
            session,
            human,
            seed,
            flipped: human == Player::Second,
            selected: None,
            browse: None,
            worker: WorkerState::Loading,
            thinking: None,
            next_job: 1,
            report: None,
            report_side: human.other(),
            hint: None,
            settings: SearchSettings::default(),
            notice: None,
            resigned: None,
            roll: None,
        };
        let mut effects = Vec::new();
        model.advance(&mut effects);
        (model, effects)
    }

    pub fn engine_side(&self) -> Player {
        self.human.other()
    }

    /// The step count shown on the board.
    pub fn shown(&self) -> usize {
        self.browse.unwrap_or(self.session.cursor())
    }

    /// The board as the human sees it at the shown step.
    pub fn board(&self) -> Result<Board, String> {
        self.session.board_at(self.shown(), self.human)
    }

    /// The game is over (won, drawn or resigned) at the cursor.
    pub fn game_over(&self) -> bool {
        self.resigned.is_some()
            || matches!(
                self.session.status_at(self.session.cursor()),
                Status::Terminal(_)
            )
    }

    /// The human may move now.
    pub fn human_to_move(&self) -> bool {
        let n = self.session.cursor();
        !self.game_over()
            && self.setup.is_none()
            && self.browse.is_none()
            && self
                .thinking
                .as_ref()
                .is_none_or(|t| t.purpose == Purpose::Hint)
            && self.session.status_at(n) == Status::Decision
            && self.session.to_move_at(n) == self.human
    }

    /// The engine is to move and nothing is running (after a stop or crash).
    pub fn engine_may_move(&self) -> bool {
        let n = self.session.cursor();
        !self.game_over()
            && self.setup.is_none()
            && self.thinking.is_none()
            && self.session.status_at(n) == Status::Decision
            && self.session.to_move_at(n) == self.engine_side()
    }

    /// Legal moves at the cursor, or none when the human may not move.
    pub fn human_moves(&self) -> Vec<String> {
        if self.human_to_move() {
            self.session.legal_moves()
        } else {
            Vec::new()
        }
    }

    /// Squares the selected piece can move to, with the moves' texts.
    pub fn destinations(&self) -> Vec<(Sq, String)> {
        let (Some(sel), Ok(board)) = (self.selected, self.board()) else {
            return Vec::new();
        };
        self.human_moves()
            .into_iter()
            .filter_map(|m| {
                let sqs = squares_in(&m, board.rows, board.cols);
                match sqs.as_slice() {
                    [from, .., to] if *from == sel => Some((*to, m)),
                    _ => None,
                }
            })
            .collect()
    }

    /// Squares that are a whole move by themselves (Dice placements).
    pub fn placements(&self) -> Vec<(Sq, String)> {
        let Ok(board) = self.board() else {
            return Vec::new();
        };
        self.human_moves()
            .into_iter()
            .filter_map(
                |m| match squares_in(&m, board.rows, board.cols).as_slice() {
                    [sq] => Some((*sq, m)),
                    _ => None,
                },
            )
            .collect()
    }

    /// The squares of the last step before the shown position.
    pub fn last_move_squares(&self) -> Vec<Sq> {
        let Ok(board) = self.board() else {
            return Vec::new();
        };
        let steps = self.session.steps();
        // The latest step that names squares: a die roll names none, so the
        // move before it is shown (at most two steps back).
        steps[..self.shown().min(steps.len())]
            .iter()
            .rev()
            .take(2)
            .map(|s| squares_in(&s.text, board.rows, board.cols))
            .find(|sqs| !sqs.is_empty())
            .unwrap_or_default()
    }

    /// The battle fought by the last step before the shown position.
    pub fn battle(&self) -> Option<Battle> {
        if !matches!(self.session.kind(), GameKind::Stratego | GameKind::Barrage) {
            return None;
        }
        let n = self.shown();
        let step = self.session.steps().into_iter().nth(n.checked_sub(1)?)?;
        let before = self.session.full_board_at(n - 1).ok()?;
        let after = self.session.full_board_at(n).ok()?;
        let sqs = squares_in(&step.text, before.rows, before.cols);
        let (from, to) = (*sqs.first()?, *sqs.last()?);
        let defender = before.at(to)?.clone();
        let attacker = before.at(from)?.clone();
        Some(Battle {
            attacker,
            defender,
            winner: after.at(to).map(|p| p.owner),
        })
    }

    /// Identifies what the strip under the board shows (a roll or a
    /// battle), so the page restarts its animation when it changes.
    pub fn strip_key(&self) -> Option<u64> {
        if self.battle().is_some() {
            return Some((1 << 40) | self.shown() as u64);
        }
        self.roll.as_ref().map(|r| r.serial)
    }

    /// One line for the game status area.
    pub fn announcement(&self) -> String {
        let names = self.session.kind().player_names();
        let you = |p: Player| {
            if p == self.human {
                format!("{} (you)", names[p.index()])
            } else {
                format!("{} (engine)", names[p.index()])
            }
        };
        if let Some(loser) = self.resigned {
            return format!(
                "Game over: {} resigned. {} wins.",
                you(loser),
                you(loser.other())
            );
        }
        if self.setup.is_some() {
            return "Set up your army: click two of your pieces to swap them, or pick a preset; then press Start playing.".into();
        }
        let n = self.session.cursor();
        match self.session.status_at(n) {
            Status::Terminal(Some(p)) => format!("Game over: {} wins.", you(p)),
            Status::Terminal(None) => "Game over: draw.".to_string(),
            _ if self.browse.is_some() => format!(
                "Viewing step {} of {} (End returns to the game).",
                self.shown(),
                self.session.cursor()
            ),
            Status::Chance => "Rolling…".to_string(),
            Status::Decision => {
                let side = self.session.to_move_at(n);
                match &self.thinking {
                    Some(t) if t.purpose == Purpose::Reply => {
                        format!("{} is thinking…", you(side))
                    }
                    _ => format!("{} to move.", you(side)),
                }
            }
        }
    }

    /// Handles one message.
    pub fn update(&mut self, msg: Msg) -> Vec<Effect> {
        let mut effects = Vec::new();
        match msg {
            Msg::PointerDown(sq) => self.pointer_down(sq, &mut effects),
            Msg::PointerUp(sq) => self.pointer_up(sq, &mut effects),
            Msg::MoveTyped(text) => {
                let text = text.trim().to_string();
                if text.is_empty() {
                } else if !self.human_to_move() {
                    self.error(format!("'{text}': it is not your turn to move."));
                } else {
                    self.human_plays(&text, &mut effects);
                }
            }
            Msg::Roll => {
                if self.human_moves().iter().any(|m| m == "roll") {
                    self.human_plays("roll", &mut effects);
                }
            }
            Msg::Undo => self.undo(&mut effects),
            Msg::Redo => self.redo(&mut effects),
            Msg::Flip => self.flipped = !self.flipped,
            Msg::Hint => {
                if self.human_to_move() && self.thinking.is_none() {
                    self.start_search(Purpose::Hint, &mut effects);
                }
            }
            Msg::Resign => {
                if !self.game_over() && self.setup.is_none() {
                    self.cancel_search(&mut effects);
                    self.resigned = Some(self.human);
                }
            }
            Msg::EngineMove => {
                if self.engine_may_move() {
                    self.notice = None;
                    self.start_search(Purpose::Reply, &mut effects);
                }
            }
            Msg::Stop => self.stop(&mut effects),
            Msg::NewGame {
                kind,
                human,
                options,
                seed,
            } => {
                let session = if matches!(kind, GameKind::Stratego | GameKind::Barrage) {
                    let preset = games::setup::presets(kind).into_iter().next();
                    let human_setup = preset
                        .as_deref()
                        .and_then(games::setup::preset)
                        .unwrap_or_else(|| games::setup::random(kind, seed ^ 1));
                    let phase = SetupPhase {
                        human_setup,
                        engine_setup: games::setup::random(kind, seed),
                        preset,
                    };
                    let session = setup_session(kind, &options, human, &phase);
                    if session.is_ok() {
                        self.setup = Some(phase);
                    }
                    session
                } else {
                    self.setup = None;
                    games::new_session(kind, &options)
                };
                match session {
                    Ok(session) => {
                        self.notice = None;
                        self.reset(session, human, seed, &mut effects);
                    }
                    Err(e) => self.error(format!("Cannot start {}: {e}", kind.title())),
                }
            }
            Msg::SetupPreset(name) => {
                if let Some(text) = games::setup::preset(&name) {
                    self.change_setup(|phase| {
                        phase.human_setup = text;
                        phase.preset = Some(name);
                    });
                }
            }
            Msg::SetupRandom(seed) => {
                let kind = self.session.kind();
                self.change_setup(|phase| {
                    phase.human_setup = games::setup::random(kind, seed);
                    phase.preset = None;
                });
            }
            Msg::SetupDone => {
                if self.setup.take().is_some() {
                    self.selected = None;
                    self.advance(&mut effects);
                }
            }
            Msg::Browse(nav) => self.browse_to(nav),
            Msg::Settings(settings) => self.settings = settings,
            Msg::WorkerReady => self.worker = WorkerState::Ready,
            Msg::Worker(reply) => self.worker_reply(reply, &mut effects),
            Msg::WorkerFailed(error) => {
                self.worker = WorkerState::Failed(error.clone());
                let was = self.thinking.take();
                self.error(format!(
                    "The engine worker failed ({error}). A new worker was started{}",
                    if was.is_some() {
                        "; press Engine move to try again."
                    } else {
                        "."
                    }
                ));
                effects.push(Effect::RestartWorker);
            }
            Msg::DismissNotice => self.notice = None,
        }
        effects
    }

    /// Replaces the game (new game, loaded game).
    pub fn reset(
        &mut self,
        session: Box<dyn Session>,
        human: Player,
        seed: u64,
        effects: &mut Vec<Effect>,
    ) {
        self.cancel_search(effects);
        self.session = session;
        self.human = human;
        self.seed = seed;
        self.flipped = human == Player::Second;
        self.selected = None;
        self.browse = None;
        self.report = None;
        self.hint = None;
        self.resigned = None;
        self.roll = None;
        self.advance(effects);
    }

    /// Setup phase: the first click picks a piece of the human's setup
    /// area, the second swaps it with another square of that area.
    fn setup_click(&mut self, sq: Sq) {
        let Some(cell) = games::setup::cell_of(self.human, sq) else {
            self.selected = None;
            return;
        };
        match self
            .selected
            .and_then(|s| games::setup::cell_of(self.human, s))
        {
            Some(first) if first != cell => {
                self.selected = None;
                self.change_setup(|phase| {
                    phase.human_setup = games::setup::swap(&phase.human_setup, first, cell);
                    phase.preset = None;
                });
            }
            Some(_) => self.selected = None,
            None => self.selected = Some(sq),
        }
    }

    /// Changes the human's setup and rebuilds the position from it.
    fn change_setup(&mut self, change: impl FnOnce(&mut SetupPhase)) {
        let Some(mut phase) = self.setup.clone() else {
            return;
        };
        change(&mut phase);
        let kind = self.session.kind();
        let options = self.session.options().to_string();
        match setup_session(kind, &options, self.human, &phase) {
            Ok(session) => {
                self.session = session;
                self.setup = Some(phase);
            }
            Err(e) => self.error(format!("That setup is not valid: {e}")),
        }
    }

    fn error(&mut self, text: String) {
        self.notice = Some(Notice { error: true, text });
    }

    fn pointer_down(&mut self, sq: Sq, effects: &mut Vec<Effect>) {
        if self.setup.is_some() {
            self.setup_click(sq);
            return;
        }
        if !self.human_to_move() {
            return;
        }
        if let Some((_, mv)) = self.placements().into_iter().find(|(s, _)| *s == sq) {
            self.human_plays(&mv, effects);
            return;
        }
        if let Some((_, mv)) = self.destinations().into_iter().find(|(s, _)| *s == sq) {
            self.human_plays(&mv, effects);
            return;
        }
        if self.selected == Some(sq) {
            self.selected = None;
            return;
        }
        // Select the piece if it can move; a click elsewhere clears.
        self.selected = Some(sq);
        if self.destinations().is_empty() {
            self.selected = None;
        }
    }

    fn pointer_up(&mut self, sq: Sq, effects: &mut Vec<Effect>) {
        if self.selected.is_some_and(|s| s != sq) {
            if let Some((_, mv)) = self.destinations().into_iter().find(|(s, _)| *s == sq) {
                self.human_plays(&mv, effects);
            }
        }
    }

    fn human_plays(&mut self, text: &str, effects: &mut Vec<Effect>) {
        match self.session.play(text) {
            Ok(()) => {
                self.selected = None;
                self.hint = None;
                self.notice = None;
                if self.thinking.is_some() {
                    // A hint search for the old position.
                    self.cancel_search(effects);
                }
                self.advance(effects);
            }
            Err(e) => self.error(format!("Illegal move '{text}': {e}")),
        }
    }

    /// After a step: applies chance outcomes by the page's dice and starts
    /// the engine when it is to move. Only at the end of the record (a redo
    /// tail keeps its recorded outcomes).
    fn advance(&mut self, effects: &mut Vec<Effect>) {
        if self.setup.is_some() {
            return;
        }
        while self.session.cursor() == self.session.len() && self.resigned.is_none() {
            let n = self.session.cursor();
            match self.session.status_at(n) {
                Status::Chance => {
                    let outcome = self.sample_outcome(n);
                    let Some(text) = outcome else { break };
                    if let Err(e) = self.session.play(&text) {
                        self.error(format!("Chance outcome '{text}' failed: {e}"));
                        break;
                    }
                    let serial = self.roll.as_ref().map_or(1, |r| r.serial + 1);
                    self.roll = Some(RollShow { serial, text });
                }
                Status::Decision if self.session.to_move_at(n) == self.engine_side() => {
                    if self.thinking.is_none() {
                        self.start_search(Purpose::Reply, effects);
                    }
                    break;
                }
                _ => break,
            }
        }
    }

    /// The outcome the page's dice give after `n` steps: a pure function of
    /// the seed and the step number, so a replay (and an undo followed by
    /// the same moves) sees the same dice.
    fn sample_outcome(&self, n: usize) -> Option<String> {
        let outcomes = self.session.chance_outcomes();
        let total: u64 = outcomes.iter().map(|&(_, w)| w as u64).sum();
        if total == 0 {
            return None;
        }
        let mut rng =
            ChaCha8Rng::seed_from_u64(self.seed ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut pick = rng.gen_range(0..total);
        for (text, w) in outcomes {
            if pick < w as u64 {
                return Some(text);
            }
            pick -= w as u64;
        }
        None
    }

    fn start_search(&mut self, purpose: Purpose, effects: &mut Vec<Effect>) {
        let side = match purpose {
            Purpose::Reply => self.engine_side(),
            Purpose::Hint => self.human,
        };
        let job = self.next_job;
        self.next_job += 1;
        self.thinking = Some(Thinking {
            job,
            purpose,
            at: self.session.cursor(),
        });
        self.report = None;
        self.report_side = side;
        effects.push(Effect::Post(ToWorker::Search {
            job,
            request: self.search_job(side),
        }));
    }

    /// The request for a search by `side` at the cursor: the position as
    /// `side` knows it, nothing more.
    pub fn search_job(&self, side: Player) -> SearchJob {
        SearchJob {
            game: self.session.kind(),
            options: self.session.options().to_string(),
            position: self.session.view_text(side),
            settings: self.settings.clone(),
        }
    }

    /// Forgets the running search; a busy worker is replaced so the next
    /// job does not wait behind it.
    fn cancel_search(&mut self, effects: &mut Vec<Effect>) {
        if self.thinking.take().is_some() {
            self.worker = WorkerState::Loading;
            effects.push(Effect::RestartWorker);
        }
    }

    fn stop(&mut self, effects: &mut Vec<Effect>) {
        let Some(thinking) = self.thinking.clone() else {
            return;
        };
        self.cancel_search(effects);
        let best = self.report.as_ref().and_then(|r| r.best.clone());
        match (thinking.purpose, best) {
            (Purpose::Reply, Some(best)) if thinking.at == self.session.cursor() => {
                self.engine_plays(&best, effects);
                self.notice = Some(Notice {
                    error: false,
                    text: format!("Stopped: the engine played its best move so far, {best}."),
                });
            }
            (Purpose::Reply, _) => {
                self.notice = Some(Notice {
                    error: false,
                    text: "Stopped before the engine found a move. Press Engine move to let it think again.".into(),
                });
            }
            (Purpose::Hint, best) => self.hint = best,
        }
    }

    fn engine_plays(&mut self, text: &str, effects: &mut Vec<Effect>) {
        match self.session.play(text) {
            Ok(()) => {
                self.browse = None;
                self.advance(effects);
            }
            Err(e) => self.error(format!(
                "The engine chose '{text}', which is illegal here: {e}"
            )),
        }
    }

    fn worker_reply(&mut self, reply: FromWorker, effects: &mut Vec<Effect>) {
        let job = match &reply {
            FromWorker::Ready => {
                self.worker = WorkerState::Ready;
                return;
            }
            FromWorker::Progress { job, .. }
            | FromWorker::Done { job, .. }
            | FromWorker::Failed { job, .. } => *job,
        };
        let Some(thinking) = self.thinking.clone() else {
            return; // stale: nothing is running any more
        };
        if thinking.job != job {
            return; // stale: an older job
        }
        match reply {
            FromWorker::Ready => {}
            FromWorker::Progress { report, .. } => self.report = Some(report),
            FromWorker::Done { report, .. } => {
                self.thinking = None;
                let best = report.best.clone();
                self.report = Some(report);
                match (thinking.purpose, best) {
                    (_, None) => self.error("The engine found no move.".into()),
                    (Purpose::Hint, Some(best)) => self.hint = Some(best),
                    (Purpose::Reply, Some(best)) => {
                        if thinking.at == self.session.cursor() {
                            self.engine_plays(&best, effects);
                        }
                    }
                }
            }
            FromWorker::Failed { error, .. } => {
                self.thinking = None;
                self.error(format!("The engine could not search: {error}"));
            }
        }
    }

    fn undo(&mut self, effects: &mut Vec<Effect>) {
        self.browse = None;
        self.selected = None;
        self.hint = None;
        let cursor = self.session.cursor();
        let target = self
            .human_decisions()
            .into_iter()
            .rev()
            .find(|&n| n < cursor);
        if let Some(n) = target {
            self.cancel_search(effects);
            self.resigned = None;
            self.session.set_cursor(n);
        }
    }

    fn redo(&mut self, effects: &mut Vec<Effect>) {
        self.browse = None;
        self.selected = None;
        self.hint = None;
        let cursor = self.session.cursor();
        let len = self.session.len();
        if cursor == len {
            return;
        }
        self.cancel_search(effects);
        let target = self
            .human_decisions()
            .into_iter()
            .find(|&n| n > cursor)
            .unwrap_or(len);
        self.session.set_cursor(target);
        self.advance(effects);
    }

    /// The step counts (before the end of the record) at which the human
    /// made a decision: the points undo and redo stop at. One replay of the
    /// record, not one per step.
    fn human_decisions(&self) -> Vec<usize> {
        self.session
            .steps()
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.chance && s.mover == self.human)
            .map(|(i, _)| i)
            .collect()
    }

    /// Undo has a human move to take back.
    pub fn can_undo(&self) -> bool {
        self.setup.is_none()
            && self
                .human_decisions()
                .first()
                .is_some_and(|&n| n < self.session.cursor())
    }

    fn browse_to(&mut self, nav: Nav) {
        let cursor = self.session.cursor();
        let shown = self.shown();
        let target = match nav {
            Nav::First => 0,
            Nav::Prev => shown.saturating_sub(1),
            Nav::Next => shown + 1,
            Nav::Last => cursor,
            Nav::To(n) => n,
        }
        .min(cursor);
        self.selected = None;
        self.browse = (target != cursor).then_some(target);
    }
}

/// The Stratego game of a setup phase (Red's setup first).
fn setup_session(
    kind: GameKind,
    options: &str,
    human: Player,
    phase: &SetupPhase,
) -> Result<Box<dyn Session>, String> {
    let (red, blue) = match human {
        Player::First => (&phase.human_setup, &phase.engine_setup),
        Player::Second => (&phase.engine_setup, &phase.human_setup),
    };
    games::setup::session(kind, options, red, blue)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_square;
    use crate::protocol::Report;
    use crate::saved::SavedGame;

    fn dice(human: Player, seed: u64) -> (Model, Vec<Effect>) {
        Model::new(games::new_session(GameKind::Dice, "").unwrap(), human, seed)
    }

    fn posted_job(effects: &[Effect]) -> Option<(u64, SearchJob)> {
        effects.iter().find_map(|e| match e {
            Effect::Post(ToWorker::Search { job, request }) => Some((*job, request.clone())),
            _ => None,
        })
    }

    fn done(job: u64, best: &str) -> Msg {
        Msg::Worker(FromWorker::Done {
            job,
            report: Report {
                best: Some(best.into()),
                nodes: 10,
                ..Report::default()
            },
        })
    }

    /// Plays the first legal human move; returns the job the engine got.
    fn human_move(model: &mut Model) -> (u64, SearchJob) {
        let mv = model.human_moves()[0].clone();
        let effects = model.update(Msg::MoveTyped(mv));
        posted_job(&effects).expect("engine asked to move")
    }

    #[test]
    fn the_page_rolls_then_waits_for_the_human() {
        let (model, effects) = dice(Player::First, 1);
        assert!(effects.is_empty());
        assert_eq!(model.session.cursor(), 1, "one roll applied");
        assert!(model.human_to_move());
        assert!(model.roll.is_some());
        // The die's line has five empty squares.
        assert_eq!(model.placements().len(), 5);
    }

    #[test]
    fn engine_moving_first_gets_a_job_for_its_own_view() {
        let (model, effects) = dice(Player::Second, 1);
        let (job, request) = posted_job(&effects).unwrap();
        assert_eq!(job, 1);
        assert_eq!(request.position, model.session.view_text(Player::First));
        assert!(!model.human_to_move());
    }

    #[test]
    fn stale_results_are_dropped_and_the_current_one_is_played() {
        let (mut model, _) = dice(Player::First, 3);
        let (job, request) = human_move(&mut model);
        let cursor = model.session.cursor();
        // An unrelated job's result changes nothing.
        model.update(done(job + 5, "a1"));
        assert_eq!(model.session.cursor(), cursor);
        assert!(model.thinking.is_some());
        // A progress report of the current job is shown.
        model.update(Msg::Worker(FromWorker::Progress {
            job,
            report: Report {
                nodes: 5,
                ..Report::default()
            },
        }));
        assert_eq!(model.report.as_ref().unwrap().nodes, 5);
        // The real result: a legal move of the engine's position.
        let config = games::config_of::<starcut::dice::Dice>("").unwrap();
        let pos =
            <starcut::dice::Dice as starcut::Game>::parse_position(&config, &request.position)
                .unwrap();
        let mut moves = Vec::new();
        starcut::Game::legal_moves(&pos, &mut moves);
        let best = starcut::Game::move_text(&pos, moves[0]);
        model.update(done(job, &best));
        assert!(model.thinking.is_none());
        assert!(model.session.steps().iter().any(|s| s.text == best));
        // A duplicate of the same result is stale now.
        let after = model.session.cursor();
        model.update(done(job, &best));
        assert_eq!(model.session.cursor(), after);
        assert!(model.human_to_move() || model.game_over());
    }

    #[test]
    fn stop_plays_the_best_move_so_far_and_replaces_the_worker() {
        let (mut model, _) = dice(Player::First, 4);
        let (job, _) = human_move(&mut model);
        let best = model.session.legal_moves()[0].clone();
        model.update(Msg::Worker(FromWorker::Progress {
            job,
            report: Report {
                best: Some(best.clone()),
                ..Report::default()
            },
        }));
        let effects = model.update(Msg::Stop);
        assert!(effects.contains(&Effect::RestartWorker));
        assert!(model.thinking.is_none());
        assert!(model
            .session
            .steps()
            .iter()
            .any(|s| s.text == best && !s.chance));
        // Its final result arriving late is dropped.
        let cursor = model.session.cursor();
        model.update(done(job, &best));
        assert_eq!(model.session.cursor(), cursor);
    }

    #[test]
    fn stop_before_any_move_leaves_the_engine_to_move() {
        let (mut model, _) = dice(Player::First, 5);
        human_move(&mut model);
        let cursor = model.session.cursor();
        let effects = model.update(Msg::Stop);
        assert!(effects.contains(&Effect::RestartWorker));
        assert_eq!(model.session.cursor(), cursor);
        assert!(model.engine_may_move());
        let effects = model.update(Msg::EngineMove);
        assert!(posted_job(&effects).is_some());
    }

    #[test]
    fn a_crash_is_reported_and_the_game_kept() {
        let (mut model, _) = dice(Player::First, 6);
        human_move(&mut model);
        let record = model.session.record_text();
        let effects = model.update(Msg::WorkerFailed("boom".into()));
        assert_eq!(effects, vec![Effect::RestartWorker]);
        assert!(model.notice.as_ref().unwrap().text.contains("boom"));
        assert_eq!(model.session.record_text(), record);
        assert!(model.engine_may_move());
    }

    #[test]
    fn undo_goes_back_to_the_humans_turn_and_redo_returns() {
        let (mut model, _) = dice(Player::First, 7);
        let start = model.session.cursor();
        let (job, _) = human_move(&mut model);
        // Undo while the engine thinks: the search is abandoned.
        let effects = model.update(Msg::Undo);
        assert!(effects.contains(&Effect::RestartWorker));
        assert_eq!(model.session.cursor(), start);
        assert!(model.human_to_move());
        model.update(done(job, "a1"));
        assert_eq!(model.session.cursor(), start, "the abandoned job is stale");
        let effects = model.update(Msg::Redo);
        assert!(model.session.cursor() > start);
        assert!(
            posted_job(&effects).is_some(),
            "the engine is to move again"
        );
    }

    #[test]
    fn clicking_a_legal_square_plays_it_and_others_do_nothing() {
        let (mut model, _) = dice(Player::First, 8);
        let (sq, mv) = model.placements()[0].clone();
        let illegal = (0..5)
            .flat_map(|row| (0..5).map(move |col| Sq { row, col }))
            .find(|s| model.placements().iter().all(|(p, _)| p != s))
            .unwrap();
        let cursor = model.session.cursor();
        model.update(Msg::PointerDown(illegal));
        assert_eq!(model.session.cursor(), cursor);
        model.update(Msg::PointerDown(sq));
        assert_eq!(model.session.steps()[cursor].text, mv);
        assert_eq!(parse_square(&mv, 5, 5), Some(sq));
    }

    #[test]
    fn rolls_are_fair_and_reproducible_from_the_seed() {
        let mut seen = std::collections::HashMap::new();
        for seed in 0..300 {
            let (a, _) = dice(Player::First, seed);
            let (b, _) = dice(Player::First, seed);
            assert_eq!(a.session.record_text(), b.session.record_text());
            *seen.entry(a.roll.unwrap().text).or_insert(0) += 1;
        }
        // Five equally likely rolls in 300 games: each about 60.
        assert_eq!(seen.len(), 5, "{seen:?}");
        assert!(seen.values().all(|&n| (30..=90).contains(&n)), "{seen:?}");
    }

    #[test]
    fn a_saved_game_restores_exactly() {
        let (mut model, _) = dice(Player::First, 9);
        let (job, request) = human_move(&mut model);
        let config = games::config_of::<starcut::dice::Dice>("").unwrap();
        let pos =
            <starcut::dice::Dice as starcut::Game>::parse_position(&config, &request.position)
                .unwrap();
        let mut moves = Vec::new();
        starcut::Game::legal_moves(&pos, &mut moves);
        model.update(done(job, &starcut::Game::move_text(&pos, moves[0])));
        let saved = SavedGame::of(&model);
        let text = saved.to_json();
        let (mut other, _) = dice(Player::Second, 99);
        SavedGame::from_json(&text)
            .unwrap()
            .restore_into(&mut other)
            .unwrap();
        assert_eq!(other.session.record_text(), model.session.record_text());
        assert_eq!(other.human, Player::First);
        assert_eq!(other.seed, 9);
        // And through a share link.
        let mut third = dice(Player::Second, 1).0;
        SavedGame::from_fragment(&saved.to_fragment())
            .unwrap()
            .restore_into(&mut third)
            .unwrap();
        assert_eq!(third.session.record_text(), model.session.record_text());
        // A tampered record is an error naming the step.
        let bad = saved.record.replacen('\n', "\nzz ", 1);
        let mut broken = saved.clone();
        broken.record = bad;
        let err = broken.restore_into(&mut third).err().unwrap();
        assert!(err.contains("step"), "{err}");
    }

    fn stratego(kind: GameKind, human: Player) -> (Model, Vec<Effect>) {
        let (mut model, _) = dice(human, 1);
        let effects = model.update(Msg::NewGame {
            kind,
            human,
            options: String::new(),
            seed: 11,
        });
        (model, effects)
    }

    /// Every piece of `owner` in a position text the engine receives is
    /// hidden, unless the text marks it as revealed.
    fn assert_hidden(kind: GameKind, text: &str, owner: Player) {
        let board = crate::board::parse_board(kind, text).unwrap();
        let mut count = 0;
        for piece in board.cells.iter().flatten().filter(|p| p.owner == owner) {
            count += 1;
            assert!(piece.hidden || piece.revealed, "{text}");
        }
        assert!(count > 0, "{text}");
    }

    #[test]
    fn stratego_setup_swaps_and_the_engine_never_sees_hidden_ranks() {
        for kind in [GameKind::Stratego, GameKind::Barrage] {
            for human in [Player::First, Player::Second] {
                let (mut model, effects) = stratego(kind, human);
                assert!(posted_job(&effects).is_none(), "no search during setup");
                assert!(model.setup.is_some());
                assert!(!model.human_to_move());
                // The human sees his own ranks, not the engine's.
                let board = model.board().unwrap();
                for p in board.cells.iter().flatten() {
                    assert_eq!(p.hidden, p.owner != human, "{kind:?} {human:?}");
                }
                // Swap two of the human's squares by clicking.
                let cells: Vec<Sq> = (0..10)
                    .flat_map(|row| (0..10).map(move |col| Sq { row, col }))
                    .filter(|&sq| games::setup::cell_of(human, sq).is_some())
                    .filter(|&sq| board.at(sq).is_some())
                    .collect();
                let (a, b) = (
                    cells[0],
                    *cells
                        .iter()
                        .find(|&&sq| {
                            board.at(sq).map(|p| &p.label) != board.at(cells[0]).map(|p| &p.label)
                        })
                        .unwrap(),
                );
                model.update(Msg::PointerDown(a));
                model.update(Msg::PointerDown(b));
                let after = model.board().unwrap();
                assert_eq!(after.at(a).map(|p| &p.label), board.at(b).map(|p| &p.label));
                assert_eq!(after.at(b).map(|p| &p.label), board.at(a).map(|p| &p.label));

                let effects = model.update(Msg::SetupDone);
                assert!(model.setup.is_none());
                // The engine searches only as Red (first); as Blue it waits.
                let job = posted_job(&effects);
                assert_eq!(job.is_some(), human == Player::Second);
                let request = match job {
                    Some((_, request)) => request,
                    None => model.search_job(model.engine_side()),
                };
                assert_hidden(kind, &request.position, human);
                // What crosses to the worker: serialize the message and
                // read the position back from the wire form.
                let wire = serde_json::to_string(&ToWorker::Search { job: 1, request }).unwrap();
                let Ok(ToWorker::Search { request: back, .. }) =
                    serde_json::from_str::<ToWorker>(&wire)
                else {
                    panic!("{wire}");
                };
                assert_hidden(kind, &back.position, human);
                // The human's true setup differs from what was sent.
                assert_ne!(back.position, model.session.view_text(human));
            }
        }
    }

    #[test]
    fn stratego_hidden_ranks_stay_hidden_while_playing() {
        let (mut model, _) = stratego(GameKind::Stratego, Player::First);
        model.update(Msg::SetupDone);
        for _ in 0..10 {
            if !model.human_to_move() {
                break;
            }
            let (job, request) = human_move(&mut model);
            // Pieces that fought are revealed; the others stay hidden.
            assert_hidden(GameKind::Stratego, &request.position, Player::First);
            let moves = {
                let config = starcut::stratego::StrategoConfig::default();
                let pos = <starcut::stratego::Stratego as starcut::Game>::parse_position(
                    &config,
                    &request.position,
                )
                .unwrap();
                let mut moves = Vec::new();
                starcut::Game::legal_moves(&pos, &mut moves);
                moves
                    .iter()
                    .map(|&m| starcut::Game::move_text(&pos, m))
                    .collect::<Vec<_>>()
            };
            model.update(done(job, &moves[0]));
        }
        assert!(model.session.cursor() >= 4);
    }

    #[test]
    fn a_setup_in_progress_survives_saving() {
        let (mut model, _) = stratego(GameKind::Barrage, Player::Second);
        model.update(Msg::SetupRandom(77));
        let saved = SavedGame::of(&model);
        let (mut other, _) = dice(Player::First, 1);
        let effects = SavedGame::from_json(&saved.to_json())
            .unwrap()
            .restore_into(&mut other)
            .unwrap();
        assert!(
            posted_job(&effects).is_none(),
            "the engine waits for the setup"
        );
        assert_eq!(other.setup, model.setup);
        assert_eq!(other.session.record_text(), model.session.record_text());
        // A tampered setup is refused.
        let mut bad = saved.clone();
        bad.human_setup.as_mut().unwrap().0 = "junk".into();
        assert!(bad.restore_into(&mut other).is_err());
    }
}
