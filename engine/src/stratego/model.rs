//! The opponent model: what an engine believes of the pieces it cannot
//! see, and what it lets its opponent know (`SearchConfig::opponent_model`,
//! the `+model` flag).
//!
//! Without the model (SPEC 1.1's baseline) a hidden piece's rank is drawn
//! from the pool in proportion to the counts still unaccounted for, and the
//! search lets the opponent choose its moves knowing every rank of the
//! searching side. With it, two things change, both read from public facts
//! only (moves, revealed ranks, where unmoved pieces stand), never from a
//! hidden rank:
//!
//! 1. **Beliefs** ([`Stratego::modelled_rank_outcomes`]). The count of each
//!    possible rank is multiplied by likelihoods, after De Boer (2007) and
//!    Stankiewicz & Schadd (2009):
//!    - *where it stands*: an unmoved piece by its row counted from its
//!      owner's back row, with the frequencies of Arts' nine expert setups
//!      (Appendix A) smoothed ([`SETUP_COUNTS`]); an unmoved piece next to
//!      a revealed Bomb of its own side is likelier a Bomb or the Flag;
//!    - *what it did* (`clue.rs`): a piece that stepped up to, or stood
//!      beside, a revealed enemy piece likely beats it; one that stepped
//!      away likely loses to it ([`BOLD_ELSE`], [`SHY_ELSE`]);
//!    - *that it has not moved while others have*: the pieces that moved
//!      hold movable ranks, so the Bombs and the Flag all stand among the
//!      unmoved ones; an unmoved piece's movable ranks are scaled by the
//!      share of movable ranks the moved pieces leave
//!      ([`unmoved_movable_share`]): a Bomb is `bombs / unmoved` likely,
//!      not `bombs / pool`;
//!    - *that it attacks*: a hidden piece attacking a *revealed* piece
//!      knows what it attacks, so the ranks that win are likelier
//!      ([`ATTACK_LOSES`]); this is what keeps a revealed Marshal away from
//!      the unknown pieces that may be the Spy;
//!    - *what such battles hit* ([`UNMOVED_CALIBRATION`]): in the
//!      searcher's battles an unmoved piece is a tenth as likely the Flag
//!      and 1.4 times as likely a Bomb as the above says, calibrated
//!      against played games (the lab's `starcut beliefs`).
//!
//!    Every rank the counts allow keeps a positive weight: the model
//!    reweights, it never rules a rank out.
//! 2. **An opponent blind to where the searcher's Flag and Bombs are**
//!    ([`Stratego::modelled_moves`]). Without the model the search lets
//!    the opponent attack exactly the searcher's Flag and step around its
//!    Bombs, as if it saw them (so a piece three steps from the Flag can
//!    make every line a loss). With it, the opponent cannot tell the
//!    searcher's *unmoved* hidden pieces apart but by what is public, so
//!    each of its pieces that could attack several of them makes one
//!    *blind attack* (`blind.rs`): which of them it hits is a chance node,
//!    each target weighted by what the attacker expects from it under its
//!    own beliefs (the public pool of the defender's side, the defender's
//!    row and neighbours): one [`BLIND_PICK`] points of expectation better
//!    is `e` times likelier. An attacker of known rank leaves out the targets
//!    it expects to lose (below [`BLIND_MIN_GAIN`]); with one target left,
//!    it is a plain attack.
//!    Attacks on hidden pieces that have *moved* (they are no Bomb or
//!    Flag) stay all considered: the search keeps assuming the worst
//!    there. The root's moves are the searcher's own and never blind.
//!
//!    Before the chance node the search considered, per attacker, only
//!    its attack with the best expected gain, and believed the rest never
//!    made: a hidden Sergeant beside the searcher's Flag and a Bomb "chose"
//!    the Bomb, the search left the Flag unguarded, and the real opponent
//!    took the other piece and then the Flag (handicap games,
//!    docs/stratego-strength.md). In the handicap match at 20,000 nodes
//!    (docs/stratego-strength.md) the weighted chance
//!    node scores as the single favoured attack did (82.0% and 83.8%,
//!    ±5.3%); every target alike did worse (76.0%): in self-play the
//!    opponent is the same engine and does favour what its beliefs favour.
//!    Measured at 20,000 nodes a move over the 162 preset games against
//!    the counts (docs/stratego-strength.md), with that single best
//!    attack: beliefs alone
//!    55.6% ± 7.6%, beliefs with this blindness 52.8% ± 7.7%, beliefs
//!    with blindness to moved pieces too 42.0% ± 7.6% — an opponent
//!    assumed blind everywhere is assumed to miss too much.
//!    The opponent's choices among the searcher's unmoved pieces never
//!    depend on which is which: two views that differ only in the ranks
//!    of the searcher's hidden pieces (unmoved with unmoved, moved with
//!    moved) give the opponent the same moves, and each square the same
//!    weight as a target.
//! 3. **No Scout picked after the fact** ([`Stratego::run_chance`]). The
//!    rules let a piece of unknown rank run while a Scout is unaccounted
//!    for; without the model the search lets every such piece run for
//!    certain, so the opponent's one Scout left is wherever it hurts most.
//!    With it, the run is a doubtful move (`search/doubt.rs`): it counts
//!    by the chance, by the beliefs of part 1, that the piece is a Scout.
//!
//! Parts 1 and 2 apply to whichever side is blind: in a view only the
//! viewer's pieces are of known rank and unrevealed, so only the
//! opponent's attacks are grouped; in the true game (every rank known)
//! both sides are treated as blind to each other below the root. Part 3
//! needs a piece of unknown rank, so it applies in views only.

