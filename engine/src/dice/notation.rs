//! Dice text notation (SPEC 2): `5/5/5/5/5 c` or `5/5/5/5/5 c 3`.
//!
//! Rows run from the top row (m) down to row 1, separated by `/`; `c` and `r`
//! are checkers and a run of empty squares is written as one decimal number.
//! On boards of 10 or 11 a run can take two digits (`11/11/...`): a maximal
//! sequence of digits is always read as one number, and canonical text never
//! writes two runs next to each other nor a run starting with `0`, so the
//! notation stays unambiguous (`11` is eleven empty squares, never 1 + 1).
//! The size m is the number of rows. Then the side to move (`c`/`r`), then,
//! only once the die has been rolled, the rolled line 1..=m.
//!
//! Squares are a file letter (`a`.. from the left) and a rank number (`1`..
//! from the bottom): `c2`; rolls are printed 1-based (`3`).

use crate::error::{IllegalMove, ParseError, ParseErrorKind};
use crate::game::Player;

use super::bitboard::{MAX_SIZE, MIN_SIZE};
use super::position::{Dice, DiceMove, DiceRoll, Outcome, NO_ROLL};

fn err(kind: ParseErrorKind, field: impl Into<String>, detail: impl Into<String>) -> ParseError {
    ParseError::new(kind, field, detail)
}

/// Parses one row of the board into checker bits for each player.
fn parse_row(text: &str, m: u8, rank: u8) -> Result<[u64; 2], ParseError> {
    let field = format!("row {rank}");
    if text.is_empty() {
        return Err(err(ParseErrorKind::Empty, field, "empty row"));
    }
    let mut bits = [0u64; 2];
    let mut col: u32 = 0;
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            'c' | 'r' => {
                if col >= m as u32 {
                    return Err(err(
                        ParseErrorKind::BadLength,
                        field,
                        format!("more than {m} squares"),
                    ));
                }
                bits[usize::from(ch == 'r')] |= 1 << col;
                col += 1;
            }
            '1'..='9' => {
                let mut run = ch as u32 - '0' as u32;
                while let Some(&d) = chars.peek() {
                    let Some(v) = d.to_digit(10) else { break };
                    chars.next();
                    run = run.saturating_mul(10).saturating_add(v);
                }
                col = col.saturating_add(run);
                if col > m as u32 {
                    return Err(err(
                        ParseErrorKind::BadLength,
                        field,
                        format!("more than {m} squares"),
                    ));
                }
            }
            '0' => {
                return Err(err(
                    ParseErrorKind::BadCharacter,
                    field,
                    "a run of empty squares cannot start with 0",
                ))
            }
            other => {
                return Err(err(
                    ParseErrorKind::BadCharacter,
                    field,
                    format!("'{other}' is not a checker (c, r) or a run of empty squares"),
                ))
            }
        }
    }
    if col != m as u32 {
        return Err(err(
            ParseErrorKind::BadLength,
            field,
            format!("{col} squares, expected {m}"),
        ));
    }
    Ok(bits)
}

/// Parses a square name (`c2`) on an m x m board into its index.
fn parse_square(text: &str, m: u8) -> Option<u8> {
    let mut chars = text.chars();
    let file = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let col = file as u32 - 'a' as u32;
    let rest = chars.as_str();
    if rest.is_empty()
        || rest.starts_with('0')
        || !rest.bytes().all(|b| b.is_ascii_digit())
        || rest.len() > 2
    {
        return None;
    }
    let rank: u32 = rest.parse().ok()?;
    (col < m as u32 && (1..=m as u32).contains(&rank)).then(|| ((rank - 1) * m as u32 + col) as u8)
}

/// Parses a 1-based line number 1..=m (canonical: no sign, no leading zero).
fn parse_line_number(text: &str, m: u8) -> Option<u8> {
    if text.is_empty()
        || text.len() > 2
        || text.starts_with('0')
        || !text.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let n: u8 = text.parse().ok()?;
    (1..=m).contains(&n).then(|| n - 1)
}

