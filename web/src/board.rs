//! What the board shows, read from the game's own text notation.
//!
//! All games print their board the same way (SPEC section 2): ranks from the
//! top down separated by `/`, digits for runs of empty squares, pieces as
//! letters (`c`/`r` in Dice, `w`/`b` in Breakthrough, two characters such as
//! `r9` or `B?` in Stratego). Moves and outcomes name squares as file letter
//! plus rank number. Reading the board from text keeps the drawing code
//! independent of each game's internal types, and it is exactly what the
//! viewer is allowed to know: for Stratego the page prints the human's view.
//!
//! Coordinates here are display rows and columns: row 0 is the top rank as
//! printed, column 0 is file `a`. Flipping is the canvas's business.

use starcut::Player;

use crate::protocol::GameKind;

/// A square in display coordinates (row 0 = top rank, column 0 = file a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sq {
    pub row: u8,
    pub col: u8,
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
    /// An own piece whose rank the opponent knows (Stratego upper case).
    pub revealed: bool,
    /// An unknown enemy piece that has moved (so it is no Bomb or Flag).
    pub moved: bool,
}

/// The board part of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: u8,
    pub cols: u8,
    pub cells: Vec<Option<Piece>>,
    /// Squares no piece may enter (Stratego's lakes).
    pub lakes: Vec<Sq>,
    /// The text after the board (side to move, roll, captures).
    pub fields: Vec<String>,
}

impl Board {
    pub fn at(&self, sq: Sq) -> Option<&Piece> {
        if sq.row >= self.rows || sq.col >= self.cols {
            return None;
        }
        self.cells[sq.row as usize * self.cols as usize + sq.col as usize].as_ref()
    }

    pub fn contains(&self, sq: Sq) -> bool {
        sq.row < self.rows && sq.col < self.cols
    }
}

/// Reads the board of a position text. Errors name what is wrong; the text
/// comes from the engine's printer, so an error means a bug, not user input,
/// but it must still never panic.
pub fn parse_board(kind: GameKind, text: &str) -> Result<Board, String> {
    let mut fields = text.split_whitespace();
    let placement = fields.next().ok_or("empty position")?;
    let mut rows_out: Vec<Vec<Option<Piece>>> = Vec::new();
    for rank in placement.split('/') {
        let mut row = Vec::new();
        let chars: Vec<char> = rank.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_ascii_digit() {
                let mut n = 0usize;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    n = n * 10 + chars[i].to_digit(10).unwrap_or(0) as usize;
                    i += 1;
                }
                if n == 0 || n > 26 {
                    return Err(format!("bad empty run {n} in '{rank}'"));
                }
                row.extend(std::iter::repeat_n(None, n));
                continue;
            }
            match kind {
                GameKind::Stratego | GameKind::Barrage => {
                    let rank_char = *chars
                        .get(i + 1)
                        .ok_or_else(|| format!("piece '{c}' without a rank in '{rank}'"))?;
                    row.push(Some(stratego_piece(c, rank_char)?));
                    i += 2;
                }
                _ => {
                    row.push(Some(simple_piece(kind, c)?));
                    i += 1;
                }
            }
        }
        rows_out.push(row);
    }
    let rows = rows_out.len();
    let cols = rows_out.first().map_or(0, Vec::len);
    if rows == 0 || cols == 0 || rows > 26 || cols > 26 {
        return Err(format!("bad board size {rows}x{cols}"));
    }
    if let Some(bad) = rows_out.iter().position(|r| r.len() != cols) {
        return Err(format!(
            "rank {} has {} squares, expected {cols}",
            bad + 1,
            rows_out[bad].len()
        ));
    }
    let lakes = match kind {
        GameKind::Stratego | GameKind::Barrage if rows == 10 && cols == 10 => {
            ["c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"]
                .iter()
                .filter_map(|s| parse_square(s, rows as u8, cols as u8))
                .collect()
        }
        _ => Vec::new(),
    };
    Ok(Board {
        rows: rows as u8,
        cols: cols as u8,
        cells: rows_out.into_iter().flatten().collect(),
        lakes,
        fields: fields.map(str::to_string).collect(),
    })
}

