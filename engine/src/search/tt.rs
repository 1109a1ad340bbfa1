//! The transposition table: fixed memory, Zobrist keys from `Game::hash`.
//!
//! Every entry holds a lower and an upper bound on the node's value (an
//! exact value has both equal; a plain lower bound has no upper one), which
//! is what StarETC needs and covers the usual exact/lower/upper flag. Chance
//! nodes are stored under `hash ^ CHANCE_SALT` and carry a kind bit, so a
//! game whose hash does not tell a chance node from the decision node with
//! the same board cannot mix them up.
//!
//! Layout: an entry is 16 bytes, four to a 64-byte bucket (one cache line);
//! the low bits of the key choose the bucket, the high 32 bits are kept to
//! recognise the node. The bounds take 8 bytes: an exact value, a lone
//! lower bound or a lone upper bound is kept as the `f64` it is; an entry
//! with two different finite bounds keeps each as an `f32` rounded outward
//! (the lower one down, the upper one up), so it only ever widens them and
//! every bound read back still holds. The best move is packed into 16 bits
//! ([`PackedMove`]); the depth takes 7 bits (a deeper result is kept as
//! depth 127, which only ever understates it).
//!
//! Clearing is cheap: a slot belongs to the table's current *epoch* (a
//! 2-bit tag, 0 for a slot never written), and [`TransTable::clear`] moves
//! to the next epoch, so every slot written before reads as empty — to
//! probes and to the replacement alike, exactly as a zeroed one would.
//! Only when the three epochs are used up is the memory wiped, one clear in
//! three (a 16 MB table cost 5% of a Dice benchmark that clears it before
//! every position).
//!
//! Two keys that differ only outside the bucket index and the kept 32 bits
//! are taken for the same node: with 2^18 buckets and more, less than one
//! probe in 2^48 of an absent node finds a false entry.
//!
//! Threads share one table (`SearchConfig::threads`): probes and stores
//! take `&self`, and a slot is two atomic words written and read one at a
//! time (relaxed, so plain loads and stores on x86_64). A reader can meet a
//! slot half rewritten by another thread, the bounds of one store with the
//! rest of another. So the second word is stored XORed with a scramble of
//! the first (Hyatt's lockless hashing): read back with bounds that are not
//! its own, the key check comes out scrambled and the slot reads as another
//! node's, which is as if it had missed. One search thread never meets a
//! half-written slot, and reads back exactly what it stored.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::game::{Game, PackedMove, Status, Value};

use super::config::Replacement;

/// XORed into a chance node's hash.
pub const CHANCE_SALT: u64 = 0x6A09_E667_F3BC_C909;

/// Whether [`TransTable::prefetch`] does anything on this target (an
/// x86_64 instruction; WebAssembly has none).
pub(crate) const PREFETCHES: bool = cfg!(target_arch = "x86_64");

/// The key a node at `pos` is stored under, and whether it is a chance
/// node's; none for a terminal position (never stored).
#[inline]
pub(crate) fn table_key<G: Game>(pos: &G) -> Option<(u64, bool)> {
    match pos.status() {
        Status::Decision => Some((pos.hash(), false)),
        Status::Chance => Some((pos.hash() ^ CHANCE_SALT, true)),
        Status::Terminal(_) => None,
    }
}

/// One stored search result, as read back.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry<M: Copy> {
    /// Bounds on the value: `f64::NEG_INFINITY` / `f64::INFINITY` where
    /// none is known.
    pub lower: Value,
    pub upper: Value,
    pub depth: u32,
    pub chance: bool,
    pub best: Option<M>,
}

/// `meta`: the epoch (0 = never written), the kind of node, the kind of
/// bounds and the search generation.
const EPOCH_MASK: u8 = 3;
const LAST_EPOCH: u8 = 3;
const CHANCE: u8 = 4;
const KIND_SHIFT: u8 = 3;
const KIND_MASK: u8 = 3 << KIND_SHIFT;
const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;
const RANGE: u8 = 3;
const GEN_SHIFT: u8 = 5;
const GEN_MASK: u8 = 7;
/// `depth`: the depth in the low 7 bits, and whether a best move is kept.
const DEPTH_MASK: u8 = 0x7F;
const HAS_BEST: u8 = 0x80;

/// One entry as read back from its two words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slot {
    /// The bounds (see the module documentation).
    bounds: u64,
    /// The key's high 32 bits.
    check: u32,
    best: u16,
    /// The depth (7 bits) and HAS_BEST.
    depth: u8,
    /// The epoch (2 bits), CHANCE, the bounds' kind (2 bits), generation (3).
    meta: u8,
}

