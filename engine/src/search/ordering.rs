//! Move ordering at decision nodes: the table move first, then killer moves,
//! then the history heuristic, then the game's static hint.
//!
//! [`MovePicker`] hands the moves out in that order in stages: the table
//! move and the killers are found in the move list without scoring
//! anything, and only when they are used up are the other moves scored and
//! picked best first, lazily (a cut after the first few moves leaves the
//! rest unsorted). Near the leaves ([`UNSORTED_DEPTH`]) the moves after
//! the first pick are not sorted at all. Decision nodes and Star2 probes
//! share it: a probe of a chance node's outcome picks from the outcome's
//! picker, and the regular search of that outcome goes on from the same
//! picker.
//!
//! Moves are an opaque `Hash` type, so the history table is indexed by a
//! deterministic hash of the move (collisions only blur the ordering).

use std::hash::{Hash, Hasher};

use crate::game::Player;

const HISTORY_BITS: u32 = 12;
const HISTORY_SIZE: usize = 1 << HISTORY_BITS;

/// History scores are shifted left by 8 when ordering; capped here, a
/// history score plus a hint fits the picker's sort keys however long the
/// searcher runs.
const HISTORY_CAP: i32 = (1 << 29) - 1;

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
    /// `i32` (the cap fits): 32 KiB for both sides, within the L1 cache.
    history: Vec<i32>,
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

    /// The killer moves at `ply`.
    pub fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers.get(ply).copied().unwrap_or([None, None])
    }

    fn killers_at(&mut self, ply: usize) -> &mut [Option<M>; 2] {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        &mut self.killers[ply]
    }

    /// Records that `mv` caused a cut (or was best) at `ply` with `depth`
    /// decisions left.
    pub fn reward(&mut self, mv: M, side: Player, ply: usize, depth: u32, flags: OrderingFlags) {
        if flags.history {
            let h = &mut self.history[side.index() * HISTORY_SIZE + slot(&mv)];
            let d = i64::from(depth);
            // Below the cap, so the cast keeps the value.
            *h = (i64::from(*h) + d * d).min(i64::from(HISTORY_CAP)) as i32;
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

/// Moves picked one by one (selection) before the rest is sorted at once:
/// most cuts come from the first move. The order is the same whatever the
/// number (the keys are unique); one pick measured 0.97 to 0.985 of the
/// time of three on the Stratego middle set, and sorting at once 1.03 of
/// one (`docs/engine-speed.md`).
const LAZY_PICKS: usize = 1;

/// Decision nodes with at most this many decisions left hand out the moves
/// after the lazy picks unsorted, in the order they were generated. There
/// nearly every node that cuts does so with its first move (in the
/// Stratego middle set at depth 7, 98.7% of the cuts one decision from the
/// leaves and 98% two decisions from them), and the others search every
/// move whatever the order, so the sort costs more than the few cuts it
/// brings sooner: 0.96 of the time on that set with 0.6% more nodes, and
/// on 30 other middle positions with 1.2% more; ChanceBreakthrough 0.83
/// with 16% fewer nodes. Three decisions was slower than two, one no
/// faster. The lists of
/// Star2's probes (`chance.rs`) stay sorted: unsorted too, Dice, whose
/// every list is a probe's, searched 3% more nodes (`docs/engine-speed.md`).
pub const UNSORTED_DEPTH: u32 = 2;

/// Where a [`MovePicker`] is: a number, not an enum, so that the stages
/// are told apart by comparisons (a `match` became a jump table, and its
/// target changes at nearly every call in the first stages: in Dice's
/// probes six in ten of those indirect jumps were mispredicted).
type Stage = u8;
/// The first stages (table move, first killer, second killer): the stage
/// is the index of the candidate in [`MovePicker::first`].
const TABLE: Stage = 0;
/// Score the moves not yet handed out.
const SCORE: Stage = 3;
/// Pick the best scored move (`picked` so far).
const PICK: Stage = 4;
/// The rest is sorted: hand out in order.
const SORTED: Stage = 5;
/// Hand out in generation order (no history, no hint).
const PLAIN: Stage = 6;

/// The moves of one decision node, handed out best first (see the module
/// documentation). The order is exactly that of a stable sort by
/// [`Ordering`]'s score: table move, first killer, second killer, then
/// history and hint with ties in generation order; at a node near the
/// leaves ([`UNSORTED_DEPTH`]) only up to the lazy picks, the rest then in
/// generation order.
#[derive(Clone, Debug)]
pub struct MovePicker<M: Copy> {
    /// `moves[..next]` are handed out, in order; `moves[next..]` wait, in
    /// generation order until the scoring stage.
    moves: Vec<M>,
    next: usize,
    /// From the scoring stage: the waiting moves with unique sort keys
    /// (score, then generation order), `scored[picked..]` not yet handed out.
    scored: Vec<(i64, M)>,
    picked: usize,
    stage: Stage,
    /// The table move, then the killers to try (each unlike the table
    /// move and the other): the first stages' candidates.
    first: [Option<M>; 3],
    side: Player,
    flags: OrderingFlags,
    /// Whether `moves` were handed to the picker ([`MovePicker::start`]).
    live: bool,
    /// Whether the moves after the lazy picks are sorted (the node is
    /// farther from the leaves than [`UNSORTED_DEPTH`]).
    sort_rest: bool,
}

impl<M: Copy + Eq + Hash> Default for MovePicker<M> {
    fn default() -> Self {
        MovePicker {
            moves: Vec::new(),
            next: 0,
            scored: Vec::new(),
            picked: 0,
            stage: PLAIN,
            first: [None, None, None],
            side: Player::First,
            flags: OrderingFlags {
                history: false,
                killers: false,
                static_hint: false,
            },
            live: false,
            sort_rest: true,
        }
    }
}

impl<M: Copy + Eq + Hash> MovePicker<M> {
    /// The buffer to fill with the legal moves before [`MovePicker::start`].
    pub fn moves_mut(&mut self) -> &mut Vec<M> {
        self.live = false;
        &mut self.moves
    }

    /// All the moves (handed out or not).
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Whether the picker holds a started move list.
    pub fn is_live(&self) -> bool {
        self.live
    }

    /// Whether the order of the moves not yet handed out is settled (they
    /// are scored, or handed out in generation order): handing out the
    /// next one now gives the move a later call would, whatever the
    /// history learns meanwhile.
    #[inline]
    pub fn is_settled(&self) -> bool {
        self.stage >= PICK
    }

    /// Forgets the move list.
    pub fn reset(&mut self) {
        self.live = false;
        self.moves.clear();
    }

    /// Starts handing out the moves now in [`MovePicker::moves_mut`] for
    /// `side` at `ply`, with the table's move `tt`, all in order.
    pub fn start(
        &mut self,
        ordering: &Ordering<M>,
        side: Player,
        ply: usize,
        tt: Option<M>,
        flags: OrderingFlags,
    ) {
        self.sort_rest = true;
        self.next = 0;
        self.picked = 0;
        self.scored.clear();
        self.side = side;
        self.flags = flags;
        self.first = Self::first_candidates(ordering, ply, tt, flags);
        self.stage = TABLE;
        self.live = true;
    }

    /// For a decision node `depth` decisions from the leaves, just
    /// started: the moves after the lazy picks come unsorted when the node
    /// is near the leaves ([`UNSORTED_DEPTH`]).
    pub fn near_leaves(&mut self, depth: u32) {
        self.sort_rest = depth > UNSORTED_DEPTH;
    }

    /// Moves `moves[at]` to `moves[next]`, keeping the others' order.
    #[inline]
    fn bring(&mut self, m: Option<M>) -> Option<M> {
        let m = m?;
        let at = self.next + self.moves[self.next..].iter().position(|&x| x == m)?;
        self.moves[self.next..=at].rotate_right(1);
        self.next += 1;
        Some(m)
    }

    /// The moves the first stages hand out when they are in the list: the
    /// table move `tt`, then the killers at `ply` (each once), in that
    /// order.
    pub fn first_candidates(
        ordering: &Ordering<M>,
        ply: usize,
        tt: Option<M>,
        flags: OrderingFlags,
    ) -> [Option<M>; 3] {
        let [k0, k1] = if flags.killers {
            ordering.killers(ply)
        } else {
            [None, None]
        };
        let k0 = k0.filter(|&k| Some(k) != tt);
        let k1 = k1.filter(|&k| Some(k) != tt && Some(k) != k0);
        [tt, k0, k1]
    }

    /// The next move, best first; `None` when all were handed out.
    /// `hint` gives the game's static hint of a move.
    #[inline]
    pub fn next(&mut self, ordering: &Ordering<M>, hint: impl Fn(M) -> i32) -> Option<M> {
        if self.next >= self.moves.len() {
            return None;
        }
        // The table move, then the killers, each handed out when listed.
        while self.stage < SCORE {
            let candidate = self.first[usize::from(self.stage)];
            self.stage += 1;
            if let Some(m) = self.bring(candidate) {
                return Some(m);
            }
        }
        if self.stage == SCORE {
            self.score_rest(ordering, &hint);
        }
        if self.stage == PICK {
            if self.picked < LAZY_PICKS {
                let rest = &mut self.scored[self.picked..];
                let mut best = 0;
                for (k, e) in rest.iter().enumerate().skip(1) {
                    if e.0 > rest[best].0 {
                        best = k;
                    }
                }
                rest.swap(0, best);
                return Some(self.hand_out_scored());
            }
            if self.sort_rest {
                self.scored[self.picked..].sort_unstable_by_key(|e| std::cmp::Reverse(e.0));
            }
            self.stage = SORTED;
        }
        if self.stage == SORTED {
            return Some(self.hand_out_scored());
        }
        let m = self.moves[self.next];
        self.next += 1;
        Some(m)
    }

    /// The scoring stage: keys for the moves not yet handed out.
    fn score_rest(&mut self, ordering: &Ordering<M>, hint: impl Fn(M) -> i32) {
        let f = self.flags;
        if !f.history && !f.static_hint {
            self.stage = PLAIN;
            return;
        }
        let base = self.side.index() * HISTORY_SIZE;
        let rest = &self.moves[self.next..];
        self.scored.clear();
        self.scored.extend(rest.iter().enumerate().map(|(k, &m)| {
            let mut s = 0i64;
            if f.history {
                s += i64::from(ordering.history[base + slot(&m)]) << 8;
            }
            if f.static_hint {
                s += hint(m) as i64;
            }
            // Unique keys: ties go to the earlier generated move.
            ((s << 16) | (0xFFFF - k as i64), m)
        }));
        self.picked = 0;
        self.stage = PICK;
    }

    #[inline]
    fn hand_out_scored(&mut self) -> M {
        let m = self.scored[self.picked].1;
        self.picked += 1;
        self.moves[self.next] = m;
        self.next += 1;
        m
    }

    /// The `j`-th move in order (0-based), handing out moves up to it.
    pub fn nth(&mut self, j: usize, ordering: &Ordering<M>, hint: impl Fn(M) -> i32) -> Option<M> {
        while self.next <= j {
            self.next(ordering, &hint)?;
        }
        Some(self.moves[j])
    }

    /// Every move in order (hands all of them out).
    pub fn ordered(&mut self, ordering: &Ordering<M>, hint: impl Fn(M) -> i32) -> &[M] {
        while self.next(ordering, &hint).is_some() {}
        &self.moves
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
        let order = |o: &Ordering<u32>, moves: &[u32], ply, tt, hint: &dyn Fn(u32) -> i32| {
            let mut p = MovePicker::default();
            p.moves_mut().extend_from_slice(moves);
            p.start(o, Player::First, ply, tt, ALL);
            p.ordered(o, hint).to_vec()
        };
        assert_eq!(
            order(&o, &[1, 2, 3, 4], 3, Some(4), &|m| m as i32 * 1000),
            vec![4, 2, 1, 3],
            "table move, killer, history, then hint"
        );
        // The saturated history still beats the largest static hint.
        assert_eq!(
            order(&o, &[1, 3], 0, None, &|m| if m == 3 { i32::MAX } else { 0 }),
            vec![1, 3]
        );
    }

    const TT_BONUS: i64 = 1 << 40;
    const KILLER_BONUS: [i64; 2] = [1 << 39, 1 << 38];

    #[test]
    fn the_picker_equals_a_stable_sort_by_score() {
        // Random histories, hints and move lists: the picker's order is a
        // stable sort by (table, killer, killer, history << 8 + hint).
        let mut seed = 12345u64;
        let mut rnd = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for _ in 0..300 {
            let mut o = Ordering::<u32>::default();
            for _ in 0..rnd(20) {
                let flags = OrderingFlags {
                    killers: rnd(2) == 0,
                    ..ALL
                };
                o.reward(rnd(40) as u32, Player::Second, 2, rnd(6) as u32, flags);
            }
            let count = rnd(40) as usize;
            // Distinct moves, as a move list has them.
            let moves: Vec<u32> = (0..count)
                .map(|_| rnd(40) as u32)
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .rev()
                .collect();
            let n = moves.len();
            let tt = (rnd(2) == 0).then(|| rnd(40) as u32);
            let hints: Vec<i32> = (0..40).map(|_| rnd(7) as i32 - 3).collect();
            let hint = |m: u32| hints[m as usize];
            let flags = OrderingFlags {
                history: rnd(3) > 0,
                killers: rnd(3) > 0,
                static_hint: rnd(3) > 0,
            };
            let killers = if flags.killers {
                o.killers.get(2).copied().unwrap_or([None, None])
            } else {
                [None, None]
            };
            let score = |m: u32| {
                let mut s = 0i64;
                if Some(m) == tt {
                    s += TT_BONUS;
                }
                if Some(m) == killers[0] {
                    s += KILLER_BONUS[0];
                } else if Some(m) == killers[1] {
                    s += KILLER_BONUS[1];
                }
                if flags.history {
                    s +=
                        i64::from(o.history[Player::Second.index() * HISTORY_SIZE + slot(&m)]) << 8;
                }
                if flags.static_hint {
                    s += hint(m) as i64;
                }
                s
            };
            let mut want = moves.clone();
            want.sort_by_key(|&m| std::cmp::Reverse(score(m)));
            let mut p = MovePicker::default();
            p.moves_mut().extend_from_slice(&moves);
            p.start(&o, Player::Second, 2, tt, flags);
            let mut got = Vec::new();
            for j in 0..n {
                got.push(p.nth(j, &o, hint).unwrap());
            }
            assert_eq!(p.nth(n, &o, hint), None);
            assert_eq!(got, want);
        }
    }

    #[test]
    fn a_settled_order_ignores_later_history() {
        // What the search's look-ahead relies on: once the picker says its
        // order is settled, a move handed out early is the move the picker
        // would hand out there after the history changed. Before the
        // scoring stage the history it reads is not fixed yet.
        let moves: Vec<u32> = (1..=12).collect();
        // Hands every move out at once before move `early` (never if
        // `None`), else one by one; after each move, its "subtree"
        // rewards a low move, against the hint's order (high first).
        let run = |early: Option<usize>| {
            let mut o = Ordering::<u32>::default();
            o.reward(5, Player::First, 2, 3, ALL);
            let mut p = MovePicker::default();
            p.moves_mut().extend_from_slice(&moves);
            p.start(&o, Player::First, 2, Some(9), ALL);
            let mut seen = vec![];
            let mut settled_at = None;
            for j in 0..moves.len() {
                if settled_at.is_none() && p.is_settled() {
                    settled_at = Some(j);
                }
                if early == Some(j) {
                    p.nth(moves.len() - 1, &o, |m| m as i32);
                }
                seen.push(p.nth(j, &o, |m| m as i32).unwrap());
                o.reward(1 + j as u32 % 6, Player::First, 2, 6, ALL);
            }
            (seen, settled_at)
        };
        let (late, at) = run(None);
        // The table move and the killer, then the scoring stage.
        assert_eq!(late[..4], [9, 5, 2, 1]);
        assert_eq!(at, Some(3));
        assert_eq!(run(at).0, late, "handed out once settled");
        assert_ne!(run(Some(1)).0, late, "handed out before the scoring");
    }

    #[test]
    fn near_the_leaves_only_the_first_pick_is_sorted() {
        let moves = [1u32, 6, 3, 8, 2, 7];
        let order = |depth: Option<u32>| {
            let o = Ordering::<u32>::default();
            let mut p = MovePicker::default();
            p.moves_mut().extend_from_slice(&moves);
            p.start(&o, Player::First, 2, Some(3), ALL);
            if let Some(d) = depth {
                p.near_leaves(d);
            }
            p.ordered(&o, |m| m as i32).to_vec()
        };
        let sorted = vec![3, 8, 7, 6, 2, 1];
        assert_eq!(order(None), sorted, "the table move, then by hint");
        assert_eq!(order(Some(UNSORTED_DEPTH + 1)), sorted);
        // The table move, the best by hint, then the rest as generated,
        // but for the first of them (1), which the pick swapped into the
        // best's place.
        assert_eq!(order(Some(UNSORTED_DEPTH)), vec![3, 8, 6, 1, 2, 7]);
        assert_eq!(order(Some(1)), vec![3, 8, 6, 1, 2, 7]);
    }
}
