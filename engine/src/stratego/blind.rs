//! Blind attacks: the chance over which piece an attacker hits when it
//! cannot tell its targets apart (the opponent model, `model.rs` part 2).
//!
//! The model lets the opponent attack the searcher's unmoved hidden pieces
//! without knowing which is which. A piece of the opponent that could
//! attack several of them makes one *blind attack* in the search
//! ([`Move::blind`]), and the piece it hits is left to chance: the search
//! may neither count on the opponent picking the Bomb rather than the Flag
//! beside it, nor fear that it always finds the Flag. The chance outcome
//! is told by the rank of the piece hit (the searcher knows its own
//! pieces); by the counts ([`Stratego::blind_outcomes`]) each target is
//! alike, and the model weighs each by what the attacker expects from it
//! (`model.rs`). Then the attack is played like any other — against an
//! attacker of unknown rank, a second chance node, its battle.
//!
//! A blind attack exists only inside a search with the opponent model: it
//! is never a legal move, and a game never holds one pending.

use super::hash;
use super::movegen::neighbour;
use super::mv::Move;
use super::position::Stratego;
use super::rank::Rank;
use super::square::Square;

impl Stratego {
    /// The first piece from `from` going in direction `dir` (0..4, as
    /// [`neighbour`] counts them) over empty land squares, if the edge or
    /// a lake does not come first.
    pub(crate) fn first_piece(&self, from: Square, dir: usize) -> Option<Square> {
        let mut sq = from;
        loop {
            sq = neighbour(sq, dir)?;
            if self.board[sq.index()].is_some() {
                return Some(sq);
            }
        }
    }

    /// The direction of attack `mv`: the one whose first piece it attacks.
    pub(crate) fn direction_of(&self, mv: Move) -> Option<usize> {
        (0..4).find(|&d| self.first_piece(mv.from, d) == Some(mv.to))
    }

    /// The targets of the pending blind attack (none when there is none).
    pub(super) fn blind_targets(&self) -> impl Iterator<Item = Square> + '_ {
        let (from, directions) = self.blind.unzip();
        let directions = directions.unwrap_or(0);
        (0..4)
            .filter(move |d| directions & (1 << d) != 0)
            .filter_map(move |d| self.first_piece(from?, d))
    }

    /// Starts blind attack `mv`: the position becomes a chance node over
    /// the piece it hits; nothing else changes until the outcome.
    pub(crate) fn play_blind(&mut self, mv: Move) {
        let directions = mv.blind_directions();
        self.hash ^= hash::blind_key(mv.from, directions);
        self.blind = Some((mv.from, directions));
    }

    /// The outcomes of a pending blind attack — the ranks of its targets,
    /// each weighted by how many targets have it — into `out`; false (and
    /// `out` untouched) when no blind attack is pending.
    pub(crate) fn blind_outcomes(&self, out: &mut Vec<(Rank, u32)>) -> bool {
        if self.blind.is_none() {
            return false;
        }
        out.clear();
        for sq in self.blind_targets() {
            // A target's rank is known to the side searching (the model
            // makes only attacks on such pieces blind).
            let Some(r) = self.board[sq.index()].and_then(|p| p.rank()) else {
                continue;
            };
            add_weight(out, r, 1);
        }
        true
    }

    /// Resolves a pending blind attack: the attacker hits its first target
    /// of rank `rank` (its first target if none has it), and the attack is
    /// played. False when no blind attack is pending.
    pub(crate) fn apply_blind_outcome(&mut self, rank: Rank) -> bool {
        let Some((from, directions)) = self.blind else {
            return false;
        };
        let target = self
            .blind_targets()
            .find(|sq| self.board[sq.index()].and_then(|p| p.rank()) == Some(rank))
            .or_else(|| self.blind_targets().next());
        self.hash ^= hash::blind_key(from, directions);
        self.blind = None;
        if let Some(to) = target {
            self.play_move(Move::new(from, to));
        }
        true
    }
}

/// Adds `w` to rank `r`'s weight in `out` (a new outcome if it has none).
pub(super) fn add_weight(out: &mut Vec<(Rank, u32)>, r: Rank, w: u32) {
    match out.iter_mut().find(|(o, _)| *o == r) {
        Some((_, x)) => *x += w,
        None => out.push((r, w)),
    }
}
