//! Iteration over a set of squares kept as a `u128` bit set (bit = square
//! index), lowest square first.
//!
//! The set is walked as two `u64` words: clearing the lowest bit and
//! counting trailing zeros of a `u128` take several instructions each on
//! 64-bit targets, and this loop runs for every piece at every evaluated
//! leaf and every move generation.

pub(crate) use crate::bitset::bit;

/// The squares of a bit set, in increasing index order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Squares {
    lo: u64,
    hi: u64,
}

impl Squares {
    #[inline]
    pub(crate) fn new(set: u128) -> Squares {
        Squares {
            lo: set as u64,
            hi: (set >> 64) as u64,
        }
    }
}

impl Iterator for Squares {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.lo != 0 {
            let i = self.lo.trailing_zeros() as usize;
            self.lo &= self.lo - 1;
            Some(i)
        } else if self.hi != 0 {
            let i = self.hi.trailing_zeros() as usize;
            self.hi &= self.hi - 1;
            Some(64 + i)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yields_every_set_bit_in_order() {
        let set: u128 = (1 << 0) | (1 << 5) | (1 << 63) | (1 << 64) | (1 << 99) | (1 << 127);
        let got: Vec<usize> = Squares::new(set).collect();
        assert_eq!(got, vec![0, 5, 63, 64, 99, 127]);
        assert_eq!(Squares::new(0).next(), None);
        let naive: Vec<usize> = (0..128).filter(|&i| set >> i & 1 == 1).collect();
        assert_eq!(got, naive);
    }
}
