//! (Chance)Breakthrough text notation (SPEC 2), with two optional fields.
//!
//! `<board> <side> [roll] [<ply>]`, e.g. the start
//! `bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w`.
//! - board: ranks from the top down separated by `/`, `w` and `b` pieces,
//!   digits for runs of empty squares; the number of ranks and files fixes
//!   the board size (5..=8 each), whatever the config says.
//! - side to move: `w` or `b`.
//! - `roll` (ChanceBreakthrough only): the side to move has played `roll`
//!   and the dice are pending, so the position is a chance node. Its
//!   outcomes are printed as the emptied square (`e7`) or `none`.
//! - ply: the number of plies played, printed only when it is not 0 (it
//!   decides the draw at `max_plies`, so printing must keep it).
//!
//! Moves: `a2a3`, `b2c3` (captures look the same), `roll`.

use crate::error::{IllegalMove, ParseError, ParseErrorKind};
use crate::game::Player;

use super::bitboard::{square, MAX_DIM, MIN_DIM};
use super::config::BreakthroughConfig;
use super::position::{Breakthrough, BreakthroughMove, RollOutcome};

fn err(kind: ParseErrorKind, field: impl Into<String>, detail: impl Into<String>) -> ParseError {
    ParseError::new(kind, field, detail)
}

/// Parses one rank into (white, black) bits of files 0..cols.
fn parse_rank(text: &str, rank: usize) -> Result<(u8, u8, u32), ParseError> {
    let field = format!("rank {rank}");
    if text.is_empty() {
        return Err(err(ParseErrorKind::Empty, field, "empty rank"));
    }
    let (mut w, mut b) = (0u8, 0u8);
    let mut col: u32 = 0;
    let too_long = || {
        err(
            ParseErrorKind::BadLength,
            format!("rank {rank}"),
            format!("more than {MAX_DIM} squares"),
        )
    };
    for ch in text.chars() {
        match ch {
            'w' | 'b' => {
                if col >= MAX_DIM as u32 {
                    return Err(too_long());
                }
                if ch == 'w' {
                    w |= 1 << col;
                } else {
                    b |= 1 << col;
                }
                col += 1;
            }
            '1'..='8' => {
                col += ch as u32 - '0' as u32;
                if col > MAX_DIM as u32 {
                    return Err(too_long());
                }
            }
            other => {
                return Err(err(
                    ParseErrorKind::BadCharacter,
                    field,
                    format!("'{other}' is not a piece (w, b) or a run of 1..8 empty squares"),
                ))
            }
        }
    }
    Ok((w, b, col))
}

/// Parses a square name (`e7`) on a rows x cols board.
fn parse_square(text: &str, rows: u8, cols: u8) -> Option<u8> {
    let mut chars = text.chars();
    let file = chars.next()?;
    let rank = chars.next()?;
    if chars.next().is_some() || !file.is_ascii_lowercase() || !rank.is_ascii_digit() {
        return None;
    }
    let col = file as u32 - 'a' as u32;
    let row = (rank as u32).checked_sub('1' as u32)?;
    (col < cols as u32 && row < rows as u32).then(|| square(row as u8, col as u8))
}

