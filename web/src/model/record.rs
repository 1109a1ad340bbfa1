//! The game record: new games and the Stratego setup phase, games opened
//! from saves and links, the page's chance outcomes, undo and redo, and
//! browsing the move list.
//!
//! Undo never crosses a step that revealed a hidden piece (a battle, a
//! Scout run, a piece's first move), and a finished Stratego or Barrage
//! game cannot be taken back: what a player has seen stays seen, for the
//! human and for the engine alike.

use crate::error::WebResult;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use starcut::{Player, Status};

use super::{Effect, LinkOffer, Model, Nav, Notice, Purpose, SetupPhase};
use crate::games;
use crate::protocol::GameKind;
use crate::saved::{LoadedGame, SavedGame};
use crate::session::Session;

impl Model {
    /// The game is over (won, drawn or resigned) at the cursor.
    pub fn game_over(&self) -> bool {
        self.resigned.is_some()
            || matches!(
                self.session.status_at(self.session.cursor()),
                Status::Terminal(_)
            )
    }

    /// The human may resign now (asked, then confirmed).
    pub(super) fn may_resign(&self) -> bool {
        !self.game_over() && self.setup.is_none()
    }

    pub(super) fn new_game(
        &mut self,
        kind: GameKind,
        human: Player,
        options: &str,
        seed: u64,
        id: u64,
        effects: &mut Vec<Effect>,
    ) {
        let (session, setup) = if kind.is_stratego() {
            let preset = games::setup::presets(kind).into_iter().next();
            let human_setup = preset
                .as_deref()
                .and_then(games::setup::preset)
                .unwrap_or_else(|| games::setup::random(kind, seed ^ 1));
            let phase = SetupPhase {
                human_setup,
                engine_setup: games::setup::guarded(kind, seed),
                preset,
            };
            (setup_session(kind, options, human, &phase), Some(phase))
        } else {
            (games::new_session(kind, options), None)
        };
        match session {
            Ok(session) => {
                self.notice = None;
                self.setup = setup;
                self.game_id = id;
                self.replace(session, human, seed, None, effects);
            }
            Err(e) => self.error(format!("Cannot start {}: {e}", kind.title())),
        }
    }

    /// Replaces the game (new game, resumed game, opened link); a game
    /// that is not resigned goes on (the engine starts if it is to move).
    fn replace(
        &mut self,
        session: Box<dyn Session>,
        human: Player,
        seed: u64,
        resigned: Option<Player>,
        effects: &mut Vec<Effect>,
    ) {
        self.engine.cancel(effects);
        self.engine.clear();
        self.session = session;
        self.human = human;
        self.seed = seed;
        self.flipped = human == Player::Second;
        self.selected = None;
        self.browse = None;
        self.resigned = resigned;
        self.offer = None;
        self.review = super::review::Review::default();
        self.advance(effects);
    }

    /// Opens a loaded game under `id`.
    pub(super) fn open(&mut self, game: LoadedGame, id: u64, effects: &mut Vec<Effect>) {
        self.game_id = id;
        self.setup = game.setup;
        self.engine.set_settings(game.settings);
        self.replace(game.session, game.human, game.seed, game.resigned, effects);
        self.flipped = game.flipped;
        self.review = super::review::Review::restore(&game.review);
    }

    /// A link opened: refused with a notice if it does not replay, opened
    /// at once over a game without moves, otherwise offered.
    pub(super) fn offer_link(&mut self, id: u64, saved: SavedGame, effects: &mut Vec<Effect>) {
        let mut game = match saved.load() {
            Ok(game) => game,
            Err(e) => {
                self.error(format!(
                    "The shared link could not be opened: {e}. Your game is unchanged."
                ));
                return;
            }
        };
        // A link carries no settings: the game opens with the player's own
        // (strength, research settings), as every game site keeps them.
        game.settings = self.engine.settings().clone();
        let moves = game.session.steps().iter().filter(|s| !s.chance).count();
        let description = format!(
            "a {} game of {moves} move{}",
            game.session.kind().title(),
            if moves == 1 { "" } else { "s" }
        );
        let ours = self
            .session
            .steps()
            .iter()
            .any(|s| !s.chance && s.mover == self.human);
        if !ours || self.session.record_text() == game.session.record_text() {
            self.notice = Some(Notice::info(format!(
                "Opened the linked game: {description}."
            )));
            self.open(game, id, effects);
        } else {
            self.offer = Some(LinkOffer {
                id,
                game,
                description,
            });
        }
    }

    pub(super) fn setup_preset(&mut self, name: String) {
        if let Some(text) = games::setup::preset(&name) {
            self.change_setup(|phase| {
                phase.human_setup = text;
                phase.preset = Some(name);
            });
        }
    }

    /// A setup the player saved: used if it is the variant's army.
    pub(super) fn setup_own(&mut self, name: String, text: String) {
        self.change_setup(|phase| {
            phase.human_setup = text;
            phase.preset = Some(name);
        });
    }

