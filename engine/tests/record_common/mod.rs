//! A helper shared by the notation tests: a whole random game as a record.

use rand::Rng;
use starcut::{Game, Record, Status, Step};

/// Plays from `start` to the end, every move and every chance outcome drawn
/// uniformly, and returns the record and the final position.
pub fn random_record<G: Game>(start: G, rng: &mut impl Rng) -> (Record<G>, G) {
    let mut record = Record::new(start);
    let mut pos = record.start.clone();
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    while !matches!(pos.status(), Status::Terminal(_)) {
        let step = if pos.status() == Status::Chance {
            pos.chance_outcomes(&mut outcomes);
            Step::Outcome(outcomes[rng.gen_range(0..outcomes.len())].0)
        } else {
            pos.legal_moves(&mut moves);
            Step::Move(moves[rng.gen_range(0..moves.len())])
        };
        pos.apply_step(step);
        record.steps.push(step);
    }
    (record, pos)
}
