//! The games the app knows, by [`GameKind`]: creating and loading sessions.
//!
//! This is the only place that names the engine's game types; everything
//! else works through [`Session`] and notation.

use starcut::breakthrough::{Breakthrough, BreakthroughConfig, BreakthroughMove, RollOutcome};
use starcut::dice::{Dice, DiceConfig, DiceMove};
use starcut::stratego::{Move as StrategoMove, Rank, Square, Stratego, StrategoConfig, Variant};
use starcut::{Ending, Game, GameConfig, Player, Record, Status, Step};

use crate::board::{Board, Piece, Sq};
use crate::error::{WebError, WebErrorKind, WebResult};

use crate::protocol::GameKind;
use crate::session::{BattleInfo, EndReason, GameSession, Session, StepInfo, WebGame};

/// Runs `f` with the game type of `kind` and its configuration (the kind's
/// own settings, then the user's `key=value` options).
pub trait KindVisitor {
    type Output;
    fn visit<G: WebGame>(self, kind: GameKind, config: G::Config) -> Self::Output;
}

/// Dispatches on `kind`; an option error names the option.
pub fn visit<V: KindVisitor>(kind: GameKind, options: &str, visitor: V) -> WebResult<V::Output> {
    fn with<G: WebGame, V: KindVisitor>(
        kind: GameKind,
        mut config: G::Config,
        options: &str,
        visitor: V,
    ) -> WebResult<V::Output> {
        config
            .set_options(options)
            .map_err(|e| WebError::new(WebErrorKind::BadOption, e.to_string()))?;
        Ok(visitor.visit::<G>(kind, config))
    }
    match kind {
        GameKind::Dice => with::<Dice, V>(kind, DiceConfig::default(), options, visitor),
        GameKind::Breakthrough | GameKind::ChanceBreakthrough => {
            let config = BreakthroughConfig {
                chance: kind == GameKind::ChanceBreakthrough,
                ..BreakthroughConfig::default()
            };
            with::<Breakthrough, V>(kind, config, options, visitor)
        }
        GameKind::Stratego | GameKind::Barrage => {
            let config = StrategoConfig::for_variant(if kind == GameKind::Barrage {
                Variant::Barrage
            } else {
                Variant::Stratego
            });
            with::<Stratego, V>(kind, config, options, visitor)
        }
    }
}

/// A new game at the game's start position.
pub fn new_session(kind: GameKind, options: &str) -> WebResult<Box<dyn Session>> {
    struct Start<'a>(&'a str);
    impl KindVisitor for Start<'_> {
        type Output = WebResult<Box<dyn Session>>;
        fn visit<G: WebGame>(self, kind: GameKind, config: G::Config) -> Self::Output {
            let start = G::start(&config).ok_or_else(|| {
                WebError::new(WebErrorKind::BadGame, "this game has no start position")
            })?;
            Ok(Box::new(GameSession::new(kind, self.0, start)))
        }
    }
    visit(kind, options, Start(options))?
}

/// A game replayed from its record text; every step is checked.
pub fn load_session(kind: GameKind, options: &str, record: &str) -> WebResult<Box<dyn Session>> {
    struct Load<'a>(&'a str, &'a str);
    impl KindVisitor for Load<'_> {
        type Output = WebResult<Box<dyn Session>>;
        fn visit<G: WebGame>(self, kind: GameKind, config: G::Config) -> Self::Output {
            let record = Record::<G>::parse(&config, self.1)
                .map_err(|e| WebError::new(WebErrorKind::BadGame, e.to_string()))?;
            Ok(Box::new(GameSession::from_record(kind, self.0, record)))
        }
    }
    visit(kind, options, Load(options, record))?
}

/// The configuration of `G` from a `key=value` list.
pub fn config_of<G: Game>(options: &str) -> WebResult<G::Config> {
    let mut config = G::Config::default();
    config
        .set_options(options)
        .map_err(|e| WebError::new(WebErrorKind::BadOption, e.to_string()))?;
    Ok(config)
}

/// One setting of a game the new-game form offers, as a whole number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The option's key in the game's `key=value` list.
    pub key: &'static str,
    /// The form's label.
    pub label: &'static str,
    pub min: u32,
    pub max: u32,
    pub default: u32,
}

