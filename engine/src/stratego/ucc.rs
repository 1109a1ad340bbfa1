//! The notation of the Stratego AI Evaluator, the manager program of the
//! 2012 UCC programming competition (`shared/references/ucc-stratego-protocol.md`):
//! coordinates, moves (`X Y DIRECTION [N]`), outcomes (`OK`, `KILLS A D`,
//! `DIES A D`, `BOTHDIE A D`, `VICTORY_FLAG`, `ILLEGAL`), setup lines and
//! board lines. The agent (`starcut ucc-agent`) and a referee in the tests
//! both use it.
//!
//! Coordinates: the manager's `x` runs 0..9 left to right and `y` 0..9 top
//! to bottom, RED at the top. starcut puts Red on ranks 1–4, so `y` maps to
//! the rank index (`y = 0` is rank 1, Red's back row) and `x` to the file
//! (`x = 0` is file a): the board is mirrored, not rotated, which Stratego
//! does not notice (the lakes are symmetric). `UP` is towards `y = 0`.

use std::fmt;

use super::battle::{battle, BattleResult};
use super::mv::Move;
use super::position::Stratego;
use super::rank::Rank;
use super::setups::{Setup, SETUP_SQUARES};
use super::square::{Square, SIZE};
use crate::game::Player;

/// A line of the manager's protocol that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UccError {
    /// The line (or word) at fault.
    pub text: String,
    pub reason: String,
}

impl UccError {
    fn new(text: impl Into<String>, reason: impl Into<String>) -> Self {
        UccError {
            text: text.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for UccError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}': {}", self.text, self.reason)
    }
}

impl std::error::Error for UccError {}

/// A direction of movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Left,
    Right,
    /// Towards `y = 0` (towards Red's back row).
    Up,
    Down,
}

impl Direction {
    fn name(self) -> &'static str {
        match self {
            Direction::Left => "LEFT",
            Direction::Right => "RIGHT",
            Direction::Up => "UP",
            Direction::Down => "DOWN",
        }
    }

    fn parse(word: &str) -> Option<Direction> {
        Some(match word.to_ascii_uppercase().as_str() {
            "LEFT" => Direction::Left,
            "RIGHT" => Direction::Right,
            "UP" => Direction::Up,
            "DOWN" => Direction::Down,
            _ => return None,
        })
    }

    /// (dx, dy) of one step.
    fn delta(self) -> (i32, i32) {
        match self {
            Direction::Left => (-1, 0),
            Direction::Right => (1, 0),
            Direction::Up => (0, -1),
            Direction::Down => (0, 1),
        }
    }
}

/// A move in the manager's notation: from `(x, y)`, `n` squares towards `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UccMove {
    pub x: usize,
    pub y: usize,
    pub dir: Direction,
    pub n: usize,
}

/// The square at the manager's `(x, y)`.
pub fn square(x: usize, y: usize) -> Option<Square> {
    Square::from_coords(x, y)
}

impl UccMove {
    /// The starcut move; `None` when it leaves the board or has no length.
    pub fn to_move(self) -> Option<Move> {
        let from = square(self.x, self.y)?;
        let (dx, dy) = self.dir.delta();
        let n = i32::try_from(self.n).ok().filter(|&n| n > 0)?;
        let tx = usize::try_from(self.x as i32 + dx * n).ok()?;
        let ty = usize::try_from(self.y as i32 + dy * n).ok()?;
        Some(Move::new(from, square(tx, ty)?))
    }

    /// The manager's form of a starcut move (which is orthogonal).
    pub fn from_move(mv: Move) -> UccMove {
        let (fx, fy) = (mv.from.file(), mv.from.rank_index());
        let (tx, ty) = (mv.to.file(), mv.to.rank_index());
        let dir = if ty < fy {
            Direction::Up
        } else if ty > fy {
            Direction::Down
        } else if tx < fx {
            Direction::Left
        } else {
            Direction::Right
        };
        UccMove {
            x: fx,
            y: fy,
            dir,
            n: mv.distance(),
        }
    }