/// The scramble of a slot's bounds that its second word is XORed with (a
/// bijection of the 64 bits, 0 for 0, so that a zeroed slot reads as a
/// zeroed one).
#[inline]
fn scramble(bounds: u64) -> u64 {
    bounds.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Slot {
    /// The second word, before its XOR with the bounds' scramble.
    #[inline]
    fn info(&self) -> u64 {
        u64::from(self.check)
            | u64::from(self.best) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.meta) << 56
    }

    #[inline]
    fn from_words(bounds: u64, info: u64) -> Slot {
        Slot {
            bounds,
            check: info as u32,
            best: (info >> 32) as u16,
            depth: (info >> 48) as u8,
            meta: (info >> 56) as u8,
        }
    }
}

/// One entry as stored: 16 bytes, the bounds and the rest XORed with their
/// scramble.
#[derive(Debug, Default)]
#[repr(C)]
struct AtomicSlot {
    bounds: AtomicU64,
    tag: AtomicU64,
}

impl AtomicSlot {
    /// The slot as read; `lockless`: its second word is XORed with the
    /// bounds' scramble (a table threads share).
    #[inline]
    fn load(&self, lockless: bool) -> Slot {
        let (bounds, tag) = (self.bounds.load(Relaxed), self.tag.load(Relaxed));
        Slot::from_words(
            bounds,
            if lockless {
                tag ^ scramble(bounds)
            } else {
                tag
            },
        )
    }

    #[inline]
    fn set(&self, s: Slot, lockless: bool) {
        let info = s.info();
        self.bounds.store(s.bounds, Relaxed);
        self.tag.store(
            if lockless {
                info ^ scramble(s.bounds)
            } else {
                info
            },
            Relaxed,
        );
    }
}

const _: () = assert!(std::mem::size_of::<AtomicSlot>() == 16);

const WAYS: usize = 4;

/// Four entries, one cache line.
#[derive(Debug, Default)]
#[repr(C, align(64))]
struct Bucket([AtomicSlot; WAYS]);

impl Bucket {
    #[inline]
    fn load(&self, lockless: bool) -> [Slot; WAYS] {
        std::array::from_fn(|i| self.0[i].load(lockless))
    }

    /// The slot holding the node `check` (of kind `chance`) in `epoch`,
    /// and its entry. Without the lockless XOR a slot's bounds are read
    /// only once its second word matched.
    #[inline(always)]
    fn find(&self, check: u32, chance: bool, epoch: u8, lockless: bool) -> Option<(usize, Slot)> {
        // The check and the meta's epoch and kind bits, as `Slot::info`
        // lays them out.
        const MASK: u64 = 0xFFFF_FFFF | ((EPOCH_MASK | CHANCE) as u64) << 56;
        let want = u64::from(check) | u64::from(epoch | if chance { CHANCE } else { 0 }) << 56;
        if lockless {
            for (i, cell) in self.0.iter().enumerate() {
                let bounds = cell.bounds.load(Relaxed);
                let info = cell.tag.load(Relaxed) ^ scramble(bounds);
                if info & MASK == want {
                    return Some((i, Slot::from_words(bounds, info)));
                }
            }
        } else {
            for (i, cell) in self.0.iter().enumerate() {
                let info = cell.tag.load(Relaxed);
                if info & MASK == want {
                    return Some((i, Slot::from_words(cell.bounds.load(Relaxed), info)));
                }
            }
        }
        None
    }
}

/// `x` as an `f32` no greater than `x`.
fn f32_down(x: f64) -> f32 {
    let f = x as f32;
    if f as f64 > x {
        f.next_down()
    } else {
        f
    }
}

/// `x` as an `f32` no smaller than `x`.
fn f32_up(x: f64) -> f32 {
    let f = x as f32;
    if (f as f64) < x {
        f.next_up()
    } else {
        f
    }
}

/// Bounds as stored: the bits and the kind.
fn encode(lower: Value, upper: Value) -> (u64, u8) {
    if lower == upper {
        (lower.to_bits(), EXACT)
    } else if upper == f64::INFINITY {
        (lower.to_bits(), LOWER)
    } else if lower == f64::NEG_INFINITY {
        (upper.to_bits(), UPPER)
    } else {
        let (l, h) = (f32_down(lower), f32_up(upper));
        (
            u64::from(l.to_bits()) | (u64::from(h.to_bits()) << 32),
            RANGE,
        )
    }
}

