//! Saved games (localStorage) and share links (the URL fragment).
//!
//! Both hold the game record as text (start position, then the steps), so a
//! saved game is replayed and checked move by move when it is loaded: a
//! corrupt save or a tampered link gives an error message, never a broken
//! board. The seed of the page's dice travels along, so the game continues
//! with the same rolls.
//!
//! Stratego hides information: the engine's setup is
//! `games::setup::guarded(kind, seed)`, so neither a save nor a link writes
//! it. The record's start line has the engine's four setup rows replaced by
//! `+` (rebuilt from the seed when the game is loaded), and a setup in
//! progress keeps only the human's setup. Games saved while the engine's
//! setup was `games::setup::random(kind, seed)` have `*` rows and are
//! rebuilt with that, so they open as they were; a link made before either
//! (the start line in clear) opens too.

use crate::error::{WebError, WebErrorKind, WebResult};
use serde::{Deserialize, Serialize};
use starcut::Player;

use crate::games;
use crate::model::{Model, SetupPhase};
use crate::protocol::{GameKind, SearchSettings};
use crate::session::Session;

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
    /// A Stratego setup in progress: (the human's setup, the preset name).
    /// The engine's setup is the one the seed generates.
    #[serde(default)]
    pub human_setup: Option<(String, Option<String>)>,
    /// The evaluation of the game's positions (step count, the player's
    /// view): what play and a review found, so a stopped review goes on
    /// after a reload.
    #[serde(default)]
    pub review: Vec<(usize, f64)>,
}

/// A saved game read back and replayed: ready to be opened by the model.
pub struct LoadedGame {
    pub session: Box<dyn Session>,
    pub human: Player,
    pub seed: u64,
    pub setup: Option<SetupPhase>,
    pub flipped: bool,
    pub resigned: Option<Player>,
    pub settings: SearchSettings,
    pub review: Vec<(usize, f64)>,
}

