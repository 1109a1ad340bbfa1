//! Static move ordering (Arts, section 4.9.1), for searches that want it.
//!
//! Order, best first: capturing the Flag; an attack that surely wins; an
//! attack on (or by) a piece of unknown rank; a move toward the opponent; a
//! sideways move; a move backward; an attack that surely loses. A trade of
//! equal ranks sits between the sure wins and the unknown attacks. Within the
//! attack classes the value of the piece won or lost breaks ties.

use super::battle::{battle, BattleResult};
use super::eval::TABLE_5_1;
use super::mv::Move;
use super::position::Stratego;
use super::rank::Rank;
use crate::game::Player;

impl Stratego {
    /// A static ordering score of a legal move of the side to move (higher =
    /// search earlier).
    pub fn order_score(&self, mv: Move) -> i32 {
        let Some(mover) = self.piece_at(mv.from) else {
            return i32::MIN / 2;
        };
        match self.piece_at(mv.to) {
            Some(target) => {
                let mover_rank = if mv.distance() > 1 {
                    Some(Rank::Scout)
                } else {
                    mover.rank()
                };
                match (mover_rank, target.rank()) {
                    (Some(_), Some(Rank::Flag)) => 100_000,
                    (Some(a), Some(d)) => match battle(a, d) {
                        BattleResult::AttackerWins => 50_000 + TABLE_5_1[d.index()],
                        BattleResult::BothRemoved => {
                            40_000 + TABLE_5_1[d.index()] - TABLE_5_1[a.index()]
                        }
                        BattleResult::DefenderWins => -50_000 - TABLE_5_1[a.index()],
                    },
                    // The lower the attacker, the cheaper the information.
                    (Some(a), None) => 30_000 - TABLE_5_1[a.index()],
                    (None, _) => 30_000,
                }
            }
            None => {
                let forward = match self.side {
                    Player::First => mv.to.rank_index() as i32 - mv.from.rank_index() as i32,
                    Player::Second => mv.from.rank_index() as i32 - mv.to.rank_index() as i32,
                };
                match forward.signum() {
                    1 => 100 + forward,
                    0 => 0,
                    _ => -100 + forward,
                }
            }
        }
    }
}
