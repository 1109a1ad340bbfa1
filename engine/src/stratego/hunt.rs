//! Going for the Flag: the evaluation's sense of where the opponent's Flag
//! likely stands, and a pull on one's Miners towards it (`eval.rs`).
//!
//! The Flag never moves, and players wall it in with Bombs, which never
//! move either; so where the opponent's pieces have stayed put says where
//! to dig. From public facts only — which of the opponent's pieces are
//! unrevealed and have never moved, where they stand, and its revealed
//! Bombs — each such piece gets a weight:
//!
//! - its row, counted from its owner's back row, by how often Arts' nine
//!   expert setups put the Flag there ([`FLAG_ROW`]: rows 0 and 1 twice as
//!   likely as the front rows);
//! - per side of it: the board's edge ([`EDGE`]), a neighbour of its own
//!   side that is unmoved and unrevealed (a possible Bomb, [`STILL`]) or a
//!   revealed Bomb ([`BOMB`]) each multiply the weight: a piece tucked in a
//!   corner behind a wall of pieces that never moved is the likeliest Flag.
//!
//! The heaviest such piece (the first in square order on a tie) is the
//! *likely Flag*. A side earns [`HUNT`] points times the closeness of its
//! nearest Miner of known rank to it (`1 - d / REACH`, `d` the Manhattan
//! distance), times the share of the opponent's movable army already
//! captured: nothing in the opening, where Miners are worth more at home,
//! and the full pull once the opponent's defenders are gone — the time to
//! dig. Together with the drive to make progress (`progress.rs`), the side
//! ahead sends its Miners to the likeliest Flag rather than shuffling. The
//! term reads no hidden rank: the opponent's pieces only by what is public,
//! one's own Miners by their rank, which a view shows only to their owner
//! (and to both once revealed).

use super::bits::{bit, Squares};
use super::position::{Stratego, NO_FLAG};
use super::square::{steps, Square, SIZE, SQUARES};
use crate::game::Player;

/// Largest pull, in raw evaluation points (a Scout is 10, a Miner 100+).
pub const HUNT: f64 = 40.0;

/// Distance at which a Miner stops feeling the pull.
const REACH: f64 = 12.0;

/// Weight of the Flag on each row from its owner's back row (rows 4 and
/// beyond: never in a setup): Arts' setups put it on rows 0, 1, 2 and 3
/// 4, 4, 1 and 0 times, smoothed by one.
const FLAG_ROW: [f64; 4] = [5.0, 5.0, 2.0, 1.0];

/// Factor per side of the piece that is the board's edge.
const EDGE: f64 = 1.5;

/// Factor per neighbour of the same side that has neither moved nor been
/// revealed (a possible Bomb).
const STILL: f64 = 2.0;

/// Factor per neighbour that is a revealed Bomb of the same side.
const BOMB: f64 = 3.0;

/// Per colour and square: the weight of a piece there before its
/// neighbours are looked at — [`FLAG_ROW`] of its row from the colour's
/// back row (0 beyond the setup rows) times [`EDGE`] per board edge beside
/// it. Every weight is a product of small integers and halves, exact in
/// `f64`, so the order of the factors never changes a comparison.
const PLACE: [[f64; SQUARES]; 2] = {
    let mut t = [[0.0; SQUARES]; 2];
    let mut i = 0;
    while i < SQUARES {
        let (f, r) = (i % SIZE, i / SIZE);
        let mut edge = 1.0;
        if f == 0 || f == SIZE - 1 {
            edge *= EDGE;
        }
        if r == 0 || r == SIZE - 1 {
            edge *= EDGE;
        }
        let back = [r, SIZE - 1 - r];
        let mut c = 0;
        while c < 2 {
            if back[c] < FLAG_ROW.len() {
                t[c][i] = FLAG_ROW[back[c]] * edge;
            }
            c += 1;
        }
        i += 1;
    }
    t
};

/// Per square: its orthogonal neighbours on the board (lakes included:
/// no piece stands on them).
const AROUND: [u128; SQUARES] = {
    let mut t = [0u128; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let (f, r) = (i % SIZE, i / SIZE);
        if f > 0 {
            t[i] |= 1 << (i - 1);
        }
        if f + 1 < SIZE {
            t[i] |= 1 << (i + 1);
        }
        if r > 0 {
            t[i] |= 1 << (i - SIZE);
        }
        if r + 1 < SIZE {
            t[i] |= 1 << (i + SIZE);
        }
        i += 1;
    }
    t
};

/// `factor^n` for the at most four neighbours of a square.
const fn powers(factor: f64) -> [f64; 5] {
    let mut p = [1.0; 5];
    let mut n = 1;
    while n < 5 {
        p[n] = p[n - 1] * factor;
        n += 1;
    }
    p
}
const STILL_POW: [f64; 5] = powers(STILL);
const BOMB_POW: [f64; 5] = powers(BOMB);

