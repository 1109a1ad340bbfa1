//! A cache of static evaluations, keyed by what the evaluation reads.
//!
//! A leaf's evaluation is a pure function of its position, and most of a
//! position's key is what the evaluation reads — but not all of it: the
//! Zobrist key also holds state the evaluation never looks at, such as
//! Stratego's two-squares counters and behaviour clues. An evaluator that can name a key
//! for exactly what it reads ([`Evaluator::key`](super::Evaluator::key))
//! has its values kept here, and a leaf met again by another move order
//! is not evaluated twice. In the Stratego middle positions at depth 7,
//! more than half the leaves' evaluations are found in the table of 2^16
//! entries (57% by this key against 22% by the full Zobrist
//! key, which the two-squares counters split); the search's values and
//! node counts are the same as without it, since a hit returns the very
//! value the evaluator would (up to a collision of 64-bit keys, as in the
//! transposition table).
//!
//! A node one decision from the leaves may also look a leaf's value up
//! ([`EvalCache::get`]) by the key the game tells before the move is made
//! (`negamax.rs`, `leaf_by_key`), and make the leaf only when it is not
//! there.
//!
//! One entry per slot (direct-mapped), the newest value kept: no
//! replacement scheme, since an evaluation costs far less to redo than a
//! subtree. The table is allocated at its first use, so games whose
//! evaluators name no key pay nothing, and a warm searcher allocates
//! nothing more.

use crate::game::Value;

/// Entries of the table: 2^16 of 16 bytes, 1 MiB. Measured on the Stratego
/// middle set (`docs/engine-speed.md`): 0.97 of the time of 2^14 (256 KiB)
/// on an Intel Xeon with 2 MiB of second-level cache a core, and within the
/// noise of it on an AMD EPYC with 1 MiB; 2^17 was no faster on the one
/// and slower on the other.
const SLOTS: usize = 1 << 16;

/// A direct-mapped table of evaluations (module doc).
#[derive(Debug)]
pub(crate) struct EvalCache {
    /// `(key ^ salt, value)`; a stored key of 0 is an empty slot.
    entries: Vec<(u64, Value)>,
    /// Mixed into every key, changed to forget every entry at once.
    salt: u64,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            entries: Vec::new(),
            salt: 0x9E37_79B9_7F4A_7C15,
        }
    }
}

impl EvalCache {
    /// The value stored for `key`, else `evaluate()` stored and returned.
    #[inline]
    pub fn get_or_insert(&mut self, key: u64, evaluate: impl FnOnce() -> Value) -> Value {
        let stored = key ^ self.salt;
        if stored == 0 {
            return evaluate();
        }
        if self.entries.is_empty() {
            self.entries = vec![(0, 0.0); SLOTS];
        }
        let slot = &mut self.entries[(key as usize) & (SLOTS - 1)];
        if slot.0 == stored {
            return slot.1;
        }
        let v = evaluate();
        *slot = (stored, v);
        v
    }

    /// Stores `v` for `key`, a key [`EvalCache::get`] just did not find:
    /// what [`EvalCache::get_or_insert`] does on a miss, without looking
    /// the slot up again.
    #[inline]
    pub fn insert(&mut self, key: u64, v: Value) {
        let stored = key ^ self.salt;
        if stored == 0 {
            return;
        }
        if self.entries.is_empty() {
            self.entries = vec![(0, 0.0); SLOTS];
        }
        self.entries[(key as usize) & (SLOTS - 1)] = (stored, v);
    }

    /// The value stored for `key`, if any (nothing is evaluated).
    #[inline]
    pub fn get(&self, key: u64) -> Option<Value> {
        let stored = key ^ self.salt;
        let slot = self.entries.get((key as usize) & (SLOTS - 1))?;
        (stored != 0 && slot.0 == stored).then_some(slot.1)
    }

    /// Forgets every entry (the evaluator changed): a new salt, so that no
    /// stored key matches any more (but by a 64-bit collision).
    pub fn forget(&mut self) {
        self.salt = self
            .salt
            .wrapping_mul(0x5851_F42D_4C95_7F2D)
            .wrapping_add(0x1405_7B7E_F767_814F);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_finds_and_forgets() {
        let mut cache = EvalCache::default();
        // Nothing allocated yet: nothing found.
        assert_eq!(cache.get(7), None);
        let calls = std::cell::Cell::new(0);
        let eval = |cache: &mut EvalCache, key: u64, v: Value| {
            cache.get_or_insert(key, || {
                calls.set(calls.get() + 1);
                v
            })
        };
        assert_eq!(eval(&mut cache, 7, 1.5), 1.5);
        assert_eq!(cache.get(7), Some(1.5));
        assert_eq!(cache.get(8), None);
        // Found: the evaluator is not called, its new answer not seen.
        assert_eq!(eval(&mut cache, 7, 2.0), 1.5);
        // Another key in the same slot replaces it.
        assert_eq!(eval(&mut cache, 7 + SLOTS as u64, -3.0), -3.0);
        assert_eq!(eval(&mut cache, 7, 2.0), 2.0);
        cache.forget();
        assert_eq!(cache.get(7), None);
        assert_eq!(eval(&mut cache, 7, 4.0), 4.0);
        assert_eq!(calls.get(), 4);
        // The key that mixes to the empty mark is never stored.
        let empty = cache.salt;
        assert_eq!(eval(&mut cache, empty, 5.0), 5.0);
        assert_eq!(eval(&mut cache, empty, 6.0), 6.0);
        assert_eq!(cache.get(empty), None);
        assert_eq!(calls.get(), 6);
        // A value inserted after a miss is found, and replaces the slot's.
        cache.insert(9, 7.5);
        assert_eq!(cache.get(9), Some(7.5));
        cache.insert(9 + SLOTS as u64, 8.5);
        assert_eq!(cache.get(9), None);
        assert_eq!(cache.get(9 + SLOTS as u64), Some(8.5));
        cache.insert(empty, 1.0);
        assert_eq!(cache.get(empty), None);
    }
}
