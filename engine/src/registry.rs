//! The games by name: one place that maps a command-line or URL name to a
//! game type and its configuration, so the lab and the web app dispatch the
//! same way without dynamic dispatch inside the search.

use std::fmt;
use std::str::FromStr;

use crate::breakthrough::{Breakthrough, BreakthroughConfig};
use crate::dice::{Dice, DiceConfig};
use crate::game::Game;
use crate::stratego::{Stratego, StrategoConfig, Variant};

/// Every game starcut plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
                format!("unknown game '{s}' (games: {})", names.join(", "))
            })
    }
}

/// Something to do with a game type, chosen at run time by [`GameKind::visit`].
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self, config: G::Config) -> Self::Output;
}
