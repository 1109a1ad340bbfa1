//! Move ordering at decision nodes: the table move first, then killer moves,
//! then the history heuristic, then the game's static hint.
//!
//! Moves are an opaque `Hash` type, so the history table is indexed by a
//! deterministic hash of the move (collisions only blur the ordering).

use std::hash::{Hash, Hasher};

use crate::game::Player;

const HISTORY_BITS: u32 = 12;
const HISTORY_SIZE: usize = 1 << HISTORY_BITS;

const TT_BONUS: i64 = 1 << 40;
const KILLER_BONUS: [i64; 2] = [1 << 39, 1 << 38];
/// History scores are shifted left by 8 when ordering; capped here, a
/// history score stays below the second killer's bonus (and so below the
/// table move's) however long the searcher runs.
const HISTORY_CAP: i64 = (1 << 29) - 1;

/// A small deterministic hasher (FxHash's multiply-rotate), identical on
/// every platform, so that ordering and hence node counts are reproducible.
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64)
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(i as u64)
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64)
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64)
    }
}

fn slot<M: Hash>(mv: &M) -> usize {
    let mut h = MoveHasher(0);
    mv.hash(&mut h);
    let x = h.finish();
    ((x ^ (x >> 29)) as usize) & (HISTORY_SIZE - 1)
}

/// History scores and killer moves, kept across searches.
#[derive(Clone, Debug)]
pub struct Ordering<M: Copy> {
    history: Vec<i64>,
    killers: Vec<[Option<M>; 2]>,
}

impl<M: Copy + Eq + Hash> Default for Ordering<M> {
    fn default() -> Self {
        Ordering {
            history: vec![0; 2 * HISTORY_SIZE],
            killers: Vec::new(),
        }
    }
}

/// Which ordering sources are active.
#[derive(Clone, Copy, Debug)]
pub struct OrderingFlags {
    pub history: bool,
    pub killers: bool,
    pub static_hint: bool,
}

impl<M: Copy + Eq + Hash> Ordering<M> {
    pub fn clear(&mut self) {
        self.history.fill(0);
        self.killers.clear();
    }

    /// Halves history scores (between searches: old knowledge fades).
    pub fn age(&mut self) {
        for h in &mut self.history {
            *h /= 2;
        }
    }

    fn killers_at(&mut self, ply: usize) -> &mut [Option<M>; 2] {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        &mut self.killers[ply]
    }

    /// Orders `moves` in place, best first. `hint` gives the static hint of
    /// a move. Stable: equal scores keep generation order.
    #[allow(clippy::too_many_arguments)]
    pub fn order(
        &mut self,
        moves: &mut [M],
        scored: &mut Vec<(i64, M)>,
        side: Player,
        ply: usize,
        tt_move: Option<M>,
        flags: OrderingFlags,
        hint: impl Fn(M) -> i32,
    ) {
        if moves.len() < 2 {
            return;
        }
        let killers = if flags.killers {
            *self.killers_at(ply)
        } else {
            [None, None]
        };
        scored.clear();
        let mut any = false;
        for &m in moves.iter() {
            let mut s = 0i64;
            if Some(m) == tt_move {
                s += TT_BONUS;
            }
            if Some(m) == killers[0] {
                s += KILLER_BONUS[0];
            } else if Some(m) == killers[1] {
                s += KILLER_BONUS[1];
            }
            if flags.history {
                s += self.history[side.index() * HISTORY_SIZE + slot(&m)] << 8;
            }
            if flags.static_hint {
                s += hint(m) as i64;
            }
            any |= s != 0;
            scored.push((s, m));
        }
        if !any {
            return;
        }
        // Insertion sort: stable, allocation-free, fast for move-list sizes.
        for i in 1..scored.len() {
            let mut j = i;
            while j > 0 && scored[j - 1].0 < scored[j].0 {
                scored.swap(j - 1, j);
                j -= 1;
            }
        }
        for (m, &(_, s)) in moves.iter_mut().zip(scored.iter()) {
            *m = s;
        }
    }

    /// Records that `mv` caused a cut (or was best) at `ply` with `depth`
    /// decisions left.
    pub fn reward(&mut self, mv: M, side: Player, ply: usize, depth: u32, flags: OrderingFlags) {
        if flags.history {
            let h = &mut self.history[side.index() * HISTORY_SIZE + slot(&mv)];
            *h = (*h + (depth as i64) * (depth as i64)).min(HISTORY_CAP);
        }
        if flags.killers {
            let k = self.killers_at(ply);
            if k[0] != Some(mv) {
                k[1] = k[0];
                k[0] = Some(mv);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: OrderingFlags = OrderingFlags {
        history: true,
        killers: true,
        static_hint: true,
    };

    #[test]
    fn saturated_history_never_outranks_the_table_move_or_a_killer() {
        let mut o = Ordering::<u32>::default();
        // Move 1 earns a saturated history score; move 2 becomes a killer.
        for _ in 0..2_000_000 {
            o.reward(
                1,
                Player::First,
                9,
                60,
                OrderingFlags {
                    killers: false,
                    ..ALL
                },
            );
        }
        o.reward(2, Player::First, 3, 1, ALL);
        let mut scored = Vec::new();
        let mut moves = vec![1, 2, 3, 4];
        o.order(
            &mut moves,
            &mut scored,
            Player::First,
            3,
            Some(4),
            ALL,
            |m| m as i32 * 1000,
        );
        assert_eq!(
            moves,
            vec![4, 2, 1, 3],
            "table move, killer, history, then hint"
        );
        // The saturated history still beats the largest static hint.
        let mut moves = vec![1, 3];
        o.order(&mut moves, &mut scored, Player::First, 0, None, ALL, |m| {
            if m == 3 {
                i32::MAX
            } else {
                0
            }
        });
        assert_eq!(moves, vec![1, 3]);
    }
}
