//! The Stratego position notation (SPEC 2) and its extension fields.
//!
//! ```text
//! <board> <side> [<captured>] [moved:<squares>] [clue:<clues>] [two:<red>/<blue>] [battle:<from><to>] [ply:<n>] [quiet:<n>]
//! ```
//!
//! - `board`: ranks 10 down to 1 separated by `/`. A piece is two characters:
//!   its colour `r`/`b` (upper case `R`/`B` once revealed to the opponent)
//!   and its rank `1`–`9`, `S`, `B`, `F`, or for a piece whose rank the viewer
//!   does not know `?` (has not moved) or `!` (has moved). Digits are runs of
//!   empty squares; lakes count as squares. `B?`/`R!` are refused: a piece
//!   revealed to the opponent is known to the viewer too (the viewer is
//!   either the opponent or the owner).
//! - `side`: `r` or `b`.
//! - `captured` (optional, SPEC 2): the captured pieces, e.g. `r9r9b3`, red
//!   first, strongest rank first; `-` (or no field) for none.
//!
//! The SPEC fields cannot carry everything that decides a position's future,
//! so the canonical text adds keyword fields, printed only when not empty,
//! in this order:
//! - `moved:e4,f4` — pieces of known rank, not revealed, that the opponent has
//!   seen move (they show as `!` in his view); squares a1..j10 order.
//! - `clue:e4>5<3,f7<1` — what hidden pieces showed by their moves (`clue.rs`):
//!   `>R` the strongest revealed enemy rank the piece on that square stepped
//!   next to or stood beside, `<R` the weakest it stepped away from; squares
//!   a1..j10 order. Only pieces that moved and are not revealed have one.
//! - `two:e4e5x2/-` — each player's two-squares state, red then blue: his last
//!   move and how many times in a row he has moved between those two squares
//!   (`-` when he has not moved yet).
//! - `battle:e4e5` — a pending battle (a chance node): the piece on the first
//!   square attacked the piece on the second, one of them of unknown rank.
//! - `ply:57` — plies played (the ply limit counts them).
//! - `quiet:12` — plies since the last attack (the evaluation's drive to
//!   make progress reads it; no rule does).
//!
//! Every position reached by play prints to a text that parses back to an
//! equal position (tested by property tests).

use super::config::StrategoConfig;
use super::mv::Move;
use super::piece::Piece;
use super::position::{Stratego, TwoSquare};
use super::rank::{army, Rank, RANK_COUNT};
use super::square::{Square, SIZE};
use crate::error::{ParseError, ParseErrorKind as K};
use crate::game::Player;

fn colour_char(colour: Player, revealed: bool) -> char {
    match (colour, revealed) {
        (Player::First, false) => 'r',
        (Player::First, true) => 'R',
        (Player::Second, false) => 'b',
        (Player::Second, true) => 'B',
    }
}

fn colour_name(colour: Player) -> &'static str {
    match colour {
        Player::First => "red",
        Player::Second => "blue",
    }
}

