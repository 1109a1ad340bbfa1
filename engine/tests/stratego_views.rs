//! `Game::observation` is what an engine may search: for Stratego it is the
//! player's view, which never carries a hidden enemy rank.

use starcut::stratego::{Stratego, StrategoConfig};
use starcut::{Game, Player};

#[test]
fn observation_hides_the_enemy_ranks_and_keeps_ones_own() {
    let game = Stratego::start(&StrategoConfig::default()).expect("a start position");
    let red = game.observation(Player::First);
    assert_eq!(
        red.position_text(),
        game.view_for(Player::First).position_text()
    );
    let text = red.position_text();
    let board = text.split(' ').next().unwrap();
    // Blue's 40 pieces are unknown and unmoved to Red; Red's own are known.
    assert_eq!(board.matches("b?").count(), 40, "{board}");
    assert_eq!(board.matches('r').count(), 40, "{board}");
    assert!(!board.contains("b1"), "a hidden Marshal leaked: {board}");
    // The true game is not changed by making a view of it.
    assert!(game.is_fully_known());
    assert!(!red.is_fully_known());
}