impl Dice {
    /// Parses a position (see the module doc). Never panics.
    ///
    /// # Errors
    /// A [`ParseError`] naming the field at fault: `position` (empty text,
    /// extra fields), `board` (number of rows, checker counts that cannot
    /// arise, both players with a line), `row N` (characters, length),
    /// `side to move`, `roll` (not 1..=m, a full line, a finished game).
    pub fn from_text(text: &str) -> Result<Dice, ParseError> {
        let mut fields = text.split_whitespace();
        let board = fields
            .next()
            .ok_or_else(|| err(ParseErrorKind::Empty, "position", "empty position text"))?;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() < MIN_SIZE as usize || rows.len() > MAX_SIZE as usize {
            return Err(err(
                ParseErrorKind::BadLength,
                "board",
                format!("{} rows; a board has {MIN_SIZE} to {MAX_SIZE}", rows.len()),
            ));
        }
        let m = rows.len() as u8;
        let mut pos = Dice::empty(m);
        for (i, row) in rows.iter().enumerate() {
            let rank = m - i as u8;
            let bits = parse_row(row, m, rank)?;
            let shift = (rank as u32 - 1) * m as u32;
            pos.checkers[0] |= (bits[0] as u128) << shift;
            pos.checkers[1] |= (bits[1] as u128) << shift;
        }
        let side = fields.next().ok_or_else(|| {
            err(
                ParseErrorKind::MissingField,
                "side to move",
                "expected c or r",
            )
        })?;
        pos.to_move = match side {
            "c" => Player::First,
            "r" => Player::Second,
            _ => {
                return Err(err(
                    ParseErrorKind::BadValue,
                    "side to move",
                    format!("'{side}' is not c or r"),
                ))
            }
        };
        if let Some(roll) = fields.next() {
            let line = parse_line_number(roll, m).ok_or_else(|| {
                err(
                    ParseErrorKind::BadValue,
                    "roll",
                    format!("'{roll}' is not a line number 1..={m}"),
                )
            })?;
            pos.roll = line;
        }
        if let Some(extra) = fields.next() {
            return Err(err(
                ParseErrorKind::ExtraField,
                "position",
                format!("unexpected '{extra}'"),
            ));
        }
        pos.validate()?;
        pos.outcome = pos.compute_outcome();
        if pos.roll != NO_ROLL && pos.outcome != Outcome::Ongoing {
            return Err(err(
                ParseErrorKind::Inconsistent,
                "roll",
                "the game is over: no roll",
            ));
        }
        let [c, r] = pos.usable_scores12();
        // At most 121 checkers of weight 12 or less: fits a u16.
        pos.scores12 = [c as u16, r as u16];
        pos.lines = pos.line_counts();
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Checks that the position can arise in play.
    fn validate(&self) -> Result<(), ParseError> {
        let nc = self.checkers[0].count_ones();
        let nr = self.checkers[1].count_ones();
        // Columns moves first and every move places a checker.
        let expected_r = match self.to_move {
            Player::First => nc,
            Player::Second => nc.wrapping_sub(1),
        };
        if nr != expected_r {
            return Err(err(
                ParseErrorKind::Inconsistent,
                "board",
                match self.to_move {
                    Player::First => format!("{nc} c and {nr} r checkers: with c to move (c moves first) both counts must be equal"),
                    Player::Second => format!("{nc} c and {nr} r checkers: with r to move c must have exactly one more"),
                },
            ));
        }
        let c_line = self.has_line(Player::First);
        let r_line = self.has_line(Player::Second);
        if c_line && r_line {
            return Err(err(
                ParseErrorKind::Inconsistent,
                "board",
                "both players have a line",
            ));
        }
        let winner_to_move =
            (c_line && self.to_move == Player::First) || (r_line && self.to_move == Player::Second);
        if winner_to_move {
            return Err(err(
                ParseErrorKind::Inconsistent,
                "side to move",
                "the player who completed a line cannot be to move",
            ));
        }
        if self.roll != NO_ROLL && self.roll_line(self.roll) & !self.occupied() == 0 {
            return Err(err(
                ParseErrorKind::Inconsistent,
                "roll",
                format!("line {} is full, so it cannot be rolled", self.roll + 1),
            ));
        }
        Ok(())
    }

    /// The canonical text of the position.
    pub fn to_text(&self) -> String {
        let m = self.size;
        let mut out = String::with_capacity(m as usize * (m as usize + 1) + 6);
        for rank in (0..m).rev() {
            let mut run = 0u32;
            for col in 0..m {
                let bit = 1u128 << (rank as u32 * m as u32 + col as u32);
                let ch = if self.checkers[0] & bit != 0 {
                    'c'
                } else if self.checkers[1] & bit != 0 {
                    'r'
                } else {
                    run += 1;
                    continue;
                };
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                out.push(ch);
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.to_move == Player::First {
            'c'
        } else {
            'r'
        });
        if self.roll != NO_ROLL {
            out.push(' ');
            out.push_str(&(self.roll as u32 + 1).to_string());
        }
        out
    }

    /// The name of square `sq` (`c2`).
    pub fn square_text(&self, sq: u8) -> String {
        let m = self.size;
        let file = char::from(b'a' + sq % m);
        format!("{file}{}", sq / m + 1)
    }

    /// Parses a square name into the index, if it is on the board.
    pub fn parse_square(&self, text: &str) -> Option<u8> {
        parse_square(text, self.size)
    }

    pub(super) fn parse_move_text(&self, text: &str) -> Result<DiceMove, IllegalMove> {
        let sq = parse_square(text, self.size).ok_or_else(|| {
            IllegalMove::new(
                text,
                format!("not a square of the {0}x{0} board", self.size),
            )
        })?;
        if self.outcome != Outcome::Ongoing {
            return Err(IllegalMove::new(text, "the game is over"));
        }
        if self.roll == NO_ROLL {
            return Err(IllegalMove::new(text, "the die has not been rolled yet"));
        }
        if self.occupied() & (1u128 << sq) != 0 {
            return Err(IllegalMove::new(text, "the square is occupied"));
        }
        if self.roll_line(self.roll) & (1u128 << sq) == 0 {
            let kind = if self.to_move == Player::First {
                "column"
            } else {
                "row"
            };
            return Err(IllegalMove::new(
                text,
                format!("not in the rolled {kind} {}", self.roll + 1),
            ));
        }
        Ok(DiceMove(sq))
    }

    pub(super) fn parse_roll_text(&self, text: &str) -> Result<DiceRoll, IllegalMove> {
        let line = parse_line_number(text, self.size).ok_or_else(|| {
            IllegalMove::new(text, format!("not a line number 1..={}", self.size))
        })?;
        if self.outcome != Outcome::Ongoing {
            return Err(IllegalMove::new(text, "the game is over"));
        }
        if self.roll != NO_ROLL {
            return Err(IllegalMove::new(text, "the die has already been rolled"));
        }
        if self.roll_line(line) & !self.occupied() == 0 {
            return Err(IllegalMove::new(
                text,
                "that line is full and is never rolled",
            ));
        }
        Ok(DiceRoll(line))
    }
}
