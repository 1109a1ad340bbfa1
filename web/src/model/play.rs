//! Moves: the human's (clicks, drags, typed text, the roll button) and the
//! engine's (the jobs sent to the worker and what comes back).

use starcut::{Player, Status};

use super::engine::Finished;
use super::{Effect, Model, Notice, Purpose};
use crate::board::{Board, Sq};
use crate::protocol::{FromWorker, SearchJob};

impl Model {
    /// The step count shown on the board.
    pub fn shown(&self) -> usize {
        self.browse.unwrap_or(self.session.cursor())
    }

    /// The board as the human sees it at the shown step (every piece once
    /// a game of hidden pieces is over: both sides may look then).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Works out the shown board (after every update).
    pub(super) fn refresh_board(&mut self) {
        let viewer = (!self.reveal_all()).then_some(self.human);
        self.board = self.session.board_at(self.shown(), viewer);
    }

    /// While a search runs on the position shown: its best move and the
    /// reply it expects, the first decisions of its live principal
    /// variation, each with the side that makes it and its squares.
    pub fn thinking_line(&self) -> Vec<(Player, Vec<Sq>)> {
        let (Some(_), false) = (self.engine.thinking(), self.browsing()) else {
            return Vec::new();
        };
        let Some(shown) = self.engine.report() else {
            return Vec::new();
        };
        if shown.at != self.shown() {
            return Vec::new();
        }
        let mut line = self.session.line_moves(shown.at, &shown.report.pv);
        line.truncate(2);
        line
    }

    /// The squares a move or outcome text names in the shown position
    /// (the hint, the engine's best line).
    pub fn squares_of(&self, text: &str) -> Vec<Sq> {
        self.session.squares_of(self.shown(), text)
    }

    /// The shown position in notation, as the board shows it.
    pub fn position_text(&self) -> String {
        let n = self.shown();
        if self.reveal_all() {
            self.session.position_text_at(n)
        } else {
            self.session.view_text_at(n, self.human)
        }
    }

    /// A finished Stratego game shows every piece at its end.
    fn reveal_all(&self) -> bool {
        self.session.kind().is_stratego()
            && self.game_over()
            && self.shown() == self.session.cursor()
    }

    /// The human may move now.
    pub fn human_to_move(&self) -> bool {
        let n = self.session.cursor();
        !self.game_over()
            && self.setup.is_none()
            && self.browse.is_none()
            && self
                .engine
                .thinking()
                .is_none_or(|t| t.purpose != Purpose::Reply)
            && self.session.status_at(n) == Status::Decision
            && self.session.to_move_at(n) == self.human
    }