const PLY_LIMIT: &str = "Move limit (plies)";

/// The settings each game offers in the new-game form. Every game has its
/// own: a Dice board size never reaches a Breakthrough game.
pub fn option_specs(kind: GameKind) -> &'static [OptionSpec] {
    const DICE: [OptionSpec; 1] = [OptionSpec {
        key: "size",
        label: "Board size",
        min: 3,
        max: 11,
        default: 5,
    }];
    const BREAKTHROUGH: [OptionSpec; 3] = [
        OptionSpec {
            key: "rows",
            label: "Rows",
            min: 5,
            max: 8,
            default: 8,
        },
        OptionSpec {
            key: "cols",
            label: "Columns",
            min: 5,
            max: 8,
            default: 8,
        },
        OptionSpec {
            key: "max_plies",
            label: PLY_LIMIT,
            min: 1,
            max: 65_535,
            default: 500,
        },
    ];
    const STRATEGO: [OptionSpec; 2] = [
        OptionSpec {
            key: "two_square_limit",
            label: "Two-squares limit",
            min: 1,
            max: 15,
            default: 3,
        },
        OptionSpec {
            key: "max_plies",
            label: PLY_LIMIT,
            min: 1,
            max: 100_000,
            default: 2000,
        },
    ];
    match kind {
        GameKind::Dice => &DICE,
        GameKind::Breakthrough | GameKind::ChanceBreakthrough => &BREAKTHROUGH,
        GameKind::Stratego | GameKind::Barrage => &STRATEGO,
    }
}

/// The option list for the form's values: only the values that differ
/// from the defaults, in the specs' order (`rows=6,cols=5`). Keys the game
/// does not offer are errors.
pub fn options_text(kind: GameKind, values: &[(&str, u32)]) -> WebResult<String> {
    let specs = option_specs(kind);
    for (key, _) in values {
        if !specs.iter().any(|s| s.key == *key) {
            return Err(WebError::new(
                WebErrorKind::BadOption,
                format!("option '{key}': {} has no such option", kind.title()),
            ));
        }
    }
    Ok(specs
        .iter()
        .filter_map(|s| {
            let v = values.iter().find(|(k, _)| *k == s.key)?.1;
            (v != s.default).then(|| format!("{}={v}", s.key))
        })
        .collect::<Vec<_>>()
        .join(","))
}

/// The value of every offered option in a game's option list (defaults
/// for those it does not set), for showing a loaded game in the form.
pub fn option_values(kind: GameKind, options: &str) -> Vec<(&'static str, u32)> {
    option_specs(kind)
        .iter()
        .map(|s| {
            let set = options
                .split(',')
                .filter_map(|item| item.split_once('='))
                .find(|(k, _)| k.trim() == s.key)
                .and_then(|(_, v)| v.trim().parse().ok());
            (s.key, set.unwrap_or(s.default))
        })
        .collect()
}

impl WebGame for Dice {
    fn board(&self, _viewer: Option<Player>) -> Board {
        let m = self.size();
        let at = |sq: u8| Sq::at(usize::from(sq % m), usize::from(sq / m), m);
        let mut board = Board::empty(m, m);
        for sq in 0..m * m {
            for p in [Player::First, Player::Second] {
                if self.checkers(p) >> sq & 1 == 1 {
                    board.set(at(sq), Some(Piece::plain(p)));
                }
            }
        }
        // The rolled line: a column for the columns player, a row for the
        // rows player.
        if let (Some(k), Status::Decision) = (self.roll(), self.status()) {
            board.rolled_line = (0..m)
                .map(|i| match self.to_move() {
                    Player::First => at(i * m + k),
                    Player::Second => at(k * m + i),
                })
                .collect();
        }
        board
    }

    fn step_squares(&self, step: Step<DiceMove, starcut::dice::DiceRoll>) -> Vec<Sq> {
        let m = self.size();
        match step {
            Step::Move(DiceMove(sq)) => vec![Sq::at(usize::from(sq % m), usize::from(sq / m), m)],
            Step::Outcome(_) => Vec::new(),
        }
    }