use super::battle::{battle, BattleResult};
use super::blind::add_weight;
use super::eval::TABLE_5_1;
use super::movegen::neighbour;
use super::mv::Move;
use super::piece::Piece;
use super::position::Stratego;
use super::rank::{army, Rank, RankCounts, RANK_COUNT};
use super::square::{Square, SIZE};
use crate::game::Player;

/// How many of each rank Arts' nine setups (Appendix A, presets `arts-3`
/// .. `arts-11`) put on each row, counted from the owner's back row (row 0)
/// to the front row (row 3). A test recounts them from the presets.
pub const SETUP_COUNTS: [[u8; 4]; RANK_COUNT] = [
    [0, 2, 5, 2],     // Marshal
    [0, 2, 2, 5],     // General
    [2, 6, 4, 6],     // Colonel
    [6, 6, 9, 6],     // Major
    [8, 7, 12, 9],    // Captain
    [11, 8, 9, 8],    // Lieutenant
    [9, 13, 6, 8],    // Sergeant
    [14, 10, 9, 12],  // Miner
    [25, 12, 10, 25], // Scout
    [1, 2, 5, 1],     // Spy
    [10, 18, 18, 8],  // Bomb
    [4, 4, 1, 0],     // Flag
];

/// Pseudo-count added to every cell of [`SETUP_COUNTS`]: nine setups are
/// few, and a rank must stay possible on every row.
const SMOOTHING: f64 = 2.0;

/// Likelihood of an unmoved piece of each rank on each row (row 0 = its
/// owner's back row): the smoothed share of the rank on that row over the
/// uniform share 1/4.
const ROW_LIKELIHOOD: [[f64; 4]; RANK_COUNT] = {
    let mut t = [[0.0; 4]; RANK_COUNT];
    let mut r = 0;
    while r < RANK_COUNT {
        let c = SETUP_COUNTS[r];
        let total = (c[0] + c[1] + c[2] + c[3]) as f64 + 4.0 * SMOOTHING;
        let mut row = 0;
        while row < 4 {
            t[r][row] = 4.0 * (c[row] as f64 + SMOOTHING) / total;
            row += 1;
        }
        r += 1;
    }
    t
};

/// Extra likelihood of the Flag, and of a Bomb, for an unmoved piece next
/// to a revealed Bomb of its own side (Bombs guard the Flag in clusters).
const NEXT_TO_BOMB: [(Rank, f64); 2] = [(Rank::Flag, 3.0), (Rank::Bomb, 1.5)];