    /// Parses the leading `X Y DIRECTION [N]` of `words`; returns the move
    /// and the number of words it used.
    pub fn parse_words(words: &[&str]) -> Result<(UccMove, usize), UccError> {
        let line = words.join(" ");
        let coord = |i: usize, name: &str| -> Result<usize, UccError> {
            let w = words
                .get(i)
                .ok_or_else(|| UccError::new(&line, format!("no {name}")))?;
            w.parse::<usize>()
                .ok()
                .filter(|&v| v < SIZE)
                .ok_or_else(|| UccError::new(&line, format!("{name} '{w}' is not 0..9")))
        };
        let x = coord(0, "x")?;
        let y = coord(1, "y")?;
        let dir_word = words
            .get(2)
            .ok_or_else(|| UccError::new(&line, "no direction"))?;
        let dir = Direction::parse(dir_word).ok_or_else(|| {
            UccError::new(
                &line,
                format!("'{dir_word}' is not a direction (LEFT, RIGHT, UP, DOWN)"),
            )
        })?;
        let (n, used) = match words.get(3).and_then(|w| w.parse::<usize>().ok()) {
            Some(n) if (1..SIZE).contains(&n) => (n, 4),
            Some(n) => return Err(UccError::new(&line, format!("{n} squares: expected 1..9"))),
            None => (1, 3),
        };
        Ok((UccMove { x, y, dir, n }, used))
    }
}

impl fmt::Display for UccMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, self.dir.name())?;
        if self.n != 1 {
            write!(f, " {}", self.n)?;
        }
        Ok(())
    }
}

/// What a move did, as the manager reports it (attacker's rank first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UccOutcome {
    Ok,
    Kills(Rank, Rank),
    Dies(Rank, Rank),
    BothDie(Rank, Rank),
    VictoryFlag,
    Illegal,
}

/// The manager's character of a rank: `1`..`9`, `s`, `B`, `F`.
pub fn rank_char(r: Rank) -> char {
    match r {
        Rank::Spy => 's',
        r => r.to_char(),
    }
}

/// The inverse of [`rank_char`] (any case).
pub fn rank_of_char(c: char) -> Option<Rank> {
    Rank::from_char(c.to_ascii_uppercase())
}

impl fmt::Display for UccOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ranks = |f: &mut fmt::Formatter<'_>, word: &str, a: Rank, d: Rank| {
            write!(f, "{word} {} {}", rank_char(a), rank_char(d))
        };
        match *self {
            UccOutcome::Ok => f.write_str("OK"),
            UccOutcome::Kills(a, d) => ranks(f, "KILLS", a, d),
            UccOutcome::Dies(a, d) => ranks(f, "DIES", a, d),
            UccOutcome::BothDie(a, d) => ranks(f, "BOTHDIE", a, d),
            UccOutcome::VictoryFlag => f.write_str("VICTORY_FLAG"),
            UccOutcome::Illegal => f.write_str("ILLEGAL"),
        }
    }
}

impl UccOutcome {
    /// Parses an outcome from its words.
    pub fn parse_words(words: &[&str]) -> Result<UccOutcome, UccError> {
        let line = words.join(" ");
        let Some((&head, rest)) = words.split_first() else {
            return Err(UccError::new(line, "no outcome"));
        };
        let ranks = || -> Result<(Rank, Rank), UccError> {
            let rank = |i: usize| {
                rest.get(i)
                    .and_then(|w| {
                        let mut c = w.chars();
                        let r = rank_of_char(c.next()?)?;
                        c.next().is_none().then_some(r)
                    })
                    .ok_or_else(|| UccError::new(&line, "expected two ranks (1-9, s, B, F)"))
            };
            Ok((rank(0)?, rank(1)?))
        };
        Ok(match head.to_ascii_uppercase().as_str() {
            "OK" => UccOutcome::Ok,
            "KILLS" => ranks().map(|(a, d)| UccOutcome::Kills(a, d))?,
            "DIES" => ranks().map(|(a, d)| UccOutcome::Dies(a, d))?,
            "BOTHDIE" => ranks().map(|(a, d)| UccOutcome::BothDie(a, d))?,
            "VICTORY_FLAG" => UccOutcome::VictoryFlag,
            "ILLEGAL" => UccOutcome::Illegal,
            other => return Err(UccError::new(&line, format!("unknown outcome '{other}'"))),
        })
    }

    /// The rank of the piece on `to` (the defender) or on `from` (the
    /// attacker) that the outcome reveals.
    pub fn ranks(self) -> Option<(Rank, Rank)> {
        match self {
            UccOutcome::Kills(a, d) | UccOutcome::Dies(a, d) | UccOutcome::BothDie(a, d) => {
                Some((a, d))
            }
            _ => None,
        }
    }
}

/// A move and its outcome: `X Y DIRECTION [N] OUTCOME`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UccReport {
    pub mv: UccMove,
    pub outcome: UccOutcome,
}

impl UccReport {
    pub fn parse(line: &str) -> Result<UccReport, UccError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (mv, used) = UccMove::parse_words(&words)?;
        let outcome =
            UccOutcome::parse_words(&words[used..]).map_err(|e| UccError::new(line, e.reason))?;
        Ok(UccReport { mv, outcome })
    }
}

