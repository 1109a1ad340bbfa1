//! Invariants every reachable position keeps, checked by the `play` fuzz
//! target and by `starcut soak` after every step of a game:
//!
//! - the position prints and parses back to the same text, and the parsed
//!   position's hash (computed afresh) equals the incrementally kept one;
//! - each player's view does the same;
//! - a view never holds a hidden rank: every enemy piece whose rank the
//!   viewer knows was revealed, and the view does not change when the
//!   ranks of two unrevealed enemy pieces are swapped in the true game
//!   (Stratego and Barrage; the other games have no hidden information).

use std::any::Any;
use std::fmt;

use crate::dice::Dice;
use crate::game::{Game, Player};
use crate::stratego::{Piece, Square, Stratego};

/// A broken invariant, with the position where it broke.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub kind: ViolationKind,
    /// The position's text.
    pub position: String,
    pub detail: String,
}

/// Which invariant broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ViolationKind {
    /// The printed position does not parse, or parses to another text.
    TextRoundTrip,
    /// The kept hash (or another incrementally kept set or count) differs
    /// from the one computed afresh.
    Hash,
    /// A view shows a rank its player cannot know.
    HiddenRank,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            ViolationKind::TextRoundTrip => "text round trip",
            ViolationKind::Hash => "hash",
            ViolationKind::HiddenRank => "hidden rank",
        };
        write!(f, "{kind}: {} (position {})", self.detail, self.position)
    }
}

impl std::error::Error for Violation {}

/// How many checks [`check`] made, for the soak's report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    pub round_trips: u64,
    pub hashes: u64,
    pub views: u64,
}

impl std::ops::AddAssign for Checked {
    fn add_assign(&mut self, o: Checked) {
        self.round_trips += o.round_trips;
        self.hashes += o.hashes;
        self.views += o.views;
    }
}

impl Checked {
    pub fn total(&self) -> u64 {
        self.round_trips + self.hashes + self.views
    }
}

/// Checks `pos` and both players' views of it.
pub fn check<G: Game>(pos: &G, config: &G::Config) -> Result<Checked, Violation> {
    let mut done = Checked::default();
    round_trip(pos, config, &mut done)?;
    for player in [Player::First, Player::Second] {
        let view = pos.observation(player);
        round_trip(&view, config, &mut done)?;
        if let Some(truth) = (pos as &dyn Any).downcast_ref::<Stratego>() {
            stratego_view(truth, player)?;
            done.views += 1;
        }
    }
    Ok(done)
}

fn round_trip<G: Game>(pos: &G, config: &G::Config, done: &mut Checked) -> Result<(), Violation> {
    let text = pos.position_text();
    let violation = |kind, detail: String| Violation {
        kind,
        position: text.clone(),
        detail,
    };
    let parsed = G::parse_position(config, &text)
        .map_err(|e| violation(ViolationKind::TextRoundTrip, format!("does not parse: {e}")))?;
    let again = parsed.position_text();
    if again != text {
        return Err(violation(
            ViolationKind::TextRoundTrip,
            format!("parses back as '{again}'"),
        ));
    }
    done.round_trips += 1;
    if parsed.hash() != pos.hash() {
        return Err(violation(
            ViolationKind::Hash,
            format!(
                "kept hash {:016x}, recomputed {:016x}",
                pos.hash(),
                parsed.hash()
            ),
        ));
    }
    if let Some(s) = (pos as &dyn Any).downcast_ref::<Stratego>() {
        if s.compute_hash() != s.hash() {
            return Err(violation(
                ViolationKind::Hash,
                format!(
                    "kept hash {:016x}, from scratch {:016x}",
                    s.hash(),
                    s.compute_hash()
                ),
            ));
        }
        if !s.kept_sets_agree() {
            return Err(violation(
                ViolationKind::Hash,
                "the kept occupancy, tallies or piece sets differ from a recount of the board"
                    .into(),
            ));
        }
    }
    if let Some(d) = (pos as &dyn Any).downcast_ref::<Dice>() {
        if !d.kept_lines_agree() {
            return Err(violation(
                ViolationKind::Hash,
                "the kept line counts differ from a count of the board".into(),
            ));
        }
    }
    done.hashes += 1;
    Ok(())
}

/// `player`'s view of the true game `truth` shows no hidden rank.
fn stratego_view(truth: &Stratego, player: Player) -> Result<(), Violation> {
    let view = truth.view_for(player);
    let hidden = |detail: String| Violation {
        kind: ViolationKind::HiddenRank,
        position: truth.position_text(),
        detail,
    };
    let mut unrevealed: Vec<(Square, Piece)> = Vec::new();
    for sq in Square::all() {
        let (Some(t), v) = (truth.piece_at(sq), view.piece_at(sq)) else {
            continue;
        };
        if t.colour() == player {
            continue;
        }
        let Some(v) = v else {
            return Err(hidden(format!("the view lost the piece on {sq}")));
        };
        if v.rank().is_some() && !t.is_revealed() {
            return Err(hidden(format!(
                "the view knows the unrevealed piece on {sq}"
            )));
        }
        if !t.is_revealed() {
            unrevealed.push((sq, t));
        }
    }
    // Swapping two unrevealed ranks in the truth must not change the view.
    if let [(a, pa), .., (b, pb)] = unrevealed[..] {
        if pa.rank() != pb.rank() {
            let mut other = *truth;
            let swap = |p: Piece, rank| Piece::new(p.colour(), rank, false, p.has_moved());
            other.put_piece(a, Some(swap(pa, pb.rank())));
            other.put_piece(b, Some(swap(pb, pa.rank())));
            // The clues (public behaviour evidence) stay with the squares.
            other.set_clue(a, truth.clue_at(a));
            other.set_clue(b, truth.clue_at(b));
            let w = other.view_for(player);
            if w.position_text() != view.position_text() || w.hash() != view.hash() {
                return Err(hidden(format!(
                    "the view changes when the hidden ranks on {a} and {b} are swapped"
                )));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::breakthrough::{Breakthrough, BreakthroughConfig};
    use crate::dice::{Dice, DiceConfig};
    use crate::selfplay::sample_outcome;
    use crate::stratego::StrategoConfig;
    use crate::Status;
    use rand::{Rng, SeedableRng};

    fn random_walk<G: Game>(config: &G::Config, steps: usize, seed: u64) -> u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut pos = G::start(config).unwrap();
        let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
        let mut checks = 0;
        for _ in 0..steps {
            checks += check(&pos, config).unwrap().total();
            match pos.status() {
                Status::Terminal(_) => break,
                Status::Chance => {
                    pos.chance_outcomes(&mut outcomes);
                    pos.apply_outcome(sample_outcome(&outcomes, &mut rng));
                }
                Status::Decision => {
                    pos.legal_moves(&mut moves);
                    pos.play(moves[rng.gen_range(0..moves.len())]);
                }
            }
        }
        checks
    }

    #[test]
    fn random_games_keep_every_invariant() {
        for seed in 0..3 {
            assert!(random_walk::<Stratego>(&StrategoConfig::default(), 300, seed) > 0);
            assert!(random_walk::<Dice>(&DiceConfig::default(), 100, seed) > 0);
            let cb = BreakthroughConfig {
                chance: true,
                ..BreakthroughConfig::default()
            };
            assert!(random_walk::<Breakthrough>(&cb, 200, seed) > 0);
        }
    }
}