/// The searcher's beliefs of an unmoved piece it battles, calibrated
/// against what such battles hit in played games (docs/stratego-strength.md,
/// "The beliefs checked against the games"; the lab's `starcut beliefs`):
/// the Flag is rarely among the pieces an attacker can reach, and the
/// pieces that stay unmoved are Bombs more often than their row and the
/// pool say. Battles only: the opponent's picture of the searcher's pieces
/// (part 2, [`BLIND_MIN_GAIN`]) keeps the plain odds, since with fewer
/// Flags in it the search believed an attacker of known rank would leave
/// its unmoved pieces alone, and lost more Flags.
const UNMOVED_CALIBRATION: [(Rank, f64); 2] = [(Rank::Bomb, 1.4), (Rank::Flag, 0.1)];

/// Likelihood of a rank that would *not* beat the enemy the piece boldly
/// faced (1 for a rank that beats it; a trade halfway): bluffs happen.
pub const BOLD_ELSE: f64 = 0.25;

/// Likelihood of a rank that the enemy it fled from would *not* beat.
pub const SHY_ELSE: f64 = 0.3;

/// Likelihood of a rank that loses the attack it makes on a revealed
/// piece (1 for a rank that wins; a trade 0.4).
pub const ATTACK_LOSES: f64 = 0.1;

/// Likelihood of a trade (equal ranks) where a rank that wins counts 1.
const TRADE: f64 = 0.4;

/// Integer weight of a likelihood of 1: the weights the search receives
/// are `count * likelihood * SCALE`, rounded, at least 1.
const SCALE: f64 = 64.0;

/// An attacker of known rank makes a blind attack only if it expects at
/// least this much from it (Table 5.1 units, the Flag worth 1,000).
const BLIND_MIN_GAIN: f64 = 0.0;

/// How much likelier a blind attacker hits one of its targets than
/// another it expects this much less from (Table 5.1 units): `e` times.
const BLIND_PICK: f64 = 100.0;

/// The rank an attacker of unknown rank is scored as when ranking its
/// blind attacks (its owner knows it; the searcher does not).
const STAND_IN: Rank = Rank::Captain;

/// The likelihood of `r` given what `a` showed against `e`: 1 when `a`'s
/// rank `r` beats `e` attacking, [`TRADE`] on a trade, `otherwise` else.
#[inline]
fn beats(r: Rank, e: Rank, otherwise: f64) -> f64 {
    match battle(r, e) {
        BattleResult::AttackerWins => 1.0,
        BattleResult::BothRemoved => TRADE,
        BattleResult::DefenderWins => otherwise,
    }
}

/// The share of the pool's `movable` ranks left to the unmoved hidden
/// pieces once the `moved` hidden pieces (which can only be movable) have
/// taken theirs: the Bombs and the Flag all stand among the unmoved
/// pieces, so an unmoved piece is a Bomb with probability `bombs /
/// unmoved`, not `bombs / pool` — late in a game, when most movable pieces
/// have moved, several times likelier than the bare pool says.
#[inline]
fn unmoved_movable_share(movable: u32, moved: u32) -> f64 {
    if movable == 0 {
        1.0
    } else {
        f64::from(movable.saturating_sub(moved)) / f64::from(movable)
    }
}

/// Scales the likelihoods of the movable ranks by `share`.
#[inline]
fn scale_movable(l: &mut [f64; RANK_COUNT], share: f64) {
    for r in Rank::ALL {
        if r.is_movable() {
            l[r.index()] *= share;
        }
    }
}

impl Stratego {
    /// The row of `sq` counted from `colour`'s back row (0 = back row).
    #[inline]
    pub(super) fn row_from_back(sq: Square, colour: Player) -> usize {
        match colour {
            Player::First => sq.rank_index(),
            Player::Second => SIZE - 1 - sq.rank_index(),
        }
    }

