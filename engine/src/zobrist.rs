//! Deterministic Zobrist key tables, generated at compile time.
//!
//! Keys come from SplitMix64 with a per-table seed, so hashes are identical
//! natively and in WebAssembly, run after run (search fingerprints rely on it).

/// One step of SplitMix64.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// `N` pseudo-random 64-bit keys from `seed`, usable in `const` items.
pub const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix64(state);
        state = s;
        out[i] = k;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_seed_dependent() {
        const A: [u64; 256] = table(1);
        const B: [u64; 256] = table(2);
        let mut sorted = A.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 256);
        assert_ne!(A[0], B[0]);
        assert!(A.iter().all(|&k| k != 0));
    }
}