impl Stratego {
    /// The board field.
    pub fn board_text(&self) -> String {
        let mut out = String::with_capacity(120);
        for r in (0..SIZE).rev() {
            let mut empty = 0;
            for f in 0..SIZE {
                let piece = Square::from_coords(f, r).and_then(|sq| self.piece_at(sq));
                match piece {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(colour_char(p.colour(), p.is_revealed()));
                        out.push(match p.rank() {
                            Some(rank) => rank.to_char(),
                            None if p.has_moved() => '!',
                            None => '?',
                        });
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if r > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The canonical position text (see the module doc).
    pub fn to_text(&self) -> String {
        let mut out = self.board_text();
        out.push(' ');
        out.push(match self.side {
            Player::First => 'r',
            Player::Second => 'b',
        });
        let mut captured = String::new();
        for colour in [Player::First, Player::Second] {
            for r in Rank::ALL {
                for _ in 0..self.captured[colour.index()][r.index()] {
                    captured.push(colour_char(colour, false));
                    captured.push(r.to_char());
                }
            }
        }
        if !captured.is_empty() {
            out.push(' ');
            out.push_str(&captured);
        }
        let moved: Vec<String> = Square::all()
            .filter(|&sq| {
                self.piece_at(sq)
                    .is_some_and(|p| p.rank().is_some() && p.has_moved())
            })
            .map(|sq| sq.to_string())
            .collect();
        if !moved.is_empty() {
            out.push_str(" moved:");
            out.push_str(&moved.join(","));
        }
        let clues: Vec<String> = Square::all()
            .filter(|&sq| !self.clue_at(sq).is_none())
            .map(|sq| {
                let c = self.clue_at(sq);
                let mut t = sq.to_string();
                if let Some(r) = c.bold() {
                    t.push('>');
                    t.push(r.to_char());
                }
                if let Some(r) = c.shy() {
                    t.push('<');
                    t.push(r.to_char());
                }
                t
            })
            .collect();
        if !clues.is_empty() {
            out.push_str(" clue:");
            out.push_str(&clues.join(","));
        }
        if self.two.iter().any(Option::is_some) {
            let part = |s: Option<TwoSquare>| match s {
                Some(s) => format!("{}{}x{}", s.from, s.to, s.count),
                None => "-".to_string(),
            };
            out.push_str(&format!(" two:{}/{}", part(self.two[0]), part(self.two[1])));
        }
        if let Some((f, t)) = self.pending {
            out.push_str(&format!(" battle:{f}{t}"));
        }
        if self.ply > 0 {
            out.push_str(&format!(" ply:{}", self.ply));
        }
        if self.quiet > 0 {
            out.push_str(&format!(" quiet:{}", self.quiet));
        }
        out
    }

    /// Parses a position text (see the module doc). Errors name the field.
    pub fn parse(config: &StrategoConfig, text: &str) -> Result<Stratego, ParseError> {
        let mut fields = text.split_whitespace();
        let Some(board_field) = fields.next() else {
            return Err(ParseError::new(K::Empty, "position", "the text is empty"));
        };
        let mut pos = Stratego::empty(*config);
        parse_board(&mut pos, board_field)?;
        let side = fields
            .next()
            .ok_or_else(|| ParseError::new(K::MissingField, "side to move", "expected r or b"))?;
        pos.side = match side {
            "r" => Player::First,
            "b" => Player::Second,
            _ => {
                return Err(ParseError::new(
                    K::BadValue,
                    "side to move",
                    format!("'{side}' is not r or b"),
                ))
            }
        };
        let mut seen: Vec<&str> = Vec::new();
        let mut moved_field = None;
        let mut clue_field = None;
        for (n, field) in fields.enumerate() {
            let (key, value) = match field.split_once(':') {
                Some((k, v)) => (k, v),
                None if n == 0 => ("captured", field),
                None => {
                    return Err(ParseError::new(
                        K::ExtraField,
                        "position",
                        format!("unexpected field '{field}'"),
                    ))
                }
            };
            if seen.contains(&key) {
                return Err(ParseError::new(
                    K::ExtraField,
                    key,
                    "the field appears twice",
                ));
            }
            match key {
                "captured" => parse_captured(&mut pos, value)?,
                "moved" => moved_field = Some(value),
                "clue" => clue_field = Some(value),
                "two" => parse_two(&mut pos, value)?,
                "battle" => {
                    let mv = Move::parse(value).ok_or_else(|| {
                        ParseError::new(
                            K::BadValue,
                            "battle",
                            format!("'{value}' is not two squares"),
                        )
                    })?;
                    pos.pending = Some((mv.from, mv.to));
                }
                "ply" => pos.ply = parse_count("ply", value)?,
                "quiet" => pos.quiet = parse_count("quiet", value)?,
                _ => {
                    return Err(ParseError::new(
                        K::BadValue,
                        "position",
                        format!("unknown field '{key}:'"),
                    ))
                }
            }
            seen.push(key);
        }
        if let Some(value) = moved_field {
            parse_moved(&mut pos, value)?;
        }
        if let Some(value) = clue_field {
            parse_clues(&mut pos, value)?;
        }
        // The checks ask for pools, which read the tallies.
        pos.recount();
        pos.check()?;
        pos.refresh();
        Ok(pos)
    }
}

/// A whole number field (`ply:`, `quiet:`).
fn parse_count(field: &str, value: &str) -> Result<u32, ParseError> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::new(
            K::BadValue,
            field,
            format!("'{value}' is not a whole number"),
        ));
    }
    value
        .parse()
        .map_err(|_| ParseError::new(K::BadValue, field, format!("'{value}' is too large")))
}

fn parse_board(pos: &mut Stratego, field: &str) -> Result<(), ParseError> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != SIZE {
        return Err(ParseError::new(
            K::BadLength,
            "board",
            format!("{} ranks, expected {SIZE}", rows.len()),
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank_no = SIZE - i;
        let name = format!("rank {rank_no}");
        if row.is_empty() {
            return Err(ParseError::new(K::Empty, name, "the rank is empty"));
        }
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(ParseError::new(
                        K::BadValue,
                        name,
                        "a run of empty squares cannot start with 0",
                    ));
                }
                let mut run = d as usize;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    chars.next();
                    run = run.saturating_mul(10).saturating_add(d2 as usize);
                }
                if run == 0 {
                    return Err(ParseError::new(
                        K::BadValue,
                        name,
                        "an empty run of 0 squares",
                    ));
                }
                file = file.saturating_add(run);
                continue;
            }
            let (colour, revealed) = match c {
                'r' => (Player::First, false),
                'R' => (Player::First, true),
                'b' => (Player::Second, false),
                'B' => (Player::Second, true),
                _ => {
                    return Err(ParseError::new(
                        K::BadCharacter,
                        name,
                        format!("'{c}' is not a colour (r, R, b, B) or a digit"),
                    ))
                }
            };
            let Some(rc) = chars.next() else {
                return Err(ParseError::new(
                    K::MissingField,
                    name,
                    format!("the piece '{c}' has no rank"),
                ));
            };
            let piece = match (rc, Rank::from_char(rc)) {
                (_, Some(rank)) => Piece::new(colour, Some(rank), revealed, false),
                ('?' | '!', None) if revealed => {
                    return Err(ParseError::new(
                        K::Inconsistent,
                        name,
                        format!("'{c}{rc}': a revealed piece cannot have an unknown rank"),
                    ))
                }
                ('?', None) => Piece::new(colour, None, false, false),
                ('!', None) => Piece::new(colour, None, false, true),
                _ => {
                    return Err(ParseError::new(
                        K::BadCharacter,
                        name,
                        format!("'{rc}' is not a rank (1-9, S, B, F, ?, !)"),
                    ))
                }
            };
            if file < SIZE {
                let sq = Square::from_coords(file, rank_no - 1);
                if let Some(sq) = sq {
                    if sq.is_lake() {
                        return Err(ParseError::new(
                            K::Inconsistent,
                            name,
                            format!("a piece on the lake {sq}"),
                        ));
                    }
                    pos.board[sq.index()] = Some(piece);
                }
            }
            file = file.saturating_add(1);
        }
        if file != SIZE {
            return Err(ParseError::new(
                K::BadLength,
                name,
                format!("{file} squares, expected {SIZE}"),
            ));
        }
    }
    Ok(())
}