impl fmt::Display for UccReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.mv, self.outcome)
    }
}

/// The setup rows of `colour` from the top down: Red's `y = 0..3` (its back
/// row first), Blue's `y = 6..9` (its front row first).
fn setup_rows(colour: Player) -> std::ops::Range<usize> {
    match colour {
        Player::First => 0..4,
        Player::Second => 6..10,
    }
}

/// The setup index (owner's view, see [`Setup`]) of square `(x, y)`.
fn setup_cell(colour: Player, x: usize, y: usize) -> Option<usize> {
    (0..SETUP_SQUARES).find(|&i| Setup::square(colour, i) == square(x, y))
}

/// The four lines the program answers the manager's setup line with.
pub fn setup_lines(colour: Player, setup: &Setup) -> Vec<String> {
    setup_rows(colour)
        .map(|y| {
            (0..SIZE)
                .map(|x| {
                    setup_cell(colour, x, y)
                        .and_then(|i| setup.cells[i])
                        .map_or('.', rank_char)
                })
                .collect()
        })
        .collect()
}

/// Reads four setup lines of `colour` (as [`setup_lines`] writes them).
pub fn parse_setup_lines(colour: Player, lines: &[String]) -> Result<Setup, UccError> {
    if lines.len() != 4 {
        return Err(UccError::new(
            lines.join("/"),
            format!("{} setup lines, expected 4", lines.len()),
        ));
    }
    let mut cells = [None; SETUP_SQUARES];
    for (line, y) in lines.iter().zip(setup_rows(colour)) {
        let chars: Vec<char> = line.trim().chars().collect();
        if chars.len() != SIZE {
            return Err(UccError::new(
                line,
                format!("{} squares, expected 10", chars.len()),
            ));
        }
        for (x, &c) in chars.iter().enumerate() {
            let i = setup_cell(colour, x, y)
                .ok_or_else(|| UccError::new(line, "outside the setup rows"))?;
            cells[i] = match c {
                '.' => None,
                c => Some(rank_of_char(c).ok_or_else(|| {
                    UccError::new(line, format!("'{c}' is not a piece (1-9, s, B, F, .)"))
                })?),
            };
        }
    }
    Ok(Setup { cells })
}

/// The ten board lines the manager sends `viewer`: its own pieces by rank,
/// enemy pieces as `#` (even when revealed), `.` empty, `+` lakes.
pub fn board_lines(pos: &Stratego, viewer: Player) -> Vec<String> {
    (0..SIZE)
        .map(|y| {
            (0..SIZE)
                .map(|x| {
                    let sq = square(x, y).expect("x and y are on the board");
                    match pos.piece_at(sq) {
                        _ if sq.is_lake() => '+',
                        None => '.',
                        Some(p) if p.colour() != viewer => '#',
                        Some(p) => p.rank().map_or('?', rank_char),
                    }
                })
                .collect()
        })
        .collect()
}

