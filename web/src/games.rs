//! The games the app knows, by [`GameKind`]: creating and loading sessions.
//!
//! This is the only place that names the engine's game types; everything
//! else works through [`Session`] and notation.

use starcut::breakthrough::{Breakthrough, BreakthroughConfig};
use starcut::dice::{Dice, DiceConfig};
use starcut::stratego::{Stratego, StrategoConfig, Variant};
use starcut::{Game, GameConfig, Player, Record};

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
impl WebGame for Stratego {
    fn view_text(&self, viewer: Player) -> String {
        self.view_for(viewer).position_text()
    }
}

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
