//! The games the app knows, by [`GameKind`]: creating and loading sessions.
//!
//! This is the only place that names the engine's game types; everything
//! else works through [`Session`] and notation.

use starcut::{Game, GameConfig, Record};

use crate::protocol::GameKind;
use crate::session::{GameSession, Session, WebGame};

/// A new game at the game's start position.
pub fn new_session(kind: GameKind, options: &str) -> Result<Box<dyn Session>, String> {
    if kind == GameKind::Dice {
        return start_session::<crate::fixture::TinyDice>(kind, options);
    }
    Err(format!(
        "{} is not available in this build yet (options '{options}')",
        kind.title()
    ))
}

/// A game replayed from its record text; every step is checked.
pub fn load_session(
    kind: GameKind,
    options: &str,
    record: &str,
) -> Result<Box<dyn Session>, String> {
    if kind == GameKind::Dice {
        return record_session::<crate::fixture::TinyDice>(kind, options, record);
    }
    Err(format!(
        "{} is not available in this build yet (options '{options}', record of {} bytes)",
        kind.title(),
        record.len()
    ))
}

/// The configuration of `G` from a `key=value` list.
pub fn config_of<G: Game>(options: &str) -> Result<G::Config, String> {
    let mut config = G::Config::default();
    config.set_options(options)?;
    Ok(config)
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