/// The outcome the manager reports for `mv` in the true position `truth`
/// (every rank known), before the move is played.
pub fn outcome_of(truth: &Stratego, mv: Move) -> UccOutcome {
    let (Some(a), Some(d)) = (truth.piece_at(mv.from), truth.piece_at(mv.to)) else {
        return UccOutcome::Ok;
    };
    let (Some(ar), Some(dr)) = (a.rank(), d.rank()) else {
        return UccOutcome::Illegal;
    };
    if dr == Rank::Flag {
        return UccOutcome::VictoryFlag;
    }
    match battle(ar, dr) {
        BattleResult::AttackerWins => UccOutcome::Kills(ar, dr),
        BattleResult::DefenderWins => UccOutcome::Dies(ar, dr),
        BattleResult::BothRemoved => UccOutcome::BothDie(ar, dr),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stratego::{random_setup, Variant};

    #[test]
    fn moves_map_to_squares_and_back() {
        let (m, used) = UccMove::parse_words(&["0", "3", "DOWN", "2", "OK"]).unwrap();
        assert_eq!(used, 4);
        assert_eq!(m.to_move().unwrap().to_string(), "a4a6");
        assert_eq!(UccMove::from_move(m.to_move().unwrap()), m);
        assert_eq!(m.to_string(), "0 3 DOWN 2");
        let (m, used) = UccMove::parse_words(&["9", "6", "up", "OK"]).unwrap();
        assert_eq!((used, m.to_string()), (3, "9 6 UP".to_string()));
        assert_eq!(m.to_move().unwrap().to_string(), "j7j6");
        assert_eq!(
            UccMove::parse_words(&["0", "0", "LEFT"])
                .unwrap()
                .0
                .to_move(),
            None
        );
        for (bad, why) in [
            (&["x", "1", "UP"][..], "x 'x'"),
            (&["1", "10", "UP"], "y '10'"),
            (&["1", "1", "NORTH"], "not a direction"),
            (&["1", "1", "UP", "0"], "0 squares"),
            (&["1"], "no y"),
        ] {
            let e = UccMove::parse_words(bad).unwrap_err().to_string();
            assert!(e.contains(why), "{bad:?}: {e}");
        }
    }

    #[test]
    fn reports_print_and_parse_back() {
        for line in [
            "0 3 DOWN 2 OK",
            "1 5 UP KILLS 8 9",
            "4 6 UP BOTHDIE 9 9",
            "1 7 UP KILLS s 1",
            "2 2 RIGHT DIES 3 B",
            "4 4 UP VICTORY_FLAG",
            "3 3 LEFT ILLEGAL",
        ] {
            assert_eq!(UccReport::parse(line).unwrap().to_string(), line);
        }
        // N = 1 written out is accepted.
        assert_eq!(
            UccReport::parse("1 6 UP 1 OK").unwrap().to_string(),
            "1 6 UP OK"
        );
        assert!(UccReport::parse("1 6 UP KILLS 8").is_err());
        assert!(UccReport::parse("1 6 UP WINS").is_err());
    }

    #[test]
    fn setup_lines_round_trip_for_both_colours() {
        for colour in [Player::First, Player::Second] {
            for seed in 0..5 {
                let setup = random_setup(Variant::Stratego, seed);
                let lines = setup_lines(colour, &setup);
                assert_eq!(lines.len(), 4);
                assert_eq!(parse_setup_lines(colour, &lines).unwrap(), setup);
            }
        }
        // Red's first line is its back row (rank 1), Blue's its front row
        // (rank 7): the Flag of a random setup is on the back row.
        let setup = random_setup(Variant::Stratego, 3);
        assert!(setup_lines(Player::First, &setup)[0].contains('F'));
        assert!(setup_lines(Player::Second, &setup)[3].contains('F'));
    }

    #[test]
    fn boards_hide_enemy_ranks_and_outcomes_follow_the_battle_rule() {
        let config = crate::stratego::StrategoConfig::default();
        let red = random_setup(Variant::Stratego, 1);
        let blue = random_setup(Variant::Stratego, 2);
        let pos = Stratego::from_setups(&config, &red, &blue).unwrap();
        let board = board_lines(&pos, Player::First);
        assert_eq!(board[4], "..++..++..");
        assert_eq!(board[9], "##########");
        assert_eq!(board[0], setup_lines(Player::First, &red)[0]);
        // Pieces put face to face in the middle rows (a5-a6, b5-b6, ...).
        let mut p = pos;
        let fights = [
            (
                Rank::Spy,
                Rank::Marshal,
                UccOutcome::Kills(Rank::Spy, Rank::Marshal),
            ),
            (
                Rank::Miner,
                Rank::Bomb,
                UccOutcome::Kills(Rank::Miner, Rank::Bomb),
            ),
            (
                Rank::Marshal,
                Rank::Spy,
                UccOutcome::Kills(Rank::Marshal, Rank::Spy),
            ),
            (
                Rank::Scout,
                Rank::Scout,
                UccOutcome::BothDie(Rank::Scout, Rank::Scout),
            ),
            (
                Rank::Captain,
                Rank::Colonel,
                UccOutcome::Dies(Rank::Captain, Rank::Colonel),
            ),
            (
                Rank::General,
                Rank::Bomb,
                UccOutcome::Dies(Rank::General, Rank::Bomb),
            ),
            (Rank::Scout, Rank::Flag, UccOutcome::VictoryFlag),
        ];
        for (x, (a, d, want)) in [0, 1, 4, 5, 8, 9, 0].into_iter().zip(fights) {
            let (from, to) = (square(x, 4).unwrap(), square(x, 5).unwrap());
            p.put_piece(from, Some(crate::stratego::Piece::fresh(Player::First, a)));
            p.put_piece(to, Some(crate::stratego::Piece::fresh(Player::Second, d)));
            assert_eq!(outcome_of(&p, Move::new(from, to)), want, "{a:?} x {d:?}");
        }
        p.put_piece(square(0, 5).unwrap(), None);
        assert_eq!(
            outcome_of(&p, Move::new(square(0, 4).unwrap(), square(0, 5).unwrap())),
            UccOutcome::Ok
        );
    }
}
