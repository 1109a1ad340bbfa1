//! Line masks of the Dice board for every size, built at compile time.
//!
//! Square index is `row * m + col`; a line is a row, a column or one of the
//! two long diagonals. Masks depend only on m, so they live in constant tables
//! indexed by m instead of in the position (which stays small).

/// Smallest board size.
pub const MIN_SIZE: u8 = 3;
/// Largest board size (11 x 11 = 121 squares fit a `u128`).
pub const MAX_SIZE: u8 = 11;

const N: usize = MAX_SIZE as usize + 1;

const fn build(kind: u8) -> [u128; N] {
    let mut out = [0u128; N];
    let mut m = 1;
    while m < N {
        let mut mask = 0u128;
        let mut k = 0;
        while k < m {
            mask |= match kind {
                0 => 1u128 << k,                   // row 1
                1 => 1u128 << (k * m),             // file a
                2 => 1u128 << (k * m + k),         // a1 diagonal
                _ => 1u128 << (k * m + m - 1 - k), // a-m anti-diagonal
            };
            k += 1;
        }
        out[m] = mask;
        m += 1;
    }
    out
}

const ROW0: [u128; N] = build(0);
const COL0: [u128; N] = build(1);
const DIAG: [u128; N] = build(2);
const ANTI: [u128; N] = build(3);

/// Per size, the mask of every row (`false`) or column (`true`): a table,
/// as a `u128` shifted by a variable amount is a library call in
/// WebAssembly.
const fn build_lines(columns: bool) -> [[u128; MAX_SIZE as usize]; N] {
    let mut out = [[0u128; MAX_SIZE as usize]; N];
    let mut m = 1;
    while m < N {
        let mut i = 0;
        while i < m {
            out[m][i] = if columns {
                COL0[m] << i
            } else {
                ROW0[m] << (i * m)
            };
            i += 1;
        }
        m += 1;
    }
    out
}

static ROWS: [[u128; MAX_SIZE as usize]; N] = build_lines(false);
static COLS: [[u128; MAX_SIZE as usize]; N] = build_lines(true);

/// The mask of row `r` (0-based from the bottom) on an m x m board.
#[inline]
pub fn row_mask(m: u8, r: u8) -> u128 {
    ROWS[m as usize][r as usize]
}

/// The mask of column `c` (0-based from file a).
#[inline]
pub fn col_mask(m: u8, c: u8) -> u128 {
    COLS[m as usize][c as usize]
}

/// The diagonal through a1 (row == col).
#[inline]
pub fn diag_mask(m: u8) -> u128 {
    DIAG[m as usize]
}

/// The anti-diagonal (row + col == m - 1).
#[inline]
pub fn anti_mask(m: u8) -> u128 {
    ANTI[m as usize]
}

/// Per size, every square of the board (a table for the same reason as
/// the line tables: `play` tests it after every move).
const FULL: [u128; N] = {
    let mut out = [0u128; N];
    let mut m = 1;
    while m < N {
        out[m] = (1u128 << (m * m)) - 1;
        m += 1;
    }
    out
};

/// Every square of the board.
#[inline]
pub fn full_mask(m: u8) -> u128 {
    FULL[m as usize]
}

/// The line a player rolls: columns for `Player::First`, rows for `Second`.
#[inline]
pub fn player_line(m: u8, first: bool, i: u8) -> u128 {
    if first {
        col_mask(m, i)
    } else {
        row_mask(m, i)
    }
}

const fn build_coords() -> [[(u8, u8); 121]; N] {
    let mut out = [[(0u8, 0u8); 121]; N];
    let mut m = 1;
    while m < N {
        let mut sq = 0;
        while sq < m * m {
            out[m][sq] = ((sq / m) as u8, (sq % m) as u8);
            sq += 1;
        }
        m += 1;
    }
    out
}

/// (row, col) of every square for every size: a table lookup instead of a
/// division by a run-time m in the hot `play`.
static COORDS: [[(u8, u8); 121]; N] = build_coords();

/// (row, col) of square `sq` on an m x m board (`sq < m * m`).
#[inline]
pub fn coords(m: u8, sq: u8) -> (u8, u8) {
    COORDS[m as usize][sq as usize]
}