impl SavedGame {
    /// A snapshot of the model's game.
    pub fn of(model: &Model) -> SavedGame {
        let session = model.session();
        SavedGame {
            version: VERSION,
            game: session.kind(),
            options: session.options().to_string(),
            human: model.human().index() as u8,
            seed: model.seed(),
            record: hide_engine_setup(
                session.kind(),
                session.options(),
                model.human(),
                model.seed(),
                &session.record_text(),
            ),
            flipped: model.flipped(),
            resigned: model.resigned().map(|p| p.index() as u8),
            settings: model.settings().clone(),
            human_setup: model
                .setup()
                .map(|p| (p.human_setup.clone(), p.preset.clone())),
            review: model.review().saved(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> WebResult<SavedGame> {
        let saved: SavedGame =
            serde_json::from_str(text).map_err(|e| bad(format!("unreadable saved game: {e}")))?;
        if saved.version != VERSION {
            return Err(bad(format!(
                "saved game has format version {}, this app reads {VERSION}",
                saved.version
            )));
        }
        if saved.human > 1 || saved.resigned.is_some_and(|r| r > 1) {
            return Err(bad("saved game names a player other than 0 or 1"));
        }
        Ok(saved)
    }

    /// Replays the record, checking every step (and a setup in progress).
    ///
    /// # Errors
    /// An unknown option, a record that does not parse or has an illegal
    /// step (named), a setup that is not the variant's army.
    pub fn load(&self) -> WebResult<LoadedGame> {
        let human = Player::from_index(self.human as usize);
        let record = reveal_engine_setup(self.game, &self.options, human, self.seed, &self.record)?;
        let session = games::load_session(self.game, &self.options, &record)?;
        // A setup in progress is rebuilt from its texts (checked again).
        let setup = match &self.human_setup {
            Some((human_setup, preset)) => {
                let engine_setup = games::setup::guarded(self.game, self.seed);
                let (red, blue) = match human {
                    Player::First => (human_setup, &engine_setup),
                    Player::Second => (&engine_setup, human_setup),
                };
                games::setup::session(self.game, &self.options, red, blue)?;
                Some(SetupPhase {
                    human_setup: human_setup.clone(),
                    engine_setup,
                    preset: preset.clone(),
                })
            }
            None => None,
        };
        Ok(LoadedGame {
            session,
            human,
            seed: self.seed,
            setup,
            flipped: self.flipped,
            resigned: self.resigned.map(|r| Player::from_index(r as usize)),
            settings: self.settings.clone(),
            review: self.review.clone(),
        })
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
    pub fn from_fragment(fragment: &str) -> WebResult<SavedGame> {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        let mut game = None;
        let mut human = 0;
        let mut seed = 0;
        let mut options = String::new();
        let mut record = None;
        for pair in fragment.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| bad(format!("link part '{pair}' is not key=value")))?;
            let value =
                percent_decode(value).map_err(|e| e.context(format!("link field '{key}'")))?;
            match key {
                "game" => {
                    game = Some(
                        GameKind::from_name(&value)
                            .ok_or_else(|| bad(format!("link names an unknown game '{value}'")))?,
                    )
                }
                "side" => {
                    human = match value.as_str() {
                        "first" => 0,
                        "second" => 1,
                        _ => {
                            return Err(bad(format!(
                                "link field 'side': '{value}' is not first or second"
                            )))
                        }
                    }
                }
                "seed" => {
                    seed = value
                        .parse()
                        .map_err(|_| bad(format!("link field 'seed': '{value}' is not a number")))?
                }
                "options" => options = value,
                "record" => record = Some(value),
                _ => return Err(bad(format!("link has an unknown field '{key}'"))),
            }
        }
        Ok(SavedGame {
            version: VERSION,
            game: game.ok_or_else(|| bad("link names no game"))?,
            options,
            human,
            seed,
            record: record.ok_or_else(|| bad("link has no record"))?,
            flipped: human == 1,
            resigned: None,
            settings: SearchSettings::default(),
            human_setup: None,
            review: Vec::new(),
        })
    }
}

/// The text rows (0 = rank 10) of a Stratego board that hold `engine`'s
/// setup area.
fn engine_rows(engine: Player) -> std::ops::Range<usize> {
    match engine {
        Player::First => 6..10,
        Player::Second => 0..4,
    }
}

/// The start line's board split into its ten rows, and the rest of the line.
fn split_start(line: &str) -> Option<(Vec<&str>, &str)> {
    let (board, rest) = line.split_once(' ')?;
    let rows: Vec<&str> = board.split('/').collect();
    (rows.len() == 10).then_some((rows, rest))
}

/// How the seed made the engine's setup, and the mark that stands for its
/// rows in a saved start line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SeededSetup {
    /// `games::setup::guarded`: every game since it was introduced.
    Guarded,
    /// `games::setup::random`: games saved before.
    Random,
}

impl SeededSetup {
    const ALL: [SeededSetup; 2] = [SeededSetup::Guarded, SeededSetup::Random];

    fn mark(self) -> &'static str {
        match self {
            SeededSetup::Guarded => "+",
            SeededSetup::Random => "*",
        }
    }

    fn setup(self, kind: GameKind, seed: u64) -> String {
        match self {
            SeededSetup::Guarded => games::setup::guarded(kind, seed),
            SeededSetup::Random => games::setup::random(kind, seed),
        }
    }
}

/// The engine's setup rows as the seed generates them: the start line of a
/// game with that engine setup (the human's half is any valid setup).
fn seeded_engine_rows(
    kind: GameKind,
    options: &str,
    human: Player,
    seed: u64,
    made: SeededSetup,
) -> Option<Vec<String>> {
    let engine_setup = made.setup(kind, seed);
    let other = games::setup::random(kind, seed ^ 1);
    let (red, blue) = match human {
        Player::First => (&other, &engine_setup),
        Player::Second => (&engine_setup, &other),
    };
    let record = games::setup::session(kind, options, red, blue)
        .ok()?
        .record_text();
    let (rows, _) = split_start(record.lines().next()?)?;
    Some(
        rows[engine_rows(human.other())]
            .iter()
            .map(|r| r.to_string())
            .collect(),
    )
}

