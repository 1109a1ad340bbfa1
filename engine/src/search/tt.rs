//! The transposition table: fixed memory, Zobrist keys from `Game::hash`.
//!
//! Every entry holds a lower and an upper bound on the node's value (an
//! exact value has both equal; a plain lower bound has upper = +U), which is
//! what StarETC needs and covers the usual exact/lower/upper flag. Chance
//! nodes are stored under `hash ^ CHANCE_SALT` and carry a kind bit, so a
//! game whose hash does not tell a chance node from the decision node with
//! the same board cannot mix them up.

use crate::game::Value;

use super::config::Replacement;

/// XORed into a chance node's hash.
pub const CHANCE_SALT: u64 = 0x6A09_E667_F3BC_C909;

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry<M: Copy> {
    pub key: u64,
    pub lower: Value,
    pub upper: Value,
    pub depth: u32,
    pub chance: bool,
    pub best: Option<M>,
    generation: u8,
    used: bool,
}

impl<M: Copy> Entry<M> {
    const EMPTY: Entry<M> = Entry {
        key: 0,
        lower: 0.0,
        upper: 0.0,
        depth: 0,
        chance: false,
        best: None,
        generation: 0,
        used: false,
    };
}

/// A fixed-size table of [`Entry`].
#[derive(Clone, Debug)]
pub struct TransTable<M: Copy> {
    entries: Vec<Entry<M>>,
    mask: usize,
    replacement: Replacement,
    generation: u8,
}

impl<M: Copy> TransTable<M> {
    /// A table of at most `mb` megabytes (at least 1024 entries), rounded
    /// down to a power of two entries.
    pub fn new(mb: usize, replacement: Replacement) -> Self {
        let size = std::mem::size_of::<Entry<M>>().max(1);
        let want = (mb.saturating_mul(1 << 20) / size).max(1024);
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        TransTable {
            entries: vec![Entry::EMPTY; n],
            mask: n - 1,
            replacement,
            generation: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
        self.generation = 0;
    }

    /// Starts a new search: older entries become replaceable.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn slots(&self, key: u64) -> (usize, usize) {
        let i = (key as usize ^ (key >> 32) as usize) & self.mask;
        match self.replacement {
            Replacement::TwoTier => {
                let base = i & !1;
                (base, base + 1)
            }
            _ => (i, i),
        }
    }

    /// The entry for `key` (of the given node kind), if stored.
    #[inline]
    pub fn probe(&self, key: u64, chance: bool) -> Option<&Entry<M>> {
        let (a, b) = self.slots(key);
        [a, b]
            .into_iter()
            .map(|i| &self.entries[i])
            .find(|e| e.used && e.key == key && e.chance == chance)
    }

    /// Stores bounds [lower, upper] for `key` searched to `depth`. An entry
    /// for the same node and depth is tightened (bounds intersected); the
    /// previous best move is kept when `best` is `None`.
    pub fn store(
        &mut self,
        key: u64,
        chance: bool,
        depth: u32,
        lower: Value,
        upper: Value,
        best: Option<M>,
    ) {
        let (a, b) = self.slots(key);
        let generation = self.generation;
        let mut new = Entry {
            key,
            lower,
            upper,
            depth,
            chance,
            best,
            generation,
            used: true,
        };
        // Same node already stored: merge or keep the deeper one.
        for i in [a, b] {
            let old = self.entries[i];
            if old.used && old.key == key && old.chance == chance {
                if old.depth > depth && self.replacement != Replacement::Always {
                    return;
                }
                if old.depth == depth {
                    let lo = old.lower.max(lower);
                    let hi = old.upper.min(upper);
                    if lo <= hi {
                        new.lower = lo;
                        new.upper = hi;
                    }
                }
                if new.best.is_none() {
                    new.best = old.best;
                }
                self.entries[i] = new;
                return;
            }
        }
        let slot = match self.replacement {
            Replacement::Always => a,
            Replacement::Deep => {
                let old = &self.entries[a];
                if !old.used || old.generation != generation || depth >= old.depth {
                    a
                } else {
                    return;
                }
            }
            Replacement::TwoTier => {
                let old = &self.entries[a];
                if !old.used || old.generation != generation || depth >= old.depth {
                    // The deep slot's old entry moves down to the always slot.
                    self.entries[b] = *old;
                    a
                } else {
                    b
                }
            }
        };
        self.entries[slot] = new;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_merge_and_kinds() {
        let mut t: TransTable<u8> = TransTable::new(0, Replacement::Deep);
        assert_eq!(t.len(), 1024);
        t.store(42, false, 3, 1.0, 10.0, Some(7));
        t.store(42, false, 3, -10.0, 4.0, None);
        let e = t.probe(42, false).unwrap();
        assert_eq!((e.lower, e.upper, e.best), (1.0, 4.0, Some(7)));
        assert!(t.probe(42, true).is_none());
        // Shallower result for the same node does not replace under Deep.
        t.store(42, false, 2, 5.0, 5.0, None);
        assert_eq!(t.probe(42, false).unwrap().depth, 3);
        // A different key in the same slot with smaller depth is refused,
        // unless the stored entry is from an older search.
        let other = 42 + 1024;
        t.store(other, false, 1, 0.0, 0.0, None);
        assert!(t.probe(other, false).is_none());
        t.new_search();
        t.store(other, false, 1, 0.0, 0.0, None);
        assert!(t.probe(other, false).is_some());
    }

    #[test]
    fn two_tier_keeps_both() {
        let mut t: TransTable<u8> = TransTable::new(0, Replacement::TwoTier);
        t.store(8, false, 5, 0.0, 0.0, None);
        t.store(8 + 1024, false, 1, 1.0, 1.0, None);
        assert!(t.probe(8, false).is_some());
        assert!(t.probe(8 + 1024, false).is_some());
    }
}