fn decode(bits: u64, kind: u8) -> (Value, Value) {
    match kind {
        EXACT => {
            let v = f64::from_bits(bits);
            (v, v)
        }
        LOWER => (f64::from_bits(bits), f64::INFINITY),
        UPPER => (f64::NEG_INFINITY, f64::from_bits(bits)),
        _ => (
            f32::from_bits(bits as u32) as f64,
            f32::from_bits((bits >> 32) as u32) as f64,
        ),
    }
}

impl Slot {
    /// Written since the last clear (in `epoch`).
    #[inline]
    fn used(&self, epoch: u8) -> bool {
        self.meta & EPOCH_MASK == epoch
    }

    #[inline]
    fn generation(&self) -> u8 {
        (self.meta >> GEN_SHIFT) & GEN_MASK
    }

    #[inline]
    fn depth(&self) -> u8 {
        self.depth & DEPTH_MASK
    }

    fn entry<M: PackedMove>(&self) -> Entry<M> {
        let (lower, upper) = decode(self.bounds, (self.meta & KIND_MASK) >> KIND_SHIFT);
        Entry {
            lower,
            upper,
            depth: u32::from(self.depth()),
            chance: self.meta & CHANCE != 0,
            best: if self.depth & HAS_BEST != 0 {
                M::unpack(self.best)
            } else {
                None
            },
        }
    }
}

/// A fixed-size table of entries for a game with moves `M`.
#[derive(Debug)]
pub struct TransTable<M: Copy> {
    /// The table is `buckets[offset..]` (`huge_pages.rs`).
    buckets: Vec<Bucket>,
    offset: usize,
    mask: usize,
    replacement: Replacement,
    generation: u8,
    /// The epoch of the slots written since the last clear (1 to 3).
    epoch: u8,
    /// Whether threads share the table: its slots are then written and
    /// read with the lockless XOR (module documentation). A table one
    /// thread uses skips it (a one-thread search pays nothing for it).
    lockless: bool,
    moves: PhantomData<M>,
}

impl<M: PackedMove> TransTable<M> {
    /// A table of at most `mb` megabytes (at least 1024 entries), rounded
    /// down to a power of two buckets, on huge pages where the system
    /// offers them, for one search thread.
    pub fn new(mb: usize, replacement: Replacement) -> Self {
        Self::with_sharing(mb, replacement, false)
    }

    /// The same, `lockless` for a table that search threads share (and
    /// read back only under the same setting: its slots are written
    /// differently).
    pub fn with_sharing(mb: usize, replacement: Replacement, lockless: bool) -> Self {
        let size = std::mem::size_of::<Bucket>();
        let want = (mb.saturating_mul(1 << 20) / size).max(1024 / WAYS);
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        let (buckets, offset) = super::huge_pages::table(n);
        TransTable {
            buckets,
            offset,
            mask: n - 1,
            replacement,
            generation: 0,
            epoch: 1,
            lockless,
            moves: PhantomData,
        }
    }

    /// The number of entries it holds at most.
    pub fn len(&self) -> usize {
        (self.mask + 1) * WAYS
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    /// Empties the table: every slot written so far reads as never
    /// written (the memory itself is wiped one clear in three).
    pub fn clear(&mut self) {
        if self.epoch == LAST_EPOCH {
            self.buckets[self.offset..].fill_with(Bucket::default);
            self.epoch = 1;
        } else {
            self.epoch += 1;
        }
        self.generation = 0;
    }

    /// Starts a new search: older entries become replaceable.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & GEN_MASK;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        self.offset + (key as usize & self.mask)
    }

    /// Reads `key`'s bucket so that a probe soon after finds it in the
    /// cache: probes of many positions issued together (StarETC's look at
    /// every outcome) then wait for memory once, not once each.
    #[inline]
    pub fn touch(&self, key: u64) -> u32 {
        self.buckets[self.bucket(key)].0[0].tag.load(Relaxed) as u32
    }

