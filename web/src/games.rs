//! The games the app knows, by [`GameKind`]: creating and loading sessions.
//!
//! This is the only place that names the engine's game types; everything
//! else works through [`Session`] and notation.

use starcut::breakthrough::{Breakthrough, BreakthroughConfig};
use starcut::dice::{Dice, DiceConfig};
use starcut::stratego::{Stratego, StrategoConfig, Variant};
use starcut::{Game, GameConfig, Record};

use crate::protocol::GameKind;
use crate::session::{GameSession, Session, WebGame};

/// Runs `f` with the game type of `kind` and its configuration (the kind's
/// own settings, then the user's `key=value` options).
pub trait KindVisitor {
    type Output;
    fn visit<G: WebGame>(self, kind: GameKind, config: G::Config) -> Self::Output;
}

/// Dispatches on `kind`; an option error names the option.
pub fn visit<V: KindVisitor>(
    kind: GameKind,
    options: &str,
    visitor: V,
) -> Result<V::Output, String> {
    fn with<G: WebGame, V: KindVisitor>(
        kind: GameKind,
        mut config: G::Config,
        options: &str,
        visitor: V,
    ) -> Result<V::Output, String> {
        config.set_options(options)?;
        Ok(visitor.visit::<G>(kind, config))
    }
    match kind {
        GameKind::Dice => with::<Dice, V>(kind, DiceConfig::default(), options, visitor),
        GameKind::Breakthrough | GameKind::ChanceBreakthrough => {
            let config = BreakthroughConfig {
                chance: kind == GameKind::ChanceBreakthrough,
                ..BreakthroughConfig::default()
            };
            with::<Breakthrough, V>(kind, config, options, visitor)
        }
        GameKind::Stratego | GameKind::Barrage => {
            let config = StrategoConfig::for_variant(if kind == GameKind::Barrage {
                Variant::Barrage
            } else {
                Variant::Stratego
            });
            with::<Stratego, V>(kind, config, options, visitor)
        }
    }
}

/// A new game at the game's start position.
pub fn new_session(kind: GameKind, options: &str) -> Result<Box<dyn Session>, String> {
    struct Start<'a>(&'a str);
    impl KindVisitor for Start<'_> {
        type Output = Result<Box<dyn Session>, String>;
        fn visit<G: WebGame>(self, kind: GameKind, config: G::Config) -> Self::Output {
            let start = G::start(&config).ok_or("this game has no start position")?;
            Ok(Box::new(GameSession::new(kind, self.0, start)))
        }
    }
    visit(kind, options, Start(options))?
}

/// A game replayed from its record text; every step is checked.
pub fn load_session(
    kind: GameKind,
    options: &str,
    record: &str,
) -> Result<Box<dyn Session>, String> {
    struct Load<'a>(&'a str, &'a str);
    impl KindVisitor for Load<'_> {
        type Output = Result<Box<dyn Session>, String>;
        fn visit<G: WebGame>(self, kind: GameKind, config: G::Config) -> Self::Output {
            let record = Record::<G>::parse(&config, self.1).map_err(|e| e.to_string())?;
            Ok(Box::new(GameSession::from_record(kind, self.0, record)))
        }
    }
    visit(kind, options, Load(options, record))?
}

/// The configuration of `G` from a `key=value` list.
pub fn config_of<G: Game>(options: &str) -> Result<G::Config, String> {
    let mut config = G::Config::default();
    config.set_options(options)?;
    Ok(config)
}

impl WebGame for Dice {}
impl WebGame for Breakthrough {}
impl WebGame for Stratego {}

/// A session of `G` at its start position.
pub fn start_session<G: WebGame>(
    kind: GameKind,
    options: &str,
) -> Result<Box<dyn Session>, String> {
    let config = config_of::<G>(options)?;
    let start = G::start(&config).ok_or("this game has no start position")?;
    Ok(Box::new(GameSession::new(kind, options, start)))
}

/// A session of `G` replayed from a record.
pub fn record_session<G: WebGame>(
    kind: GameKind,
    options: &str,
    record: &str,
) -> Result<Box<dyn Session>, String> {
    let config = config_of::<G>(options)?;
    let record = Record::<G>::parse(&config, record).map_err(|e| e.to_string())?;
    Ok(Box::new(GameSession::from_record(kind, options, record)))
}

/// Stratego and Barrage setups, as text (four rows of ten, front row
/// first, from the owner's side; see `starcut::stratego::setups`).
pub mod setup {
    use starcut::stratego::{preset_names, random_setup, Setup, Stratego, Variant};
    use starcut::Player;

