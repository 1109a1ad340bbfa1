//! The UI model: the whole state of the page and how messages change it.
//!
//! Plain Rust with no web-sys, in the Elm style: the page turns every user
//! action and worker message into a [`Msg`], [`Model::update`] changes the
//! state and returns the [`Effect`]s the page must carry out (post a job to
//! the worker, replace the worker), and the page redraws from the state.
//! The fields are private: nothing outside `update` changes the model, and
//! all game logic of the page is testable natively.
//!
//! By concern: [`engine`] (worker, jobs, reports, hint, settings),
//! `record` (the game: new games, setup, chance outcomes, undo and redo,
//! browsing, resigning, links and saved games), [`moves`] (the move list)
//! and `present` (what the page shows: status line, battle, evaluation).

pub mod engine;
pub mod moves;
mod play;
mod present;
mod record;
pub mod review;
#[cfg(test)]
mod tests;

use starcut::Player;

use crate::board::{Board, Sq};
use crate::protocol::{FromWorker, GameKind, SearchSettings, ToWorker};
use crate::saved::SavedGame;
use crate::session::Session;
pub use engine::{EngineState, Purpose, ShownReport, Thinking, WorkerState};
pub use present::{BattleShow, EvalShown, TrackerRow};

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
    /// The board's keyboard cursor moves by (rows, columns) on the screen
    /// (arrow keys while the board has the focus).
    CursorMove(i8, i8),
    /// Enter or Space on the board: the cursor's square, as a click.
    CursorPick,
    /// The board lost the focus: the cursor is hidden.
    CursorHide,
    /// A move typed into the move box (any case).
    MoveTyped(String),
    /// The roll button (ChanceBreakthrough's `roll` move).
    Roll,
    Undo,
    Redo,
    Flip,
    Hint,
    /// Asks to resign; [`Msg::ConfirmResign`] does it.
    Resign,
    ConfirmResign,
    CancelResign,
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
        /// The id the page saves the game under.
        id: u64,
    },
    Browse(Nav),
    /// Stratego setup phase: use a preset for the human's pieces.
    SetupPreset(String),
    /// Stratego setup phase: a setup of the player's own (its name and its
    /// text, front row first), checked before it is used.
    SetupOwn {
        name: String,
        text: String,
    },
    /// Stratego setup phase: a random setup for the human's pieces.
    SetupRandom(u64),
    /// Stratego setup phase: the human is done; play starts.
    SetupDone,
    Settings(SearchSettings),
    WorkerReady,
    Worker(FromWorker),
    /// The worker failed to load or crashed.
    WorkerFailed(String),
    /// A message from the page (storage, clipboard).
    Notify(Notice),
    DismissNotice,
    /// Continue a saved game (the page's recent games), saved under `id`.
    Resume {
        id: u64,
        saved: Box<SavedGame>,
    },
    /// A share link was opened. It is checked; the game in progress is
    /// replaced only when it has no move yet, otherwise the player is
    /// asked ([`Msg::AcceptLink`] / [`Msg::KeepGame`]).
    OfferLink {
        id: u64,
        saved: Box<SavedGame>,
    },
    AcceptLink,
    KeepGame,
    /// Evaluate every position of the game in the worker (or go on with a
    /// review stopped earlier).
    ReviewStart,
    ReviewStop,
}

/// What the page must do after an update.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Send to the worker (queued by the page until the worker is ready).
    Post(ToWorker),
    /// Terminate the worker and start a new one.
    RestartWorker,
    /// The typed move was played: empty the move box (a refused one stays
    /// there to be corrected).
    ClearMoveInput,
}

/// A message for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub error: bool,
    pub text: String,
}

impl Notice {
    pub fn error(text: impl Into<String>) -> Notice {
        Notice {
            error: true,
            text: text.into(),
        }
    }

    pub fn info(text: impl Into<String>) -> Notice {
        Notice {
            error: false,
            text: text.into(),
        }
    }
}