    /// Asks the processor to bring `key`'s bucket into the cache without
    /// waiting for it: a node that has other work to do before its probe
    /// (generating its moves) issues this first, so the probe's cache miss
    /// overlaps that work. A hint only: it changes no state and no result.
    /// Whether a hint was issued: only x86_64 has one here (WebAssembly
    /// has no prefetch, and a plain load gained nothing when measured).
    #[inline]
    pub fn prefetch(&self, key: u64) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket = &self.buckets[self.bucket(key)];
            // SAFETY: `_mm_prefetch` is unsafe only because it is a
            // `#[target_feature(enable = "sse")]` function; SSE is part of
            // the x86_64 baseline every Rust x86_64 target assumes, so the
            // feature is always present. The instruction is a hint that
            // reads no data into the program and cannot fault, whatever
            // the address; the pointer given is moreover a live, aligned
            // reference into `self.buckets`. Tested by
            // `prefetch_changes_no_result`.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(bucket).cast::<i8>());
            }
            true
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = key;
            false
        }
    }

    /// The entry for `key` (of the given node kind), if stored.
    #[inline(always)]
    pub fn probe(&self, key: u64, chance: bool) -> Option<Entry<M>> {
        let check = (key >> 32) as u32;
        let epoch = self.epoch;
        self.buckets[self.bucket(key)]
            .find(check, chance, epoch, self.lockless)
            .map(|(_, s)| s.entry())
    }

    /// Stores bounds [lower, upper] (infinite where unknown) for `key`
    /// searched to `depth`. An entry for the same node and depth is
    /// tightened (bounds intersected); the previous best move is kept when
    /// `best` is `None`.
    pub fn store(
        &self,
        key: u64,
        chance: bool,
        depth: u32,
        lower: Value,
        upper: Value,
        best: Option<M>,
    ) {
        let check = (key >> 32) as u32;
        let (generation, epoch) = (self.generation, self.epoch);
        let replacement = self.replacement;
        let cells = &self.buckets[self.bucket(key)];
        let lockless = self.lockless;
        let depth8 = depth.min(u32::from(DEPTH_MASK)) as u8;
        let (mut lower, mut upper, mut best) = (lower, upper, best);
        let mut at = None;
        // Same node already stored: merge or keep the deeper one.
        if let Some((i, slot)) = cells.find(check, chance, epoch, lockless) {
            let old: Entry<M> = slot.entry();
            if slot.depth() > depth8 && replacement != Replacement::Always {
                return;
            }
            if slot.depth() == depth8 {
                let lo = old.lower.max(lower);
                let hi = old.upper.min(upper);
                if lo <= hi {
                    (lower, upper) = (lo, hi);
                }
            }
            if best.is_none() {
                best = old.best;
            }
            at = Some(i);
        }
        let at = match at {
            Some(i) => i,
            None => {
                let bucket = &cells.load(lockless);
                match victim(bucket, replacement, generation, epoch, depth8) {
                    Some((i, moved)) => {
                        if let Some(j) = moved {
                            cells.0[j].set(bucket[i], lockless);
                        }
                        i
                    }
                    None => return,
                }
            }
        };
        let (bounds, kind) = encode(lower, upper);
        let mut meta = epoch | (kind << KIND_SHIFT) | (generation << GEN_SHIFT);
        if chance {
            meta |= CHANCE;
        }
        let packed = best.map(M::pack);
        let slot = Slot {
            bounds,
            check,
            best: packed.unwrap_or(0),
            depth: depth8 | if packed.is_some() { HAS_BEST } else { 0 },
            meta,
        };
        cells.0[at].set(slot, lockless);
    }
}