    /// Likelihoods of each rank for the hidden `piece` on `sq` from what is
    /// public about it: where it stands (unmoved) and its clue.
    fn piece_likelihood(&self, sq: Square, piece: Piece) -> [f64; RANK_COUNT] {
        let mut l = [1.0; RANK_COUNT];
        if !piece.has_moved() {
            let row = Self::row_from_back(sq, piece.colour());
            if row < 4 {
                for (r, x) in l.iter_mut().enumerate() {
                    *x = ROW_LIKELIHOOD[r][row];
                }
            }
            let by_bomb = (0..4).any(|d| {
                neighbour(sq, d).is_some_and(|n| {
                    self.board[n.index()].is_some_and(|p| {
                        p.colour() == piece.colour()
                            && p.is_revealed()
                            && p.rank() == Some(Rank::Bomb)
                    })
                })
            });
            if by_bomb {
                for (r, f) in NEXT_TO_BOMB {
                    l[r.index()] *= f;
                }
            }
        }
        let clue = self.clues[sq.index()];
        if let Some(e) = clue.bold() {
            for r in Rank::ALL {
                l[r.index()] *= beats(r, e, BOLD_ELSE);
            }
        }
        if let Some(e) = clue.shy() {
            for r in Rank::ALL {
                // Fled: likely `e` beats it.
                l[r.index()] *= beats(e, r, SHY_ELSE);
            }
        }
        l
    }

    /// The pending battle's outcomes weighted by the model (module doc,
    /// part 1): the outcomes of [`Stratego::rank_outcomes`], same order.
    pub fn modelled_rank_outcomes(&self, out: &mut Vec<(Rank, u32)>) {
        if self.modelled_blind_outcomes(out) {
            return;
        }
        self.rank_outcomes(out);
        let Some((from, to)) = self.pending else {
            return;
        };
        if out.len() < 2 {
            return;
        }
        let (Some(a), Some(d)) = (self.board[from.index()], self.board[to.index()]) else {
            return;
        };
        let (sq, piece) = if a.rank().is_none() {
            (from, a)
        } else {
            (to, d)
        };
        let mut l = self.piece_likelihood(sq, piece);
        if !piece.has_moved() {
            let pool = self.pool(piece.colour());
            scale_movable(
                &mut l,
                unmoved_movable_share(pool.movable, pool.unknown_moved),
            );
            for (r, f) in UNMOVED_CALIBRATION {
                l[r.index()] *= f;
            }
        }
        if sq == from && d.is_revealed() {
            if let Some(dr) = d.rank() {
                for r in Rank::ALL {
                    l[r.index()] *= beats(r, dr, ATTACK_LOSES);
                }
            }
        }
        for (r, w) in out.iter_mut() {
            *w = ((*w as f64) * l[r.index()] * SCALE).round().max(1.0) as u32;
        }
    }

    /// The chance, by the beliefs of module doc part 1, that the piece
    /// of unknown rank making run `mv` is a Scout, the only rank that
    /// runs (module doc, part 3); `None` when the move is no such run or only a Scout
    /// is left for the piece to be. The piece is about to move, so only
    /// its movable ranks are weighed.
    pub fn run_chance(&self, mv: Move) -> Option<f64> {
        if mv.is_blind() || mv.distance() < 2 {
            return None;
        }
        let piece = self.board[mv.from.index()]?;
        if piece.rank().is_some() {
            return None;
        }
        let pool = self.pool(piece.colour());
        let l = self.piece_likelihood(mv.from, piece);
        let (mut scout, mut total) = (0.0, 0.0);
        for r in Rank::ALL.into_iter().filter(|r| r.is_movable()) {
            let w = f64::from(pool.counts[r.index()]) * l[r.index()];
            total += w;
            if r == Rank::Scout {
                scout = w;
            }
        }
        (scout > 0.0 && scout < total).then(|| scout / total)
    }

    /// How many of `colour`'s pieces have moved without being revealed:
    /// each holds one of the movable ranks its opponent cannot rule out.
    fn moved_hidden(&self, colour: Player) -> u32 {
        // The unrevealed pieces less those that have not moved either.
        let c = colour.index();
        let unrevealed: u32 = self.unrevealed[c].iter().map(|&n| u32::from(n)).sum();
        unrevealed - self.still[c].count_ones()
    }