/// A dice roll or chance outcome being shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollShow {
    /// The step count after the roll: tells one roll from the next, so
    /// the page can restart its animation.
    pub serial: u64,
    pub text: String,
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

/// A checked share link waiting for the player's choice.
pub struct LinkOffer {
    id: u64,
    game: crate::saved::LoadedGame,
    /// "a Dice game of 12 moves".
    pub description: String,
}

/// The state of the page.
pub struct Model {
    /// The id the page saves this game under.
    game_id: u64,
    session: Box<dyn Session>,
    human: Player,
    /// Seed of the page's chance outcomes: a game replays from its seed.
    seed: u64,
    resigned: Option<Player>,
    /// Present while a Stratego game is being set up.
    setup: Option<SetupPhase>,
    flipped: bool,
    selected: Option<Sq>,
    /// The keyboard cursor on the board (shown while the board has the
    /// focus).
    cursor: Option<Sq>,
    /// Browsing the move list: the step count shown instead of the cursor.
    browse: Option<usize>,
    engine: EngineState,
    notice: Option<Notice>,
    /// Resign was pressed once; a second press confirms.
    confirm_resign: bool,
    offer: Option<LinkOffer>,
    review: review::Review,
    /// The shown position's board as the human may see it, worked out
    /// once per update for every widget that draws or reads it.
    board: Board,
}

impl Model {
    /// A model around a session (saved under `id`); starts the engine if
    /// it is to move.
    pub fn new(
        session: Box<dyn Session>,
        human: Player,
        seed: u64,
        id: u64,
    ) -> (Model, Vec<Effect>) {
        let mut model = Model {
            game_id: id,
            session,
            human,
            seed,
            resigned: None,
            setup: None,
            flipped: human == Player::Second,
            selected: None,
            cursor: None,
            browse: None,
            engine: EngineState::default(),
            notice: None,
            confirm_resign: false,
            offer: None,
            review: review::Review::default(),
            board: Board::empty(0, 0),
        };
        let mut effects = Vec::new();
        model.advance(&mut effects);
        model.refresh_board();
        (model, effects)
    }

    // ----- reading the state ------------------------------------------------

    pub fn game_id(&self) -> u64 {
        self.game_id
    }

    pub fn session(&self) -> &dyn Session {
        self.session.as_ref()
    }

    pub fn kind(&self) -> GameKind {
        self.session.kind()
    }

    pub fn human(&self) -> Player {
        self.human
    }