fn simple_piece(kind: GameKind, c: char) -> Result<Piece, String> {
    let owner = match (kind, c) {
        (GameKind::Dice, 'c') => Player::First,
        (GameKind::Dice, 'r') => Player::Second,
        (_, 'w') => Player::First,
        (_, 'b') => Player::Second,
        _ => return Err(format!("unknown piece '{c}'")),
    };
    Ok(Piece {
        owner,
        label: String::new(),
        hidden: false,
        revealed: false,
        moved: false,
    })
}

fn stratego_piece(colour: char, rank: char) -> Result<Piece, String> {
    let owner = match colour.to_ascii_lowercase() {
        'r' => Player::First,
        'b' => Player::Second,
        _ => return Err(format!("unknown colour '{colour}'")),
    };
    let hidden = matches!(rank, '?' | '!');
    if !hidden && !matches!(rank, '1'..='9' | 'S' | 'B' | 'F') {
        return Err(format!("unknown rank '{rank}'"));
    }
    Ok(Piece {
        owner,
        label: if hidden { "?".into() } else { rank.to_string() },
        hidden,
        revealed: colour.is_ascii_uppercase(),
        moved: rank == '!',
    })
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

/// Every square named in a move or outcome text, in order (`a2a3` gives two,
/// `c2` one, `roll` and `=3` none). Unparsable pieces are skipped.
pub fn squares_in(text: &str, rows: u8, cols: u8) -> Vec<Sq> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_lowercase() {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            if j > i + 1 {
                // Both ends are ASCII boundaries, so slicing is safe.
                if let Some(sq) = parse_square(&text[i..j], rows, cols) {
                    out.push(sq);
                }
                i = j;
                continue;
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_board() {
        let b = parse_board(GameKind::Dice, "c4/5/2r2/5/4c c 3").unwrap();
        assert_eq!((b.rows, b.cols), (5, 5));
        assert_eq!(b.at(Sq { row: 0, col: 0 }).unwrap().owner, Player::First);
        assert_eq!(b.at(Sq { row: 2, col: 2 }).unwrap().owner, Player::Second);
        assert_eq!(b.at(Sq { row: 4, col: 4 }).unwrap().owner, Player::First);
        assert_eq!(b.cells.iter().flatten().count(), 3);
        assert_eq!(b.fields, vec!["c", "3"]);
    }

    #[test]
    fn stratego_board_with_hidden_pieces_and_lakes() {
        let text = "b?b!8/10/10/10/10/10/10/10/10/r1R9rF7 r r9";
        let b = parse_board(GameKind::Stratego, text).unwrap();
        assert_eq!((b.rows, b.cols), (10, 10));
        let p = b.at(Sq { row: 0, col: 0 }).unwrap();
        assert!(p.hidden && !p.moved && p.owner == Player::Second);
        assert!(b.at(Sq { row: 0, col: 1 }).unwrap().moved);
        let nine = b.at(Sq { row: 9, col: 1 }).unwrap();
        assert_eq!(nine.label, "9");
        assert!(nine.revealed);
        assert_eq!(b.lakes.len(), 8);
        assert!(b.lakes.contains(&Sq { row: 5, col: 2 })); // c5
    }

    #[test]
    fn bad_boards_are_errors_not_panics() {
        for text in ["", "5/4 c", "x4 c", "rZ9 r", "0/0", "99/1 c", "/ c", "é/ü"] {
            assert!(parse_board(GameKind::Dice, text).is_err(), "{text}");
            let _ = parse_board(GameKind::Stratego, text);
        }
    }

    #[test]
    fn squares_round_trip_and_moves() {
        for row in 0..10 {
            for col in 0..10 {
                let sq = Sq { row, col };
                assert_eq!(parse_square(&square_name(sq, 10), 10, 10), Some(sq));
            }
        }
        assert_eq!(
            squares_in("a2a3", 8, 8),
            vec![Sq { row: 6, col: 0 }, Sq { row: 5, col: 0 }]
        );
        assert_eq!(squares_in("j10j9", 10, 10).len(), 2);
        assert!(squares_in("roll", 8, 8).is_empty());
        assert!(squares_in("=3", 10, 10).is_empty());
        assert!(squares_in("z99é", 8, 8).is_empty());
        assert_eq!(parse_square("a0", 8, 8), None);
        assert_eq!(parse_square("i1", 8, 8), None);
    }
}