    fn end_reason(&self, _last: Option<&StepInfo>) -> Option<EndReason> {
        if self.ending()? == Ending::BoardFull {
            return Some(EndReason::BoardFull);
        }
        let Status::Terminal(Some(winner)) = self.status() else {
            return None;
        };
        let m = self.size();
        let own = self.checkers(winner);
        let full = |squares: &mut dyn Iterator<Item = u8>| {
            let mut all = true;
            for sq in squares {
                all &= own >> sq & 1 == 1;
            }
            all
        };
        let name = |sq: u8| self.square_text(sq);
        for k in 0..m {
            if full(&mut (0..m).map(|r| r * m + k)) {
                return Some(EndReason::Line {
                    line: format!("column {}", char::from(b'a' + k)),
                });
            }
            if full(&mut (0..m).map(|c| k * m + c)) {
                return Some(EndReason::Line {
                    line: format!("row {}", k + 1),
                });
            }
        }
        let (rising, falling): (Vec<u8>, Vec<u8>) = (
            (0..m).map(|i| i * m + i).collect(),
            (0..m).map(|i| i * m + (m - 1 - i)).collect(),
        );
        for diagonal in [rising, falling] {
            if full(&mut diagonal.iter().copied()) {
                let (a, b) = (diagonal[0], diagonal[diagonal.len() - 1]);
                return Some(EndReason::Line {
                    line: format!("the diagonal {}–{}", name(a), name(b)),
                });
            }
        }
        None
    }
}

/// A Breakthrough square index (8 files per rank) on a board of `rows`.
fn breakthrough_sq(sq: u8, rows: u8) -> Sq {
    Sq::at(usize::from(sq & 7), usize::from(sq >> 3), rows)
}

impl WebGame for Breakthrough {
    fn board(&self, _viewer: Option<Player>) -> Board {
        let (rows, cols) = (self.rows(), self.cols());
        let mut board = Board::empty(rows, cols);
        for p in [Player::First, Player::Second] {
            let mut bits = self.pieces(p);
            while bits != 0 {
                let sq = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                board.set(breakthrough_sq(sq, rows), Some(Piece::plain(p)));
            }
        }
        board
    }

    fn step_squares(&self, step: Step<BreakthroughMove, RollOutcome>) -> Vec<Sq> {
        let rows = self.rows();
        match step {
            Step::Move(BreakthroughMove::Step { from, to }) => {
                vec![breakthrough_sq(from, rows), breakthrough_sq(to, rows)]
            }
            Step::Outcome(RollOutcome::Remove(sq)) => vec![breakthrough_sq(sq, rows)],
            Step::Move(BreakthroughMove::Roll) | Step::Outcome(RollOutcome::Nothing) => Vec::new(),
        }
    }

    fn end_reason(&self, _last: Option<&StepInfo>) -> Option<EndReason> {
        // The engine tells how the game ended; the page names the square
        // a piece reached the far rank on.
        Some(match self.ending()? {
            Ending::LastRank => {
                let Status::Terminal(Some(winner)) = self.status() else {
                    return None;
                };
                let far = match winner {
                    Player::First => self.rows() - 1,
                    Player::Second => 0,
                };
                let arrived = self.pieces(winner) >> (u32::from(far) * 8) & 0xff;
                let file = arrived.trailing_zeros() as u8;
                EndReason::LastRank {
                    square: format!("{}{}", char::from(b'a' + file), far + 1),
                }
            }
            Ending::AllCaptured => EndReason::AllCaptured,
            Ending::MoveLimit => EndReason::MoveLimit {
                plies: u32::from(self.max_plies()),
            },
            _ => EndReason::NoMoves,
        })
    }
}

/// A Stratego square in display coordinates.
fn stratego_sq(sq: Square) -> Sq {
    Sq::at(sq.file(), sq.rank_index(), starcut::stratego::SIZE as u8)
}