impl Stratego {
    /// The square of the piece of `colour` most likely its Flag, as its
    /// opponent can tell (module doc); `None` when no piece of `colour` is
    /// both unmoved and unrevealed in its setup rows. Read at every leaf
    /// once pieces are captured, so the position keeps it
    /// (`Stratego::flag_guess`).
    pub fn likely_flag(&self, colour: Player) -> Option<Square> {
        Square::new(usize::from(self.flag_guess[colour.index()]))
    }

    /// Keeps [`Self::likely_flag`] of colour index `c` after the piece on
    /// square index `i` left its still pieces or revealed Bombs. Away from
    /// the guess and its neighbours, the guess's weight is unchanged and
    /// every other weight only fell: it stays the first heaviest, and no
    /// scan is needed (the usual case in a search: a piece moves for the
    /// first time).
    pub(crate) fn flag_guess_after_leaving(&mut self, c: usize, i: usize) {
        let g = self.flag_guess[c];
        if g != NO_FLAG && (AROUND[usize::from(g)] | bit(usize::from(g))) & bit(i) != 0 {
            self.flag_guess[c] = self.guess_flag(c);
        }
    }

    /// [`Self::likely_flag`] of colour index `c` worked out from its still
    /// pieces and revealed Bombs, as a square index ([`NO_FLAG`] if none):
    /// a few bit operations per candidate on the sets `set` keeps
    /// (`Stratego::still`, `Stratego::shown_bombs`), run by `set` when a
    /// piece joins those sets.
    pub(crate) fn guess_flag(&self, c: usize) -> u8 {
        let (still, bombs) = (self.still[c], self.shown_bombs[c]);
        let mut best: Option<(f64, usize)> = None;
        for i in Squares::new(still) {
            let place = PLACE[c][i];
            if place == 0.0 {
                continue;
            }
            let around = AROUND[i];
            let w = place
                * STILL_POW[(around & still).count_ones() as usize]
                * BOMB_POW[(around & bombs).count_ones() as usize];
            if best.is_none_or(|(bw, _)| w > bw) {
                best = Some((w, i));
            }
        }
        best.map_or(NO_FLAG, |(_, i)| i as u8)
    }

    /// What `colour` earns for its nearest Miner's closeness to the
    /// opponent's likely Flag (module doc).
    pub(crate) fn flag_hunt(&self, colour: Player) -> f64 {
        let miners = self.miners[colour.index()];
        if miners == 0 {
            return 0.0;
        }
        let phase = self.material[colour.other().index()].movable_captured();
        if phase == 0.0 {
            return 0.0;
        }
        let Some(target) = self.likely_flag(colour.other()) else {
            return 0.0;
        };
        let t = target.index();
        let Some(d) = Squares::new(miners).map(|i| steps(i, t)).min() else {
            return 0.0;
        };
        let d = d as f64;
        HUNT * phase * (1.0 - d / REACH).max(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::stratego::{StrategoConfig, Variant};

    fn barrage(text: &str) -> Stratego {
        Stratego::parse_position(&StrategoConfig::for_variant(Variant::Barrage), text).unwrap()
    }

    #[test]
    fn the_likely_flag_is_tucked_in_behind_pieces_that_never_moved() {
        // Blue's Flag in the corner beside its Bomb: edge twice, a still
        // neighbour, the back row.
        let p = barrage("bFbB8/10/10/b1b22b8b92bSb9/10/10/10/r9r92r8r12rSr2/10/rFrB8 r");
        assert_eq!(p.likely_flag(Player::Second), Square::parse("a10"));
        assert_eq!(p.likely_flag(Player::First), Square::parse("a1"));
        // A piece that moved is no Flag.
        let p = barrage("b!b?8/10/10/b?b?2b?b?2b?b?/10/10/10/r9r92r8r12rSr2/10/rFrB8 r");
        assert_eq!(p.likely_flag(Player::Second), Square::parse("b10"));
    }

    #[test]
    fn miners_are_pulled_once_the_defenders_thin_out() {
        // Nothing captured: no pull.
        let full = barrage("bFbB8/10/10/b1b22b8b92bSb9/10/10/10/r9r92r8r12rSr2/10/rFrB8 r");
        assert_eq!(full.flag_hunt(Player::First), 0.0);
        // Blue's Marshal and General taken (2 of 6 movable pieces): Red's
        // Miner on e3 is 11 steps from a10, on a8 two.
        let far = barrage("bFbB8/10/10/4b8b92bSb9/10/10/10/r9r92r8r12rSr2/10/rFrB8 r b1b2");
        let near = barrage("bFbB8/10/r89/4b8b92bSb9/10/10/10/r9r93r12rSr2/10/rFrB8 r b1b2");
        let phase = 2.0 / 6.0;
        assert_eq!(
            far.flag_hunt(Player::First),
            HUNT * phase * (1.0 - 11.0 / 12.0)
        );
        assert_eq!(
            near.flag_hunt(Player::First),
            HUNT * phase * (1.0 - 2.0 / 12.0)
        );
        // Blue has captured nothing of Red's: no pull for Blue.
        assert_eq!(near.flag_hunt(Player::Second), 0.0);
    }
}
