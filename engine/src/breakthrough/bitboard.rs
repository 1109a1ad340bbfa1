//! Bitboard geometry of the Breakthrough board (stride 8 for every size).

/// Smallest number of rows or columns.
pub const MIN_DIM: u8 = 5;
/// Largest number of rows or columns.
pub const MAX_DIM: u8 = 8;

/// File a.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;

const fn build_boards() -> [[u64; 9]; 9] {
    let mut out = [[0u64; 9]; 9];
    let mut rows = 1;
    while rows <= 8 {
        let mut cols = 1;
        while cols <= 8 {
            let mut mask = 0u64;
            let mut r = 0;
            while r < rows {
                mask |= ((1u64 << cols) - 1) << (8 * r);
                r += 1;
            }
            out[rows][cols] = mask;
            cols += 1;
        }
        rows += 1;
    }
    out
}

const BOARDS: [[u64; 9]; 9] = build_boards();

/// Every square of a rows x cols board.
#[inline]
pub fn board_mask(rows: u8, cols: u8) -> u64 {
    BOARDS[rows as usize][cols as usize]
}

/// Squares not on the last file (pieces there cannot move to col + 1).
#[inline]
pub fn not_last_file(cols: u8) -> u64 {
    !(FILE_A << (cols - 1))
}

/// Rank `r` (0-based), all eight files (intersect with pieces, not board).
#[inline]
pub fn rank_mask(r: u8) -> u64 {
    0xFFu64 << (8 * r as u32)
}

/// The square index of (row, col).
#[inline]
pub const fn square(row: u8, col: u8) -> u8 {
    row * 8 + col
}