impl WebGame for Stratego {
    fn board(&self, viewer: Option<Player>) -> Board {
        // What the viewer may know: its observation hides the unknown
        // enemy ranks (the view-identity of the engine's search).
        let seen = viewer.map(|v| self.observation(v));
        let pos = seen.as_ref().unwrap_or(self);
        let size = starcut::stratego::SIZE as u8;
        let mut board = Board::empty(size, size);
        for sq in Square::all() {
            if sq.is_lake() {
                board.lakes.push(stratego_sq(sq));
            }
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let rank = piece.rank();
            board.set(
                stratego_sq(sq),
                Some(Piece {
                    owner: piece.colour(),
                    label: rank.map_or('?', Rank::to_char).to_string(),
                    hidden: rank.is_none(),
                    revealed: piece.is_revealed(),
                    moved: rank.is_none() && piece.has_moved(),
                }),
            );
        }
        for owner in [Player::First, Player::Second] {
            let lost = pos.captured(owner);
            for rank in Rank::ALL {
                for _ in 0..lost[rank.index()] {
                    board.captured.push((owner, rank));
                }
            }
        }
        board
    }

    fn step_squares(&self, step: Step<StrategoMove, Rank>) -> Vec<Sq> {
        match step {
            Step::Move(mv) => vec![stratego_sq(mv.from), stratego_sq(mv.to)],
            Step::Outcome(_) => Vec::new(),
        }
    }

    fn battle(&self, step: Step<StrategoMove, Rank>) -> Option<BattleInfo> {
        let Step::Move(mv) = step else { return None };
        let (attacker, defender) = (self.piece_at(mv.from)?, self.piece_at(mv.to)?);
        let mut after = *self;
        after.apply_step(step);
        Some(BattleInfo {
            attacker: attacker.colour(),
            attacker_rank: attacker.rank()?,
            defender_rank: defender.rank()?,
            winner: after.piece_at(mv.to).map(|p| p.colour()),
        })
    }

    fn reveals(&self, step: Step<StrategoMove, Rank>) -> bool {
        let Step::Move(mv) = step else { return true };
        let Some(piece) = self.piece_at(mv.from) else {
            return false;
        };
        let battle = self.piece_at(mv.to).is_some();
        let first_move = !piece.has_moved();
        let scout_run = mv.distance() > 1;
        battle || (!piece.is_revealed() && (first_move || scout_run))
    }

    fn end_reason(&self, last: Option<&StepInfo>) -> Option<EndReason> {
        // The engine tells how the game ended; the last step's battle
        // names the rank that took the Flag.
        Some(match self.ending()? {
            Ending::FlagCaptured => EndReason::FlagCaptured {
                by: last
                    .and_then(|s| s.battle)
                    .filter(|b| b.defender_rank == Rank::Flag)?
                    .attacker_rank,
            },
            Ending::MoveLimit => EndReason::MoveLimit {
                plies: self.config().max_plies,
            },
            Ending::NeitherCanMove => EndReason::NeitherCanMove,
            _ => EndReason::NoMoves,
        })
    }
}

/// Stratego and Barrage setups, as text (four rows of ten, front row
/// first, from the owner's side; see `starcut::stratego::setups`).
pub mod setup {
    use starcut::stratego::{guarded_setup, preset_names, random_setup, Setup, Stratego, Variant};
    use starcut::Player;

    use crate::board::Sq;
    use crate::error::{WebError, WebErrorKind, WebResult};
    use crate::protocol::GameKind;
    use crate::session::{GameSession, Session};

    fn variant(kind: GameKind) -> Variant {
        if kind == GameKind::Barrage {
            Variant::Barrage
        } else {
            Variant::Stratego
        }
    }

