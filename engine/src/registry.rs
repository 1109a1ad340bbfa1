//! The games by name: one place that maps a command-line or URL name to a
//! game type and its configuration, so the lab and the web app dispatch the
//! same way without dynamic dispatch inside the search.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::breakthrough::{Breakthrough, BreakthroughConfig};
use crate::dice::{Dice, DiceConfig};
use crate::error::UnknownGame;
use crate::game::Game;
use crate::stratego::{Stratego, StrategoConfig, Variant};

/// Every game starcut plays. Serialized by its name (`chance-breakthrough`),
/// so saved games, links and the web worker's messages carry the same text
/// as the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    Stratego,
    Barrage,
    Dice,
    Breakthrough,
    ChanceBreakthrough,
}

impl GameKind {
    /// All games, in the order menus list them.
    pub const ALL: [GameKind; 5] = [
        GameKind::Stratego,
        GameKind::Barrage,
        GameKind::Dice,
        GameKind::ChanceBreakthrough,
        GameKind::Breakthrough,
    ];

    /// The name used on the command line and in URLs.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Stratego => "stratego",
            GameKind::Barrage => "barrage",
            GameKind::Dice => "dice",
            GameKind::Breakthrough => "breakthrough",
            GameKind::ChanceBreakthrough => "chance-breakthrough",
        }
    }

    /// The inverse of [`GameKind::name`].
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The game's name for people.
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Stratego => "Stratego",
            GameKind::Barrage => "Barrage",
            GameKind::Dice => "Dice",
            GameKind::Breakthrough => "Breakthrough",
            GameKind::ChanceBreakthrough => "ChanceBreakthrough",
        }
    }

    /// What the two players are called ([`Player::First`] first).
    ///
    /// [`Player::First`]: crate::Player::First
    pub const fn player_names(self) -> [&'static str; 2] {
        match self {
            GameKind::Stratego | GameKind::Barrage => ["Red", "Blue"],
            GameKind::Dice => ["Columns", "Rows"],
            GameKind::Breakthrough | GameKind::ChanceBreakthrough => ["White", "Black"],
        }
    }

    /// Stratego or Barrage: a game of hidden pieces.
    pub const fn is_stratego(self) -> bool {
        matches!(self, GameKind::Stratego | GameKind::Barrage)
    }

    /// Calls `visitor` with the game's type and its default configuration.
    pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
        match self {
            GameKind::Stratego => visitor.visit::<Stratego>(StrategoConfig::default()),
            GameKind::Barrage => visitor.visit::<Stratego>(StrategoConfig {
                variant: Variant::Barrage,
                ..StrategoConfig::default()
            }),
            GameKind::Dice => visitor.visit::<Dice>(DiceConfig::default()),
            GameKind::Breakthrough => visitor.visit::<Breakthrough>(BreakthroughConfig {
                chance: false,
                ..BreakthroughConfig::default()
            }),
            GameKind::ChanceBreakthrough => visitor.visit::<Breakthrough>(BreakthroughConfig {
                chance: true,
                ..BreakthroughConfig::default()
            }),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, UnknownGame> {
        GameKind::from_name(s).ok_or_else(|| UnknownGame {
            name: s.to_string(),
        })
    }
}

/// Something to do with a game type, chosen at run time by [`GameKind::visit`].
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self, config: G::Config) -> Self::Output;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_as_text_and_serde() {
        for kind in GameKind::ALL {
            assert_eq!(GameKind::from_name(kind.name()), Some(kind));
            assert_eq!(kind.name().parse::<GameKind>(), Ok(kind));
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{}\"", kind.name()));
            assert_eq!(serde_json::from_str::<GameKind>(&json).unwrap(), kind);
        }
        assert_eq!(GameKind::from_name("chess"), None);
        let err = "chess".parse::<GameKind>().unwrap_err().to_string();
        assert!(err.contains("chess") && err.contains("stratego"), "{err}");
    }
}
