//! What the board shows, as typed values: each game fills a [`Board`] from
//! its own state (`WebGame::board` in `session`), for exactly what the
//! viewer may know: for Stratego the human's view, every rank only once
//! the game is over. Nothing here reads notation back.
//!
//! Coordinates here are display rows and columns: row 0 is the top rank as
//! printed, column 0 is file `a`. Flipping is the canvas's business.

use starcut::stratego::Rank;
use starcut::Player;

use crate::protocol::GameKind;

/// A square in display coordinates (row 0 = top rank, column 0 = file a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sq {
    pub row: u8,
    pub col: u8,
}

impl Sq {
    /// The square on `file` (0 = a) and rank index `rank` (0 = rank 1) of
    /// a board with `rows` ranks.
    pub fn at(file: usize, rank: usize, rows: u8) -> Sq {
        Sq {
            row: (rows as usize).saturating_sub(rank + 1) as u8,
            col: file as u8,
        }
    }
}

/// A piece as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub owner: Player,
    /// What to write on it: a Stratego rank (`9`, `S`, `B`, `F`), `?` for an
    /// unknown rank, or empty for games whose pieces are all alike.
    pub label: String,
    /// An unknown enemy piece (drawn face down).
    pub hidden: bool,
    /// An own piece whose rank the opponent knows.
    pub revealed: bool,
    /// An unknown enemy piece that has moved (so it is no Bomb or Flag).
    pub moved: bool,
}

impl Piece {
    /// A piece of a game whose pieces are all alike.
    pub fn plain(owner: Player) -> Piece {
        Piece {
            owner,
            label: String::new(),
            hidden: false,
            revealed: false,
            moved: false,
        }
    }
}

/// The board of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: u8,
    pub cols: u8,
    pub cells: Vec<Option<Piece>>,
    /// Squares no piece may enter (Stratego's lakes).
    pub lakes: Vec<Sq>,
    /// Dice: the squares of the line the die picked for the side to move.
    pub rolled_line: Vec<Sq>,
    /// Stratego: the pieces each side has lost, as (owner, rank).
    pub captured: Vec<(Player, Rank)>,
}

impl Board {
    /// An empty board of `rows` x `cols`.
    pub fn empty(rows: u8, cols: u8) -> Board {
        Board {
            rows,
            cols,
            cells: vec![None; rows as usize * cols as usize],
            lakes: Vec::new(),
            rolled_line: Vec::new(),
            captured: Vec::new(),
        }
    }

    pub fn at(&self, sq: Sq) -> Option<&Piece> {
        if !self.contains(sq) {
            return None;
        }
        self.cells[sq.row as usize * self.cols as usize + sq.col as usize].as_ref()
    }

    /// Puts `piece` on `sq` (ignored off the board).
    pub fn set(&mut self, sq: Sq, piece: Option<Piece>) {
        if self.contains(sq) {
            self.cells[sq.row as usize * self.cols as usize + sq.col as usize] = piece;
        }
    }

    pub fn contains(&self, sq: Sq) -> bool {
        sq.row < self.rows && sq.col < self.cols
    }

    /// How many pieces stand on the board.
    pub fn piece_count(&self) -> usize {
        self.cells.iter().flatten().count()
    }
}

/// The fill of a square on the board's picture (canvas and the chooser's
/// small pictures): lakes blue, Dice's board plain, the others checkered.
pub fn square_fill(kind: GameKind, board: &Board, sq: Sq) -> &'static str {
    let light = (sq.row + sq.col).is_multiple_of(2);
    if board.lakes.contains(&sq) {
        "#7fb2d9"
    } else if kind == GameKind::Dice {
        if light {
            "#efe6d2"
        } else {
            "#e4d8bd"
        }
    } else if light {
        "#f0d9b5"
    } else {
        "#b58863"
    }
}

/// A side's piece colour and the ink written on it.
pub fn piece_colours(kind: GameKind, owner: Player) -> (&'static str, &'static str) {
    match (kind, owner) {
        (GameKind::Dice, Player::First) => ("#c0392b", "#fff"),
        (GameKind::Dice, Player::Second) => ("#2c6fb7", "#fff"),
        (GameKind::Stratego | GameKind::Barrage, Player::First) => ("#c62828", "#fff"),
        (GameKind::Stratego | GameKind::Barrage, Player::Second) => ("#1f4fa3", "#fff"),
        (_, Player::First) => ("#f8f8f8", "#222"),
        (_, Player::Second) => ("#262626", "#eee"),
    }
}

/// A square name such as `c2` or `j10`, on a board of `rows` ranks.
pub fn parse_square(text: &str, rows: u8, cols: u8) -> Option<Sq> {
    let mut chars = text.chars();
    let file = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let rank: u32 = chars.as_str().parse().ok()?;
    let col = file as u32 - 'a' as u32;
    if rank == 0 || rank > rows as u32 || col >= cols as u32 {
        return None;
    }
    Some(Sq {
        row: (rows as u32 - rank) as u8,
        col: col as u8,
    })
}

/// The name of a square (`c2`).
pub fn square_name(sq: Sq, rows: u8) -> String {
    format!(
        "{}{}",
        char::from(b'a' + sq.col),
        rows as u32 - sq.row as u32
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for row in 0..10 {
            for col in 0..10 {
                let sq = Sq { row, col };
                assert_eq!(parse_square(&square_name(sq, 10), 10, 10), Some(sq));
            }
        }
        assert_eq!(Sq::at(0, 0, 8), Sq { row: 7, col: 0 });
        assert_eq!(square_name(Sq::at(4, 6, 8), 8), "e7");
        assert_eq!(parse_square("a0", 8, 8), None);
        assert_eq!(parse_square("i1", 8, 8), None);
        assert_eq!(parse_square("é1", 8, 8), None);
    }

    #[test]
    fn a_board_holds_its_pieces() {
        let mut b = Board::empty(5, 5);
        b.set(Sq { row: 0, col: 4 }, Some(Piece::plain(Player::Second)));
        b.set(Sq { row: 9, col: 0 }, Some(Piece::plain(Player::First)));
        assert_eq!(b.piece_count(), 1, "a square off the board is ignored");
        assert_eq!(b.at(Sq { row: 0, col: 4 }).unwrap().owner, Player::Second);
        assert!(b.at(Sq { row: 5, col: 0 }).is_none());
    }
}
