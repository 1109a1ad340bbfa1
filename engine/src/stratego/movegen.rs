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

use super::bits::{bit, Squares};
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

/// Land squares (the board minus the lakes) as a bit set.
pub(crate) const LAND: u128 = {
    let mut m = 0u128;
    let mut i = 0;
    while i < SQUARES {
        if let Some(sq) = Square::new(i) {
            if !sq.is_lake() {
                m |= 1u128 << i;
            }
        }
        i += 1;
    }
    m
};

/// The squares of the board not on file `file` (0 = a).
const fn not_file(file: usize) -> u128 {
    let mut m = 0u128;
    let mut i = 0;
    while i < SQUARES {
        if i % 10 != file {
            m |= 1u128 << i;
        }
        i += 1;
    }
    m
}
/// Squares with a left neighbour, and with a right one.
const NOT_FILE_A: u128 = not_file(0);
const NOT_FILE_J: u128 = not_file(9);

/// The land squares with at least one orthogonal neighbour in `set` (a
/// land-only bit set): one step of a flood fill.
#[inline]
pub(crate) fn spread(set: u128) -> u128 {
    let up = set >> 10;
    let down = set << 10;
    let right = (set >> 1) & NOT_FILE_J;
    let left = (set << 1) & NOT_FILE_A;
    (up | down | right | left) & LAND
}