    /// The ranks `colour`'s opponent cannot rule out for `colour`'s hidden
    /// pieces: the army less the captured and the revealed pieces.
    fn public_pool(&self, colour: Player) -> RankCounts {
        let mut counts = *army(self.config.variant);
        let captured = &self.captured[colour.index()];
        for (n, c) in counts.iter_mut().zip(captured) {
            *n = n.saturating_sub(*c);
        }
        for p in self.board.iter().flatten() {
            if p.colour() == colour && p.is_revealed() {
                if let Some(r) = p.rank() {
                    let n = &mut counts[r.index()];
                    *n = n.saturating_sub(1);
                }
            }
        }
        counts
    }

    /// What the attacker of rank `a` expects from attacking the piece on
    /// `sq`, whose rank it cannot see, by the beliefs of module doc part 1
    /// over `pool` (Table 5.1 values, the Flag 1,000).
    fn blind_gain(
        &self,
        a: Rank,
        sq: Square,
        target: Piece,
        pool: &RankCounts,
        unmoved_share: f64,
    ) -> f64 {
        let mut l = self.piece_likelihood(sq, target);
        let moved = target.has_moved();
        if !moved {
            scale_movable(&mut l, unmoved_share);
        }
        let (mut sum, mut total) = (0.0, 0.0);
        for r in Rank::ALL {
            let n = pool[r.index()];
            if n == 0 || (moved && !r.is_movable()) {
                continue;
            }
            let w = n as f64 * l[r.index()];
            let won = TABLE_5_1[r.index()] as f64;
            let lost = TABLE_5_1[a.index()] as f64;
            sum += w * match battle(a, r) {
                BattleResult::AttackerWins => won,
                BattleResult::DefenderWins => -lost,
                BattleResult::BothRemoved => won - lost,
            };
            total += w;
        }
        if total > 0.0 {
            sum / total
        } else {
            0.0
        }
    }

    /// What the side to move believes of the other side's pieces when it
    /// attacks blind: their public pool and the share of movable ranks its
    /// unmoved pieces keep.
    fn blind_beliefs(&self) -> (RankCounts, f64) {
        let pool = self.public_pool(self.side.other());
        let movable: u32 = Rank::ALL
            .iter()
            .filter(|r| r.is_movable())
            .map(|r| u32::from(pool[r.index()]))
            .sum();
        let share = unmoved_movable_share(movable, self.moved_hidden(self.side.other()));
        (pool, share)
    }

    /// Attack `m` of the side to move on a piece it cannot tell apart: what
    /// it expects from it, and whether it is considered at all (an attacker
    /// of known rank does not make one it expects to lose).
    fn blind_attack_gain(&self, m: Move, beliefs: &(RankCounts, f64)) -> Option<f64> {
        let target = self.board[m.to.index()]?;
        let attacker = self.board[m.from.index()].and_then(Piece::rank);
        let a = if m.distance() > 1 {
            Rank::Scout
        } else {
            attacker.unwrap_or(STAND_IN)
        };
        let gain = self.blind_gain(a, m.to, target, &beliefs.0, beliefs.1);
        let known = attacker.is_some() || m.distance() > 1;
        (!known || gain >= BLIND_MIN_GAIN).then_some(gain)
    }

    /// Whether `mv` is among the legal moves (`modelled`: among the
    /// modelled moves) without generating them ([`crate::Game::move_is_listed`]):
    /// unknown for the attacks the model may group into a blind attack.
    pub fn move_is_listed(&self, mv: Move, modelled: bool) -> Option<bool> {
        if modelled && (mv.is_blind() || self.is_blind_target(mv)) {
            return None;
        }
        Some(self.generates(mv))
    }

    /// Whether `mv` attacks a piece its side cannot tell apart from the
    /// other unmoved hidden pieces (what `modelled_moves` groups).
    fn is_blind_target(&self, mv: Move) -> bool {
        let side = self.side;
        self.board[mv.to.index()].is_some_and(|t| {
            t.colour() != side && t.rank().is_some() && !t.is_revealed() && !t.has_moved()
        })
    }

