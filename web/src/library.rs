//! The player's games in localStorage: every game under an id of its own,
//! so a new game, an opened link or a second tab never overwrites another
//! game, and the recent games of each kind can be resumed.
//!
//! Each entry keeps the game as the text of a [`SavedGame`], so a game this
//! version cannot read (a newer format, a damaged save) is kept as it was
//! rather than dropped. The list keeps the [`PER_KIND`] most recent games of
//! each kind that have a move in them; a game nobody has moved in is kept
//! only while it is on the board.

use crate::error::{WebError, WebErrorKind, WebResult};
use serde::{Deserialize, Serialize};
use starcut::Status;

use crate::model::Model;
use crate::saved::SavedGame;

/// Games kept per game kind.
pub const PER_KIND: usize = 8;

/// Bumped when the library's format changes incompatibly.
const VERSION: u32 = 1;

/// One saved game and what the list shows of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub id: u64,
    /// When it was last saved (milliseconds since the epoch).
    pub updated_ms: f64,
    /// The game's name (`dice`), kept as text.
    pub game: String,
    /// "Dice · 12 moves · you play Columns · in progress".
    pub summary: String,
    /// The player has made a move: the game is listed and kept.
    pub started: bool,
    /// The game, as [`SavedGame::to_json`] wrote it.
    pub saved: String,
}

impl Entry {
    /// The entry for the model's game, saved at `now_ms`.
    pub fn of(model: &Model, now_ms: f64) -> Entry {
        let session = model.session();
        let kind = session.kind();
        let names = kind.player_names();
        let human = model.human();
        let steps = session.steps();
        let cursor = session.cursor();
        let moves = steps[..cursor].iter().filter(|s| !s.chance).count();
        let started = steps[..cursor]
            .iter()
            .any(|s| !s.chance && s.mover == human);
        let state = match (model.resigned(), session.status_at(cursor)) {
            (Some(_), _) => "you resigned".to_string(),
            (None, Status::Terminal(Some(p))) if p == human => "won".into(),
            (None, Status::Terminal(Some(_))) => "lost".into(),
            (None, Status::Terminal(None)) => "drawn".into(),
            _ if model.setup().is_some() => "setting up".into(),
            _ => "in progress".into(),
        };
        Entry {
            id: model.game_id(),
            updated_ms: now_ms,
            game: kind.name().to_string(),
            summary: format!(
                "{} · {moves} move{} · you play {} · {state}",
                kind.title(),
                if moves == 1 { "" } else { "s" },
                names[human.index()],
            ),
            started,
            saved: SavedGame::of(model).to_json(),
        }
    }

    /// The saved game, read back.
    ///
    /// # Errors
    /// The entry's text is not a game this version reads.
    pub fn saved_game(&self) -> WebResult<SavedGame> {
        SavedGame::from_json(&self.saved)
    }
}

/// Every game the player has, newest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Library {
    pub version: u32,
    pub entries: Vec<Entry>,
}

impl Default for Library {
    fn default() -> Self {
        Library {
            version: VERSION,
            entries: Vec::new(),
        }
    }
}

