//! Single-bit `u128` sets from a table, for the games whose boards are
//! `u128` bit sets (Stratego's 100 squares, Dice's up to 121): a `u128`
//! shifted by a variable amount is a library call (`__ashlti3`) in
//! WebAssembly, where the browser's worker searches, and the search makes
//! several at every move.

/// The bit set holding index `i` alone (`i < 128`).
#[inline]
pub(crate) fn bit(i: usize) -> u128 {
    BITS[i]
}

static BITS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    #[test]
    fn each_bit_is_its_shift() {
        for i in 0..128 {
            assert_eq!(super::bit(i), 1u128 << i);
        }
    }
}
