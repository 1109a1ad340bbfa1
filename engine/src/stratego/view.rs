//! Information sets: what one player knows of a position.
//!
//! `view_for(player)` hides the rank of every opponent piece that has not
//! been revealed (keeping whether it has moved); the player's own pieces and
//! the captured pieces stay known. The view is a position of the same type,
//! so the search plays in it exactly as in the true game, with attacks on or
//! by hidden pieces turned into chance nodes. Two true positions that differ
//! only in ranks the player cannot see give bit-identical views.
//!
//! A view decides the end of the game from the viewer's knowledge only: a
//! captured Flag is known to both, but "cannot move" is judged with the
//! hidden pieces' possible ranks, so a true game lost by immobility may have
//! a view that is still open. Referees (the UI, the match runner) therefore
//! take the status from the true game and give views only to the engine.

use super::position::Stratego;
use crate::game::Player;

impl Stratego {
    /// The position as `player` knows it.
    pub fn view_for(&self, player: Player) -> Stratego {
        let mut v = *self;
        for cell in v.board.iter_mut() {
            if let Some(p) = *cell {
                if p.colour() != player && !p.is_revealed() {
                    *cell = Some(p.hidden());
                }
            }
        }
        v.refresh();
        v
    }

    /// Whether every rank on the board is known (the true game, or a view
    /// with nothing hidden left).
    pub fn is_fully_known(&self) -> bool {
        !self.has_unknown()
    }
}