    /// The engine is to move and nothing is running (after a stop or crash).
    pub fn engine_may_move(&self) -> bool {
        let n = self.session.cursor();
        !self.game_over()
            && self.setup.is_none()
            && self.engine.thinking().is_none()
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

    /// The human's legal moves with the squares each names (none while
    /// the engine is to move).
    fn human_move_squares(&self) -> Vec<(String, Vec<Sq>)> {
        if self.human_to_move() {
            self.session.legal_move_squares()
        } else {
            Vec::new()
        }
    }

    /// Squares the selected piece can move to, with the moves' texts.
    pub fn destinations(&self) -> Vec<(Sq, String)> {
        let Some(sel) = self.selected else {
            return Vec::new();
        };
        self.human_move_squares()
            .into_iter()
            .filter_map(|(m, sqs)| match sqs.as_slice() {
                [from, .., to] if *from == sel => Some((*to, m)),
                _ => None,
            })
            .collect()
    }

    /// Squares that are a whole move by themselves (Dice placements).
    pub fn placements(&self) -> Vec<(Sq, String)> {
        self.human_move_squares()
            .into_iter()
            .filter_map(|(m, sqs)| match sqs.as_slice() {
                [sq] => Some((*sq, m)),
                _ => None,
            })
            .collect()
    }

    pub(super) fn pointer_down(&mut self, sq: Sq, effects: &mut Vec<Effect>) {
        if self.setup.is_some() {
            self.setup_click(sq);
            return;
        }
        if self.browse.is_some() && !self.game_over() {
            self.back_to_current();
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

    /// Moves the keyboard cursor by rows and columns as the board is seen
    /// (flipped or not); it starts on the selected piece or the square of
    /// the human's side nearest the middle.
    pub(super) fn move_cursor(&mut self, dr: i8, dc: i8) {
        let board = self.board();
        let (rows, cols) = (board.rows as i16, board.cols as i16);
        // From the selected piece, or the middle of the screen's bottom
        // rank (the human's side).
        let start = self.cursor.or(self.selected).unwrap_or(Sq {
            row: if self.flipped { 0 } else { (rows - 1) as u8 },
            col: (cols / 2) as u8,
        });
        let (dr, dc) = if self.flipped {
            (-i16::from(dr), -i16::from(dc))
        } else {
            (i16::from(dr), i16::from(dc))
        };
        let row = (i16::from(start.row) + dr).clamp(0, rows - 1);
        let col = (i16::from(start.col) + dc).clamp(0, cols - 1);
        let moved = Sq {
            row: row as u8,
            col: col as u8,
        };
        self.cursor = Some(if self.cursor.is_none() { start } else { moved });
    }

    pub(super) fn pointer_up(&mut self, sq: Sq, effects: &mut Vec<Effect>) {
        // A drag in the setup area swaps the two pieces.
        if self.setup.is_some() {
            if self.selected.is_some_and(|s| s != sq) {
                self.setup_click(sq);
            }
            return;
        }
        if self.selected.is_some_and(|s| s != sq) {
            if let Some((_, mv)) = self.destinations().into_iter().find(|(s, _)| *s == sq) {
                self.human_plays(&mv, effects);
            }
        }
    }

    /// A typed move: any case, surrounding space ignored. A refused move
    /// stays in the box with one message naming the problem.
    pub(super) fn move_typed(&mut self, text: &str, effects: &mut Vec<Effect>) {
        let text = text.trim().to_ascii_lowercase();
        if text.is_empty() {
            return;
        }
        if self.browse.is_some() && !self.game_over() {
            self.back_to_current();
            return;
        }
        if !self.human_to_move() {
            let why = if self.game_over() {
                "the game is over"
            } else if self.setup.is_some() {
                "finish the setup first (Start playing)"
            } else {
                "it is not your turn"
            };
            self.error(format!("Move '{text}' not played: {why}."));
            return;
        }
        if self.human_plays(&text, effects) {
            effects.push(Effect::ClearMoveInput);
        }
    }

    /// Plays a move of the human's; false (with a notice) if illegal.
    pub(super) fn human_plays(&mut self, text: &str, effects: &mut Vec<Effect>) -> bool {
        let cursor = self.session.cursor();
        match self.session.play(text) {
            Ok(()) => {
                self.review.truncate(cursor);
                self.selected = None;
                self.engine.clear_hint();
                self.notice = None;
                if self.engine.thinking().is_some() {
                    // A hint or a review search of the old position.
                    self.engine.cancel(effects);
                    self.review.stop();
                }
                self.advance(effects);
                true
            }
            Err(e) => {
                self.error(illegal_move_text(text, &e.detail));
                false
            }
        }
    }

    pub(super) fn start_search(&mut self, purpose: Purpose, effects: &mut Vec<Effect>) {
        let side = match purpose {
            Purpose::Reply => self.engine_side(),
            Purpose::Hint | Purpose::Review => self.human,
        };
        let request = self.search_job(side);
        let at = self.session.cursor();
        self.engine.start(purpose, side, at, request, effects);
    }

    /// The request for a search by `side` at the cursor: the position as
    /// `side` knows it, nothing more.
    pub fn search_job(&self, side: Player) -> SearchJob {
        SearchJob {
            game: self.session.kind(),
            options: self.session.options().to_string(),
            position: self.session.view_text(side),
            settings: self.engine.settings().clone(),
            seed: (self.seed ^ (self.seed >> 32)) as u32,
        }
    }

    pub(super) fn stop(&mut self, effects: &mut Vec<Effect>) {
        let Some((thinking, best)) = self.engine.stop(effects) else {
            return;
        };
        match (thinking.purpose, best) {
            (Purpose::Reply, Some(best)) if thinking.at == self.session.cursor() => {
                self.engine_plays(&best, effects);
                self.notice = Some(Notice::info(format!(
                    "Stopped: the engine played its best move so far, {best}."
                )));
            }
            (Purpose::Reply, _) => {
                self.notice = Some(Notice::info(
                    "Stopped before the engine found a move. Press Engine move to let it think again.",
                ));
            }
            (Purpose::Hint, _) => {}
            (Purpose::Review, _) => self.review.stop(),
        }
    }

    fn engine_plays(&mut self, text: &str, effects: &mut Vec<Effect>) {
        let cursor = self.session.cursor();
        match self.session.play(text) {
            Ok(()) => {
                self.review.truncate(cursor);
                self.advance(effects)
            }
            Err(e) => self.error(format!(
                "The engine chose '{text}', which is illegal here: {e}"
            )),
        }
    }

    pub(super) fn worker_reply(&mut self, reply: FromWorker, effects: &mut Vec<Effect>) {
        match self.engine.receive(reply) {
            None => {}
            Some(Finished::Hint) => self.record_report(),
            Some(Finished::Reply { best, at }) => {
                self.record_report();
                if at == self.session.cursor() {
                    self.engine_plays(&best, effects);
                }
            }
            Some(Finished::Review { at, value }) => {
                let side = self.session.to_move_at(at);
                let mine = value.map_or(f64::NAN, |v| if side == self.human { v } else { -v });
                self.review.record(at, mine);
                self.next_review_job(effects);
            }
            Some(Finished::Failed(text)) => self.error(text),
        }
    }

    /// A finished search of play gives the graph the value of the
    /// position it searched (the player's view).
    fn record_report(&mut self) {
        if let Some(r) = self.engine.report() {
            if let Some(v) = r.report.value {
                let mine = if r.side == self.human { v } else { -v };
                self.review.record(r.at, mine);
            }
        }
    }

    /// Starts (or resumes) the review of every position of the game up to
    /// the cursor; positions already valued are skipped.
    pub(super) fn start_review(&mut self, effects: &mut Vec<Effect>) {
        if self.setup.is_some()
            || self
                .engine
                .thinking()
                .is_some_and(|t| t.purpose == Purpose::Reply)
        {
            self.error("The review waits for the engine's move.".into());
            return;
        }
        let bound = self.session.bound();
        let mut points = Vec::new();
        for n in 0..=self.session.cursor() {
            match self.session.status_at(n) {
                Status::Terminal(w) => {
                    let v = match w {
                        Some(p) if p == self.human => bound,
                        Some(_) => -bound,
                        None => 0.0,
                    };
                    self.review.record(n, v);
                }
                _ => points.push(n),
            }
        }
        if self.review.start(points).is_some() {
            self.next_review_job(effects);
        }
    }

    /// Posts the review's next search, or ends the review.
    fn next_review_job(&mut self, effects: &mut Vec<Effect>) {
        let Some(n) = self.review.next_position() else {
            return;
        };
        let mut request = self.search_job(self.human);
        request.position = self.session.view_text_at(n, self.human);
        // Every position alike: a short fixed search.
        request.settings.strength = crate::strength::Strength::Research;
        request.settings.limit = crate::protocol::Limit::Time { ms: REVIEW_MS };
        let side = self.session.to_move_at(n);
        self.engine
            .start(Purpose::Review, side, n, request, effects);
    }
}

/// The review's search time per position.
pub const REVIEW_MS: u32 = 250;

/// "Illegal move 'z9': …" without saying the move twice when the engine's
/// own message already names it.
fn illegal_move_text(text: &str, error: &str) -> String {
    let named = format!("'{text}'");
    match error.strip_prefix(&named) {
        Some(rest) => format!(
            "Illegal move '{text}'{}",
            if rest.starts_with(':') {
                rest.to_string()
            } else {
                format!(": {}", rest.trim_start())
            }
        ),
        None if error.contains(&named) => error.to_string(),
        None => format!("Illegal move '{text}': {error}"),
    }
}

#[cfg(test)]
mod tests {
    use super::illegal_move_text;

    #[test]
    fn an_illegal_move_is_named_once() {
        assert_eq!(
            illegal_move_text("z9", "'z9': not a square"),
            "Illegal move 'z9': not a square"
        );
        assert_eq!(
            illegal_move_text("z9", "move 'z9' is not legal"),
            "move 'z9' is not legal"
        );
        assert_eq!(
            illegal_move_text("a1", "the game is over"),
            "Illegal move 'a1': the game is over"
        );
    }
}
