//! The library of games in localStorage, and which game this tab shows
//! (sessionStorage, so a reload continues the same game and a second tab
//! keeps its own).
//!
//! Every save reads the library afresh and writes back only its own entry,
//! so two tabs never overwrite each other's games. Text that cannot be read
//! is moved aside under a key of its own, never overwritten.

use crate::library::{Entry, Library};
use crate::saved::SavedGame;

use super::dom;

/// localStorage: the library of games.
const LIBRARY_KEY: &str = "starcut.games";
/// localStorage: the one saved game of earlier versions (moved into the
/// library on first load).
const OLD_GAME_KEY: &str = "starcut.game";
/// sessionStorage: the id of the game this tab shows.
const CURRENT_KEY: &str = "starcut.current";

fn local() -> Option<web_sys::Storage> {
    dom::window().local_storage().ok().flatten()
}

fn session() -> Option<web_sys::Storage> {
    dom::window().session_storage().ok().flatten()
}

/// A key not used yet, for text moved aside (`starcut.games.unreadable`,
/// then `…-2`, …).
fn aside_key(storage: &web_sys::Storage, base: &str) -> String {
    let mut key = format!("{base}.unreadable");
    let mut n = 1;
    while storage.get_item(&key).ok().flatten().is_some() {
        n += 1;
        key = format!("{base}.unreadable-{n}");
    }
    key
}

/// Reads the library. Unreadable text is moved aside (and named in the
/// returned notice) so that no save can overwrite it.
fn read(storage: &web_sys::Storage) -> (Library, Option<String>) {
    let Some(text) = storage.get_item(LIBRARY_KEY).ok().flatten() else {
        return (Library::default(), None);
    };
    match Library::from_json(&text) {
        Ok(library) => (library, None),
        Err(e) => {
            let key = aside_key(storage, LIBRARY_KEY);
            let _ = storage.set_item(&key, &text);
            let _ = storage.remove_item(LIBRARY_KEY);
            let notice = format!(
                "Your saved games could not be read ({e}); they are kept unchanged in localStorage under '{key}'."
            );
            (Library::default(), Some(notice))
        }
    }
}

/// Reads the library at start-up, moving the single saved game of earlier
/// versions into it under `fresh_id`.
pub fn load(fresh_id: u64) -> (Library, Option<String>) {
    let Some(storage) = local() else {
        return (Library::default(), None);
    };
    let (mut library, mut notice) = read(&storage);
    if let Some(text) = storage.get_item(OLD_GAME_KEY).ok().flatten() {
        match SavedGame::from_json(&text) {
            Ok(saved) => {
                library.entries.push(Entry {
                    id: fresh_id,
                    updated_ms: 0.0,
                    game: saved.game.name().to_string(),
                    summary: format!("{} · a game saved before this version", saved.game.title()),
                    started: true,
                    saved: text,
                });
                if storage.set_item(LIBRARY_KEY, &library.to_json()).is_ok() {
                    let _ = storage.remove_item(OLD_GAME_KEY);
                }
            }
            Err(e) => {
                let key = aside_key(&storage, OLD_GAME_KEY);
                let _ = storage.set_item(&key, &text);
                let _ = storage.remove_item(OLD_GAME_KEY);
                notice = Some(format!(
                    "The saved game could not be restored ({e}); it is kept unchanged in localStorage under '{key}'."
                ));
            }
        }
    }
    (library, notice)
}

/// Saves one game: the library is read again and only this entry changes.
/// Returns the library as stored.
pub fn save(entry: Entry) -> Library {
    let Some(storage) = local() else {
        let mut library = Library::default();
        library.save(entry);
        return library;
    };
    let (mut library, _) = read(&storage);
    library.save(entry);
    let _ = storage.set_item(LIBRARY_KEY, &library.to_json());
    library
}

/// The id of the game this tab showed before a reload.
pub fn current() -> Option<u64> {
    session()?
        .get_item(CURRENT_KEY)
        .ok()
        .flatten()?
        .parse()
        .ok()
}

pub fn set_current(id: u64) {
    if let Some(s) = session() {
        let _ = s.set_item(CURRENT_KEY, &id.to_string());
    }
}

/// localStorage: the player's own setups, by game (`stratego`, `barrage`)
/// and name.
const SETUPS_KEY: &str = "starcut.setups";

type Setups = std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>>;

fn read_setups() -> Setups {
    local()
        .and_then(|s| s.get_item(SETUPS_KEY).ok().flatten())
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

fn write_setups(all: &Setups) {
    if let (Some(s), Ok(text)) = (local(), serde_json::to_string(all)) {
        let _ = s.set_item(SETUPS_KEY, &text);
    }
}

/// The player's saved setups of a game: (name, text), by name.
pub fn setups(game: &str) -> Vec<(String, String)> {
    read_setups()
        .remove(game)
        .map(|m| m.into_iter().collect())
        .unwrap_or_default()
}

/// Saves (or replaces) a setup under `name`.
pub fn save_setup(game: &str, name: &str, text: &str) {
    let mut all = read_setups();
    all.entry(game.to_string())
        .or_default()
        .insert(name.to_string(), text.to_string());
    write_setups(&all);
}

pub fn delete_setup(game: &str, name: &str) {
    let mut all = read_setups();
    if let Some(m) = all.get_mut(game) {
        m.remove(name);
    }
    write_setups(&all);
}
