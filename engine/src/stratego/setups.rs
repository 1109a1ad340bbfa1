//! Board setups: the presets of the Arts thesis (Appendix A), Barrage
//! presets, seeded random setups, and the validator.
//!
//! A setup is written from its owner's side: four rows of ten squares, the
//! front row first and the back row last, each row from the owner's left.
//! Squares are rank characters (`1`–`9`, `S`, `B`, `F`) or `.` for an empty
//! square (Barrage), rows separated by `/`. Red's back row is rank 1; Blue's
//! setup is turned by 180 degrees, so his back row is rank 10 and his left is
//! file j.
//!
//! The Arts presets `arts-3` .. `arts-11` are figures A.3–A.11 (figures A.1
//! and A.2 have no diagram in the text). The thesis writes ranks as digits
//! 0 = Marshal .. 8 = Scout; here each digit is one higher (SPEC numbering).
//! Figures A.5–A.7 are printed with their last two columns merged into one
//! cell (`B 8`); split at the space they have ten squares a row, and every
//! figure then holds exactly the standard army (checked by a test), so no
//! piece had to be guessed.
//!
//! The Barrage presets are ours. A Barrage army has eight pieces, so a Flag
//! left in the open is found at once: an engine that sees only unknown
//! pieces still sends a Scout down any open line at an unmoved piece,
//! because one unknown piece in eight is the Flag and capturing it wins.
//! (The first `barrage-1` had its Flag on f1 under an open file, and a Scout
//! took it within the first few moves.) So every Barrage preset follows the
//! same rules:
//! - the Flag in a back-row corner, the Bomb in front of it and a piece
//!   beside it, so that no file or rank leads to the Flag: a Scout that runs
//!   at it meets the Bomb or the guard first, and a guard that a Scout cannot
//!   beat (General or Miner), so that no Scout opens the way for a second;
//! - the Spy next to the General (the Spy takes the Marshal that takes the
//!   General), the Marshal free to move in the middle, the Miner (the one
//!   piece that clears the Bomb) kept back from the first battles, the
//!   Scouts in front to find the enemy's pieces.
//!
//! `tests/stratego_setups.rs` plays every preset, on either side, against
//! engine setups and checks that it keeps its Flag through the opening.
//! `barrage-1`, the web app's default for the human, was chosen as the best
//! of several candidates in full self-play games against `random_setup`
//! (both sides the engine at 2,000 nodes a move): it won 516 of 600 games,
//! against 500 for `barrage-2` and 447 for a Flag in the middle of the back
//! row with a guard on either side.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::config::{StrategoConfig, Variant};
use super::piece::Piece;
use super::position::Stratego;
use super::rank::{army, Rank, RankCounts, RANK_COUNT};
use super::square::Square;
use crate::error::{ParseError, ParseErrorKind as K};
use crate::game::Player;

/// Squares in a setup area (four rows of ten).
pub const SETUP_SQUARES: usize = 40;

/// One player's setup, indexed `row * 10 + file` from the owner's side
/// (row 0 = back row, file 0 = the owner's left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pub cells: [Option<Rank>; SETUP_SQUARES],
}

/// Arts, Appendix A, figures A.3–A.11 (front row first; SPEC ranks).
const ARTS: [(&str, &str); 9] = [
    ("arts-3", "2384995891/BS56B37B96/4B9779B759/F5B8486698"),
    ("arts-4", "9796973599/89S189B268/7B85B87B95/564BFB4634"),
    ("arts-5", "7B98B698B6/967957592S/34B8413487/5BFB986995"),
    ("arts-6", "23859B48B9/176458BF65/SBB895348B/6979976979"),
    ("arts-7", "7537846591/BB785B848S/FB26965999/3B79498B96"),
    ("arts-8", "38594956B8/B94B66B49S/87BFB91372/6978587959"),
    ("arts-9", "8935798829/54914B6BB4/7B65893FB5/97876B99S6"),
    ("arts-10", "6926996954/75B1548B3B/B49873S6B7/FB85988799"),
    ("arts-11", "92S49B77B9/3589153B45/866677BFB6/9984985B89"),
];