fn parse_captured(pos: &mut Stratego, value: &str) -> Result<(), ParseError> {
    if value == "-" {
        return Ok(());
    }
    if value.is_empty() {
        return Err(ParseError::new(K::Empty, "captured", "the field is empty"));
    }
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        let colour = match c {
            'r' => Player::First,
            'b' => Player::Second,
            _ => {
                return Err(ParseError::new(
                    K::BadCharacter,
                    "captured",
                    format!("'{c}' is not a colour (r or b)"),
                ))
            }
        };
        let rank = chars.next().and_then(Rank::from_char).ok_or_else(|| {
            ParseError::new(
                K::BadCharacter,
                "captured",
                format!("'{c}' must be followed by a rank"),
            )
        })?;
        let n = &mut pos.captured[colour.index()][rank.index()];
        *n = n.saturating_add(1);
    }
    Ok(())
}

fn parse_moved(pos: &mut Stratego, value: &str) -> Result<(), ParseError> {
    for token in value.split(',') {
        let sq = Square::parse(token).ok_or_else(|| {
            ParseError::new(K::BadValue, "moved", format!("'{token}' is not a square"))
        })?;
        match pos.board[sq.index()] {
            Some(p) if p.rank().is_some_and(Rank::is_movable) && !p.is_revealed() => {
                pos.board[sq.index()] = Some(p.after_step());
            }
            _ => {
                return Err(ParseError::new(
                    K::Inconsistent,
                    "moved",
                    format!("{sq} does not hold an unrevealed movable piece of known rank"),
                ))
            }
        }
    }
    Ok(())
}

fn parse_clues(pos: &mut Stratego, value: &str) -> Result<(), ParseError> {
    for token in value.split(',') {
        let bad = |why: &str| ParseError::new(K::BadValue, "clue", format!("'{token}': {why}"));
        let split = token
            .find(['>', '<'])
            .ok_or_else(|| bad("expected a square, then >R and/or <R"))?;
        let sq = Square::parse(&token[..split]).ok_or_else(|| bad("not a square"))?;
        let (mut bold, mut shy) = (0, 0);
        let mut rest = token[split..].chars();
        while let Some(sign) = rest.next() {
            let rank = rest
                .next()
                .and_then(Rank::from_char)
                .filter(|r| r.is_movable())
                .ok_or_else(|| bad("> and < take a movable rank: 1-9 or S"))?;
            let strength = super::battle::strength(rank);
            let slot = match sign {
                '>' => &mut bold,
                '<' => &mut shy,
                _ => return Err(bad("expected > or <")),
            };
            if *slot != 0 {
                return Err(bad("a sign appears twice"));
            }
            *slot = strength;
        }
        match pos.board[sq.index()] {
            Some(p) if !p.is_revealed() && p.has_moved() => {}
            _ => {
                return Err(ParseError::new(
                    K::Inconsistent,
                    "clue",
                    format!("{sq} does not hold a hidden piece that has moved"),
                ))
            }
        }
        if !pos.clues[sq.index()].is_none() {
            return Err(bad("the square appears twice"));
        }
        pos.clues[sq.index()] = super::clue::Clue::new(bold, shy);
    }
    Ok(())
}