    /// The legal moves with the attacks on pieces the attacker cannot tell
    /// apart grouped, per attacker, into one blind attack (module doc,
    /// part 2; `blind.rs`).
    pub fn modelled_moves(&self, out: &mut Vec<Move>) {
        self.generate_moves(out);
        // An attack on a piece of the other side that is hidden from the
        // side to move and has not moved: one of those it cannot tell apart.
        let blind = |m: &Move| self.is_blind_target(*m);
        let mut attackers = 0u128;
        for m in out.iter().filter(|m| blind(m)) {
            attackers |= super::bits::bit(m.from.index());
        }
        if attackers == 0 {
            return;
        }
        let beliefs = self.blind_beliefs();
        // Per attacker: the directions of the attacks it would make, and
        // one of them (the attack itself when it is the only one).
        let mut groups = [(0u8, None::<Move>); 40];
        let mut n = 0;
        for from in super::bits::Squares::new(attackers) {
            let mut directions = 0u8;
            let mut one = None;
            for &m in out.iter().filter(|m| m.from.index() == from && blind(m)) {
                if self.blind_attack_gain(m, &beliefs).is_none() {
                    continue;
                }
                if let Some(d) = self.direction_of(m) {
                    directions |= 1 << d;
                }
                one = Some(m);
            }
            if n < groups.len() {
                groups[n] = (directions, one);
                n += 1;
            }
        }
        out.retain(|m| !blind(m));
        for &(directions, one) in &groups[..n] {
            match (directions.count_ones(), one) {
                (0, _) | (_, None) => {}
                (1, Some(m)) => out.push(m),
                (_, Some(m)) => out.push(Move::blind(m.from, directions)),
            }
        }
    }

    /// The outcomes of a pending blind attack weighted by the model: the
    /// attacker picks among its targets by what it expects from each, a
    /// target [`BLIND_PICK`] points of expectation better being `e` times
    /// likelier (module doc, part 2). False when none is pending.
    fn modelled_blind_outcomes(&self, out: &mut Vec<(Rank, u32)>) -> bool {
        let Some((from, _)) = self.blind else {
            return false;
        };
        out.clear();
        let beliefs = self.blind_beliefs();
        let mut gains = [(Rank::Flag, 0.0); 4];
        let mut n = 0;
        for to in self.blind_targets() {
            let Some(r) = self.board[to.index()].and_then(|p| p.rank()) else {
                continue;
            };
            let g = self
                .blind_attack_gain(Move::new(from, to), &beliefs)
                .unwrap_or(BLIND_MIN_GAIN);
            gains[n] = (r, g);
            n += 1;
        }
        let top = gains[..n]
            .iter()
            .map(|g| g.1)
            .fold(f64::NEG_INFINITY, f64::max);
        for &(r, g) in &gains[..n] {
            let w = crate::exp::exp((g - top) / BLIND_PICK) * SCALE;
            add_weight(out, r, (w.round() as u32).max(1));
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stratego::config::Variant;
    use crate::stratego::setups::{preset_names, Setup};

    #[test]
    fn setup_counts_are_those_of_the_arts_presets() {
        let mut counts = [[0u8; 4]; RANK_COUNT];
        for name in preset_names(Variant::Stratego) {
            let setup = Setup::preset(name).unwrap();
            for (i, cell) in setup.cells.iter().enumerate() {
                if let Some(r) = cell {
                    counts[r.index()][i / 10] += 1;
                }
            }
        }
        assert_eq!(counts, SETUP_COUNTS);
    }

    #[test]
    fn row_likelihoods_average_to_one() {
        for (r, row) in ROW_LIKELIHOOD.iter().enumerate() {
            let mean: f64 = row.iter().sum::<f64>() / 4.0;
            assert!((mean - 1.0).abs() < 1e-12, "{r}: {mean}");
            assert!(row.iter().all(|&x| x > 0.0));
        }
        // The Flag is likelier on the back rows than at the front.
        let f = ROW_LIKELIHOOD[Rank::Flag.index()];
        assert!(f[0] > 2.0 * f[3]);
    }
}
