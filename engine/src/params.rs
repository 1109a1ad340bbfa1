//! The fitted ChanceProbCut models shipped inside the engine.
//!
//! `assets/params/chanceprobcut-<game>.json` (made by `starcut fit`) stay
//! the source: they are compiled into the library with `include_str!` and
//! parsed on first use, so a copied or installed `starcut`, and the
//! browser's WebAssembly worker, have every game's models without reading
//! a file. A parameter file given at run time (`--probcut-params FILE` in
//! the lab) still replaces them; [`parse`] reads such a file's text.
//!
//! The same models serve ChanceProbCut at chance nodes and ProbCut at
//! decision nodes (see `search::probcut`); Multi-Cut needs no model.
//!
//! ```
//! use starcut::params;
//! use starcut::search::{MultiCut, SearchConfig};
//! // StarETC with all three forward prunings, each with its own t.
//! let config = SearchConfig {
//!     chance_probcut: params::chance_probcut("stratego", Some(1.6)),
//!     probcut: params::chance_probcut("stratego", Some(0.8)),
//!     multicut: Some(MultiCut::default()),
//!     ..SearchConfig::play()
//! };
//! assert!(config.chance_probcut.is_some() && config.probcut.is_some());
//! assert!(params::chance_probcut("no-such-game", None).is_none());
//! ```

use std::fmt;
use std::sync::OnceLock;

use crate::search::ChanceProbCut;

/// The shipped parameter files: (game name, file text).
const FILES: [(&str, &str); 4] = [
    (
        "stratego",
        include_str!("../../assets/params/chanceprobcut-stratego.json"),
    ),
    (
        "barrage",
        include_str!("../../assets/params/chanceprobcut-barrage.json"),
    ),
    (
        "dice",
        include_str!("../../assets/params/chanceprobcut-dice.json"),
    ),
    (
        "chance-breakthrough",
        include_str!("../../assets/params/chanceprobcut-chance-breakthrough.json"),
    ),
];

/// Why a parameter text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamsError {
    /// What was wrong, naming the field where one is at fault.
    pub message: String,
}

impl fmt::Display for ParamsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParamsError {}

/// Parses and checks a ChanceProbCut parameter file's text (the format of
/// `assets/params/README.md`). When `game` is given, a file naming another
/// game is refused.
pub fn parse(text: &str, game: Option<&str>) -> Result<ChanceProbCut, ParamsError> {
    let p: ChanceProbCut = serde_json::from_str(text).map_err(|e| ParamsError {
        message: format!("not a ChanceProbCut parameter file: {e}"),
    })?;
    p.validate().map_err(|e| ParamsError {
        message: e.to_string(),
    })?;
    if let (Some(want), Some(have)) = (game, p.game.as_deref()) {
        if want != have {
            return Err(ParamsError {
                message: format!("game: the parameters are for {have}, not {want}"),
            });
        }
    }
    Ok(p)
}

/// The games that have shipped models.
pub fn games() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|(g, _)| *g)
}

/// The shipped parameter file of `game` as text (for display or export).
pub fn shipped_text(game: &str) -> Option<&'static str> {
    FILES.iter().find(|(g, _)| *g == game).map(|(_, t)| *t)
}

/// Every shipped file, parsed once.
fn all() -> &'static [Option<ChanceProbCut>] {
    static PARSED: OnceLock<Vec<Option<ChanceProbCut>>> = OnceLock::new();
    PARSED.get_or_init(|| {
        // The texts are checked by this module's tests; a broken one would
        // show as a game without models, never as a panic.
        FILES
            .iter()
            .map(|(g, text)| parse(text, Some(g)).ok())
            .collect()
    })
}

/// The shipped models of `game` as in its file (with the file's t).
pub fn shipped(game: &str) -> Option<&'static ChanceProbCut> {
    let i = FILES.iter().position(|(g, _)| *g == game)?;
    all()[i].as_ref()
}

/// The shipped models of `game`, ready for [`SearchConfig::chance_probcut`]
/// or [`SearchConfig::probcut`], with confidence factor `t` (`None`: the
/// file's). `None` when the game has no models or `t` is not a finite
/// number >= 0.
///
/// [`SearchConfig::chance_probcut`]: crate::search::SearchConfig::chance_probcut
/// [`SearchConfig::probcut`]: crate::search::SearchConfig::probcut
pub fn chance_probcut(game: &str, t: Option<f64>) -> Option<ChanceProbCut> {
    let mut p = shipped(game)?.clone();
    if let Some(t) = t {
        if !(t.is_finite() && t >= 0.0) {
            return None;
        }
        p.t = t;
    }
    Some(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::GameKind;

    #[test]
    fn every_chance_game_ships_models_that_parse() {
        for (game, text) in FILES {
            let p = parse(text, Some(game)).unwrap_or_else(|e| panic!("{game}: {e}"));
            assert_eq!(p.game.as_deref(), Some(game));
            assert!(!p.depths.is_empty(), "{game}");
            for &d in &p.depths {
                assert!(p.model_at(d).is_some(), "{game}: depth {d} has no model");
            }
            assert_eq!(shipped(game), Some(&p));
        }
        // Every game with chance nodes has its models (plain Breakthrough
        // has none: no chance node to cut).
        for kind in GameKind::ALL {
            if kind.name() != "breakthrough" {
                assert!(shipped(kind.name()).is_some(), "{}", kind.name());
            }
        }
        assert!(shipped("breakthrough").is_none());
    }

    #[test]
    fn t_is_replaced_and_checked() {
        let file_t = shipped("dice").unwrap().t;
        assert_eq!(chance_probcut("dice", None).unwrap().t, file_t);
        assert_eq!(chance_probcut("dice", Some(0.4)).unwrap().t, 0.4);
        assert!(chance_probcut("dice", Some(f64::NAN)).is_none());
        assert!(chance_probcut("dice", Some(-1.0)).is_none());
        assert!(chance_probcut("chess", None).is_none());
    }

    #[test]
    fn bad_texts_are_refused_with_the_reason() {
        let e = parse("{", None).unwrap_err();
        assert!(
            e.message.contains("not a ChanceProbCut parameter file"),
            "{e}"
        );
        let wrong_game = shipped_text("dice").unwrap();
        let e = parse(wrong_game, Some("stratego")).unwrap_err();
        assert!(e.message.contains("for dice, not stratego"), "{e}");
        let e = parse(r#"{"t": -1, "r": 2, "depths": [], "models": []}"#, None).unwrap_err();
        assert!(e.message.starts_with("t:"), "{e}");
    }
}