/// The record with the engine's setup rows of the start line replaced by
/// the mark of the way the seed generates them (`+`, or `*` for a game
/// from before), when it does (any other record, and every other game, is
/// returned unchanged).
pub fn hide_engine_setup(
    kind: GameKind,
    options: &str,
    human: Player,
    seed: u64,
    record: &str,
) -> String {
    if !matches!(kind, GameKind::Stratego | GameKind::Barrage) {
        return record.to_string();
    }
    let (first, steps) = record.split_once('\n').unwrap_or((record, ""));
    let Some((mut rows, rest)) = split_start(first) else {
        return record.to_string();
    };
    let range = engine_rows(human.other());
    let made = SeededSetup::ALL.into_iter().find(|&made| {
        seeded_engine_rows(kind, options, human, seed, made)
            .is_some_and(|seeded| rows[range.clone()] == seeded[..])
    });
    match made {
        Some(made) => {
            for row in &mut rows[range] {
                *row = made.mark();
            }
            let line = format!("{} {rest}", rows.join("/"));
            if record.contains('\n') {
                format!("{line}\n{steps}")
            } else {
                line
            }
        }
        _ => record.to_string(),
    }
}

/// The inverse of [`hide_engine_setup`]: puts the seed's engine setup back
/// into a start line whose engine rows are a mark (`+` or `*`).
pub fn reveal_engine_setup(
    kind: GameKind,
    options: &str,
    human: Player,
    seed: u64,
    record: &str,
) -> WebResult<String> {
    if !matches!(kind, GameKind::Stratego | GameKind::Barrage) {
        return Ok(record.to_string());
    }
    let (first, steps) = record.split_once('\n').unwrap_or((record, ""));
    let Some((rows, rest)) = split_start(first) else {
        return Ok(record.to_string());
    };
    let range = engine_rows(human.other());
    let Some(made) = SeededSetup::ALL
        .into_iter()
        .find(|made| rows[range.clone()].iter().all(|r| *r == made.mark()))
    else {
        return Ok(record.to_string());
    };
    let seeded = seeded_engine_rows(kind, options, human, seed, made)
        .ok_or_else(|| bad("the engine's setup cannot be rebuilt from the seed"))?;
    let mut rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    for (row, s) in rows[range].iter_mut().zip(seeded) {
        *row = s;
    }
    let line = format!("{} {rest}", rows.join("/"));
    Ok(if record.contains('\n') {
        format!("{line}\n{steps}")
    } else {
        line
    })
}