fn parse_two(pos: &mut Stratego, value: &str) -> Result<(), ParseError> {
    let parts: Vec<&str> = value.split('/').collect();
    if parts.len() != 2 {
        return Err(ParseError::new(
            K::BadLength,
            "two",
            format!("{} parts, expected 2 (red/blue)", parts.len()),
        ));
    }
    for (i, part) in parts.iter().enumerate() {
        if *part == "-" {
            continue;
        }
        let bad = || {
            ParseError::new(
                K::BadValue,
                "two",
                format!("'{part}' is not <from><to>x<count>"),
            )
        };
        let (mv, count) = part.split_once('x').ok_or_else(bad)?;
        let mv = Move::parse(mv).ok_or_else(bad)?;
        if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let count: u8 = count.parse().map_err(|_| bad())?;
        if count == 0 || count > super::config::MAX_TWO_SQUARE_LIMIT {
            return Err(ParseError::new(
                K::BadValue,
                "two",
                format!(
                    "count {count} is outside 1..={}",
                    super::config::MAX_TWO_SQUARE_LIMIT
                ),
            ));
        }
        pos.two[i] = Some(TwoSquare {
            from: mv.from,
            to: mv.to,
            count,
        });
    }
    Ok(())
}

impl Stratego {
    /// Checks what the parser checks once the fields are read: no more
    /// pieces of a rank than the army has, unknown pieces on one side only
    /// and able to take ranks from the pool, a pending battle that is an
    /// attack by the side to move with an unknown piece involved. Positions
    /// reached by play always pass; use it after [`Stratego::put_piece`].
    pub fn check(&self) -> Result<(), ParseError> {
        check_consistency(self)
    }
}

/// Rules that the fields must satisfy together.
fn check_consistency(pos: &Stratego) -> Result<(), ParseError> {
    let full = army(pos.config.variant);
    let mut unknown_colours = 0;
    for colour in [Player::First, Player::Second] {
        let mut on_board = [0u32; RANK_COUNT];
        for p in pos.board.iter().flatten().filter(|p| p.colour() == colour) {
            if let Some(r) = p.rank() {
                on_board[r.index()] += 1;
            }
        }
        for r in Rank::ALL {
            let n = on_board[r.index()] + pos.captured[colour.index()][r.index()] as u32;
            if n > full[r.index()] as u32 {
                return Err(ParseError::new(
                    K::Inconsistent,
                    "board",
                    format!(
                        "{n} {} {}s on the board and captured, the army has {}",
                        colour_name(colour),
                        r.name(),
                        full[r.index()]
                    ),
                ));
            }
        }
        let pool = pos.pool(colour);
        if pool.unknown > 0 {
            unknown_colours += 1;
        }
        if pool.unknown > pool.total {
            return Err(ParseError::new(
                K::Inconsistent,
                "board",
                format!(
                    "{} unknown {} pieces but only {} unaccounted for",
                    pool.unknown,
                    colour_name(colour),
                    pool.total
                ),
            ));
        }
        if pool.unknown_moved > pool.movable {
            return Err(ParseError::new(
                K::Inconsistent,
                "board",
                format!(
                    "{} moved unknown {} pieces but only {} movable ranks unaccounted for",
                    pool.unknown_moved,
                    colour_name(colour),
                    pool.movable
                ),
            ));
        }
    }
    if unknown_colours > 1 {
        return Err(ParseError::new(
            K::Inconsistent,
            "board",
            "both colours have unknown pieces; a view hides only the opponent's",
        ));
    }
    if let Some((from, to)) = pos.pending {
        let a = pos.board[from.index()];
        let d = pos.board[to.index()];
        let ok = match (a, d) {
            (Some(a), Some(d)) => {
                a.colour() == pos.side
                    && d.colour() != pos.side
                    && (a.rank().is_none() || d.rank().is_none())
                    && a.rank().is_none_or(Rank::is_movable)
                    && Move::new(from, to).distance() >= 1
            }
            _ => false,
        };
        if !ok {
            return Err(ParseError::new(
                K::Inconsistent,
                "battle",
                format!(
                    "{from}{to} is not an attack by the side to move with a piece of unknown rank involved"
                ),
            ));
        }
    }
    Ok(())
}