    /// The preset names of the game's variant.
    pub fn presets(kind: GameKind) -> Vec<String> {
        preset_names(variant(kind))
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    /// A preset's text.
    pub fn preset(name: &str) -> Option<String> {
        Setup::preset(name).map(|s| s.to_text())
    }

    /// A random setup from a seed.
    pub fn random(kind: GameKind, seed: u64) -> String {
        random_setup(variant(kind), seed).to_text()
    }

    /// A random setup from a seed with its Flag out of the reach of a first
    /// move (`starcut::stratego::guarded_setup`; the same as [`random`] in
    /// Stratego): the engine's setup of a game from the game's seed, and
    /// the human's *Random setup*. Games saved before the engine used it
    /// rebuild its setup with [`random`] (`saved.rs`).
    pub fn guarded(kind: GameKind, seed: u64) -> String {
        guarded_setup(variant(kind), seed).to_text()
    }

    /// The setup cell index (0..40, text order without `/`) of a square in
    /// `owner`'s setup area, if it is one.
    pub fn cell_of(owner: Player, sq: Sq) -> Option<usize> {
        if sq.col >= 10 || sq.row >= 10 {
            return None;
        }
        let (row, col) = (sq.row as usize, sq.col as usize);
        match owner {
            // Red: front row rank 4 (display row 6) .. back row rank 1.
            Player::First if row >= 6 => Some((row - 6) * 10 + col),
            // Blue: turned by 180 degrees; front row rank 7 (display row 3).
            Player::Second if row <= 3 => Some((3 - row) * 10 + (9 - col)),
            _ => None,
        }
    }

    /// The setup with cells `a` and `b` exchanged.
    pub fn swap(text: &str, a: usize, b: usize) -> String {
        let mut cells: Vec<char> = text.chars().filter(|&c| c != '/').collect();
        if a < cells.len() && b < cells.len() {
            cells.swap(a, b);
        }
        cells
            .chunks(10)
            .map(|row| row.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The game with these setups (Red's and Blue's), at its first move.
    pub fn session(
        kind: GameKind,
        options: &str,
        red: &str,
        blue: &str,
    ) -> WebResult<Box<dyn Session>> {
        let game = |detail: String| WebError::new(WebErrorKind::BadGame, detail);
        if !matches!(kind, GameKind::Stratego | GameKind::Barrage) {
            return Err(game(format!("{} has no setups", kind.title())));
        }
        let mut config = starcut::stratego::StrategoConfig::for_variant(variant(kind));
        starcut::GameConfig::set_options(&mut config, options)
            .map_err(|e| WebError::new(WebErrorKind::BadOption, e.to_string()))?;
        let red = Setup::parse(red).map_err(|e| game(format!("Red's setup: {e}")))?;
        let blue = Setup::parse(blue).map_err(|e| game(format!("Blue's setup: {e}")))?;
        let pos = Stratego::from_setups(&config, &red, &blue).map_err(|e| game(e.to_string()))?;
        Ok(Box::new(GameSession::new(kind, options, pos)))
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn cells_map_to_the_owners_setup_area() {
            // Red's front-left cell is a4 (display row 6, col 0).
            assert_eq!(cell_of(Player::First, Sq { row: 6, col: 0 }), Some(0));
            assert_eq!(cell_of(Player::First, Sq { row: 9, col: 9 }), Some(39));
            assert_eq!(cell_of(Player::First, Sq { row: 5, col: 0 }), None);
            // Blue's front-left (his left is file j) is j7 (display row 3).
            assert_eq!(cell_of(Player::Second, Sq { row: 3, col: 9 }), Some(0));
            assert_eq!(cell_of(Player::Second, Sq { row: 0, col: 0 }), Some(39));
            assert_eq!(cell_of(Player::Second, Sq { row: 4, col: 0 }), None);
            // The engine agrees on where each cell is.
            for owner in [Player::First, Player::Second] {
                for i in 0..40 {
                    let sq = Setup::square(owner, i).unwrap();
                    let name = sq.to_string();
                    let ours = crate::board::parse_square(&name, 10, 10).unwrap();
                    let text_index = cell_of(owner, ours).unwrap();
                    // Setup cells count from the back row; text from the front.
                    assert_eq!(
                        text_index,
                        (3 - i / 10) * 10 + i % 10,
                        "{owner:?} {i} {name}"
                    );
                }
            }
        }

        #[test]
        fn swapping_keeps_the_army() {
            let text = preset(&presets(GameKind::Stratego)[0]).unwrap();
            let swapped = swap(&text, 0, 39);
            assert_ne!(swapped, text);
            assert_eq!(swap(&swapped, 0, 39), text);
            let red = random(GameKind::Stratego, 1);
            assert!(session(GameKind::Stratego, "", &swapped, &red).is_ok());
            let err = session(GameKind::Stratego, "", "junk", &red).err().unwrap();
            assert!(err.detail.contains("Red"), "{err}");
            assert_eq!(err.kind, crate::error::WebErrorKind::BadGame);
        }
    }
}

#[cfg(test)]
mod board_tests {
    //! The typed boards against the notation: on positions of random games
    //! of every kind, each viewer's board holds exactly the pieces its
    //! position text prints, and every legal move names the squares its
    //! text names. The readers below are the test's own, independent of
    //! the games' code.
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::board::parse_square;
    use crate::protocol::GAME_MENU;

    /// (owner, label, hidden, moved) per square, from a position text.
    fn read_board(kind: GameKind, text: &str) -> Vec<Option<(Player, String, bool, bool)>> {
        let placement = text.split_whitespace().next().unwrap();
        let mut out = Vec::new();
        for rank in placement.split('/') {
            let cs: Vec<char> = rank.chars().collect();
            let mut i = 0;
            while i < cs.len() {
                if cs[i].is_ascii_digit() {
                    let mut n = 0;
                    while i < cs.len() && cs[i].is_ascii_digit() {
                        n = n * 10 + cs[i].to_digit(10).unwrap() as usize;
                        i += 1;
                    }
                    out.extend(std::iter::repeat_n(None, n));
                    continue;
                }
                if kind.is_stratego() {
                    let owner = if cs[i].eq_ignore_ascii_case(&'r') {
                        Player::First
                    } else {
                        Player::Second
                    };
                    let r = cs[i + 1];
                    let hidden = matches!(r, '?' | '!');
                    let label = if hidden {
                        "?".to_string()
                    } else {
                        r.to_string()
                    };
                    out.push(Some((owner, label, hidden, r == '!')));
                    i += 2;
                } else {
                    let owner = if matches!(cs[i], 'c' | 'w') {
                        Player::First
                    } else {
                        Player::Second
                    };
                    out.push(Some((owner, String::new(), false, false)));
                    i += 1;
                }
            }
        }
        out
    }

    fn check<G: WebGame>(kind: GameKind, pos: &G, viewer: Option<Player>) {
        let text = match viewer {
            Some(v) => pos.observation(v).position_text(),
            None => pos.position_text(),
        };
        let board = pos.board(viewer);
        let seen: Vec<_> = board
            .cells
            .iter()
            .map(|c| {
                c.as_ref()
                    .map(|p| (p.owner, p.label.clone(), p.hidden, p.moved))
            })
            .collect();
        assert_eq!(seen, read_board(kind, &text), "{kind:?} {viewer:?}: {text}");
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for m in moves {
            let mv = pos.move_text(m);
            let named: Vec<_> = (0..mv.len())
                .filter_map(|i| {
                    // Squares in the text: a letter and the digits after it.
                    let rest = &mv[i..];
                    let letter = rest.chars().next()?;
                    let digits: String =
                        rest[1..].chars().take_while(char::is_ascii_digit).collect();
                    (letter.is_ascii_lowercase() && !digits.is_empty())
                        .then(|| parse_square(&format!("{letter}{digits}"), board.rows, board.cols))
                        .flatten()
                })
                .collect();
            assert_eq!(pos.step_squares(Step::Move(m)), named, "{kind:?} {mv}");
        }
    }

    struct RandomGames;
    impl KindVisitor for RandomGames {
        type Output = ();
        fn visit<G: WebGame>(self, kind: GameKind, config: G::Config) {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
            for _game in 0..4 {
                let mut pos = if kind.is_stratego() {
                    let session = setup::session(
                        kind,
                        "",
                        &setup::random(kind, rng.gen()),
                        &setup::random(kind, rng.gen()),
                    )
                    .unwrap();
                    G::parse_position(&config, &session.position_text_at(0)).unwrap()
                } else {
                    G::start(&config).unwrap()
                };
                for _ply in 0..60 {
                    check(kind, &pos, None);
                    check(kind, &pos, Some(Player::First));
                    check(kind, &pos, Some(Player::Second));
                    match pos.status() {
                        Status::Terminal(_) => break,
                        Status::Chance => {
                            let mut outs = Vec::new();
                            pos.chance_outcomes(&mut outs);
                            let (o, _) = outs[rng.gen_range(0..outs.len())];
                            pos.apply_outcome(o);
                        }
                        Status::Decision => {
                            let mut moves = Vec::new();
                            pos.legal_moves(&mut moves);
                            pos.play(moves[rng.gen_range(0..moves.len())]);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn typed_boards_and_squares_agree_with_the_notation() {
        for kind in GAME_MENU {
            visit(kind, "", RandomGames).unwrap();
        }
    }
}