    pub(super) fn setup_random(&mut self, seed: u64) {
        let kind = self.session.kind();
        self.change_setup(|phase| {
            phase.human_setup = games::setup::guarded(kind, seed);
            phase.preset = None;
        });
    }

    /// Setup phase: the first click picks a piece of the human's setup
    /// area, the second swaps it with another square of that area.
    pub(super) fn setup_click(&mut self, sq: crate::board::Sq) {
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

    /// After a step: applies chance outcomes by the page's dice and starts
    /// the engine when it is to move. Only at the end of the record (a redo
    /// tail keeps its recorded outcomes).
    pub(super) fn advance(&mut self, effects: &mut Vec<Effect>) {
        if self.setup.is_some() {
            return;
        }
        while self.session.cursor() == self.session.len() && self.resigned.is_none() {
            let n = self.session.cursor();
            match self.session.status_at(n) {
                Status::Chance => {
                    let Some(text) = self.sample_outcome(n) else {
                        break;
                    };
                    if let Err(e) = self.session.play(&text) {
                        self.error(format!("Chance outcome '{text}' failed: {e}"));
                        break;
                    }
                }
                Status::Decision if self.session.to_move_at(n) == self.engine_side() => {
                    if self.engine.thinking().is_none() {
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

    /// The step counts (before the end of the record) at which the human
    /// made a decision: the points undo and redo stop at.
    fn human_decisions(&self) -> impl Iterator<Item = usize> + '_ {
        self.session
            .steps()
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.chance && s.mover == self.human)
            .map(|(i, _)| i)
    }

    /// The earliest step count undo may return to: just after the last
    /// step that revealed a hidden piece; the cursor itself once a Stratego
    /// game is over (its pieces are then shown).
    fn undo_floor(&self) -> usize {
        let cursor = self.session.cursor();
        if self.session.kind().is_stratego() && self.game_over() {
            return cursor;
        }
        self.session.steps()[..cursor]
            .iter()
            .rposition(|s| s.reveals)
            .map_or(0, |i| i + 1)
    }

    /// Where undo goes: the human's last decision at or after the floor.
    fn undo_target(&self) -> Option<usize> {
        let (cursor, floor) = (self.session.cursor(), self.undo_floor());
        self.human_decisions()
            .filter(|&n| n >= floor && n < cursor)
            .last()
    }

    /// Undo has a human move to take back.
    pub fn can_undo(&self) -> bool {
        self.setup.is_none() && self.undo_target().is_some()
    }

    /// Why undo cannot go further back, when a human move before the
    /// cursor is out of its reach.
    pub fn undo_blocked(&self) -> Option<String> {
        if self.setup.is_some() {
            return None;
        }
        let cursor = self.session.cursor();
        let floor = self.undo_floor();
        if !self.human_decisions().any(|n| n < floor.min(cursor)) {
            return None;
        }
        if floor == cursor && self.game_over() {
            return Some("A finished game of hidden pieces cannot be taken back.".into());
        }
        let steps = self.session.steps();
        let at = floor.checked_sub(1)?;
        let what = if steps[at].battle.is_some() {
            "a battle"
        } else {
            "it revealed a piece"
        };
        Some(format!(
            "Undo stops after {} ({what}): what a player has seen stays seen.",
            super::moves::step_label(self.session.kind(), steps, at)
        ))
    }

    pub(super) fn undo(&mut self, effects: &mut Vec<Effect>) {
        self.browse = None;
        self.selected = None;
        self.engine.clear_hint();
        if let Some(n) = self.undo_target() {
            self.engine.cancel(effects);
            self.resigned = None;
            self.session.set_cursor(n);
        }
    }

    pub(super) fn redo(&mut self, effects: &mut Vec<Effect>) {
        self.browse = None;
        self.selected = None;
        self.engine.clear_hint();
        let cursor = self.session.cursor();
        let len = self.session.len();
        if cursor == len || self.resigned.is_some() {
            return;
        }
        self.engine.cancel(effects);
        let target = self.human_decisions().find(|&n| n > cursor).unwrap_or(len);
        self.session.set_cursor(target);
        self.advance(effects);
    }

    pub(super) fn browse_to(&mut self, nav: Nav) {
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

    /// Leaves browsing for the current position, telling the player why
    /// the move they tried was not played.
    pub(super) fn back_to_current(&mut self) {
        if let Some(n) = self.browse.take() {
            self.selected = None;
            self.notice = Some(Notice::info(format!(
                "You were viewing step {n} of {}: back at the current position. Play your move here.",
                self.session.cursor()
            )));
        }
    }
}

/// The Stratego game of a setup phase (Red's setup first).
pub(super) fn setup_session(
    kind: GameKind,
    options: &str,
    human: Player,
    phase: &SetupPhase,
) -> WebResult<Box<dyn Session>> {
    let (red, blue) = match human {
        Player::First => (&phase.human_setup, &phase.engine_setup),
        Player::Second => (&phase.engine_setup, &phase.human_setup),
    };
    games::setup::session(kind, options, red, blue)
}
