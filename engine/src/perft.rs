//! Perft: counting the paths of a game tree, the standard check of move
//! generation.
//!
//! A path of `d` decisions is a sequence of steps from the root that contains
//! exactly `d` moves and ends with the `d`-th move. Chance nodes do not use
//! depth: inside a path each outcome is a separate branch (a Dice position
//! without a roll first branches into the rolls; a Breakthrough `roll` is one
//! decision followed by its grouped outcomes). A chance node reached right
//! after the last decision is not expanded. Paths stop at terminal
//! positions: a terminal position reached before the `d`-th decision
//! contributes nothing to depth `d`.

use crate::game::{Game, Status};

/// Reusable buffers, so that a perft run allocates only once per ply.
struct Buffers<G: Game> {
    moves: Vec<Vec<G::Move>>,
    outcomes: Vec<Vec<(G::Outcome, u32)>>,
}

/// The number of paths of exactly `depth` decisions from `pos`.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    let mut bufs = Buffers::<G> {
        moves: Vec::new(),
        outcomes: Vec::new(),
    };
    count(pos, depth, 0, &mut bufs)
}

/// `perft(pos, d)` for every `d` in `1..=depth`.
pub fn perft_table<G: Game>(pos: &G, depth: u32) -> Vec<u64> {
    (1..=depth).map(|d| perft(pos, d)).collect()
}

fn count<G: Game>(pos: &G, depth: u32, ply: usize, bufs: &mut Buffers<G>) -> u64 {
    if depth == 0 {
        return 1;
    }
    if bufs.moves.len() <= ply {
        bufs.moves.push(Vec::with_capacity(64));
        bufs.outcomes.push(Vec::with_capacity(64));
    }
    match pos.status() {
        Status::Terminal(_) => 0,
        Status::Chance => {
            let mut outcomes = std::mem::take(&mut bufs.outcomes[ply]);
            pos.chance_outcomes(&mut outcomes);
            let mut total = 0;
            for &(o, _) in &outcomes {
                let mut child = pos.clone();
                child.apply_outcome(o);
                total += count(&child, depth, ply + 1, bufs);
            }
            bufs.outcomes[ply] = outcomes;
            total
        }
        Status::Decision => {
            let mut moves = std::mem::take(&mut bufs.moves[ply]);
            pos.legal_moves(&mut moves);
            let total = if depth == 1 {
                moves.len() as u64
            } else {
                let mut total = 0;
                for &m in &moves {
                    let mut child = pos.clone();
                    child.play(m);
                    total += count(&child, depth - 1, ply + 1, bufs);
                }
                total
            };
            bufs.moves[ply] = moves;
            total
        }
    }
}
