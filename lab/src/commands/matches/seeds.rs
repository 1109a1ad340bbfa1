//! Per-game seeds: every game and every random setup gets its own seed,
//! a hash of the match seed, a stream tag and an index, so that a game's
//! play depends on nothing but (seed, index) — not on the thread that plays
//! it, the shard, or the games before it.

/// Stream of the games' own seeds (chance outcomes, random moves).
pub const GAME: u64 = 1;
/// Streams of the random Stratego setups of Red and Blue.
pub const RED_SETUP: u64 = 2;
pub const BLUE_SETUP: u64 = 3;
/// Stream of the evaluation noise salts (per game and side).
pub const NOISE: u64 = 4;

/// SplitMix64's finaliser: a bijection that mixes every input bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of item `index` of `stream` in a match seeded with `seed`.
pub fn derive(seed: u64, stream: u64, index: usize) -> u64 {
    let golden = 0x9e37_79b9_7f4a_7c15_u64;
    mix(mix(seed ^ stream.wrapping_mul(golden)).wrapping_add((index as u64).wrapping_mul(golden)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn seeds_differ_across_indices_streams_and_match_seeds() {
        let mut seen = HashSet::new();
        for seed in 0..4 {
            for stream in [GAME, RED_SETUP, BLUE_SETUP, NOISE] {
                for i in 0..100 {
                    assert!(seen.insert(derive(seed, stream, i)), "{seed} {stream} {i}");
                }
            }
        }
        assert_eq!(derive(7, GAME, 3), derive(7, GAME, 3));
    }
}