impl Breakthrough {
    /// Parses a position (see the module doc). Never panics.
    ///
    /// # Errors
    /// A [`ParseError`] naming the field at fault: `position` (empty text,
    /// extra fields), `board` (number of ranks, piece counts, both sides
    /// through), `rank N` (characters, length), `side to move`, `roll` (in
    /// plain Breakthrough or after the game ended), `ply` (not a number, or
    /// beyond the config's `max_plies`).
    pub fn from_text(config: &BreakthroughConfig, text: &str) -> Result<Breakthrough, ParseError> {
        let mut fields = text.split_whitespace();
        let board = fields
            .next()
            .ok_or_else(|| err(ParseErrorKind::Empty, "position", "empty position text"))?;
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() < MIN_DIM as usize || ranks.len() > MAX_DIM as usize {
            return Err(err(
                ParseErrorKind::BadLength,
                "board",
                format!("{} ranks; a board has {MIN_DIM} to {MAX_DIM}", ranks.len()),
            ));
        }
        let rows = ranks.len() as u8;
        let mut pieces = [0u64; 2];
        let mut cols = 0u32;
        for (i, text) in ranks.iter().enumerate() {
            let rank = rows as usize - i;
            let (w, b, n) = parse_rank(text, rank)?;
            if i == 0 {
                if n < MIN_DIM as u32 {
                    return Err(err(
                        ParseErrorKind::BadLength,
                        format!("rank {rank}"),
                        format!("{n} squares; a board has {MIN_DIM} to {MAX_DIM} files"),
                    ));
                }
                cols = n;
            } else if n != cols {
                return Err(err(
                    ParseErrorKind::BadLength,
                    format!("rank {rank}"),
                    format!("{n} squares, expected {cols} like rank {rows}"),
                ));
            }
            let shift = 8 * (rank as u32 - 1);
            pieces[0] |= (w as u64) << shift;
            pieces[1] |= (b as u64) << shift;
        }
        let mut pos = Breakthrough::empty(rows, cols as u8, config);
        pos.pieces = pieces;

        let side = fields.next().ok_or_else(|| {
            err(
                ParseErrorKind::MissingField,
                "side to move",
                "expected w or b",
            )
        })?;
        pos.to_move = match side {
            "w" => Player::First,
            "b" => Player::Second,
            _ => {
                return Err(err(
                    ParseErrorKind::BadValue,
                    "side to move",
                    format!("'{side}' is not w or b"),
                ))
            }
        };
        let mut next = fields.next();
        if next == Some("roll") {
            pos.pending_roll = true;
            next = fields.next();
        }
        if let Some(ply) = next {
            if ply.is_empty() || ply.len() > 5 || !ply.bytes().all(|b| b.is_ascii_digit()) {
                return Err(err(
                    ParseErrorKind::BadValue,
                    "ply",
                    format!("'{ply}' is neither `roll` nor a ply count"),
                ));
            }
            let n: u32 = ply.parse().unwrap_or(u32::MAX);
            if n > pos.max_plies as u32 {
                return Err(err(
                    ParseErrorKind::BadValue,
                    "ply",
                    format!("{n} is beyond the draw limit of {} plies", pos.max_plies),
                ));
            }
            pos.ply = n as u16;
        }
        if let Some(extra) = fields.next() {
            return Err(err(
                ParseErrorKind::ExtraField,
                "position",
                format!("unexpected '{extra}'"),
            ));
        }
        pos.validate()?;
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Checks that the fields agree with each other and the rules.
    fn validate(&self) -> Result<(), ParseError> {
        let [w, b] = self.pieces;
        let limit = 2 * self.cols as u32;
        for (n, name) in [(w.count_ones(), "white"), (b.count_ones(), "black")] {
            if n > limit {
                return Err(err(
                    ParseErrorKind::Inconsistent,
                    "board",
                    format!("{n} {name} pieces; a side starts with {limit}"),
                ));
            }
        }
        if w == 0 && b == 0 {
            return Err(err(
                ParseErrorKind::Inconsistent,
                "board",
                "no pieces at all",
            ));
        }
        let white_through = w & super::bitboard::rank_mask(self.rows - 1) != 0;
        let black_through = b & super::bitboard::rank_mask(0) != 0;
        if white_through && black_through {
            return Err(err(
                ParseErrorKind::Inconsistent,
                "board",
                "both sides have reached the far rank",
            ));
        }
        if (white_through && self.to_move == Player::First)
            || (black_through && self.to_move == Player::Second)
        {
            return Err(err(
                ParseErrorKind::Inconsistent,
                "side to move",
                "the side that has reached the far rank cannot be to move",
            ));
        }
        if self.pending_roll {
            if !self.chance {
                return Err(err(
                    ParseErrorKind::Inconsistent,
                    "roll",
                    "plain breakthrough has no roll",
                ));
            }
            if self.board_winner().is_some() || self.ply >= self.max_plies {
                return Err(err(
                    ParseErrorKind::Inconsistent,
                    "roll",
                    "the game is over: no roll",
                ));
            }
        }
        Ok(())
    }

    /// The canonical text of the position.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(80);
        for row in (0..self.rows).rev() {
            let mut run = 0u8;
            for col in 0..self.cols {
                let bit = 1u64 << square(row, col);
                let ch = if self.pieces[0] & bit != 0 {
                    'w'
                } else if self.pieces[1] & bit != 0 {
                    'b'
                } else {
                    run += 1;
                    continue;
                };
                if run > 0 {
                    out.push(char::from(b'0' + run));
                    run = 0;
                }
                out.push(ch);
            }
            if run > 0 {
                out.push(char::from(b'0' + run));
            }
            if row > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.to_move == Player::First {
            " w"
        } else {
            " b"
        });
        if self.pending_roll {
            out.push_str(" roll");
        }
        if self.ply > 0 {
            out.push(' ');
            out.push_str(&self.ply.to_string());
        }
        out
    }

    /// Parses a square name into its index, if it is on this board.
    pub fn parse_square(&self, text: &str) -> Option<u8> {
        parse_square(text, self.rows, self.cols)
    }

    pub(super) fn parse_move_text(&self, text: &str) -> Result<BreakthroughMove, IllegalMove> {
        let mv = if text == "roll" {
            BreakthroughMove::Roll
        } else {
            let chars: Vec<char> = text.chars().collect();
            if chars.len() != 4 {
                return Err(IllegalMove::new(text, "expected a move like a2a3, or roll"));
            }
            let from: String = chars[..2].iter().collect();
            let to: String = chars[2..].iter().collect();
            let sq = |s: &str| {
                self.parse_square(s).ok_or_else(|| {
                    IllegalMove::new(
                        text,
                        format!(
                            "'{s}' is not a square of the {}x{} board",
                            self.cols, self.rows
                        ),
                    )
                })
            };
            BreakthroughMove::Step {
                from: sq(&from)?,
                to: sq(&to)?,
            }
        };
        self.check_move(mv)
            .map_err(|reason| IllegalMove::new(text, reason.to_string()))?;
        Ok(mv)
    }

    pub(super) fn parse_outcome_text(&self, text: &str) -> Result<RollOutcome, IllegalMove> {
        if !self.pending_roll || self.board_winner().is_some() {
            return Err(IllegalMove::new(text, "no roll is pending"));
        }
        if text == "none" {
            return if self.empty_squares() != 0 {
                Ok(RollOutcome::Nothing)
            } else {
                Err(IllegalMove::new(text, "every square is occupied"))
            };
        }
        let sq = self
            .parse_square(text)
            .ok_or_else(|| IllegalMove::new(text, "expected an occupied square (e7) or none"))?;
        if (self.pieces[0] | self.pieces[1]) & (1u64 << sq) == 0 {
            return Err(IllegalMove::new(
                text,
                "that square is empty: its roll outcome is none",
            ));
        }
        Ok(RollOutcome::Remove(sq))
    }
}
