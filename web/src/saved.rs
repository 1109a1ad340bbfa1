//! Saved games (localStorage) and share links (the URL fragment).
//!
//! Both hold the game record as text (start position, then the steps), so a
//! saved game is replayed and checked move by move when it is loaded: a
//! corrupt save or a tampered link gives an error message, never a broken
//! board. The seed of the page's dice travels along, so the game continues
//! with the same rolls.

use serde::{Deserialize, Serialize};
use starcut::Player;

use crate::games;
use crate::model::{Effect, Model};
use crate::protocol::{GameKind, SearchSettings};

/// Bumped when the saved format changes incompatibly.
const VERSION: u32 = 1;

/// What localStorage keeps between visits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub version: u32,
    pub game: GameKind,
    pub options: String,
    /// 0 = the human plays first, 1 = second.
    pub human: u8,
    pub seed: u64,
    pub record: String,
    pub flipped: bool,
    /// Index of the player who resigned.
    pub resigned: Option<u8>,
    pub settings: SearchSettings,
}

impl SavedGame {
    /// A snapshot of the model's game.
    pub fn of(model: &Model) -> SavedGame {
        SavedGame {
            version: VERSION,
            game: model.session.kind(),
            options: model.session.options().to_string(),
            human: model.human.index() as u8,
            seed: model.seed,
            record: model.session.record_text(),
            flipped: model.flipped,
            resigned: model.resigned.map(|p| p.index() as u8),
            settings: model.settings.clone(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<SavedGame, String> {
        let saved: SavedGame =
            serde_json::from_str(text).map_err(|e| format!("unreadable saved game: {e}"))?;
        if saved.version != VERSION {
            return Err(format!(
                "saved game has format version {}, this app reads {VERSION}",
                saved.version
            ));
        }
        if saved.human > 1 || saved.resigned.is_some_and(|r| r > 1) {
            return Err("saved game names a player other than 0 or 1".into());
        }
        Ok(saved)
    }

    /// Replays the record into `model` (which keeps its worker state).
    pub fn restore_into(&self, model: &mut Model) -> Result<Vec<Effect>, String> {
        let session = games::load_session(self.game, &self.options, &self.record)?;
        let mut effects = Vec::new();
        model.settings = self.settings.clone();
        model.setup = None;
        model.reset(
            session,
            Player::from_index(self.human as usize),
            self.seed,
            &mut effects,
        );
        model.flipped = self.flipped;
        if let Some(r) = self.resigned {
            model.resigned = Some(Player::from_index(r as usize));
            // A resigned game does not think.
            model.thinking = None;
        }
        Ok(effects)
    }

    /// The share link's fragment (without `#`).
    pub fn to_fragment(&self) -> String {
        let side = if self.human == 0 { "first" } else { "second" };
        format!(
            "game={}&side={side}&seed={}&options={}&record={}",
            self.game.name(),
            self.seed,
            percent_encode(&self.options),
            percent_encode(&self.record)
        )
    }

    /// Reads a share link's fragment (with or without `#`).
    pub fn from_fragment(fragment: &str) -> Result<SavedGame, String> {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        let mut game = None;
        let mut human = 0;
        let mut seed = 0;
        let mut options = String::new();
        let mut record = None;
        for pair in fragment.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("link part '{pair}' is not key=value"))?;
            let value = percent_decode(value).map_err(|e| format!("link field '{key}': {e}"))?;
            match key {
                "game" => {
                    game = Some(
                        GameKind::from_name(&value)
                            .ok_or_else(|| format!("link names an unknown game '{value}'"))?,
                    )
                }
                "side" => {
                    human = match value.as_str() {
                        "first" => 0,
                        "second" => 1,
                        _ => {
                            return Err(format!(
                                "link field 'side': '{value}' is not first or second"
                            ))
                        }
                    }
                }
                "seed" => {
                    seed = value
                        .parse()
                        .map_err(|_| format!("link field 'seed': '{value}' is not a number"))?
                }
                "options" => options = value,
                "record" => record = Some(value),
                _ => return Err(format!("link has an unknown field '{key}'")),
            }
        }
        Ok(SavedGame {
            version: VERSION,
            game: game.ok_or("link names no game")?,
            options,
            human,
            seed,
            record: record.ok_or("link has no record")?,
            flipped: human == 1,
            resigned: None,
            settings: SearchSettings::default(),
        })
    }
}

/// Percent-encodes all but the unreserved characters of RFC 3986.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Decodes `%XX` escapes (and `+` as a space, as forms write it).
pub fn percent_decode(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = |j: usize| {
                    bytes
                        .get(j)
                        .and_then(|&c| (c as char).to_digit(16))
                        .ok_or_else(|| format!("bad escape at character {}", i + 1))
                };
                out.push((hex(i + 1)? * 16 + hex(i + 2)?) as u8);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| "not UTF-8 text".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_coding_round_trips() {
        for text in ["", "5/5/5/5/5 c\nc2 3 b4", "a=b,c=d", "100% é+&#", "~-_./"] {
            assert_eq!(percent_decode(&percent_encode(text)).unwrap(), text);
        }
        assert_eq!(percent_encode("a b\n"), "a%20b%0A");
        assert_eq!(percent_decode("a+b%2B").unwrap(), "a b+");
    }

    #[test]
    fn bad_escapes_are_errors() {
        for bad in ["%", "%4", "%zz", "abc%g0", "%FF%FE"] {
            assert!(percent_decode(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn fragments_parse_and_report_problems() {
        let saved = SavedGame {
            version: VERSION,
            game: GameKind::Dice,
            options: "size=5".into(),
            human: 1,
            seed: u64::MAX,
            record: "5/5/5/5/5 c\n3 c3".into(),
            flipped: true,
            resigned: None,
            settings: SearchSettings::default(),
        };
        let back = SavedGame::from_fragment(&format!("#{}", saved.to_fragment())).unwrap();
        assert_eq!(back, saved);

        let cases = [
            ("game=chess&record=x", "unknown game"),
            ("game=dice", "no record"),
            ("record=x", "no game"),
            ("game=dice&record=x&side=left", "side"),
            ("game=dice&record=x&seed=-1", "seed"),
            ("game=dice&record=%zz", "record"),
            ("game=dice&record=x&colour=red", "unknown field"),
            ("garbage", "key=value"),
        ];
        for (fragment, needle) in cases {
            let err = SavedGame::from_fragment(fragment).unwrap_err();
            assert!(err.contains(needle), "{fragment}: {err}");
        }
    }

    #[test]
    fn json_round_trips_and_rejects_junk() {
        let saved = SavedGame {
            version: VERSION,
            game: GameKind::Stratego,
            options: String::new(),
            human: 0,
            seed: 42,
            record: "x".into(),
            flipped: false,
            resigned: Some(1),
            settings: SearchSettings::default(),
        };
        assert_eq!(SavedGame::from_json(&saved.to_json()).unwrap(), saved);
        assert!(SavedGame::from_json("{").is_err());
        assert!(
            SavedGame::from_json(&saved.to_json().replace("\"version\":1", "\"version\":9"))
                .is_err()
        );
        assert!(
            SavedGame::from_json(&saved.to_json().replace("\"human\":0", "\"human\":7")).is_err()
        );
    }
}