    pub fn engine_side(&self) -> Player {
        self.human.other()
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn resigned(&self) -> Option<Player> {
        self.resigned
    }

    pub fn setup(&self) -> Option<&SetupPhase> {
        self.setup.as_ref()
    }

    pub fn flipped(&self) -> bool {
        self.flipped
    }

    pub fn selected(&self) -> Option<Sq> {
        self.selected
    }

    pub fn cursor(&self) -> Option<Sq> {
        self.cursor
    }

    /// Browsing the move list (the board shows an earlier position).
    pub fn browsing(&self) -> bool {
        self.browse.is_some()
    }

    pub fn engine(&self) -> &EngineState {
        &self.engine
    }

    pub fn settings(&self) -> &SearchSettings {
        self.engine.settings()
    }

    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    pub fn confirming_resign(&self) -> bool {
        self.confirm_resign
    }

    pub fn offer(&self) -> Option<&LinkOffer> {
        self.offer.as_ref()
    }

    pub fn review(&self) -> &review::Review {
        &self.review
    }

    // ----- changing it ------------------------------------------------------

    /// Handles one message.
    pub fn update(&mut self, msg: Msg) -> Vec<Effect> {
        let mut effects = Vec::new();
        if !matches!(msg, Msg::ConfirmResign | Msg::Worker(_) | Msg::WorkerReady) {
            self.confirm_resign = false;
        }
        match msg {
            Msg::PointerDown(sq) => self.pointer_down(sq, &mut effects),
            Msg::PointerUp(sq) => self.pointer_up(sq, &mut effects),
            Msg::CursorMove(dr, dc) => self.move_cursor(dr, dc),
            Msg::CursorHide => self.cursor = None,
            Msg::CursorPick => {
                if let Some(sq) = self.cursor {
                    self.pointer_down(sq, &mut effects);
                }
            }
            Msg::MoveTyped(text) => self.move_typed(&text, &mut effects),
            Msg::Roll => {
                if self.human_moves().iter().any(|m| m == "roll") {
                    self.human_plays("roll", &mut effects);
                }
            }
            Msg::Undo => self.undo(&mut effects),
            Msg::Redo => self.redo(&mut effects),
            Msg::Flip => self.flipped = !self.flipped,
            Msg::Hint => {
                if self.human_to_move() && self.engine.thinking().is_none() {
                    self.start_search(Purpose::Hint, &mut effects);
                }
            }
            Msg::Resign => self.confirm_resign = self.may_resign(),
            Msg::ConfirmResign => {
                if self.may_resign() {
                    self.engine.cancel(&mut effects);
                    self.browse = None;
                    self.resigned = Some(self.human);
                }
                self.confirm_resign = false;
            }
            Msg::CancelResign => {}
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
                id,
            } => self.new_game(kind, human, &options, seed, id, &mut effects),
            Msg::SetupPreset(name) => self.setup_preset(name),
            Msg::SetupOwn { name, text } => self.setup_own(name, text),
            Msg::SetupRandom(seed) => self.setup_random(seed),
            Msg::SetupDone => {
                if self.setup.take().is_some() {
                    self.selected = None;
                    self.advance(&mut effects);
                }
            }
            Msg::Browse(nav) => self.browse_to(nav),
            Msg::Settings(settings) => self.engine.set_settings(settings),
            Msg::WorkerReady => self.engine.set_worker(WorkerState::Ready),
            Msg::Worker(reply) => self.worker_reply(reply, &mut effects),
            Msg::WorkerFailed(error) => {
                let was = self.engine.failed(error.clone());
                self.notice = Some(Notice::error(format!(
                    "The engine worker failed ({error}). A new worker was started{}",
                    if was.is_some() {
                        "; press Engine move to try again."
                    } else {
                        "."
                    }
                )));
                effects.push(Effect::RestartWorker);
            }
            Msg::Notify(notice) => self.notice = Some(notice),
            Msg::DismissNotice => self.notice = None,
            Msg::Resume { id, saved } => match saved.load() {
                Ok(game) => {
                    self.notice = None;
                    self.open(game, id, &mut effects);
                }
                Err(e) => {
                    self.notice = Some(Notice::error(format!(
                        "That saved game could not be opened: {e}. It is kept as it was; the game on the board is unchanged."
                    )))
                }
            },
            Msg::OfferLink { id, saved } => self.offer_link(id, *saved, &mut effects),
            Msg::AcceptLink => {
                if let Some(offer) = self.offer.take() {
                    self.notice = Some(Notice::info(
                        "Opened the linked game. Your previous game is kept under Recent games.",
                    ));
                    self.open(offer.game, offer.id, &mut effects);
                }
            }
            Msg::ReviewStart => self.start_review(&mut effects),
            Msg::ReviewStop => {
                self.review.stop();
                if self
                    .engine
                    .thinking()
                    .is_some_and(|t| t.purpose == Purpose::Review)
                {
                    self.engine.cancel(&mut effects);
                }
            }
            Msg::KeepGame => {
                if self.offer.take().is_some() {
                    self.notice = Some(Notice::info("Kept your game; the link was not opened."));
                }
            }
        }
        self.refresh_board();
        effects
    }

    /// Plays a step directly (either side), for tests that need a game in
    /// a given state.
    #[cfg(test)]
    pub(crate) fn force_play(&mut self, text: &str) -> crate::error::WebResult<()> {
        let played = self.session.play(text);
        self.refresh_board();
        played
    }

    fn error(&mut self, text: String) {
        self.notice = Some(Notice::error(text));
    }
}