    use crate::board::Sq;
    use crate::protocol::GameKind;
    use crate::session::{GameSession, Session};

    fn variant(kind: GameKind) -> Variant {
        if kind == GameKind::Barrage {
            Variant::Barrage
        } else {
            Variant::Stratego
        }
    }

    /// The preset names of the game's variant.
    pub fn presets(kind: GameKind) -> Vec<String> {
        preset_names(variant(kind))
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    /// A preset's text.
    pub fn preset(name: &str) -> Option<String> {
        Setup::preset(name).map(|s| s.to_text())
    }

    /// A random setup from a seed.
    pub fn random(kind: GameKind, seed: u64) -> String {
        random_setup(variant(kind), seed).to_text()
    }

    /// The setup cell index (0..40, text order without `/`) of a square in
    /// `owner`'s setup area, if it is one.
    pub fn cell_of(owner: Player, sq: Sq) -> Option<usize> {
        if sq.col >= 10 || sq.row >= 10 {
            return None;
        }
        let (row, col) = (sq.row as usize, sq.col as usize);
        match owner {
            // Red: front row rank 4 (display row 6) .. back row rank 1.
            Player::First if row >= 6 => Some((row - 6) * 10 + col),
            // Blue: turned by 180 degrees; front row rank 7 (display row 3).
            Player::Second if row <= 3 => Some((3 - row) * 10 + (9 - col)),
            _ => None,
        }
    }

    /// The setup with cells `a` and `b` exchanged.
    pub fn swap(text: &str, a: usize, b: usize) -> String {
        let mut cells: Vec<char> = text.chars().filter(|&c| c != '/').collect();
        if a < cells.len() && b < cells.len() {
            cells.swap(a, b);
        }
        cells
            .chunks(10)
            .map(|row| row.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The game with these setups (Red's and Blue's), at its first move.
    pub fn session(
        kind: GameKind,
        options: &str,
        red: &str,
        blue: &str,
    ) -> Result<Box<dyn Session>, String> {
        if !matches!(kind, GameKind::Stratego | GameKind::Barrage) {
            return Err(format!("{} has no setups", kind.title()));
        }
        let mut config = starcut::stratego::StrategoConfig::for_variant(variant(kind));
        starcut::GameConfig::set_options(&mut config, options)?;
        let red = Setup::parse(red).map_err(|e| format!("Red's setup: {e}"))?;
        let blue = Setup::parse(blue).map_err(|e| format!("Blue's setup: {e}"))?;
        let pos = Stratego::from_setups(&config, &red, &blue).map_err(|e| e.to_string())?;
        Ok(Box::new(GameSession::new(kind, options, pos)))
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn cells_map_to_the_owners_setup_area() {
            // Red's front-left cell is a4 (display row 6, col 0).
            assert_eq!(cell_of(Player::First, Sq { row: 6, col: 0 }), Some(0));
            assert_eq!(cell_of(Player::First, Sq { row: 9, col: 9 }), Some(39));
            assert_eq!(cell_of(Player::First, Sq { row: 5, col: 0 }), None);
            // Blue's front-left (his left is file j) is j7 (display row 3).
            assert_eq!(cell_of(Player::Second, Sq { row: 3, col: 9 }), Some(0));
            assert_eq!(cell_of(Player::Second, Sq { row: 0, col: 0 }), Some(39));
            assert_eq!(cell_of(Player::Second, Sq { row: 4, col: 0 }), None);
            // The engine agrees on where each cell is.
            for owner in [Player::First, Player::Second] {
                for i in 0..40 {
                    let sq = Setup::square(owner, i).unwrap();
                    let name = sq.to_string();
                    let ours = crate::board::parse_square(&name, 10, 10).unwrap();
                    let text_index = cell_of(owner, ours).unwrap();
                    // Setup cells count from the back row; text from the front.
                    assert_eq!(
                        text_index,
                        (3 - i / 10) * 10 + i % 10,
                        "{owner:?} {i} {name}"
                    );
                }
            }
        }

        #[test]
        fn swapping_keeps_the_army() {
            let text = preset(&presets(GameKind::Stratego)[0]).unwrap();
            let swapped = swap(&text, 0, 39);
            assert_ne!(swapped, text);
            assert_eq!(swap(&swapped, 0, 39), text);
            let red = random(GameKind::Stratego, 1);
            assert!(session(GameKind::Stratego, "", &swapped, &red).is_ok());
            let err = session(GameKind::Stratego, "", "junk", &red).err().unwrap();
            assert!(err.contains("Red"), "{err}");
        }
    }
}