/// The slot a new node of `depth` takes in `bucket` (as read), if any, and
/// the slot its present entry moves to first (two-tier replacement).
fn victim(
    bucket: &[Slot; WAYS],
    replacement: Replacement,
    generation: u8,
    epoch: u8,
    depth: u8,
) -> Option<(usize, Option<usize>)> {
    // The least worth keeping among `slots`: empty, then of an older
    // search, then the shallowest (the first of equals). A slot of an
    // earlier epoch ranks as a zeroed one would: unused, generation 0,
    // depth 0.
    let worst = |bucket: &[Slot; WAYS], slots: std::ops::Range<usize>| {
        slots
            .min_by_key(|&i| {
                let s = &bucket[i];
                if s.used(epoch) {
                    (true, s.generation() == generation, s.depth())
                } else {
                    (false, generation == 0, 0)
                }
            })
            .unwrap_or(0)
    };
    let replaceable =
        |s: &Slot| !s.used(epoch) || s.generation() != generation || depth >= s.depth();
    match replacement {
        Replacement::Always => Some((worst(bucket, 0..WAYS), None)),
        Replacement::Deep => {
            let i = worst(bucket, 0..WAYS);
            replaceable(&bucket[i]).then_some((i, None))
        }
        Replacement::TwoTier => {
            // Two slots kept by depth, two always replaced; an entry pushed
            // out of the deep tier moves down to the other.
            let deep = worst(bucket, 0..2);
            let always = worst(bucket, 2..WAYS);
            if replaceable(&bucket[deep]) {
                Some((deep, bucket[deep].used(epoch).then_some(always)))
            } else {
                Some((always, None))
            }
        }
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
        // A bucket takes four nodes; a fifth, shallower one is refused
        // unless the stored entries are from an older search.
        let same_bucket = |k: u64| 42 + (k << 32);
        for k in 1..4 {
            t.store(same_bucket(k), false, 5, 0.0, 0.0, None);
        }
        t.store(same_bucket(4), false, 1, 0.0, 0.0, None);
        assert!(t.probe(same_bucket(4), false).is_none());
        t.new_search();
        t.store(same_bucket(4), false, 1, 0.0, 0.0, None);
        assert!(t.probe(same_bucket(4), false).is_some());
    }

    #[test]
    fn prefetch_changes_no_result() {
        let t: TransTable<u8> = TransTable::new(0, Replacement::Deep);
        let keys: Vec<u64> = (0..3000u64)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            t.store(
                k,
                i % 3 == 0,
                (i % 7) as u32,
                -(i as f64),
                i as f64,
                Some(i as u8),
            );
        }
        let before: Vec<_> = keys
            .iter()
            .map(|&k| (t.probe(k, false), t.probe(k, true)))
            .collect();
        // Every bucket, and keys whose every bit is set or clear.
        for &k in keys.iter().chain(&[0, u64::MAX, 1 << 63]) {
            assert_eq!(t.prefetch(k), PREFETCHES);
        }
        let after: Vec<_> = keys
            .iter()
            .map(|&k| (t.probe(k, false), t.probe(k, true)))
            .collect();
        assert_eq!(before, after);
        assert!(before.iter().any(|e| e.0.is_some()) && before.iter().any(|e| e.1.is_some()));
    }

    #[test]
    fn bounds_are_exact_or_widened() {
        let t: TransTable<u16> = TransTable::new(0, Replacement::Always);
        let third = 1.0 / 3.0;
        t.store(1, false, 2, third, third, Some(0xFFFF));
        t.store(2, false, 2, third, f64::INFINITY, None);
        t.store(3, false, 2, f64::NEG_INFINITY, -third, None);
        t.store(4, true, 2, -third, third, None);
        let e = |k| t.probe(k, k == 4).unwrap();
        assert_eq!(
            (e(1).lower, e(1).upper, e(1).best),
            (third, third, Some(0xFFFF))
        );
        assert_eq!((e(2).lower, e(2).upper), (third, f64::INFINITY));
        assert_eq!((e(3).lower, e(3).upper), (f64::NEG_INFINITY, -third));
        let (lo, hi) = (e(4).lower, e(4).upper);
        assert!(lo <= -third && lo > -third - 1e-6, "{lo}");
        assert!(hi >= third && hi < third + 1e-6, "{hi}");
        assert!(e(4).chance && e(4).best.is_none());
    }

    #[test]
    fn a_cleared_table_answers_and_replaces_as_a_new_one() {
        // More rounds than epochs, so both the cheap clear and the wipe are
        // crossed; each round stores its own keys, from about one to five
        // to a bucket (so slots of earlier rounds stay in the memory, and
        // the replacement decides where buckets overflow), and the cleared
        // table must then answer every key, of this round or an earlier
        // one, as a new table fed the same stores does.
        for replacement in [Replacement::Deep, Replacement::TwoTier] {
            let mut t: TransTable<u8> = TransTable::new(0, replacement);
            let mut all = Vec::new();
            for round in 0..8u64 {
                let mut fresh: TransTable<u8> = TransTable::new(0, replacement);
                let count = [300u64, 1200, 500, 900][round as usize % 4];
                let keys: Vec<u64> = (0..count)
                    .map(|k| (k + 10_000 * round).wrapping_mul(0x9E37_79B9_7F4A_7C15))
                    .collect();
                for (i, &k) in keys.iter().enumerate() {
                    // Three searches a round, so that slots differ in
                    // generation as well as depth.
                    let depth = ((i as u64 + round) % 9) as u32;
                    for table in [&mut t, &mut fresh] {
                        if (i as u64).is_multiple_of(count / 3) {
                            table.new_search();
                        }
                        table.store(k, i % 5 == 0, depth, -1.0, i as f64, Some(i as u8));
                    }
                }
                all.extend_from_slice(&keys);
                let found = |table: &TransTable<u8>| {
                    all.iter()
                        .map(|&k| (table.probe(k, false), table.probe(k, true)))
                        .collect::<Vec<_>>()
                };
                let (mine, new) = (found(&t), found(&fresh));
                assert!(new.iter().any(|e| e.0.is_some()), "round {round}");
                assert_eq!(mine, new, "round {round}, {replacement:?}");
                // And every live entry in the same slot (where it stands
                // decides what a later store replaces).
                let slots = |table: &TransTable<u8>| {
                    table.buckets[table.offset..]
                        .iter()
                        .flat_map(|b| b.load(table.lockless))
                        .map(|s| {
                            s.used(table.epoch).then_some((
                                s.bounds,
                                s.check,
                                s.best,
                                s.depth,
                                s.meta & !EPOCH_MASK,
                            ))
                        })
                        .collect::<Vec<_>>()
                };
                assert_eq!(slots(&t), slots(&fresh), "round {round}, {replacement:?}");
                t.clear();
                assert!(all
                    .iter()
                    .all(|&k| t.probe(k, false).is_none() && t.probe(k, true).is_none()));
            }
        }
    }

    #[test]
    fn a_shared_table_stores_as_a_private_one_and_misses_a_torn_slot() {
        // The same stores give the same answers with the lockless XOR.
        let (private, shared): (TransTable<u8>, TransTable<u8>) = (
            TransTable::new(0, Replacement::TwoTier),
            TransTable::with_sharing(0, Replacement::TwoTier, true),
        );
        let keys: Vec<u64> = (0..3000u64)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for table in [&private, &shared] {
            for (i, &k) in keys.iter().enumerate() {
                let v = i as f64 / 7.0;
                table.store(k, i % 3 == 0, (i % 9) as u32, -v, v, Some(i as u8));
            }
        }
        let answers = |t: &TransTable<u8>| {
            keys.iter()
                .map(|&k| (t.probe(k, false), t.probe(k, true)))
                .collect::<Vec<_>>()
        };
        let found = answers(&shared);
        assert_eq!(answers(&private), found);
        assert!(
            found
                .iter()
                .filter(|e| e.0.is_some() || e.1.is_some())
                .count()
                > 1000
        );
        // A slot half rewritten by another thread: one store's bounds with
        // the other words of another store of the same node.
        let t: TransTable<u8> = TransTable::with_sharing(0, Replacement::Deep, true);
        t.store(77, false, 4, 1.0, 1.0, Some(3));
        let cell = &t.buckets[t.bucket(77)].0;
        let i = (0..WAYS)
            .find(|&i| cell[i].load(true).used(t.epoch))
            .expect("the stored slot");
        let first = cell[i].tag.load(Relaxed);
        t.store(77, false, 5, -2.0, f64::INFINITY, Some(9));
        let second = cell[i].tag.load(Relaxed);
        assert_eq!(t.probe(77, false).unwrap().lower, -2.0);
        cell[i].tag.store(first, Relaxed);
        assert_eq!(t.probe(77, false), None, "a torn slot reads as a miss");
        // Whole again: found.
        cell[i].tag.store(second, Relaxed);
        let e = t.probe(77, false).unwrap();
        assert_eq!((e.lower, e.depth, e.best), (-2.0, 5, Some(9)));
    }

    #[test]
    fn depths_beyond_the_field_are_kept_as_its_largest() {
        let t: TransTable<u8> = TransTable::new(0, Replacement::Deep);
        t.store(5, false, 300, 1.0, 1.0, Some(3));
        let e = t.probe(5, false).unwrap();
        assert_eq!((e.depth, e.best), (127, Some(3)));
        t.store(5, false, 126, 2.0, 2.0, None);
        assert_eq!(t.probe(5, false).unwrap().lower, 1.0);
    }

    #[test]
    fn two_tier_keeps_both() {
        let t: TransTable<u8> = TransTable::new(0, Replacement::TwoTier);
        for k in 0..6u64 {
            t.store(8 + (k << 32), false, 5, 0.0, 0.0, None);
        }
        // The deep tier holds two depth-5 nodes; a shallow one goes to
        // the always tier.
        t.store(8 + (9 << 32), false, 1, 1.0, 1.0, None);
        assert!(t.probe(8 + (9 << 32), false).is_some());
        assert_eq!(
            (0..6u64)
                .filter(|&k| t.probe(8 + (k << 32), false).is_some())
                .count(),
            3
        );
    }
}
