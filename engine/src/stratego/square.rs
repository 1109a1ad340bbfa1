//! Squares of the 10x10 board and the lakes.
//!
//! A square is an index `rank_index * 10 + file` (`a1` = 0, `j1` = 9,
//! `a2` = 10, ..., `j10` = 99). Files a–j run from Red's left, rank 1 is
//! Red's back rank.

use std::fmt;

/// Board width and height.
pub const SIZE: usize = 10;
/// Number of squares.
pub const SQUARES: usize = SIZE * SIZE;

/// A square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Lakes: c5 d5 g5 h5 c6 d6 g6 h6.
const LAKES: [bool; SQUARES] = {
    let mut t = [false; SQUARES];
    let files = [2usize, 3, 6, 7];
    let mut i = 0;
    while i < 4 {
        t[40 + files[i]] = true;
        t[50 + files[i]] = true;
        i += 1;
    }
    t
};

impl Square {
    /// The square with index `i`; `None` if `i >= 100`.
    #[inline]
    pub const fn new(i: usize) -> Option<Square> {
        if i < SQUARES {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// The square at `file` (0 = a) and `rank_index` (0 = rank 1).
    #[inline]
    pub const fn from_coords(file: usize, rank_index: usize) -> Option<Square> {
        if file < SIZE && rank_index < SIZE {
            Some(Square((rank_index * SIZE + file) as u8))
        } else {
            None
        }
    }

    /// The index `0..100`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file `0..10` (0 = a).
    #[inline]
    pub const fn file(self) -> usize {
        self.0 as usize % SIZE
    }

    /// The rank index `0..10` (0 = rank 1).
    #[inline]
    pub const fn rank_index(self) -> usize {
        self.0 as usize / SIZE
    }

    /// Whether the square is a lake.
    #[inline]
    pub const fn is_lake(self) -> bool {
        LAKES[self.0 as usize]
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }

    /// Parses `a1`..`j10`; `None` on anything else.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let f = chars.next()?;
        if !('a'..='j').contains(&f) {
            return None;
        }
        let rest = chars.as_str();
        if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if rest.starts_with('0') {
            return None;
        }
        let r: usize = rest.parse().ok()?;
        if !(1..=SIZE).contains(&r) {
            return None;
        }
        Square::from_coords(f as usize - 'a' as usize, r - 1)
    }

    /// The square seen from the other side of the board (180-degree rotation).
    #[inline]
    pub const fn rotated(self) -> Square {
        Square((SQUARES - 1) as u8 - self.0)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = (b'a' + self.file() as u8) as char;
        write!(f, "{}{}", file, self.rank_index() + 1)
    }
}

/// Manhattan distance between two square indices.
#[inline]
pub(crate) const fn distance(a: usize, b: usize) -> usize {
    (a / SIZE).abs_diff(b / SIZE) + (a % SIZE).abs_diff(b % SIZE)
}

/// [`distance`] for every pair of squares, read at every leaf near a
/// known Flag (a load instead of two divisions).
static DISTANCE: [[u8; SQUARES]; SQUARES] = {
    let mut t = [[0u8; SQUARES]; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut b = 0;
        while b < SQUARES {
            t[a][b] = distance(a, b) as u8;
            b += 1;
        }
        a += 1;
    }
    t
};

/// [`distance`] from the table (`a`, `b` < [`SQUARES`]).
#[inline]
pub(crate) fn steps(a: usize, b: usize) -> usize {
    usize::from(DISTANCE[a][b])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_step_table_holds_the_manhattan_distances() {
        for a in Square::all() {
            for b in Square::all() {
                let (fa, ra, fb, rb) = (a.file(), a.rank_index(), b.file(), b.rank_index());
                let want = fa.abs_diff(fb) + ra.abs_diff(rb);
                assert_eq!(steps(a.index(), b.index()), want, "{a} {b}");
                assert_eq!(distance(a.index(), b.index()), want);
            }
        }
    }

    #[test]
    fn parse_and_print() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("j10").map(|s| s.index()), Some(99));
        for bad in ["", "a", "a0", "a11", "k1", "a01", "A1", "a1x", "é1"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        let lakes: Vec<String> = Square::all()
            .filter(|s| s.is_lake())
            .map(|s| s.to_string())
            .collect();
        assert_eq!(lakes, ["c5", "d5", "g5", "h5", "c6", "d6", "g6", "h6"]);
    }
}