/// The squares of `set` with at least one orthogonal neighbour in `to`
/// (both land-only bit sets).
#[inline]
fn with_neighbour_in(set: u128, to: u128) -> u128 {
    set & spread(to)
}

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
            self.any_target(from, side, m, |to| {
                out.push(Move::new(from, to));
                false
            });
        }
    }

    /// Whether `generate_moves` lists `mv`, by following its one piece's
    /// lines instead of generating every move.
    pub(crate) fn generates(&self, mv: Move) -> bool {
        if mv.is_blind() || self.status() != crate::game::Status::Decision {
            return false;
        }
        let side = self.side;
        self.mobility(mv.from, side, &mut None)
            .is_some_and(|m| self.any_target(mv.from, side, m, |to| to == mv.to))
    }

    /// Visits the squares the piece of `player` on `from`, with mobility
    /// `m`, may move to (empty or enemy, the two-squares rule applied),
    /// direction by direction outwards (the order of `generate_moves`),
    /// until `visit` returns true: whether it did. The one walk of move
    /// generation, the single-move check and `has_any_move`.
    #[inline]
    fn any_target(
        &self,
        from: Square,
        player: Player,
        m: Mobility,
        mut visit: impl FnMut(Square) -> bool,
    ) -> bool {
        for dir in 0..4 {
            let mut to = from;
            let mut dist = 0;
            while let Some(next) = neighbour(to, dir) {
                to = next;
                dist += 1;
                let target = self.board[to.index()];
                if target.is_some_and(|t| t.colour() == player) {
                    break;
                }
                let allowed = if dist == 1 { m.step } else { m.run };
                if allowed && !self.two_square_forbids(player, from, to) && visit(to) {
                    return true;
                }
                if target.is_some() || !m.run {
                    break;
                }
            }
        }
        false
    }

    /// Whether `player` surely has a legal move, judged from bit sets and
    /// counts alone (no board scan): at least two of his pieces that can
    /// move have a land neighbour he does not occupy. The two-squares rule
    /// forbids at most one move, so one of them is legal. `false` means
    /// "not sure" ([`Stratego::has_any_move`] decides then).
    ///
    /// His pieces with such a neighbour are counted, less every piece that
    /// may be unable to move: his Bombs and Flag of known rank and, in a
    /// view where the pool forbids it, his unknown unmoved pieces.
    #[inline]
    pub(crate) fn surely_has_a_move(&self, player: Player) -> bool {
        let own = self.occ[player.index()];
        let reachable = with_neighbour_in(own, LAND & !own).count_ones();
        let tally = &self.tally[player.index()];
        let mut stuck = u32::from(tally[Rank::Bomb.index()]) + u32::from(tally[Rank::Flag.index()]);
        if reachable < stuck + 2 {
            return false;
        }
        let unmoved = u32::from(tally[super::position::UNKNOWN_UNMOVED]);
        // The pool's rule (`Pool::unmoved_may_move`) from the kept counts.
        let moved = u32::from(tally[super::position::UNKNOWN_MOVED]);
        if unmoved > 0 && moved >= self.material[player.index()].movable_in_pool() {
            stuck += unmoved;
        }
        reachable >= stuck + 2
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
            own &= !bit(i);
            let Some(from) = Square::new(i) else { continue };
            let Some(m) = self.mobility(from, player, &mut pool) else {
                continue;
            };
            if self.any_target(from, player, m, |_| true) {
                return true;
            }
        }
        false
    }

    /// The side to move's captures whose outcome both sides know — a piece
    /// of known rank stepping onto a revealed enemy piece it beats or
    /// trades with (a Miner onto a revealed Bomb, anything onto a revealed
    /// Flag) — the most valuable target first, then the least valuable
    /// attacker: the quiescence search's moves ([`crate::Game::certain_captures`]).
    /// The attacker's rank is known to its owner; in a view the opponent's
    /// hidden pieces have none, and a target must be revealed, so nothing
    /// the other side cannot know decides.
    pub(crate) fn certain_captures(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.status() != crate::game::Status::Decision {
            return;
        }
        let (side, s, o) = (self.side, self.side.index(), self.side.other().index());
        let contact = self.occ[o] & spread(self.occ[s]);
        for t in Squares::new(contact) {
            let (Some(target), Some(to)) = (self.board[t], Square::new(t)) else {
                continue;
            };
            let Some(d) = target.rank().filter(|_| target.is_revealed()) else {
                continue;
            };
            for dir in 0..4 {
                let Some(from) = neighbour(to, dir) else {
                    continue;
                };
                let Some(p) = self.board[from.index()] else {
                    continue;
                };
                let Some(a) = p.rank().filter(|_| p.colour() == side) else {
                    continue;
                };
                if a.is_movable()
                    && super::battle::battle(a, d) != super::battle::BattleResult::DefenderWins
                    && !self.two_square_forbids(side, from, to)
                {
                    out.push(Move::new(from, to));
                }
            }
        }
        let value = |sq: Square| {
            self.board[sq.index()]
                .and_then(|p| p.rank())
                .map_or(0, |r| super::eval::TABLE_5_1[r.index()])
        };
        out.sort_unstable_by_key(|m| (-value(m.to), value(m.from), m.from, m.to));
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::super::config::{StrategoConfig, Variant};
    use super::super::setups::random_setup;
    use super::*;
    use crate::game::{Game, Status};

    #[test]
    fn bit_masks_match_the_neighbour_table() {
        for i in 0..SQUARES {
            let sq = Square::new(i).unwrap();
            assert_eq!(LAND >> i & 1 == 1, !sq.is_lake(), "{sq}");
            for j in 0..SQUARES {
                let adjacent = (0..4).any(|d| neighbour(sq, d).map(Square::index) == Some(j));
                let by_bits = with_neighbour_in(1u128 << i, LAND & 1u128 << j) != 0;
                assert_eq!(by_bits, adjacent && !sq.is_lake(), "{i} {j}");
            }
        }
    }

    /// The quick test never claims a move that the full scan does not find,
    /// and it decides most positions of random games (true games and
    /// views, both players, both variants).
    #[test]
    fn a_sure_move_is_a_move_and_the_quick_test_usually_decides() {
        let (mut asked, mut sure) = (0, 0);
        for (k, variant) in [Variant::Stratego, Variant::Barrage]
            .into_iter()
            .enumerate()
        {
            for game in 0..30u64 {
                let config = StrategoConfig::for_variant(variant);
                let seed = 1000 * k as u64 + game;
                let red = random_setup(variant, 2 * seed);
                let blue = random_setup(variant, 2 * seed + 1);
                let mut p = Stratego::from_setups(&config, &red, &blue).unwrap();
                let mut rng = SmallRng::seed_from_u64(seed);
                let mut moves = Vec::new();
                let mut outcomes = Vec::new();
                for _ in 0..400 {
                    for pos in [p, p.view_for(Player::First), p.view_for(Player::Second)] {
                        for player in [Player::First, Player::Second] {
                            asked += 1;
                            if pos.surely_has_a_move(player) {
                                sure += 1;
                                assert!(pos.has_any_move(player), "{}", pos.to_text());
                            }
                        }
                    }
                    match p.status() {
                        Status::Decision => {
                            p.legal_moves(&mut moves);
                            p.play(moves[rng.gen_range(0..moves.len())]);
                        }
                        Status::Chance => {
                            p.chance_outcomes(&mut outcomes);
                            p.apply_outcome(outcomes[rng.gen_range(0..outcomes.len())].0);
                        }
                        Status::Terminal(_) => break,
                    }
                }
            }
        }
        assert!(sure * 10 > asked * 7, "{sure} of {asked}");
    }
}
