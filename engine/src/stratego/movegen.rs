//! Legal move generation.
//!
//! A piece steps one square orthogonally to an empty square or onto an enemy
//! piece; a Scout runs over empty squares in a straight line and may end on
//! an enemy piece. Lakes stop everything; Bombs and the Flag never move. A
//! move that would be the (limit+1)-th in a row between the same two squares
//! is illegal (two-squares rule).
//!
//! Unknown pieces (in a view) move when the chance model allows some movable
//! rank for them (`chance.rs`); they may run like a Scout when a Scout is
//! still unaccounted for, and such a run reveals them as the Scout.

use super::bits::Squares;
use super::chance::Pool;
use super::mv::Move;
use super::position::Stratego;
use super::rank::Rank;
use super::square::{Square, SQUARES};
use crate::game::Player;

/// Neighbours of each square in the order up, right, down, left (toward
/// rank 10 first); 255 marks the board's edge or a lake.
const NEIGHBOURS: [[u8; 4]; SQUARES] = {
    let mut t = [[255u8; 4]; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let f = i % 10;
        let r = i / 10;
        let cand: [(bool, usize); 4] = [
            (r < 9, i + 10),
            (f < 9, i + 1),
            (r > 0, i.wrapping_sub(10)),
            (f > 0, i.wrapping_sub(1)),
        ];
        let mut d = 0;
        while d < 4 {
            let (ok, j) = cand[d];
            if ok {
                if let Some(sq) = Square::new(j) {
                    if !sq.is_lake() {
                        t[i][d] = j as u8;
                    }
                }
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// The neighbour of `sq` in direction `dir` (0..4), if it is a land square.
#[inline]
pub(crate) fn neighbour(sq: Square, dir: usize) -> Option<Square> {
    let n = NEIGHBOURS[sq.index()][dir];
    if n == 255 {
        None
    } else {
        Square::new(n as usize)
    }
}

/// What one piece may do: step one square, and/or run like a Scout.
#[derive(Clone, Copy)]
struct Mobility {
    step: bool,
    run: bool,
}

impl Stratego {
    /// The mobility of the piece on `sq` of the side `colour`; `pool` is
    /// computed on first need (only views have unknown pieces).
    #[inline]
    fn mobility(&self, sq: Square, colour: Player, pool: &mut Option<Pool>) -> Option<Mobility> {
        let p = self.board[sq.index()]?;
        if p.colour() != colour {
            return None;
        }
        match p.rank() {
            Some(Rank::Bomb | Rank::Flag) => None,
            Some(Rank::Scout) => Some(Mobility {
                step: true,
                run: true,
            }),
            Some(_) => Some(Mobility {
                step: true,
                run: false,
            }),
            None => {
                let pool = pool.get_or_insert_with(|| self.pool(colour));
                let moved = p.has_moved();
                let step = moved || pool.unmoved_may_move();
                let run = pool.may_run(moved);
                (step || run).then_some(Mobility { step, run })
            }
        }
    }

    /// Whether the side to move's two-squares state forbids `from` → `to`.
    #[inline]
    fn two_square_forbids(&self, player: Player, from: Square, to: Square) -> bool {
        match self.two[player.index()] {
            Some(s) => s.to == from && s.from == to && s.count >= self.config.two_square_limit,
            None => false,
        }
    }

    /// Clears `out` and fills it with the legal moves of the side to move.
    pub fn generate_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.status() != crate::game::Status::Decision {
            return;
        }
        let side = self.side;
        let mut pool = None;
        for i in Squares::new(self.occ[side.index()]) {
            let Some(from) = Square::new(i) else { continue };
            let Some(m) = self.mobility(from, side, &mut pool) else {
                continue;
            };
            for dir in 0..4 {
                let mut to = from;
                let mut dist = 0;
                while let Some(next) = neighbour(to, dir) {
                    to = next;
                    dist += 1;
                    let target = self.board[to.index()];
                    let allowed = if dist == 1 { m.step } else { m.run };
                    if let Some(t) = target {
                        if t.colour() != side && allowed && !self.two_square_forbids(side, from, to)
                        {
                            out.push(Move::new(from, to));
                        }
                        break;
                    }
                    if allowed && !self.two_square_forbids(side, from, to) {
                        out.push(Move::new(from, to));
                    }
                    if !m.run {
                        break;
                    }
                }
            }
        }
    }

    /// Whether `player` would have a legal move if it were his turn (his own
    /// two-squares state applies).
    pub fn has_any_move(&self, player: Player) -> bool {
        let mut pool = None;
        // Front pieces are the likeliest to move: visit them first.
        let mut own = self.occ[player.index()];
        while own != 0 {
            let i = match player {
                Player::First => 127 - own.leading_zeros() as usize,
                Player::Second => own.trailing_zeros() as usize,
            };
            own &= !(1u128 << i);
            let Some(from) = Square::new(i) else { continue };
            let Some(m) = self.mobility(from, player, &mut pool) else {
                continue;
            };
            for dir in 0..4 {
                let mut to = from;
                let mut dist = 0;
                while let Some(next) = neighbour(to, dir) {
                    to = next;
                    dist += 1;
                    let target = self.board[to.index()];
                    let allowed = if dist == 1 { m.step } else { m.run };
                    if target.is_some_and(|t| t.colour() == player) {
                        break;
                    }
                    if allowed && !self.two_square_forbids(player, from, to) {
                        return true;
                    }
                    if target.is_some() || !m.run {
                        break;
                    }
                }
            }
        }
        false
    }
}