/// Barrage presets (front row first; see the module doc for their design).
///
/// `barrage-1` (the web app's default for the human): Flag j1, Bomb j2,
/// General i1, Spy i2, Marshal h3, Miner c3, Scouts a4 and j4.
/// `barrage-2`: Flag a1, Bomb a2, Miner b1, General b2, Spy c2, Marshal e3,
/// Scouts b4 and i4.
const BARRAGE: [(&str, &str); 2] = [
    ("barrage-1", "9........9/..8....1../........SB/........2F"),
    ("barrage-2", ".9......9./....1...../B2S......./F8........"),
];

impl Setup {
    /// Parses a setup text (see the module doc). Errors name the row.
    pub fn parse(text: &str) -> Result<Setup, ParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseError::new(K::Empty, "setup", "the setup is empty"));
        }
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != 4 {
            return Err(ParseError::new(
                K::BadLength,
                "setup",
                format!("{} rows, expected 4", rows.len()),
            ));
        }
        let mut cells = [None; SETUP_SQUARES];
        for (i, row) in rows.iter().enumerate() {
            let row_index = 3 - i;
            let name = format!("setup row {}", i + 1);
            let n = row.chars().count();
            if n != 10 {
                return Err(ParseError::new(
                    K::BadLength,
                    name,
                    format!("{n} squares, expected 10"),
                ));
            }
            for (file, c) in row.chars().enumerate() {
                cells[row_index * 10 + file] = match c {
                    '.' => None,
                    _ => Some(Rank::from_char(c).ok_or_else(|| {
                        ParseError::new(
                            K::BadCharacter,
                            name.clone(),
                            format!("'{c}' is not a rank (1-9, S, B, F) or '.'"),
                        )
                    })?),
                };
            }
        }
        Ok(Setup { cells })
    }

    /// The setup text (front row first).
    pub fn to_text(&self) -> String {
        let mut rows = Vec::with_capacity(4);
        for row in (0..4).rev() {
            let s: String = (0..10)
                .map(|f| self.cells[row * 10 + f].map_or('.', Rank::to_char))
                .collect();
            rows.push(s);
        }
        rows.join("/")
    }

    /// Counts per rank.
    pub fn counts(&self) -> RankCounts {
        let mut c = [0u8; RANK_COUNT];
        for r in self.cells.iter().flatten() {
            c[r.index()] += 1;
        }
        c
    }

    /// Checks that the setup holds exactly the army of `variant`.
    pub fn validate(&self, variant: Variant) -> Result<(), ParseError> {
        let have = self.counts();
        let want = army(variant);
        for r in Rank::ALL {
            let (h, w) = (have[r.index()], want[r.index()]);
            if h != w {
                return Err(ParseError::new(
                    K::Inconsistent,
                    "setup",
                    format!(
                        "{h} {}{} in the setup, the {} army has {w}",
                        r.name(),
                        if h == 1 { "" } else { "s" },
                        variant.name()
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The named preset (`arts-3` .. `arts-11`, `barrage-1`, `barrage-2`).
    pub fn preset(name: &str) -> Option<Setup> {
        ARTS.iter()
            .chain(BARRAGE.iter())
            .find(|(n, _)| *n == name)
            .and_then(|(_, text)| Setup::parse(text).ok())
    }

    /// The board square of setup cell `i` for `owner`.
    pub fn square(owner: Player, i: usize) -> Option<Square> {
        let sq = Square::new(i)?;
        Some(match owner {
            Player::First => sq,
            Player::Second => sq.rotated(),
        })
    }
}

/// Names of the presets of a variant.
pub fn preset_names(variant: Variant) -> Vec<&'static str> {
    match variant {
        Variant::Stratego => ARTS.iter().map(|(n, _)| *n).collect(),
        Variant::Barrage => BARRAGE.iter().map(|(n, _)| *n).collect(),
    }
}

/// A seeded random setup of `variant`: the army shuffled over the setup
/// area, except that the Flag goes to the back row (as every sensible setup
/// has it). Barrage pieces are scattered over the 40 squares.
pub fn random_setup(variant: Variant, seed: u64) -> Setup {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pieces: Vec<Option<Rank>> = Vec::with_capacity(SETUP_SQUARES);
    for r in Rank::ALL {
        if r != Rank::Flag {
            for _ in 0..army(variant)[r.index()] {
                pieces.push(Some(r));
            }
        }
    }
    let flag_file = (rand::Rng::gen_range(&mut rng, 0..10)) as usize;
    while pieces.len() < SETUP_SQUARES - 1 {
        pieces.push(None);
    }
    pieces.shuffle(&mut rng);
    let mut cells = [None; SETUP_SQUARES];
    let mut it = pieces.into_iter();
    for (i, cell) in cells.iter_mut().enumerate() {
        if i == flag_file {
            *cell = Some(Rank::Flag);
        } else {
            *cell = it.next().flatten();
        }
    }
    Setup { cells }
}

/// A seeded random setup that keeps its Flag out of a first move's reach:
/// the web app's engine setup. Stratego's forty pieces fill the setup area,
/// so every Flag has pieces around it: the same as [`random_setup`]. A
/// Barrage army of eight leaves most of the area empty: a `random_setup`
/// left nothing in front of the Flag on a file open to the other side
/// (no lake on it) for 3,321 of 10,000 seeds, where the opponent's first
/// move could be a Scout's run onto it. So Barrage
/// follows the rules of the Barrage presets (module doc) with the Flag's
/// place drawn: the Flag on the back row, in a corner two times in three,
/// the Bomb in front of it, and on the back row beside it a guard no Scout
/// beats (the General or the Miner; both when the Flag is not in a
/// corner); the rest of the army on random squares.
pub fn guarded_setup(variant: Variant, seed: u64) -> Setup {
    if variant == Variant::Stratego {
        return random_setup(variant, seed);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut cells = [None; SETUP_SQUARES];
    let flag = if rand::Rng::gen_range(&mut rng, 0..3) < 2 {
        [0, 9][rand::Rng::gen_range(&mut rng, 0..2)]
    } else {
        rand::Rng::gen_range(&mut rng, 1..9)
    };
    cells[flag] = Some(Rank::Flag);
    cells[flag + 10] = Some(Rank::Bomb);
    let mut guards = [Rank::General, Rank::Miner];
    guards.shuffle(&mut rng);
    let beside = [flag.checked_sub(1), (flag < 9).then_some(flag + 1)];
    let mut used = [0u8; RANK_COUNT];
    used[Rank::Flag.index()] = 1;
    used[Rank::Bomb.index()] = 1;
    for (cell, guard) in beside.into_iter().flatten().zip(guards) {
        cells[cell] = Some(guard);
        used[guard.index()] += 1;
    }
    let mut rest: Vec<Rank> = Rank::ALL
        .into_iter()
        .flat_map(|r| {
            let left = army(variant)[r.index()].saturating_sub(used[r.index()]);
            std::iter::repeat_n(r, usize::from(left))
        })
        .collect();
    let mut free: Vec<usize> = (0..SETUP_SQUARES).filter(|&i| cells[i].is_none()).collect();
    free.shuffle(&mut rng);
    rest.shuffle(&mut rng);
    for (i, r) in free.into_iter().zip(rest) {
        cells[i] = Some(r);
    }
    Setup { cells }
}

/// The default setups (Red, Blue) of a variant, used by `start()`.
pub fn default_setups(variant: Variant) -> (Setup, Setup) {
    let (a, b) = match variant {
        Variant::Stratego => ("arts-3", "arts-4"),
        Variant::Barrage => ("barrage-1", "barrage-2"),
    };
    // The presets are constants checked by tests.
    let get = |n| {
        Setup::preset(n).unwrap_or(Setup {
            cells: [None; SETUP_SQUARES],
        })
    };
    (get(a), get(b))
}

impl Stratego {
    /// The start position with the given setups (each written from its
    /// owner's side). Errors if a setup is not the variant's army.
    pub fn from_setups(
        config: &StrategoConfig,
        red: &Setup,
        blue: &Setup,
    ) -> Result<Stratego, ParseError> {
        let mut pos = Stratego::empty(*config);
        for (owner, setup) in [(Player::First, red), (Player::Second, blue)] {
            setup.validate(config.variant).map_err(|mut e| {
                e.field = format!(
                    "{} setup",
                    if owner == Player::First {
                        "red"
                    } else {
                        "blue"
                    }
                );
                e
            })?;
            for (i, cell) in setup.cells.iter().enumerate() {
                if let (Some(rank), Some(sq)) = (cell, Setup::square(owner, i)) {
                    pos.board[sq.index()] = Some(Piece::fresh(owner, *rank));
                }
            }
        }
        pos.refresh();
        Ok(pos)
    }

    /// Checks that this is a position before the first move: every piece of
    /// known rank, each side's pieces inside its setup rows (Red ranks 1–4,
    /// Blue 7–10) and forming exactly the variant's army. Errors name the
    /// rank or the side at fault.
    pub fn validate_setup_position(&self) -> Result<(), ParseError> {
        for sq in Square::all() {
            let Some(p) = self.piece_at(sq) else { continue };
            let field = format!("rank {}", sq.rank_index() + 1);
            let (name, inside, rows) = match p.colour() {
                Player::First => ("red", sq.rank_index() < 4, "1-4"),
                Player::Second => ("blue", sq.rank_index() >= 6, "7-10"),
            };
            if !inside {
                return Err(ParseError::new(
                    K::Inconsistent,
                    field,
                    format!("a {name} piece on {sq}, outside {name}'s setup rows {rows}"),
                ));
            }
            if p.rank().is_none() {
                return Err(ParseError::new(
                    K::Inconsistent,
                    field,
                    format!("the {name} piece on {sq} has no known rank"),
                ));
            }
        }
        for owner in [Player::First, Player::Second] {
            self.setup_of(owner)
                .validate(self.config.variant)
                .map_err(|mut e| {
                    e.field = format!(
                        "{} setup",
                        if owner == Player::First {
                            "red"
                        } else {
                            "blue"
                        }
                    );
                    e
                })?;
        }
        Ok(())
    }

    /// The setup area of `owner` read back from the board (unknown or empty
    /// squares as `None`).
    pub fn setup_of(&self, owner: Player) -> Setup {
        let mut cells = [None; SETUP_SQUARES];
        for (i, cell) in cells.iter_mut().enumerate() {
            if let Some(sq) = Setup::square(owner, i) {
                *cell = self
                    .piece_at(sq)
                    .filter(|p| p.colour() == owner)
                    .and_then(|p| p.rank());
            }
        }
        Setup { cells }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::stratego::rank::STANDARD_ARMY;

    #[test]
    fn arts_presets_hold_the_standard_army() {
        for (name, text) in ARTS {
            let s = Setup::preset(name).unwrap_or_else(|| panic!("{name} does not parse: {text}"));
            assert_eq!(s.counts(), STANDARD_ARMY, "{name}");
            s.validate(Variant::Stratego).unwrap();
            assert_eq!(Setup::parse(&s.to_text()).unwrap(), s);
        }
        for (name, _) in BARRAGE {
            Setup::preset(name)
                .unwrap()
                .validate(Variant::Barrage)
                .unwrap();
        }
    }

    #[test]
    fn arts_3_matches_the_figure() {
        // Figure A.3, back row: F 4 B 7 3 7 5 5 8 7 (thesis digits).
        let s = Setup::preset("arts-3").unwrap();
        let back: String = (0..10)
            .map(|f| s.cells[f].map_or('.', Rank::to_char))
            .collect();
        assert_eq!(back, "F5B8486698");
        assert_eq!(s.cells[39], Some(Rank::Marshal)); // thesis "0" at the front right
    }

    #[test]
    fn random_setups_are_valid_and_seeded() {
        for v in [Variant::Stratego, Variant::Barrage] {
            for seed in 0..20 {
                let s = random_setup(v, seed);
                s.validate(v).unwrap();
                assert_eq!(s, random_setup(v, seed));
                assert!((0..10).any(|f| s.cells[f] == Some(Rank::Flag)));
            }
            assert_ne!(random_setup(v, 1), random_setup(v, 2));
        }
    }

    #[test]
    fn guarded_barrage_setups_keep_the_flag_out_of_a_first_move() {
        let mut corners = 0;
        for seed in 0..300 {
            let s = guarded_setup(Variant::Barrage, seed);
            s.validate(Variant::Barrage).unwrap();
            assert_eq!(s, guarded_setup(Variant::Barrage, seed));
            let f = (0..10).find(|&f| s.cells[f] == Some(Rank::Flag)).unwrap();
            // Nothing reaches it along its file or along the back row: the
            // Bomb in front, and beside it pieces no Scout beats.
            assert_eq!(s.cells[f + 10], Some(Rank::Bomb), "{seed}");
            for side in [f.checked_sub(1), (f < 9).then_some(f + 1)]
                .into_iter()
                .flatten()
            {
                let guard = s.cells[side].unwrap();
                assert!(matches!(guard, Rank::General | Rank::Miner), "{seed}");
            }
            corners += usize::from(f == 0 || f == 9);
        }
        // Two times in three in a corner, the other Flags elsewhere.
        assert!((170..230).contains(&corners), "{corners}");
        assert_ne!(
            guarded_setup(Variant::Barrage, 1),
            guarded_setup(Variant::Barrage, 2)
        );
        // Stratego's full setups are the plain random ones.
        assert_eq!(
            guarded_setup(Variant::Stratego, 5),
            random_setup(Variant::Stratego, 5)
        );
    }

    #[test]
    fn validator_names_the_problem() {
        let mut s = Setup::preset("arts-3").unwrap();
        s.cells[0] = Some(Rank::Bomb); // the Flag becomes a seventh Bomb
        let e = s.validate(Variant::Stratego).unwrap_err();
        assert_eq!(e.kind, K::Inconsistent);
        assert!(e.detail.contains("Bomb"), "{e}");
        let e = Setup::parse("123").unwrap_err();
        assert_eq!(e.kind, K::BadLength);
        let e = Setup::parse("2384991892/BS56B37B96/3B9779B759/F5B848669X").unwrap_err();
        assert_eq!((e.kind, e.field.as_str()), (K::BadCharacter, "setup row 4"));
        let e = Setup::parse("2384991892/BS56B37B96/3B9779B759/F5B84866").unwrap_err();
        assert_eq!((e.kind, e.field.as_str()), (K::BadLength, "setup row 4"));
        let red = Setup::preset("arts-3").unwrap();
        let e = Stratego::from_setups(&StrategoConfig::default(), &red, &s).unwrap_err();
        assert_eq!(e.field, "blue setup");
    }

    #[test]
    fn setup_positions_are_checked_row_by_row() {
        let cfg = StrategoConfig::default();
        let red = Setup::preset("arts-7").unwrap();
        let blue = Setup::preset("arts-9").unwrap();
        let mut p = Stratego::from_setups(&cfg, &red, &blue).unwrap();
        p.validate_setup_position().unwrap();
        assert_eq!(p.setup_of(Player::First), red);
        assert_eq!(p.setup_of(Player::Second), blue);
        // A red piece moved up to rank 5 is outside the setup rows.
        let a4 = Square::parse("a4").unwrap();
        let a5 = Square::parse("a5").unwrap();
        p.swap_pieces(a4, a5);
        let e = p.validate_setup_position().unwrap_err();
        assert_eq!((e.kind, e.field.as_str()), (K::Inconsistent, "rank 5"));
        p.swap_pieces(a4, a5);
        // A missing piece breaks the army.
        p.put_piece(Square::parse("j10").unwrap(), None);
        let e = p.validate_setup_position().unwrap_err();
        assert_eq!(e.field, "blue setup");
        // Barrage: 8 pieces anywhere in the four rows.
        let b = Stratego::start(&StrategoConfig::for_variant(Variant::Barrage)).unwrap();
        b.validate_setup_position().unwrap();
    }
}