/// A saved game or link that cannot be read.
fn bad(detail: impl Into<String>) -> WebError {
    WebError::new(WebErrorKind::BadLink, detail)
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
pub fn percent_decode(text: &str) -> WebResult<String> {
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
                        .ok_or_else(|| bad(format!("bad escape at character {}", i + 1)))
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
    String::from_utf8(out).map_err(|_| bad("not UTF-8 text"))
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
            human_setup: None,
            review: Vec::new(),
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
            assert!(err.detail.contains(needle), "{fragment}: {err}");
            assert_eq!(err.kind, crate::error::WebErrorKind::BadLink, "{fragment}");
        }
    }

    /// The engine's setup area of the true start line (rows joined by `/`).
    fn engine_area(record: &str, human: Player) -> String {
        let (rows, _) = split_start(record.lines().next().unwrap()).unwrap();
        rows[engine_rows(human.other())].join("/")
    }

    #[test]
    fn stratego_saves_and_links_never_show_the_engines_setup() {
        use crate::model::Msg;
        for kind in [GameKind::Stratego, GameKind::Barrage] {
            for human in [Player::First, Player::Second] {
                let dice = games::new_session(GameKind::Dice, "").unwrap();
                let (mut model, _) = Model::new(dice, human, 1, 1);
                model.update(Msg::NewGame {
                    kind,
                    human,
                    options: String::new(),
                    seed: 0xDEAD_BEEF,
                    id: 2,
                });
                let engine_setup = model.setup().unwrap().engine_setup.clone();
                let check = |model: &Model, moves: usize| {
                    let truth = model.session().record_text();
                    let secret = engine_area(&truth, human);
                    let saved = SavedGame::of(model);
                    for text in [saved.to_json(), saved.to_fragment()] {
                        assert!(!text.contains(&engine_setup), "{kind:?} {human:?}: {text}");
                        assert!(!text.contains(&secret), "{kind:?} {human:?}: {text}");
                    }
                    // Both come back as the same game, the engine's setup
                    // rebuilt from the seed (a link carries no setup in
                    // progress, a save does).
                    let link = SavedGame::from_fragment(&saved.to_fragment()).unwrap();
                    let json = SavedGame::from_json(&saved.to_json()).unwrap();
                    for (back, setup) in [(json, model.setup()), (link, None)] {
                        let game = back.load().unwrap();
                        assert_eq!(game.session.record_text(), truth);
                        assert_eq!(game.session.len(), moves);
                        assert_eq!(game.setup.as_ref(), setup);
                    }
                };
                check(&model, 0);
                model.update(Msg::SetupDone);
                let mut played = 0;
                for _ in 0..4 {
                    let legal = model.session().legal_moves();
                    let Some(mv) = legal.first() else { break };
                    model.force_play(mv).unwrap();
                    played += 1;
                }
                check(&model, model.session().len());
                assert!(played > 0);
            }
        }
    }

    #[test]
    fn a_link_with_the_start_in_clear_still_opens() {
        let red = games::setup::random(GameKind::Stratego, 5);
        let blue = games::setup::random(GameKind::Stratego, 6);
        let record = games::setup::session(GameKind::Stratego, "", &red, &blue)
            .unwrap()
            .record_text();
        // Seed 7 does not generate Blue's setup: nothing is hidden.
        assert_eq!(
            hide_engine_setup(GameKind::Stratego, "", Player::First, 7, &record),
            record
        );
        assert_eq!(
            reveal_engine_setup(GameKind::Stratego, "", Player::First, 7, &record).unwrap(),
            record
        );
        // Seed 6 does: hidden, and revealed back.
        let hidden = hide_engine_setup(GameKind::Stratego, "", Player::First, 6, &record);
        assert!(hidden.starts_with("+/+/+/+/"), "{hidden}");
        assert_eq!(
            reveal_engine_setup(GameKind::Stratego, "", Player::First, 6, &hidden).unwrap(),
            record
        );
    }

    #[test]
    fn games_saved_before_the_guarded_setup_open_as_they_were() {
        let kind = GameKind::Barrage;
        let human = games::setup::preset("barrage-1").unwrap();
        let record_with = |engine: &str| {
            games::setup::session(kind, "", &human, engine)
                .unwrap()
                .record_text()
        };
        for seed in 0..20 {
            let (old, new) = (
                games::setup::random(kind, seed),
                games::setup::guarded(kind, seed),
            );
            assert_ne!(old, new, "seed {seed}");
            // A game saved before: its engine rows were `*`, rebuilt by the
            // plain random setup, never by the guarded one.
            let before = record_with(&old);
            let hidden = hide_engine_setup(kind, "", Player::First, seed, &before);
            assert!(hidden.starts_with("*/*/*/*/"), "{hidden}");
            assert!(!hidden.contains(&old));
            assert_eq!(
                reveal_engine_setup(kind, "", Player::First, seed, &hidden).unwrap(),
                before
            );
            // A game of today: `+`, rebuilt by the guarded setup.
            let today = record_with(&new);
            let hidden = hide_engine_setup(kind, "", Player::First, seed, &today);
            assert!(hidden.starts_with("+/+/+/+/"), "{hidden}");
            assert_eq!(
                reveal_engine_setup(kind, "", Player::First, seed, &hidden).unwrap(),
                today
            );
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
            human_setup: Some(("a".into(), None)),
            review: vec![(3, 0.5), (4, -1.25)],
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
