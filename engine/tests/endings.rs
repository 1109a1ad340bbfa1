//! `Game::ending`: how a finished game ended, in every game, and nothing
//! while it goes on.

use starcut::breakthrough::{Breakthrough, BreakthroughConfig};
use starcut::dice::{Dice, DiceConfig};
use starcut::stratego::{Stratego, StrategoConfig, Variant};
use starcut::{Ending, Game};

/// `start` (in `G`'s notation) after `steps`, each checked legal.
fn after<G: Game>(config: &G::Config, start: &str, steps: &[&str]) -> G {
    let mut pos = G::parse_position(config, start).unwrap();
    for s in steps {
        let step = pos.parse_step(s).unwrap();
        pos.apply_step(step);
    }
    pos
}

fn barrage(max_plies: u32) -> StrategoConfig {
    let mut c = StrategoConfig::for_variant(Variant::Barrage);
    c.max_plies = max_plies;
    c
}

#[test]
fn stratego_tells_a_captured_flag_from_a_side_without_moves() {
    // Red's revealed Marshal beside Blue's Flag; Blue's Scout on j1.
    let start = "bF9/R19/10/10/10/10/10/10/10/rF8B9 r";
    let pos: Stratego = after(&barrage(2000), start, &[]);
    assert_eq!(pos.ending(), None);
    let won: Stratego = after(&barrage(2000), start, &["a9a10"]);
    assert_eq!(won.ending(), Some(Ending::FlagCaptured));
    // The Marshal takes the Scout instead: Blue, to move, has only its Flag.
    let start = "bF9/10/10/10/10/10/10/10/9R1/rF8B9 r";
    let stuck: Stratego = after(&barrage(2000), start, &["j2j1"]);
    assert_eq!(stuck.ending(), Some(Ending::NoMoves));
    // Two plies allowed: the Marshal and the Scout step once each.
    let start = "bF9/10/10/10/10/R19/10/10/10/rF8B9 r";
    let limit: Stratego = after(&barrage(2), start, &["a5a4", "j1i1"]);
    assert_eq!(limit.ending(), Some(Ending::MoveLimit));
    // Only the Flags and Bombs: neither side can move.
    let blocked: Stratego = after(&barrage(2000), "bFbB8/10/10/10/10/10/10/10/10/rFrB8 r", &[]);
    assert_eq!(blocked.ending(), Some(Ending::NeitherCanMove));
}

#[test]
fn dice_ends_in_a_line_or_a_full_board() {
    let config = DiceConfig { size: 3 };
    let pos: Dice = after(&config, "3/3/3 c", &[]);
    assert_eq!(pos.ending(), None);
    let line: Dice = after(&config, "3/cc1/rr1 c 3", &["c2"]);
    assert_eq!(line.ending(), Some(Ending::Line));
    let full: Dice = after(&config, "1rc/crr/rcc c 1", &["a3"]);
    assert_eq!(full.ending(), Some(Ending::BoardFull));
}

#[test]
fn breakthrough_ends_on_the_last_rank_or_with_an_army_gone() {
    let config = BreakthroughConfig::default();
    let pos: Breakthrough = after(&config, "b7/8/8/8/8/8/w7/8 w", &[]);
    assert_eq!(pos.ending(), None);
    let rank: Breakthrough = after(&config, "b7/7w/8/8/8/8/8/8 w", &["h7h8"]);
    assert_eq!(rank.ending(), Some(Ending::LastRank));
    let gone: Breakthrough = after(&config, "8/8/8/8/8/1b6/w7/8 w", &["a2b3"]);
    assert_eq!(gone.ending(), Some(Ending::AllCaptured));
}