impl Library {
    /// Reads the library's text.
    ///
    /// # Errors
    /// Text that is not a library, or a library of another format version.
    pub fn from_json(text: &str) -> WebResult<Library> {
        let library: Library = serde_json::from_str(text).map_err(|e| {
            WebError::new(
                WebErrorKind::BadLibrary,
                format!("unreadable list of games: {e}"),
            )
        })?;
        if library.version != VERSION {
            return Err(WebError::new(
                WebErrorKind::BadLibrary,
                format!(
                    "the list of games has format version {}, this app reads {VERSION}",
                    library.version
                ),
            ));
        }
        Ok(library)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn get(&self, id: u64) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The most recently saved game.
    pub fn latest(&self) -> Option<&Entry> {
        self.entries
            .iter()
            .max_by(|a, b| a.updated_ms.total_cmp(&b.updated_ms))
    }

    /// Stores `entry` (replacing the one with its id) and trims the list;
    /// `entry` itself is always kept.
    pub fn save(&mut self, entry: Entry) {
        let id = entry.id;
        self.entries.retain(|e| e.id != id);
        self.entries.push(entry);
        self.entries
            .sort_by(|a, b| b.updated_ms.total_cmp(&a.updated_ms));
        let mut per_kind: Vec<(String, usize)> = Vec::new();
        self.entries.retain(|e| {
            let saved_now = e.id == id;
            if !e.started && !saved_now {
                return false;
            }
            let n = match per_kind.iter_mut().find(|(g, _)| *g == e.game) {
                Some((_, n)) => n,
                None => {
                    per_kind.push((e.game.clone(), 0));
                    &mut per_kind.last_mut().expect("just pushed").1
                }
            };
            *n += 1;
            saved_now || *n <= PER_KIND
        });
    }

    /// The games to list: started ones (and `current`), newest first.
    pub fn recent(&self, current: u64) -> impl Iterator<Item = &Entry> {
        self.entries
            .iter()
            .filter(move |e| e.started || e.id == current)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games;
    use crate::model::Msg;
    use crate::protocol::GameKind;
    use starcut::Player;

    fn model(kind: GameKind, id: u64) -> Model {
        let session = games::new_session(GameKind::Dice, "").unwrap();
        let (mut model, _) = Model::new(session, Player::First, 1, id);
        model.update(Msg::NewGame {
            kind,
            human: Player::First,
            options: String::new(),
            seed: id,
            id,
        });
        model
    }

    fn started(kind: GameKind, id: u64, at: f64) -> Entry {
        let mut m = model(kind, id);
        let mv = m.human_moves()[0].clone();
        m.update(Msg::MoveTyped(mv));
        Entry::of(&m, at)
    }

    #[test]
    fn an_entry_describes_its_game_and_reads_back() {
        let fresh = Entry::of(&model(GameKind::ChanceBreakthrough, 5), 1.0);
        assert!(!fresh.started);
        assert_eq!(fresh.id, 5);
        assert_eq!(
            fresh.summary,
            "ChanceBreakthrough · 0 moves · you play White · in progress"
        );
        let e = started(GameKind::Dice, 6, 2.0);
        assert!(e.started);
        assert!(e.summary.starts_with("Dice · "), "{}", e.summary);
        let back = e.saved_game().unwrap().load().unwrap();
        assert_eq!(back.session.kind(), GameKind::Dice);
    }

    #[test]
    fn saving_keeps_other_games_and_trims_old_ones_per_kind() {
        let mut lib = Library::default();
        lib.save(started(GameKind::Dice, 1, 1.0));
        lib.save(Entry::of(&model(GameKind::Dice, 2), 2.0));
        // A new unstarted game is kept while it is the one saved...
        assert!(lib.get(2).is_some());
        assert_eq!(lib.recent(2).count(), 2);
        assert_eq!(lib.recent(1).count(), 1, "unstarted games are not listed");
        // ...and dropped once another game is saved.
        lib.save(started(GameKind::Breakthrough, 3, 3.0));
        assert!(lib.get(2).is_none());
        assert!(lib.get(1).is_some(), "a started game is never overwritten");
        for i in 0..PER_KIND as u64 + 2 {
            lib.save(started(GameKind::Dice, 10 + i, 10.0 + i as f64));
        }
        let dice = lib.entries.iter().filter(|e| e.game == "dice").count();
        assert_eq!(dice, PER_KIND);
        assert!(lib.get(1).is_none(), "the oldest Dice game went");
        assert!(lib.get(3).is_some(), "other kinds are kept");
        assert_eq!(lib.latest().unwrap().id, 10 + PER_KIND as u64 + 1);
        let text = lib.to_json();
        assert_eq!(Library::from_json(&text).unwrap(), lib);
    }

    #[test]
    fn unreadable_libraries_and_games_are_errors_not_losses() {
        assert!(Library::from_json("{").is_err());
        assert!(Library::from_json(r#"{"version":9,"entries":[]}"#)
            .unwrap_err()
            .detail
            .contains("version 9"));
        // An entry this version cannot read is kept as text.
        let mut lib = Library::default();
        let mut odd = started(GameKind::Dice, 1, 1.0);
        odd.saved = "{\"version\":99}".into();
        lib.save(odd.clone());
        lib.save(started(GameKind::Dice, 2, 2.0));
        assert_eq!(lib.get(1), Some(&odd));
        assert!(lib.get(1).unwrap().saved_game().is_err());
    }
}
